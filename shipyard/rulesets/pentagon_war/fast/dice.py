"""The compiled engine's dice: the reference engine's own stream (`core.compiled_dice`).

`d6`, `pick` and `roll` mean what `core.dice.CounterDice` and `core.dice.roll` mean by
them, draw for draw, so a seed gives the same duel in both engines.
"""

from __future__ import annotations

from shipyard.core.compiled_dice import d6, pick, roll, start

__all__ = ["d6", "pick", "roll", "start"]
