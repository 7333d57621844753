"""Point defense (rules 2.5), as rule functions.

PD works against objects in the defender's own hex. Shots are taken one target at a
time; each shot uses one box; the kill number of a shot is min(rating limit, boxes not
yet used this impulse) plus the target's size class, and one die at or under it
succeeds: a missile or drone is destroyed, a spacecraft takes one damage point. Point
defense never fires twice at the same target in one impulse; every box is back next
impulse. A failed lock-on halves the boxes, evasion costs two (2.4).

The battery's loop over its targets rolls one die per shot; that loop, and the order of
the targets, is each engine's (`engine.pointdefense.fire`, `fast.flight.battery`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from shipyard.core.rules import rule

if TYPE_CHECKING:
    from shipyard.rulesets.pentagon_war.rules.figures import Figures


@rule
def working_boxes(f: Figures, boxes: int, locked: bool, evading: bool) -> int:
    """2.4: PD boxes usable this impulse after a failed lock-on and evasion."""
    if not locked:
        boxes //= f.lock_pd_divisor
    if evading:
        boxes += f.evasion_pd_boxes
    return max(boxes, 0)


@rule
def kill_number(f: Figures, unused: int, size: int) -> int:
    """2.5: min(rating limit, boxes not yet used this impulse) + the target's size class."""
    return min(f.pd_limit, unused) + size


@rule
def succeeds(roll: int, number: int) -> bool:
    """2.5: one die at or under the kill number."""
    return roll <= number
