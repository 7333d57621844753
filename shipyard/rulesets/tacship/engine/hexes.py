"""Hex geometry of the Tacship map (rules 4) for the reference engine: hexes as pairs.

The rules of the map are rule functions of numbers (`rules.hexes`), shared with the
compiled engine; this module lets the readable engine speak of a hex as one value, an
axial pair `(q, r)`, and of an arc by name. Headings are the six hexsides, 0 to 5,
counter-clockwise: a left turn adds one, a right turn takes one away.
"""

from __future__ import annotations

from typing import Literal

from shipyard.rulesets.tacship.rules import hexes as rules
from shipyard.rulesets.tacship.rules.hexes import AFT, FORE, LEFT, RIGHT, behind, turned

Hex = tuple[int, int]
Arc = Literal["fore", "aft"]
ARCS: dict[Arc, int] = {"fore": FORE, "aft": AFT}

__all__ = ["ARCS", "LEFT", "RIGHT", "Arc", "Hex", "bearing", "behind", "distance", "in_arc",
           "in_slot", "neighbours", "on_ray", "seen_from", "step", "turned", "within"]


def step(hex_: Hex, heading: int, hexes: int = 1) -> Hex:
    """The hex `hexes` steps from `hex_` along `heading`."""
    return rules.step(hex_[0], hex_[1], heading, hexes)


def distance(a: Hex, b: Hex) -> int:
    return rules.distance(a[0], a[1], b[0], b[1])


def neighbours(hex_: Hex) -> tuple[Hex, ...]:
    return tuple(step(hex_, heading) for heading in range(6))


def within(center: Hex, hexes: int) -> tuple[Hex, ...]:
    """Every hex at most `hexes` from `center`, the centre included."""
    q, r = center
    return tuple((q + dq, r + dr) for dq in range(-hexes, hexes + 1)
                 for dr in range(max(-hexes, -dq - hexes), min(hexes, hexes - dq) + 1))


def seen_from(origin: Hex, heading: int, target: Hex) -> Hex:
    """The offset from `origin` to `target` turned as if `origin` faced heading 0."""
    return rules.seen_from(origin[0], origin[1], heading, target[0], target[1])


def on_ray(origin: Hex, heading: int, target: Hex) -> int | None:
    """Hexes from `origin` to `target` if it lies exactly on the straight line along
    `heading` (0 for the same hex), else None: the fixed-laser test of rules 4."""
    hexes = rules.on_ray(origin[0], origin[1], heading, target[0], target[1])
    return hexes if hexes >= 0 else None


def in_arc(origin: Hex, heading: int, arc: Arc, target: Hex) -> bool:
    """Turret arcs (rules 4, ruling): fore is the half-plane ahead, aft the one behind."""
    return rules.in_arc(origin[0], origin[1], heading, ARCS[arc], target[0], target[1])


def in_slot(tail: Hex, tail_heading: int, target: Hex, target_heading: int,
            reach: int) -> bool:
    """Rules 4: the tail sits directly behind the target, in line with it, `reach`
    hexes or closer."""
    return rules.in_slot(tail[0], tail[1], tail_heading, target[0], target[1],
                         target_heading, reach)


def bearing(origin: Hex, target: Hex) -> int:
    """The hexside sector (0-5) that `target` lies in seen from `origin`."""
    return rules.bearing(origin[0], origin[1], target[0], target[1])
