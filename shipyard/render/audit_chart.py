"""The audit's forest plot (`shipyard audit --chart FILE.svg|.pdf`), for house-rule writers.

One row per system: its name and price, its balance index as a mark with its 95%
interval as a bar, on an axis with fair (1) drawn heavy, and the suggested price. A
flagged system's mark is filled and its row says "under" or "over" priced; an interval
running off the axis ends in an arrow. Drawn from the `shipyard.audit/1` data as a
drawing `Page`, so the SVG and the PDF (fpdf2) are the same picture.
"""

from __future__ import annotations

from typing import Any

from shipyard.core.drawing import Line, Page, Polygon, Primitive, Text, text_width
from shipyard.render.pdf import render_pdf
from shipyard.render.svg import render_svg

WIDTH = 210.0
TOP = 30.0
ROW = 6.0
LEFT, RIGHT = 88.0, 168.0  # the axis, in millimetres
LOWEST, HIGHEST = -0.5, 3.0  # the axis, in index
TICKS = (0.0, 0.5, 1.0, 1.5, 2.0, 3.0)
SIZE = 8.0


def _x(value: float) -> float:
    clipped = min(max(value, LOWEST), HIGHEST)
    return LEFT + (clipped - LOWEST) / (HIGHEST - LOWEST) * (RIGHT - LEFT)


def _price(value: Any) -> str:
    if value is None:
        return "-"
    number = float(value)
    return f"{number:.0f}" if number == round(number) else f"{number:.2f}".rstrip("0")


def _cut(text: str, width: float) -> str:
    """`text` within `width` millimetres, ending in "..." when cut."""
    if text_width(text, SIZE) <= width:
        return text
    while text and text_width(text + "...", SIZE) > width:
        text = text[:-1]
    return text + "..."


def _arrow(x: float, y: float, way: int) -> Polygon:
    return Polygon(((x, y - 1.2), (x + 2.0 * way, y), (x, y + 1.2)), "arrow", "black", 0.2)


def _row(data: dict[str, Any], y: float) -> list[Primitive]:
    items: list[Primitive] = []
    items.append(Text(10.0, y + 1.0, _cut(str(data["label"]), LEFT - 24.0), SIZE))
    items.append(Text(LEFT - 6.0, y + 1.0, _price(data["price"]), SIZE, anchor="end"))
    index = data.get("index")
    if index and index.get("value") is not None:
        low = index["low"] if index["low"] is not None else index["value"]
        high = index["high"] if index["high"] is not None else index["value"]
        items.append(Line(_x(low), y, _x(high), y, 0.5))
        if low < LOWEST:
            items.append(_arrow(_x(LOWEST), y, -1))
        if high > HIGHEST:
            items.append(_arrow(_x(HIGHEST), y, 1))
        x = _x(index["value"])
        square = ((x - 1.2, y - 1.2), (x + 1.2, y - 1.2), (x + 1.2, y + 1.2), (x - 1.2, y + 1.2))
        items.append(Polygon(square, "shade", "black" if data["flag"] else "none", 0.3))
    else:
        items.append(Text(LEFT, y + 1.0, "free: no worth per point", SIZE))
    suggested = (data.get("suggested_price") or {}).get("value")
    words = "-" if suggested is None else f"{float(suggested):.1f}"
    if data["flag"]:
        words += f"  {data['flag']}"
    items.append(Text(RIGHT + 4.0, y + 1.0, words, SIZE, bold=bool(data["flag"])))
    return items


def chart_page(data: dict[str, Any], title: str) -> Page:
    """The forest plot of an audit as one page."""
    systems = data["systems"]
    height = TOP + ROW * (len(systems) + 1) + 22.0
    items: list[Primitive] = [
        Text(10.0, 12.0, f"Points-balance audit: {title}", 12.0, bold=True),
        Text(10.0, 18.0, f"catalog {str(data['catalog']['digest'])[:12]}, seed {data['seed']}, "
                         f"{data['duels']:,} duels, {len(data['contexts'])} contexts, "
                         f"{data['runs']} duels per opponent, context and variant", SIZE),
        Text(10.0, TOP - 2.0, "System", SIZE, bold=True),
        Text(LEFT - 6.0, TOP - 2.0, "Price", SIZE, bold=True, anchor="end"),
        Text((LEFT + RIGHT) / 2, TOP - 2.0, "Balance index (95% interval)", SIZE, bold=True,
             anchor="middle"),
        Text(RIGHT + 4.0, TOP - 2.0, "Suggested", SIZE, bold=True),
    ]
    bottom = TOP + ROW * len(systems) + 2.0
    for tick in TICKS:
        x = _x(tick)
        items.append(Line(x, TOP, x, bottom, 0.5 if tick == 1.0 else 0.1))
        items.append(Text(x, bottom + 4.0, f"{tick:g}", SIZE, anchor="middle"))
    for number, system in enumerate(systems):
        items += _row(system, TOP + ROW * number + ROW / 2 + 1.0)
    notes = ("1 = worth per point of the median system; right of 1: worth more than its "
             "price (under-priced), left: over-priced.",
             "A filled mark: the interval excludes 1 (flagged). Shipyard duels, "
             "docs/audit.md says what this can and cannot tell.")
    for line, note in enumerate(notes):
        items.append(Text(10.0, bottom + 11.0 + 5.0 * line, note, SIZE))
    return Page(WIDTH, height, "audit", f"Points-balance audit: {title}", tuple(items))


def chart_svg(data: dict[str, Any], title: str) -> str:
    return render_svg([chart_page(data, title)])


def chart_pdf(data: dict[str, Any], title: str) -> bytes:
    return render_pdf([chart_page(data, title)], f"Points-balance audit: {title}")
