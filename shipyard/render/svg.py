"""Draw laid-out pages as one SVG document, pages stacked top to bottom.

Units are millimetres (the viewBox), so a page prints at its paper size.
SSD boxes carry `class="box"` and their box id in `data-id`; the output has
no timestamps, so the same input gives the same bytes.
"""

from __future__ import annotations

from collections.abc import Sequence
from xml.sax.saxutils import escape, quoteattr

from shipyard.core.drawing import PT, Line, Page, Primitive, Rect, Text, mark_size

__all__ = ["mark_size", "render_svg"]  # mark_size: the size boxes' marks are drawn at

PAGE_GAP = 8.0
FONT = "Helvetica, Arial, 'Liberation Sans', sans-serif"
GREYS = {"none": "none", "grey": "#c8c8c8", "black": "#000"}


def _n(value: float) -> str:
    """A coordinate with two decimals at most, without trailing zeros."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _item(item: Primitive) -> str:
    if isinstance(item, Rect):
        stroke = 0.45 if item.heavy else (0.25 if item.kind == "box" else 0.2)
        attrs = (f'x="{_n(item.x)}" y="{_n(item.y)}" width="{_n(item.w)}" '
                 f'height="{_n(item.h)}" fill="none" stroke="#000" '
                 f'stroke-width="{_n(stroke)}"')
        ref = f" data-id={quoteattr(item.ref)}" if item.ref else ""
        out = f'<rect class="{item.kind}"{ref} {attrs}/>'
        if item.mark:
            size = mark_size(item)
            out += (f'<text class="mark" x="{_n(item.x + item.w / 2)}" '
                    f'y="{_n(item.y + item.h / 2 + 0.3 * size * PT)}" '
                    f'font-size="{_n(size * PT)}" font-weight="bold" '
                    f'text-anchor="middle">{escape(item.mark)}</text>')
        return out
    if isinstance(item, Text):
        weight = ' font-weight="bold"' if item.bold else ""
        anchor = f' text-anchor="{item.anchor}"' if item.anchor != "start" else ""
        return (f'<text x="{_n(item.x)}" y="{_n(item.y)}" font-size="{_n(item.size * PT)}"'
                f'{weight}{anchor}>{escape(item.text)}</text>')
    if isinstance(item, Line):
        return (f'<line x1="{_n(item.x1)}" y1="{_n(item.y1)}" x2="{_n(item.x2)}" '
                f'y2="{_n(item.y2)}" stroke="#000" stroke-width="{_n(item.width)}"/>')
    points = " ".join(f"{_n(x)},{_n(y)}" for x, y in item.points)
    return (f'<polygon class="{item.kind}" points="{points}" fill="{GREYS[item.fill]}" '
            f'stroke="#000" stroke-width="{_n(item.width)}"/>')


def render_svg(pages: Sequence[Page]) -> str:
    width = max((p.width for p in pages), default=210.0)
    height = sum(p.height for p in pages) + PAGE_GAP * max(len(pages) - 1, 0)
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(width)}mm" '
        f'height="{_n(height)}mm" viewBox="0 0 {_n(width)} {_n(height)}" '
        f'font-family="{FONT}" xml:space="preserve">',
    ]
    top = 0.0
    for number, page in enumerate(pages, start=1):
        out.append(f'<g class="page" id="page-{number}" data-sheet="{page.sheet}" '
                   f'transform="translate(0 {_n(top)})">')
        out.append(f'<rect class="paper" x="0" y="0" width="{_n(page.width)}" '
                   f'height="{_n(page.height)}" fill="#fff" stroke="#999" stroke-width="0.2"/>')
        out.extend(_item(item) for item in page.items)
        out.append("</g>")
        top += page.height + PAGE_GAP
    out.append("</svg>")
    return "\n".join(out) + "\n"
