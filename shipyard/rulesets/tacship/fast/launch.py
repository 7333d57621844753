"""Where a pilot launches a missile, compiled (rules 4; reference: engine/launch.py and
`ordnance.in_reach`).

A launch pays only where the missile is sure to reach its target whatever move
the target makes next: every end of the target's candidate moves must lie in
the missile's reach. The reach is worked out in closed form. Seen from the
missile facing heading 0, with e0 = (1, 0) ahead and e1 = (1, -1), e2 = (0, -1)
to the left, a homing move of at most `speed` hexes passes through:
  - with no turn, or one turn left after x hexes: x e0 + y e1, x, y >= 0,
    x + y <= speed, that is q + r >= 0, r <= 0, q <= speed;
  - with two left turns, b >= gap hexes apart: a e0 + b e1 + c e2, a, c >= 0,
    a + b + c <= speed: some b in [max(gap, q - r - speed), min(q, -r)];
  - the mirror images for right turns (e5 = (0, 1), e4 = (-1, 1)).
A turn back the other way reaches no hex the shapes above miss. The reach is
every hex within detonation range of one of those. A catalog allowing more
than two turns is answered by trying every homing move, as the reference does.
"""

from __future__ import annotations

import numpy as np

import shipyard.rulesets.tacship.fast.fields as f
from shipyard.core.compiled import kernel
from shipyard.rulesets.tacship.fast.hexes import distance, seen_from, step
from shipyard.rulesets.tacship.fast.moves import (
    candidate_room,
    candidates,
    first_schedule,
    next_missile_plan,
    trace,
)

CLOSED_FORM_TURNS = 2  # the closed form covers homing moves of up to this many turns


@kernel
def passes(q: int, r: int, speed: int, most: int, gap: int) -> bool:
    """Does some homing move of a missile at the origin facing heading 0 pass through
    `(q, r)`? (at most `most` <= 2 turns, `gap` hexes apart)"""
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


@kernel
def comes_within(q: int, r: int, heading: int, speed: int, gq: int, gr: int, reach: int,
                 combat: np.ndarray, plan: np.ndarray, path_q: np.ndarray,
                 path_r: np.ndarray, path_h: np.ndarray) -> bool:
    """Does any homing move pass within `reach` of `(gq, gr)`? (every move tried)"""
    gap = combat[f.MISSILE_GAP]
    most = combat[f.MISSILE_TURNS]
    first_schedule(plan, 0, speed, gap)
    while True:
        n = trace(q, r, heading, plan, path_q, path_r, path_h)
        for i in range(n):
            if distance(path_q[i], path_r[i], gq, gr) <= reach:
                return True
        if not next_missile_plan(plan, most, gap):
            return False


@kernel
def in_reach(q: int, r: int, heading: int, speed: int, tq: int, tr: int,
             combat: np.ndarray) -> bool:
    """Can a missile at `(q, r)` on `heading` at `speed` come within detonation range of
    a target sitting at `(tq, tr)` on its homing move?"""
    most = combat[f.MISSILE_TURNS]
    gap = combat[f.MISSILE_GAP]
    reach = combat[f.DETONATION_RANGE]
    if most > CLOSED_FORM_TURNS:
        room = speed + most + 2
        plan = np.zeros(f.PLAN_FIRST + 2 * most, dtype=np.int64)
        path_q = np.empty(room, dtype=np.int64)
        path_r = np.empty(room, dtype=np.int64)
        path_h = np.empty(room, dtype=np.int64)
        return comes_within(q, r, heading, speed, tq, tr, reach, combat, plan, path_q,
                            path_r, path_h)
    dq, dr = seen_from(q, r, heading, tq, tr)
    for a in range(-reach, reach + 1):
        for b in range(max(-reach, -a - reach), min(reach, reach - a) + 1):
            if passes(dq + a, dr + b, speed, most, gap):
                return True
    return False


@kernel
def reaches_all(q: int, r: int, heading: int, speed: int, ends_q: np.ndarray,
                ends_r: np.ndarray, combat: np.ndarray) -> bool:
    """Would a missile released at `(q, r)` at the end of a move at `speed` on `heading`
    reach its target wherever among the ends that target's next move ends?"""
    mq, mr = step(q, r, heading, combat[f.LAUNCH_DISTANCE])
    missile_speed = speed + combat[f.MISSILE_SPEED_BONUS]
    for i in range(ends_q.shape[0]):
        if not in_reach(mq, mr, heading, missile_speed, ends_q[i], ends_r[i], combat):
            return False
    return True


@kernel
def move_ends(side: int, state: np.ndarray, figures: np.ndarray, pilot: np.ndarray,
              combat: np.ndarray, path_q: np.ndarray, path_r: np.ndarray,
              path_h: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Where `side`'s next move can end: each of its candidate moves' last hex."""
    speed, thrust = state[side, f.SPEED], figures[side, f.THRUST]
    plans = np.empty((candidate_room(speed, thrust, combat), f.PLAN_FIRST + 2 * f.MOST_TURNS),
                     dtype=np.int64)
    count = candidates(speed, state[side, f.STRAIGHT], thrust, int(pilot[f.CRUISE_FACTOR]),
                       combat, plans)
    ends_q = np.empty(count, dtype=np.int64)
    ends_r = np.empty(count, dtype=np.int64)
    for c in range(count):
        n = trace(state[side, f.Q], state[side, f.R], state[side, f.HEADING], plans[c],
                  path_q, path_r, path_h)
        ends_q[c], ends_r[c] = path_q[n - 1], path_r[n - 1]
    return ends_q, ends_r


@kernel
def launch_ahead(me: int, state: np.ndarray, figures: np.ndarray, pilot: np.ndarray,
                 combat: np.ndarray, path_q: np.ndarray, path_r: np.ndarray,
                 path_h: np.ndarray) -> bool:
    """Can some candidate move of mine end where a launch is sure to reach the enemy,
    the enemy having moved this turn? (policy.py `Pilot.launch_ahead`)"""
    enemy = 1 - me
    if state[enemy, f.MOVED] == 0:
        return False
    ends_q, ends_r = move_ends(enemy, state, figures, pilot, combat, path_q, path_r, path_h)
    speed, thrust = state[me, f.SPEED], figures[me, f.THRUST]
    plans = np.empty((candidate_room(speed, thrust, combat), f.PLAN_FIRST + 2 * f.MOST_TURNS),
                     dtype=np.int64)
    count = candidates(speed, state[me, f.STRAIGHT], thrust, int(pilot[f.CRUISE_FACTOR]),
                       combat, plans)
    for c in range(count):
        n = trace(state[me, f.Q], state[me, f.R], state[me, f.HEADING], plans[c],
                  path_q, path_r, path_h)
        if reaches_all(path_q[n - 1], path_r[n - 1], path_h[n - 1], plans[c, f.PLAN_SPEED],
                       ends_q, ends_r, combat):
            return True
    return False


@kernel
def launch_reaches(me: int, state: np.ndarray, figures: np.ndarray, pilot: np.ndarray,
                   combat: np.ndarray, path_q: np.ndarray, path_r: np.ndarray,
                   path_h: np.ndarray) -> bool:
    """Would a missile launched now reach the enemy whatever move it makes next?
    (policy.py `Pilot.launch_reaches`)"""
    enemy = 1 - me
    if state[enemy, f.MOVED] == 0:
        return False
    ends_q, ends_r = move_ends(enemy, state, figures, pilot, combat, path_q, path_r, path_h)
    return reaches_all(state[me, f.Q], state[me, f.R], state[me, f.HEADING],
                       state[me, f.SPEED], ends_q, ends_r, combat)
