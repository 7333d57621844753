"""Draw laid-out pages as plain text or Markdown for the terminal.

The text follows the same layout as the SVG and PDF: within each block of a
page, primitives on the same line of the page become one line of text, placed
by their distance from the left margin. Boxes print as `[ ]`, with their mark
(a radar number, a drone weapon) inside; diagram-only labels are left out.
"""

from __future__ import annotations

from collections.abc import Sequence

from shipyard.core.drawing import MARGIN, PT, Page, Primitive, Rect, Text

MM_PER_CHAR = 1.6


def _centre(item: Rect | Text) -> float:
    if isinstance(item, Rect):
        return item.y + item.h / 2
    return item.y - 0.27 * item.size * PT


def _left(item: Rect | Text) -> float:
    if isinstance(item, Rect):
        return item.x
    return item.bounds()[0]


def _column(x: float) -> int:
    return round((x - MARGIN) / MM_PER_CHAR)


def _start(item: Rect | Text) -> int:
    """The column an item starts at; right-aligned and centred text keep their alignment."""
    if isinstance(item, Rect) or item.anchor == "start":
        return _column(_left(item))
    if item.anchor == "end":
        return max(0, _column(item.x) - len(item.text))
    return max(0, _column(item.x) - len(item.text) // 2)


def _line(items: list[Rect | Text]) -> str:
    out = ""
    previous: Rect | Text | None = None
    for item in sorted(items, key=_left):
        start = _start(item)
        touching = (isinstance(item, Rect) and isinstance(previous, Rect)
                    and item.x - (previous.x + previous.w) < 1.0)
        if touching:
            start = len(out)
        elif out and start < len(out) + 1:
            start = len(out) + 1
        if isinstance(item, Text):
            token = item.text
        elif item.kind == "cell":
            # A cell spans to its own right edge, so columns stay under their headings.
            end = max(start + 3, _column(item.x + item.w))
            token = "[" + " " * (end - start - 2) + "]"
        else:
            token = f"[{item.mark or ' '}]"
        out = out.ljust(start) + token
        previous = item
    return out.rstrip()


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
        lines.extend(_line(row) for row in rows)
        lines.append("")
    return lines


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
