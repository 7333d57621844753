"""Missiles, mines and decoys (rules 4, T4, T5), as rule functions.

A missile flies at the launcher's speed plus a bonus and starts a few hexes straight
ahead; after its launch turn (T4) it homes once, right after its target's next move,
with up to two one-hexside turns a few straight hexes apart, and may detonate within 2
hexes of the target. A mine stops 3 hexes straight behind the layer and goes off when
an enemy comes within 2 hexes during that enemy's movement. A decoy's opposed roll
fools the missile unless the missile's roll is higher (T5). Warheads deal the blast
table's points by distance. The dice are rolled by each engine; these judge them.

Homing moves are enumerated in one order (`first_homing_move`, `next_homing_move`):
fewest turns first, then by each turn's hex and side, left first. `in_reach` says in
closed form which hexes one homing move can threaten; seen from the missile facing
heading 0, with e0 = (1, 0) ahead and e1 = (1, -1), e2 = (0, -1) to the left, a
homing move of at most `speed` hexes passes through:
  - with no turn, or one turn left after x hexes: x e0 + y e1, x, y >= 0,
    x + y <= speed, that is q + r >= 0, r <= 0, q <= speed;
  - with two left turns, b >= gap hexes apart: a e0 + b e1 + c e2, a, c >= 0,
    a + b + c <= speed: some b in [max(gap, q - r - speed), min(q, -r)];
  - the mirror images for right turns (e5 = (0, 1), e4 = (-1, 1)).
A turn back the other way reaches no hex the shapes above miss. The reach is every hex
within detonation range of one of those. A catalog allowing more than two turns is
answered by trying every homing move (`comes_within`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from shipyard.core.rules import Cells, rule
from shipyard.rulesets.tacship.rules.hexes import behind, distance, seen_from, step
from shipyard.rulesets.tacship.rules.movement import PLAN_FIRST, PLAN_SPEED, PLAN_TURNS, trace

if TYPE_CHECKING:
    from shipyard.rulesets.tacship.rules.figures import Figures

CLOSED_FORM_TURNS = 2  # `in_reach` in closed form for homing moves of up to this many turns


@rule
def blast_points(fixed: int, dice: int, halve: int) -> int:
    """Rules 4: a warhead's points at one distance, the fixed points plus the dice,
    halved rounding up where the table says so."""
    points = fixed + dice
    return -(-points // 2) if halve else points


@rule
def fooled(missile_roll: int, target_roll: int) -> bool:
    """Rules 4, T5: the decoy fools the missile unless the missile's roll is higher."""
    return missile_roll <= target_roll


@rule
def missile_speed(f: Figures, launcher_speed: int) -> int:
    """Rules 4: the launcher's speed plus the missile's bonus."""
    return launcher_speed + f.missile_speed_bonus


@rule
def launch_hex(f: Figures, q: int, r: int, heading: int) -> tuple[int, int]:
    """Rules 4: a missile starts this many hexes straight ahead of its launcher."""
    return step(q, r, heading, f.launch_distance)


@rule
def mine_hex(f: Figures, q: int, r: int, heading: int) -> tuple[int, int]:
    """Rules 4: a mine stops this many hexes straight behind the layer."""
    return step(q, r, behind(heading), f.mine_rear)


@rule
def mine_triggers(f: Figures, mine_q: int, mine_r: int, q: int, r: int) -> bool:
    """Rules 4: an enemy this close to a mine during its movement sets it off."""
    return distance(mine_q, mine_r, q, r) <= f.mine_trigger


@rule
def detonates(f: Figures, hexes: int) -> bool:
    """Rules 4: a missile may detonate this close to its target."""
    return hexes <= f.detonation_range


@rule
def set_turn(plan: Cells, k: int, flown: int, side: int) -> None:
    """Turn `k` of a move: after `flown` hexes, to the `side` (+1 left, -1 right)."""
    plan[PLAN_FIRST + 2 * k] = flown
    plan[PLAN_FIRST + 2 * k + 1] = side


@rule
def first_homing_move(plan: Cells, turns: int, speed: int, gap: int) -> bool:
    """The first homing move with `turns` turns into `plan`, if one fits in the move."""
    if turns > 0 and (turns - 1) * gap > speed - 1:
        return False
    plan[PLAN_SPEED] = speed
    plan[PLAN_TURNS] = turns
    for k in range(turns):
        set_turn(plan, k, k * gap, 1)
    return True


@rule
def next_homing_move(plan: Cells, most: int, gap: int) -> bool:
    """Step `plan` on to the next homing move of at most `most` turns, `gap` straight
    hexes apart (rules 4): fewest turns first, then by each turn's hex and side (left
    first); False when there is none left."""
    speed = plan[PLAN_SPEED]
    turns = plan[PLAN_TURNS]
    j = turns - 1
    while j >= 0:
        flown = plan[PLAN_FIRST + 2 * j]
        side = plan[PLAN_FIRST + 2 * j + 1]
        if side == 1:
            set_turn(plan, j, flown, -1)
        elif flown + 1 + (turns - 1 - j) * gap <= speed - 1:
            set_turn(plan, j, flown + 1, 1)
        else:
            j -= 1
            continue
        for k in range(j + 1, turns):  # the rest start again as early as they may
            set_turn(plan, k, plan[PLAN_FIRST + 2 * (k - 1)] + gap, 1)
        return True
    if turns >= most:
        return False
    return first_homing_move(plan, turns + 1, speed, gap)


@rule
def passes(q: int, r: int, speed: int, most: int, gap: int) -> bool:
    """Does some homing move of a missile at the origin facing heading 0 pass through
    (q, r)? (at most `most` <= 2 turns, `gap` hexes apart; the closed form above)"""
    if most == 0:
        return r == 0 and 0 <= q <= speed
    if q + r >= 0 and r <= 0 and q <= speed:  # straight, or one turn left
        return True
    if q >= 0 and r >= 0 and q + r <= speed:  # one turn right
        return True
    if most >= 2:
        if max(gap, q - r - speed) <= min(q, -r):  # two turns left
            return True
        if max(gap, q + 2 * r - speed) <= min(r, q + r):  # two turns right
            return True
    return False


@rule
def comes_within(f: Figures, q: int, r: int, heading: int, speed: int, gq: int,
                 gr: int) -> bool:
    """Does any homing move pass within detonation range of (gq, gr)? (every move tried)"""
    room = speed + f.missile_turns + 2
    plan = np.zeros(PLAN_FIRST + 2 * f.missile_turns, dtype=np.int64)
    path_q = np.zeros(room, dtype=np.int64)
    path_r = np.zeros(room, dtype=np.int64)
    path_h = np.zeros(room, dtype=np.int64)
    first_homing_move(plan, 0, speed, f.missile_gap)
    while True:
        n = trace(q, r, heading, plan, path_q, path_r, path_h)
        for i in range(n):
            if distance(path_q[i], path_r[i], gq, gr) <= f.detonation_range:
                return True
        if not next_homing_move(plan, f.missile_turns, f.missile_gap):
            return False


@rule
def in_reach(f: Figures, q: int, r: int, heading: int, speed: int, tq: int, tr: int) -> bool:
    """Can a missile at (q, r) on `heading` at `speed` come within detonation range of a
    target sitting at (tq, tr) on its homing move? (rules 4)"""
    most = f.missile_turns
    reach = f.detonation_range
    if distance(q, r, tq, tr) > speed + reach:
        return False  # a homing move never ends farther than its speed from its start
    if most > CLOSED_FORM_TURNS:
        return comes_within(f, q, r, heading, speed, tq, tr)
    dq, dr = seen_from(q, r, heading, tq, tr)
    for a in range(-reach, reach + 1):
        for b in range(max(-reach, -a - reach), min(reach, reach - a) + 1):
            if passes(dq + a, dr + b, speed, most, f.missile_gap):
                return True
    return False


@rule
def blast_mean(fixed: int, dice: int, halve: int) -> float:
    """Rules 4: the mean of `blast_points` over every throw of its d6 dice."""
    throws: int = 6 ** dice
    total: int = 0
    for throw in range(throws):
        rolled, rest = 0, throw
        for _ in range(dice):
            rolled += rest % 6 + 1
            rest //= 6
        total += blast_points(fixed, rolled, halve)
    return total / throws


@rule
def beats_decoy(die: int) -> float:
    """Rules 4, T5: the chance the missile's roll is higher than the target's (`fooled`
    otherwise), one die of `die` sides each."""
    return (die - 1) / (2 * die)
