"""The scoring pilot of engine/policy.py, compiled: arming, the move and where to fire,
and what to drop at the end of the move (rules 4).

The pilot's weights and heuristics arrive as one float64 row per side
(`packing.pilot_row`); the arithmetic follows the reference step by step, in
the same order, so equal scores tie the same way and the same move wins. A pilot
fights its flight's focus `enemy` and weighs `foes`, the rows of every enemy still
flying in battle order (`nfoes` of them; a duel's one enemy, or the launcher alone
when a target's reply to a missile is weighed).
"""

from __future__ import annotations

from typing import Any

import numpy as np

import shipyard.rulesets.tacship.fast.fields as f
from shipyard.core.compiled import inline_kernel, kernel, lean_kernel
from shipyard.rulesets.tacship.fast.launch import stand_off_spot
from shipyard.rulesets.tacship.rules.hexes import (
    AFT,
    FORE,
    arc_holds,
    distance,
    in_arc,
    in_slot,
    lateral,
    lateral_ahead,
    on_ray,
    step,
)
from shipyard.rulesets.tacship.rules.movement import (
    PLAN_SPEED,
    PLAN_TURNS,
    runs,
    trace,
    turn_cost,
)
from shipyard.rulesets.tacship.rules.piloting import candidate_room, candidates, shot_worth


@inline_kernel
def inbound(me: int, missiles: np.ndarray, board: np.ndarray) -> int:
    """How many missiles in play are aimed at fighter `me`."""
    count = 0
    for k in range(board[f.MISSILES_IN_PLAY]):
        if missiles[k, f.M_TARGET] == me:
            count += 1
    return count


@inline_kernel
def boxes_left(state_row: int, hits: np.ndarray, charts: np.ndarray) -> int:
    """Damage boxes not yet crossed off (box 0 aside): state.py `Craft.boxes_left`."""
    crossed = 0
    for box in range(1, charts[state_row, f.DAMAGE_BOXES] + 1):
        crossed += hits[state_row, box]
    return int(charts[state_row, f.DAMAGE_BOXES] - crossed)


@inline_kernel
def enemy_astern(me: int, foes: np.ndarray, nfoes: int, state: np.ndarray,
                 within: float) -> bool:
    """Is an enemy in `me`'s aft arc, `within` hexes or closer (a mine's chance)?"""
    for j in range(nfoes):
        e = foes[j]
        if in_arc(state[me, f.Q], state[me, f.R], state[me, f.HEADING], AFT,
                  state[e, f.Q], state[e, f.R]) \
                and distance(state[me, f.Q], state[me, f.R], state[e, f.Q], state[e, f.R]) \
                <= within:
            return True
    return False


@inline_kernel
def arm_wants(me: int, enemy: int, foes: np.ndarray, nfoes: int, state: np.ndarray,
              missiles: np.ndarray, board: np.ndarray, fig: Any, pilot: np.ndarray,
              wants: np.ndarray) -> int:
    """Step 1 (policy.py `Pilot.arm`): the items wanted, in order, into `wants`."""
    n = 0
    threatened = inbound(me, missiles, board) > 0
    for j in range(nfoes):
        threatened = threatened or state[foes[j], f.ARMED + f.MISSILE] > 0
    if threatened and state[me, f.ARMED + f.DECOY] == 0 and state[me, f.STORES + f.DECOY] > 0:
        wants[n] = f.DECOY
        n += 1
    # a decoy in store keeps an armed slot free for the missile it will meet
    keep = 1 if state[me, f.ARMED + f.DECOY] == 0 and n == 0 \
        and state[me, f.STORES + f.DECOY] > 0 else 0
    armed = state[me, f.ARMED] + state[me, f.ARMED + 1] + state[me, f.ARMED + 2]
    if state[me, f.ARMED + f.MISSILE] == 0 and state[me, f.STORES + f.MISSILE] > 0 \
            and state[enemy, f.MOVED] != 0 and armed + n + keep < fig.armed_limit:
        wants[n] = f.MISSILE
        n += 1
    if state[me, f.ARMED + f.MINE] == 0 \
            and enemy_astern(me, foes, nfoes, state, pilot[f.ARM_MINE_WITHIN]) \
            and armed + n + keep < fig.armed_limit:
        wants[n] = f.MINE
        n += 1
    return n


@inline_kernel
def standing(me: int, enemy: int, foes: np.ndarray, nfoes: int, q: int, r: int,
             heading: int, speed: int, state: np.ndarray, charts: np.ndarray,
             turrets: np.ndarray, missiles: np.ndarray, board: np.ndarray, fig: Any,
             pilot: np.ndarray, chance: np.ndarray) -> float:
    """How good it is to end the move here (policy.py `Pilot.standing`)."""
    cap = int(pilot[f.CHANCE_CAP])
    eq, er, eh = state[enemy, f.Q], state[enemy, f.R], state[enemy, f.HEADING]
    hexes = min(cap, distance(q, r, eq, er))
    p = chance[hexes]
    threat = 0.0  # every enemy gun bearing on the end hex
    for j in range(nfoes):
        e = foes[j]
        fq, fr, fh = state[e, f.Q], state[e, f.R], state[e, f.HEADING]
        seen = p if e == enemy else chance[min(cap, distance(q, r, fq, fr))]
        if on_ray(fq, fr, fh, q, r) >= 0:
            bears = pilot[f.BEARS_DEAD_AHEAD]
        elif in_arc(fq, fr, fh, FORE, q, r):
            bears = pilot[f.BEARS_FORE]
        else:
            bears = pilot[f.BEARS_ELSE]
        threat += charts[e, f.FIXED_TOTAL] * seen * bears
        turret_threat = 0.0  # summed apart, then added, as the reference does
        for k in range(charts[e, f.TURRET_COUNT]):
            if in_arc(fq, fr, fh, turrets[e, k, 1], q, r):
                turret_threat += turrets[e, k, 0] * seen * pilot[f.TURRET_THREAT]
        threat += turret_threat
    ahead = pilot[f.AHEAD_FORE] if in_arc(q, r, heading, FORE, eq, er) else pilot[f.AHEAD_ELSE]
    my_fixed = charts[me, f.FIXED_TOTAL]
    score = pilot[f.NEXT_SHOT] * my_fixed * p * ahead - pilot[f.EXPOSURE] * threat
    if in_slot(q, r, heading, eq, er, eh, fig.slot_range):
        score += pilot[f.SLOT_WEIGHT] * max(1, my_fixed) * p
    score -= pilot[f.RANGE_WEIGHT] * abs(hexes - int(pilot[f.IDEAL_RANGE]))
    cost = turn_cost(fig, speed)
    slow = pilot[f.SLOW_PENALTY] if speed < pilot[f.SLOW_BELOW] else 0.0
    # two turns a move: the thrust they would overdraw
    score -= pilot[f.TURN_PENALTY] * max(0, 2 * cost - charts[me, f.THRUST]) + slow
    if state[me, f.ARMED + f.DECOY] == 0:
        reach = fig.detonation_range
        near = 0
        for k in range(board[f.MISSILES_IN_PLAY]):
            if missiles[k, f.M_TARGET] == me and distance(
                    missiles[k, f.M_Q], missiles[k, f.M_R], q, r) \
                    <= missiles[k, f.M_SPEED] + reach:
                near += 1
        score -= pilot[f.MISSILE_FEAR] * near
    return float(score)


@kernel
def choose_move(me: int, enemy: int, foes: np.ndarray, nfoes: int, state: np.ndarray,
                hits: np.ndarray, charts: np.ndarray, turrets: np.ndarray,
                missiles: np.ndarray, mines: np.ndarray, board: np.ndarray,
                fig: Any, pilot: np.ndarray, chance: np.ndarray,
                path_q: np.ndarray, path_r: np.ndarray, path_h: np.ndarray,
                best: np.ndarray, turret_at: np.ndarray, turret_on: np.ndarray,
                fixed_on: np.ndarray) -> int:
    """Steps 2 and 3 (policy.py `Pilot.move`): the best-scoring candidate into `best`,
    the moment to fire each turret into `turret_at` (-1 holds fire) and the enemy it
    fires at into `turret_on`; returns the moment to fire the fixed lasers (-1 holds
    fire), their enemy into `fixed_on[0]`."""
    speed_now, thrust = state[me, f.SPEED], charts[me, f.THRUST]
    plans = np.empty((candidate_room(fig, speed_now, thrust), best.shape[0]),
                     dtype=np.int64)
    count = candidates(fig, speed_now, state[me, f.STRAIGHT], thrust,
                       int(pilot[f.CRUISE_FACTOR]), plans)
    at = np.full(charts[me, f.TURRET_COUNT], -1, dtype=np.int64)
    on = np.full(charts[me, f.TURRET_COUNT], -1, dtype=np.int64)
    lefts = np.zeros(nfoes, dtype=np.int64)
    if nfoes > 1:  # boxes left matter only with other enemies about (`shot_worth`)
        for j in range(nfoes):
            lefts[j] = boxes_left(foes[j], hits, charts)
    longest = 0
    for c in range(count):
        longest = max(longest, plans[c, PLAN_SPEED])
    ray_worth = np.empty((charts[me, f.TURRET_COUNT] + 1, longest + 1), dtype=np.float64)
    shots = np.empty(charts[me, f.TURRET_COUNT], dtype=np.float64)
    runs_at = np.empty((4, plans.shape[1]), dtype=np.int64)  # a run a turn, and one more
    ray_at = np.empty((charts[me, f.TURRET_COUNT] + 1, longest + 1), dtype=np.int64)
    ray_on = np.empty((charts[me, f.TURRET_COUNT] + 1, longest + 1), dtype=np.int64)
    _ray_shots(me, foes, nfoes, lefts, enemy, longest, state, charts, turrets, pilot, chance,
               ray_worth, ray_at, ray_on)
    return _best_move(me, enemy, foes, nfoes, lefts, state, charts, turrets, missiles, mines,
                      board, fig, pilot, chance, path_q, path_r, path_h, best, turret_at,
                      turret_on, fixed_on, plans, count, at, on, shots, ray_worth, ray_at,
                      ray_on, np.empty(nfoes, dtype=np.int64), runs_at)


@lean_kernel
def _ray_shots(me: int, foes: np.ndarray, nfoes: int, lefts: np.ndarray, enemy: int,
               longest: int, state: np.ndarray, charts: np.ndarray, turrets: np.ndarray,
               pilot: np.ndarray, chance: np.ndarray, ray_worth: np.ndarray,
               ray_at: np.ndarray, ray_on: np.ndarray) -> None:
    """The best shots from the first `i + 1` moments of the straight run every candidate
    starts on, for each `i` up to `longest` hexes: row 0 the fixed lasers', row `k + 1`
    turret k's; their worth, moment and enemy (-1: none), as `_best_move` would find
    them scanning those moments, so that it scans only what follows a candidate's first
    turn."""
    q0, r0, heading = state[me, f.Q], state[me, f.R], state[me, f.HEADING]
    cap = int(pilot[f.CHANCE_CAP])
    spot_gap = min(int(pilot[f.SPOT_GAP]), cap)
    fixed_total = charts[me, f.FIXED_TOTAL]
    crowded = nfoes > 1
    for k in range(ray_worth.shape[0]):
        value, at, to = 0.0, -1, -1
        for i in range(longest + 1):
            q, r = step(q0, r0, heading, i)
            for j in range(nfoes):
                e = foes[j]
                if k == 0:
                    if not fixed_total:
                        break
                    hexes = on_ray(q, r, heading, state[e, f.Q], state[e, f.R])
                    if 0 <= hexes <= spot_gap:
                        shot = shot_worth(chance[hexes], fixed_total, lefts[j], e == enemy,
                                          crowded)
                        if shot > value:
                            value, at, to = shot, i, e
                elif in_arc(q, r, heading, turrets[me, k - 1, 1], state[e, f.Q],
                            state[e, f.R]):
                    shot = shot_worth(chance[min(cap, distance(q, r, state[e, f.Q],
                                                               state[e, f.R]))],
                                      turrets[me, k - 1, 0], lefts[j], e == enemy, crowded)
                    if shot > value:
                        value, at, to = shot, i, e
            ray_worth[k, i], ray_at[k, i], ray_on[k, i] = value, at, to


@inline_kernel
def _line_shots(nruns: int, run_q: np.ndarray, run_r: np.ndarray, run_h: np.ndarray,
                run_first: np.ndarray, value: float, at: int, to: int, foes: np.ndarray,
                nfoes: int, lefts: np.ndarray, enemy: int, state: np.ndarray,
                chance: np.ndarray, spot_gap: int, fixed_total: int,
                ahead: np.ndarray) -> tuple[float, int, int]:
    """The fixed lasers' best shot from the moments of runs 1 on (`rules.movement.runs`)
    if better than `value` (at moment `at`, at enemy `to`), found in the order the
    moments come. A run's moments are hexes along one line: an enemy is looked for
    ahead of its first (`on_ray`) and is then that many hexes fewer ahead of each next
    one, or behind it."""
    crowded = nfoes > 1
    for s in range(1, nruns):
        lined = False
        for j in range(nfoes):
            e = foes[j]
            ahead[j] = on_ray(run_q[s], run_r[s], run_h[s], state[e, f.Q], state[e, f.R])
            lined = lined or ahead[j] >= 0
        if not lined:
            continue
        for k in range(run_first[s + 1] - run_first[s]):
            for j in range(nfoes):
                hexes = ahead[j] - k
                if ahead[j] >= 0 and 0 <= hexes <= spot_gap:
                    e = foes[j]
                    worth = shot_worth(chance[hexes], fixed_total, lefts[j], e == enemy,
                                       crowded)
                    if worth > value:
                        value, at, to = worth, run_first[s] + k, e
    return value, at, to


@inline_kernel
def _turret_shots(me: int, nruns: int, run_q: np.ndarray, run_r: np.ndarray,
                  run_h: np.ndarray, run_first: np.ndarray, foes: np.ndarray, nfoes: int,
                  lefts: np.ndarray, enemy: int, state: np.ndarray, turrets: np.ndarray,
                  chance: np.ndarray, cap: int, shots: np.ndarray, at: np.ndarray,
                  on: np.ndarray, along: np.ndarray) -> None:
    """Each turret's best shot from the moments of runs 1 on (`rules.movement.runs`) if
    better than its `shots` (at moment `at`, at enemy `on`), found in the order the
    moments come. Each enemy's `lateral` is taken from a run's first hex and follows
    from it for the next (`lateral_ahead`)."""
    crowded = nfoes > 1
    for s in range(1, nruns):
        heading = run_h[s]
        for j in range(nfoes):
            e = foes[j]
            along[j] = lateral(heading, state[e, f.Q] - run_q[s], state[e, f.R] - run_r[s])
        for k in range(run_first[s + 1] - run_first[s]):
            q, r = step(run_q[s], run_r[s], heading, k)
            for j in range(nfoes):
                e = foes[j]
                seen = lateral_ahead(along[j], k)
                hexes = -1
                for t in range(shots.shape[0]):
                    if arc_holds(seen, turrets[me, t, 1]):
                        if hexes < 0:
                            hexes = min(cap, distance(q, r, state[e, f.Q], state[e, f.R]))
                        p = shot_worth(chance[hexes], turrets[me, t, 0], lefts[j], e == enemy,
                                       crowded)
                        if p > shots[t]:
                            shots[t], at[t], on[t] = p, run_first[s] + k, e


@lean_kernel
def _best_move(me: int, enemy: int, foes: np.ndarray, nfoes: int, lefts: np.ndarray,
               state: np.ndarray, charts: np.ndarray, turrets: np.ndarray,
               missiles: np.ndarray, mines: np.ndarray, board: np.ndarray,
               fig: Any, pilot: np.ndarray, chance: np.ndarray,
               path_q: np.ndarray, path_r: np.ndarray, path_h: np.ndarray,
               best: np.ndarray, turret_at: np.ndarray, turret_on: np.ndarray,
               fixed_on: np.ndarray, plans: np.ndarray, count: int, at: np.ndarray,
               on: np.ndarray, shots: np.ndarray, ray_worth: np.ndarray,
               ray_at: np.ndarray, ray_on: np.ndarray, ahead: np.ndarray,
               runs_at: np.ndarray) -> int:
    """`choose_move` over its `count` candidates `plans`, without reference counting
    (the views of the loop cost more than its arithmetic otherwise); the best shots of
    the straight run they start on are `_ray_shots`', and each candidate's runs go to
    the rows of `runs_at` (`rules.movement.runs`)."""
    run_q, run_r, run_h, run_first = runs_at[0], runs_at[1], runs_at[2], runs_at[3]
    tq, tr = state[enemy, f.Q], state[enemy, f.R]
    speed_now = state[me, f.SPEED]
    cap = int(pilot[f.CHANCE_CAP])
    spot_gap = min(int(pilot[f.SPOT_GAP]), cap)
    fixed_total = charts[me, f.FIXED_TOTAL]
    turret_count = charts[me, f.TURRET_COUNT]
    reach = fig.mine_trigger
    danger = False
    for k in range(board[f.MINES_IN_PLAY]):
        danger = danger or mines[k, f.N_OWNER] != state[me, f.SIDE]
    # a missile armed or in store: a stand-off spot pays (policy.py `Pilot.move`)
    carrying = state[me, f.ARMED + f.MISSILE] > 0 or state[me, f.STORES + f.MISSILE] > 0
    stand_off = min(state[enemy, f.SPEED], int(pilot[f.STAND_OFF_CAP])) \
        + fig.detonation_range
    q0, r0, h0 = state[me, f.Q], state[me, f.R], state[me, f.HEADING]
    best_value = 0.0
    best_fixed = -1
    found = False
    for c in range(count):
        plan = plans[c]
        nruns = runs(q0, r0, h0, plan, run_q, run_r, run_h, run_first)
        n = run_first[nruns]
        last = nruns - 1
        end_q, end_r = step(run_q[last], run_r[last], run_h[last], n - 1 - run_first[last])
        end_h = run_h[last]
        # the moments before the first turn are the straight run's: their shots found
        shared = run_first[1] if nruns > 1 else n
        value = ray_worth[0, shared - 1]
        fixed_at = ray_at[0, shared - 1]
        fixed_to = ray_on[0, shared - 1]
        if fixed_total:
            value, fixed_at, fixed_to = _line_shots(
                nruns, run_q, run_r, run_h, run_first, value, fixed_at, fixed_to, foes,
                nfoes, lefts, enemy, state, chance, spot_gap, fixed_total, ahead)
        if turret_count:
            for k in range(turret_count):
                shots[k] = ray_worth[k + 1, shared - 1]
                at[k] = ray_at[k + 1, shared - 1]
                on[k] = ray_on[k + 1, shared - 1]
            _turret_shots(me, nruns, run_q, run_r, run_h, run_first, foes, nfoes, lefts,
                          enemy, state, turrets, chance, cap, shots, at, on, ahead)
            for k in range(turret_count):
                value += shots[k]
        if danger:
            trace(q0, r0, h0, plan, path_q, path_r, path_h)
            brushed = 0.0
            for i in range(1, n):
                for k in range(board[f.MINES_IN_PLAY]):
                    if mines[k, f.N_OWNER] != state[me, f.SIDE] and distance(
                            path_q[i], path_r[i], mines[k, f.N_Q], mines[k, f.N_R]) <= reach:
                        brushed += pilot[f.MINE_PENALTY]
                        break
            value -= brushed
        value += standing(me, enemy, foes, nfoes, end_q, end_r, end_h, plan[PLAN_SPEED],
                          state, charts, turrets, missiles, board, fig, pilot, chance)
        # asked only where the bonus could make this move the best (the same choice)
        if carrying and (not found or value + pilot[f.LAUNCH_VALUE] > best_value) \
                and stand_off_spot(end_q, end_r, end_h, plan[PLAN_SPEED], tq, tr, stand_off,
                                   fig):
            value += pilot[f.LAUNCH_VALUE]
        if not found or value > best_value:
            found = True
            best_value = value
            for j in range(best.shape[0]):  # loops: a slice copy needs reference counts
                best[j] = plan[j]
            best_fixed = fixed_at
            fixed_on[0] = fixed_to
            for k in range(turret_count):
                turret_at[k] = at[k]
                turret_on[k] = on[k]
    if not found:
        best[PLAN_SPEED] = speed_now
        best[PLAN_TURNS] = 0
        fixed_on[0] = -1
        for k in range(turret_at.shape[0]):
            turret_at[k] = -1
            turret_on[k] = -1
    return best_fixed
