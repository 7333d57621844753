"""Laser fire and the damage track (rules 4, T1), as rule functions.

A D20 per weapon hits at or over the range in hexes; range 0 (the same hex) counts as
the point-blank range (T1), so every roll hits. Every hit, laser or warhead, rolls a
D20 plus survivability for its start box, capped at the top box, and crosses off its
points downward, sliding past boxes already hit; crossing box 0 destroys the fighter.
The dice are rolled by each engine (in the same order); these functions judge them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from shipyard.core.rules import Cells, rule

if TYPE_CHECKING:
    from shipyard.rulesets.tacship.rules.figures import Figures


@rule
def to_hit(f: Figures, hexes: int) -> int:
    """The D20 score that hits at this range (rules 4; range 0 by T1)."""
    return hexes if hexes > 0 else f.point_blank


@rule
def hits(f: Figures, roll: int, hexes: int) -> bool:
    """Rules 4: a hit at or over the range."""
    return roll >= to_hit(f, hexes)


@rule
def hit_chance(f: Figures, hexes: int) -> float:
    """The chance one laser hits at this range."""
    return max(0, f.to_hit_die + 1 - to_hit(f, hexes)) / f.to_hit_die


@rule
def start_box(top: int, survivability: int, roll: int) -> int:
    """Rules 4: the location roll plus survivability, at most the top box."""
    return min(top, roll + survivability)


@rule
def cross_off(hit: Cells, start: int, points: int) -> tuple[int, bool]:
    """Cross off `points` boxes from box `start` down (rules 4), marking `hit[box]`; each
    box is marked once, so a box already hit is passed to the next lower one. The boxes
    crossed, and whether box 0 was (the fighter destroyed)."""
    box = start
    crossed = 0
    for _ in range(points):
        while box > 0 and hit[box]:
            box -= 1  # slide to the next lower undamaged box
        hit[box] = 1
        crossed += 1
        if box == 0:
            return crossed, True
        box -= 1
    return crossed, False
