"""Which thrust the rules allow a craft, compiled (2.3, R20): `rules.movement.engines_pushing`
read off the state arrays, as `engine.thrust` reads it off a craft."""

from __future__ import annotations

from typing import TYPE_CHECKING

from shipyard.core.compiled import inline_kernel
from shipyard.rulesets.pentagon_war.fast.columns import (
    BOX,
    IS_BASE,
    NEEDS_FUEL,
    VELOCITY,
)
from shipyard.rulesets.pentagon_war.rules import movement
from shipyard.rulesets.pentagon_war.rules.figures import ENGINE, FUEL_TANK
from shipyard.rulesets.pentagon_war.rules.movement import AHEAD, ASTERN

if TYPE_CHECKING:
    from shipyard.rulesets.pentagon_war.fast.state import State

__all__ = ["AHEAD", "ASTERN", "engines_pushing"]


@inline_kernel
def engines_pushing(st: State, side: int, direction: int, thrust: int) -> int:
    """The engines that push the craft by `thrust` facing `direction`; 0 if none may."""
    ci = st.ci
    return int(movement.engines_pushing(ci[side, IS_BASE] != 0, ci[side, BOX + ENGINE],
                                        ci[side, BOX + FUEL_TANK], ci[side, NEEDS_FUEL] != 0,
                                        st.cf[side, VELOCITY], direction, thrust))
