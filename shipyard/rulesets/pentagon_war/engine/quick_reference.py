"""The reference engine's quick reference: a few figures in its own words, worked out once.

`Combat` keeps the checked tables with their provenance and the figures every rule
function reads (`Combat.figures`, `Combat.charts`, both engines' alike).
`QuickReference` gives the readable engine its words for a few of them (a cost by
weapon name, the chart by system name) and memos of pure lookups; `acceleration` is
2.3's rate in exact fractions, read by both engines (the compiled one from a table of
it). The catalog's arc coverage (R13) and explosion rates (2.7) are worked out once per
catalog. Nothing here adds a figure: each is copied or derived.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, NamedTuple

from shipyard.rulesets.pentagon_war.arcs import arcs_covering
from shipyard.rulesets.pentagon_war.engine.figures import CombatFigures
from shipyard.rulesets.pentagon_war.rules.figures import Figures

if TYPE_CHECKING:
    from shipyard.rulesets.pentagon_war.catalog import Catalog

AccelerationKey = tuple[bool, int, int]  # manned, working engines, size class (at least 1)
OddsKey = tuple[str, int, int, int]  # weapon kind, range, target size class, modifier
ChartRow = tuple[tuple[str, bool], ...]  # by second die: system, in the forward columns


class QuickReference:
    """The reference engine's plain-number view of `Combat` (`Combat.quick`)."""

    __slots__ = ("_combat", "_rates", "armor_per_box", "base_rotation", "base_rotation_steps",
                 "brake", "chart", "costs", "evasion_spare", "fallthrough", "half_step",
                 "impulses", "odds", "rear_first", "rear_side", "rests", "secondary_shots",
                 "step", "top_speed")

    def __init__(self, combat: CombatFigures, figures: Figures) -> None:
        self._combat = combat
        power, limits = combat.power, combat.fire_limits
        f = figures
        self.impulses = f.impulses
        self.top_speed = combat.movement.top_speed
        self.step, self.half_step, self.brake = f.step, f.half_step, f.brake
        self.base_rotation = f.base_rotation
        self.base_rotation_steps = f.base_rotation_steps
        self.evasion_spare = f.evasion_spare
        # 2.2: power per box fired; magnetic beams and guns pay nothing to fire.
        self.costs = {"laser": power.laser, "electron_cannon": power.electron_cannon,
                      "proton_cannon": power.proton_cannon}
        self.secondary_shots = f.secondary_shots
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
        self.armor_per_box = f.armor_per_box
        self.rear_side, self.rear_first = f.rear_side, damage.rear_first
        self.fallthrough = tuple(combat.fallthrough.order)
        self._rates: dict[AccelerationKey, tuple[float, float]] = {}
        self.odds: dict[OddsKey, tuple[float, float, int]] = {}  # filled by `fire._odds`

    def acceleration(self, manned: bool, engines: int, size: int) -> tuple[float, float]:
        """Velocity change per impulse at normal and at crash acceleration (2.3)."""
        key = (manned, engines, size)
        rates = self._rates.get(key)
        if rates is None:
            rates = self._rates[key] = acceleration(self._combat, manned, engines, size)
        return rates


def acceleration(combat: CombatFigures, manned: bool, engines: int,
                 size: int) -> tuple[float, float]:
    """2.3: velocity change per impulse at normal and at crash acceleration, worked out in
    exact fractions: fewer engines than the size class scale the rate down, crash
    acceleration needs proportionally more of them. Both engines read these rates (the
    compiled one from a table of them)."""
    movement = combat.movement
    impulses = combat.turn.impulses
    share = min(Fraction(1), Fraction(engines, size))
    crash_share = min(Fraction(1), Fraction(engines, size * movement.crash_factor))
    if manned:
        normal = movement.manned_acceleration / impulses * share
        fast = movement.manned_crash_per_impulse * crash_share
    else:
        normal = movement.standard_acceleration / impulses * share
        fast = movement.standard_acceleration * movement.crash_factor / impulses * crash_share
    return float(normal), float(fast)


class ExplosionRates(NamedTuple):
    """Explosion figures (construction.toml, 2.7) as plain floats, in the order of
    `rules.figures` EX_ENGINE ... EX_FALLOFF."""

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


