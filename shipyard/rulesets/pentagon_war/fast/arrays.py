"""The shape of the tables the kernels read (built by `fast.tables`).

Kept apart from the builder so the kernels can name the type without importing the
module that calls them.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np
from numpy.typing import NDArray

Ints = NDArray[np.int64]
Floats = NDArray[np.float64]


class Tables(NamedTuple):
    """Every figure the kernels read; see `build` for where each comes from.

    The single figures are fields of one numpy record (`f`, named in `FIGURES`), the
    tables are a few arrays whose rows `columns` names: a kernel call then passes a
    handful of pointers, not a hundred values.
    """

    f: Any  # the single figures, by name (FIGURES): a numpy record
    kinds: Ints  # [row, kind]: costs, costed, rests, hit_on, killers, drone guns
    odds: Floats  # [mean/chance/best, kind, range, size, evaders]
    accel: Floats  # [manned, engines, size, normal/crash]: velocity change per impulse
    by_range: Ints  # [row, range]: the URM, then the cannons' damage per box
    seqs: Ints  # [row, i]: step tables, bolt damage, R16 stages, ranges weighed, arcs
    chart: Ints  # [system/forward, first die, second die] (2.7)
    fv: Floats  # [row, i]: beam push by size class (normal, double), explosion rates


INT, FLOAT = np.int64, np.float64
FIGURES = np.dtype([(name, INT) for name in (
    "impulses", "base_rotation", "base_rotation_steps", "evasion_spare", "secondary_shots",
    "beam_double",
    "beam_at_bolt", "rail_launch", "reinforcement_cost", "reinforcement_limit", "ecm_point",
    "eccm_point", "special_factor", "acid_gap", "acid_boxes", "metal_boxes", "metal_min_range",
    "crash_roll", "crash_dice", "rays_on", "rays_damage", "fire_dice", "rcap", "laser_beyond",
    "laser_kill", "radiation_beyond", "radiation_kill", "acid_impact", "acid_lingering",
    "acid_lingering_impulses", "metal_lifetime", "bolt_size", "erosion_points",
    "beam_attach_on", "beam_max_range", "lock_range_factor", "lock_pd_divisor",
    "evasion_modifier", "evasion_pd_boxes", "seeking_lost", "seeking_miss", "pd_limit",
    "pd_damage", "missile_speed",
    "missile_rail_speed", "warhead", "hex_share", "destroyed_divisor", "missile_size",
    "drone_size", "drone_accelerations", "drone_pd", "armor_per_box", "rear_side",
    "rear_first", "rotation_steps", "lock_always", "lock_never", "ecm_step", "carrier_reach",
    "drone_reserve", "n_laser", "n_radiation", "n_metal", "n_fallthrough", "n_ranges")]
    + [(name, FLOAT) for name in (
        "top", "step", "half_step", "brake", "rays_limit", "metal_speed", "missile_fuel",
        "drone_spread", "flee_ratio", "acid_gum_chance", "far", "drone_survival", "horizon",
        "watch", "later", "bolt_reach", "brake_worth")])
