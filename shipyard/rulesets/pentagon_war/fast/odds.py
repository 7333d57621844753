"""Direct fire in the compiled engine (rules 2.4): the weapon tables and one volley's roll.

A port of `engine.fire`: `judge` is its table lookup by kind, `volley` rolls one weapon,
and `fill_odds` works out once per set of tables what `fire.expected`, `fire.chance`
and `fire.best_case` answer for every kind, range, target size class and evasion count,
so the captains read them by index.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from shipyard.core.compiled import lean_kernel
from shipyard.rulesets.pentagon_war.fast import dice
from shipyard.rulesets.pentagon_war.fast.columns import (
    ACID,
    BEAM,
    BEST,
    CHANCE,
    DIRECT_KINDS,
    HIT_ON,
    LASER,
    LASER_BOUNDS,
    MEAN,
    RADIATION,
    RADIATION_BOUNDS,
    URM,
)

if TYPE_CHECKING:
    from shipyard.rulesets.pentagon_war.fast.arrays import Tables


@lean_kernel
def lookup(seqs: np.ndarray, bounds: int, steps: int, beyond: int, key: int) -> int:
    """A step table (bounds in row `bounds`, values in the next row, `steps` of them): the
    value of the first step whose bound is at or above `key`."""
    for i in range(steps):
        if seqs[bounds, i] >= key:
            return int(seqs[bounds + 1, i])
    return beyond


@lean_kernel
def judge(tb: Tables, kind: int, hexes: int, size: int,
          modified: int) -> tuple[bool, int, bool]:
    """What a modified roll does with `kind` at effective range `hexes` (at most `rcap`):
    hit, damage per box, and kill of a size class 0 target (fire.judge)."""
    hit, damage, kill = False, 0, False
    if kind == LASER:
        damage = lookup(tb.seqs, LASER_BOUNDS, tb.f.n_laser, tb.f.laser_beyond, modified)
        hit = damage > 0
        kill = modified >= tb.f.laser_kill
    elif kind == RADIATION:
        damage = lookup(tb.seqs, RADIATION_BOUNDS, tb.f.n_radiation, tb.f.radiation_beyond,
                        modified)
        hit = damage > 0
        kill = modified >= tb.f.radiation_kill
    elif kind == ACID:
        hit = modified >= tb.kinds[HIT_ON, ACID]
        damage = tb.f.acid_impact
        kill = hit
    elif kind == BEAM:
        hit = modified >= tb.f.beam_attach_on and hexes <= tb.f.beam_max_range
        kill = hit
    else:  # the proton and electron cannons: damage by range
        damage = int(tb.by_range[kind, hexes])
        hit = modified >= tb.kinds[HIT_ON, kind] and damage > 0
        kill = hit  # at the 0-damage ranges they cannot hit size class 0 either
    if size == 0:
        hit = kill
    return hit, damage if hit else 0, kill


@lean_kernel
def volley(tb: Tables, rng: np.ndarray, kind: int, hexes: int, size: int,
           evaders: int) -> tuple[bool, int, bool]:
    """Roll one weapon of `kind` at effective range `hexes`; `evaders` of firer and target
    are evading (2.4). Hit, damage, kill as `judge` says."""
    hexes = min(hexes, tb.f.rcap)
    raw = dice.roll(rng, tb.f.fire_dice)
    modified = raw + size + tb.by_range[URM, hexes] + tb.f.evasion_modifier * evaders
    return judge(tb, kind, hexes, size, modified)


@lean_kernel
def fill_odds(tb: Tables) -> None:
    """`fire.expected`, `fire.chance` and `fire.best_case` for every index of the tables.

    Like the reference, the means and chances run over every 2d6 roll; the best case
    takes the top of the fire dice.
    """
    sizes = tb.odds.shape[3]
    for kind in range(DIRECT_KINDS):
        for hexes in range(tb.f.rcap + 1):
            for size in range(sizes):
                for evaders in range(3):
                    base = size + tb.by_range[URM, hexes] + tb.f.evasion_modifier * evaders
                    total, wins = 0.0, 0
                    for first in range(1, 7):
                        for second in range(1, 7):
                            raw = first + second
                            hit, damage, kill = judge(tb, kind, hexes, size, raw + base)
                            total += damage
                            if (kill if size == 0 else hit):
                                wins += 1
                    tb.odds[MEAN, kind, hexes, size, evaders] = total / 36
                    tb.odds[CHANCE, kind, hexes, size, evaders] = wins / 36
                    top = 6 * tb.f.fire_dice + base
                    hit, damage, kill = judge(tb, kind, hexes, size, top)
                    if kind == BEAM:
                        best = int(hit)
                    elif size == 0:
                        best = int(kill)
                    else:
                        best = damage if hit else 0
                    tb.odds[BEST, kind, hexes, size, evaders] = best
