"""Direct fire in the compiled engine (rules 2.4): one volley's roll, and the odds table.

The weapon tables are the rule functions of `rules.fire` (`judge`, `modified_roll`,
`odds`), which the reference engine calls too. `volley` rolls one weapon's fire dice in
the reference's order (`engine.fire.volley`), and `fill_odds` works out once per set of
tables what `rules.fire.odds` answers for every kind, range, target size class and count
of evaders, so the captains read them by index.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from shipyard.core.compiled import lean_kernel
from shipyard.rulesets.pentagon_war.fast import dice
from shipyard.rulesets.pentagon_war.fast.columns import (
    BEST,
    CHANCE,
    MEAN,
)
from shipyard.rulesets.pentagon_war.rules.figures import (
    DIRECT_KINDS,
)
from shipyard.rulesets.pentagon_war.rules.fire import (
    evasion_modifier,
    judge,
    modified_roll,
    odds,
)

if TYPE_CHECKING:
    from shipyard.rulesets.pentagon_war.fast.arrays import Tables


@lean_kernel
def volley(tb: Tables, rng: np.ndarray, kind: int, hexes: int, size: int,
           evaders: int) -> tuple[bool, int, bool]:
    """Roll one weapon of `kind` at effective range `hexes`; `evaders` of firer and target
    are evading (2.4). Hit, damage, kill as `rules.fire.judge` says."""
    raw = dice.roll(rng, tb.f.fire_dice)
    modified = modified_roll(tb.f, tb.by_range, raw, hexes, size,
                             evasion_modifier(tb.f, evaders))
    return judge(tb.f, tb.seqs, tb.by_range, tb.kinds, kind, hexes, size, modified)


@lean_kernel
def fill_odds(tb: Tables) -> None:
    """`rules.fire.odds` for every index of the odds table."""
    sizes = tb.odds.shape[3]
    for kind in range(DIRECT_KINDS):
        for hexes in range(tb.f.rcap + 1):
            for size in range(sizes):
                for evaders in range(3):
                    mean, chance, best = odds(tb.f, tb.seqs, tb.by_range, tb.kinds, kind, hexes,
                                              size, evasion_modifier(tb.f, evaders))
                    tb.odds[MEAN, kind, hexes, size, evaders] = mean
                    tb.odds[CHANCE, kind, hexes, size, evaders] = chance
                    tb.odds[BEST, kind, hexes, size, evaders] = best
