"""The audit's forest plot (`shipyard audit --chart FILE.svg|.pdf`), for house-rule writers.

One row per system: its name and price, its balance index as a mark with its 95%
interval as a bar, on an axis with fair (1) drawn heavy, and the suggested price. A
flagged system's mark is filled and its row says "under" or "over" priced; an interval
running off the axis ends in an arrow. Drawn from the `shipyard.audit/1` data as a
drawing `Page`, so the SVG and the PDF (fpdf2) are the same picture.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from shipyard.core.drawing import Line, Page, Polygon, Primitive, Text, text_width
from shipyard.render.pdf import render_pdf
from shipyard.render.svg import render_svg

WIDTH = 210.0
TOP = 30.0
ROW = 6.0
LEFT, RIGHT = 88.0, 168.0  # the axis, in millimetres
LOWEST = -0.5  # the axis's left end, in index
WIDEST = 10.0  # its right end at most: from 3 up to the largest index shown
SIZE = 8.0


@dataclass(frozen=True)
class Axis:
    low: float
    high: float

    def x(self, value: float) -> float:
        clipped = min(max(value, self.low), self.high)
        return LEFT + (clipped - self.low) / (self.high - self.low) * (RIGHT - LEFT)

    def ticks(self) -> tuple[float, ...]:
        if self.high <= 3:
            return (0.0, 0.5, 1.0, 1.5, 2.0, 3.0)
        step = 1.0 if self.high <= 5 else 2.0
        return (0.0, 1.0, *(step * k for k in range(1, int(self.high / step) + 1)
                            if step * k > 1))


def axis(systems: list[dict[str, Any]]) -> Axis:
    """From -0.5 to 3, or to the largest index (at most 10), so that every mark shows."""
    values = [float(s["index"]["value"]) for s in systems
              if s.get("index") and s["index"].get("value") is not None]
    top = max([3.0, *values])
    return Axis(LOWEST, min(WIDEST, float(math.ceil(top))))


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


def _row(data: dict[str, Any], y: float, scale: Axis) -> list[Primitive]:
    items: list[Primitive] = []
    items.append(Text(10.0, y + 1.0, _cut(str(data["label"]), LEFT - 24.0), SIZE))
    items.append(Text(LEFT - 6.0, y + 1.0, _price(data["price"]), SIZE, anchor="end"))
    index = data.get("index")
    if index and index.get("value") is not None:
        low = index["low"] if index["low"] is not None else index["value"]
        high = index["high"] if index["high"] is not None else index["value"]
        items.append(Line(scale.x(low), y, scale.x(high), y, 0.5))
        if low < scale.low:
            items.append(_arrow(scale.x(scale.low), y, -1))
        if high > scale.high:
            items.append(_arrow(scale.x(scale.high), y, 1))
        x = scale.x(index["value"])
        square = ((x - 1.2, y - 1.2), (x + 1.2, y - 1.2), (x + 1.2, y + 1.2), (x - 1.2, y + 1.2))
        items.append(Polygon(square, "shade", "black" if data["flag"] else "none", 0.3))
    else:
        items.append(Text(LEFT, y + 1.0, "free: no worth per point", SIZE))
    suggested = (data.get("suggested_price") or {}).get("value")
    words = "-" if suggested is None else f"{round(float(suggested), 1) + 0.0:.1f}"
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
    scale = axis(systems)
    for tick in scale.ticks():
        x = scale.x(tick)
        items.append(Line(x, TOP, x, bottom, 0.5 if tick == 1.0 else 0.1))
        items.append(Text(x, bottom + 4.0, f"{tick:g}", SIZE, anchor="middle"))
    for number, system in enumerate(systems):
        items += _row(system, TOP + ROW * number + ROW / 2 + 1.0, scale)
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
