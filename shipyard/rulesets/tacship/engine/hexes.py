"""Hex geometry of the Tacship map (rules 4): axial coordinates on an unbounded plane.

A hex is an axial pair `(q, r)`; the third cube coordinate is `-q - r`.
Headings are the six hexsides, 0 to 5, counter-clockwise: a left turn adds
one, a right turn takes one away. The plane has no edge (rules 4: the seed's
board edge is a table matter), so a fighter can never fly off it.

Arcs (the seed's diagram is lost): the fore arc is the half-plane ahead, the
three hexside sectors heading - 1, heading and heading + 1; the aft arc is
the other half. Hexes exactly abeam lie on the border and count in both.
"""

from __future__ import annotations

from typing import Literal

Hex = tuple[int, int]
Arc = Literal["fore", "aft"]

DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
LEFT = 1
RIGHT = -1


def step(hex_: Hex, heading: int, hexes: int = 1) -> Hex:
    """The hex `hexes` steps from `hex_` along `heading`."""
    dq, dr = DIRECTIONS[heading]
    return hex_[0] + dq * hexes, hex_[1] + dr * hexes


def turned(heading: int, sides: int) -> int:
    """The heading after turning `sides` hexsides (positive = left)."""
    return (heading + sides) % 6


def behind(heading: int) -> int:
    return (heading + 3) % 6


def distance(a: Hex, b: Hex) -> int:
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def neighbours(hex_: Hex) -> tuple[Hex, ...]:
    return tuple(step(hex_, heading) for heading in range(6))


def within(center: Hex, hexes: int) -> tuple[Hex, ...]:
    """Every hex at most `hexes` from `center`, the centre included."""
    q, r = center
    return tuple((q + dq, r + dr) for dq in range(-hexes, hexes + 1)
                 for dr in range(max(-hexes, -dq - hexes), min(hexes, hexes - dq) + 1))


def seen_from(origin: Hex, heading: int, target: Hex) -> Hex:
    """The offset from `origin` to `target` turned as if `origin` faced heading 0."""
    q, r = target[0] - origin[0], target[1] - origin[1]
    for _ in range(heading):  # one hexside right each time
        q, r = -r, q + r
    return q, r


def on_ray(origin: Hex, heading: int, target: Hex) -> int | None:
    """Hexes from `origin` to `target` if it lies exactly on the straight line along
    `heading` (0 for the same hex), else None: the fixed-laser test of rules 4."""
    dq = target[0] - origin[0]
    dr = target[1] - origin[1]
    hexes = (abs(dq) + abs(dr) + abs(dq + dr)) // 2
    sq, sr = DIRECTIONS[heading]
    if dq == sq * hexes and dr == sr * hexes:
        return hexes
    return None


def lateral(heading: int, delta: Hex) -> int:
    """Twice the plane dot product of the heading with the offset `delta`.

    Positive ahead, negative behind, zero exactly abeam; integer arithmetic.
    """
    hq, hr = DIRECTIONS[heading]
    dq, dr = delta
    return 2 * hq * dq + 2 * hr * dr + hq * dr + hr * dq


def in_arc(origin: Hex, heading: int, arc: Arc, target: Hex) -> bool:
    """Turret arcs (rules 4, ruling): fore is the half-plane ahead, aft the one behind."""
    along = lateral(heading, (target[0] - origin[0], target[1] - origin[1]))
    return along >= 0 if arc == "fore" else along <= 0


def in_slot(tail: Hex, tail_heading: int, target: Hex, target_heading: int,
            reach: int) -> bool:
    """Rules 4: the tail sits directly behind the target, in line with it (same
    heading, so the target lies straight ahead of it), `reach` hexes or closer."""
    if tail_heading != target_heading:
        return False
    hexes = on_ray(target, behind(target_heading), tail)
    return hexes is not None and 1 <= hexes <= reach


def bearing(origin: Hex, target: Hex) -> int:
    """The hexside sector (0-5) that `target` lies in seen from `origin` (ties go to
    the lower-numbered side); the origin itself gives 0."""
    delta = (target[0] - origin[0], target[1] - origin[1])
    return max(range(6), key=lambda h: (lateral(h, delta), -h))
