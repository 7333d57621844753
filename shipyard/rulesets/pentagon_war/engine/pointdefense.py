"""Point defense (rules 2.5): shots at objects in the defender's own hex.

Each shot uses one box; its kill number is min(rating limit, boxes not yet
used this impulse) plus the target's size class, and a roll of one die at or
under it succeeds. Point defense never fires at the same target more than once
in an impulse. Missiles and drones die on a success; a spacecraft takes one
damage point. Every box is back next impulse.
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
    """One shot at each of `targets` in the order given, while boxes last.

    2.5: point defense never fires at the same target more than once per impulse,
    so boxes left over after every target has had its shot stay unused.
    """
    shots: list[Shot] = []
    unused = boxes
    for index, target in enumerate(targets):
        if unused <= 0:
            break
        number = kill_number(unused, target.size_class, combat)
        unused -= 1
        roll = dice.d6()
        shots.append(Shot(index, number, roll, roll <= number))
    return shots
