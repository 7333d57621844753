"""Which thrust the rules allow a craft: engines, fuel and ramscoops (rules 2.3, R20).

On the range track a craft thrusts toward the enemy (+1) or away from it (-1). Engines
push along the facing: toward with the enemy dead ahead (direction 1), away with it
astern (direction 4), and they work only with fuel in a tank. A ramscoop needs no fuel
to thrust along its facing once it is moving, but needs it to start from rest and to
brake against its velocity with its engines; it may instead brake nose-first, facing
into its velocity, without fuel, down to a stop (R20). The rule is
`rules.movement.engines_pushing`, shared with the compiled engine; the duel loop and
the captains both ask here, so a captain never orders thrust the loop would refuse.
"""

from __future__ import annotations

from shipyard.rulesets.pentagon_war.engine.state import Craft
from shipyard.rulesets.pentagon_war.rules import movement as rules
from shipyard.rulesets.pentagon_war.rules.movement import AHEAD, ASTERN, scoop_braking

__all__ = ["AHEAD", "ASTERN", "engines_pushing", "scoop_braking"]


def engines_pushing(craft: Craft, direction: int, thrust: int) -> int:
    """The engines that push `craft` by `thrust` facing `direction`; 0 if none may."""
    boxes = craft.boxes
    return rules.engines_pushing(craft.is_base, boxes["engine"], boxes["fuel_tank"],
                                 craft.needs_fuel, craft.velocity, direction, thrust)
