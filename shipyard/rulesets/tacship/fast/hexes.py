"""Hex geometry of the Tacship map, compiled (rules 4; reference: engine/hexes.py).

Axial coordinates `(q, r)` on an unbounded plane, headings 0-5
counter-clockwise (a left turn adds one). The six direction steps are the
one structural table here; everything else is integer arithmetic on them.
A function that the reference answers with `None` answers -1 here.
"""

from __future__ import annotations

import numpy as np

import shipyard.rulesets.tacship.fast.fields as f
from shipyard.core.compiled import kernel

# The six hexside steps, heading 0 to 5 (engine/hexes.py DIRECTIONS).
DQ = np.array([1, 1, 0, -1, -1, 0], dtype=np.int64)
DR = np.array([0, -1, -1, 0, 1, 1], dtype=np.int64)


@kernel
def turned(heading: int, sides: int) -> int:
    """The heading after turning `sides` hexsides (positive = left)."""
    return (heading + sides) % 6


@kernel
def behind(heading: int) -> int:
    return (heading + 3) % 6


@kernel
def step(q: int, r: int, heading: int, hexes: int) -> tuple[int, int]:
    """The hex `hexes` steps from `(q, r)` along `heading`."""
    return q + DQ[heading] * hexes, r + DR[heading] * hexes


@kernel
def distance(aq: int, ar: int, bq: int, br: int) -> int:
    dq = aq - bq
    dr = ar - br
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


@kernel
def seen_from(oq: int, or_: int, heading: int, tq: int, tr: int) -> tuple[int, int]:
    """The offset from `(oq, or_)` to `(tq, tr)` turned as if the origin faced heading 0."""
    q = tq - oq
    r = tr - or_
    for _ in range(heading):  # one hexside right each time
        q, r = -r, q + r
    return q, r


@kernel
def on_ray(oq: int, or_: int, heading: int, tq: int, tr: int) -> int:
    """Hexes to the target if it lies exactly ahead along `heading` (0: the same hex),
    else -1: the fixed-laser test of rules 4."""
    dq = tq - oq
    dr = tr - or_
    hexes = (abs(dq) + abs(dr) + abs(dq + dr)) // 2
    if dq == DQ[heading] * hexes and dr == DR[heading] * hexes:
        return hexes
    return -1


@kernel
def lateral(heading: int, dq: int, dr: int) -> int:
    """Twice the dot product of the heading with an offset: >0 ahead, <0 behind, 0 abeam."""
    hq = int(DQ[heading])
    hr = int(DR[heading])
    return 2 * hq * dq + 2 * hr * dr + hq * dr + hr * dq


@kernel
def in_arc(oq: int, or_: int, heading: int, arc: int, tq: int, tr: int) -> bool:
    """Turret arcs (rules 4, ruling): fore the half-plane ahead, aft the one behind;
    hexes exactly abeam count in both."""
    along = lateral(heading, tq - oq, tr - or_)
    return along >= 0 if arc == f.FORE else along <= 0


@kernel
def in_slot(tail_q: int, tail_r: int, tail_heading: int, lead_q: int, lead_r: int,
            lead_heading: int, reach: int) -> bool:
    """Rules 4: the tail sits directly behind its target on the same heading, `reach`
    hexes or closer."""
    if tail_heading != lead_heading:
        return False
    hexes = on_ray(lead_q, lead_r, behind(lead_heading), tail_q, tail_r)
    return 1 <= hexes <= reach


@kernel
def turn_cost(speed: int, combat: np.ndarray) -> int:
    """Rules 4 and T2: a quarter of the present speed per hexside, at least the minimum."""
    divisor = combat[f.TURN_DIVISOR]
    mode = combat[f.TURN_ROUNDING]
    if mode == f.ROUND_DOWN:
        quarter = speed // divisor
    elif mode == f.ROUND_UP:
        quarter = -(-speed // divisor)
    else:
        quarter = (2 * speed + divisor) // (2 * divisor)
    return int(max(combat[f.TURN_MINIMUM], quarter))
