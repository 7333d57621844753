"""The compare screen's table: one column per design, a row per figure, as `shipyard compare`.

Plain functions on the services' rows; the screen only owns the table widget.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import DataTable

from shipyard.core.neutral import Evaluation
from shipyard.core.visible import visible
from shipyard.services.compare import Row

SECTION_TITLES = {"figures": "Figures", "boxes": "Boxes per system", "points": "Points per group"}


LABEL_WIDTH = 14  # characters of a design's name over its column, at most


def labels_of(picked: list[tuple[str, Evaluation]]) -> list[str]:
    """Column titles: the design's name, told apart by its source when two share one."""
    names = [visible(e.design.name or source) for source, e in picked]
    return [name if names.count(name) == 1 else f"{name} ({source})"
            for name, (source, _) in zip(names, picked, strict=True)]


def fill_table(table: DataTable[Text], labels: list[str], rows: list[Row]) -> None:
    """One column per design; a figure where the designs differ is marked * in yellow."""
    names = [2 + len(row.key) for row in rows] + \
        [len(SECTION_TITLES.get(row.section, row.section)) for row in rows]
    table.add_column("Figure", key="figure", width=max([len("Figure"), *names]))
    for index, label in enumerate(labels):
        values = [len(text) for row in rows for text in row.shown()[index:index + 1]]
        # A long name is cut with "…" to its figures' width (the list of designs shows it
        # whole), so that more designs stand side by side.
        width = max([min(len(label), LABEL_WIDTH), *values])
        shown = label if len(label) <= width else label[:width - 1] + "…"
        table.add_column(shown, key=f"design-{index}", width=width)
    section = ""
    for row in rows:
        if row.section != section:
            section = row.section
            table.add_row(Text(SECTION_TITLES.get(section, section), style="bold"),
                          *[Text("") for _ in labels])
        style = "yellow" if row.differs else ""
        figure = Text("* " if row.differs else "  ", style=style)
        figure.append(row.key.replace("_", " "))
        table.add_row(figure,
                      *[Text(text, style=style, justify="right") for text in row.shown()],
                      key=f"{row.section}:{row.key}")

