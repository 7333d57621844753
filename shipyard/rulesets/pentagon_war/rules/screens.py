"""Directional screens on the hex map (rules 2.7, R14, R29), as rule functions.

A directional screen is aimed each impulse along the path of one spacecraft. It counts
against every direct-fire weapon of that craft and of any other firing craft colinear
with it and the defender (the original's advanced rules): a line drawn from the
defender's hex to the farther of the two passes through the nearer one's hex. Where it
counts it comes off each weapon's damage on its own, not once off the impulse's total
(R14: `damage.strike` with the hit screened, `damage.screens_spent` with nothing spent);
fire from anyone else meets no screen at all.

Lines run between hex centres on the map of `vector` (axial hexes along A and C).
A line passes through a hex when it crosses the hex's inside or runs along one of its
sides; one that only touches a corner does not (R29). Whether a point lies on one side
of a line, and in what order points lie along it, do not change when the hexes are
drawn skewed, so the test works in the axial coordinates themselves, three times over
so that every corner of a hex is a whole point: the corners of the hex around the
origin are then (2, 1), (1, 2), (-1, 1), (-2, -1), (-1, -2), (1, -1), in order round
it. Everything here is whole numbers, and turning or mirroring the map (`vector.rotated`,
`vector.mirrored`) changes no answer.
"""

from __future__ import annotations

from shipyard.core.rules import Cells, rule
from shipyard.rulesets.pentagon_war.rules.vector import hexes_apart

SCALE = 3  # the corners of hexes are whole points three times over
CORNER_A = (2, 1, -1, -2, -1, 1)  # the corners of the hex around the origin, in order
CORNER_C = (1, 2, 1, -1, -2, -1)
CORNERS = 6
UNAIMED = -1  # `screen_aim`: no single line covers every attacker


@rule
def side_of_line(da: int, dc: int, pa: int, pc: int) -> int:
    """Which side of the line from the origin along `(da, dc)` the point `(pa, pc)` lies
    on: 1 or -1, 0 on the line."""
    cross = da * pc - dc * pa
    return int(cross > 0) - int(cross < 0)  # whole numbers: numpy booleans do not subtract


@rule
def on_line(ta: int, tc: int, fa: int, fc: int, ha: int, hc: int) -> bool:
    """R29: whether the line from the centre of hex `(ta, tc)` to the centre of
    `(fa, fc)` passes through hex `(ha, hc)`: through its inside or along one of its
    sides, between the two centres. Both end hexes are on it."""
    if (ha == ta and hc == tc) or (ha == fa and hc == fc):
        return True
    da = fa - ta
    dc = fc - tc
    if da == 0 and dc == 0:
        return False
    ca = SCALE * (ha - ta)  # the hex's centre, from the line's start, three times over
    cc = SCALE * (hc - tc)
    plus = 0
    minus = 0
    for k in range(CORNERS):
        side = side_of_line(da, dc, ca + CORNER_A[k], cc + CORNER_C[k])
        plus += side > 0
        minus += side < 0
    on = CORNERS - plus - minus  # corners on the line
    if (plus == 0 or minus == 0) and on < 2:
        return False  # the line misses the hex, or only touches one of its corners
    # Where the line enters and leaves the hex, as fractions t of the way from the
    # start (t = 0) to the far centre (t = 1): the hex lies between the two centres when
    # it is entered before the far centre and left after the start.
    reach = SCALE * (da if da != 0 else dc)  # the far centre's part along a non-zero axis
    before_far = False
    after_start = False
    for k in range(CORNERS):
        a1 = ca + CORNER_A[k]
        c1 = cc + CORNER_C[k]
        a2 = ca + CORNER_A[(k + 1) % CORNERS]
        c2 = cc + CORNER_C[(k + 1) % CORNERS]
        s1 = da * c1 - dc * a1
        s2 = da * c2 - dc * a2
        if s1 == 0:  # a corner on the line
            part = a1 if da != 0 else c1
            num = part
            den = reach
        elif (s1 > 0) != (s2 > 0) and s2 != 0:  # the line crosses this side
            part1 = a1 if da != 0 else c1
            part2 = a2 if da != 0 else c2
            num = part1 * (s1 - s2) + s1 * (part2 - part1)
            den = (s1 - s2) * reach
        else:
            continue
        if den < 0:
            num = -num
            den = -den
        after_start = after_start or num > 0
        before_far = before_far or num < den
    return after_start and before_far


@rule
def colinear(ta: int, tc: int, xa: int, xc: int, ya: int, yc: int) -> bool:
    """R14, R29: whether two firing craft in `(xa, xc)` and `(ya, yc)` are colinear
    with the defender in `(ta, tc)`: the line from the defender to the farther of them
    passes through the nearer one's hex (either way when they are equally far)."""
    x = hexes_apart(ta, tc, xa, xc)
    y = hexes_apart(ta, tc, ya, yc)
    if x >= y and on_line(ta, tc, xa, xc, ya, yc):
        return True
    return y >= x and on_line(ta, tc, ya, yc, xa, xc)


@rule
def screen_covers(ta: int, tc: int, aim_a: int, aim_c: int, ha: int, hc: int) -> bool:
    """R14, R29: whether a directional screen of the craft in `(ta, tc)`, aimed along
    the path of the craft in `(aim_a, aim_c)`, counts against a weapon fired from
    `(ha, hc)`: from the craft it is aimed at, or from one colinear with it."""
    return colinear(ta, tc, aim_a, aim_c, ha, hc)


@rule
def screen_aim(ta: int, tc: int, hex_a: Cells, hex_c: Cells, count: int) -> int:
    """R14, R29: the attacker (an index of the `count` hexes `(hex_a[i], hex_c[i])`)
    a defender in `(ta, tc)` aims its directional screen along to count it against all of
    them, the farthest whose line passes through every other's hex (the first listed of
    equally far ones); UNAIMED when no line does, or there is no attacker."""
    best = UNAIMED
    far = -1
    for j in range(count):
        ja = int(hex_a[j])
        jc = int(hex_c[j])
        hexes = hexes_apart(ta, tc, ja, jc)
        if hexes <= far:
            continue
        covers = True
        for i in range(count):
            if not on_line(ta, tc, ja, jc, int(hex_a[i]), int(hex_c[i])):
                covers = False
                break
        if covers:
            best = j
            far = hexes
    return best
