"""The compiled duel's dice: the reference engine's own stream (`core.compiled_dice`).

`die(rng, sides)` is the reference's `fire.die`: `pick(sides) + 1` on the same draw, so
a seed gives the same duel in both engines.
"""

from __future__ import annotations

from shipyard.core.compiled_dice import die

__all__ = ["die"]
