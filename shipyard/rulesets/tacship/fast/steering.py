"""Missiles homing and the pilot's release decision, compiled (rules 4; reference:
`Pilot.steer`, `Pilot.release` and `Pilot.launch_damage` in engine/policy.py).

A missile after its launch turn tries every homing move in the reference's
order and keeps the one that gets closest soonest; the pilot's personality
picks the fuse: the closest moment, or (eager) the first within reach. Only
the distance at detonation matters to the rules, so that is what `steer`
hands back.
"""

from __future__ import annotations

from typing import Any

import numpy as np

import shipyard.rulesets.tacship.fast.fields as f
from shipyard.core.compiled import kernel, lean_kernel
from shipyard.rulesets.tacship.fast.launch import decoy_ready
from shipyard.rulesets.tacship.fast.pilot import choose_move, enemy_astern, inbound
from shipyard.rulesets.tacship.rules.figures import BLAST_D6, BLAST_FIXED, BLAST_HALVE
from shipyard.rulesets.tacship.rules.hexes import distance
from shipyard.rulesets.tacship.rules.movement import trace
from shipyard.rulesets.tacship.rules.ordnance import (
    beats_decoy,
    blast_mean,
    first_homing_move,
    in_reach,
    launch_hex,
    missile_speed,
    next_homing_move,
)


@lean_kernel
def steer(q: int, r: int, heading: int, speed: int, tq: int, tr: int, fig: Any,
          pilot: np.ndarray, plan: np.ndarray, path_q: np.ndarray, path_r: np.ndarray,
          path_h: np.ndarray) -> tuple[int, int]:
    """The best run's closest distance to `(tq, tr)` and the distance at its fuse
    moment (-1: it flies on without detonating)."""
    reach = fig.detonation_range
    gap = fig.missile_gap
    most = fig.missile_turns
    eager = pilot[f.EAGER_FUSE] != 0.0
    first_homing_move(plan, 0, speed, gap)
    best_closest, best_at, best_fuse = -1, -1, -1
    while True:
        n = trace(q, r, heading, plan, path_q, path_r, path_h)
        closest, at, first_hexes = int(pilot[f.CLOSEST_START]), 0, -1
        for i in range(n):
            hexes = distance(path_q[i], path_r[i], tq, tr)
            if hexes <= reach and first_hexes < 0:
                first_hexes = hexes
            if hexes < closest:
                closest, at = hexes, i
        # the fuse: the first moment within reach (eager), else the closest one
        fuse = first_hexes if eager else (closest if closest <= reach else -1)
        if best_closest < 0 or closest < best_closest \
                or (closest == best_closest and at < best_at):
            best_closest, best_at, best_fuse = closest, at, fuse
        if closest == 0:
            break  # nothing gets closer than the target's own hex
        if not next_homing_move(plan, most, gap):
            break
    return best_closest, best_fuse


@kernel
def launch_damage(me: int, enemy: int, turn: int, state: np.ndarray, hits: np.ndarray,
                  charts: np.ndarray, turrets: np.ndarray, missiles: np.ndarray,
                  mines: np.ndarray, board: np.ndarray, fig: Any, table: np.ndarray,
                  pilot: np.ndarray, chance: np.ndarray, plan: np.ndarray,
                  path_q: np.ndarray, path_r: np.ndarray, path_h: np.ndarray,
                  turret_at: np.ndarray, turret_on: np.ndarray) -> float:
    """A missile launched now at `enemy`: its expected boxes against the enemy's best
    reply, the move this pilot would make in the enemy's place against it alone
    (policy.py `Pilot.launch_damage`)."""
    heading = state[me, f.HEADING]
    mq, mr = launch_hex(fig, state[me, f.Q], state[me, f.R], heading)
    flying = missile_speed(fig, state[me, f.SPEED])
    decoy = decoy_ready(enemy, state, fig)
    in_play = board[f.MISSILES_IN_PLAY]
    if decoy:
        board[f.MISSILES_IN_PLAY] = 0  # a target relying on its decoy fears no missile
    else:  # the missile in flight, feared with those already aimed at the target
        missiles[in_play, f.M_OWNER], missiles[in_play, f.M_TARGET] = state[me, f.SIDE], enemy
        missiles[in_play, f.M_Q], missiles[in_play, f.M_R] = mq, mr
        missiles[in_play, f.M_HEADING], missiles[in_play, f.M_SPEED] = heading, flying
        missiles[in_play, f.M_LAUNCHED] = turn
        missiles[in_play, f.M_SHOOTER] = me
        board[f.MISSILES_IN_PLAY] = in_play + 1
    alone = np.full(1, me, dtype=np.int64)  # the reply weighs the launcher alone
    fixed_on = np.empty(1, dtype=np.int64)
    choose_move(enemy, me, alone, 1, state, hits, charts, turrets, missiles, mines, board,
                fig, pilot, chance, path_q, path_r, path_h, plan, turret_at, turret_on,
                fixed_on)
    board[f.MISSILES_IN_PLAY] = in_play
    n = trace(state[enemy, f.Q], state[enemy, f.R], state[enemy, f.HEADING], plan,
              path_q, path_r, path_h)
    if not in_reach(fig, mq, mr, heading, flying, path_q[n - 1], path_r[n - 1]):
        return 0.0  # no run comes within detonation range: nothing to steer
    _, fuse = steer(mq, mr, heading, flying, path_q[n - 1], path_r[n - 1], fig, pilot,
                    plan, path_q, path_r, path_h)
    if fuse < 0:
        return 0.0
    damage = blast_mean(table[fuse, BLAST_FIXED], table[fuse, BLAST_D6], table[fuse, BLAST_HALVE])
    return damage * beats_decoy(fig.decoy_die) if decoy else damage


@lean_kernel
def release_wants(me: int, enemy: int, foes: np.ndarray, nfoes: int, turn: int,
                  state: np.ndarray, hits: np.ndarray, charts: np.ndarray,
                  turrets: np.ndarray, missiles: np.ndarray, mines: np.ndarray,
                  board: np.ndarray, fig: Any, table: np.ndarray, pilot: np.ndarray,
                  chance: np.ndarray, plan: np.ndarray, path_q: np.ndarray,
                  path_r: np.ndarray, path_h: np.ndarray, turret_at: np.ndarray,
                  turret_on: np.ndarray) -> tuple[bool, bool, bool]:
    """Step 4 (policy.py `Pilot.release`): a missile at `enemy`, a mine, a decoy?"""
    missile = state[me, f.ARMED + f.MISSILE] > 0 and state[enemy, f.MOVED] != 0 \
        and launch_damage(me, enemy, turn, state, hits, charts, turrets, missiles, mines,
                          board, fig, table, pilot, chance, plan, path_q, path_r, path_h,
                          turret_at, turret_on) > pilot[f.HOLD_VALUE]
    # an enemy astern within the mine's reach and a little more
    mine = state[me, f.ARMED + f.MINE] > 0 and enemy_astern(
        me, foes, nfoes, state, fig.mine_rear + pilot[f.MINE_RELEASE_EXTRA])
    # where the decoy lands never matters to the rules, only that one is out
    decoy = state[me, f.ARMED + f.DECOY] > 0 and inbound(me, missiles, board) > 0
    return missile, mine, decoy
