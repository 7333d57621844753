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
from shipyard.tui.audit_worth import SavedAudit
from shipyard.tui.widgets.footer import KeysFooter
from shipyard.tui.widgets.sheet import catalog_line
from shipyard.tui.widgets.title import TitleBar


def matches(row: dict[str, Any], words: list[str], figures: str) -> bool:
    haystack = " ".join(str(v) for v in row.values()).lower() + " " + figures.lower()
    return all(word in haystack for word in words)


# The key last: the side panel names it for the row under the cursor, too, and a narrow
# table leaves it out rather than cut every other column short.
HEADERS = ("Item", "Source", "Figures", "Key")
KEY = 3
# (column, narrowest): what may give way when cut; a short source ("ruling R14 *") whole.
SHRINK = ((2, 10), (0, 12), (1, 12), (3, 8))
PADDING = 2  # a cell's padding, left and right
SCROLLBAR = 2


def cut(text: str, width: int) -> str:
    """`text` in `width` columns, ending with "…" when it is longer."""
    return text if len(text) <= width else text[:max(0, width - 1)] + "…"


def column_widths(rows: list[tuple[str, ...]], room: int,
                  headers: tuple[str, ...] = HEADERS) -> list[int]:
    """Each column's width, the widest first cut down so that the table fits `room` (0: no
    limit); a cut cell ends with "…" (the rulings panel shows the row whole). Where even
    that is too wide the key column (the last) is left out (fewer widths than headers)."""
    key = len(headers) - 1
    widths = [max([len(headers[i]), *(len(row[i]) for row in rows)]) for i in range(key + 1)]
    if room <= 0:
        return widths
    shrink = SHRINK if key == KEY else (*SHRINK[:3], (KEY, 10), (key, 8))
    fitted, over = _shrunk(widths, room, shrink)
    return fitted if over <= 0 else _shrunk(widths[:key], room, shrink)[0]


def _shrunk(widths: list[int], room: int,
            shrink: tuple[tuple[int, int], ...] = SHRINK) -> tuple[list[int], int]:
    """`widths` cut a column at a time off the widest that may still give way, until
    they fit `room`; the widths and how far over `room` they still are."""
    widths = list(widths)
    over = sum(widths) + PADDING * len(widths) + SCROLLBAR - room
    while over > 0:
        shrinkable = [column for column, narrowest in shrink
                      if column < len(widths) and widths[column] > narrowest]
        if not shrinkable:
            break
        widest = max(shrinkable, key=lambda column: widths[column])
        widths[widest] -= 1
        over -= 1
    return widths, over


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
        self.audit = SavedAudit(ruleset, catalog)  # the last audit of this catalog, if any
        # With an audit, its Worth column comes before the key (the first to be left out).
        self.headers = HEADERS if self.audit.data is None else (*HEADERS[:KEY], "Worth",
                                                                HEADERS[KEY])
        self.shown: list[dict[str, Any]] = []
        self.fitted_to = 0
        self.search = search

    def compose(self) -> ComposeResult:
        yield TitleBar()
        yield Static(f"{catalog_line(self.ruleset, self.catalog)}\n"
                     f"* rests on a ruling or a reconstructed table\n{self.audit.line()}",
                     id="catalog-info", markup=False)
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
        self.query_one("#rulings-scroll").border_title = "Rulings"
        self.fill(self.search)
        self.query_one("#search", Input).focus()

    def on_resize(self) -> None:
        """The table cut to its new width once laid out (its cells end with "…")."""
        self.call_after_refresh(self.fill, self.search)

    def fill(self, search: str) -> None:
        words = search.lower().split()
        table = self.query_one("#prices", DataTable)
        row_now = table.cursor_row
        table.clear(columns=True)
        figures = self.ruleset.row_figures
        self.shown = [row for row in self.rows if matches(row, words, figures(row))]
        cells: list[tuple[str, ...]] = [
            (str(row["label"]), self.source(row), figures(row),
             *((self.audit.worth(row),) if self.audit.data is not None else ()),
             str(row.get("file", ""))) for row in self.shown]
        widths = column_widths(cells, table.size.width, self.headers)
        self.fitted_to = table.size.width  # the width the table was last cut to
        table.add_columns(*(cut(header, width) for header, width in zip(self.headers, widths,
                                                                          strict=False)))
        for row_cells in cells:
            table.add_row(*(cut(text, width) for text, width in zip(row_cells, widths,
                                                                    strict=False)))
        if table.row_count:
            table.move_cursor(row=min(row_now, table.row_count - 1))
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
            measured = self.audit.details(row)
            if measured:
                note.append("Measured worth (the last audit):\n" + "\n".join(measured) + "\n")
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
