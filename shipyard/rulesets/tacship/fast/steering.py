"""Missiles homing and the pilot's release decision, compiled (rules 4; reference:
`Pilot.steer`, `Pilot.release` and `Pilot.launch_reaches` in engine/policy.py).

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
from shipyard.core.compiled import kernel
from shipyard.rulesets.tacship.fast.launch import launch_reaches
from shipyard.rulesets.tacship.fast.pilot import inbound
from shipyard.rulesets.tacship.rules.hexes import AFT, distance, in_arc
from shipyard.rulesets.tacship.rules.movement import trace
from shipyard.rulesets.tacship.rules.ordnance import first_homing_move, next_homing_move


@kernel
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
def release_wants(me: int, state: np.ndarray, charts: np.ndarray, missiles: np.ndarray,
                  board: np.ndarray, fig: Any, pilot: np.ndarray,
                  path_q: np.ndarray, path_r: np.ndarray,
                  path_h: np.ndarray) -> tuple[bool, bool, bool]:
    """Step 4 (policy.py `Pilot.release`): a missile, a mine, a decoy?"""
    enemy = 1 - me
    missile = state[me, f.ARMED + f.MISSILE] > 0 \
        and launch_reaches(me, state, charts, pilot, fig, path_q, path_r, path_h)
    mine = state[me, f.ARMED + f.MINE] > 0 \
        and in_arc(state[me, f.Q], state[me, f.R], state[me, f.HEADING], AFT,
                   state[enemy, f.Q], state[enemy, f.R]) \
        and distance(state[me, f.Q], state[me, f.R], state[enemy, f.Q], state[enemy, f.R]) \
        <= fig.mine_rear + pilot[f.MINE_RELEASE_EXTRA]
    # where the decoy lands never matters to the rules, only that one is out
    decoy = state[me, f.ARMED + f.DECOY] > 0 and inbound(me, missiles, board) > 0
    return missile, mine, decoy
