"""Drawing primitives for record sheets, shared by every game and every backend.

A ruleset lays its sheets out as pages of these frozen primitives
(rectangles, text, lines, polygons) in millimetres from the top-left
corner; the SVG, PDF and text backends (`shipyard.render`) only draw them,
so a sheet looks the same in every format. Text is measured in the fonts
the PDF embeds (`shipyard.core.lettering`: Liberation Sans, whose widths are
Helvetica's, and a CJK fallback), which the SVG fonts match closely. Every
text is shown as `visible` makes it: any script as written, a control or
bidi character as its escape.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from shipyard.core.lettering import advance, widths
from shipyard.core.visible import visible

PT = 25.4 / 72  # millimetres per typographic point
PAPERS: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
MARGIN = 10.0
FOOTER_SPACE = 8.0

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
    """A closed shape: an armor or arc `hexagon`, a shaded `arc` wedge, an `arrow`."""

    points: tuple[tuple[float, float], ...]
    kind: Literal["hexagon", "arc", "arrow"] = "hexagon"
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


def text_width(text: str, size: float, bold: bool = False) -> float:
    """Width in millimetres of `text` at `size` points, in the fonts that draw it (as
    `visible` shows it)."""
    table = widths("sans-bold" if bold else "sans")
    total = 0
    for char in visible(text):
        width = table.get(ord(char))
        total += width if width is not None else advance(char, bold)
    return total * size * PT / 1000


def fit(text: str, size: float, width: float, bold: bool = False) -> str:
    """`text` (as `visible` shows it), cut short with '...' if it is wider than `width`."""
    text = visible(text)
    if text_width(text, size, bold) <= width:
        return text
    while text and text_width(text + "...", size, bold) > width:
        text = text[:-1]
    return text.rstrip() + "..."


def wrap(text: str, size: float, width: float, bold: bool = False) -> list[str]:
    """`text` broken into lines no wider than `width` (a long word is cut short)."""
    lines: list[str] = []
    current = ""
    for word in visible(text).split():
        trial = f"{current} {word}" if current else word
        if text_width(trial, size, bold) <= width:
            current = trial
            continue
        if current:
            lines.append(current)
        current = fit(word, size, width, bold)
    if current or not lines:
        lines.append(current)
    return lines


def middle(y_top: float, height: float, size: float) -> float:
    """The baseline that centres text of `size` points in a band."""
    return y_top + height / 2 + 0.3 * size * PT


class Canvas:
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

    def text(self, x: float, y: float, text: str, size: float, *, bold: bool = False,
             anchor: Anchor = "start", reading: bool = True) -> None:
        self.add(Text(x, y, visible(text), size, bold, anchor, reading, self.block))

    def rect(self, x: float, y: float, w: float, h: float, kind: Literal["box", "cell", "frame"],
             *, ref: str = "", mark: str = "", heavy: bool = False) -> None:
        self.add(Rect(x, y, w, h, kind, ref, visible(mark), heavy, self.block))

    def line(self, x1: float, y1: float, x2: float, y2: float, width: float = 0.2) -> None:
        self.add(Line(x1, y1, x2, y2, width, self.block))

    def polygon(self, points: Iterable[tuple[float, float]],
                kind: Literal["hexagon", "arc", "arrow"],
                fill: Literal["none", "grey", "black"] = "none", width: float = 0.3) -> None:
        self.add(Polygon(tuple(points), kind, fill, width, self.block))

    def new_page(self) -> None:
        """Start a page with the sheet's heading; the first SSD page has a title block."""
        self.pages.append([])
        self.block = "heading"
        first = len(self.pages) == 1
        title = self.title
        if self.own_title_block and first:
            self.y = MARGIN  # the sheet's own title block follows
        else:
            more = "" if first else " (continued)"
            self.text(MARGIN, MARGIN + 5, fit(f"{title}{more}", 13, self.inner - 45), 13,
                      bold=True)
            self.text(MARGIN, MARGIN + 10.5, fit(self.name or "(unnamed)", 9,
                                                 self.inner - 45), 9, bold=True)
            self.line(MARGIN, MARGIN + 13, MARGIN + self.inner, MARGIN + 13, 0.4)
            self.y = MARGIN + 17
        if self.draft:
            self.draft_mark()

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

    def finish(self, footer_left: str, footer_right: str) -> list[Page]:
        count = len(self.pages)
        out = []
        for number, items in enumerate(self.pages, start=1):
            y = self.height - MARGIN
            left = f"{footer_left} - page {number} of {count}"
            half = self.inner / 2 - 2
            items.append(Text(MARGIN, y, visible(fit(left, 6.5, half)), 6.5, block="footer"))
            items.append(Text(MARGIN + self.inner, y, visible(fit(footer_right, 6.5, half)),
                              6.5, anchor="end", block="footer"))
            title = self.title + (f" ({number}/{count})" if count > 1 else "")
            out.append(Page(self.width, self.height, self.sheet, title, tuple(items)))
        return out


