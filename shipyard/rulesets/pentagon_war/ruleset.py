"""The Pentagon War as Shipyard sees it: the one object behind the `Ruleset` protocol.

Registered under the `shipyard.rulesets` entry-point group as `pentagon-war`.
Every method hands over to this package's own modules; nothing outside the
package imports them.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from shipyard.core.defaults import Defaults
from shipyard.core.document import SsdDocument
from shipyard.core.drawing import Page
from shipyard.core.flow import Strip
from shipyard.core.form import Form
from shipyard.core.issues import Agreement, Issue
from shipyard.core.protocol import DEFAULT_TURNS, Change, Figure, Json, Margin, Ruleset, Search
from shipyard.core.sheet import roman
from shipyard.rulesets.pentagon_war import legality, pricing, search
from shipyard.rulesets.pentagon_war.audit import PentagonWarAudit
from shipyard.rulesets.pentagon_war.battles import PentagonWarBattles
from shipyard.rulesets.pentagon_war.catalog import Catalog, load_catalog
from shipyard.rulesets.pentagon_war.design import Design, design_schema, parse_design
from shipyard.rulesets.pentagon_war.document import build_document
from shipyard.rulesets.pentagon_war.duels import PentagonWarDuels
from shipyard.rulesets.pentagon_war.engine.tables import load_combat
from shipyard.rulesets.pentagon_war.form import design_form
from shipyard.rulesets.pentagon_war.layout import layout, missing
from shipyard.rulesets.pentagon_war.margin import margin_notes, what_if
from shipyard.rulesets.pentagon_war.play_reference import play_strips
from shipyard.rulesets.pentagon_war.price_list import figures, price_rows
from shipyard.rulesets.pentagon_war.pricing import PentagonWarEvaluation
from shipyard.rulesets.pentagon_war.report import sheet_data
from shipyard.rulesets.pentagon_war.sheet_canvas import SHEET_LABELS, SHEET_TITLES, SHEETS
from shipyard.rulesets.pentagon_war.sheet_text import kind_words, panel_rows, summary_lines

# Points per group (`compare`): each priced line's key, grouped like the price list
# (1.2) and the designer's sections; a key not named here counts under "options".
GROUPS: dict[str, tuple[str, ...]] = {
    "defense": ("screen", "armor", "point_defense"),
    "power and drive": ("capacitor", "engine", "fuel_tank", "ramscoop", "magnascoop"),
    "sensors and control": ("radar", "main_control", "aux_control", "special_electronics",
                            "radar_invisibility"),
    "weapons": ("laser", "electron_cannon", "proton_cannon", "magnetic_beam", "radiation_gun",
                "acid_gum_gun", "liquid_metal_gun", "missile", "drone", "hyper_bomb"),
    "structure": ("free_hull", "extra_hull", "free_final_damage", "extra_final_damage",
                  "cargo", "repair", "ramming_weight"),
    "options": (),
}


class PentagonWar(Defaults[Design, pricing.Sheet, Catalog]):
    """Capital ships priced box by box (rules 1-3)."""

    name = "pentagon-war"
    title = "The Pentagon War"
    default = True  # design files written before other games existed carry no `ruleset`
    sheets: tuple[str, ...] = SHEETS
    sheet_titles: dict[str, str] = SHEET_TITLES
    sheet_labels: dict[str, str] = SHEET_LABELS
    duels = PentagonWarDuels()  # stateless: one for every instance
    battles = PentagonWarBattles()  # fleets on the hex map with vector movement (rules 2.3)
    audit = PentagonWarAudit()  # the systems the points-balance audit measures
    battles_missing = ""

    # Designs
    def parse(self, data: object, file: str = "<design>") -> Design:
        return parse_design(data, file)

    def schema(self) -> Json:
        arcs = self.catalog().arcs
        return design_schema((*arcs.names.order, *(arcs.shorthand.model_extra or {})))

    def new_design(self, name: str) -> Design:
        return parse_design({"schema": "shipyard.design/1", "name": name,
                             "ruleset": self.name, "manned": True})

    # Catalog, pricing, legality
    def catalog(self, root: str | None = None) -> Catalog:
        return load_catalog(self.name, root)

    def price(self, design: Design, catalog: Catalog) -> pricing.Sheet:
        return pricing.price(design, catalog)

    def check(self, design: Design, sheet: pricing.Sheet, catalog: Catalog,
              scenario: Agreement) -> list[Issue]:
        return legality.check(design, sheet, catalog, scenario)

    def sheet_data(self, sheet: pricing.Sheet, issues: Sequence[Issue]) -> Json:
        return sheet_data(sheet, tuple(issues))

    def budget(self, catalog: Catalog) -> int | None:
        return None  # agreed by the players (rules 1.1)

    def class_of(self, sheet: pricing.Sheet) -> Figure:
        size = roman(sheet.size_class)
        return Figure("size_class", f"size class {size}", sheet.size_class, size)

    def groups(self, sheet: pricing.Sheet) -> dict[str, Fraction]:
        found = {group: Fraction(0) for group in GROUPS}
        for line in sheet.lines:
            group = next((g for g, keys in GROUPS.items() if line.key in keys), "options")
            found[group] += line.price
        return found

    def figures(self, evaluation: PentagonWarEvaluation) -> list[Figure]:
        sheet, design = evaluation.sheet, evaluation.design
        return [
            self.class_of(sheet),
            Figure("kind", "kind", kind_words(design, sheet)),
            Figure("boxes", "boxes", sheet.boxes),
            Figure("hull_boxes", "hull", sheet.hull_boxes),
            Figure("final_damage_boxes", "final damage", sheet.final_damage_boxes),
            Figure("mass_class", "mass class", sheet.mass_class),
            Figure("radar_rating", "radar rating", sheet.radar_rating),
        ]

    def summary(self, evaluation: PentagonWarEvaluation, budget: int | None) -> list[str]:
        return summary_lines(evaluation.design, evaluation.sheet, budget)

    def kind_words(self, evaluation: PentagonWarEvaluation) -> str:
        return kind_words(evaluation.design, evaluation.sheet)

    def panel_rows(self, evaluation: PentagonWarEvaluation) -> list[tuple[str, str]]:
        return panel_rows(evaluation.sheet, evaluation.catalog)

    def price_rows(self, catalog: Catalog) -> list[Json]:
        return price_rows(catalog)

    def row_figures(self, row: Json) -> str:
        return figures(row)

    # Record sheets
    def document(self, evaluation: PentagonWarEvaluation, *, budget: int | None = None,
                 draft: bool = False) -> SsdDocument:
        return build_document(evaluation, budget=budget, draft=draft)

    def layout(self, documents: Sequence[SsdDocument], paper: str = "a4",
               sheets: Sequence[str] = SHEETS, turns: int = DEFAULT_TURNS,
               catalog_root: str | None = None, reference: bool = True) -> list[Page]:
        return layout(documents, paper, sheets, turns, catalog_root)

    def reference(self, documents: Sequence[SsdDocument], width: float, size: float,
                  catalog_root: str | None = None) -> list[Strip]:
        return play_strips(load_combat(catalog_root), load_catalog("pentagon-war", catalog_root),
                           width, size)

    def has_sheet(self, document: SsdDocument, sheet: str) -> str | None:
        return missing(document, sheet)

    # Designer
    def what_if(self, design: Design, change: Change, catalog: Catalog,
                before: pricing.Sheet | None = None) -> Margin | None:
        found = what_if(design, change, catalog, before)
        if found is None:
            return None
        return Margin(found.points, found.total_change, margin_notes(found))

    def settle(self, design: Design, sheet: pricing.Sheet) -> Design | None:
        """R23: a hull split that no longer adds up to the hull (its size changed) keeps
        its forward boxes, no more than the hull, and the rest go aft."""
        split = design.hull_split
        if split is None or (split.forward, split.aft) == (sheet.hull_forward, sheet.hull_aft):
            return None
        data = design.to_data()
        data["hull_split"] = {"forward": sheet.hull_forward, "aft": sheet.hull_aft}
        return parse_design(data)

    # Designer form
    def form(self, catalog: Catalog) -> Form:
        return design_form(catalog)

    # Design search
    @property
    def search(self) -> Search[Design, Catalog]:
        return search


if TYPE_CHECKING:  # the type checker holds the game to the whole protocol
    _ruleset: Ruleset[Design, pricing.Sheet, Catalog] = PentagonWar()
