"""The hex map's positions, facings, velocities and arcs in a replay's terms, for the
frames a battle on the map draws (`shipyard.core.battle`: `Token`, `Shot`).

The map's own terms (`rules.vector`): hexes `(a, c)` along the velocity axes A and C,
120 degrees apart, the six directions A to F clockwise with A straight up; velocity
components in whole units (`MapFigures.unit` a hex per turn); a weapon's arcs named
clockwise from dead ahead, RF, R, RR, LR, L, LF (R12), here numbered 0 to 5 in that
order.

A replay's terms: axial hexes (q, r) of a pointy-topped map, headings 0-5
counter-clockwise from +q (east); a velocity (dq, dr) in hexes per turn; arcs as sectors
of the map, sector k between headings k and k + 1.

The picture is the map turned 30 degrees clockwise: direction A points to heading 1
(north-east on the screen), B to heading 0 (east), C to heading 5, and so on clockwise,
so a step along A is (1, -1), along C (0, 1) and along B, their sum, (1, 0). The turn
keeps every distance, line and angle: hex distance, the rules' biggest-or-sum, is the
same in both, and so is any line of fire.
"""

from __future__ import annotations

from collections.abc import Iterable

HEADING_OF_A = 1  # the replay's heading of direction A
DIRECTIONS = 6


def picture_hex(a: int, c: int) -> tuple[int, int]:
    """The replay's hex (q, r) of the map's hex `(a, c)`: a steps along A, (1, -1) each,
    and c along C, (0, 1) each."""
    return a, c - a


def picture_heading(facing: int) -> int:
    """The replay's heading of a facing (or direction) A = 0 ... F = 5."""
    return (HEADING_OF_A - facing) % DIRECTIONS


def picture_vector(va: int, vc: int, unit: int) -> tuple[float, float]:
    """The replay's velocity (dq, dr), hexes per turn, of components `va`, `vc` in units of
    1/`unit` hex per turn (the same turn of the map as a hex's)."""
    return va / unit, (vc - va) / unit


def picture_arcs(facing: int, arcs: Iterable[int]) -> tuple[int, ...]:
    """The replay's sectors of the map covered by the arcs `arcs` (0 = RF ... 5 = LF,
    clockwise from dead ahead) of a craft facing `facing`: arc n lies between its
    relative directions n + 1 and n + 2 (R13: direction 1 ahead, clockwise), so between
    the headings h - n and h - n - 1 of a craft of heading h: sector h - n - 1."""
    heading = picture_heading(facing)
    return tuple(sorted({(heading - arc - 1) % DIRECTIONS for arc in arcs}))
