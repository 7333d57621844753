"""Thrust, turns and a move (rules 4, T2), as rule functions.

Thrust changes the speed by one hex per point; the fighter then flies its full speed.
Spare thrust pays for one-hexside turns during the move at a quarter of the present
speed each (T2 rounding, never below the minimum), and each turn needs that many
straight hexes before it and after it. Spare thrust is not saved from move to move.
The straight hexes before a turn count across moves (the seed's speed-12 example), the
hexes after it must fit in the same move: a stationary fighter cannot turn.

A move is a row of ints: the new speed, the number of turns, then each turn as (hexes
flown this move before it, +1 left or -1 right); `trace` writes every moment of a move
(the start, each turn in its hex, each hex entered) into three buffers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from shipyard.core.rules import Cells, rule
from shipyard.rulesets.tacship.rules.figures import ROUND_DOWN, ROUND_UP
from shipyard.rulesets.tacship.rules.hexes import step, turned

if TYPE_CHECKING:
    from shipyard.rulesets.tacship.rules.figures import Figures

PLAN_SPEED, PLAN_TURNS, PLAN_FIRST = 0, 1, 2  # a move's row: PLAN_FIRST + 2k: turn k

# Why a move breaks rules 4 (`illegal`); LEGAL when it does not.
LEGAL, BELOW_ZERO, TOO_MUCH_THRUST, TURNS_UNPAID, NOT_A_HEXSIDE, OUT_OF_ORDER, \
    TOO_SOON, TOO_LATE = range(8)


@rule
def turn_cost(f: Figures, speed: int) -> int:
    """Rules 4 and T2: a quarter of the present speed per hexside, at least the minimum."""
    divisor = f.turn_divisor
    if f.turn_rounding == ROUND_DOWN:
        quarter = speed // divisor
    elif f.turn_rounding == ROUND_UP:
        quarter = -(-speed // divisor)
    else:
        quarter = (2 * speed + divisor) // (2 * divisor)
    return max(f.turn_minimum, quarter)


@rule
def thrust_for(f: Figures, speed_now: int, speed: int) -> int:
    """The thrust a change of speed takes (rules 4: one point per hex per turn)."""
    return -(-abs(speed - speed_now) // f.speed_per_thrust)


@rule
def slowest(f: Figures, speed_now: int, thrust: int) -> int:
    """The lowest speed this turn's thrust reaches (never below zero)."""
    return max(0, speed_now - thrust * f.speed_per_thrust)


@rule
def fastest(f: Figures, speed_now: int, thrust: int) -> int:
    """The highest speed this turn's thrust reaches."""
    return speed_now + thrust * f.speed_per_thrust


@rule
def illegal(f: Figures, speed_now: int, straight: int, thrust: int,
            plan: Cells) -> int:
    """Why the move `plan` breaks rules 4 for a fighter at `speed_now` with `straight`
    hexes flown since its last turn: one of the reasons above, LEGAL when it does not."""
    speed = plan[PLAN_SPEED]
    if speed < 0:
        return BELOW_ZERO
    spare = thrust - thrust_for(f, speed_now, speed)
    if spare < 0:
        return TOO_MUCH_THRUST
    cost = turn_cost(f, speed)
    turns = plan[PLAN_TURNS]
    if cost * turns > spare:
        return TURNS_UNPAID
    last = 0
    for k in range(turns):
        flown = plan[PLAN_FIRST + 2 * k]
        side = plan[PLAN_FIRST + 2 * k + 1]
        if side != 1 and side != -1:
            return NOT_A_HEXSIDE
        if flown < last or flown > speed:
            return OUT_OF_ORDER
        straight += flown - last
        if straight < cost:  # straight hexes before the turn, counted across moves
            return TOO_SOON
        if speed - flown < cost:  # and after it, within this move
            return TOO_LATE
        straight, last = 0, flown
    return LEGAL


@rule
def trace(q: int, r: int, heading: int, plan: Cells, out_q: Cells,
          out_r: Cells, out_h: Cells) -> int:
    """Every moment of the move into the buffers: the start, each turn in its hex, each
    hex entered; how many there are (turns out of order end the turning)."""
    speed = plan[PLAN_SPEED]
    turns = plan[PLAN_TURNS]
    out_q[0], out_r[0], out_h[0] = q, r, heading
    n = 1
    k = 0
    for flown in range(speed + 1):
        while k < turns and plan[PLAN_FIRST + 2 * k] == flown:
            heading = turned(heading, plan[PLAN_FIRST + 2 * k + 1])
            out_q[n], out_r[n], out_h[n] = q, r, heading
            n += 1
            k += 1
        if flown < speed:
            q, r = step(q, r, heading, 1)
            out_q[n], out_r[n], out_h[n] = q, r, heading
            n += 1
    return n


@rule
def runs(q: int, r: int, heading: int, plan: Cells, run_q: Cells, run_r: Cells,
         run_h: Cells, run_first: Cells) -> int:
    """The move's straight runs, numbered as `trace` numbers its moments: each run's
    first moment (the start or a turn) into `run_first`, its hex and heading into the
    other buffers; how many runs there are, `run_first` after the last holding the
    number of moments. A run's next moments are the hexes entered on its heading."""
    speed = plan[PLAN_SPEED]
    run_q[0], run_r[0], run_h[0], run_first[0] = q, r, heading, 0
    count = 1
    flown = 0
    moment = 0
    for k in range(plan[PLAN_TURNS]):
        at = plan[PLAN_FIRST + 2 * k]
        if at < flown or at > speed:
            break  # as `trace`: a turn out of order ends the turning
        q, r = step(q, r, heading, at - flown)
        heading = turned(heading, plan[PLAN_FIRST + 2 * k + 1])
        moment += at - flown + 1
        flown = at
        run_q[count], run_r[count], run_h[count], run_first[count] = q, r, heading, moment
        count += 1
    run_first[count] = moment + speed - flown + 1
    return count


@rule
def end_of(q: int, r: int, heading: int, plan: Cells) -> tuple[int, int, int]:
    """Where a legal move ends (hex and heading): `trace`'s last moment, without the
    hexes between."""
    flown = 0
    for k in range(plan[PLAN_TURNS]):
        at = plan[PLAN_FIRST + 2 * k]
        q, r = step(q, r, heading, at - flown)
        heading, flown = turned(heading, plan[PLAN_FIRST + 2 * k + 1]), at
    q, r = step(q, r, heading, plan[PLAN_SPEED] - flown)
    return q, r, heading


@rule
def moments(plan: Cells) -> int:
    """How many moments `trace` writes for `plan` (the buffers' least length)."""
    return int(plan[PLAN_SPEED] + plan[PLAN_TURNS] + 1)


@rule
def straight_after(straight: int, plan: Cells) -> int:
    """Straight hexes at the end of the move, counted on into the next one."""
    turns = plan[PLAN_TURNS]
    if turns == 0:
        return int(straight + plan[PLAN_SPEED])
    return int(plan[PLAN_SPEED] - plan[PLAN_FIRST + 2 * (turns - 1)])
