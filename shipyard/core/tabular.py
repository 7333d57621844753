"""Tables of figures on a sheet: a heading row, a label column, ruled cells.

A game's quick reference prints its tables with `table`: each column as wide
as its widest cell, the spare width shared out, and a table too wide for its
room cut into bands of columns, one under the other, each repeating the label
column (the way a printed chart wraps). Cells are text, so the text backend
prints a table row as a line.
"""

from __future__ import annotations

from collections.abc import Sequence

from shipyard.core.drawing import SMALLEST, Pen, leading, middle, text_width

PAD = 1.6  # mm of air in a cell, both sides together


def _bands(needs: Sequence[float], room: float) -> list[list[int]]:
    """Value columns (by index) in bands that each fit `room`."""
    bands: list[list[int]] = [[]]
    used = 0.0
    for index, need in enumerate(needs):
        if bands[-1] and used + need > room:
            bands.append([])
            used = 0.0
        bands[-1].append(index)
        used += need
    return bands


def table(pen: Pen, x: float, y: float, width: float, rows: Sequence[Sequence[str]], *,
          size: float = SMALLEST, head_row: bool = True, label_width: float | None = None,
          row_height: float | None = None) -> float:
    """`rows` (the first is the heading row when `head_row`; the first cell of each row is
    its label) ruled from (`x`, `y`) within `width`; the height drawn."""
    height = row_height or leading(size) + 0.8
    labels = [row[0] for row in rows]
    label = label_width or max(text_width(t, size, True) for t in labels) + PAD + 1
    count = max(len(row) for row in rows) - 1
    cells = [[row[k + 1] if k + 1 < len(row) else "" for k in range(count)] for row in rows]
    needs = [max(text_width(row[k], size, head_row and r == 0) for r, row in enumerate(cells))
             + PAD for k in range(count)]
    top = y
    for band in _bands(needs, width - label):
        spare = (width - label - sum(needs[k] for k in band)) / len(band)
        widths = [needs[k] + spare for k in band]
        for r, row in enumerate(rows):
            bold_row = head_row and r == 0
            base = middle(y, height, size)
            pen.text(x + 0.8, base, row[0], size, bold=True)
            left = x + label
            for k, cell_width in zip(band, widths, strict=True):
                text = cells[r][k]
                if text:
                    pen.text(left + cell_width / 2, base, text, size, bold=bold_row,
                             anchor="middle")
                left += cell_width
            y += height
            if r < len(rows) - 1:
                pen.line(x, y, x + width, y, 0.3 if bold_row else 0.12)
        band_top = y - height * len(rows)
        pen.rect(x, band_top, width, y - band_top, "frame")
        left = x + label
        pen.line(left, band_top, left, y, 0.25)
        for cell_width in widths[:-1]:
            left += cell_width
            pen.line(left, band_top, left, y, 0.12)
        y += 1.5
    return y - 1.5 - top
