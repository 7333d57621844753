"""Laser fire and the damage track (rules 4) in the reference engine.

Fixed lasers engage only a target exactly straight along the heading, all
together at one target; each turret engages within its arc. The rules (to hit, the
start box, crossing boxes off) are rule functions (`rules.fire`), shared with the
compiled engine; this module rolls the dice, in the order both engines roll them: every
laser's to-hit roll of a volley first, then one location roll per hit, in order.
"""

from __future__ import annotations

from dataclasses import dataclass

from shipyard.core.dice import Dice
from shipyard.rulesets.tacship.engine.hexes import Hex, distance, in_arc, on_ray
from shipyard.rulesets.tacship.engine.state import Craft, Turret
from shipyard.rulesets.tacship.rules import fire as rules
from shipyard.rulesets.tacship.rules.figures import Figures


def die(dice: Dice, sides: int) -> int:
    """One roll of a die with `sides` faces, from the duel's one generator."""
    return dice.pick(sides) + 1


@dataclass(frozen=True, slots=True)
class Shot:
    factor: int
    roll: int
    hit: bool


@dataclass(frozen=True, slots=True)
class Damage:
    """Where one hit landed on the track."""

    points: int
    roll: int
    survivability: int
    start: int
    crossed: tuple[int, ...]
    destroyed: bool


def fixed_range(pos: Hex, heading: int, target: Hex) -> int | None:
    """The range if fixed lasers bear on `target` (straight along the heading)."""
    return on_ray(pos, heading, target)


def turret_range(pos: Hex, heading: int, turret: Turret, target: Hex) -> int | None:
    """The range if this turret's arc covers `target`."""
    return distance(pos, target) if in_arc(pos, heading, turret.arc, target) else None


def shoot(factors: tuple[int, ...], hexes: int, dice: Dice, f: Figures) -> tuple[Shot, ...]:
    """One D20 per weapon, in order."""
    shots = []
    for factor in factors:
        roll = die(dice, f.to_hit_die)
        shots.append(Shot(factor, roll, rules.hits(f, roll, hexes)))
    return tuple(shots)


def place_damage(hits: list[int], top: int, survivability: int, points: int,
                 roll: int) -> Damage:
    """Cross off `points` boxes from the start box of `roll` (rules 4); changes `hits`
    (a flag per box number)."""
    start = rules.start_box(top, survivability, roll)
    before = [box for box, hit in enumerate(hits) if not hit]
    _, destroyed = rules.cross_off(hits, start, points)
    crossed = tuple(box for box in reversed(before) if hits[box])  # downward, as crossed
    return Damage(points, roll, survivability, start, crossed, destroyed)


def take_damage(craft: Craft, points: int, cause: str, dice: Dice, f: Figures) -> Damage:
    """Roll the start box for one hit on `craft` and mark it."""
    roll = die(dice, f.location_die)
    fighter = craft.fighter
    damage = place_damage(craft.hits, fighter.damage_boxes, fighter.survivability, points, roll)
    craft.taken += len(damage.crossed)
    if damage.destroyed and not craft.destroyed:
        craft.destroyed = True
        craft.killed_by = cause
    return damage
