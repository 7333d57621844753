"""Point defense (rules 2.5) in the reference engine: shots at objects in the defender's hex.

Each shot uses one box; its kill number is min(rating limit, boxes not yet
used this impulse) plus the target's size class, and a roll of one die at or
under it succeeds. Point defense never fires at the same target more than once
in an impulse. Missiles and drones die on a success; a spacecraft takes one
damage point. Every box is back next impulse. The figures are rule functions
(`rules.pointdefense`), shared with the compiled engine; the battery's loop, one die a
shot in the order given, is this module's and `fast.flight.battery`'s.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from shipyard.core.dice import Dice
from shipyard.rulesets.pentagon_war.engine.tables import Combat
from shipyard.rulesets.pentagon_war.rules import pointdefense as rules


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
    return rules.kill_number(combat.figures, boxes_unused, size_class)


def working_boxes(boxes: int, locked: bool, evading: bool, combat: Combat) -> int:
    """PD boxes usable this impulse after a failed lock-on and evasion (2.4)."""
    return rules.working_boxes(combat.figures, boxes, locked, evading)


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
        shots.append(Shot(index, number, roll, rules.succeeds(roll, number)))
    return shots
