"""Moves of fighters and missiles, compiled (rules 4; reference: engine/movement.py,
`Pilot.candidates` in engine/policy.py and `missile_plans` in engine/ordnance.py).

A move (the reference's `Plan`) is one int64 row: the new speed, the number
of turns, then each turn as (hexes flown before it, +1 left or -1 right).
`trace` writes every moment of a move into three buffers, the way the
reference lists its points: the start, each turn in its hex, each hex entered.
"""

from __future__ import annotations

import numpy as np

import shipyard.rulesets.tacship.fast.fields as f
from shipyard.core.compiled import kernel
from shipyard.rulesets.tacship.fast.hexes import step, turn_cost, turned


@kernel
def set_turn(plan: np.ndarray, k: int, flown: int, side: int) -> None:
    plan[f.PLAN_FIRST + 2 * k] = flown
    plan[f.PLAN_FIRST + 2 * k + 1] = side


@kernel
def trace(q: int, r: int, heading: int, plan: np.ndarray, out_q: np.ndarray,
          out_r: np.ndarray, out_h: np.ndarray) -> int:
    """Every moment of the move into the buffers; how many there are."""
    speed = plan[f.PLAN_SPEED]
    turns = plan[f.PLAN_TURNS]
    out_q[0], out_r[0], out_h[0] = q, r, heading
    n = 1
    k = 0
    for flown in range(speed + 1):
        # turns out of order stop the rest, as the reference's iterator does
        while k < turns and plan[f.PLAN_FIRST + 2 * k] == flown:
            heading = turned(heading, plan[f.PLAN_FIRST + 2 * k + 1])
            out_q[n], out_r[n], out_h[n] = q, r, heading
            n += 1
            k += 1
        if flown < speed:
            q, r = step(q, r, heading, 1)
            out_q[n], out_r[n], out_h[n] = q, r, heading
            n += 1
    return n


@kernel
def illegal(speed_now: int, straight: int, thrust: int, plan: np.ndarray,
            combat: np.ndarray) -> bool:
    """True when the move breaks rules 4 for this fighter (movement.py `illegal`)."""
    speed = plan[f.PLAN_SPEED]
    if speed < 0:
        return True
    change = abs(speed - speed_now)
    spare = thrust - (-(-change // combat[f.SPEED_PER_THRUST]))
    if spare < 0:
        return True
    cost = turn_cost(speed, combat)
    turns = plan[f.PLAN_TURNS]
    if cost * turns > spare:
        return True
    last = 0
    for k in range(turns):
        flown = plan[f.PLAN_FIRST + 2 * k]
        side = plan[f.PLAN_FIRST + 2 * k + 1]
        if side != 1 and side != -1:
            return True
        if flown < last or flown > speed:
            return True
        straight += flown - last
        if straight < cost:  # straight hexes before the turn, counted across moves
            return True
        if speed - flown < cost:  # and after it, within this move
            return True
        straight, last = 0, flown
    return False


@kernel
def straight_after(straight: int, plan: np.ndarray) -> int:
    """Straight hexes at the end of the move, counted on into the next one."""
    turns = plan[f.PLAN_TURNS]
    if turns == 0:
        return int(straight + plan[f.PLAN_SPEED])
    return int(plan[f.PLAN_SPEED] - plan[f.PLAN_FIRST + 2 * (turns - 1)])


@kernel
def set_order(x: int, y: int) -> tuple[int, int, int]:
    """How CPython iterates the set `{x, y}` of two small non-negative ints: its count and
    members in table order. The reference pilot loops over such a set, and the order
    decides ties between equally scored moves."""
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


@kernel
def _add(plans: np.ndarray, n: int, speed: int, turns: int) -> int:
    plans[n, f.PLAN_SPEED] = speed
    plans[n, f.PLAN_TURNS] = turns
    return n + 1


@kernel
def candidate_room(speed_now: int, thrust: int, combat: np.ndarray) -> int:
    """Rows enough for every candidate move (`candidates`)."""
    top = speed_now + thrust * int(combat[f.SPEED_PER_THRUST])
    return 6 * (2 * top + 32)


@kernel
def candidates(speed_now: int, straight: int, thrust: int, cruise_factor: int,
               combat: np.ndarray, plans: np.ndarray) -> int:
    """The pilot's short list of moves into `plans`, in its order; how many
    (policy.py `Pilot.candidates`)."""
    reach = thrust * combat[f.SPEED_PER_THRUST]
    low = max(0, speed_now - reach)
    stop = speed_now + reach + 1
    half = thrust // 2
    wanted = np.empty(6, dtype=np.int64)
    wanted[0], wanted[1], wanted[2] = low, stop - 1, speed_now
    wanted[3], wanted[4] = speed_now - half, speed_now + half
    wanted[5] = cruise_factor * max(1, half) - 1
    wanted.sort()
    n = 0
    for w in range(6):
        speed = wanted[w]
        if (w > 0 and wanted[w - 1] == speed) or not low <= speed < stop:
            continue
        if speed <= 0 and stop != 1:
            continue
        n = _add(plans, n, speed, 0)
        cost = turn_cost(speed, combat)
        most = min(3, (thrust - abs(speed - speed_now)) // cost)
        first, last = max(0, cost - straight), speed - cost
        if most == 0 or first > last:
            continue
        for flown in range(first, last + 1):
            for side in (1, -1):
                set_turn(plans[n], 0, flown, side)
                n = _add(plans, n, speed, 1)
        if most < 2 or first + cost > last:
            continue
        starts = np.empty(3, dtype=np.int64)
        starts[0], starts[1], starts[2] = first, (first + last - cost) // 2, last - cost
        starts.sort()
        for s in range(3):
            start = starts[s]
            if s > 0 and starts[s - 1] == start:
                continue
            for side in (1, -1):
                count, one, two = set_order(start + cost, last)
                for o in range(count):
                    other = one if o == 0 else two
                    for again in (side, -side):  # the same way, then a jink
                        set_turn(plans[n], 0, start, side)
                        set_turn(plans[n], 1, other, again)
                        n = _add(plans, n, speed, 2)
        if most >= 3 and first + 2 * cost <= last:
            for side in (1, -1):
                for k in range(3):
                    set_turn(plans[n], k, first + k * cost, side)
                n = _add(plans, n, speed, 3)
    return n


@kernel
def first_schedule(plan: np.ndarray, turns: int, speed: int, gap: int) -> bool:
    """The first missile schedule with `turns` turns, if one fits in the move."""
    if turns > 0 and (turns - 1) * gap > speed - 1:
        return False
    plan[f.PLAN_SPEED] = speed
    plan[f.PLAN_TURNS] = turns
    for k in range(turns):
        set_turn(plan, k, k * gap, 1)
    return True


@kernel
def next_missile_plan(plan: np.ndarray, most: int, gap: int) -> bool:
    """Step `plan` on to the next homing move in the reference's order (ordnance.py
    `missile_plans`): fewest turns first, then by each turn's hex and side (left
    first); False when there is none left."""
    speed = plan[f.PLAN_SPEED]
    turns = plan[f.PLAN_TURNS]
    j = turns - 1
    while j >= 0:
        flown = plan[f.PLAN_FIRST + 2 * j]
        side = plan[f.PLAN_FIRST + 2 * j + 1]
        if side == 1:
            set_turn(plan, j, flown, -1)
        elif flown + 1 + (turns - 1 - j) * gap <= speed - 1:
            set_turn(plan, j, flown + 1, 1)
        else:
            j -= 1
            continue
        for k in range(j + 1, turns):  # the rest start again as early as they may
            set_turn(plan, k, plan[f.PLAN_FIRST + 2 * (k - 1)] + gap, 1)
        return True
    if turns >= most:
        return False
    return first_schedule(plan, turns + 1, speed, gap)
