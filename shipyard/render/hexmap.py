"""A hex map drawn in SVG: axial coordinates to points, headings to angles, and the grid.

Hexes are pointy-topped. Hex (q, r) of size `s` (centre to corner) has its centre at
x = s * sqrt(3) * (q + r / 2), y = s * 1.5 * r, so heading 0 (+q) points east,
heading 1 (+q -r) north-east and so on counter-clockwise, 60 degrees a step.
The grid is one small <pattern> tile, however large the map.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

SQRT3 = math.sqrt(3.0)
# The six steps, heading 0 to 5, counter-clockwise from +q.
STEPS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))

Hex = tuple[int, int]
Point = tuple[float, float]


def n(value: float, digits: int = 1) -> str:
    """A coordinate with `digits` decimals at most, without trailing zeros."""
    text = f"{value:.{digits}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def centre(q: float, r: float, size: float) -> Point:
    return size * SQRT3 * (q + r / 2.0), size * 1.5 * r


def angle(heading: int) -> int:
    """SVG rotation (degrees, clockwise on screen) of something facing `heading`."""
    return -60 * (heading % 6)


def heading_of(start: Hex, end: Hex) -> int | None:
    """The heading of one step from `start` to the adjacent hex `end`; None otherwise."""
    step = (end[0] - start[0], end[1] - start[1])
    return STEPS.index(step) if step in STEPS else None


def bounds(hexes: Iterable[Hex], pad: float) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) of the hexes' centres at size 1, `pad` hex sizes around."""
    points = [centre(q, r, 1.0) for q, r in hexes] or [(0.0, 0.0)]
    xs = [x for x, _ in points]
    ys = [y for _, y in points]
    return min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad


def _outline(cx: float, cy: float, size: float) -> str:
    corners = [(cx + size * math.cos(math.radians(30 + 60 * k)),
                cy + size * math.sin(math.radians(30 + 60 * k))) for k in range(6)]
    return "M" + " ".join(f"{n(x, 2)} {n(y, 2)}" for x, y in corners) + "Z"


def grid_pattern(pattern_id: str, size: float, colour: str, width: float) -> str:
    """A <pattern> whose tiles draw the grid of hexes centred as `centre` puts them.

    The tile is one column of two rows (sqrt(3) s by 3 s); it is shifted a quarter of a
    hex sideways so that no hex side lies on a tile's edge, where a stroke would be cut
    in two halves drawn apart.
    """
    tile_w, tile_h = SQRT3 * size, 3.0 * size
    x0 = tile_w / 4.0
    outlines = [_outline(i * tile_w + (j % 2) * tile_w / 2.0 - x0, j * 1.5 * size, size)
                for j in range(-1, 4) for i in range(-1, 3)]
    return (f'<pattern id="{pattern_id}" patternUnits="userSpaceOnUse" x="{n(x0, 3)}" y="0" '
            f'width="{n(tile_w, 3)}" height="{n(tile_h, 3)}"><path d="{"".join(outlines)}" '
            f'fill="none" stroke="{colour}" stroke-width="{n(width)}"/></pattern>')
