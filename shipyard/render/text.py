"""Draw laid-out pages as plain text or Markdown for the terminal.

The text follows the same layout as the SVG and PDF: within each block of a
page, primitives on the same line of the page become one line of text, placed
by their distance from the left margin. Boxes print as `[ ]`, with their mark
(a radar number, a drone weapon) inside; diagram-only labels are left out.

Every line fits `WIDTH` columns: a block whose lines would be wider is set
closer (more millimetres to a column, the same for the whole block, so its
columns stay aligned), and a line no spacing can fit (a paragraph of notes)
is wrapped at its spaces.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from shipyard.core.drawing import MARGIN, PT, Page, Primitive, Rect, Text

MM_PER_CHAR = 1.6  # a block is set no wider than this; closer when it must be to fit
WIDTH = 100  # columns of every line of a text export
_CLOSEST = 4.0  # mm a column at most: beyond it a block's columns would run together


def _centre(item: Rect | Text) -> float:
    if isinstance(item, Rect):
        return item.y + item.h / 2
    return item.y - 0.27 * item.size * PT


def _left(item: Rect | Text) -> float:
    if isinstance(item, Rect):
        return item.x
    return item.bounds()[0]


def _column(x: float, scale: float = MM_PER_CHAR) -> int:
    return round((x - MARGIN) / scale)


def _start(item: Rect | Text, scale: float, left: float) -> int:
    """The column an item starts at; right-aligned and centred text keep their alignment."""
    if isinstance(item, Rect) or item.anchor == "start":
        return _column(left, scale)
    if item.anchor == "end":
        return max(0, _column(item.x, scale) - len(item.text))
    return max(0, _column(item.x, scale) - len(item.text) // 2)


Moves = list[tuple[float, int]]  # (mm from the page's left, columns): all right of it moves
Row = list[tuple[float, Rect | Text]]  # a row's items from the left, each with its left edge


def _row(items: list[Rect | Text]) -> Row:
    return sorted(((_left(item), item) for item in items), key=lambda placed: placed[0])


def _moved(moves: Moves, left: float) -> int:
    """Columns an item starting at `left` moves right: every move made at or left of it."""
    return sum(columns for x, columns in moves if x <= left + 0.05)


def _line(row: Row, scale: float = MM_PER_CHAR,
          moves: Moves | None = None) -> tuple[str, Moves]:
    """One row as text, moved by `moves` (made in rows set before); and the moves this
    row needed besides, where an item had to make room for the one before it."""
    moves = list(moves or [])
    more: Moves = []
    out = ""
    previous: Rect | Text | None = None
    for left, item in row:
        natural = _start(item, scale, left)
        placed = start = natural + _moved(moves, left)
        touching = (isinstance(item, Rect) and isinstance(previous, Rect)
                    and item.x - (previous.x + previous.w) < 1.0)
        if touching:
            start = len(out)
        elif out and start < len(out) + 1:
            start = len(out) + 1
        if start > placed and not touching:
            moves.append((left, start - placed))
            more.append(moves[-1])
        if isinstance(item, Text):
            token = item.text
        elif item.kind == "cell":
            # A cell spans to its own right edge, so columns stay under their headings.
            end = max(start + 3, _column(item.x + item.w, scale) + start - natural)
            token = "[" + " " * (end - start - 2) + "]"
        else:
            token = f"[{item.mark or ' '}]"
        out = out.ljust(start) + token
        previous = item
    return out.rstrip(), more


def _set(rows: list[Row], scale: float) -> list[str]:
    """A block's rows at `scale`; where one row must move an item right to make room,
    everything right of it moves in every row, so that the block's columns stay aligned
    (a long label moves its whole column of boxes, and their headings)."""
    moves: Moves = []
    lines: list[str] = []
    for _ in range(len(rows) + 1):  # each pass settles at least one more row
        lines, before = [], len(moves)
        for row in rows:
            line, more = _line(row, scale, moves)
            lines.append(line)
            moves += more
        if len(moves) == before:
            break
    return lines


def _readable(item: Primitive) -> bool:
    if isinstance(item, Text):
        return item.reading
    return isinstance(item, Rect) and item.kind != "frame"


def page_lines(page: Page) -> list[str]:
    """The lines of one page, block by block in layout order."""
    blocks: dict[str, list[Rect | Text]] = {}
    for item in page.items:
        if _readable(item) and isinstance(item, Rect | Text):
            blocks.setdefault(item.block, []).append(item)
    lines: list[str] = []
    for items in blocks.values():
        rows: list[list[Rect | Text]] = []
        for item in sorted(items, key=_centre):
            if rows and abs(_centre(item) - _centre(rows[-1][0])) < 1.6:
                rows[-1].append(item)
            else:
                rows.append([item])
        lines.extend(_block([_row(row) for row in rows]))
        lines.append("")
    return lines


def _block(rows: list[Row]) -> list[str]:
    """A block's lines, set as wide as the page allows within `WIDTH` columns."""
    # Rows that fit at all (set as close as can be); the others are wrapped below.
    fits = [len(_line(row, 1e9)[0]) <= WIDTH for row in rows]

    def widest(lines: list[str]) -> int:
        return max((len(line) for line, fit in zip(lines, fits, strict=True) if fit), default=0)
    scale = MM_PER_CHAR
    lines = _set(rows, scale)
    if widest(lines) > WIDTH:
        # Were every column to close in alike, this scale would fit; text does not shrink,
        # so the one that fits is no smaller: start there, then close in a step at a time.
        scale = max(MM_PER_CHAR, math.floor(scale * widest(lines) / WIDTH * 10) / 10)
        lines = _set(rows, scale)
    while scale < _CLOSEST and widest(lines) > WIDTH:
        scale += 0.1
        lines = _set(rows, scale)
    prose = [len(row) == 1 and isinstance(row[0][1], Text) for row in rows]
    return _flowed(lines, prose)


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _flowed(lines: list[str], prose: list[bool]) -> list[str]:
    """Lines wrapped to `WIDTH`; a line of prose cut short runs on into the next line of
    the same paragraph (prose at the same indent, the sentence not ended), as a reader
    expects, rather than leaving a stub of a word or two on a line of its own."""
    out: list[str] = []
    carry = ""
    for index, line in enumerate(lines):
        if carry:
            line = " " * _indent(line) + carry + " " + line.lstrip(" ")
        parts = _wrapped(line)
        carry = ""
        runs_on = (index + 1 < len(lines) and prose[index] and prose[index + 1]
                   and _indent(lines[index + 1]) == _indent(line))
        if len(parts) > 1 and runs_on and not parts[-1].rstrip().endswith((".", ":")):
            carry = parts.pop().strip()
        out += parts
    return out


def _wrapped(line: str) -> list[str]:
    """A line cut at its spaces into lines of `WIDTH` columns, each under the first's text."""
    indent = len(line) - len(line.lstrip(" "))
    parts: list[str] = []
    while len(line) > WIDTH:
        cut = line.rfind("  ", indent + 1, WIDTH + 1)  # between two items of the line
        if cut <= indent:
            cut = line.rfind(" ", indent + 1, WIDTH + 1)  # else between two words
        if cut <= indent:  # one word longer than the room: cut it where the room ends
            cut = WIDTH
        parts.append(line[:cut].rstrip())
        line = " " * indent + line[cut:].lstrip(" ")
    return [*parts, line]


def _body(page: Page) -> list[str]:
    """A page's lines without its heading, which the backends print as a title."""
    lines = page_lines(page)
    return lines[1:] if lines and lines[0] == page.title else lines


def render_text(pages: Sequence[Page]) -> str:
    out: list[str] = []
    for page in pages:
        out.append(page.title)
        out.append("=" * len(page.title))
        out.extend(_body(page))
    return "\n".join(out).rstrip() + "\n"


def render_markdown(pages: Sequence[Page]) -> str:
    out: list[str] = []
    for page in pages:
        out.append(f"## {page.title}")
        out.append("")
        out.append("```text")
        out.extend(_body(page))
        while out[-1] == "":
            out.pop()
        out.append("```")
        out.append("")
    return "\n".join(out).rstrip() + "\n"
