"""Point defense (rules 2.5): shots at objects in the defender's own hex.

Each shot uses one box; its kill number is min(rating limit, boxes not yet
used this impulse) plus the target's size class, and a roll of one die at or
under it succeeds. Missiles and drones die on a success; a spacecraft takes one
damage point per success. Every box is back next impulse.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from shipyard.core.dice import Dice
from shipyard.rulesets.pentagon_war.engine.tables import Combat


@dataclass(frozen=True, slots=True)
class Target:
    """Something point defense can shoot: `size_class` and whether a hit kills it."""

    label: str
    size_class: int
    killable: bool = True


class Shot(NamedTuple):
    target: int  # index into the targets given
    kill_number: int
    roll: int
    success: bool


def kill_number(boxes_unused: int, size_class: int, combat: Combat) -> int:
    """2.5: min(rating limit, boxes not yet used) + the target's size class."""
    return min(combat.point_defense.rating_limit, boxes_unused) + size_class


def working_boxes(boxes: int, locked: bool, evading: bool, combat: Combat) -> int:
    """PD boxes usable this impulse after a failed lock-on and evasion (2.4)."""
    if not locked:
        boxes //= combat.lock_failure.point_defense_divisor
    if evading:
        boxes += combat.evasion.point_defense_boxes
    return max(boxes, 0)


def fire(boxes: int, targets: Sequence[Target], dice: Dice, combat: Combat) -> list[Shot]:
    """Shoot at `targets` in the order given, one shot each, then again at survivors.

    Passes repeat while boxes and live targets remain; a spacecraft stays a
    target on every pass, since a success only scores a damage point.
    """
    shots: list[Shot] = []
    alive = [True] * len(targets)
    unused = boxes
    while unused > 0 and any(alive):
        for index, target in enumerate(targets):
            if unused <= 0:
                break
            if not alive[index]:
                continue
            number = kill_number(unused, target.size_class, combat)
            unused -= 1
            roll = dice.d6()
            success = roll <= number
            shots.append(Shot(index, number, roll, success))
            if success and target.killable:
                alive[index] = False
    return shots
