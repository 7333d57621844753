"""The moves a Tacship pilot weighs: a rule of thumb shared by both engines (rules 4).

Not a rule of the game: the candidate moves the scoring pilot (`engine.policy.Pilot`)
chooses from, written once as a function of numbers so that the reference pilot and
the compiled one weigh the very same moves in the very same order (the order decides
ties between equally scored moves). A few speeds (full thrust either way, hold, half
thrust, a cruise speed whose turns stay affordable), each flown straight, with one
turn anywhere, two turns (the same way or a jink) or three the same way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from shipyard.core.rules import Cells, Table, rule
from shipyard.rulesets.tacship.rules.movement import (
    PLAN_SPEED,
    PLAN_TURNS,
    fastest,
    slowest,
    turn_cost,
)
from shipyard.rulesets.tacship.rules.ordnance import set_turn

if TYPE_CHECKING:
    from shipyard.rulesets.tacship.rules.figures import Figures

MOST_TURNS = 3  # the longest candidate's turns


@rule
def set_order(x: int, y: int) -> tuple[int, int, int]:
    """How CPython iterates the set `{x, y}` of two small non-negative ints: its count and
    members in table order. The pilot's moves were first written looping over such a
    set, and seeded duel results keep that order of ties."""
    if x == y:
        return 1, x, x
    mask = 7  # a two-member set lives in the eight-slot small table
    slot_x = x & mask
    i = y & mask
    perturb = y
    while i == slot_x:  # a collision: CPython's probe sequence (setobject.c)
        perturb >>= 5
        i = (i * 5 + 1 + perturb) & mask
    return (2, x, y) if slot_x < i else (2, y, x)


@rule
def candidate_room(f: Figures, speed_now: int, thrust: int) -> int:
    """Rows enough for every candidate move (`candidates`)."""
    return 6 * (2 * fastest(f, speed_now, thrust) + 32)


@rule
def add_move(plans: Table, n: int, speed: int,
             turns: int) -> int:
    plans[n][PLAN_SPEED] = speed
    plans[n][PLAN_TURNS] = turns
    return n + 1


@rule
def sort_small(values: Cells, count: int) -> None:
    """Sort the first `count` values in place (a handful: insertion sort)."""
    for i in range(1, count):
        value = values[i]
        j = i
        while j > 0 and values[j - 1] > value:
            values[j] = values[j - 1]
            j -= 1
        values[j] = value


@rule
def candidates(f: Figures, speed_now: int, straight: int, thrust: int, cruise_factor: int,
               plans: Table) -> int:
    """The pilot's short list of moves into the rows of `plans`, in its order; how many."""
    low = slowest(f, speed_now, thrust)
    stop = fastest(f, speed_now, thrust) + 1
    half = thrust // 2
    wanted = np.empty(6, dtype=np.int64)
    wanted[0], wanted[1], wanted[2] = low, stop - 1, speed_now
    wanted[3], wanted[4] = speed_now - half, speed_now + half
    wanted[5] = cruise_factor * max(1, half) - 1
    sort_small(wanted, 6)
    n = 0
    for w in range(6):
        speed = int(wanted[w])
        if (w > 0 and wanted[w - 1] == speed) or not low <= speed < stop:
            continue
        if speed <= 0 and stop != 1:
            continue
        n = add_move(plans, n, speed, 0)
        cost = turn_cost(f, speed)
        most = min(MOST_TURNS, (thrust - abs(speed - speed_now)) // cost)
        first, last = max(0, cost - straight), speed - cost
        if most == 0 or first > last:
            continue
        for flown in range(first, last + 1):
            for side in (1, -1):
                set_turn(plans[n], 0, flown, side)
                n = add_move(plans, n, speed, 1)
        if most < 2 or first + cost > last:
            continue
        starts = np.empty(3, dtype=np.int64)
        starts[0], starts[1], starts[2] = first, (first + last - cost) // 2, last - cost
        sort_small(starts, 3)
        for s in range(3):
            start = int(starts[s])
            if s > 0 and starts[s - 1] == start:
                continue
            for side in (1, -1):
                count, one, two = set_order(start + cost, last)
                for o in range(count):
                    other = one if o == 0 else two
                    for again in (side, -side):  # the same way, then a jink
                        set_turn(plans[n], 0, start, side)
                        set_turn(plans[n], 1, other, again)
                        n = add_move(plans, n, speed, 2)
        if most >= 3 and first + 2 * cost <= last:
            for side in (1, -1):
                for k in range(3):
                    set_turn(plans[n], k, first + k * cost, side)
                n = add_move(plans, n, speed, 3)
    return n


# A flight's rules of thumb for several enemies (docs/battle-model-tacship.md).
SPILL = 0.75  # a shot at an enemy not the flight's focus is worth this share of its boxes
MISSILE_THREAT = 2.0  # boxes a missile aboard an enemy is feared for, as threat


@rule
def focus_worth(fixed_total: int, turret_total: int, missiles: int, boxes_left: int) -> float:
    """How much a flight wants an enemy dead: the threat it poses (its laser factors, a
    missile aboard as `MISSILE_THREAT`, one for being there) divided by the turns it
    takes to kill it, which grow with its boxes left (box 0 included)."""
    return (fixed_total + turret_total + MISSILE_THREAT * missiles + 1.0) / (boxes_left + 1)


@rule
def shot_worth(chance: float, factors: int, boxes_left: int, focus: bool,
               crowded: bool) -> float:
    """A shot's worth to a pilot: its expected boxes. With other enemies about
    (`crowded`), boxes past the target's last (box 0) are worth nothing, the fire better
    spent on the next, and a shot at an enemy not the focus counts `SPILL` of its boxes;
    alone against one enemy it is the duel pilot's expected boxes."""
    if not crowded:
        return chance * factors
    return chance * min(factors, boxes_left + 1) * (1.0 if focus else SPILL)
