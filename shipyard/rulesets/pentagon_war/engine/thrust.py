"""Which thrust the rules allow a craft: engines, fuel and ramscoops (rules 2.3, R20).

On the range track a craft thrusts toward the enemy (+1) or away from it (-1). Engines
push along the facing: toward with the enemy dead ahead (direction 1), away with it
astern (direction 4), and they work only with fuel in a tank. A ramscoop needs no fuel
to thrust along its facing once it is moving, but needs it to start from rest and to
brake against its velocity with its engines; it may instead brake nose-first, facing
into its velocity, without fuel, down to a stop (R20). The duel loop and the captains
both ask here, so a captain never orders thrust the loop would refuse.
"""

from __future__ import annotations

from shipyard.rulesets.pentagon_war.engine.state import Craft

AHEAD, ASTERN = 1, 4  # the directions along the line of sight


def scoop_braking(direction: int, thrust: int) -> bool:
    """Whether `thrust` facing `direction` is a ramscoop braking nose-first (R20)."""
    return (thrust == -1 and direction == AHEAD) or (thrust == 1 and direction == ASTERN)


def engines_pushing(craft: Craft, direction: int, thrust: int) -> int:
    """The engines that push `craft` by `thrust` facing `direction`; 0 if none may."""
    if craft.is_base or thrust == 0 or craft.boxes["engine"] <= 0:
        return 0
    velocity = craft.velocity
    fuelled = craft.boxes["fuel_tank"] > 0
    if (thrust == 1 and direction == AHEAD) or (thrust == -1 and direction == ASTERN):
        if craft.needs_fuel or fuelled:
            return craft.boxes["engine"] if fuelled else 0
        # R20: a ramscoop without fuel cannot start from rest or brake with its engines.
        return craft.boxes["engine"] if velocity * thrust > 0.0 else 0
    if not craft.needs_fuel and velocity * thrust < 0.0:
        return craft.boxes["engine"]  # R20: a ramscoop brakes facing into its velocity
    return 0
