"""The hex map's movement figures (rules 2.1, 2.3, R26) from the catalog, in the whole
velocity units the map's rule functions (`rules.vector`, `rules.impulses`) read.

The catalog keeps each figure as the rules write it (`combat.toml` [turn] impulses,
[movement] standard acceleration 3 hexes per turn per turn, manned 1/10 and 1/60, crash
factor 2, top speed 12). `velocity_unit` finds the fewest parts of a hex per turn that
hold every rate those figures give exactly, engines per size class included, for size
classes up to `LARGEST_EXACT_SIZE` (R26: 1/100,800 hex per turn with the bundled
figures); `map_figures` turns them into that unit once, for both engines.
"""

from __future__ import annotations

from fractions import Fraction
from math import gcd

from shipyard.rulesets.pentagon_war.engine.figures import MovementFigures, TurnFigures
from shipyard.rulesets.pentagon_war.rules.vector import MapFigures

LARGEST_EXACT_SIZE = 8  # size classes whose rates the default unit holds exactly (R26)


def velocity_unit(turn: TurnFigures, movement: MovementFigures,
                  largest_size: int = LARGEST_EXACT_SIZE) -> int:
    """R26: the fewest parts of a hex per turn that hold every rate of 2.3 exactly for a
    craft of size class up to `largest_size` (any number of engines, manned or not)."""
    impulses = turn.impulses
    bases = (Fraction(movement.standard_acceleration) / impulses,
             Fraction(movement.manned_acceleration) / impulses,
             Fraction(movement.manned_crash_per_impulse) / movement.crash_factor)
    unit = Fraction(movement.top_speed).denominator
    for size in range(1, max(largest_size, 1) + 1):
        for base in bases:
            denominator = (base / size).denominator
            unit = unit * denominator // gcd(unit, denominator)
    return unit


def map_figures(turn: TurnFigures, movement: MovementFigures,
                largest_size: int = LARGEST_EXACT_SIZE) -> MapFigures:
    """The catalog's movement figures (`combat.toml` [turn], [movement]) in whole units."""
    unit = velocity_unit(turn, movement, largest_size)

    def units(hexes: Fraction) -> int:
        value = Fraction(hexes) * unit
        assert value.denominator == 1, value  # velocity_unit holds it
        return value.numerator

    impulses = turn.impulses
    standard = Fraction(movement.standard_acceleration) / impulses
    return MapFigures(unit=unit, impulses=impulses, top=units(Fraction(movement.top_speed)),
                      standard=units(standard), crash=units(standard * movement.crash_factor),
                      manned=units(Fraction(movement.manned_acceleration) / impulses),
                      manned_crash=units(Fraction(movement.manned_crash_per_impulse)),
                      crash_factor=movement.crash_factor)
