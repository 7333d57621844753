"""A third game in a few lines: one priced item, one legality rule, a one-box card; no duels,
no design search (the faces say so). The proof that the seam is game-neutral."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from types import SimpleNamespace
from typing import Literal, NamedTuple

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from shipyard.core import document, drawing, form, values
from shipyard.core.errors import DesignReadError, first_problem
from shipyard.core.issues import Agreement, Issue, is_legal
from shipyard.core.protocol import Change, Evaluation, Figure, Json, Margin
from shipyard.core.sheet import Line

NAME, PRICE = "coin-game", 3  # one hull box costs 3 points
Coin = Evaluation["CoinDesign", "CoinSheet", "CoinCatalog"]


class CoinDesign(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    schema_: Literal["shipyard.design/1"] = Field("shipyard.design/1", alias="schema")
    name: str = ""
    ruleset: str = NAME
    hull: values.Count = 1

    def to_data(self) -> Json: return self.model_dump(by_alias=True)
    def to_json(self) -> str: return json.dumps(self.to_data(), indent=2) + "\n"


class CoinSheet(NamedTuple):
    lines: tuple[Line, ...]
    exact_total: Fraction
    total: int
    hull: int


CoinCatalog = SimpleNamespace  # manifest, folder, digest and rulings: all a catalog needs
STAMP = document.CatalogStamp(ruleset=NAME, title="Coin", version="0.1", digest="0" * 64)


@dataclass
class CoinGame:
    sample_files: Sequence[Path] = ()
    name, title, default, duels, search = NAME, "Coin game", False, None, None
    sheets, sheet_titles, sheet_labels = ("card",), {"card": "Coin card"}, {"card": "Card"}

    def parse(self, data: object, file: str = "<design>") -> CoinDesign:
        try:
            return CoinDesign.model_validate(data)
        except ValidationError as exc:
            raise DesignReadError(file, *reversed(first_problem(exc.errors()))) from None

    def schema(self) -> Json: return CoinDesign.model_json_schema()
    def new_design(self, name: str) -> CoinDesign: return CoinDesign(name=name)
    def samples(self) -> list[Path]: return list(self.sample_files)

    def catalog(self, root: str | None = None) -> CoinCatalog:
        return CoinCatalog(manifest=STAMP, folder="(built in)", digest="0" * 64, rulings={})

    def budget(self, catalog: CoinCatalog) -> int | None: return None
    def class_of(self, sheet: CoinSheet) -> Figure: return Figure("hull", "hull", sheet.hull)
    def groups(self, sheet: CoinSheet) -> dict[str, Fraction]: return {"all": sheet.exact_total}
    def figures(self, e: Coin) -> list[Figure]: return [self.class_of(e.sheet)]

    def summary(self, e: Coin, budget: int | None) -> list[str]:
        return [f"Total {e.sheet.total} points"]

    def kind_words(self, e: Coin) -> str: return "coin"
    def panel_rows(self, e: Coin) -> list[tuple[str, str]]: return [("Hull", str(e.sheet.hull))]
    def row_figures(self, row: Json) -> str: return f"{row['price']} / box"

    def has_sheet(self, doc: document.SsdDocument, sheet: str) -> str | None:
        return None if sheet == "card" else f"a coin has no {sheet} sheet"

    def price(self, design: CoinDesign, catalog: CoinCatalog) -> CoinSheet:
        hull = int(max(design.hull, 0))
        line = Line("hull", "Hull", hull, Fraction(PRICE * hull), "ruling", "C1", "hull")
        return CoinSheet((line,), line.price, PRICE * hull, hull)

    def check(self, design: CoinDesign, sheet: CoinSheet, catalog: CoinCatalog,
              scenario: Agreement) -> list[Issue]:
        ok = design.hull >= 1
        return [] if ok else [Issue("no-hull", "error", "a coin needs a hull (C1)", "hull", "C1")]

    def sheet_data(self, sheet: CoinSheet, issues: Sequence[Issue]) -> Json:
        return {"total": sheet.total, "legal": is_legal(issues),
                "issues": [i.to_data() for i in issues]}

    def price_rows(self, catalog: CoinCatalog) -> list[Json]:
        return [{"key": "hull", "label": "Hull", "price": "3", "source": "ruling", "rule": "C1"}]

    def form(self, catalog: CoinCatalog) -> form.Form:
        hull = form.Count("hull", "Hull", noun="hull box")
        return form.Form((form.Section("Coin", (form.Name(), hull)),), values.MAX_COUNT)

    def document(self, e: Coin, *, budget: int | None = None, draft: bool = False
                 ) -> document.SsdDocument:
        rows = document.BoxRows()
        rows.add("hull", "hull", "Hull", "Hull", e.sheet.hull)
        return document.SsdDocument.model_validate({
            "schema": document.SCHEMA, "name": e.design.name, "legal": e.legal, "draft": draft,
            "budget": budget, "catalog": e.catalog.manifest, "design": e.design.to_data(),
            "sheet": self.sheet_data(e.sheet, e.issues), "arc_order": [], "groups": rows.groups,
            "boxes": rows.boxes})

    def layout(self, docs: Sequence[document.SsdDocument], paper: str = "a4",
               sheets: Sequence[str] = ("card",), turns: int = 20) -> list[drawing.Page]:
        pages: list[drawing.Page] = []
        for doc in docs if "card" in sheets else ():
            canvas = drawing.Canvas(doc.name, doc.draft, "card", "Coin", drawing.PAPERS[paper])
            for index, box in enumerate(doc.boxes):
                canvas.rect(20 + 6 * index, 40, 4.2, 4.2, "box", ref=box.id)
            pages += canvas.finish(doc.name or "(unnamed)", "coin game")
        return pages

    def what_if(self, design: CoinDesign, change: Change, catalog: CoinCatalog,
                before: CoinSheet | None = None) -> Margin | None:
        data = design.to_data()
        change(data)
        try:
            edited = self.price(self.parse(data), catalog)
        except DesignReadError:
            return None
        delta = edited.total - self.price(design, catalog).total
        return Margin(Fraction(delta), delta)
