"""Fighters and scripted dice shared by the Tacship engine tests."""

from __future__ import annotations

from shipyard.core.dice import ScriptedDice
from shipyard.rulesets.tacship.engine.state import Fighter

# Rules 4 sample: 10 boxes + surv 2 + thrust 8 + 2 x Laser-2 + 3 hardpoints = 30 points.
VALKYRIE = Fighter("Valkyrie", damage_boxes=10, survivability=2, thrust=8, fixed_lasers=(2, 2),
                   missiles=2, decoys=1)
# Missile-heavy: 9 boxes + surv 1 + thrust 8 + 1 x Laser-2 + 5 hardpoints = 30 points.
WASP = Fighter("Wasp", damage_boxes=9, survivability=1, thrust=8, fixed_lasers=(2,),
               missiles=4, decoys=1)


def rolls(*natural: int) -> ScriptedDice:
    """Dice that roll these faces in order (the engine draws every die via `pick`)."""
    return ScriptedDice([face - 1 for face in natural])
