"""What the flight rules and the gunnery ask of a duel, as typing protocols.

`duel.Duel` builds its `flight.Flight` and calls `gunnery`, so neither of
those can name `Duel` without an import cycle. `Battle` describes exactly the
parts of `Duel` they read and call, `FlightFire` what gunnery asks of the
flight; `Duel` and `Flight` satisfy them as they are. Typing only: nothing
here plays a rule.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol

from shipyard.core.dice import Dice
from shipyard.rulesets.pentagon_war.engine.damage import Hit
from shipyard.rulesets.pentagon_war.engine.fire import Salvo
from shipyard.rulesets.pentagon_war.engine.orders import Captain, FireOrder
from shipyard.rulesets.pentagon_war.engine.quick_reference import (
    Covering,
    ExplosionRates,
    QuickReference,
)
from shipyard.rulesets.pentagon_war.engine.state import Craft, GunTrack
from shipyard.rulesets.pentagon_war.engine.tables import Combat
from shipyard.rulesets.pentagon_war.rules.figures import Figures

Side = tuple[int, Craft, Craft, Captain]  # side, its craft, the enemy craft, its policy
TargetKey = tuple[str, int]  # a fire order's target kind and index


class FlightFire(Protocol):
    """The parts of `flight.Flight` that gunnery calls."""

    def fire_gun(self, side: int, craft: Craft, gun: GunTrack) -> bool: ...

    def target_of(self, side: int, order: FireOrder) -> tuple[int, int, str] | None: ...

    def apply_salvo(self, side: int, order: FireOrder, salvo: Salvo) -> None: ...


class Battle(Protocol):
    """The parts of `duel.Duel` that the flight rules and the gunnery read and call."""

    @property
    def crafts(self) -> Sequence[Craft]: ...
    @property
    def policies(self) -> Sequence[Captain]: ...
    @property
    def sides(self) -> Iterable[Side]: ...
    @property
    def combat(self) -> Combat: ...
    @property
    def quick(self) -> QuickReference: ...
    @property
    def figures(self) -> Figures: ...
    @property
    def dice(self) -> Dice: ...
    @property
    def covering(self) -> Covering: ...
    @property
    def rates(self) -> ExplosionRates: ...
    @property
    def range(self) -> float: ...
    @property
    def turn(self) -> int: ...
    @property
    def impulse(self) -> int: ...
    @property
    def clock(self) -> int: ...
    @property
    def lines(self) -> list[str] | None: ...
    @property
    def pending(self) -> Sequence[list[Hit]]: ...
    @property
    def turn_targets(self) -> list[TargetKey | None]: ...
    @property
    def impulse_targets(self) -> list[TargetKey | None]: ...
    @property
    def flight(self) -> FlightFire: ...

    def say(self, text: str) -> None: ...

    def enemy(self, side: int) -> Craft: ...

    def other(self, side: int) -> int: ...

    def add_acid(self, side: int) -> None: ...

    def revealed(self, craft: Craft) -> None: ...
