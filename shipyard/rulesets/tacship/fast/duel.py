"""The Tacship duel loop, compiled: one duel per seed (rules 4; reference: engine/duel.py).

The same steps in the same order as the reference: initiative (a D6 each,
ties rolled again), then each turn the fighters move highest initiative
first unless one sits in the slot behind the other; a fighter's move is
arm, thrust, fly firing its lasers at the chosen moments (enemy mines going
off on the way), then release. Missiles aimed at a fighter move right after
it; decoys are cleared at the end of the turn. A duel ends at the first kill
or as a draw at the turn limit.
"""

from __future__ import annotations

from typing import Any

import numpy as np

import shipyard.rulesets.tacship.fast.fields as f
from shipyard.core.columns import Columns
from shipyard.core.compiled import inline_kernel, kernel, lean_kernel
from shipyard.core.compiled_dice import start
from shipyard.rulesets.tacship.fast.damage import (
    arm,
    detonate,
    drop_row,
    fire_fixed,
    fire_turret,
    mines_at,
    take_armed,
)
from shipyard.rulesets.tacship.fast.dice import die
from shipyard.rulesets.tacship.fast.pilot import arm_wants, choose_move
from shipyard.rulesets.tacship.fast.steering import release_wants, steer
from shipyard.rulesets.tacship.rules.hexes import behind, in_slot, step
from shipyard.rulesets.tacship.rules.movement import (
    LEGAL,
    PLAN_FIRST,
    PLAN_SPEED,
    PLAN_TURNS,
    illegal,
    straight_after,
    trace,
)
from shipyard.rulesets.tacship.rules.ordnance import (
    detonates,
    fooled,
    launch_hex,
    mine_hex,
    missile_speed,
)
from shipyard.rulesets.tacship.rules.piloting import MOST_TURNS

# One row of `fight_batch`'s output per duel, in the order `core.outcome.results_from` reads.
_result = Columns()
WINNER = _result()  # 0 or 1, -1 for a draw
TURNS = _result()
DEALT_A = _result()  # boxes crossed off by a, then by b
DEALT_B = _result()
CAUSE = _result()  # a `fields.CAUSE_*` code
DRAWS = _result()  # the dice drawn: the reference engine draws as many
RESULT_FIELDS = _result.count


@inline_kernel
def _over(state: np.ndarray) -> bool:
    return bool(state[0, f.DESTROYED] != 0 or state[1, f.DESTROYED] != 0)


@lean_kernel
def _play(me: int, turn: int, state: np.ndarray, hits: np.ndarray, missiles: np.ndarray,
          mines: np.ndarray, board: np.ndarray, fig: Any, table: np.ndarray,
          charts: np.ndarray, fixed: np.ndarray, turrets: np.ndarray, pilot: np.ndarray,
          chance: np.ndarray, plan: np.ndarray, path_q: np.ndarray, path_r: np.ndarray,
          path_h: np.ndarray, turret_at: np.ndarray, wants: np.ndarray,
          rng: np.ndarray) -> None:
    """One fighter's move (duel.py `Duel.play`)."""
    enemy = 1 - me
    wanted = arm_wants(me, state, charts, missiles, board, fig, pilot, wants, path_q,
                       path_r, path_h)
    arm(me, wants, wanted, state, fig)  # step 1
    fixed_at = choose_move(me, state, charts, turrets, missiles, mines, board, fig, pilot,
                           chance, path_q, path_r, path_h, plan, turret_at)  # step 2
    if illegal(fig, state[me, f.SPEED], state[me, f.STRAIGHT], charts[me, f.THRUST],
               plan) != LEGAL:
        plan[PLAN_SPEED] = state[me, f.SPEED]  # an illegal answer flies straight
        plan[PLAN_TURNS] = 0
        fixed_at = -1
        for k in range(turret_at.shape[0]):  # a loop: a slice fill needs reference counts
            turret_at[k] = -1
    state[me, f.SPEED] = plan[PLAN_SPEED]
    n = trace(state[me, f.Q], state[me, f.R], state[me, f.HEADING], plan,
              path_q, path_r, path_h)
    for i in range(n):  # step 3
        state[me, f.Q], state[me, f.R], state[me, f.HEADING] = path_q[i], path_r[i], path_h[i]
        if board[f.MINES_IN_PLAY]:
            mines_at(me, path_q[i], path_r[i], state, hits, mines, board, charts, fig,
                     table, rng)
            if state[me, f.DESTROYED]:
                break
        if fixed_at == i:
            fire_fixed(me, state, hits, charts, fixed, fig, rng)
        for k in range(charts[me, f.TURRET_COUNT]):
            if turret_at[k] == i and state[enemy, f.DESTROYED] == 0:
                fire_turret(me, k, state, hits, charts, turrets, fig, rng)
        if state[enemy, f.DESTROYED]:
            break
    state[me, f.STRAIGHT] = straight_after(state[me, f.STRAIGHT], plan)
    if _over(state):
        return
    missile, mine, decoy = release_wants(me, turn, state, charts, turrets, missiles, mines,
                                         board, fig, table, pilot, chance, plan, path_q,
                                         path_r, path_h, turret_at)  # step 4
    heading = state[me, f.HEADING]
    if missile and take_armed(me, f.MISSILE, state):
        k = board[f.MISSILES_IN_PLAY]
        missiles[k, f.M_OWNER], missiles[k, f.M_TARGET] = me, enemy
        missiles[k, f.M_Q], missiles[k, f.M_R] = launch_hex(fig, state[me, f.Q],
                                                            state[me, f.R], heading)
        missiles[k, f.M_HEADING] = heading
        missiles[k, f.M_SPEED] = missile_speed(fig, state[me, f.SPEED])
        missiles[k, f.M_LAUNCHED] = turn
        board[f.MISSILES_IN_PLAY] += 1
    if mine and take_armed(me, f.MINE, state):
        k = board[f.MINES_IN_PLAY]
        mines[k, f.N_OWNER] = me
        mines[k, f.N_Q], mines[k, f.N_R] = mine_hex(fig, state[me, f.Q], state[me, f.R],
                                                    heading)
        board[f.MINES_IN_PLAY] += 1
    if decoy and take_armed(me, f.DECOY, state):
        board[f.DECOYS + me] += 1


@lean_kernel
def _missile_move(k: int, target: int, turn: int, state: np.ndarray, hits: np.ndarray,
                  missiles: np.ndarray, board: np.ndarray, fig: Any,
                  table: np.ndarray, charts: np.ndarray, pilots: np.ndarray,
                  plan: np.ndarray, path_q: np.ndarray, path_r: np.ndarray,
                  path_h: np.ndarray, rng: np.ndarray) -> bool:
    """Missile `k` moves after its target (duel.py `Duel.missile_move`); True if spent."""
    spent = False
    for _ in range(board[f.DECOYS + target]):
        if not spent:  # the opposed roll: missile's owner first, then the target
            missile_roll = die(rng, fig.decoy_die)
            spent = fooled(missile_roll, die(rng, fig.decoy_die))
    if spent:
        drop_row(missiles, k, board[f.MISSILES_IN_PLAY])
        board[f.MISSILES_IN_PLAY] -= 1
        return True
    q, r = missiles[k, f.M_Q], missiles[k, f.M_R]
    heading, speed = missiles[k, f.M_HEADING], missiles[k, f.M_SPEED]
    if missiles[k, f.M_LAUNCHED] == turn:  # launch turn: straight on, unfused (rules T4)
        missiles[k, f.M_Q], missiles[k, f.M_R] = step(q, r, heading, speed)
        return False
    owner = missiles[k, f.M_OWNER]
    drop_row(missiles, k, board[f.MISSILES_IN_PLAY])
    board[f.MISSILES_IN_PLAY] -= 1
    _, fuse = steer(q, r, heading, speed, state[target, f.Q], state[target, f.R], fig,
                    pilots[owner], plan, path_q, path_r, path_h)
    if fuse >= 0 and detonates(fig, fuse):
        detonate(target, fuse, f.CAUSE_MISSILE, state, hits, charts, fig, table, rng)
    return True


@kernel
def play_duel(rng: np.ndarray, fig: Any, scenario: np.ndarray, table: np.ndarray,
              charts: np.ndarray,
              fixed: np.ndarray, turrets: np.ndarray, pilots: np.ndarray,
              chance: np.ndarray, out: np.ndarray) -> None:
    """One whole duel from fresh fighters into the result row `out`, every die from `rng`."""
    state = np.zeros((2, f.CRAFT_FIELDS), dtype=np.int64)
    start_speed = scenario[f.START_SPEED]
    state[1, f.Q] = scenario[f.START_RANGE]  # T3: head-on, a at the origin facing b
    state[0, f.HEADING] = 0 if scenario[f.SPEED_A] >= 0 else behind(0)  # away: turned
    state[1, f.HEADING] = behind(0) if scenario[f.SPEED_B] >= 0 else 0
    for side in range(2):
        state[side, f.SPEED] = abs(scenario[f.SPEED_A + side])
        state[side, f.STRAIGHT] = scenario[f.START_STRAIGHT]
        for item in range(3):
            state[side, f.STORES + item] = charts[side, f.STORED + item]
    hits = np.zeros((2, max(charts[0, f.DAMAGE_BOXES], charts[1, f.DAMAGE_BOXES]) + 1),
                    dtype=np.int64)
    missiles = np.zeros((max(1, charts[0, f.STORED + f.MISSILE]
                             + charts[1, f.STORED + f.MISSILE]), f.MISSILE_FIELDS),
                        dtype=np.int64)
    mines = np.zeros((max(1, charts[0, f.STORED + f.MINE] + charts[1, f.STORED + f.MINE]),
                      f.MINE_FIELDS), dtype=np.int64)
    board = np.zeros(f.BOARD_FIELDS, dtype=np.int64)
    limit = scenario[f.TURN_LIMIT]
    # the fastest anything can fly in this duel bounds every move's moments
    top = start_speed + limit * max(charts[0, f.THRUST], charts[1, f.THRUST]) \
        * fig.speed_per_thrust + fig.missile_speed_bonus
    turns = max(MOST_TURNS, fig.missile_turns)
    path_q = np.empty(top + turns + 2, dtype=np.int64)
    path_r = np.empty_like(path_q)
    path_h = np.empty_like(path_q)
    plan = np.zeros(PLAN_FIRST + 2 * turns, dtype=np.int64)
    turret_at = np.full(max(1, charts[0, f.TURRET_COUNT], charts[1, f.TURRET_COUNT]), -1,
                        dtype=np.int64)
    wants = np.empty(3, dtype=np.int64)
    while True:  # initiative: a D6 each, ties rolled again (rules 4)
        state[0, f.INITIATIVE] = die(rng, fig.initiative_die)
        state[1, f.INITIATIVE] = die(rng, fig.initiative_die)
        if state[0, f.INITIATIVE] != state[1, f.INITIATIVE] or fig.reroll_ties == 0:
            break
    turn = 0
    for turn in range(1, limit + 1):
        state[0, f.MOVED] = 0
        state[1, f.MOVED] = 0
        first = 0 if state[0, f.INITIATIVE] >= state[1, f.INITIATIVE] else 1
        for tail in range(2):  # a fighter in the slot moves after its target (rules 4)
            lead = 1 - tail
            if in_slot(state[tail, f.Q], state[tail, f.R], state[tail, f.HEADING],
                       state[lead, f.Q], state[lead, f.R], state[lead, f.HEADING],
                       fig.slot_range):
                first = lead
                break
        for me in (first, 1 - first):
            _play(me, turn, state, hits, missiles, mines, board, fig, table, charts, fixed,
                  turrets, pilots[me], chance, plan, path_q, path_r, path_h, turret_at, wants,
                  rng)
            state[me, f.MOVED] = 1
            k = 0  # missiles aimed at the mover move right after it, in launch order
            while k < board[f.MISSILES_IN_PLAY] and not _over(state):
                if missiles[k, f.M_TARGET] != me or not _missile_move(
                        k, me, turn, state, hits, missiles, board, fig, table, charts,
                        pilots, plan, path_q, path_r, path_h, rng):
                    k += 1
            if _over(state):
                break
        if _over(state):
            break
        board[f.DECOYS] = 0  # rules 4: decoys are removed at the end of the turn
        board[f.DECOYS + 1] = 0
    out[TURNS] = turn
    out[DEALT_A] = state[1, f.TAKEN]
    out[DEALT_B] = state[0, f.TAKEN]
    out[WINNER] = -1
    out[CAUSE] = f.CAUSE_NONE
    if state[1, f.DESTROYED] and not state[0, f.DESTROYED]:
        out[WINNER] = 0
        out[CAUSE] = state[1, f.KILLED_BY]
    elif state[0, f.DESTROYED] and not state[1, f.DESTROYED]:
        out[WINNER] = 1
        out[CAUSE] = state[0, f.KILLED_BY]
    out[DRAWS] = rng[1]


@kernel
def fight_batch(keys: np.ndarray, fig: Any, scenario: np.ndarray, table: np.ndarray,
                charts: np.ndarray, fixed: np.ndarray, turrets: np.ndarray,
                pilots: np.ndarray, chance: np.ndarray, out: np.ndarray) -> None:
    """Duel `k` fought on the dice of `keys[k]` alone into `out[k]` (RESULT_FIELDS columns)."""
    rng = np.zeros(2, dtype=np.uint64)
    for k in range(keys.shape[0]):
        start(rng, keys[k])
        play_duel(rng, fig, scenario, table, charts, fixed, turrets, pilots, chance, out[k])
