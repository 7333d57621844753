"""The shape of the tables the kernels read (built by `fast.tables`).

Kept apart from the builder so the kernels can name the type without importing the
module that calls them.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np
from numpy.typing import NDArray

from shipyard.core.records import dtype_of
from shipyard.rulesets.pentagon_war.rules.figures import Figures

Ints = NDArray[np.int64]
Floats = NDArray[np.float64]


class Tables(NamedTuple):
    """Every figure the kernels read; see `build` for where each comes from.

    The single figures are fields of one numpy record (`f`: every field of
    `rules.figures.Figures`, then the captains' figures of `CAPTAIN_FIGURES`); the
    tables are a few arrays whose rows `rules.figures` and `columns` name: a kernel call
    then passes a handful of pointers, not a hundred values.
    """

    f: Any  # the single figures, by name: a numpy record
    kinds: Ints  # [row, kind]: costs, hit_on, rests (Charts.kinds), costed, killers, drone guns
    odds: Floats  # [mean/chance/best, kind, range, size, evaders]
    accel: Floats  # [manned, engines, size, normal/crash]: velocity change per impulse
    by_range: Ints  # [row, range]: the URM, then the cannons' damage (Charts.by_range)
    seqs: Ints  # [row, i]: Charts.steps, then the ranges a captain weighs and arc masks
    chart: Ints  # [system/forward, first die, second die] (2.7, Charts.chart)
    fv: Floats  # [row, i]: beam push by size class (normal, double), explosion rates


INT, FLOAT = np.int64, np.float64
# The captains' figures (their rules of thumb, engine.policy and its helpers), by name.
CAPTAIN_FIGURES = ([(name, INT) for name in ("carrier_reach", "drone_reserve", "n_ranges")]
                   + [(name, FLOAT) for name in (
                       "flee_ratio", "acid_gum_chance", "far", "drone_survival", "horizon",
                       "watch", "later", "bolt_reach", "brake_worth")])
FIGURES = np.dtype([*((name, dtype_of(Figures).fields[name][0])  # type: ignore[index]
                      for name in Figures._fields), *CAPTAIN_FIGURES])
