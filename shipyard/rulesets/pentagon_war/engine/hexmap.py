"""Where every craft of a battle is on the hex map, and how it moves (rules 2.1, 2.3, R25,
R26, R32, R33): the map geometry of the duel loop.

A craft has a hex `(a, c)`, a facing (A = 0 ... F = 5) and two velocity components in
whole units (`MapFigures.unit` of a hex per turn). Each impulse a craft turns and
thrusts (`map_battle.MapBattle.maneuver`), then every component moves on the impulse
chart (`rules.impulses`). The captains and the gunnery read a pair of craft as they read
the range track: `view(i, j)` sets the range between them, the relative direction each
sees the other in (`rules.bearing`) and each one's speed toward the other along the line
between them, so the duel's own captains and fire rules play on the map unchanged.

R33: the fleets start `start_range` hexes apart along A, side 0 facing A and side 1
facing D, each fleet abreast across the line (two hexes between neighbours, the first
ship on the line, then one to its own right, one to its left...: the two fleets stand as
a half turn of each other, so a fleet against its copy starts fair), each craft moving
toward the enemy at its start speed. The map has no edge.
"""

from __future__ import annotations

from collections.abc import Sequence

from shipyard.rulesets.pentagon_war.rules import impulses as chart
from shipyard.rulesets.pentagon_war.rules.bearing import (
    across,
    along,
    closest_approach,
    closing_speed,
    relative_direction,
)
from shipyard.rulesets.pentagon_war.rules.screens import UNAIMED, screen_aim, screen_covers
from shipyard.rulesets.pentagon_war.rules.vector import (
    A,
    D,
    MapFigures,
    hex_distance,
    mirrored,
    mirrored_facing,
    pushed,
    rotated,
)

ABREAST = (1, 2)  # two hexes to the right across A: the step between neighbours (R33)
NO_FRIEND = 1 << 62  # `HexMap.crowding` with no friend in the battle


def abreast(place: int) -> int:
    """How many steps to the right (negative: left) the ship at `place` in its fleet starts
    (R33): 0, 1, -1, 2, -2..."""
    return (place + 1) // 2 if place % 2 else -(place // 2)


def radial(va: int, vc: int, da: int, dc: int) -> float:
    """The part of velocity `(va, vc)` along the displacement `(da, dc)` (same units), by
    the map's true geometry (A and C 120 degrees apart); 0 for no displacement. Worked
    from whole numbers (`bearing.along`), so a mirrored map gives the very same float."""
    return closing_speed(va, vc, da, dc, 1)


class HexMap:
    """The map of one battle: every craft's hex, facing, velocity and chart columns."""

    __slots__ = ("a", "c", "columns", "facing", "m", "va", "vc")

    def __init__(self, m: MapFigures, count: int) -> None:
        self.m = m
        self.a = [0] * count
        self.c = [0] * count
        self.facing = [A] * count
        self.va = [0] * count
        self.vc = [0] * count
        self.columns = [[0, 0] for _ in range(count)]  # chart columns of A and C this turn

    def place(self, sides: Sequence[int], places: Sequence[int], start_range: int,
              speeds: Sequence[float]) -> None:
        """R33: both fleets abreast, `start_range` apart along A, moving toward each other."""
        unit = self.m.unit
        for i, (side, place) in enumerate(zip(sides, places, strict=True)):
            step = abreast(place)
            ahead = 1 if side == 0 else -1
            # Each to its own right: the second fleet stands as a half turn of the first.
            self.a[i] = (0 if side == 0 else start_range) + ahead * ABREAST[0] * step
            self.c[i] = ahead * ABREAST[1] * step
            self.facing[i] = A if side == 0 else D
            self.va[i] = ahead * round(speeds[i] * unit)
            self.vc[i] = 0

    def turned(self, sixths: int, mirror: bool) -> None:
        """The whole layout turned clockwise by `sixths` x 60 degrees about the first hex,
        then mirrored in the line through B and E if `mirror` (a half turn and the mirror
        are the map's symmetries: the battle they start is the same battle)."""
        for i in range(len(self.a)):
            self.a[i], self.c[i] = rotated(self.a[i], self.c[i], sixths)
            self.va[i], self.vc[i] = rotated(self.va[i], self.vc[i], sixths)
            self.facing[i] = (self.facing[i] + sixths) % 6
            if mirror:
                self.a[i], self.c[i] = mirrored(self.a[i], self.c[i])
                self.va[i], self.vc[i] = mirrored(self.va[i], self.vc[i])
                self.facing[i] = mirrored_facing(self.facing[i])

    # -- a pair as the range track sees it ------------------------------------------------
    def hexes(self, i: int, j: int) -> int:
        return hex_distance(self.a[j] - self.a[i], self.c[j] - self.c[i])

    def direction(self, i: int, j: int) -> int:
        """The relative direction (1-6) craft `i` sees craft `j` in."""
        return relative_direction(self.facing[i], self.a[j] - self.a[i], self.c[j] - self.c[i])

    def toward(self, i: int, j: int) -> float:
        """Craft `i`'s speed toward craft `j` along the line between them, hexes a turn."""
        return closing_speed(self.va[i], self.vc[i], self.a[j] - self.a[i],
                             self.c[j] - self.c[i], self.m.unit)

    def speed(self, i: int) -> float:
        """Craft `i`'s speed, hexes a turn (the components' biggest-or-sum, 2.3)."""
        return hex_distance(self.va[i], self.vc[i]) / self.m.unit

    # -- movement -------------------------------------------------------------------------
    def start_turn(self, turn: int) -> None:
        """2.1: each component's column of the impulse chart for the turn (R25, fractional)."""
        unit = self.m.unit
        for i, columns in enumerate(self.columns):
            columns[0] = chart.column_at_start(self.va[i], unit, turn, True)
            columns[1] = chart.column_at_start(self.vc[i], unit, turn, True)

    def move(self, i: int, before: tuple[int, int], turn: int, impulse: int) -> None:
        """Craft `i` makes this impulse's movement segment; `before` its components before
        this impulse's thrust (R25: a new column counts from this impulse)."""
        m, columns = self.m, self.columns[i]
        columns[0], columns[1], da, dc = chart.body_move(
            columns[0], columns[1], before[0], before[1], self.va[i], self.vc[i], m.unit, turn,
            impulse, m.impulses)
        self.a[i] += da
        self.c[i] += dc

    # -- a craft's helm and screens ---------------------------------------------------------
    def steady(self, i: int, j: int, facing: int) -> int:
        """Of `facing` and its two neighbours, the one whose thrust (at standard
        acceleration) leaves craft `i` the least drift across the line to craft `j`;
        `facing` unless a neighbour does better than it and than the other neighbour (so a
        mirrored map chooses the same)."""
        da, dc = self.a[j] - self.a[i], self.c[j] - self.c[i]
        if da == 0 and dc == 0:
            return facing
        m = self.m

        def drift(candidate: int) -> int:
            va, vc = pushed(m, self.va[i], self.vc[i], candidate, m.standard)
            return abs(across(va - self.va[j], vc - self.vc[j], da, dc))

        right, left = (facing + 1) % 6, (facing + 5) % 6
        kept, to_right, to_left = drift(facing), drift(right), drift(left)
        if to_right < kept and to_right < to_left:
            return right
        if to_left < kept and to_left < to_right:
            return left
        return facing

    def crowding(self, i: int, va: int, vc: int, friends: Sequence[int],
                 reach: Sequence[int]) -> tuple[float, float]:
        """R34: how far beyond one blast and a hex craft `i`, moving at `(va, vc)`, comes
        to its nearest friend over the coming turn, every craft on its present course:
        the least, over `friends`, of four times the square of their true distance at
        their closest (`bearing.along`, whole units of a hex) less four times the square
        of the longer blast reach of the two (`reach`, hexes; -1: none) and a hex. Above 0
        no blast of either reaches the other as the impulse chart moves them a whole hex
        at a time (the true distance is never more than the hex count). Second, the
        room it leaves: the least, over `friends`, of that at their closest and that a
        turn from now, added (so opening counts even while they are nearest now)."""
        unit = self.m.unit
        least, most = float(NO_FRIEND), float(NO_FRIEND)
        for k in friends:
            if reach[i] < 0 and reach[k] < 0:
                continue  # neither blast strikes anything
            da, dc = (self.a[k] - self.a[i]) * unit, (self.c[k] - self.c[i]) * unit
            wa, wc = self.va[k] - va, self.vc[k] - vc
            room = (max(reach[i], reach[k]) + 1) * unit
            near = closest_approach(da, dc, wa, wc) - 4 * room * room
            then = along(da + wa, dc + wc, da + wa, dc + wc) - 4 * room * room
            least, most = min(least, near), min(most, near + then)
        return least, most

    def screen_aim(self, i: int, attackers: Sequence[int], weights: Sequence[int],
                   target: int) -> int:
        """R29: where craft `i` aims its directional screens once fire is announced: along
        a line through every attacker when there is one (`rules.screens.screen_aim`), else
        at the attacker announcing the most fire (the first of equals), else at its
        `target`."""
        if not attackers:
            return target
        lined = screen_aim(self.a[i], self.c[i], [self.a[k] for k in attackers],
                           [self.c[k] for k in attackers], len(attackers))
        if lined != UNAIMED:
            return attackers[lined]
        most = max(weights)
        return attackers[list(weights).index(most)]

    def covers(self, j: int, aim: int, sender: int) -> bool:
        """R14, R29: whether craft `j`'s directional screens, aimed at craft `aim`, meet
        what craft `sender` fires: from the craft aimed at or one colinear with it."""
        if aim < 0 or aim == sender:
            return True
        return screen_covers(self.a[j], self.c[j], self.a[aim], self.c[aim], self.a[sender],
                             self.c[sender])
