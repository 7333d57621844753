"""The replay's parts for a map where a craft's velocity is apart from its facing, weapons
fire in arcs and explosions reach the hexes around them, and drones and liquid metal
bolts fly: each drawn only when the replay fills the optional field it comes from (a
token's `vector` or kind, a shot's `arcs` or `reach`), so a replay that fills none is
drawn as before, byte for byte.

- **Velocity**: an arrow from the craft's hex to where its velocity carries it in one
  turn, `<g class="vector" data-vector="dq,dr">`, and its speed, the vector's hex
  distance, written beside its name with up to two decimals.
- **Arcs of the firing weapon**: a faint 60-degree wedge for each sector of the map the
  weapon covers (sector k between headings k and k + 1), from the shooter out past its
  target, `<g class="arcs" data-arcs="0,1">` of `<path class="arc" data-arc="k">`.
- **Explosions**: every hex within the blast's reach of its centre shaded in the frame it
  goes off, darker nearer the centre, `<g class="reach" data-reach="r" data-hexes="k">`.
- **Drones** (the side's craft, small, in a ring) and **bolts** (a ball of metal with its
  streak), with rows in the key.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from math import cos, isfinite, radians, sin

from shipyard.core.battle import EXPLOSION, Frame, Replay, Shot, Token
from shipyard.render.hexmap import SQRT3, STEPS, Hex, angle, centre, n
from shipyard.render.replay_clock import Clock
from shipyard.render.replay_look import (
    BACKGROUND,
    BURST,
    DART,
    DELTA,
    INK,
    LIGHT,
    SIDES,
    glyph_size,
    points,
)

DRONE, BOLT = "drone", "bolt"
NEW_KINDS = (DRONE, BOLT)  # the token kinds beyond craft, missiles, mines and decoys
ARROW = 1.8  # px: the velocity arrow's width
REACH_MOST = 100  # hexes a velocity may widen the map by, at most
VECTOR_MOST = 1000.0  # hexes a turn a velocity is drawn with, at most
Icon = Callable[..., str]  # the roster's icon maker: (href, x, y, size, scale) -> SVG


@dataclass(frozen=True, slots=True)
class Extras:
    """Which of the optional parts a replay uses."""

    kinds: frozenset[str]  # of NEW_KINDS
    vectors: bool  # some token has a velocity vector
    plain: bool  # some craft has none (its speed is drawn as a dotted line ahead)
    arcs: bool  # some shot has arcs
    reach: bool  # some shot has a reach

    @property
    def any(self) -> bool:
        return bool(self.kinds) or self.vectors or self.arcs or self.reach


def extras(replay: Replay) -> Extras:
    tokens = [token for frame in replay.frames for token in frame.tokens]
    shots = [shot for frame in replay.frames for shot in frame.shots]
    return Extras(frozenset(t.kind for t in tokens if t.kind in NEW_KINDS),
                  any(t.vector is not None for t in tokens),
                  any(t.vector is None for t in tokens if t.kind == "craft") or not tokens,
                  any(shot.arcs for shot in shots), any(shot.reach > 0 for shot in shots))


def figure(value: float) -> str:
    """A number with two decimals at most, without trailing zeros ("2.25", "3", "0")."""
    words = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if words in ("-0", "") else words


def hex_distance(dq: float, dr: float) -> float:
    """Hexes from (0, 0) to (dq, dr) on the axial map (whole or not)."""
    return (abs(dq) + abs(dr) + abs(dq + dr)) / 2


def velocity(token: Token) -> tuple[float, float] | None:
    """A token's vector, if it has one, as drawn: a component that is not a finite number
    (a fault of whatever made the frame) taken as 0, and each kept within `VECTOR_MOST`
    hexes a turn, so the picture stays whole."""
    if token.vector is None:
        return None
    dq, dr = (max(-VECTOR_MOST, min(VECTOR_MOST, v)) if isfinite(v) else 0.0
              for v in token.vector)
    return dq, dr


def speed_words(token: Token) -> str:
    """A token's speed as written beside its name: its `speed`, or its vector's length."""
    vector = velocity(token)
    if vector is None:
        return str(token.speed)
    return figure(hex_distance(*vector))


def within(middle: Hex, reach: int) -> list[tuple[Hex, int]]:
    """Every hex within `reach` of `middle`, with its distance, ring by ring."""
    found = [(middle, 0)]
    for ring in range(1, max(reach, 0) + 1):
        q, r = middle[0] + STEPS[4][0] * ring, middle[1] + STEPS[4][1] * ring
        for side in range(6):
            for _ in range(ring):
                found.append(((q, r), ring))
                q, r = q + STEPS[side][0], r + STEPS[side][1]
    return found


def map_hexes(replay: Replay) -> list[Hex]:
    """Hexes the optional parts reach beyond the tokens and shots: where each velocity
    carries, and the outermost hexes of each explosion (so the map holds them)."""
    found: list[Hex] = []
    for frame in replay.frames:
        for token in frame.tokens:
            vector = velocity(token)
            if vector is not None:  # (a runaway vector does not make a map of miles)
                found.append((token.q + round(max(-REACH_MOST, min(REACH_MOST, vector[0]))),
                              token.r + round(max(-REACH_MOST, min(REACH_MOST, vector[1])))))
        for shot in frame.shots:
            if shot.reach > 0:
                found.extend((shot.source[0] + dq * shot.reach, shot.source[1] + dr * shot.reach)
                             for dq, dr in STEPS)
    return found


# -- in a frame: blasts and arcs ----------------------------------------------------------
def blasts(frame: Frame, size: float) -> str:
    """The hexes each explosion of the frame reaches, shaded (each explosion once)."""
    out: list[str] = []
    seen: set[tuple[Hex, int]] = set()
    for shot in frame.shots:
        middle = (shot.source[0], shot.source[1])
        if shot.reach <= 0 or (middle, shot.reach) in seen:
            continue
        seen.add((middle, shot.reach))
        hexes = within(middle, shot.reach)
        cells = []
        for (q, r), ring in hexes:
            x, y = centre(q, r, size)
            shade = 0.46 - 0.32 * ring / shot.reach
            cells.append(f'<use href="#hex" x="{n(x)}" y="{n(y)}" data-ring="{ring}" '
                         f'fill-opacity="{n(shade, 2)}"/>')
        kind = "explosion" if shot.kind == EXPLOSION else "".join(
            c for c in shot.kind if c.isalnum()) or "shot"
        out.append(f'<g class="reach {kind}" data-centre="{middle[0]},{middle[1]}" '
                   f'data-reach="{shot.reach}" data-hexes="{len(hexes)}">{"".join(cells)}</g>')
    return "".join(out)


def arcs(shot: Shot, size: float) -> str:
    """Faint wedges at the shooter, one for each sector its weapon covers (sector k from
    heading k to heading k + 1, counter-clockwise), reaching past its target; "" when
    the shot has no arcs."""
    if not shot.arcs:
        return ""
    dq, dr = shot.target[0] - shot.source[0], shot.target[1] - shot.source[1]
    radius = (max(hex_distance(dq, dr), 1.0) + 0.5) * SQRT3 * size
    sx, sy = centre(shot.source[0], shot.source[1], size)
    sectors = sorted({k % 6 for k in shot.arcs})
    out = [f'<g class="arcs" data-arcs="{",".join(map(str, sectors))}">']
    for sector in sectors:
        # from heading k + 1 to heading k: clockwise on the screen (degrees grow clockwise)
        ends = [_polar(sx, sy, radius, angle(heading)) for heading in (sector + 1, sector)]
        out.append(f'<path class="arc" data-arc="{sector}" d="M{n(sx)} {n(sy)}'
                   f'L{n(ends[0][0])} {n(ends[0][1])}A{n(radius)} {n(radius)} 0 0 1 '
                   f'{n(ends[1][0])} {n(ends[1][1])}Z"/>')
    out.append("</g>")
    return "".join(out)


def _polar(x: float, y: float, radius: float, degrees: float) -> tuple[float, float]:
    return x + radius * cos(radians(degrees)), y + radius * sin(radians(degrees))


# -- on a token: the velocity arrow -----------------------------------------------------
def has_vector(seen: Iterable[Token | None]) -> bool:
    return any(token is not None and token.vector is not None for token in seen)


def vector_arrow(states: Sequence[Token], clock: Clock, side: int, size: float) -> str:
    """The arrow of a token's velocity, frame by frame (hidden where it has none or it is
    still or destroyed), drawn from its hex in the token's own (unturned) group."""
    ends = []
    for token in states:
        vector = velocity(token)
        dq, dr = vector if vector is not None and token.alive else (0.0, 0.0)
        x, y = centre(dq, dr, size)
        ends.append((n(x), n(y), "visible" if (dq, dr) != (0.0, 0.0) else "hidden"))
    starts = clock.starts
    final = velocity(states[-1]) or (0.0, 0.0)
    x2, y2, shown = ends[-1]
    hidden = "" if shown == "visible" else ' visibility="hidden"'
    animations = "".join(clock.animate(attribute, list(zip(starts, [e[k] for e in ends],
                                                               strict=True)))
                         for k, attribute in ((0, "x2"), (1, "y2")))
    return (f'<g class="vector" data-vector="{figure(final[0])},{figure(final[1])}"{hidden}>'
            f'{clock.animate("visibility", list(zip(starts, [e[2] for e in ends], strict=True)))}'
            f'<line x1="0" y1="0" x2="{x2}" y2="{y2}" marker-end="url(#head-{side})">'
            f"{animations}</line></g>")


# -- the look -------------------------------------------------------------------------
def glyph_defs(found: Extras, hex_size: float) -> str:
    """The glyphs of drones and bolts and the arrowheads of velocities, for each side,
    as far as the replay uses them."""
    size = glyph_size(hex_size)
    out = []
    for side, (colour, light) in enumerate(zip(SIDES, LIGHT, strict=True)):
        if DRONE in found.kinds:
            body = points(size * 0.6, DART if side == 0 else DELTA)
            out.append(f'<g id="drone-{side}"><circle r="{n(size * 0.62)}" fill="none" '
                       f'stroke="{light}" stroke-width="1.2"/><polygon points="{body}" '
                       f'fill="{colour}" stroke="{BACKGROUND}" stroke-width="1"/></g>')
        if BOLT in found.kinds:
            out.append(f'<g id="bolt-{side}"><line x1="{n(-0.95 * size)}" x2="{n(-0.2 * size)}" '
                       f'y1="0" y2="0" stroke="{light}" stroke-width="{n(size * 0.22)}" '
                       f'stroke-linecap="round" stroke-opacity="0.55"/><circle '
                       f'r="{n(size * 0.3)}" fill="{colour}" stroke="{INK}" '
                       'stroke-width="1"/></g>')
        if found.vectors:
            out.append(f'<marker id="head-{side}" viewBox="0 -4 8 8" refX="7" refY="0" '
                       f'markerWidth="9" markerHeight="9" markerUnits="userSpaceOnUse" '
                       f'orient="auto"><path d="M0 -4L8 0L0 4Z" fill="{light}"/></marker>')
    return "".join(out)


def style_rules(found: Extras) -> dict[str, str]:
    """The style sheet's rules for the parts the replay uses."""
    rules: dict[str, str] = {}
    if found.vectors:
        rules["g.vector"] = f"stroke-width:{ARROW};stroke-dasharray:none;stroke-opacity:.95"
    if found.arcs:
        rules[".arc"] = "fill-opacity:.09;stroke-width:1;stroke-opacity:.35"
        rules[".shot .arc"] = f"fill:{INK};stroke:{INK}"  # a shot of no one side
    if found.reach:
        rules[".reach use"] = f"fill:{BURST};stroke:{BURST};stroke-opacity:.45;stroke-width:1"
    for side in (0, 1):
        if found.arcs:
            rules[f".shot.side-{side} .arc"] = f"fill:{SIDES[side]};stroke:{LIGHT[side]}"
    return rules


def key_rows(found: Extras, icon: Icon, size: float) -> list[tuple[str, str]]:
    """The key's rows for the parts the replay uses: (mark, words)."""
    rows: list[tuple[str, str]] = []
    if DRONE in found.kinds:
        rows.append((icon("drone-0", 22, 0, size, 14), "drone"))
    if BOLT in found.kinds:
        rows.append((icon("bolt-0", 22, 0, size, 14), "liquid metal bolt"))
    if found.vectors:
        rows.append((f'<text x="4" y="4" font-size="10.5" font-weight="bold" '
                     f'fill="{LIGHT[0]}">2.5</text><line x1="22" y1="0" x2="36" y2="0" '
                     f'stroke="{LIGHT[0]}" stroke-width="{ARROW}" '
                     'marker-end="url(#head-0)"/>', "speed, and velocity: a turn's flight"))
    if found.arcs:
        rows.append((f'<path d="M10 6L34 -8A28 28 0 0 1 34 10Z" fill="{SIDES[0]}" '
                     f'fill-opacity="0.22" stroke="{LIGHT[0]}" stroke-opacity="0.5"/>',
                     "arcs of the weapon that fired"))
    if found.reach:
        rows.append((f'<g fill="{BURST}" fill-opacity="0.35" stroke="{BURST}">'
                     + icon("hex", 14, 0, size, 9) + icon("hex", 27, -6, size, 9)
                     + icon("hex", 27, 6, size, 9) + "</g>", "hexes an explosion reaches"))
    return rows
