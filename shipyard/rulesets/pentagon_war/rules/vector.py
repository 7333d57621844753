"""Positions, facings and velocity components on the hex map (rules 2.3, R20, R26), as rule
functions.

The map's six directions are the letters A to F, clockwise, A straight up the map (a
magnetic beam repelling a craft above it pushes it along A; armor side 3 of a craft
facing B lies toward D, so the letters run the way the armor sides do, R13). A facing is
its letter's number, A = 0 ... F = 5.

Positions are axial coordinates along the rules' own velocity axes: a hex is `(a, c)`,
the steps along A and along C that reach it from the origin hex. A and C are 120 degrees
apart, so one step along each is one step along B between them: the steps of the six
directions are A (1, 0), B (1, 1), C (0, 1), D (-1, 0), E (-1, -1), F (0, -1). The hex
distance of a displacement is then the rules' biggest-or-sum: the bigger of the two
parts when they share a sign, their sum when they do not.

A velocity is its two components A and C in whole `MapFigures.unit`s of a hex per turn
(R26: 1/100,800 of a hex per turn by default, which holds exactly every acceleration of
2.3: the quarter hex of standard thrust, a manned craft's 1/120 an impulse and crash
1/60, each scaled by engines per size class up to size class VIII). Thrust along a facing
adds the same rate to each component the facing's step has (facing B: both, "A+C+");
a ramscoop braking nose-first takes it off the components it faces into, down to 0 (R20,
R26). Speed is the hex distance of the components; thrust that would pass the top speed
is cut at it (R26). When each component moves is `rules.impulses` (R25).
"""

from __future__ import annotations

from math import sqrt
from typing import NamedTuple

from shipyard.core.rules import rule
from shipyard.rulesets.pentagon_war.rules.movement import rate_size, turned

A, B, C, D, E, F = range(6)  # the map's directions and facings, clockwise from A (up)
DIRECTIONS = 6
LETTERS = "ABCDEF"


class MapFigures(NamedTuple):
    """The movement figures of 2.1 and 2.3 in whole velocity units (R26), as the map's
    rule functions read them (`map_movement.map_figures` works them out from the
    catalog)."""

    unit: int  # velocity units in one hex per turn
    impulses: int  # 2.1
    top: int  # 2.3: top speed, in units
    standard: int  # standard acceleration an impulse (3 hexes per turn per turn / 12)
    crash: int  # crash acceleration an impulse at its limit (standard x crash factor)
    manned: int  # a manned craft's normal acceleration an impulse (1/10 per turn / 12)
    manned_crash: int  # a manned craft's crash acceleration an impulse (1/60)
    crash_factor: int  # crash acceleration's limit, in standard accelerations


# -- the hex map ----------------------------------------------------------------------------
@rule
def step_a(facing: int) -> int:
    """The A part of one step along `facing` (A, B: 1; D, E: -1; C, F: 0)."""
    if A <= facing <= B:
        return 1
    if D <= facing <= E:
        return -1
    return 0


@rule
def step_c(facing: int) -> int:
    """The C part of one step along `facing` (B, C: 1; E, F: -1; A, D: 0)."""
    if B <= facing <= C:
        return 1
    if E <= facing <= F:
        return -1
    return 0


@rule
def stepped(a: int, c: int, facing: int) -> tuple[int, int]:
    """The hex one step from `(a, c)` along `facing`."""
    return a + step_a(facing), c + step_c(facing)


@rule
def hex_distance(a: int, c: int) -> int:
    """Hexes a displacement `(a, c)` spans: the bigger part when both share a sign, the
    sum of both when they do not (the rules' biggest-or-sum)."""
    if (a >= 0) == (c >= 0) or a == 0 or c == 0:
        return max(abs(a), abs(c))
    return abs(a) + abs(c)


@rule
def hexes_apart(a1: int, c1: int, a2: int, c2: int) -> int:
    """The range in hexes between the hexes `(a1, c1)` and `(a2, c2)`."""
    return hex_distance(a2 - a1, c2 - c1)


@rule
def rotated(a: int, c: int, sixths: int) -> tuple[int, int]:
    """`(a, c)` turned clockwise by `sixths` x 60 degrees about the origin (A becomes B,
    C becomes D): the same for a hex, a displacement or a velocity."""
    for _ in range(sixths % DIRECTIONS):
        a, c = a - c, a
    return a, c


@rule
def mirrored(a: int, c: int) -> tuple[int, int]:
    """`(a, c)` reflected in the line through B and E, which swaps A and C (and D, F)."""
    return c, a


@rule
def mirrored_facing(facing: int) -> int:
    """A facing reflected in the line through B and E: A and C swap, so do D and F."""
    return (2 - facing) % DIRECTIONS


@rule
def facing_after(facing: int, want: int, limit: int) -> int:
    """The facing a craft facing `facing` reaches turning toward `want` by at most `limit`
    hexsides (2.3, 2.8; `movement.rotation_limit` gives the limit; half way round it turns
    clockwise)."""
    return turned(facing + 1, want + 1, limit) - 1


# -- velocity components ------------------------------------------------------------------
@rule
def speed(va: int, vc: int) -> int:
    """2.3: a craft's speed, the hex distance of its components (biggest-or-sum), in the
    components' units."""
    return hex_distance(va, vc)


@rule
def vector_speed(va: int, vc: int, unit: int) -> float:
    """The advanced rules' exact speed in hexes per turn of components 120 degrees apart:
    the square root of A squared plus C squared less A times C."""
    a = va / unit
    c = vc / unit
    return sqrt(a * a + c * c - a * c)


@rule
def thrust_rate(m: MapFigures, manned: bool, engines: int, size: int) -> int:
    """2.3: the velocity change, in units, of one impulse's thrust with `engines` engines
    of a craft of size class `size` (0 counts as 1): standard acceleration (manned: 1/10 a
    turn) with as many engines as the size class, in proportion with fewer; crash
    acceleration up to the crash factor times that with proportionally more engines
    (manned: 1/60 an impulse at the limit); engines beyond the limit add nothing."""
    if engines <= 0:
        return 0
    s = rate_size(size)
    if engines <= s:
        return (m.manned if manned else m.standard) * engines // s
    limit = m.crash_factor * s
    used = engines if engines < limit else limit
    return (m.manned_crash if manned else m.crash) * used // limit


@rule
def crashing(engines: int, size: int) -> bool:
    """2.3: thrust with more engines than the size class is crash acceleration."""
    return engines > rate_size(size)


@rule
def thrust_pushes(is_base: bool, engines: int, fuel_tanks: int, needs_fuel: bool, va: int,
                  vc: int, facing: int) -> bool:
    """Whether engines may push a craft along its facing (2.3, R20, R26): never a base or a
    craft without engines; with fuel always; without fuel only a ramscoop, already moving,
    and with no component the push would slow (braking facing away from the motion needs
    fuel)."""
    if is_base or engines <= 0:
        return False
    if fuel_tanks > 0:
        return True
    if needs_fuel or (va == 0 and vc == 0):
        return False
    return va * step_a(facing) >= 0 and vc * step_c(facing) >= 0


@rule
def scoop_brakes(is_base: bool, engines: int, needs_fuel: bool, va: int, vc: int,
                 facing: int) -> bool:
    """Whether a ramscoop facing `facing` may brake nose-first (R20, R26): it faces into a
    component of its motion; no fuel needed."""
    if is_base or engines <= 0 or needs_fuel:
        return False
    return va * step_a(facing) > 0 or vc * step_c(facing) > 0


@rule
def pushed(m: MapFigures, va: int, vc: int, facing: int, rate: int) -> tuple[int, int]:
    """The components after thrust at `rate` along `facing` (2.3): each component the
    facing's step has changes by the rate; a push that would pass the top speed is cut
    where it reaches it (a craft already faster, say after a magnetic beam, may not gain
    speed) (R26)."""
    pa = step_a(facing)
    pc = step_c(facing)
    limit = speed(va, vc)
    limit = limit if limit > m.top else m.top
    if speed(va + pa * rate, vc + pc * rate) <= limit:
        return va + pa * rate, vc + pc * rate
    low = 0  # speed is convex along the push: the rates within the limit run from 0
    high = rate
    while high - low > 1:
        middle = (low + high) // 2
        if speed(va + pa * middle, vc + pc * middle) <= limit:
            low = middle
        else:
            high = middle
    return va + pa * low, vc + pc * low


@rule
def braked(component: int, part: int, rate: int) -> int:
    """One component after a nose-first brake at `rate` by a craft whose facing has step
    part `part` along it: only a component moving the way the craft faces slows, and
    only down to 0 (R20, R26)."""
    if component * part <= 0:
        return component
    after = component - part * rate
    return after if after * component > 0 else 0


@rule
def scoop_braked(va: int, vc: int, facing: int, rate: int) -> tuple[int, int]:
    """The components after a ramscoop brakes nose-first along `facing` at `rate` (R20,
    R26)."""
    return braked(va, step_a(facing), rate), braked(vc, step_c(facing), rate)
