"""What the quick reference reads from the combat tables, as typing protocols.

`tables.Combat` builds its `QuickReference` (in `quick_reference`), so that module
cannot name `Combat` without an import cycle. These protocols describe exactly
the tables and figures the quick reference copies; `Combat` and its tables
satisfy them as they are. Typing only: nothing here holds a figure.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Literal, Protocol


class TurnFigures(Protocol):
    @property
    def impulses(self) -> int: ...


class PowerFigures(Protocol):
    @property
    def laser(self) -> int: ...
    @property
    def electron_cannon(self) -> int: ...
    @property
    def proton_cannon(self) -> int: ...


class FireLimitFigures(Protocol):
    @property
    def secondary_shots_per_turn(self) -> int: ...
    @property
    def radiation_rest_turns(self) -> int: ...
    @property
    def liquid_metal_rest_turns(self) -> int: ...


class MovementFigures(Protocol):
    @property
    def standard_acceleration(self) -> Fraction: ...
    @property
    def manned_acceleration(self) -> Fraction: ...
    @property
    def manned_crash_per_impulse(self) -> Fraction: ...
    @property
    def crash_factor(self) -> int: ...
    @property
    def top_speed(self) -> int: ...
    @property
    def base_rotation_impulses(self) -> int: ...
    @property
    def base_rotation_steps(self) -> int: ...
    @property
    def evasion_spare_engines(self) -> int: ...


class DamageFigures(Protocol):
    @property
    def chart(self) -> Sequence[Sequence[str]]: ...
    @property
    def forward_columns(self) -> int: ...
    @property
    def rear_side(self) -> int: ...
    @property
    def rear_first(self) -> str: ...
    @property
    def armor_per_box(self) -> int: ...


class FallthroughFigures(Protocol):
    @property
    def order(self) -> Sequence[Literal["hull", "final_damage"]]: ...


class CombatFigures(Protocol):
    """The parts of `tables.Combat` the quick reference reads."""

    @property
    def turn(self) -> TurnFigures: ...
    @property
    def power(self) -> PowerFigures: ...
    @property
    def fire_limits(self) -> FireLimitFigures: ...
    @property
    def movement(self) -> MovementFigures: ...
    @property
    def damage(self) -> DamageFigures: ...
    @property
    def fallthrough(self) -> FallthroughFigures: ...
