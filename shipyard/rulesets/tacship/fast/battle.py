"""The Tacship battle loop, compiled: one battle per seed (rules 4; reference:
engine/battle.py). A duel is a battle of one fighter against one.

The same steps in the same order as the reference: initiative (a D6 each in battle
order, ties rolled again: `rules.squadron`), then each turn the fighters still flying
move in initiative order, a fighter in the slot behind an enemy after it; a fighter's
move is arm, thrust, fly firing its lasers at the chosen moments at the chosen enemies
(enemy mines going off on the way), then release. Missiles aimed at a fighter move
right after it; decoys are cleared at the end of the turn, and missiles whose target
is destroyed. A battle ends when a side has no fighter left or as a draw at the turn
limit. Rows of the arrays are fighters in battle order: side A's, then side B's.
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
from shipyard.rulesets.tacship.fast.pilot import arm_wants, boxes_left, choose_move
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
from shipyard.rulesets.tacship.rules.piloting import MOST_TURNS, focus_worth
from shipyard.rulesets.tacship.rules.squadron import (
    abreast,
    any_tied,
    move_order,
    rerolled,
    tied,
)

# One row of `fight_batch`'s output per battle, in the order `core.outcome.results_from`
# reads (a duel's row).
_result = Columns()
WINNER = _result()  # 0 or 1, -1 for a draw
TURNS = _result()
DEALT_A = _result()  # boxes crossed off by side A, then by side B
DEALT_B = _result()
CAUSE = _result()  # a `fields.CAUSE_*` code: what destroyed the loser's last fighter
DRAWS = _result()  # the dice drawn: the reference engine draws as many
RESULT_FIELDS = _result.count

# One row of `fight_batch`'s fates per fighter and battle.
_fate = Columns()
FATE_TURN = _fate()  # the turn it was destroyed, 0 if it survived
FATE_CAUSE = _fate()
FATE_TAKEN = _fate()
FATE_FIELDS = _fate.count


@inline_kernel
def _flying(side: int, state: np.ndarray) -> bool:
    for k in range(state.shape[0]):
        if state[k, f.SIDE] == side and state[k, f.DESTROYED] == 0:
            return True
    return False


@inline_kernel
def _over(state: np.ndarray) -> bool:
    return not _flying(0, state) or not _flying(1, state)


@inline_kernel
def _foes(me: int, state: np.ndarray, foes: np.ndarray) -> int:
    """The rows of the enemies of `me` still flying, in battle order, into `foes`."""
    n = 0
    for k in range(state.shape[0]):
        if state[k, f.SIDE] != state[me, f.SIDE] and state[k, f.DESTROYED] == 0:
            foes[n] = k
            n += 1
    return n


@lean_kernel
def _focus(me: int, state: np.ndarray, hits: np.ndarray, charts: np.ndarray,
           turrets: np.ndarray) -> int:
    """The enemy the flight of `me` fights now (battle.py `Battle.focus`)."""
    best, best_worth, flying = -1, 0.0, 0
    for e in range(state.shape[0]):
        if state[e, f.SIDE] != state[me, f.SIDE] and state[e, f.DESTROYED] == 0:
            best = e
            flying += 1
    if flying == 1:
        return best  # the one enemy left: nothing to weigh
    best = -1
    for e in range(state.shape[0]):
        if state[e, f.SIDE] == state[me, f.SIDE] or state[e, f.DESTROYED] != 0:
            continue
        turret_total = 0
        for k in range(charts[e, f.TURRET_COUNT]):
            turret_total += turrets[e, k, 0]
        worth = focus_worth(charts[e, f.FIXED_TOTAL], turret_total,
                            state[e, f.STORES + f.MISSILE] + state[e, f.ARMED + f.MISSILE],
                            boxes_left(e, hits, charts))
        if best < 0 or worth > best_worth:
            best, best_worth = e, worth
    return best


@lean_kernel
def _play(me: int, enemy: int, foes: np.ndarray, nfoes: int, turn: int, state: np.ndarray,
          hits: np.ndarray, missiles: np.ndarray, mines: np.ndarray, board: np.ndarray,
          fig: Any, table: np.ndarray, charts: np.ndarray, fixed: np.ndarray,
          turrets: np.ndarray, pilot: np.ndarray, chance: np.ndarray, plan: np.ndarray,
          path_q: np.ndarray, path_r: np.ndarray, path_h: np.ndarray,
          turret_at: np.ndarray, turret_on: np.ndarray, fixed_on: np.ndarray,
          wants: np.ndarray, rng: np.ndarray) -> None:
    """One fighter's move against its flight's focus `enemy` (battle.py `Battle.play`)."""
    wanted = arm_wants(me, enemy, foes, nfoes, state, missiles, board, fig, pilot, wants)
    arm(me, wants, wanted, state, fig)  # step 1
    fixed_at = choose_move(me, enemy, foes, nfoes, state, hits, charts, turrets, missiles,
                           mines, board, fig, pilot, chance, path_q, path_r, path_h, plan,
                           turret_at, turret_on, fixed_on)  # step 2
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
                     table, rng, turn)
            if state[me, f.DESTROYED]:
                break
        fired = False
        if fixed_at == i:
            target = enemy if fixed_on[0] < 0 else fixed_on[0]
            if state[target, f.SIDE] != state[me, f.SIDE]:
                fire_fixed(me, target, state, hits, charts, fixed, fig, rng, turn)
                fired = True
        for k in range(charts[me, f.TURRET_COUNT]):
            target = enemy if turret_on[k] < 0 else turret_on[k]
            if turret_at[k] == i and state[target, f.DESTROYED] == 0 \
                    and state[target, f.SIDE] != state[me, f.SIDE]:
                fire_turret(me, k, target, state, hits, charts, turrets, fig, rng, turn)
                fired = True
        if fired and _over(state):  # only a shot ends a battle at this moment
            break
    state[me, f.STRAIGHT] = straight_after(state[me, f.STRAIGHT], plan)
    if _over(state):
        return
    if state[enemy, f.DESTROYED]:  # shot down on the way: the flight's next focus
        enemy = _focus(me, state, hits, charts, turrets)
    nfoes = _foes(me, state, foes)  # the enemies still flying
    missile, mine, decoy = release_wants(me, enemy, foes, nfoes, turn, state, hits, charts,
                                         turrets, missiles, mines, board, fig, table, pilot,
                                         chance, plan, path_q, path_r, path_h, turret_at,
                                         turret_on)  # step 4
    heading = state[me, f.HEADING]
    side = state[me, f.SIDE]
    if missile and take_armed(me, f.MISSILE, state):
        k = board[f.MISSILES_IN_PLAY]
        missiles[k, f.M_OWNER], missiles[k, f.M_TARGET] = side, enemy
        missiles[k, f.M_Q], missiles[k, f.M_R] = launch_hex(fig, state[me, f.Q],
                                                            state[me, f.R], heading)
        missiles[k, f.M_HEADING] = heading
        missiles[k, f.M_SPEED] = missile_speed(fig, state[me, f.SPEED])
        missiles[k, f.M_LAUNCHED] = turn
        missiles[k, f.M_SHOOTER] = me
        board[f.MISSILES_IN_PLAY] += 1
    if mine and take_armed(me, f.MINE, state):
        k = board[f.MINES_IN_PLAY]
        mines[k, f.N_OWNER] = side
        mines[k, f.N_Q], mines[k, f.N_R] = mine_hex(fig, state[me, f.Q], state[me, f.R],
                                                    heading)
        board[f.MINES_IN_PLAY] += 1
    if decoy and take_armed(me, f.DECOY, state):
        board[f.DECOYS + side] += 1


@lean_kernel
def _missile_move(k: int, target: int, turn: int, state: np.ndarray, hits: np.ndarray,
                  missiles: np.ndarray, board: np.ndarray, fig: Any,
                  table: np.ndarray, charts: np.ndarray, pilots: np.ndarray,
                  plan: np.ndarray, path_q: np.ndarray, path_r: np.ndarray,
                  path_h: np.ndarray, rng: np.ndarray) -> bool:
    """Missile `k` moves after its target (battle.py `Battle.missile_move`); True if
    spent."""
    spent = False
    for _ in range(board[f.DECOYS + state[target, f.SIDE]]):
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
        detonate(target, fuse, f.CAUSE_MISSILE, state, hits, charts, fig, table, rng, turn)
    return True


@lean_kernel
def _initiative(state: np.ndarray, fig: Any, rng: np.ndarray, numbers: np.ndarray,
                breaks: np.ndarray, again: np.ndarray) -> None:
    """A die each in battle order; tied fighters roll again (battle.py
    `Battle.roll_initiative`, ruling TB1)."""
    count = state.shape[0]
    for k in range(count):
        state[k, f.INITIATIVE] = die(rng, fig.initiative_die)
    while fig.reroll_ties:
        for k in range(count):
            numbers[k] = state[k, f.INITIATIVE]
            breaks[k] = state[k, f.TIEBREAK]
        if not any_tied(count, numbers, breaks):
            return
        for k in range(count):
            again[k] = 1 if tied(count, numbers, breaks, k) else 0
        for k in range(count):
            if again[k]:
                state[k, f.INITIATIVE], state[k, f.TIEBREAK] = rerolled(
                    count, fig.initiative_die, state[k, f.INITIATIVE], state[k, f.TIEBREAK],
                    die(rng, fig.initiative_die))


@lean_kernel
def _order(state: np.ndarray, fig: Any, numbers: np.ndarray, breaks: np.ndarray,
           alive: np.ndarray, follows: np.ndarray, order: np.ndarray) -> int:
    """The turn's order of movement (battle.py `Battle.order`, ruling TB2)."""
    count = state.shape[0]
    for i in range(count):
        numbers[i] = state[i, f.INITIATIVE]
        breaks[i] = state[i, f.TIEBREAK]
        alive[i] = 1 - state[i, f.DESTROYED]
    for tail in range(count):
        for lead in range(count):
            follows[tail * count + lead] = 1 if (
                state[tail, f.SIDE] != state[lead, f.SIDE] and alive[tail] and alive[lead]
                and in_slot(state[tail, f.Q], state[tail, f.R], state[tail, f.HEADING],
                            state[lead, f.Q], state[lead, f.R], state[lead, f.HEADING],
                            fig.slot_range)) else 0
    return int(move_order(count, alive, numbers, breaks, follows, order))


@kernel
def play_battle(rng: np.ndarray, fig: Any, scenario: np.ndarray, table: np.ndarray,
                charts: np.ndarray, fixed: np.ndarray, turrets: np.ndarray,
                pilots: np.ndarray, chance: np.ndarray, sides: np.ndarray, out: np.ndarray,
                fates: np.ndarray) -> None:
    """One whole battle from fresh fighters (side of each row: `sides`) into the result
    row `out` and each fighter's row of `fates`, every die from `rng`."""
    count = sides.shape[0]
    state = np.zeros((count, f.CRAFT_FIELDS), dtype=np.int64)
    start_speed = scenario[f.START_SPEED]
    placed = np.zeros(2, dtype=np.int64)
    most_boxes = 0
    stored_missiles = 0
    stored_mines = 0
    most_thrust = 0
    most_turrets = 1
    for k in range(count):  # ruling TB3: line abreast, head-on
        side = sides[k]
        state[k, f.SIDE] = side
        if side == 0:
            state[k, f.Q], state[k, f.R] = abreast(placed[0], 0, 0, 1)
            state[k, f.HEADING] = 0 if scenario[f.SPEED_A] >= 0 else behind(0)  # away: turned
        else:
            state[k, f.Q], state[k, f.R] = abreast(placed[1], scenario[f.START_RANGE], 0, -1)
            state[k, f.HEADING] = behind(0) if scenario[f.SPEED_B] >= 0 else 0
        placed[side] += 1
        state[k, f.SPEED] = abs(scenario[f.SPEED_A + side])
        state[k, f.STRAIGHT] = scenario[f.START_STRAIGHT]
        for item in range(3):
            state[k, f.STORES + item] = charts[k, f.STORED + item]
        most_boxes = max(most_boxes, charts[k, f.DAMAGE_BOXES])
        stored_missiles += charts[k, f.STORED + f.MISSILE]
        stored_mines += charts[k, f.STORED + f.MINE]
        most_thrust = max(most_thrust, charts[k, f.THRUST])
        most_turrets = max(most_turrets, charts[k, f.TURRET_COUNT])
    hits = np.zeros((count, most_boxes + 1), dtype=np.int64)
    # a row to spare: a pilot weighs a launch with its missile in flight
    missiles = np.zeros((stored_missiles + 1, f.MISSILE_FIELDS), dtype=np.int64)
    mines = np.zeros((max(1, stored_mines), f.MINE_FIELDS), dtype=np.int64)
    board = np.zeros(f.BOARD_FIELDS, dtype=np.int64)
    limit = scenario[f.TURN_LIMIT]
    # the fastest anything can fly in this battle bounds every move's moments
    top = start_speed + limit * most_thrust * fig.speed_per_thrust + fig.missile_speed_bonus
    turns = max(MOST_TURNS, fig.missile_turns)
    path_q = np.empty(top + turns + 2, dtype=np.int64)
    path_r = np.empty_like(path_q)
    path_h = np.empty_like(path_q)
    plan = np.zeros(PLAN_FIRST + 2 * turns, dtype=np.int64)
    turret_at = np.full(most_turrets, -1, dtype=np.int64)
    turret_on = np.full(most_turrets, -1, dtype=np.int64)
    fixed_on = np.full(1, -1, dtype=np.int64)
    wants = np.empty(3, dtype=np.int64)
    foes = np.empty(count, dtype=np.int64)
    numbers = np.empty(count, dtype=np.int64)
    breaks = np.empty(count, dtype=np.int64)
    alive = np.empty(count, dtype=np.int64)
    follows = np.empty(count * count, dtype=np.int64)
    order = np.empty(count, dtype=np.int64)
    _initiative(state, fig, rng, numbers, breaks, alive)
    turn = 0
    for turn in range(1, limit + 1):
        for k in range(count):
            state[k, f.MOVED] = 0
        moving = _order(state, fig, numbers, breaks, alive, follows, order)
        for m in range(moving):
            me = order[m]
            if state[me, f.DESTROYED]:
                continue  # destroyed earlier this turn
            nfoes = _foes(me, state, foes)
            enemy = _focus(me, state, hits, charts, turrets)
            _play(me, enemy, foes, nfoes, turn, state, hits, missiles, mines, board, fig,
                  table, charts, fixed, turrets, pilots[state[me, f.SIDE]], chance, plan,
                  path_q, path_r, path_h, turret_at, turret_on, fixed_on, wants, rng)
            state[me, f.MOVED] = 1
            k = 0  # missiles aimed at the mover move right after it, in launch order
            while k < board[f.MISSILES_IN_PLAY] and not _over(state) \
                    and state[me, f.DESTROYED] == 0:  # ruling TB4
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
        k = 0  # ruling TB4: a missile whose target is destroyed has nothing to home on
        while k < board[f.MISSILES_IN_PLAY]:
            if state[missiles[k, f.M_TARGET], f.DESTROYED]:
                drop_row(missiles, k, board[f.MISSILES_IN_PLAY])
                board[f.MISSILES_IN_PLAY] -= 1
            else:
                k += 1
    _tell(turn, state, rng, out, fates)


@lean_kernel
def _tell(turn: int, state: np.ndarray, rng: np.ndarray, out: np.ndarray,
          fates: np.ndarray) -> None:
    """How the battle ended into `out` and `fates` (squadron.py `battle`)."""
    out[TURNS] = turn
    out[DEALT_A] = 0
    out[DEALT_B] = 0
    for k in range(state.shape[0]):
        if state[k, f.SIDE] == 0:
            out[DEALT_B] += state[k, f.TAKEN]
        else:
            out[DEALT_A] += state[k, f.TAKEN]
        fates[k, FATE_TURN] = state[k, f.KILLED_ON]
        fates[k, FATE_CAUSE] = state[k, f.KILLED_BY]
        fates[k, FATE_TAKEN] = state[k, f.TAKEN]
    out[WINNER] = -1
    out[CAUSE] = f.CAUSE_NONE
    a, b = _flying(0, state), _flying(1, state)
    if a != b:
        winner = 0 if a else 1
        out[WINNER] = winner
        last = -1  # the loser's fighter destroyed last (the first of them on a tie)
        for k in range(state.shape[0]):
            if state[k, f.SIDE] != winner and (
                    last < 0 or state[k, f.KILLED_ON] > state[last, f.KILLED_ON]):
                last = k
        out[CAUSE] = state[last, f.KILLED_BY]
    out[DRAWS] = rng[1]


@kernel
def fight_batch(keys: np.ndarray, fig: Any, scenario: np.ndarray, table: np.ndarray,
                charts: np.ndarray, fixed: np.ndarray, turrets: np.ndarray,
                pilots: np.ndarray, chance: np.ndarray, sides: np.ndarray, out: np.ndarray,
                fates: np.ndarray) -> None:
    """Battle `k` fought on the dice of `keys[k]` alone into `out[k]` (RESULT_FIELDS
    columns) and `fates[k]` (one FATE_FIELDS row per fighter)."""
    rng = np.zeros(2, dtype=np.uint64)
    for k in range(keys.shape[0]):
        start(rng, keys[k])
        play_battle(rng, fig, scenario, table, charts, fixed, turrets, pilots, chance, sides,
                    out[k], fates[k])
