"""Where one craft lies as another sees it on the hex map (rules 2.4, R13, R32), as rule
functions.

On the map a craft's arcs and the armor side it shows are found from the line between
two hexes: the map direction nearest that line (its *bearing*), turned into the
relative direction a craft facing `facing` sees it in, 1 dead ahead to 6, clockwise
(R13: side 3 of a craft facing B lies toward D). A line running exactly between two
directions, along a hex spine, counts in the one nearer the viewer's facing, the more
forward of the two (R32), which reads the same on a mirrored map. The arcs that cover a
relative direction and the armor side it strikes are then the range track's own
(`quick_reference.covering`; the side struck is the relative direction of the shooter).

Everything here is whole-number arithmetic: the line's closeness to a direction is the
dot product of the two drawn with A straight up, `along`, which is exact, so a spine
is found exactly and a half-turned or mirrored map gives the same answers.
"""

from __future__ import annotations

from math import sqrt

from shipyard.core.rules import rule
from shipyard.rulesets.pentagon_war.rules.vector import step_a, step_c


@rule
def along(va: int, vc: int, da: int, dc: int) -> int:
    """Four times the dot product of `(va, vc)` and `(da, dc)` drawn on the map (A and C
    120 degrees apart, a step one unit long): positive when they point the same way."""
    return 4 * va * da + 4 * vc * dc - 2 * va * dc - 2 * vc * da


@rule
def across(va: int, vc: int, da: int, dc: int) -> int:
    """How far `(va, vc)` points across the line along `(da, dc)`, up to a positive factor
    (their cross product on the map): 0 along the line, the sign telling the side."""
    return vc * da - va * dc


@rule
def bearing(da: int, dc: int) -> int:
    """The map direction (A = 0 ... F = 5) nearest the line along `(da, dc)`; on a spine,
    the first of the two clockwise from A (see `spine`); A for no displacement."""
    if da == 0 and dc == 0:
        return 0
    best = 0
    most = along(step_a(0), step_c(0), da, dc)
    for k in range(1, 6):
        value = along(step_a(k), step_c(k), da, dc)
        if value > most:
            best, most = k, value
    if best == 0 and along(step_a(5), step_c(5), da, dc) == most:
        return 5  # the spine between F and A: F comes first clockwise
    return best


@rule
def spine(da: int, dc: int) -> bool:
    """Whether the line along `(da, dc)` runs exactly between two map directions: `bearing`
    and the next one clockwise."""
    first = bearing(da, dc)
    second = (first + 1) % 6
    return (along(step_a(first), step_c(first), da, dc)
            == along(step_a(second), step_c(second), da, dc)) and (da != 0 or dc != 0)


@rule
def hexsides(facing: int, direction: int) -> int:
    """Hexsides between two map directions, the short way round (0 to 3)."""
    steps = (direction - facing) % 6
    return steps if steps <= 3 else 6 - steps


@rule
def nearer(facing: int, first: int, second: int) -> int:
    """Of two neighbouring map directions, the one nearer `facing` (never a tie)."""
    return first if hexsides(facing, first) < hexsides(facing, second) else second


@rule
def seen(facing: int, da: int, dc: int) -> int:
    """The map direction a craft facing `facing` sees a hex displaced `(da, dc)` along: the
    bearing, or on a spine the one of its two directions nearer the facing (R32); in its
    own hex, dead ahead."""
    if da == 0 and dc == 0:
        return facing
    first = bearing(da, dc)
    if spine(da, dc):
        return nearer(facing, first, (first + 1) % 6)
    return first


@rule
def relative_direction(facing: int, da: int, dc: int) -> int:
    """The relative direction (1 dead ahead ... 6, clockwise) in which a craft facing
    `facing` sees a hex displaced `(da, dc)` from its own (R13, R32)."""
    return (seen(facing, da, dc) - facing) % 6 + 1


@rule
def facing_for(direction: int, da: int, dc: int, facing: int) -> int:
    """The facing nearest `facing` that shows a hex displaced `(da, dc)` in relative
    direction `direction` (1-6), the inverse of `relative_direction`; in its own hex, the
    facing it has."""
    if da == 0 and dc == 0:
        return facing
    first = (bearing(da, dc) - (direction - 1)) % 6
    if spine(da, dc):
        return nearer(facing, first, (first + 1) % 6)
    return first


@rule
def closing_speed(va: int, vc: int, da: int, dc: int, unit: int) -> float:
    """The part of velocity `(va, vc)` along the displacement `(da, dc)`, in hexes a turn
    (`unit` velocity units a hex), by the map's true geometry (A and C 120 degrees apart);
    0 for no displacement. Worked from whole numbers (`along`), so a mirrored map gives
    the very same float."""
    if da == 0 and dc == 0:
        return 0.0 / unit
    radial = along(va, vc, da, dc) / (2.0 * sqrt(along(da, dc, da, dc)))
    return float(radial / unit)


@rule
def closest_approach(da: int, dc: int, wa: int, wc: int) -> float:
    """R34: four times the square of the least true distance between two craft `(da, dc)`
    apart, closing at `(wa, wc)` a turn (one whole number of units each), over the coming
    turn (`along`; the one division is the same in both engines)."""
    dd, dw, ww = along(da, dc, da, dc), along(da, dc, wa, wc), along(wa, wc, wa, wc)
    if dw >= 0:
        return float(dd)  # not closing: nearest now
    if -dw >= ww:
        return float(along(da + wa, dc + wc, da + wa, dc + wc))  # nearest a turn from now
    return float(dd - dw / ww * dw)
