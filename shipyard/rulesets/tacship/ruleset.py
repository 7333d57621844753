"""Tacship as Shipyard sees it: the one object behind the `Ruleset` protocol.

Registered under the `shipyard.rulesets` entry-point group as `tacship`.
Every method hands over to this package's own modules.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

from shipyard.core.catalog_files import catalog_root
from shipyard.core.document import SsdDocument
from shipyard.core.drawing import Page
from shipyard.core.errors import DesignReadError
from shipyard.core.issues import Issue, Scenario
from shipyard.core.outcome import DuelScenario
from shipyard.core.protocol import Change, Evaluation, Figure, Margin
from shipyard.rulesets.tacship import legality, pricing
from shipyard.rulesets.tacship.catalog import TacshipCatalog, load_tacship_catalog
from shipyard.rulesets.tacship.design import TacshipDesign, parse_tacship_design, tacship_schema
from shipyard.rulesets.tacship.document import build_document, sheet_data
from shipyard.rulesets.tacship.engine.lineup import Lineup
from shipyard.rulesets.tacship.engine.policy import POLICIES
from shipyard.rulesets.tacship.engine.tables import load_combat
from shipyard.rulesets.tacship.layout import SHEET_TITLES, SHEETS, layout
from shipyard.rulesets.tacship.price_list import price_rows, row_figures


class Tacship:
    """Manned space fighters built with 30 points (rules 4)."""

    name = "tacship"
    title = "Tacship"
    default = False
    sheets: tuple[str, ...] = SHEETS
    sheet_titles: dict[str, str] = SHEET_TITLES
    sheet_labels: dict[str, str] = {"chart": "Record chart"}  # noqa: RUF012
    policies: tuple[str, ...] = tuple(POLICIES)

    # Designs
    def parse(self, data: object, file: str = "<design>") -> TacshipDesign:
        if isinstance(data, dict) and data.get("schema") == "shipyard.ssd/1":
            try:
                return parse_tacship_design(data.get("design"), file)
            except DesignReadError as exc:
                field = f"design.{exc.field}" if exc.field else "design"
                raise DesignReadError(file, exc.problem, field) from None
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
              catalog: TacshipCatalog, scenario: Scenario) -> list[Issue]:
        return legality.check(design, sheet, catalog, scenario.budget)

    def sheet_data(self, sheet: pricing.TacshipSheet, issues: Sequence[Issue]) -> dict[str, Any]:
        return sheet_data(sheet, tuple(issues))

    def class_of(self, sheet: pricing.TacshipSheet) -> Figure:
        crew = "two-man" if sheet.crew == 2 else "one-man"
        return Figure("crew", f"{crew} fighter", sheet.crew)

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
        load = ", ".join(f"{count} {kind}" for kind, count in evaluation.design.ordnance.items()
                         if count) or "none"
        return [
            f"Total {sheet.total} of {limit} points  {self.kind_words(evaluation)}",
            f"Damage boxes {sheet.damage_boxes}  survivability +{sheet.survivability}  "
            f"thrust {sheet.thrust}",
            f"Lasers {sheet.laser_factors} factors ({sheet.guns} guns)  hardpoints "
            f"{sheet.hardpoints} (load: {load})",
        ]

    def panel_rows(self, evaluation: Evaluation) -> list[tuple[str, str]]:
        sheet: pricing.TacshipSheet = evaluation.sheet
        catalog: TacshipCatalog = evaluation.catalog
        left = catalog.construction.budget.points - sheet.total
        return [
            ("Fighter", self.kind_words(evaluation)),
            ("Points left", f"{left} of {catalog.construction.budget.points}"),
            ("Damage", f"{sheet.damage_boxes} boxes · survivability +{sheet.survivability}"),
            ("Thrust", str(sheet.thrust)),
            ("Lasers", f"{sheet.fixed_laser_factors} fixed + {sheet.turret_laser_factors} "
                       "turret factors"),
            ("Hardpoints", f"{sheet.hardpoints} · load {sheet.ordnance_load}"),
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
               sheets: Sequence[str] = SHEETS) -> list[Page]:
        return layout(documents, paper, sheets)

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
        return Margin(Fraction(new.total - old.total), new.total - old.total, tuple(notes))

    # Duels
    def duel_defaults(self, catalog_root: str | None = None) -> DuelScenario:
        scenario = load_combat().scenario
        return DuelScenario(scenario.start_range, scenario.start_speed, scenario.turn_limit)

    def lineup(self, a: Evaluation, b: Evaluation, names: tuple[str, str],
               policies: tuple[str, str], scenario: DuelScenario) -> Lineup:
        return Lineup(a.design, b.design, names, policies, scenario)
