"""The figures a duel reads every impulse, worked out once instead of once per use.

`Combat` keeps the checked tables with their provenance. Reading them through
nested models and exact fractions thousands of times a duel costs more than
resolving the rules, so this quick reference holds the same figures as plain
ints and floats, plus memo tables for pure lookups (acceleration rates,
best-case damage) that every duel played with the same tables shares. The
catalog's arc coverage (R13) and explosion rates (2.7) are likewise worked out
once per catalog. Nothing here adds a figure: each is copied or derived.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from shipyard.rulesets.pentagon_war.arcs import arcs_covering
from shipyard.rulesets.pentagon_war.engine.figures import CombatFigures

if TYPE_CHECKING:
    from shipyard.rulesets.pentagon_war.catalog import Catalog

AccelerationKey = tuple[bool, int, int]  # manned, working engines, size class (at least 1)
BestCaseKey = tuple[str, int, int, int]  # weapon kind, range, target size class, modifier
ChartRow = tuple[tuple[str, bool], ...]  # by second die: system, in the forward columns


class QuickReference:
    """Plain-number view of `Combat` for the duel loop and the policies."""

    __slots__ = ("_combat", "_rates", "armor_per_box", "base_rotation", "base_rotation_steps",
                 "best_cases", "brake",
                 "chances", "chart", "costs", "evasion_spare", "fallthrough", "half_step",
                 "impulses", "means", "rear_first", "rear_side", "rests", "secondary_shots",
                 "step", "top_speed")

    def __init__(self, combat: CombatFigures) -> None:
        self._combat = combat
        movement, power, limits = combat.movement, combat.power, combat.fire_limits
        self.impulses = combat.turn.impulses
        self.top_speed = movement.top_speed
        # 2.3: standard acceleration spread over the impulses of a turn, as the loop adds it.
        self.step = float(movement.standard_acceleration) / self.impulses
        self.half_step = self.step / 2
        # Speed from which a craft can still brake to a stop over `gap` hexes: sqrt(brake * gap).
        self.brake = 4 * self.half_step * self.impulses
        self.base_rotation = movement.base_rotation_impulses
        self.base_rotation_steps = movement.base_rotation_steps
        self.evasion_spare = movement.evasion_spare_engines
        # 2.2: power per box fired; magnetic beams and guns pay nothing to fire.
        self.costs = {"laser": power.laser, "electron_cannon": power.electron_cannon,
                      "proton_cannon": power.proton_cannon}
        self.secondary_shots = limits.secondary_shots_per_turn
        # 2.2: turns a gun rests after a shot (radiation and liquid metal guns).
        self.rests = {"radiation_gun": limits.radiation_rest_turns,
                      "liquid_metal_gun": limits.liquid_metal_rest_turns}
        damage = combat.damage
        # 2.7: the allocation chart by first die then second die (1-6 each, index 0 unused),
        # each cell with whether its column lies in the forward half of the hull (R16).
        unused: ChartRow = (("", False),) * 7
        self.chart: tuple[ChartRow, ...] = (unused, *(
            (("", False), *((system, column <= damage.forward_columns)
                            for column, system in enumerate(row, start=1)))
            for row in damage.chart))
        self.armor_per_box = damage.armor_per_box
        self.rear_side, self.rear_first = damage.rear_side, damage.rear_first
        self.fallthrough = tuple(combat.fallthrough.order)
        self._rates: dict[AccelerationKey, tuple[float, float]] = {}
        self.best_cases: dict[BestCaseKey, int] = {}  # filled by `fire.best_case`
        self.chances: dict[BestCaseKey, float] = {}  # filled by `fire.chance`
        self.means: dict[BestCaseKey, float] = {}  # filled by `fire.mean_damage`

    def acceleration(self, manned: bool, engines: int, size: int) -> tuple[float, float]:
        """Velocity change per impulse at normal and at crash acceleration (2.3)."""
        key = (manned, engines, size)
        rates = self._rates.get(key)
        if rates is None:
            rates = self._rates[key] = self._acceleration(manned, engines, size)
        return rates

    def _acceleration(self, manned: bool, engines: int, size: int) -> tuple[float, float]:
        movement = self._combat.movement
        impulses = self.impulses
        # 2.3: fewer engines than the size class scale the rate down; crash needs more of them.
        share = min(Fraction(1), Fraction(engines, size))
        crash_share = min(Fraction(1), Fraction(engines, size * movement.crash_factor))
        if manned:
            normal = movement.manned_acceleration / impulses * share
            fast = movement.manned_crash_per_impulse * crash_share
        else:
            normal = movement.standard_acceleration / impulses * share
            fast = movement.standard_acceleration * movement.crash_factor / impulses * crash_share
        return float(normal), float(fast)


@dataclass(frozen=True, slots=True)
class ExplosionRates:
    """Explosion figures (construction.toml, 2.7) as plain floats for the loop."""

    engine: float
    fuel_tank: float
    capacitor: float
    magnetic_beam: float
    screen: float
    gun_box: float
    secondary_weapon: float
    suicide_bomb: float
    falloff_per_hex: float


def explosion_rates(catalog: Catalog) -> ExplosionRates:
    e = catalog.construction.explosion

    def f(value: Fraction) -> float:
        return float(value)

    return ExplosionRates(f(e.engine), f(e.fuel_tank), f(e.capacitor), f(e.magnetic_beam),
                          f(e.screen), f(e.gun_box), f(e.secondary_weapon), f(e.suicide_bomb),
                          f(e.falloff_per_hex))


Covering = dict[int, frozenset[str]]  # relative direction -> the two arcs covering it
_CHARTS: list[tuple[Catalog, Covering, ExplosionRates]] = []


def catalog_charts(catalog: Catalog) -> tuple[Covering, ExplosionRates]:
    """R13 arc coverage by direction and the 2.7 explosion rates of a catalog, worked out once.

    Every duel of a batch shares one catalog; both tables are only read. The last
    catalog asked about is remembered (kept alive, so it is told apart by identity).
    """
    for known, covering, rates in _CHARTS:
        if known is catalog:
            return covering, rates
    covering = {d: frozenset(arcs_covering(d, catalog)) for d in range(1, 7)}
    rates = explosion_rates(catalog)
    _CHARTS[:] = [(catalog, covering, rates)]
    return covering, rates
