"""The catalog screen: every price with its provenance, and the rulings, searchable."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Input, Static

from shipyard.core.neutral import Ruleset
from shipyard.core.protocol import Catalog
from shipyard.core.sheet import HOUSE_RULES, is_marked, provenance
from shipyard.services.house import changed_rows
from shipyard.tui.widgets.footer import KeysFooter
from shipyard.tui.widgets.sheet import catalog_line
from shipyard.tui.widgets.title import TitleBar


def matches(row: dict[str, Any], words: list[str], figures: str) -> bool:
    haystack = " ".join(str(v) for v in row.values()).lower() + " " + figures.lower()
    return all(word in haystack for word in words)


def rulings_text(catalog: Catalog, words: list[str], focus: str = "") -> Text:
    """The rulings that match the search, the selected row's ruling first."""
    text = Text()
    items = sorted(catalog.rulings.items(), key=lambda item: item[0] != focus)
    for key, ruling in items:
        body = f"{key} {ruling.title} {ruling.text}".lower()
        if words and not all(word in body for word in words) and key != focus:
            continue
        text.append(f"{key} {ruling.title}\n", style="bold reverse" if key == focus else "bold")
        text.append(f"{ruling.text}\n\n")
    return text or Text("No ruling matches the search.", style="dim")


class CatalogScreen(Screen[None]):
    """Type to search; the rulings panel follows the selected price."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,f3", "app.pop_screen", "Back"),
        Binding("ctrl+f", "search", "Search"),
        Binding("down", "prices", "Prices", show=False),
    ]

    def __init__(self, ruleset: Ruleset, catalog: Catalog, search: str = "") -> None:
        super().__init__()
        self.ruleset = ruleset
        self.catalog = catalog
        self.rows = ruleset.price_rows(catalog)
        self.changed = changed_rows(ruleset, catalog)  # what a house catalog changed
        self.shown: list[dict[str, Any]] = []
        self.search = search

    def compose(self) -> ComposeResult:
        yield TitleBar()
        yield Static(f"{catalog_line(self.ruleset, self.catalog)}\n"
                     "* rests on a ruling or a reconstructed table", id="catalog-info",
                     markup=False)
        yield Input(self.search, placeholder="search prices and rulings (e.g. armor, R1, "
                                             "reconstructed)", id="search")
        with Horizontal(id="catalog-main"):
            yield DataTable(id="prices", cursor_type="row", zebra_stripes=True)
            with VerticalScroll(id="rulings-scroll"):
                yield Static(id="rulings")
        yield KeysFooter()

    def on_mount(self) -> None:
        manifest = self.catalog.manifest
        self.sub_title = f"{manifest.title} catalog {manifest.version}"
        table = self.query_one("#prices", DataTable)
        # The key last: the side panel names it for the row under the cursor, too.
        table.add_columns("Item", "Source", "Figures", "Key")
        self.query_one("#rulings-scroll").border_title = "Rulings"
        self.fill(self.search)
        self.query_one("#search", Input).focus()

    def fill(self, search: str) -> None:
        words = search.lower().split()
        table = self.query_one("#prices", DataTable)
        table.clear()
        figures = self.ruleset.row_figures
        self.shown = [row for row in self.rows if matches(row, words, figures(row))]
        for row in self.shown:
            table.add_row(row["label"], self.source(row), figures(row), row.get("file", ""))
        focus = self.shown[0]["rule"] if self.shown else ""
        self.query_one("#rulings", Static).update(rulings_text(self.catalog, words, focus))

    @on(Input.Changed, "#search")
    def _search(self, event: Input.Changed) -> None:
        self.search = event.value
        self.fill(event.value)

    @on(Input.Submitted, "#search")
    def _to_table(self) -> None:
        self.query_one("#prices", DataTable).focus()

    @on(DataTable.RowHighlighted, "#prices")
    def _row(self, event: DataTable.RowHighlighted) -> None:
        if 0 <= event.cursor_row < len(self.shown):
            row = self.shown[event.cursor_row]
            words = self.search.lower().split()
            ruling = rulings_text(self.catalog, words, row["rule"])
            note = Text(f"{row['label']}: {self.ruleset.row_figures(row)}\n", style="bold")
            if row.get("note"):
                note.append(f"{row['note']}\n")
            key = f"key {row['file']}; " if row.get("file") else ""
            note.append(f"{key}source {self.source(row)}\n\n", style="dim")
            self.query_one("#rulings", Static).update(note + ruling)

    def source(self, row: dict[str, Any]) -> str:
        """Where the row's figures come from: "rules 1.2", "ruling R7 *", "house rules"."""
        if (row.get("section", ""), row["key"]) in self.changed:
            return HOUSE_RULES
        mark = " *" if is_marked(row["source"], row["rule"]) else ""
        return provenance(row["source"], row["rule"]) + mark

    def action_prices(self) -> None:
        self.query_one("#prices", DataTable).focus()

    def action_search(self) -> None:
        self.query_one("#search", Input).focus()
