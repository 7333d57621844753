"""The Tacship map (rules 4): axial hexes on an unbounded plane, as rule functions.

A hex is an axial pair (q, r); headings are the six hexsides, 0 to 5,
counter-clockwise (a left turn adds one). The plane has no edge (rules 4: the seed's
board edge is a table matter). Arcs (the seed's diagram is lost): the fore arc is the
half-plane ahead, the aft arc the other half; hexes exactly abeam count in both.
A function that has no answer (`on_ray` off the line) answers -1.
"""

from __future__ import annotations

from shipyard.core.rules import rule

FORE, AFT = 0, 1  # turret arcs
LEFT, RIGHT = 1, -1


@rule
def heading_step(heading: int) -> tuple[int, int]:
    """The axial step (dq, dr) of one hex along `heading`, 0 to 5 counter-clockwise:
    (1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1). Branches rather than a tuple
    indexed by the heading: compiled, the lookup made a whole Tacship duel a fifth
    slower (benchmarks/duel_bench.py)."""
    if heading == 0:
        return 1, 0
    if heading == 1:
        return 1, -1
    if heading == 2:
        return 0, -1
    if heading == 3:
        return -1, 0
    if heading == 4:
        return -1, 1
    return 0, 1


@rule
def turned(heading: int, sides: int) -> int:
    """The heading after turning `sides` hexsides (positive = left)."""
    return (heading + sides) % 6


@rule
def behind(heading: int) -> int:
    """The heading straight astern."""
    return (heading + 3) % 6


@rule
def step(q: int, r: int, heading: int, hexes: int) -> tuple[int, int]:
    """The hex `hexes` steps from (q, r) along `heading`."""
    dq, dr = heading_step(heading)
    return q + dq * hexes, r + dr * hexes


@rule
def distance(aq: int, ar: int, bq: int, br: int) -> int:
    """Hexes between two hexes."""
    dq = aq - bq
    dr = ar - br
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


@rule
def seen_from(oq: int, or_: int, heading: int, tq: int, tr: int) -> tuple[int, int]:
    """The offset from (oq, or_) to (tq, tr) turned as if the origin faced heading 0."""
    q = tq - oq
    r = tr - or_
    for _ in range(heading):  # one hexside right each time
        q, r = -r, q + r
    return q, r


@rule
def on_ray(oq: int, or_: int, heading: int, tq: int, tr: int) -> int:
    """Hexes to the target if it lies exactly ahead along `heading` (0: the same hex),
    else -1: the fixed-laser test of rules 4."""
    dq = tq - oq
    dr = tr - or_
    hexes = (abs(dq) + abs(dr) + abs(dq + dr)) // 2
    sq, sr = heading_step(heading)
    if dq == sq * hexes and dr == sr * hexes:
        return hexes
    return -1


@rule
def lateral(heading: int, dq: int, dr: int) -> int:
    """Twice the dot product of the heading with an offset: >0 ahead, <0 behind, 0 abeam
    (integer arithmetic)."""
    hq, hr = heading_step(heading)
    return 2 * hq * dq + 2 * hr * dr + hq * dr + hr * dq


@rule
def arc_holds(along: int, arc: int) -> bool:
    """Is a target whose `lateral` from the origin is `along` in `arc`? Fore the
    half-plane ahead, aft the one behind, abeam in both (rules 4, ruling)."""
    return along >= 0 if arc == FORE else along <= 0


@rule
def in_arc(oq: int, or_: int, heading: int, arc: int, tq: int, tr: int) -> bool:
    """Turret arcs (rules 4, ruling): fore the half-plane ahead, aft the one behind."""
    return arc_holds(lateral(heading, tq - oq, tr - or_), arc)


@rule
def lateral_ahead(along: int, hexes: int) -> int:
    """A target's `lateral` seen from `hexes` further along the origin's heading, its
    `lateral` from the origin being `along`: a heading's own step has `lateral` 2, so
    each hex flown lowers it by 2 (the arcs of a straight run, tested once a run)."""
    return along - 2 * hexes


@rule
def in_slot(tail_q: int, tail_r: int, tail_heading: int, lead_q: int, lead_r: int,
            lead_heading: int, reach: int) -> bool:
    """Rules 4: the tail sits directly behind its target, in line with it (the same
    heading), `reach` hexes or closer."""
    if tail_heading != lead_heading:
        return False
    hexes = on_ray(lead_q, lead_r, behind(lead_heading), tail_q, tail_r)
    return 1 <= hexes <= reach


@rule
def bearing(oq: int, or_: int, tq: int, tr: int) -> int:
    """The hexside sector (0-5) the target lies in seen from the origin (ties go to the
    lower-numbered side); the origin itself gives 0."""
    best, score = 0, lateral(0, tq - oq, tr - or_)
    for heading in range(1, 6):
        along = lateral(heading, tq - oq, tr - or_)
        if along > score:
            best, score = heading, along
    return best
