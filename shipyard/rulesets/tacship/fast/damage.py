"""Laser fire, the damage track, warheads and the ordnance racks, compiled (rules 4).

The rules (to hit, the start box, crossing boxes off, warhead points, arming, mines)
are the rule functions of `rules.fire` and `rules.ordnance`, which the reference engine
calls too; this module rolls the dice for them in the reference's order (every to-hit
roll of a volley first, then one location roll per hit; a warhead's d6 dice, then its
location roll) and keeps the flat arrays. Those orders and the loops over the arrays
are what this module and the reference's `engine/fire.py` and `engine/ordnance.py`
both hold.
"""

from __future__ import annotations

from typing import Any

import numpy as np

import shipyard.rulesets.tacship.fast.fields as f
from shipyard.core.compiled import inline_kernel, kernel
from shipyard.rulesets.tacship.fast.dice import die
from shipyard.rulesets.tacship.rules.figures import BLAST_D6, BLAST_FIXED, BLAST_HALVE
from shipyard.rulesets.tacship.rules.fire import cross_off, hits, start_box
from shipyard.rulesets.tacship.rules.hexes import distance, in_arc, on_ray
from shipyard.rulesets.tacship.rules.ordnance import blast_points, mine_triggers


@inline_kernel
def take_damage(state: np.ndarray, hit: np.ndarray, victim: int, points: int, cause: int,
                charts: np.ndarray, fig: Any, rng: np.ndarray, turn: int) -> None:
    """Roll the start box for one hit on fighter `victim` and cross off `points` boxes
    (rules 4)."""
    roll = die(rng, fig.location_die)
    box = start_box(charts[victim, f.DAMAGE_BOXES], charts[victim, f.SURVIVABILITY], roll)
    crossed, destroyed = cross_off(hit[victim], box, points)
    state[victim, f.TAKEN] += crossed
    if destroyed and state[victim, f.DESTROYED] == 0:
        state[victim, f.DESTROYED] = 1
        state[victim, f.KILLED_BY] = cause
        state[victim, f.KILLED_ON] = turn


@inline_kernel
def fire_fixed(me: int, enemy: int, state: np.ndarray, hit: np.ndarray, charts: np.ndarray,
               fixed: np.ndarray, fig: Any, rng: np.ndarray, turn: int) -> None:
    """All fixed lasers at once at `enemy`, if it is exactly ahead (fire.py
    `fixed_range`): every to-hit roll first, then the damage of each hit in order."""
    count = charts[me, f.FIXED_COUNT]
    if count == 0 or state[enemy, f.DESTROYED] != 0:
        return
    hexes = on_ray(state[me, f.Q], state[me, f.R], state[me, f.HEADING],
                   state[enemy, f.Q], state[enemy, f.R])
    if hexes < 0:
        return
    landed = 0  # one bit per laser that hit
    for k in range(count):
        if hits(fig, die(rng, fig.to_hit_die), hexes):
            landed |= 1 << k
    for k in range(count):
        if landed & (1 << k) and state[enemy, f.DESTROYED] == 0:
            take_damage(state, hit, enemy, fixed[me, k], f.CAUSE_LASER, charts, fig, rng, turn)


@inline_kernel
def fire_turret(me: int, k: int, enemy: int, state: np.ndarray, hit: np.ndarray,
                charts: np.ndarray, turrets: np.ndarray, fig: Any, rng: np.ndarray,
                turn: int) -> None:
    """One turret at `enemy`, if its arc covers it (fire.py `turret_range`)."""
    if not in_arc(state[me, f.Q], state[me, f.R], state[me, f.HEADING], turrets[me, k, 1],
                  state[enemy, f.Q], state[enemy, f.R]):
        return
    hexes = distance(state[me, f.Q], state[me, f.R], state[enemy, f.Q], state[enemy, f.R])
    if hits(fig, die(rng, fig.to_hit_die), hexes) and state[enemy, f.DESTROYED] == 0:
        take_damage(state, hit, enemy, turrets[me, k, 0], f.CAUSE_LASER, charts, fig, rng,
                    turn)


@inline_kernel
def blast(hexes: int, table: np.ndarray, rng: np.ndarray) -> int:
    """Warhead damage at `hexes` from the target (rules 4): its d6 dice, one by one."""
    rolled = 0
    for _ in range(table[hexes, BLAST_D6]):
        rolled += die(rng, 6)
    return int(blast_points(table[hexes, BLAST_FIXED], rolled, table[hexes, BLAST_HALVE]))


@inline_kernel
def detonate(victim: int, hexes: int, cause: int, state: np.ndarray, hit: np.ndarray,
             charts: np.ndarray, fig: Any, table: np.ndarray, rng: np.ndarray,
             turn: int) -> None:
    points = blast(hexes, table, rng)
    take_damage(state, hit, victim, points, cause, charts, fig, rng, turn)


@inline_kernel
def arm(me: int, wants: np.ndarray, wanted: int, state: np.ndarray, fig: Any) -> None:
    """Step 1: arm what the limit and the stores allow, in the order asked."""
    for w in range(wanted):
        item = wants[w]
        armed = state[me, f.ARMED] + state[me, f.ARMED + 1] + state[me, f.ARMED + 2]
        if armed >= fig.armed_limit or state[me, f.STORES + item] <= 0:
            continue
        state[me, f.STORES + item] -= 1
        state[me, f.ARMED + item] += 1


@inline_kernel
def take_armed(me: int, item: int, state: np.ndarray) -> bool:
    """Release one armed `item`, if there is one."""
    if state[me, f.ARMED + item] > 0:
        state[me, f.ARMED + item] -= 1
        return True
    return False


@inline_kernel
def drop_row(rows: np.ndarray, index: int, count: int) -> None:
    """Take row `index` out of the first `count` rows, keeping the others in order."""
    for k in range(index, count - 1):
        for j in range(rows.shape[1]):  # cell by cell: a row copy needs reference counts
            rows[k, j] = rows[k + 1, j]


@kernel
def mines_at(me: int, q: int, r: int, state: np.ndarray, hit: np.ndarray,
             mines: np.ndarray, board: np.ndarray, charts: np.ndarray, fig: Any,
             table: np.ndarray, rng: np.ndarray, turn: int) -> None:
    """Enemy mines within reach of `(q, r)` go off in the order laid (rules 4)."""
    k = 0
    while k < board[f.MINES_IN_PLAY]:
        if mines[k, f.N_OWNER] == state[me, f.SIDE] or not mine_triggers(
                fig, mines[k, f.N_Q], mines[k, f.N_R], q, r):
            k += 1
            continue
        hexes = distance(mines[k, f.N_Q], mines[k, f.N_R], q, r)
        drop_row(mines, k, board[f.MINES_IN_PLAY])
        board[f.MINES_IN_PLAY] -= 1
        detonate(me, hexes, f.CAUSE_MINE, state, hit, charts, fig, table, rng, turn)
        if state[me, f.DESTROYED]:
            return
