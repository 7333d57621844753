"""Laser fire, the damage track, warheads and the ordnance racks, compiled (rules 4;
reference: engine/fire.py and engine/ordnance.py).

A D20 per laser hits at or over the range (range 0 counts as the point-blank
range of T1); every hit rolls a D20 plus survivability for its start box and
crosses off its points downward, passing boxes already gone; crossing box 0
destroys the fighter. Warheads deal the blast table's points by distance.
"""

from __future__ import annotations

import numpy as np

import shipyard.rulesets.tacship.fast.fields as f
from shipyard.core.compiled import kernel
from shipyard.rulesets.tacship.fast.dice import die
from shipyard.rulesets.tacship.fast.hexes import distance, in_arc, on_ray


@kernel
def take_damage(state: np.ndarray, hits: np.ndarray, side: int, points: int, cause: int,
                figures: np.ndarray, combat: np.ndarray, rng: np.ndarray) -> None:
    """Roll the start box for one hit on `side` and cross off `points` boxes (rules 4)."""
    roll = die(rng, combat[f.LOCATION_DIE])
    box = min(figures[side, f.DAMAGE_BOXES], roll + figures[side, f.SURVIVABILITY])
    crossed = 0
    destroyed = False
    for _ in range(points):
        while box > 0 and hits[side, box]:
            box -= 1  # each box is marked once: slide to the next lower undamaged one
        hits[side, box] = 1
        crossed += 1
        if box == 0:
            destroyed = True
            break
        box -= 1
    state[side, f.TAKEN] += crossed
    if destroyed and state[side, f.DESTROYED] == 0:
        state[side, f.DESTROYED] = 1
        state[side, f.KILLED_BY] = cause


@kernel
def needed(hexes: int, combat: np.ndarray) -> int:
    """The D20 score that hits at this range (rules 4; range 0 by T1)."""
    return hexes if hexes > 0 else combat[f.POINT_BLANK]


@kernel
def fire_fixed(me: int, state: np.ndarray, hits: np.ndarray, figures: np.ndarray,
               fixed: np.ndarray, combat: np.ndarray, rng: np.ndarray) -> None:
    """All fixed lasers at once, if the enemy is exactly ahead (fire.py `fixed_range`):
    every to-hit roll first, then the damage of each hit in order."""
    enemy = 1 - me
    count = figures[me, f.FIXED_COUNT]
    if count == 0:
        return
    hexes = on_ray(state[me, f.Q], state[me, f.R], state[me, f.HEADING],
                   state[enemy, f.Q], state[enemy, f.R])
    if hexes < 0:
        return
    score = needed(hexes, combat)
    landed = 0  # one bit per laser that hit
    for k in range(count):
        if die(rng, combat[f.TO_HIT_DIE]) >= score:
            landed |= 1 << k
    for k in range(count):
        if landed & (1 << k) and state[enemy, f.DESTROYED] == 0:
            take_damage(state, hits, enemy, fixed[me, k], f.CAUSE_LASER, figures, combat, rng)


@kernel
def fire_turret(me: int, k: int, state: np.ndarray, hits: np.ndarray, figures: np.ndarray,
                turrets: np.ndarray, combat: np.ndarray, rng: np.ndarray) -> None:
    """One turret at the enemy, if its arc covers it (fire.py `turret_range`)."""
    enemy = 1 - me
    if not in_arc(state[me, f.Q], state[me, f.R], state[me, f.HEADING], turrets[me, k, 1],
                  state[enemy, f.Q], state[enemy, f.R]):
        return
    hexes = distance(state[me, f.Q], state[me, f.R], state[enemy, f.Q], state[enemy, f.R])
    if die(rng, combat[f.TO_HIT_DIE]) >= needed(hexes, combat) \
            and state[enemy, f.DESTROYED] == 0:
        take_damage(state, hits, enemy, turrets[me, k, 0], f.CAUSE_LASER, figures, combat, rng)


@kernel
def blast(hexes: int, table: np.ndarray, rng: np.ndarray) -> int:
    """Warhead damage at `hexes` from the target (rules 4)."""
    points = int(table[hexes, f.BLAST_FIXED])
    for _ in range(table[hexes, f.BLAST_D6]):
        points += die(rng, 6)
    if table[hexes, f.BLAST_HALVE]:
        points = -(-points // 2)
    return points


@kernel
def detonate(victim: int, hexes: int, cause: int, state: np.ndarray, hits: np.ndarray,
             figures: np.ndarray, combat: np.ndarray, table: np.ndarray,
             rng: np.ndarray) -> None:
    points = blast(hexes, table, rng)
    take_damage(state, hits, victim, points, cause, figures, combat, rng)


@kernel
def arm(me: int, wants: np.ndarray, wanted: int, state: np.ndarray,
        combat: np.ndarray) -> None:
    """Step 1: arm what the limit and the stores allow, in the order asked."""
    for w in range(wanted):
        item = wants[w]
        armed = state[me, f.ARMED] + state[me, f.ARMED + 1] + state[me, f.ARMED + 2]
        if armed >= combat[f.ARMED_LIMIT] or state[me, f.STORES + item] <= 0:
            continue
        state[me, f.STORES + item] -= 1
        state[me, f.ARMED + item] += 1


@kernel
def take_armed(me: int, item: int, state: np.ndarray) -> bool:
    """Release one armed `item`, if there is one."""
    if state[me, f.ARMED + item] > 0:
        state[me, f.ARMED + item] -= 1
        return True
    return False


@kernel
def drop_row(rows: np.ndarray, index: int, count: int) -> None:
    """Take row `index` out of the first `count` rows, keeping the others in order."""
    for k in range(index, count - 1):
        rows[k, :] = rows[k + 1, :]


@kernel
def mines_at(me: int, q: int, r: int, state: np.ndarray, hits: np.ndarray,
             mines: np.ndarray, board: np.ndarray, figures: np.ndarray,
             combat: np.ndarray, table: np.ndarray, rng: np.ndarray) -> None:
    """Enemy mines within reach of `(q, r)` go off in the order laid (rules 4)."""
    k = 0
    while k < board[f.MINES_IN_PLAY]:
        hexes = distance(mines[k, f.N_Q], mines[k, f.N_R], q, r)
        if mines[k, f.N_OWNER] == me or hexes > combat[f.MINE_TRIGGER]:
            k += 1
            continue
        drop_row(mines, k, board[f.MINES_IN_PLAY])
        board[f.MINES_IN_PLAY] -= 1
        detonate(me, hexes, f.CAUSE_MINE, state, hits, figures, combat, table, rng)
        if state[me, f.DESTROYED]:
            return
