"""Which thrust the rules allow a craft, compiled (a port of `engine.thrust`: 2.3, R20)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from shipyard.core.compiled import inline_kernel
from shipyard.rulesets.pentagon_war.fast.columns import (
    BOX,
    IS_BASE,
    NEEDS_FUEL,
    VELOCITY,
)
from shipyard.rulesets.pentagon_war.rules.figures import (
    ENGINE,
    FUEL_TANK,
)

if TYPE_CHECKING:
    from shipyard.rulesets.pentagon_war.fast.state import State

AHEAD, ASTERN = 1, 4  # the directions along the line of sight


@inline_kernel
def scoop_braking(direction: int, thrust: int) -> bool:
    """Whether `thrust` facing `direction` is a ramscoop braking nose-first (R20)."""
    return (thrust == -1 and direction == AHEAD) or (thrust == 1 and direction == ASTERN)


@inline_kernel
def engines_pushing(st: State, side: int, direction: int, thrust: int) -> int:
    """The engines that push the craft by `thrust` facing `direction`; 0 if none may."""
    ci = st.ci
    engines = ci[side, BOX + ENGINE]
    if ci[side, IS_BASE] or thrust == 0 or engines <= 0:
        return 0
    velocity = st.cf[side, VELOCITY]
    fuelled = ci[side, BOX + FUEL_TANK] > 0
    if (thrust == 1 and direction == AHEAD) or (thrust == -1 and direction == ASTERN):
        if ci[side, NEEDS_FUEL] or fuelled:
            return int(engines) if fuelled else 0
        # R20: a ramscoop without fuel cannot start from rest or brake with its engines.
        return int(engines) if velocity * thrust > 0.0 else 0
    if not ci[side, NEEDS_FUEL] and velocity * thrust < 0.0:
        return int(engines)  # R20: a ramscoop brakes facing into its velocity
    return 0
