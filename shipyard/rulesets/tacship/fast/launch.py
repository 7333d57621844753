"""Where a pilot launches a missile, compiled (rules 4; reference: engine/launch.py).

A launch pays only where the missile is sure to reach its target whatever move the
target makes next: every end of the target's candidate moves (`rules.piloting`) must
lie in the missile's reach (`rules.ordnance.in_reach`, which the reference reads too).
The loops over the candidate moves are this module's and the reference's.
"""

from __future__ import annotations

from typing import Any

import numpy as np

import shipyard.rulesets.tacship.fast.fields as f
from shipyard.core.compiled import kernel
from shipyard.rulesets.tacship.rules.movement import PLAN_FIRST, PLAN_SPEED, trace
from shipyard.rulesets.tacship.rules.ordnance import in_reach, launch_hex, missile_speed
from shipyard.rulesets.tacship.rules.piloting import MOST_TURNS, candidate_room, candidates


@kernel
def reaches_all(q: int, r: int, heading: int, speed: int, ends_q: np.ndarray,
                ends_r: np.ndarray, fig: Any) -> bool:
    """Would a missile released at `(q, r)` at the end of a move at `speed` on `heading`
    reach its target wherever among the ends that target's next move ends?"""
    mq, mr = launch_hex(fig, q, r, heading)
    flying = missile_speed(fig, speed)
    for i in range(ends_q.shape[0]):
        if not in_reach(fig, mq, mr, heading, flying, ends_q[i], ends_r[i]):
            return False
    return True


@kernel
def move_ends(side: int, state: np.ndarray, charts: np.ndarray, pilot: np.ndarray,
              fig: Any, path_q: np.ndarray, path_r: np.ndarray,
              path_h: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Where `side`'s next move can end: each of its candidate moves' last hex."""
    speed, thrust = state[side, f.SPEED], charts[side, f.THRUST]
    plans = np.empty((candidate_room(fig, speed, thrust), PLAN_FIRST + 2 * MOST_TURNS),
                     dtype=np.int64)
    count = candidates(fig, speed, state[side, f.STRAIGHT], thrust,
                       int(pilot[f.CRUISE_FACTOR]), plans)
    ends_q = np.empty(count, dtype=np.int64)
    ends_r = np.empty(count, dtype=np.int64)
    for c in range(count):
        n = trace(state[side, f.Q], state[side, f.R], state[side, f.HEADING], plans[c],
                  path_q, path_r, path_h)
        ends_q[c], ends_r[c] = path_q[n - 1], path_r[n - 1]
    return ends_q, ends_r


@kernel
def launch_ahead(me: int, state: np.ndarray, charts: np.ndarray, pilot: np.ndarray,
                 fig: Any, path_q: np.ndarray, path_r: np.ndarray,
                 path_h: np.ndarray) -> bool:
    """Can some candidate move of mine end where a launch is sure to reach the enemy,
    the enemy having moved this turn? (policy.py `Pilot.launch_ahead`)"""
    enemy = 1 - me
    if state[enemy, f.MOVED] == 0:
        return False
    ends_q, ends_r = move_ends(enemy, state, charts, pilot, fig, path_q, path_r, path_h)
    speed, thrust = state[me, f.SPEED], charts[me, f.THRUST]
    plans = np.empty((candidate_room(fig, speed, thrust), PLAN_FIRST + 2 * MOST_TURNS),
                     dtype=np.int64)
    count = candidates(fig, speed, state[me, f.STRAIGHT], thrust, int(pilot[f.CRUISE_FACTOR]),
                       plans)
    for c in range(count):
        n = trace(state[me, f.Q], state[me, f.R], state[me, f.HEADING], plans[c],
                  path_q, path_r, path_h)
        if reaches_all(path_q[n - 1], path_r[n - 1], path_h[n - 1], plans[c, PLAN_SPEED],
                       ends_q, ends_r, fig):
            return True
    return False


@kernel
def launch_reaches(me: int, state: np.ndarray, charts: np.ndarray, pilot: np.ndarray,
                   fig: Any, path_q: np.ndarray, path_r: np.ndarray,
                   path_h: np.ndarray) -> bool:
    """Would a missile launched now reach the enemy whatever move it makes next?
    (policy.py `Pilot.launch_reaches`)"""
    enemy = 1 - me
    if state[enemy, f.MOVED] == 0:
        return False
    ends_q, ends_r = move_ends(enemy, state, charts, pilot, fig, path_q, path_r, path_h)
    return reaches_all(state[me, f.Q], state[me, f.R], state[me, f.HEADING],
                       state[me, f.SPEED], ends_q, ends_r, fig)
