"""Tacship as Shipyard sees it: the one object behind the `Ruleset` protocol.

Registered under the `shipyard.rulesets` entry-point group as `tacship`.
Every method hands over to this package's own modules.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from random import Random
from typing import Any

from shipyard.core.catalog_files import catalog_root
from shipyard.core.document import SsdDocument
from shipyard.core.drawing import Page
from shipyard.core.errors import DesignReadError
from shipyard.core.form import Form
from shipyard.core.issues import Agreement, Issue
from shipyard.core.outcome import DuelScenario
from shipyard.core.protocol import DEFAULT_TURNS, Change, Evaluation, Figure, Margin
from shipyard.rulesets.tacship import legality, pricing, search
from shipyard.rulesets.tacship.catalog import TacshipCatalog, load_tacship_catalog
from shipyard.rulesets.tacship.design import TacshipDesign, parse_tacship_design, tacship_schema
from shipyard.rulesets.tacship.document import build_document, sheet_data
from shipyard.rulesets.tacship.engine.lineup import Lineup
from shipyard.rulesets.tacship.engine.policy import POLICIES
from shipyard.rulesets.tacship.engine.tables import load_combat
from shipyard.rulesets.tacship.form import CREW_WORDS, design_form
from shipyard.rulesets.tacship.layout import SHEET_TITLES, SHEETS, layout
from shipyard.rulesets.tacship.price_list import price_rows, row_figures

# Points per group (`compare`), by priced line key (rules 4).
GROUPS: dict[str, tuple[str, ...]] = {
    "structure": ("damage_box", "survivability"),
    "drive": ("thrust",),
    "weapons": ("fixed_laser", "turret_laser"),
    "ordnance": ("hardpoint",),
}


def _new_errors(design: TacshipDesign, sheet: pricing.TacshipSheet, edited: TacshipDesign,
                edited_sheet: pricing.TacshipSheet, catalog: TacshipCatalog) -> list[str]:
    """The rule errors an edit would bring (the budget has its own note), in short words."""
    known = {(i.code, i.path) for i in legality.check(design, sheet, catalog)}
    return [f"{issue.message.removesuffix(f' ({issue.rule})')} (rules {issue.rule})"
            for issue in legality.check(edited, edited_sheet, catalog)
            if issue.severity == "error" and issue.code != "over-budget"
            and (issue.code, issue.path) not in known]


def _many(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


def _load(design: TacshipDesign) -> str:
    """The ordnance carried, in words: "2 missiles, 1 decoy"."""
    return ", ".join(_many(count, kind) if isinstance(count, int) else f"{count} {kind}"
                     for kind, count in design.ordnance.items() if count)


class Tacship:
    """Manned space fighters built with 30 points (rules 4)."""

    name = "tacship"
    title = "Tacship"
    default = False
    sheets: tuple[str, ...] = SHEETS
    sheet_titles: dict[str, str] = SHEET_TITLES
    sheet_labels: dict[str, str] = {"chart": "Record chart"}  # noqa: RUF012
    policies: tuple[str, ...] = tuple(POLICIES)
    engines: tuple[str, ...] = ("fast", "reference")

    # Designs
    def parse(self, data: object, file: str = "<design>") -> TacshipDesign:
        return parse_tacship_design(data, file)

    def schema(self) -> dict[str, Any]:
        return tacship_schema()

    def new_design(self, name: str) -> TacshipDesign:
        return parse_tacship_design({"schema": "shipyard.design/1", "name": name,
                                     "ruleset": self.name, "damage_boxes": 10, "thrust": 6,
                                     "fixed_lasers": [{"factor": 1}]})

    def samples(self) -> list[Path]:
        folder = catalog_root() / self.name / "designs"
        return sorted(folder.glob("*.ship.json")) if folder.is_dir() else []

    # Catalog, pricing, legality
    def catalog(self, root: str | None = None) -> TacshipCatalog:
        return load_tacship_catalog(root)

    def price(self, design: TacshipDesign, catalog: TacshipCatalog) -> pricing.TacshipSheet:
        return pricing.price(design, catalog)

    def check(self, design: TacshipDesign, sheet: pricing.TacshipSheet,
              catalog: TacshipCatalog, scenario: Agreement) -> list[Issue]:
        return legality.check(design, sheet, catalog, scenario.budget)

    def sheet_data(self, sheet: pricing.TacshipSheet, issues: Sequence[Issue]) -> dict[str, Any]:
        return sheet_data(sheet, tuple(issues))

    def budget(self, catalog: TacshipCatalog) -> int | None:
        return catalog.construction.budget.points  # every fighter is built with 30 (rules 4)

    def class_of(self, sheet: pricing.TacshipSheet) -> Figure:
        # The crew as priced (illegal crews included: a crew of 3 is a "3-man fighter").
        crew = CREW_WORDS.get(sheet.crew, f"{sheet.crew}-man" if sheet.crew > 0 else "crewless")
        return Figure("crew", f"{crew} fighter", sheet.crew)

    def groups(self, sheet: pricing.TacshipSheet) -> dict[str, Fraction]:
        found = {group: Fraction(0) for group in GROUPS}
        for line in sheet.lines:
            group = next((g for g, keys in GROUPS.items() if line.key in keys), "structure")
            found[group] += line.price
        return found

    def figures(self, evaluation: Evaluation) -> list[Figure]:
        sheet: pricing.TacshipSheet = evaluation.sheet
        return [self.class_of(sheet),
                *(Figure(key, key.replace("_", " "), value)
                  for key, value in sheet.figures().items())]

    def kind_words(self, evaluation: Evaluation) -> str:
        return self.class_of(evaluation.sheet).label

    def summary(self, evaluation: Evaluation, budget: int | None) -> list[str]:
        sheet: pricing.TacshipSheet = evaluation.sheet
        catalog: TacshipCatalog = evaluation.catalog
        limit = budget if budget is not None else catalog.construction.budget.points
        load = _load(evaluation.design) or "none"
        return [
            f"Total {sheet.total} of {limit} points  {self.kind_words(evaluation)}",
            f"Damage boxes {sheet.damage_boxes}  survivability +{sheet.survivability}  "
            f"thrust {sheet.thrust}",
            f"Lasers {_many(sheet.laser_factors, 'factor')} ({_many(sheet.guns, 'gun')})  "
            f"hardpoints {sheet.hardpoints} (load: {load})",
        ]

    def panel_rows(self, evaluation: Evaluation) -> list[tuple[str, str]]:
        sheet: pricing.TacshipSheet = evaluation.sheet
        load = _load(evaluation.design) or "nothing"
        guns = _many(sheet.guns, "gun")
        # The points against the budget are the bar's, above these rows: the budget in use
        # may be a house one (--budget), which these rows cannot know.
        return [
            ("Fighter", self.kind_words(evaluation)),
            ("Damage", f"{sheet.damage_boxes} boxes · survivability +{sheet.survivability}"),
            ("Thrust", str(sheet.thrust)),
            ("Lasers", f"{sheet.fixed_laser_factors} fixed + {sheet.turret_laser_factors} "
                       f"turret factors · {guns}"),
            ("Hardpoints", f"{sheet.hardpoints} · load {load}"),
        ]

    def price_rows(self, catalog: TacshipCatalog) -> list[dict[str, Any]]:
        return price_rows(catalog)

    def row_figures(self, row: dict[str, Any]) -> str:
        return row_figures(row)

    # Record sheets
    def document(self, evaluation: Evaluation, *, budget: int | None = None,
                 draft: bool = False) -> SsdDocument:
        return build_document(evaluation, budget=budget, draft=draft)

    def layout(self, documents: Sequence[SsdDocument], paper: str = "a4",
               sheets: Sequence[str] = SHEETS, turns: int = DEFAULT_TURNS) -> list[Page]:
        return layout(documents, paper, sheets, turns)

    def has_sheet(self, document: SsdDocument, sheet: str) -> str | None:
        return None if sheet in SHEETS else f"a Tacship fighter has no {sheet!r} sheet"

    # Designer
    def what_if(self, design: TacshipDesign, change: Change, catalog: TacshipCatalog,
                before: pricing.TacshipSheet | None = None) -> Margin | None:
        data = design.to_data()
        change(data)
        try:
            edited = parse_tacship_design(data)
        except DesignReadError:
            return None
        old = before or pricing.price(design, catalog)
        new = pricing.price(edited, catalog)
        notes = []
        limit = catalog.construction.budget.points
        if old.total <= limit < new.total:
            notes.append(f"over the {limit}-point budget (rules 4)")
        notes += _new_errors(design, old, edited, new, catalog)
        return Margin(Fraction(new.total - old.total), new.total - old.total, tuple(notes))

    # Duels
    def duel_defaults(self, catalog: TacshipCatalog) -> DuelScenario:
        # Both fighters start at the catalog's start speed, head-on (rules 4).
        scenario = load_combat(catalog.folder).scenario
        return DuelScenario(scenario.start_range, 2 * scenario.start_speed,
                            scenario.turn_limit)

    def lineup(self, a: Evaluation, b: Evaluation, names: tuple[str, str],
               policies: tuple[str, str], scenario: DuelScenario,
               engine: str | None = None) -> Lineup:
        """The compiled engine by default (`fast`), or the readable `reference` one."""
        start = engine_scenario(scenario)
        if engine is None or engine == "fast":
            # Imported here: numba loads only when a duel is asked for. A FastLineup
            # is a Lineup that fights on the compiled engine.
            from shipyard.rulesets.tacship.fast.lineup import FastLineup
            return FastLineup(a.design, b.design, names, policies, start, a.catalog.folder)
        if engine == "reference":
            return Lineup(a.design, b.design, names, policies, start, a.catalog.folder)
        raise ValueError(f"no Tacship engine named {engine!r}; "
                         f"choose from {', '.join(self.engines)}")

    # Designer form
    def form(self, catalog: TacshipCatalog) -> Form:
        return design_form(catalog)

    # Design search
    def random_design(self, catalog: TacshipCatalog, budget: int, rng: Random) -> TacshipDesign:
        return search.random_design(catalog, budget, rng)

    def mutate(self, design: TacshipDesign, catalog: TacshipCatalog, budget: int,
               rng: Random) -> TacshipDesign:
        return search.mutate(design, catalog, budget, rng)


def engine_scenario(scenario: DuelScenario) -> DuelScenario:
    """The scenario as the Tacship engines read it: their `closing_speed` is each
    fighter's own start speed, half the range's closing speed (rounded down)."""
    return replace(scenario, closing_speed=scenario.closing_speed // 2)
