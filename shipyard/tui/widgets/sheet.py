"""The live sheet: total against the budget, the game's figures, and every priced line.

Redrawn from the evaluation after every edit; it computes nothing itself
beyond the layout, so it always shows exactly what the rules core priced.
"""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.text import Text
from textual.widget import Widget

from shipyard.core.catalog_files import catalog_root
from shipyard.core.neutral import Evaluation, Ruleset
from shipyard.core.protocol import Catalog
from shipyard.core.sheet import Priced, marked, written
from shipyard.core.visible import visible
from shipyard.services.house import changed_lines

BAR_WIDTH = 18


def budget_bar(total: int, budget: int | None) -> Text:
    """A bar of the budget used; red once the design is over it."""
    if budget is None:
        return Text("no budget set (Ctrl+B sets one)", style="dim")
    over = total > budget
    share = 1.0 if budget <= 0 else min(1.0, total / budget)
    filled = round(share * BAR_WIDTH)
    style = "bold red" if over else "bold green"
    bar = Text("█" * filled, style=style)
    bar.append("░" * (BAR_WIDTH - filled), style="dim")
    left = budget - total
    bar.append(f" {total} / {budget}, ", style=style)
    bar.append(f"over by {-left}" if over else f"{left} left", style=style)
    return bar


LABEL = 13


def _row(label: str, value: str) -> Text:
    row = Text(f"{label:<{LABEL}}", style="bold")
    row.append(value)
    return row


def figures(evaluation: Evaluation) -> list[Text]:
    return [_row(label, value) for label, value in evaluation.ruleset.panel_rows(evaluation)]


def breakdown(sheet: Priced, width: int, house: tuple[bool, ...] = ()) -> list[Text]:
    """Item, boxes, points and rule, one line each, the item cut to fit `width`; a line
    a house catalog prices otherwise than the bundled one (`house`) says "house"."""
    item_width = max(8, width - 20)
    rows = [Text(f"{'Item':<{item_width}} {'Boxes':>5} {'Points':>6}  Rule", style="bold")]
    for index, line in enumerate(sheet.lines):
        item = line.item if len(line.item) <= item_width else line.item[:item_width - 1] + "…"
        row = Text(f"{item:<{item_width}} {line.boxes or '':>5} {written(line.price):>6}  ")
        if index < len(house) and house[index]:
            row.append("house", style="bold magenta")
        else:
            row.append(f"{line.rule}{'*' if marked(line) else ''}", style="dim")
        rows.append(row)
    return rows


def bundled(ruleset: Ruleset, catalog: Catalog) -> bool:
    """Whether the catalog is the one shipped with Shipyard (not house rules)."""
    shipped = catalog_root() / ruleset.name
    return Path(catalog.folder).resolve() == shipped.resolve()


def catalog_line(ruleset: Ruleset, catalog: Catalog) -> str:
    """Which catalog prices the design: name, version, digest, folder, bundled or not."""
    manifest = catalog.manifest
    shipped = bundled(ruleset, catalog)
    # The bundled folder relative to the package (catalog/<game>), the same on every machine.
    folder = Path(catalog.folder).resolve().relative_to(catalog_root().resolve().parent) \
        if shipped else Path(catalog.folder)
    return (f"{manifest.title} catalog {manifest.version} "
            f"({'bundled' if shipped else 'house rules'}) · digest {catalog.digest[:12]} · "
            f"{folder}")


def house_rules(evaluation: Evaluation) -> str | None:
    """The sheet's one line about a catalog that is not the bundled one; None if bundled."""
    catalog = evaluation.catalog
    if bundled(evaluation.ruleset, catalog):
        return None
    return (f"House rules: {catalog.folder} (catalog {catalog.manifest.version}, "
            f"{catalog.digest[:12]})")


def sheet_view(evaluation: Evaluation, budget: int | None, width: int = 44,
               compact: bool = False) -> Text:
    """The sheet panel's lines; `compact` (a narrow terminal, the panel a few lines high)
    leaves out the blank line under the state, so that the size class is still in sight."""
    sheet, design = evaluation.sheet, evaluation.design
    title = Text(visible(design.name) or "(unnamed)", style="bold")  # one line, as the CLI
    title.append(f"   {evaluation.ruleset.kind_words(evaluation)}", style="italic")
    total = Text(f"Total {sheet.total} point{'s' if sheet.total != 1 else ''}", style="bold")
    if sheet.exact_total.denominator != 1:
        total.append(f"  (exact {written(sheet.exact_total)}, R2)", style="dim")
    errors = sum(1 for i in evaluation.issues if i.severity == "error")
    state = Text("LEGAL" if not errors else f"DRAFT: {errors} error{'s' if errors > 1 else ''}",
                 style="bold green" if not errors else "bold red")
    house = house_rules(evaluation)
    rows = [title, *([Text(house, style="bold magenta")] if house else []),
            total, budget_bar(sheet.total, budget if budget is not None
                              else evaluation.ruleset.budget(evaluation.catalog)),
            state, *([] if compact else [Text()]),
            *figures(evaluation), Text(),
            *breakdown(sheet, width, changed_lines(evaluation) if house else ())]
    if any(marked(line) for line in sheet.lines):  # the footnote only under a `*`
        rows.append(Text("* rests on a ruling or a reconstructed table (F3: catalog)",
                         style="dim italic"))
    return Text("\n").join(rows)


class SheetPanel(Widget):
    """The always-visible sheet of the design being edited.

    Drawn as plain lines; the layout is redone only when the number of lines
    changes, which keeps a keypress well inside one frame.
    """

    DEFAULT_CSS = """
    SheetPanel { height: auto; padding: 0 1; }
    """

    def __init__(self, id: str | None = None) -> None:
        super().__init__(id=id)
        self.shown = Text()
        self.source: tuple[Evaluation, int | None] | None = None

    @property
    def compact(self) -> bool:
        """Under the editor (a narrow terminal): the sheet's essentials in fewer lines."""
        return self.screen.has_class("-narrow")

    def show(self, evaluation: Evaluation, budget: int | None) -> None:
        self.source = (evaluation, budget)
        lines = len(self.shown.plain.splitlines())
        self.shown = sheet_view(evaluation, budget, self.content_size.width or 44,
                                self.compact)
        self.refresh(layout=len(self.shown.plain.splitlines()) != lines)

    def on_resize(self) -> None:
        if self.source is not None:
            self.shown = sheet_view(*self.source, self.content_size.width or 44, self.compact)
            self.refresh(layout=True)

    def render(self) -> Text:
        return self.shown


def fit(text: Text, width: int, height: int = 1) -> Text:
    """`text` wrapped into `height` lines of `width`; if it needs more, cut at a word, "…".

    A hint cut mid-word by the edge of the screen reads as a different word;
    an ellipsis says there is more.
    """
    if width <= 0 or height <= 0:
        return text
    lines = text.wrap(Console(width=width, no_color=False), width, overflow="fold")
    if len(lines) <= height:
        return text
    last = lines[height - 1]
    last.rstrip()
    plain = last.plain
    room = width - 1  # columns left for the last line's words, before "…"
    if len(plain) > room:
        space = plain.rfind(" ", 0, room + 1)
        last = last[:space if space > 0 else room]
        last.rstrip()
    last.append("…")
    kept = [*lines[:height - 1], last]
    return Text("\n").join([line.copy() for line in kept])


class Line(Widget):
    """Fixed-height text that redraws without a new layout (the hint line).

    Text too long for its lines ends with "…" at a word boundary.
    """

    def __init__(self, id: str | None = None) -> None:
        super().__init__(id=id)
        self.text = Text()

    def show(self, text: Text) -> None:
        if text != self.text:
            self.text = text
            self.refresh()

    def on_resize(self) -> None:
        self.refresh()

    def render(self) -> Text:
        return fit(self.text, self.content_size.width, self.content_size.height)
