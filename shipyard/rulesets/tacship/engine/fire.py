"""Laser fire and the damage track (rules 4).

Fixed lasers engage only a target exactly straight along the heading, all
together at one target; each turret engages within its arc. A D20 per weapon
hits at or over the range in hexes; range 0 (same hex) counts as the
point-blank range of `combat.toml`, so every roll hits.

Every hit, laser or warhead, rolls a D20 plus survivability for its start box
(capped at the top box) and crosses off its points, sliding down past boxes
already hit. Crossing box 0 destroys the fighter.
"""

from __future__ import annotations

from dataclasses import dataclass

from shipyard.core.dice import Dice
from shipyard.rulesets.tacship.engine.hexes import Hex, distance, in_arc, on_ray
from shipyard.rulesets.tacship.engine.state import Craft, Turret
from shipyard.rulesets.tacship.engine.tables import Combat


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


def needed(hexes: int, combat: Combat) -> int:
    """The D20 score that hits at this range (rules 4; range 0 by ruling)."""
    return hexes if hexes > 0 else combat.point_blank.counts_as


def hit_chance(hexes: int, combat: Combat) -> float:
    sides = combat.lasers.to_hit_die
    return max(0, sides + 1 - needed(hexes, combat)) / sides


def fixed_range(pos: Hex, heading: int, target: Hex) -> int | None:
    """The range if fixed lasers bear on `target` (straight along the heading)."""
    return on_ray(pos, heading, target)


def turret_range(pos: Hex, heading: int, turret: Turret, target: Hex) -> int | None:
    """The range if this turret's arc covers `target`."""
    return distance(pos, target) if in_arc(pos, heading, turret.arc, target) else None


def shoot(factors: tuple[int, ...], hexes: int, dice: Dice, combat: Combat) -> tuple[Shot, ...]:
    """One D20 per weapon, in order."""
    score = needed(hexes, combat)
    shots = []
    for factor in factors:
        roll = die(dice, combat.lasers.to_hit_die)
        shots.append(Shot(factor, roll, roll >= score))
    return tuple(shots)


def place_damage(hits: set[int], top: int, survivability: int, points: int,
                 roll: int) -> Damage:
    """Cross off `points` boxes from the start box of `roll` (rules 4); changes `hits`."""
    start = min(top, roll + survivability)
    box = start
    crossed: list[int] = []
    for _ in range(points):
        while box > 0 and box in hits:
            box -= 1  # each box is marked once: slide to the next lower undamaged one
        hits.add(box)
        crossed.append(box)
        if box == 0:
            break
        box -= 1
    return Damage(points, roll, survivability, start, tuple(crossed), 0 in crossed)


def take_damage(craft: Craft, points: int, cause: str, dice: Dice, combat: Combat) -> Damage:
    """Roll the start box for one hit on `craft` and mark it."""
    roll = die(dice, combat.damage_track.location_die)
    fighter = craft.fighter
    damage = place_damage(craft.hits, fighter.damage_boxes, fighter.survivability, points, roll)
    craft.taken += len(damage.crossed)
    if damage.destroyed and not craft.destroyed:
        craft.destroyed = True
        craft.killed_by = cause
    return damage
