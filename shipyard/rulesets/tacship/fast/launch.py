"""Where a pilot launches a missile, compiled (rules 4; reference: engine/launch.py).

A move ending where a launch would reach the enemy where it is now, from farther than
the enemy flies on in a move, is worth more to a pilot carrying a missile
(`stand_off_spot`, `rules.ordnance.in_reach`, which the
reference reads too); whether a launch pays is `steering.launch_pays`.
"""

from __future__ import annotations

from typing import Any

import numpy as np

import shipyard.rulesets.tacship.fast.fields as f
from shipyard.core.compiled import inline_kernel, kernel
from shipyard.rulesets.tacship.rules.hexes import distance
from shipyard.rulesets.tacship.rules.ordnance import in_reach, launch_hex, missile_speed


@kernel
def missile_reaches(q: int, r: int, heading: int, speed: int, tq: int, tr: int,
                    fig: Any) -> bool:
    """Would a missile released at `(q, r)` at the end of a move at `speed` on `heading`
    reach a target sitting at `(tq, tr)` on its homing move?"""
    mq, mr = launch_hex(fig, q, r, heading)
    return bool(in_reach(fig, mq, mr, heading, missile_speed(fig, speed), tq, tr))


@kernel
def stand_off_spot(q: int, r: int, heading: int, speed: int, tq: int, tr: int, gap: int,
                   fig: Any) -> bool:
    """Would a missile released at `(q, r)` at the end of a move at `speed` on `heading`
    start more than `gap` hexes from a target sitting at `(tq, tr)` and still reach it?"""
    mq, mr = launch_hex(fig, q, r, heading)
    return bool(distance(mq, mr, tq, tr) > gap
                and in_reach(fig, mq, mr, heading, missile_speed(fig, speed), tq, tr))


@inline_kernel
def decoy_ready(side: int, state: np.ndarray, fig: Any) -> bool:
    """Will `side` have a decoy out against a missile launched at it now? One armed, or
    one in store with an armed slot free for it (engine/launch.py `decoy_ready`)."""
    armed = state[side, f.ARMED] + state[side, f.ARMED + 1] + state[side, f.ARMED + 2]
    return bool(state[side, f.ARMED + f.DECOY] > 0
                or (state[side, f.STORES + f.DECOY] > 0 and armed < fig.armed_limit))
