"""A third game in a few lines: one priced item, one legality rule, a one-box sheet, a coin flip.

Registered by the generic suite to prove the seam is game-neutral: every
face and service that works on it works through the `Ruleset` protocol alone.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from random import Random
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from shipyard.core.dice import CounterDice
from shipyard.core.document import SCHEMA, BoxRows, CatalogStamp, SsdDocument
from shipyard.core.drawing import PAPERS, Canvas, Page
from shipyard.core.errors import DesignReadError, first_problem
from shipyard.core.form import Count as CountField
from shipyard.core.form import Form, Name, Section
from shipyard.core.issues import Agreement, Issue
from shipyard.core.outcome import DuelScenario, Result
from shipyard.core.protocol import Change, Evaluation, Figure, Margin
from shipyard.core.sheet import Line
from shipyard.core.values import MAX_COUNT, Count

NAME = "coin-game"
PRICE = 3  # one hull box costs 3 points


class CoinDesign(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    schema_: str = "shipyard.design/1"
    name: str = ""
    ruleset: str = NAME
    hull: Count = 1

    def to_data(self) -> dict[str, Any]:
        return {"schema": "shipyard.design/1", "name": self.name, "ruleset": self.ruleset,
                "hull": self.hull}

    def to_json(self) -> str:
        return json.dumps(self.to_data(), indent=2) + "\n"


@dataclass(frozen=True)
class CoinSheet:
    lines: tuple[Line, ...]
    exact_total: Fraction
    total: int
    hull: int


@dataclass(frozen=True)
class Manifest:
    ruleset: str = NAME
    title: str = "Coin game"
    version: str = "0.1"


@dataclass(frozen=True)
class CoinCatalog:
    manifest: Manifest = field(default_factory=Manifest)
    folder: str = "(built in)"
    digest: str = "0" * 64
    rulings: dict[str, Any] = field(default_factory=dict)


class CoinLineup:
    def fight(self, seed: int, log: bool = False) -> Result:
        winner = CounterDice(seed).d6() % 2
        return Result(winner, 1, (1 - winner, winner), "coin",
                      ("the coin falls",) if log else ())


class CoinGame:
    name = NAME
    title = "Coin game"
    default = False
    sheets: tuple[str, ...] = ("card",)
    sheet_titles: dict[str, str] = {"card": "Coin card"}  # noqa: RUF012
    sheet_labels: dict[str, str] = {"card": "Card"}  # noqa: RUF012
    policies: tuple[str, ...] = ("default",)
    engines: tuple[str, ...] = ("reference",)

    def __init__(self, samples: Sequence[Path] = ()) -> None:
        self.sample_files = list(samples)

    def parse(self, data: object, file: str = "<design>") -> CoinDesign:
        if not isinstance(data, dict) or data.get("schema") != "shipyard.design/1":
            raise DesignReadError(file, "expected 'shipyard.design/1'", "schema")
        try:
            return CoinDesign.model_validate(
                {("schema_" if k == "schema" else k): v for k, v in data.items()})
        except ValidationError as exc:
            where, problem = first_problem(exc.errors())
            raise DesignReadError(file, problem, where) from None

    def schema(self) -> dict[str, Any]:
        return CoinDesign.model_json_schema()

    def new_design(self, name: str) -> CoinDesign:
        return CoinDesign(name=name)

    def samples(self) -> list[Path]:
        return self.sample_files

    def catalog(self, root: str | None = None) -> CoinCatalog:
        return CoinCatalog()

    def price(self, design: CoinDesign, catalog: CoinCatalog) -> CoinSheet:
        hull = int(design.hull) if design.hull >= 0 else 0
        line = Line("hull", "Hull", hull, Fraction(PRICE * hull), "ruling", "C1", "hull")
        return CoinSheet((line,), line.price, PRICE * hull, hull)

    def check(self, design: CoinDesign, sheet: CoinSheet, catalog: CoinCatalog,
              scenario: Agreement) -> list[Issue]:
        if design.hull < 1:
            return [Issue("no-hull", "error", "a coin needs a hull (C1)", "hull", "C1")]
        return []

    def sheet_data(self, sheet: CoinSheet, issues: Sequence[Issue]) -> dict[str, Any]:
        return {"total": sheet.total, "hull": sheet.hull,
                "legal": not any(i.severity == "error" for i in issues),
                "lines": [{"key": ln.key, "price": str(ln.price)} for ln in sheet.lines],
                "issues": [i.to_data() for i in issues]}

    def budget(self, catalog: CoinCatalog) -> int | None:
        return None

    def class_of(self, sheet: CoinSheet) -> Figure:
        return Figure("hull", f"hull {sheet.hull}", sheet.hull)

    def groups(self, sheet: CoinSheet) -> dict[str, Fraction]:
        return {"structure": sheet.exact_total}

    def figures(self, evaluation: Evaluation) -> list[Figure]:
        return [self.class_of(evaluation.sheet)]

    def summary(self, evaluation: Evaluation, budget: int | None) -> list[str]:
        return [f"Total {evaluation.sheet.total} points"]

    def kind_words(self, evaluation: Evaluation) -> str:
        return "coin"

    def panel_rows(self, evaluation: Evaluation) -> list[tuple[str, str]]:
        return [("Hull", str(evaluation.sheet.hull))]

    def price_rows(self, catalog: CoinCatalog) -> list[dict[str, Any]]:
        return [{"section": "price", "key": "hull", "label": "Hull", "unit": "box",
                 "price": str(PRICE), "source": "ruling", "rule": "C1", "note": ""}]

    def row_figures(self, row: dict[str, Any]) -> str:
        return f"{row['price']} / {row['unit']}"

    def document(self, evaluation: Evaluation, *, budget: int | None = None,
                 draft: bool = False) -> SsdDocument:
        rows = BoxRows()
        rows.add("hull", "hull", "Hull", "Hull", evaluation.sheet.hull)
        catalog: CoinCatalog = evaluation.catalog
        return SsdDocument.model_validate({
            "schema": SCHEMA, "name": evaluation.design.name, "legal": evaluation.legal,
            "draft": draft, "budget": budget,
            "catalog": CatalogStamp(ruleset=NAME, title="Coin game", version="0.1",
                                    digest=catalog.digest),
            "design": evaluation.design.to_data(),
            "sheet": self.sheet_data(evaluation.sheet, evaluation.issues),
            "arc_order": [], "groups": rows.groups, "boxes": rows.boxes})

    def layout(self, documents: Sequence[SsdDocument], paper: str = "a4",
               sheets: Sequence[str] = ("card",), turns: int = 20) -> list[Page]:
        pages: list[Page] = []
        for doc in documents:
            if "card" not in sheets:
                continue
            canvas = Canvas(doc.name, doc.draft, "card", "Coin card", PAPERS[paper])
            for index, box in enumerate(doc.boxes):
                canvas.rect(20 + 6 * index, 40, 4.2, 4.2, "box", ref=box.id)
            pages += canvas.finish(doc.name or "(unnamed)", "coin game")
        return pages

    def has_sheet(self, document: SsdDocument, sheet: str) -> str | None:
        return None if sheet == "card" else f"a coin has no {sheet} sheet"

    def what_if(self, design: CoinDesign, change: Change, catalog: CoinCatalog,
                before: CoinSheet | None = None) -> Margin | None:
        data = design.to_data()
        change(data)
        try:
            edited = self.parse(data)
        except DesignReadError:
            return None
        delta = self.price(edited, catalog).total - self.price(design, catalog).total
        return Margin(Fraction(delta), delta)

    def duel_defaults(self, catalog: CoinCatalog) -> DuelScenario:
        return DuelScenario(1, 0, 1)

    def lineup(self, a: Evaluation, b: Evaluation, names: tuple[str, str],
               policies: tuple[str, str], scenario: DuelScenario,
               engine: str | None = None) -> CoinLineup:
        return CoinLineup()

    def form(self, catalog: CoinCatalog) -> Form:
        return Form(max_count=MAX_COUNT, sections=(
            Section("Coin", (Name(), CountField("hull", "Hull", noun="hull box"))),))

    def random_design(self, catalog: CoinCatalog, budget: int, rng: Random) -> CoinDesign:
        return CoinDesign(name="Random coin", hull=rng.randint(1, max(1, budget // PRICE)))

    def mutate(self, design: CoinDesign, catalog: CoinCatalog, budget: int,
               rng: Random) -> CoinDesign:
        hull = int(design.hull) + rng.choice((-2, -1, 1, 2))
        return design.model_copy(update={"hull": min(max(hull, 1), max(1, budget // PRICE))})
