"""Missiles homing on the hex map (rules 2.3, 2.6, R25, R30), as rule functions.

A missile flies at a constant speed, 6 hexes a turn or 12 when rail-launched
(`flight.missile_launch_speed`), so it moves on the impulses the impulse chart gives
that column (`impulses.chart_moves`, R25: every even impulse at 6, every impulse at
12), one hex along its heading each time. It keeps no facing apart from its heading,
which turns at most one hexside (60 degrees) an impulse toward its target, at the
start of the impulse as a craft turns (2.3). Each hex flown burns a hex of its fuel (24
hexes, rail launch or not: four turns at 6, two at 12); once the fuel is gone it turns
no more, drifts straight on, and strikes nothing. A missile with fuel left that shares
its target's hex strikes it, unless point defense stops it (2.5, 2.6; the strike and
the blasts are `flight.hex_share`, `flight.shot_down_points` and `rules.explosions`).

Homing (R30): the missile wants the direction whose step brings it nearest its
target's hex as it stands; of two such directions (the target lies between two
lines of hexes), the one fewer hexsides from its heading. It is launched into its
launcher's hex already heading that way.
"""

from __future__ import annotations

from shipyard.core.rules import rule
from shipyard.rulesets.pentagon_war.rules.impulses import chart_moves
from shipyard.rulesets.pentagon_war.rules.vector import (
    DIRECTIONS,
    facing_after,
    hexes_apart,
    stepped,
)

MISSILE_TURN = 1  # 2.6: a missile's heading turns 60 degrees, one hexside, an impulse


@rule
def hexsides_between(heading: int, direction: int) -> int:
    """Hexsides from `heading` round to `direction`, the shorter way (0 to 3)."""
    steps = (direction - heading) % DIRECTIONS
    return steps if steps <= DIRECTIONS - steps else DIRECTIONS - steps


@rule
def homing_direction(heading: int, a: int, c: int, ta: int, tc: int) -> int:
    """R30: the direction a missile at `(a, c)` heading `heading` wants toward the target
    hex `(ta, tc)`: the one whose step lands nearest the target; of two, the one fewer
    hexsides from the heading. In the target's hex it keeps its heading."""
    if a == ta and c == tc:
        return heading
    best = heading
    nearest = -1
    least_turn = DIRECTIONS
    for k in range(DIRECTIONS):
        direction = (heading + k) % DIRECTIONS
        na, nc = stepped(a, c, direction)
        distance = hexes_apart(na, nc, ta, tc)
        turn = hexsides_between(heading, direction)
        if nearest < 0 or distance < nearest or (distance == nearest and turn < least_turn):
            best = direction
            nearest = distance
            least_turn = turn
    return best


@rule
def launch_heading(facing: int, a: int, c: int, ta: int, tc: int) -> int:
    """R30: a missile leaves its launcher's hex `(a, c)` heading the way it wants toward
    the target (`homing_direction`), the one nearer the launcher's `facing` on a tie."""
    return homing_direction(facing, a, c, ta, tc)


@rule
def fueled(flown: int, fuel: int) -> bool:
    """2.6: a missile that has flown `flown` hexes still has fuel to turn with (24 hexes,
    one burnt a hex flown)."""
    return flown < fuel


@rule
def homing_heading(heading: int, a: int, c: int, ta: int, tc: int, flown: int,
                   fuel: int) -> int:
    """2.6, R30: the heading after an impulse's turn: one hexside at most toward the
    direction it wants (half way round: clockwise, as a craft turns); out of fuel, none."""
    if not fueled(flown, fuel):
        return heading
    return facing_after(heading, homing_direction(heading, a, c, ta, tc), MISSILE_TURN)


@rule
def missile_impulse(heading: int, a: int, c: int, ta: int, tc: int, flown: int, fuel: int,
                    speed: int, impulse: int, impulses: int) -> tuple[int, int, int, int]:
    """2.6, R25, R30: one impulse of a missile of `speed` hexes a turn homing on the hex
    `(ta, tc)`: it turns, then steps one hex along its heading when the chart's `speed`
    column moves on `impulse`. Returns its heading, hex `(a, c)` and hexes flown."""
    heading = homing_heading(heading, a, c, ta, tc, flown, fuel)
    if not chart_moves(speed, impulse, impulses):
        return heading, a, c, flown
    na, nc = stepped(a, c, heading)
    return heading, na, nc, flown + 1


@rule
def homing_spent(a: int, c: int, ta: int, tc: int, flown: int, fuel: int) -> bool:
    """2.4, 2.6, R30: a missile (fuel 24 hexes) or a liquid metal bolt (12 hexes, R30: it
    homes as a missile does) that has flown all its fuel short of its target's hex
    can strike nothing any more: it is gone."""
    return flown >= fuel and not (a == ta and c == tc)


@rule
def missile_strikes(a: int, c: int, ta: int, tc: int, flown: int, fuel: int) -> bool:
    """2.6, R30: a missile strikes its target when they share a hex and it has flown no
    more than its fuel (the 24th hex is flown on fuel; a 25th is a drift)."""
    return a == ta and c == tc and flown <= fuel
