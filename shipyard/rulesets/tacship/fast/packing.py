"""Catalog tables, fighters and pilots as flat arrays for the compiled engine (rules 4).

Built once per lineup in plain Python: every figure of the rules comes from
the catalog's `Combat` tables, every fighter figure from its record chart,
every pilot weight from the reference `Pilot` (policy.py). The heuristic
constants written into the reference pilot's code are copied here by name,
so the kernels hold no number of their own.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

import shipyard.rulesets.tacship.engine.policy as policy
import shipyard.rulesets.tacship.fast.fields as f
from shipyard.rulesets.tacship.engine.hexes import ARCS
from shipyard.rulesets.tacship.engine.policy import Pilot, policy_named
from shipyard.rulesets.tacship.engine.state import Craft, Fighter
from shipyard.rulesets.tacship.engine.tables import Combat
from shipyard.rulesets.tacship.rules.fire import hit_chance

Ints = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]
Words = npt.NDArray[np.uint64]

# A duel starts in straight flight: the straight hexes of a fresh reference `Craft`.
_START_STRAIGHT = Craft.enter(Fighter("", damage_boxes=1, survivability=0, thrust=0), "a",
                              (0, 0), 0, 0).straight

# The reference pilot's built-in heuristics (policy.py: `Pilot.arm`, `move`,
# `standing`, `release`, `candidates`, `steer`), column by column.
PILOT_HEURISTICS: dict[int, float] = {  # the reference pilots' rules of thumb, by column
    f.ARM_MINE_WITHIN: policy.ARM_MINE_WITHIN,
    f.MINE_RELEASE_EXTRA: policy.MINE_RELEASE_EXTRA,
    f.CHANCE_CAP: policy.CHANCE_CAP,
    f.SPOT_GAP: policy.SPOT_GAP,
    f.MINE_PENALTY: policy.MINE_PENALTY,
    f.BEARS_DEAD_AHEAD: policy.BEARS_DEAD_AHEAD,
    f.BEARS_FORE: policy.BEARS_FORE,
    f.BEARS_ELSE: policy.BEARS_ELSE,
    f.TURRET_THREAT: policy.TURRET_THREAT,
    f.AHEAD_FORE: policy.AHEAD_FORE,
    f.AHEAD_ELSE: policy.AHEAD_ELSE,
    f.TURN_PENALTY: policy.TURN_PENALTY,
    f.SLOW_PENALTY: policy.SLOW_PENALTY,
    f.SLOW_BELOW: policy.SLOW_BELOW,
    f.CRUISE_FACTOR: policy.CRUISE_FACTOR,
    f.CLOSEST_START: policy.CLOSEST_START,
    f.STAND_OFF_CAP: policy.STAND_OFF_CAP,
}


def scenario_array(start_range: int, start_speed: int, turn_limit: int,
                   speeds: tuple[int, int] | None = None) -> Ints:
    """The lineup's scenario (T3) as one int64 vector (`fields` START_RANGE ...)."""
    out = np.zeros(f.SCENARIO_FIELDS, dtype=np.int64)
    each = speeds if speeds is not None else (start_speed, start_speed)
    out[f.START_RANGE] = start_range
    out[f.START_SPEED] = max(abs(each[0]), abs(each[1]))
    out[f.SPEED_A], out[f.SPEED_B] = each
    out[f.TURN_LIMIT] = turn_limit
    out[f.START_STRAIGHT] = _START_STRAIGHT
    return out


def blast_array(combat: Combat) -> Ints:
    """Warhead damage by distance (rules 4): `Combat.blast_table` as an array."""
    return np.array(combat.blast_table, dtype=np.int64)


def chance_array(combat: Combat, pilot_cap: int) -> Floats:
    """The policy's hit chance by range 0..cap (`rules.fire.hit_chance`)."""
    return np.array([hit_chance(combat.figures, hexes) for hexes in range(pilot_cap + 1)],
                    dtype=np.float64)


@dataclass(frozen=True, slots=True)
class Charts:
    """Every fighter's record chart: figures, fixed laser factors, turrets."""

    figures: Ints  # (fighters, FIGHTER_FIELDS)
    fixed: Ints  # (fighters, most fixed lasers): factors in firing order
    turrets: Ints  # (fighters, most turrets, 2): factor, arc


def charts_array(fighters: Sequence[Fighter]) -> Charts:
    """Every fighter's record chart, one row each in battle order."""
    count = len(fighters)
    figures = np.zeros((count, f.FIGHTER_FIELDS), dtype=np.int64)
    most_fixed = max(1, *(len(x.fixed_lasers) for x in fighters))
    most_turrets = max(1, *(len(x.turrets) for x in fighters))
    fixed = np.zeros((count, most_fixed), dtype=np.int64)
    turrets = np.zeros((count, most_turrets, 2), dtype=np.int64)
    for side, fighter in enumerate(fighters):
        row = figures[side]
        row[f.DAMAGE_BOXES] = fighter.damage_boxes
        row[f.SURVIVABILITY] = fighter.survivability
        row[f.THRUST] = fighter.thrust
        row[f.FIXED_TOTAL] = fighter.fixed_total
        row[f.FIXED_COUNT] = len(fighter.fixed_lasers)
        row[f.TURRET_COUNT] = len(fighter.turrets)
        row[f.STORED + f.MISSILE] = fighter.missiles
        row[f.STORED + f.MINE] = fighter.mines
        row[f.STORED + f.DECOY] = fighter.decoys
        for k, factor in enumerate(fighter.fixed_lasers):
            fixed[side, k] = factor
        for k, turret in enumerate(fighter.turrets):
            turrets[side, k, 0] = turret.factor
            turrets[side, k, 1] = ARCS[turret.arc]
    return Charts(figures, fixed, turrets)


def pilot_row(pilot: Pilot) -> Floats:
    row = np.zeros(f.PILOT_FIELDS, dtype=np.float64)
    row[f.NEXT_SHOT] = pilot.next_shot
    row[f.EXPOSURE] = pilot.exposure
    row[f.SLOT_WEIGHT] = pilot.slot
    row[f.IDEAL_RANGE] = pilot.ideal_range
    row[f.RANGE_WEIGHT] = pilot.range_weight
    row[f.MISSILE_FEAR] = pilot.missile_fear
    row[f.EAGER_FUSE] = float(pilot.eager_fuse)
    row[f.LAUNCH_VALUE] = pilot.launch_value
    row[f.HOLD_VALUE] = pilot.hold_value
    for column, value in PILOT_HEURISTICS.items():
        row[column] = value
    return row


def pilots_array(policies: tuple[str, str]) -> Floats:
    """Both pilots by policy name (`default`, `brawler`, `sniper`)."""
    pilots = [policy_named(name) for name in policies]
    return np.stack([pilot_row(p) for p in pilots])
