"""Direct fire (rules 2.4): the URM and every weapon table, as rule functions.

All ranged direct fire rolls 2d6, adds the target's size class, the URM of the range
and any evasion modifier; the weapon's table then says what the modified roll does.
Each engine rolls the dice (every weapon box on its own roll, in order); `judge` says
what a roll does, and `odds` what a weapon does over every 2d6 roll (the captains read
those means, chances and best cases). Tables are read by index: `steps` and
`by_range` are `rules.figures.Charts` rows (tuples in the reference engine, arrays in
a kernel).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from shipyard.core.rules import Cells, Table, rule
from shipyard.rulesets.pentagon_war.rules.figures import (
    ACID,
    BEAM,
    BOLT_DAMAGE,
    HIT_ON,
    LASER,
    LASER_BOUNDS,
    LASER_VALUES,
    RADIATION,
    RADIATION_BOUNDS,
    RADIATION_VALUES,
    URM,
)

if TYPE_CHECKING:
    from shipyard.rulesets.pentagon_war.rules.figures import Figures


@rule
def step_value(bounds: Cells, values: Cells, count: int, beyond: int, key: int) -> int:
    """A step table: the value of the first step whose bound is at or above `key`, else
    the figure beyond the last step."""
    for i in range(count):
        if bounds[i] >= key:
            return int(values[i])
    return beyond


@rule
def firing_range(f: Figures, hexes: int, locked: bool) -> int:
    """2.4: a craft (and its drones) that failed its lock-on counts its firing ranges
    double."""
    return hexes if locked else hexes * f.lock_range_factor


@rule
def evasion_modifier(f: Figures, evaders: int) -> int:
    """2.4: evasive maneuvering spoils fire made by or at the evader, once for each of
    firer and target that evades."""
    return f.evasion_modifier * evaders


@rule
def range_modifier(f: Figures, by_range: Table, hexes: int) -> int:
    """2.4: the Universal Range Modifier of a range."""
    return int(by_range[URM][min(hexes, f.rcap)])


@rule
def cannon_damage(f: Figures, by_range: Table, kind: int, hexes: int) -> int:
    """2.4: a proton or electron cannon's damage per box by range (`kind` ELECTRON or
    PROTON)."""
    return int(by_range[kind][min(hexes, f.rcap)])


@rule
def modified_roll(f: Figures, by_range: Table, raw: int, hexes: int, size: int,
                  extra: int) -> int:
    """2.4: the fire dice, plus the target's size class, the URM and any evasion
    modifier `extra`."""
    return raw + size + range_modifier(f, by_range, hexes) + extra


@rule
def judge(f: Figures, steps: Table, by_range: Table, kinds: Table, kind: int, hexes: int,
          size: int, modified: int) -> tuple[bool, int, bool]:
    """What a modified roll does with a weapon of `kind` at effective range `hexes`: hit,
    damage per box (0 on a miss) and kill of a size class 0 target (or a beam attaching).

    2.4: lasers and radiation guns read the modified roll on their tables (and kill
    size class 0 at their kill numbers); proton and electron cannons hit on their number
    and do damage by range (never hitting size class 0 at their 0-damage ranges); acid
    gum hits on its number for its impact; magnetic beams attach on their number within
    their reach.
    """
    hit, damage, kill = False, 0, False
    if kind == LASER:
        damage = step_value(steps[LASER_BOUNDS], steps[LASER_VALUES], f.laser_steps,
                            f.laser_beyond, modified)
        hit = damage > 0
        kill = modified >= f.laser_kill
    elif kind == RADIATION:
        damage = step_value(steps[RADIATION_BOUNDS], steps[RADIATION_VALUES],
                            f.radiation_steps, f.radiation_beyond, modified)
        hit = damage > 0
        kill = modified >= f.radiation_kill
    elif kind == ACID:
        hit = modified >= kinds[HIT_ON][ACID]
        damage = f.acid_impact
        kill = hit
    elif kind == BEAM:
        hit = modified >= f.beam_attach_on and hexes <= f.beam_max_range
        kill = hit
    else:  # the proton and electron cannons: damage by range
        damage = cannon_damage(f, by_range, kind, hexes)
        hit = modified >= kinds[HIT_ON][kind] and damage > 0
        kill = hit  # at the 0-damage ranges they cannot hit size class 0 either
    if size == 0:
        hit = kill
    return hit, damage if hit else 0, kill


@rule
def odds(f: Figures, steps: Table, by_range: Table, kinds: Table, kind: int, hexes: int,
         size: int, extra: int) -> tuple[float, float, int]:
    """One weapon of `kind` at effective range `hexes` against `size`, with the evasion
    modifier `extra`, over every 2d6 roll: its mean damage, its chance to hit (to kill
    a size class 0 target), and its damage on the best possible roll (for a beam,
    whether it attaches; against size class 0, whether it kills): 0 means a pointless
    shot."""
    base = size + range_modifier(f, by_range, hexes) + extra
    total, wins = 0.0, 0
    for first in range(1, 7):
        for second in range(1, 7):
            raw = first + second
            hit, damage, kill = judge(f, steps, by_range, kinds, kind, hexes, size, raw + base)
            total += damage
            if (kill if size == 0 else hit):
                wins += 1
    top = 6 * f.fire_dice + base
    hit, damage, kill = judge(f, steps, by_range, kinds, kind, hexes, size, top)
    if kind == BEAM:
        best = int(hit)
    elif size == 0:
        best = int(kill)
    else:
        best = damage if hit else 0
    return total / 36, wins / 36, best


@rule
def bolt_damage(f: Figures, steps: Table, flown: int) -> int:
    """2.4: a liquid metal bolt's damage by hexes flown; the first figure before the
    first hex."""
    if flown < 1:
        return int(steps[BOLT_DAMAGE][0])
    return int(steps[BOLT_DAMAGE][min(flown, f.bolt_hexes) - 1])


@rule
def bolt_erosion(f: Figures, points: int) -> int:
    """2.4: every 2 points scored on a liquid metal bolt take 1 off its damage."""
    return points // f.erosion_points
