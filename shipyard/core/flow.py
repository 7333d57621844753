"""Putting laid-out pieces on pages: strips down columns, blocks on shelves.

A sheet is drawn in pieces, each from (0, 0) on a `Sketch`, then placed:

- a `Strip` is a band of a given width and height (a row of boxes, a table,
  a paragraph of rules); `Columns` flows strips down the columns of a page
  and on to the next page, and `flow` pours them into given regions (the room
  left beside and below other things).
- a `Block` is a form whose rows may stretch (a power form, an acceleration
  record, a fighter's card with none); `pack` sets blocks on shelves, one
  whole-width block or two half-width ones a shelf, as many shelves a page as
  fit at the smallest row pitch, then stretches every row of a page alike so
  that the page is filled, up to the largest pitch.

Every piece keeps a block name of its own, so the text backend prints each
one whole, in the order placed.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from shipyard.core.drawing import MARGIN, Canvas, Primitive, Sketch

GAP = 5.0  # mm between columns, shelves and blocks


@dataclass(frozen=True)
class Strip:
    """Primitives drawn from (0, 0), `height` mm tall, printed under `block` on `sheet`."""

    height: float
    items: tuple[Primitive, ...]
    block: str
    sheet: str = ""


def strip(sketch: Sketch, height: float, sheet: str = "") -> Strip:
    return Strip(height, tuple(sketch.items), sketch.block, sheet)


@dataclass(frozen=True)
class Region:
    """Room on the current page: a column `width` wide from (`x`, `y`), `height` tall."""

    x: float
    y: float
    width: float
    height: float


def column_width(canvas: Canvas, count: int, gap: float = GAP) -> float:
    return (canvas.inner - gap * (count - 1)) / count


def columns_below(canvas: Canvas, count: int = 2, gap: float = GAP) -> list[Region]:
    """The rest of the current page, from `canvas.y` down, as `count` columns."""
    width = column_width(canvas, count, gap)
    height = canvas.bottom - canvas.y
    return [Region(MARGIN + k * (width + gap), canvas.y, width, height) for k in range(count)]


def _put(canvas: Canvas, piece: Strip, x: float, y: float) -> None:
    canvas.place(piece.items, x, y)  # each primitive keeps the block it was drawn in
    if piece.sheet:
        canvas.holds(piece.sheet)


def stacked_height(heights: Sequence[float], gap: float) -> float:
    """The height of strips one under the other, `gap` mm apart."""
    return sum(heights) + gap * max(len(heights) - 1, 0)


def balanced_cut(heights: Sequence[float], gap: float) -> int:
    """Where to cut a run of strips into two columns of the most even height."""
    def tallest(cut: int) -> float:
        return max(stacked_height(heights[:cut], gap), stacked_height(heights[cut:], gap))

    return min(range(len(heights) + 1), key=tallest)


def fitting(regions: Sequence[Region], heights: Sequence[float], gap: float = 2.0) -> int:
    """How many strips of these heights `flow` would place in the regions."""
    placed = 0
    for region in regions:
        y = region.y
        while placed < len(heights) and y + heights[placed] <= region.y + region.height + 0.01:
            y += heights[placed] + gap
            placed += 1
    return placed


def flow(canvas: Canvas, strips: Sequence[Strip], regions: Sequence[Region],
         gap: float = 2.0) -> list[Strip]:
    """Strips down the regions of the current page in turn; those left over."""
    left = list(strips)
    for region in regions:
        y = region.y
        while left and y + left[0].height <= region.y + region.height + 0.01:
            _put(canvas, left[0], region.x, y)
            y += left.pop(0).height + gap
    return left


def fits_columns(heights: Sequence[float], room: float, count: int = 2,
                 strip_gap: float = 2.0) -> bool:
    """Whether strips of these heights fit `count` columns `room` mm tall, as `Columns`
    would place them."""
    column, y = 0, 0.0
    for height in heights:
        if y > 0 and y + height > room + 0.01:
            column, y = column + 1, 0.0
        if column >= count or height > room + 0.01:
            return False
        y += height + strip_gap
    return True


class Columns:
    """Strips down `count` columns, left to right, from `canvas.y`, page after page."""

    def __init__(self, canvas: Canvas, count: int = 2, gap: float = GAP,
                 strip_gap: float = 2.0) -> None:
        self.canvas = canvas
        self.count = count
        self.gap = gap
        self.strip_gap = strip_gap
        self.width = column_width(canvas, count, gap)
        self.top = canvas.y
        self.column = 0
        self.y = canvas.y
        self.lowest = canvas.y  # the bottom of the lowest strip on this page

    @property
    def x(self) -> float:
        return MARGIN + self.column * (self.width + self.gap)

    def room(self) -> float:
        return self.canvas.bottom - self.y

    def next_column(self) -> None:
        self.column += 1
        if self.column == self.count:
            self.canvas.new_page()
            self.column = 0
            self.top = self.lowest = self.canvas.y
        self.y = self.top

    def add(self, piece: Strip) -> None:
        """Put `piece` in the current column, or at the top of the next one if it would
        not fit (a strip taller than a whole column starts one of its own)."""
        if self.y > self.top and self.y + piece.height > self.canvas.bottom + 0.01:
            self.next_column()
        _put(self.canvas, piece, self.x, self.y)
        self.y += piece.height + self.strip_gap
        self.lowest = max(self.lowest, self.y - self.strip_gap)

    def finish(self) -> None:
        """Leave the canvas below everything placed on its last page."""
        self.canvas.y = self.lowest


Draw = Callable[[Sketch, float, float], float]  # sketch, width, row pitch -> height drawn


@dataclass(frozen=True)
class Block:
    """A form `span` half-widths wide: `fixed` mm plus `rows` rows of a stretching pitch."""

    span: Literal[1, 2]
    fixed: float
    rows: int
    draw: Draw
    block: str
    sheet: str = ""

    def height(self, pitch: float) -> float:
        return self.fixed + self.rows * pitch


def _shelves(blocks: Sequence[Block]) -> list[list[Block]]:
    """One whole-width block a shelf, or two half-width ones side by side."""
    shelves: list[list[Block]] = []
    for block in blocks:
        last = shelves[-1] if shelves else None
        if block.span == 1 and last is not None and len(last) == 1 and last[0].span == 1:
            last.append(block)
        else:
            shelves.append([block])
    return shelves


def _height(shelves: Sequence[Sequence[Block]], pitch: float, gap: float) -> float:
    return (sum(max(b.height(pitch) for b in shelf) for shelf in shelves)
            + gap * max(len(shelves) - 1, 0))


def _pitch(shelves: Sequence[Sequence[Block]], room: float, low: float, high: float,
           gap: float) -> float:
    """The largest pitch from `low` to `high` at which the shelves fit `room`."""
    if _height(shelves, high, gap) <= room:
        return high
    for _ in range(30):
        trial = (low + high) / 2
        if _height(shelves, trial, gap) <= room:
            low = trial
        else:
            high = trial
    return low


def plan(canvas: Canvas, blocks: Sequence[Block], low: float,
         gap: float = GAP) -> list[list[list[Block]]]:
    """The shelves of each page, as many a page as fit at the smallest pitch `low`."""
    pages: list[list[list[Block]]] = [[]]
    room = canvas.bottom - canvas.y
    used = 0.0
    for shelf in _shelves(blocks):
        height = max(b.height(low) for b in shelf)
        if pages[-1] and used + gap + height > room:
            pages.append([])
            used = 0.0
            room = _full_room(canvas)
        used += (gap if pages[-1] else 0.0) + height
        pages[-1].append(shelf)
    return pages


def pack(canvas: Canvas, blocks: Sequence[Block], low: float, high: float,
         gap: float = GAP) -> list[Region]:
    """Blocks on shelves from `canvas.y` down, page after page, each page's rows stretched
    from `low` toward `high` mm to fill it. A shelf taller than a page gets one alone.
    Returns the room left on the last page: beside a lone half-width block, then below."""
    half = column_width(canvas, 2, gap)
    last_top, last = canvas.y, 2
    for number, shelves in enumerate(plan(canvas, blocks, low, gap)):
        if number:
            canvas.new_page()
        pitch = _pitch(shelves, canvas.bottom - canvas.y, low, high, gap)
        y = canvas.y
        last_top, last = y, 2
        for shelf in shelves:
            last_top, last = y, sum(b.span for b in shelf)
            for column, block in enumerate(shelf):
                width = canvas.inner if block.span == 2 else half
                sketch = Sketch(block.block)
                block.draw(sketch, width, pitch)
                _put(canvas, Strip(0.0, tuple(sketch.items), block.block, block.sheet),
                     MARGIN + column * (half + gap), y)
            y += max(b.height(pitch) for b in shelf) + gap
        canvas.y = y - gap
    below = [Region(r.x, r.y + gap, r.width, r.height - gap) for r in columns_below(canvas)]
    if last == 1:  # the right half beside the last block, then the left column below it
        return [Region(MARGIN + half + gap, last_top, half, canvas.bottom - last_top),
                below[0]]
    return below


def _full_room(canvas: Canvas) -> float:
    """The room of a further page of this canvas, below its heading."""
    probe = copy.copy(canvas)
    probe.pages, probe.sheets = [], []
    probe.new_page()
    probe.new_page()
    return probe.bottom - probe.y
