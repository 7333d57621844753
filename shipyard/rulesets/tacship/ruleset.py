"""Tacship as Shipyard sees it: the one object behind the `Ruleset` protocol.

Registered under the `shipyard.rulesets` entry-point group as `tacship`.
Every method hands over to this package's own modules.
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
from shipyard.rulesets.tacship import legality, pricing, search
from shipyard.rulesets.tacship.audit import TacshipAudit
from shipyard.rulesets.tacship.battles import TacshipBattles
from shipyard.rulesets.tacship.catalog import TacshipCatalog, load_tacship_catalog
from shipyard.rulesets.tacship.chart_reference import rules_strips
from shipyard.rulesets.tacship.design import TacshipDesign, parse_tacship_design, tacship_schema
from shipyard.rulesets.tacship.document import build_document, sheet_data
from shipyard.rulesets.tacship.duels import TacshipDuels
from shipyard.rulesets.tacship.engine.tables import load_combat
from shipyard.rulesets.tacship.form import design_form
from shipyard.rulesets.tacship.layout import SHEET_TITLES, SHEETS, layout
from shipyard.rulesets.tacship.margin import what_if
from shipyard.rulesets.tacship.price_list import price_rows, row_figures
from shipyard.rulesets.tacship.pricing import TacshipEvaluation
from shipyard.rulesets.tacship.sheet_text import crew_figure, panel_rows, summary_lines

# Points per group (`compare`), by priced line key (rules 4).
GROUPS: dict[str, tuple[str, ...]] = {
    "structure": ("damage_box", "survivability"),
    "drive": ("thrust",),
    "weapons": ("fixed_laser", "turret_laser"),
    "ordnance": ("hardpoint",),
}


class Tacship(Defaults[TacshipDesign, pricing.TacshipSheet, TacshipCatalog]):
    """Manned space fighters built with 30 points (rules 4)."""

    name = "tacship"
    title = "Tacship"
    default = False
    sheets: tuple[str, ...] = SHEETS
    sheet_titles: dict[str, str] = SHEET_TITLES
    sheet_labels: dict[str, str] = {"chart": "Record chart"}  # noqa: RUF012
    duels = TacshipDuels()  # stateless: one for every instance
    battles = TacshipBattles()  # squadrons on the hex map; one against one is the duel
    audit = TacshipAudit()  # the systems the points-balance audit measures
    battles_missing = ""

    # Designs
    def parse(self, data: object, file: str = "<design>") -> TacshipDesign:
        return parse_tacship_design(data, file)

    def schema(self) -> Json:
        build = self.catalog().construction
        return tacship_schema(tuple(build.turret.arcs), tuple(build.ordnance.kinds))

    def new_design(self, name: str) -> TacshipDesign:
        return parse_tacship_design({"schema": "shipyard.design/1", "name": name,
                                     "ruleset": self.name, "damage_boxes": 10, "thrust": 6,
                                     "fixed_lasers": [{"factor": 1}]})

    # Catalog, pricing, legality
    def catalog(self, root: str | None = None) -> TacshipCatalog:
        return load_tacship_catalog(root)

    def price(self, design: TacshipDesign, catalog: TacshipCatalog) -> pricing.TacshipSheet:
        return pricing.price(design, catalog)

    def check(self, design: TacshipDesign, sheet: pricing.TacshipSheet,
              catalog: TacshipCatalog, scenario: Agreement) -> list[Issue]:
        return legality.check(design, sheet, catalog, scenario.budget)

    def sheet_data(self, sheet: pricing.TacshipSheet, issues: Sequence[Issue]) -> Json:
        return sheet_data(sheet, tuple(issues))

    def budget(self, catalog: TacshipCatalog) -> int | None:
        return catalog.construction.budget.points  # every fighter is built with 30 (rules 4)

    def class_of(self, sheet: pricing.TacshipSheet) -> Figure:
        return crew_figure(sheet)

    def groups(self, sheet: pricing.TacshipSheet) -> dict[str, Fraction]:
        found = {group: Fraction(0) for group in GROUPS}
        for line in sheet.lines:
            group = next((g for g, keys in GROUPS.items() if line.key in keys), "structure")
            found[group] += line.price
        return found

    def what_if(self, design: TacshipDesign, change: Change, catalog: TacshipCatalog,
                before: pricing.TacshipSheet | None = None) -> Margin | None:
        return what_if(design, change, catalog, before)

    def figures(self, evaluation: TacshipEvaluation) -> list[Figure]:
        return [crew_figure(evaluation.sheet),
                *(Figure(key, key.replace("_", " "), value)
                  for key, value in evaluation.sheet.figures().items())]

    def kind_words(self, evaluation: TacshipEvaluation) -> str:
        return crew_figure(evaluation.sheet).label

    def summary(self, evaluation: TacshipEvaluation, budget: int | None) -> list[str]:
        return summary_lines(evaluation, budget)

    def panel_rows(self, evaluation: TacshipEvaluation) -> list[tuple[str, str]]:
        return panel_rows(evaluation)

    def price_rows(self, catalog: TacshipCatalog) -> list[Json]:
        return price_rows(catalog)

    def row_figures(self, row: Json) -> str:
        return row_figures(row)

    # Record sheets
    def document(self, evaluation: TacshipEvaluation, *, budget: int | None = None,
                 draft: bool = False) -> SsdDocument:
        return build_document(evaluation, budget=budget, draft=draft)

    def layout(self, documents: Sequence[SsdDocument], paper: str = "a4",
               sheets: Sequence[str] = SHEETS, turns: int = DEFAULT_TURNS,
               catalog_root: str | None = None, reference: bool = True) -> list[Page]:
        return layout(documents, paper, sheets, turns, catalog_root, reference)

    def reference(self, documents: Sequence[SsdDocument], width: float, size: float,
                  catalog_root: str | None = None) -> list[Strip]:
        return rules_strips(load_combat(catalog_root), width, size)

    def has_sheet(self, document: SsdDocument, sheet: str) -> str | None:
        return None if sheet in SHEETS else f"a Tacship fighter has no {sheet!r} sheet"

    # Designer form
    def form(self, catalog: TacshipCatalog) -> Form:
        return design_form(catalog)

    # Design search
    @property
    def search(self) -> Search[TacshipDesign, TacshipCatalog]:
        return search


if TYPE_CHECKING:  # the type checker holds the game to the whole protocol
    _ruleset: Ruleset[TacshipDesign, pricing.TacshipSheet, TacshipCatalog] = Tacship()
