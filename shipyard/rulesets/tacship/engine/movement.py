"""Thrust and movement of a fighter (rules 4) in the reference engine.

The rules of a move (turn cost, the thrust a speed change takes, a move's legality,
its trace) are rule functions (`rules.movement`), shared with the compiled engine; this
module gives them the readable engine's values: a `Plan` for a move, a `Craft` for the
fighter, points `(hex, heading)` for the moments of a move.

The straight hexes before a turn count across moves (`Craft.straight`), so a
fighter that ended its last move flying straight may turn early in this one,
as in the seed's speed-12 example (two hexes, then a turn). The hexes after a
turn must fit in the same move: no free pivot at the end of a move. A
stationary fighter therefore cannot turn.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from shipyard.rulesets.tacship.engine.hexes import Hex
from shipyard.rulesets.tacship.engine.state import Craft
from shipyard.rulesets.tacship.rules import movement as rules
from shipyard.rulesets.tacship.rules.figures import Figures

Point = tuple[Hex, int]  # a moment of a move: hex and heading

WHY = {  # rules.movement's reasons in words
    rules.BELOW_ZERO: "speed below zero",
    rules.TOO_MUCH_THRUST: "more thrust than the fighter has",
    rules.TURNS_UNPAID: "turns the spare thrust cannot pay for",
    rules.NOT_A_HEXSIDE: "one hexside at a time",
    rules.OUT_OF_ORDER: "turns out of order",
    rules.TOO_SOON: "a turn without its straight hexes before it",
    rules.TOO_LATE: "a turn without its straight hexes after it in the move",
}


@dataclass(frozen=True, slots=True)
class Plan:
    """A move: the new speed, then each turn as (hexes flown this move before it, +1
    left or -1 right), in order."""

    speed: int
    turns: tuple[tuple[int, int], ...] = ()

    def row(self) -> list[int]:
        """The move as the rule functions read it: speed, turns, then (flown, side)s."""
        out = [self.speed, len(self.turns)]
        for flown, side in self.turns:
            out += [flown, side]
        return out


def plan_of(row: list[int]) -> Plan:
    """The `Plan` of a move's row (`Plan.row`)."""
    turns = tuple((row[rules.PLAN_FIRST + 2 * k], row[rules.PLAN_FIRST + 2 * k + 1])
                  for k in range(row[rules.PLAN_TURNS]))
    return Plan(row[rules.PLAN_SPEED], turns)


def turn_cost(speed: int, f: Figures) -> int:
    """Rules 4: a quarter of the present speed per hexside, at least the minimum."""
    return rules.turn_cost(f, speed)


def speed_range(craft: Craft, f: Figures) -> range:
    """The speeds this turn's thrust can reach (never below zero)."""
    thrust = craft.fighter.thrust
    return range(rules.slowest(f, craft.speed, thrust), rules.fastest(f, craft.speed, thrust) + 1)


def illegal(craft: Craft, plan: Plan, f: Figures) -> str | None:
    """Why `plan` breaks rules 4 for `craft`, or None when it is legal."""
    why = rules.illegal(f, craft.speed, craft.straight, craft.fighter.thrust, plan.row())
    return WHY[why] if why != rules.LEGAL else None


def trace(pos: Hex, heading: int, plan: Plan) -> list[Point]:
    """Every moment of the move: the start, each turn in its hex, each hex entered."""
    q, r = pos
    return [((q + dq, r + dr), h) for dq, dr, h in _shape(heading, plan)]


@cache
def _shape(heading: int, plan: Plan) -> tuple[tuple[int, int, int], ...]:
    """`rules.trace` from the origin: a move's moments, the same wherever it starts."""
    row = plan.row()
    room = rules.moments(row)
    qs, rs, hs = [0] * room, [0] * room, [0] * room
    n = rules.trace(0, 0, heading, row, qs, rs, hs)
    return tuple((qs[i], rs[i], hs[i]) for i in range(n))


def end_of(pos: Hex, heading: int, plan: Plan) -> Point:
    """Where the move ends: `trace(pos, heading, plan)[-1]`, without the hexes between."""
    dq, dr, h = _end(heading, plan)
    return (pos[0] + dq, pos[1] + dr), h


@cache
def _end(heading: int, plan: Plan) -> tuple[int, int, int]:
    """`rules.end_of` from the origin (a move ends as far off wherever it starts)."""
    q, r, h = rules.end_of(0, 0, heading, plan.row())
    return q, r, h


def straight_after(craft: Craft, plan: Plan) -> int:
    """Straight hexes at the end of the move, counted on into the next one."""
    return rules.straight_after(craft.straight, plan.row())
