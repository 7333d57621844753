"""How a replay looks: colours, glyphs and text, shared by the map, the roster and the key.

The two sides differ by colour (Okabe and Ito's sky blue and orange, told apart with
every common colour-vision deficiency) and by shape (side 0 flies a notched dart,
side 1 a plain delta), so neither is needed alone. Hits and misses differ by line
(solid or dashed) and by mark (a burst or an open ring).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from xml.sax.saxutils import escape, quoteattr

from shipyard.core.visible import visible
from shipyard.render.hexmap import SQRT3, n

FONT = "'DejaVu Sans', 'Liberation Sans', Verdana, Arial, sans-serif"
BACKGROUND = "#0f1626"
SEA = "#131c30"  # the map's own ground
GRID = "#26324d"
INK = "#e8ecf3"
DIM = "#9aa4b8"
WRECK = "#7d8493"
BURST = "#ffe36e"
SIDES = ("#56b4e9", "#e69f00")  # sky blue, orange (Okabe & Ito)
LIGHT = ("#b9e1f7", "#f6d58c")  # the same, lighter: rings and trails


def text(value: str, limit: int = 0) -> str:
    """User text as XML character data: every control shown as its escape (`\\x1b`, `\\n`),
    never acted on; cut to `limit` characters of the original with an ellipsis."""
    if limit and len(value) > limit:
        value = value[: limit - 1] + "\u2026"
    return escape(visible(value))


def attr(value: str) -> str:
    """User text as a quoted XML attribute value."""
    return quoteattr(visible(value))


def style(more: Mapping[str, str] | None = None) -> str:
    """The replay's style sheet, with `more` rules after its own. What the clock animates
    (visibility, a name's colour) is never set here: an attribute, it stays the
    animation's."""
    rules = {
        ".path": "fill:none;stroke-width:2.6;stroke-opacity:.55;stroke-linejoin:round",
        ".path.ordnance": "stroke-width:1.5",
        ".shot line": f"stroke:{INK}",
        ".hit line": "stroke-width:2.4;stroke-linecap:round",
        ".miss line": "stroke-width:1.6;stroke-dasharray:6 4",
        ".blast": f"fill:{BURST};fill-opacity:.12;stroke:{BURST};stroke-opacity:.7;"
                  "stroke-dasharray:3 3",
        ".title": f"font-size:20px;font-weight:bold;fill:{INK}",
        ".fleets": f"font-size:14px;fill:{DIM}",
        ".note": f"font-size:12px;fill:{BURST}",
        ".outcome": f"font-size:15px;font-weight:bold;fill:{BURST}",
        ".caption": f"font-size:14px;font-weight:bold;fill:{INK}",
        ".words": f"font-size:12.5px;fill:{DIM}",
        ".count": f"font-size:11px;fill:{DIM};text-anchor:end",
        ".turn": f"font-size:40px;font-weight:bold;fill:{INK}",
        ".small": f"font-size:11px;fill:{DIM};letter-spacing:2px",
        ".name": f"font-size:11.5px;font-weight:bold;stroke:{BACKGROUND};stroke-width:3px;"
                 "paint-order:stroke",
        ".who": "unicode-bidi:isolate",  # a right-to-left name keeps the speed after it
        ".vector": "stroke-width:1.3;stroke-dasharray:1.5 3;stroke-opacity:.8",
        ".cell": "fill-opacity:.16",
        ".crew": "font-size:13px",
        ".state": f"font-size:11.5px;fill:{DIM}",
        ".state.gone": f"fill:{WRECK}",
        ".key": f"font-size:12px;fill:{INK}",
    }
    for side in (0, 1):
        rules[f".path.side-{side}"] = (
            f"stroke:{LIGHT[side]};marker-start:url(#dot-{side});marker-mid:url(#dot-{side})")
        rules[f".shot.side-{side} line"] = f"stroke:{LIGHT[side]}"
        rules[f".side-{side} .v"] = f"fill:{LIGHT[side]}"
        rules[f".side-{side} .vector"] = f"stroke:{LIGHT[side]}"
        rules[f".side-{side} .cell"] = f"fill:{SIDES[side]}"
        rules[f".side-{side} .name"] = f"fill:{SIDES[side]}"
    rules["text.name.gone"] = f"font-size:10px;font-weight:normal;fill:{WRECK}"  # over them
    rules.update(more or {})
    return "<style>" + "".join(f"{k}{{{v}}}" for k, v in rules.items()) + "</style>"


def side_of(side: int) -> int:
    return 1 if side == 1 else 0


def points(size: float, corners: tuple[tuple[float, float], ...]) -> str:
    return " ".join(f"{n(x * size)},{n(y * size)}" for x, y in corners)


DART = ((0.9, 0.0), (-0.6, 0.58), (-0.28, 0.0), (-0.6, -0.58))
DELTA = ((0.9, 0.0), (-0.55, 0.6), (-0.55, -0.6))
NEEDLE = ((0.6, 0.0), (-0.4, 0.2), (-0.4, -0.2))


GLYPH_MIN = 13.0  # px: glyphs keep this size on a map of smaller hexes


def glyph_size(hex_size: float) -> float:
    return max(hex_size, GLYPH_MIN)


def defs(hex_size: float) -> str:
    """Glyphs drawn facing east (heading 0) at the origin, for hexes of `hex_size`."""
    size = glyph_size(hex_size)
    hexagon = points(hex_size * 0.97, tuple((SQRT3 / 2 * x, y / 2) for x, y in (
        (0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))))
    out = [f'<polygon id="hex" points="{hexagon}"/>']
    for side, (colour, light) in enumerate(zip(SIDES, LIGHT, strict=True)):
        body = DART if side == 0 else DELTA
        out.append(f'<polygon id="craft-{side}" points="{points(size, body)}" fill="{colour}" '
                   f'stroke="{BACKGROUND}" stroke-width="1.2" stroke-linejoin="round"/>')
        out.append(f'<g id="missile-{side}"><line x1="{n(-0.4 * size)}" x2="{n(-0.85 * size)}" '
                   f'y1="0" y2="0" stroke="{light}" stroke-width="1.5" stroke-dasharray="2 1.5"/>'
                   f'<polygon points="{points(size, NEEDLE)}" fill="{colour}" '
                   f'stroke="{INK}" stroke-width="0.8"/></g>')
        spikes = " ".join(f"M{n(x * size * 0.5)} {n(y * size * 0.5)}L{n(x * size * 0.8)} "
                          f"{n(y * size * 0.8)}" for x, y in ((1, 0), (-1, 0), (0, 1), (0, -1),
                                                              (0.7, 0.7), (-0.7, -0.7),
                                                              (0.7, -0.7), (-0.7, 0.7)))
        out.append(f'<g id="mine-{side}"><path d="{spikes}" stroke="{colour}" stroke-width="1.6"/>'
                   f'<circle r="{n(size * 0.42)}" fill="{colour}" stroke="{BACKGROUND}" '
                   f'stroke-width="1"/><circle r="{n(size * 0.14)}" fill="{BACKGROUND}"/></g>')
        diamond = points(size, ((0.5, 0), (0, 0.5), (-0.5, 0), (0, -0.5)))
        out.append(f'<polygon id="decoy-{side}" points="{diamond}" fill="none" stroke="{colour}" '
                   f'stroke-width="1.8" stroke-dasharray="3 2"/>')
    out.append(f'<polygon id="wreck" points="{points(size, DART)}" fill="{WRECK}" '
               f'fill-opacity="0.55" stroke="{WRECK}" stroke-width="1"/>')
    cross = size * 0.55
    out.append(f'<path id="cross" d="M{n(-cross)} {n(-cross)}L{n(cross)} {n(cross)}M{n(cross)} '
               f'{n(-cross)}L{n(-cross)} {n(cross)}" stroke="{INK}" stroke-width="2.2" '
               f'stroke-linecap="round"/>')
    out.append(f'<polygon id="burst" points="{burstpoints(size * 1.3)}" fill="{BURST}" '
               f'fill-opacity="0.9" stroke="{BACKGROUND}" stroke-width="0.8"/>')
    out.append(f'<circle id="ring" r="{n(size * 0.95)}" fill="none" stroke="{INK}" '
               f'stroke-width="1.5" stroke-dasharray="4 2.5"/>')
    return "".join(out)


def burstpoints(size: float) -> str:
    """An eight-pointed burst: the mark of a hit."""
    corners = []
    for k in range(16):
        radius = 1.05 if k % 2 == 0 else 0.5
        a = math.radians(22.5 * k)
        corners.append((radius * math.cos(a), radius * math.sin(a)))
    return points(size, tuple(corners))


def glyph(kind: str, side: int) -> str:
    """The id of the glyph a token of `kind` is drawn with."""
    if kind in ("missile", "mine", "decoy", "drone", "bolt"):
        return f"{kind}-{side_of(side)}"
    return f"craft-{side_of(side)}"
