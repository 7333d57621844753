"""Drawing primitives for record sheets, shared by every game and every backend.

A ruleset lays its sheets out as pages of these frozen primitives
(rectangles, text, lines, polygons) in millimetres from the top-left
corner; the SVG, PDF and text backends (`shipyard.render`) only draw them,
so a sheet looks the same in every format. Text is measured in the fonts
the PDF embeds (`shipyard.core.lettering`: Liberation Sans, whose widths are
Helvetica's, and a CJK fallback), which the SVG fonts match closely. Every
text is shown as `visible` makes it: any script as written, a control or
bidi character as its escape.

Lettering is never cut short: a long name shrinks (never below `SMALLEST`
points, the smallest size any sheet prints) and then wraps, and a word too
long for its line is broken across lines. Numbers that are fractions are
written as people write them (`fraction_text`: "27 1/2").
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Literal

from shipyard.core.lettering import advance, widths
from shipyard.core.sheet import written
from shipyard.core.visible import visible

PT = 25.4 / 72  # millimetres per typographic point
PAPERS: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
MARGIN = 10.0
FOOTER_SPACE = 8.0
SMALLEST = 8.0  # points: no text on any sheet is smaller
LEADING = 1.22  # line pitch as a multiple of the text size
MARK_SIZES = (9.0, 8.5, 8.0)  # a box's mark: the largest of these that fits inside it

Anchor = Literal["start", "middle", "end"]


@dataclass(frozen=True)
class Rect:
    """A rectangle: an SSD `box`, a form `cell`, or a `frame` around a block."""

    x: float
    y: float
    w: float
    h: float
    kind: Literal["box", "cell", "frame"] = "frame"
    ref: str = ""
    mark: str = ""
    heavy: bool = False
    block: str = ""


@dataclass(frozen=True)
class Text:
    """Text on a baseline at `y`; `reading` text also appears in the text backend."""

    x: float
    y: float
    text: str
    size: float
    bold: bool = False
    anchor: Anchor = "start"
    reading: bool = True
    block: str = ""

    @property
    def width(self) -> float:
        return text_width(self.text, self.size, self.bold)

    def bounds(self) -> tuple[float, float, float, float]:
        """Left, top, right, bottom of the ink, for overlap checks."""
        width = self.width
        left = self.x - {"start": 0.0, "middle": width / 2, "end": width}[self.anchor]
        height = self.size * PT
        return (left, self.y - 0.75 * height, left + width, self.y + 0.22 * height)


@dataclass(frozen=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    width: float = 0.2
    block: str = ""


@dataclass(frozen=True)
class Polygon:
    """A closed shape: an armor or arc `hexagon`, a shaded `arc` wedge, an `arrow`, a `shade`
    over form cells not to be written in."""

    points: tuple[tuple[float, float], ...]
    kind: Literal["hexagon", "arc", "arrow", "shade"] = "hexagon"
    fill: Literal["none", "grey", "black"] = "none"
    width: float = 0.3
    block: str = ""


Primitive = Rect | Text | Line | Polygon


@dataclass(frozen=True)
class Page:
    width: float
    height: float
    sheet: str
    title: str
    items: tuple[Primitive, ...]


def bounds(item: Primitive) -> tuple[float, float, float, float]:
    """Left, top, right, bottom of any primitive."""
    if isinstance(item, Text):
        return item.bounds()
    if isinstance(item, Rect):
        return (item.x, item.y, item.x + item.w, item.y + item.h)
    if isinstance(item, Line):
        return (min(item.x1, item.x2), min(item.y1, item.y2),
                max(item.x1, item.x2), max(item.y1, item.y2))
    xs = [p[0] for p in item.points]
    ys = [p[1] for p in item.points]
    return (min(xs), min(ys), max(xs), max(ys))


def moved(item: Primitive, dx: float, dy: float, block: str | None = None) -> Primitive:
    """`item` shifted by (`dx`, `dy`), and given `block` when one is named."""
    named = item.block if block is None else block
    if isinstance(item, Rect):
        return Rect(item.x + dx, item.y + dy, item.w, item.h, item.kind, item.ref, item.mark,
                    item.heavy, named)
    if isinstance(item, Text):
        return Text(item.x + dx, item.y + dy, item.text, item.size, item.bold, item.anchor,
                    item.reading, named)
    if isinstance(item, Line):
        return Line(item.x1 + dx, item.y1 + dy, item.x2 + dx, item.y2 + dy, item.width, named)
    return Polygon(tuple((x + dx, y + dy) for x, y in item.points), item.kind, item.fill,
                   item.width, named)


@lru_cache(maxsize=1 << 16)
def text_width(text: str, size: float, bold: bool = False) -> float:
    """Width in millimetres of `text` at `size` points, in the fonts that draw it (as
    `visible` shows it). Kept: a layout measures the same words many times over."""
    table = widths("sans-bold" if bold else "sans")
    total = 0
    for char in visible(text):
        width = table.get(ord(char))
        total += width if width is not None else advance(char, bold)
    return total * size * PT / 1000


def leading(size: float) -> float:
    """Millimetres from one baseline to the next for text of `size` points."""
    return size * PT * LEADING


def _pieces(word: str, size: float, width: float, bold: bool) -> list[str]:
    """A word too wide for its line, broken into pieces that fit (at least a character)."""
    pieces: list[str] = []
    current = ""
    for char in word:
        if current and text_width(current + char, size, bold) > width:
            pieces.append(current)
            current = char
        else:
            current += char
    return [*pieces, current]


def wrap(text: str, size: float, width: float, bold: bool = False) -> list[str]:
    """`text` (as `visible` shows it) broken into lines no wider than `width`; nothing is
    left out: a word wider than the line is broken across lines."""
    lines: list[str] = []
    current = ""
    for word in visible(text).split():
        trial = f"{current} {word}" if current else word
        if text_width(trial, size, bold) <= width:
            current = trial
            continue
        if current:
            lines.append(current)
        *whole, current = _pieces(word, size, width, bold)
        lines.extend(whole)
    if current or not lines:
        lines.append(current)
    return lines


def fitted(text: str, size: float, width: float, *, bold: bool = False,
           smallest: float = SMALLEST, lines: int = 1) -> tuple[float, list[str]]:
    """The largest size from `size` down to `smallest` (half points) at which `text` fits
    `width` in at most `lines` lines, and its lines; at `smallest`, as many lines as it
    takes. Never cut."""
    trial = size
    while True:
        found = wrap(text, trial, width, bold)
        if len(found) <= lines or trial <= smallest:
            return trial, found
        trial = max(smallest, trial - 0.5)


def fraction_text(value: Fraction | int | float | str) -> str:
    """A figure as people write it in the rules, a mixed number: "27 1/2", "1/4", "3"
    (`core.sheet.written`, the one writer of figures for people)."""
    return written(value, mixed=True)


def middle(y_top: float, height: float, size: float) -> float:
    """The baseline that centres text of `size` points in a band."""
    return y_top + height / 2 + 0.3 * size * PT


def mark_size(box: Rect) -> float:
    """Point size of a box's mark: the largest of `MARK_SIZES` that fits inside the box."""
    for size in MARK_SIZES:
        if text_width(box.mark, size, True) <= box.w - 0.6:
            return size
    return MARK_SIZES[-1]


def mark_room(mark: str) -> float:
    """The narrowest box whose mark is drawn at the smallest mark size."""
    return text_width(mark, MARK_SIZES[-1], True) + 0.6


class Pen:
    """Drawing calls shared by a page `Canvas` and a `Sketch`: each adds primitives tagged
    with the current `block` (the text backend prints a page block by block)."""

    block: str = ""

    def add(self, item: Primitive) -> None:
        raise NotImplementedError

    def text(self, x: float, y: float, text: str, size: float, *, bold: bool = False,
             anchor: Anchor = "start", reading: bool = True) -> None:
        if size < SMALLEST:
            raise ValueError(f"text of {size} pt is below the smallest size, {SMALLEST} pt")
        self.add(Text(x, y, visible(text), size, bold, anchor, reading, self.block))

    def lines(self, x: float, y: float, lines: Sequence[str], size: float, *,
              bold: bool = False, anchor: Anchor = "start", reading: bool = True) -> float:
        """Lines of text from the baseline `y` down; the baseline after the last one."""
        for line in lines:
            self.text(x, y, line, size, bold=bold, anchor=anchor, reading=reading)
            y += leading(size)
        return y

    def paragraph(self, x: float, y: float, width: float, text: str, size: float, *,
                  bold: bool = False) -> float:
        """Wrapped text whose first line's top is `y`; the y just below its last line."""
        found = wrap(text, size, width, bold)
        self.lines(x, y + 0.75 * size * PT, found, size, bold=bold)
        return y + len(found) * leading(size)

    def rect(self, x: float, y: float, w: float, h: float, kind: Literal["box", "cell", "frame"],
             *, ref: str = "", mark: str = "", heavy: bool = False) -> None:
        self.add(Rect(x, y, w, h, kind, ref, visible(mark), heavy, self.block))

    def line(self, x1: float, y1: float, x2: float, y2: float, width: float = 0.2) -> None:
        self.add(Line(x1, y1, x2, y2, width, self.block))

    def polygon(self, points: Iterable[tuple[float, float]],
                kind: Literal["hexagon", "arc", "arrow", "shade"],
                fill: Literal["none", "grey", "black"] = "none", width: float = 0.3) -> None:
        self.add(Polygon(tuple(points), kind, fill, width, self.block))


class Canvas(Pen):
    """Collects primitives of one sheet, adding pages as the content flows."""

    def __init__(self, name: str, draft: bool, sheet: str, title: str,
                 paper: tuple[float, float], own_title_block: bool = False) -> None:
        self.name = name
        self.draft = draft
        self.sheet = sheet
        self.title = title
        self.own_title_block = own_title_block
        self.width, self.height = paper
        self.pages: list[list[Primitive]] = []
        self.sheets: list[list[str]] = []  # the sheets each page holds, in order
        self.block = ""
        self.y = MARGIN
        self.new_page()

    @property
    def inner(self) -> float:
        return self.width - 2 * MARGIN

    @property
    def bottom(self) -> float:
        return self.height - MARGIN - FOOTER_SPACE

    def add(self, item: Primitive) -> None:
        self.pages[-1].append(item)

    def place(self, items: Iterable[Primitive], x: float, y: float,
              block: str | None = None) -> None:
        """Primitives drawn from (0, 0) (a `Sketch`), put at (`x`, `y`) on this page."""
        self.pages[-1].extend(moved(item, x, y, block) for item in items)

    def holds(self, sheet: str) -> None:
        """Say that the current page holds (part of) `sheet`."""
        if sheet not in self.sheets[-1]:
            self.sheets[-1].append(sheet)

    def new_page(self) -> None:
        """Start a page with the sheet's heading (`heading`)."""
        self.pages.append([])
        self.sheets.append([self.sheet] if self.sheet else [])
        self.block = "heading"
        self.heading(len(self.pages) == 1)
        if self.draft:
            self.draft_mark()

    def heading(self, first: bool) -> None:
        """The sheet's title and the craft's name over a rule; the first page may have a
        title block of its sheet's own instead. Leaves `y` below it."""
        if self.own_title_block and first:
            self.y = MARGIN  # the sheet's own title block follows
            return
        more = "" if first else " (continued)"
        room = self.inner - (30 if self.draft else 0)
        size, lines = fitted(f"{self.title}{more}", 13, room, bold=True, smallest=10, lines=2)
        y = self.lines(MARGIN, MARGIN + 0.75 * size * PT, lines, size, bold=True)
        name_size, names = fitted(self.name or "(unnamed)", 9.5, room, bold=True)
        y = self.lines(MARGIN, y + 0.3, names, name_size, bold=True) - 1.5
        self.line(MARGIN, y, MARGIN + self.inner, y, 0.4)
        self.y = y + 4

    def draft_mark(self) -> None:
        size = 15.0
        right = MARGIN + self.inner - 1.5
        width = text_width("DRAFT", size, True)
        self.text(right, MARGIN + 6.5, "DRAFT", size, bold=True, anchor="end")
        self.rect(right - width - 1.5, MARGIN, width + 3, 8.5, "frame", heavy=True)

    def need(self, height: float) -> bool:
        """Make room for `height` mm; True if a new page was started."""
        if self.y + height <= self.bottom:
            return False
        self.new_page()
        return True

    def footer(self, left: str, right: str, page: str) -> list[Text]:
        """The footer at `SMALLEST` points: `left` and `page` ("page 2 of 3") at the left,
        `right` at the right; the left part takes a second line above if it must, and a
        name too long even for two lines is left to the page's heading."""
        size = SMALLEST
        y = self.height - MARGIN
        room = self.inner - text_width(right, size) - 4
        left_lines = wrap(f"{left} - {page}", size, room)
        if len(left_lines) > 2:
            left_lines = wrap(f"{self.title} - {page}", size, room)
        top = y - leading(size) * (len(left_lines) - 1)
        found = [Text(MARGIN, top + k * leading(size), line, size, block="footer")
                 for k, line in enumerate(left_lines)]
        found.append(Text(MARGIN + self.inner, y, visible(right), size, anchor="end",
                          block="footer"))
        return found

    def finish(self, footer_left: str, footer_right: str) -> list[Page]:
        count = len(self.pages)
        out = []
        for number, (items, sheets) in enumerate(zip(self.pages, self.sheets, strict=True),
                                                 start=1):
            items.extend(self.footer(footer_left, footer_right, f"page {number} of {count}"))
            title = self.title + (f" ({number}/{count})" if count > 1 else "")
            out.append(Page(self.width, self.height, "+".join(sheets), title, tuple(items)))
        return out


class PackCanvas(Canvas):
    """Pages that several craft share (turn records, fighters' cards): a one-line heading,
    "title: names", so that what is packed on them gets the room; each piece names its own
    craft."""

    def heading(self, first: bool) -> None:
        room = self.inner - (30 if self.draft else 0)
        size, lines = fitted(f"{self.title}: {self.name}", 11, room, bold=True, lines=2)
        y = self.lines(MARGIN, MARGIN + 0.75 * size * PT, lines, size, bold=True) - 2.2
        if self.draft:
            y = max(y, MARGIN + 9.5)
        self.line(MARGIN, y, MARGIN + self.inner, y, 0.4)
        self.y = y + 3


class Sketch(Pen):
    """Primitives drawn from (0, 0), to be placed on a page later (`Canvas.place`)."""

    def __init__(self, block: str = "") -> None:
        self.items: list[Primitive] = []
        self.block = block

    def add(self, item: Primitive) -> None:
        self.items.append(item)
