"""A third game in a few lines: one priced item, one legality rule, a one-box card; no duels,
no design search (the faces say so). The proof that the seam is game-neutral."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from types import SimpleNamespace
from typing import Literal, NamedTuple

from pydantic import BaseModel, ConfigDict, Field

from shipyard.core import drawing, form, values
from shipyard.core.defaults import Defaults, record_document
from shipyard.core.document import BoxRows, CatalogStamp, SsdDocument
from shipyard.core.envelope import DesignFile, parse_envelope
from shipyard.core.issues import Agreement, Issue
from shipyard.core.protocol import Evaluation, Figure, Json
from shipyard.core.sheet import Line

NAME, PRICE = "coin-game", 3  # one hull box costs 3 points
Coin = Evaluation["CoinDesign", "CoinSheet", "CoinCatalog"]


class CoinDesign(BaseModel, DesignFile):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    schema_: Literal["shipyard.design/1"] = Field("shipyard.design/1", alias="schema")
    name: str = ""
    ruleset: str = NAME
    hull: values.Count = 1

    def to_data(self) -> Json: return self.model_dump(by_alias=True)


class CoinSheet(NamedTuple):
    lines: tuple[Line, ...]
    exact_total: Fraction
    total: int
    hull: int


CoinCatalog = SimpleNamespace  # manifest, folder, digest and rulings: all a catalog needs


@dataclass
class CoinGame(Defaults[CoinDesign, CoinSheet, CoinCatalog]):
    sample_files: Sequence[Path] = ()
    name, title, default, duels, search = NAME, "Coin game", False, None, None
    audit = None  # no points-balance audit
    sheets: tuple[str, ...] = ("card",)
    sheet_titles, sheet_labels = {"card": "Coin card"}, {"card": "Card"}

    def parse(self, data: object, file: str = "<design>") -> CoinDesign:
        return parse_envelope(data, file, CoinDesign)

    def schema(self) -> Json: return CoinDesign.model_json_schema()
    def new_design(self, name: str) -> CoinDesign: return CoinDesign(name=name)
    def samples(self) -> list[Path]: return list(self.sample_files)

    def catalog(self, root: str | None = None) -> CoinCatalog:
        stamp = CatalogStamp(ruleset=NAME, title="Coin", version="0.1", digest="0" * 64)
        return CoinCatalog(manifest=stamp, folder="(built in)", digest=stamp.digest, rulings={})

    def class_of(self, sheet: CoinSheet) -> Figure: return Figure("hull", "hull", sheet.hull)
    def row_figures(self, row: Json) -> str: return f"{row['price']} / box"

    def price(self, design: CoinDesign, catalog: CoinCatalog) -> CoinSheet:
        hull = int(max(design.hull, 0))
        line = Line("hull", "Hull", hull, Fraction(PRICE * hull), "ruling", "C1", "hull")
        return CoinSheet((line,), line.price, PRICE * hull, hull)

    def check(self, design: CoinDesign, sheet: CoinSheet, catalog: CoinCatalog,
              scenario: Agreement) -> list[Issue]:
        ok = design.hull >= 1
        return [] if ok else [Issue("no-hull", "error", "a coin needs a hull (C1)", "hull", "C1")]

    def price_rows(self, catalog: CoinCatalog) -> list[Json]:
        return [{"key": "hull", "label": "Hull", "price": "3", "source": "ruling", "rule": "C1"}]

    def form(self, catalog: CoinCatalog) -> form.Form:
        hull = form.Count("hull", "Hull", noun="hull box")
        return form.Form((form.Section("Coin", (form.Name(), hull)),), values.MAX_COUNT)

    def document(self, e: Coin, *, budget: int | None = None, draft: bool = False
                 ) -> SsdDocument:
        rows = BoxRows()
        rows.add("hull", "hull", "Hull", "Hull", e.sheet.hull)
        return record_document(e, rows, budget=budget, draft=draft)

    def layout(self, docs: Sequence[SsdDocument], paper: str = "a4",
               sheets: Sequence[str] = ("card",), *_: object, **__: object) -> list[drawing.Page]:
        pages: list[drawing.Page] = []
        for doc in docs if "card" in sheets else ():
            canvas = drawing.Canvas(doc.name, doc.draft, "card", "Coin", drawing.PAPERS[paper])
            for index, box in enumerate(doc.boxes):
                canvas.rect(20 + 6 * index, 40, 4.2, 4.2, "box", ref=box.id)
            pages += canvas.finish(doc.name or "(unnamed)", "coin game")
        return pages
