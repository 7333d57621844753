"""Where each craft's name goes in each frame, so that names do not cover one another.

A name sits beside its craft: behind it (away from the nose, where the velocity vector
points) if that spot is free and on the map, else below, above, or ahead of it. Frame by frame each
craft keeps the spot it had while that spot stays free, so names do not hop about;
crafts still flying are placed before wrecks. Widths are estimates (no font is
measured), so this avoids most overlaps, not every one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from shipyard.core.battle import Token
from shipyard.render.hexmap import centre

CHAR_W = 7.2  # px a character of a name, about (bold 11.5 px)
LINE_H = 13.0
Box = tuple[float, float, float, float]  # left, top, right, bottom


@dataclass(frozen=True, slots=True)
class Spot:
    """A name's place beside its craft: offset of the text's anchor and the anchor."""

    name: str  # "behind", "below", "above", "ahead" (for the record: tests, debugging)
    x: float
    y: float
    anchor: str  # "start", "middle", "end"


def spots(token: Token, glyph: float) -> list[Spot]:
    """The spots a craft's name may take, best first."""
    side = 0.85 * glyph
    west = token.heading % 6 in (2, 3, 4)  # the nose points left: behind is on the right
    behind = Spot("behind", side, 4, "start") if west else Spot("behind", -side, 4, "end")
    ahead = Spot("ahead", -side, 4, "end") if west else Spot("ahead", side, 4, "start")
    return [behind, Spot("below", 0, glyph + 11, "middle"),
            Spot("above", 0, -glyph - 3, "middle"), ahead]


def box(spot: Spot, x: float, y: float, width: float) -> Box:
    left = {"start": spot.x, "middle": spot.x - width / 2, "end": spot.x - width}[spot.anchor]
    return x + left, y + spot.y - LINE_H + 3, x + left + width, y + spot.y + 3


def _overlap(a: Box, b: Box) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def _cost(placed: Box, others: Sequence[Box], area: Box) -> float:
    """How much of a name's box is covered by others, or falls off the map."""
    width, height = placed[2] - placed[0], placed[3] - placed[1]
    inside = _overlap(placed, area)
    return sum(_overlap(placed, other) for other in others) + width * height - inside


def place(frames: Sequence[Sequence[tuple[str, Token, int]]], size: float, glyph: float,
          area: Box) -> dict[str, list[Spot | None]]:
    """Each craft's spot in each frame. `frames` holds, per frame, (key, token, characters
    of its name and speed) for every craft on the map (wrecks included); `area` is the
    map's, in the map's coordinates (hex (0, 0) at the origin)."""
    keys = {key for frame in frames for key, _, _ in frame}
    found: dict[str, list[Spot | None]] = {key: [] for key in keys}
    kept: dict[str, str] = {}
    for frame in frames:
        taken: list[Box] = []
        where = {key: centre(t.q, t.r, size) for key, t, _ in frame}
        for key, _, _ in frame:
            x, y = where[key]
            taken.append((x - 0.8 * glyph, y - 0.8 * glyph, x + 0.8 * glyph, y + 0.8 * glyph))
        chosen: dict[str, Spot] = {}
        for key, token, chars in sorted(frame, key=lambda item: not item[1].alive):
            x, y = where[key]
            own = (x - 0.8 * glyph, y - 0.8 * glyph, x + 0.8 * glyph, y + 0.8 * glyph)
            others = [b for b in taken if b != own]
            options = spots(token, glyph)
            options.sort(key=lambda s: s.name != kept.get(key))  # the spot it had, first
            costs = [_cost(box(spot, x, y, chars * CHAR_W), others, area) for spot in options]
            best = options[costs.index(min(costs))]  # the first of the least covered
            chosen[key] = best
            kept[key] = best.name
            taken.append(box(best, x, y, chars * CHAR_W))
        for key in keys:
            found[key].append(chosen.get(key))
    return found
