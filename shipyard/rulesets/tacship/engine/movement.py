"""Thrust and movement of a fighter (rules 4).

Thrust changes the speed by one hex per point; the fighter then flies its full
speed. Spare thrust pays for one-hexside turns during the move at a quarter of
the present speed each (rounded down, never below one; `combat.toml`), and
each turn needs that many straight hexes before it and after it. Spare thrust
is not saved from move to move.

The straight hexes before a turn count across moves (`Craft.straight`), so a
fighter that ended its last move flying straight may turn early in this one,
as in the seed's speed-12 example (two hexes, then a turn). The hexes after a
turn must fit in the same move: no free pivot at the end of a move. A
stationary fighter therefore cannot turn.
"""

from __future__ import annotations

from dataclasses import dataclass

from shipyard.rulesets.tacship.engine.hexes import Hex, step, turned
from shipyard.rulesets.tacship.engine.state import Craft
from shipyard.rulesets.tacship.engine.tables import Manoeuvre, TurnRounding

Point = tuple[Hex, int]  # a moment of a move: hex and heading


@dataclass(frozen=True, slots=True)
class Plan:
    """A move: the new speed, then each turn as (hexes flown this move before it, +1
    left or -1 right), in order."""

    speed: int
    turns: tuple[tuple[int, int], ...] = ()


def turn_cost(speed: int, rules: Manoeuvre, rounding: TurnRounding) -> int:
    """Rules 4: a quarter of the present speed per hexside, at least the minimum."""
    divisor = rules.turn_cost_divisor
    if rounding.mode == "down":
        quarter = speed // divisor
    elif rounding.mode == "up":
        quarter = -(-speed // divisor)
    else:
        quarter = (2 * speed + divisor) // (2 * divisor)
    return max(rules.turn_cost_minimum, quarter)


def speed_range(craft: Craft, rules: Manoeuvre) -> range:
    """The speeds this turn's thrust can reach (never below zero)."""
    reach = craft.fighter.thrust * rules.speed_per_thrust
    return range(max(0, craft.speed - reach), craft.speed + reach + 1)


def thrust_for(craft: Craft, speed: int, rules: Manoeuvre) -> int:
    change = abs(speed - craft.speed)
    return -(-change // rules.speed_per_thrust)


def illegal(craft: Craft, plan: Plan, rules: Manoeuvre, rounding: TurnRounding) -> str | None:
    """Why `plan` breaks rules 4 for `craft`, or None when it is legal."""
    if plan.speed < 0:
        return "speed below zero"
    spare = craft.fighter.thrust - thrust_for(craft, plan.speed, rules)
    if spare < 0:
        return f"needs {thrust_for(craft, plan.speed, rules)} thrust to reach speed {plan.speed}"
    cost = turn_cost(plan.speed, rules, rounding)
    if cost * len(plan.turns) > spare:
        return f"{len(plan.turns)} turns cost {cost * len(plan.turns)} thrust, {spare} left"
    straight = craft.straight
    last = 0
    for flown, side in plan.turns:
        if side not in (-1, 1):
            return "one hexside at a time"
        if flown < last or flown > plan.speed:
            return "turns out of order"
        straight += flown - last
        if straight < cost:
            return f"a turn needs {cost} straight hexes before it, {straight} flown"
        if plan.speed - flown < cost:
            return f"a turn needs {cost} straight hexes after it in the move"
        straight, last = 0, flown
    return None


def trace(pos: Hex, heading: int, plan: Plan) -> list[Point]:
    """Every moment of the move: the start, each turn in its hex, each hex entered."""
    points: list[Point] = [(pos, heading)]
    turns = iter(plan.turns)
    upcoming = next(turns, None)
    for flown in range(plan.speed + 1):
        while upcoming is not None and upcoming[0] == flown:
            heading = turned(heading, upcoming[1])
            points.append((pos, heading))
            upcoming = next(turns, None)
        if flown < plan.speed:
            pos = step(pos, heading)
            points.append((pos, heading))
    return points


def end_of(pos: Hex, heading: int, plan: Plan) -> Point:
    """Where the move ends: `trace(pos, heading, plan)[-1]`, without the hexes between."""
    flown = 0
    for at, side in plan.turns:
        pos = step(pos, heading, at - flown)
        heading, flown = turned(heading, side), at
    return step(pos, heading, plan.speed - flown), heading


def straight_after(craft: Craft, plan: Plan) -> int:
    """Straight hexes at the end of the move, counted on into the next one."""
    if not plan.turns:
        return craft.straight + plan.speed
    return plan.speed - plan.turns[-1][0]
