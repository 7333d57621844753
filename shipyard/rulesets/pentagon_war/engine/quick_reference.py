"""The figures a duel reads, worked out once from the checked tables (rules 2).

`Combat` keeps the checked tables with their provenance. Reading them through nested
models and exact fractions thousands of times a duel costs more than resolving the
rules, so this module copies each figure the rule functions read into plain numbers
once: `figures_of` (every single figure, `rules.figures.Figures`) and `charts_of`
(every table read by index, `rules.figures.Charts`). Both engines read those: the
reference as they are, the compiled one as a record and arrays of the same names and
shapes. `QuickReference` gives the reference engine its words for a few of them (a
cost by weapon name, the chart by system name), and the acceleration rates, which 2.3
states as exact fractions. The catalog's arc coverage (R13) and explosion rates (2.7)
are worked out once per catalog. Nothing here adds a figure: each is copied or derived.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import chain
from typing import TYPE_CHECKING, NamedTuple

from shipyard.rulesets.pentagon_war.arcs import arcs_covering
from shipyard.rulesets.pentagon_war.engine.figures import CombatFigures
from shipyard.rulesets.pentagon_war.rules.figures import (
    CHART_ANY_WEAPON,
    CHART_GUN,
    CHART_RADAR,
    CHART_WEAPON,
    ELECTRON,
    KIND,
    KINDS,
    PROTON,
    STAGE_FINAL,
    STAGE_HULL,
    SYSTEMS,
    Charts,
    Figures,
)

if TYPE_CHECKING:
    from shipyard.rulesets.pentagon_war.catalog import Catalog
    from shipyard.rulesets.pentagon_war.engine.tables import Combat

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


def beam_push(combat: Combat, double: bool, size: int) -> float:
    """2.4: the velocity change per impulse an attached beam gives a body of `size`: like
    one engine (two at double strength) of standard acceleration, per its size class."""
    rule = combat.magnetic_beam
    engines = rule.engines_double if double else rule.engines
    rate = combat.movement.standard_acceleration / combat.turn.impulses
    return float(rate * min(Fraction(1), Fraction(engines, max(size, 1))))


def rcap_of(combat: Combat) -> int:
    """The first range from which no table of range changes any more."""
    bounds = chain((b for b, _ in combat.urm.steps), (b for b, _ in combat.proton_cannon.steps),
                   (b for b, _ in combat.electron_cannon.steps))
    return 1 + max([*bounds, combat.magnetic_beam.max_range,
                    combat.fire_limits.liquid_metal_min_range])


def figures_of(combat: Combat) -> Figures:
    """Every single figure the rule functions read (`Combat.figures`)."""
    power, limits, movement = combat.power, combat.fire_limits, combat.movement
    impulses = combat.turn.impulses
    step = float(movement.standard_acceleration) / impulses  # 2.3: as the loop adds it
    metal, missile, damage = combat.liquid_metal, combat.missile, combat.damage
    return Figures(
        impulses=impulses, secondary_shots=limits.secondary_shots_per_turn,
        beam_double=power.magnetic_beam_double, beam_at_bolt=power.magnetic_beam_at_bolt,
        rail_launch=power.rail_launch, reinforcement_cost=power.screen_reinforcement,
        reinforcement_limit=power.reinforcement_limit, ecm_point=power.ecm_point,
        eccm_point=power.eccm_point, special_factor=power.special_electronics_factor,
        acid_gap=limits.acid_gum_gap_impulses, acid_boxes=limits.acid_gum_boxes_per_shot,
        metal_boxes=limits.liquid_metal_boxes_per_shot,
        metal_min_range=limits.liquid_metal_min_range,
        top=float(movement.top_speed), step=step, half_step=step / 2,
        # a craft at speed v brakes to a stop over v * v / brake hexes
        brake=4 * (step / 2) * impulses,
        crash_roll=movement.crash_mishap_roll, crash_dice=movement.crash_mishap_dice,
        base_rotation=movement.base_rotation_impulses,
        base_rotation_steps=movement.base_rotation_steps,
        evasion_spare=movement.evasion_spare_engines,
        rotation_steps=combat.control_loss.rotation_steps,
        rays_on=int(combat.cosmic_rays.enabled),
        rays_limit=float(combat.cosmic_rays.speed_limit), rays_damage=combat.cosmic_rays.damage,
        fire_dice=combat.fire_dice.dice, rcap=rcap_of(combat),
        laser_steps=len(combat.laser.steps), laser_beyond=combat.laser.beyond,
        laser_kill=combat.laser.kill_size_zero,
        radiation_steps=len(combat.radiation_gun.steps),
        radiation_beyond=combat.radiation_gun.beyond,
        radiation_kill=combat.radiation_gun.kill_size_zero,
        acid_impact=combat.acid_gum.impact, acid_lingering=combat.acid_gum.lingering,
        acid_lingering_impulses=combat.acid_gum.lingering_impulses,
        metal_speed=float(metal.speed), metal_lifetime=metal.lifetime_impulses,
        bolt_hexes=len(metal.damage_by_hexes), bolt_size=metal.bolt_size_class,
        erosion_points=metal.points_per_erosion,
        beam_attach_on=combat.magnetic_beam.attach_on,
        beam_max_range=combat.magnetic_beam.max_range,
        lock_range_factor=combat.lock_failure.range_factor,
        lock_pd_divisor=combat.lock_failure.point_defense_divisor,
        evasion_modifier=combat.evasion.fire_modifier,
        evasion_pd_boxes=combat.evasion.point_defense_boxes,
        seeking_lost=combat.evasion.seeking_lost, seeking_miss=combat.evasion.seeking_miss,
        pd_limit=combat.point_defense.rating_limit,
        pd_damage=combat.point_defense.spacecraft_damage,
        missile_speed=missile.speed, missile_rail_speed=missile.rail_speed,
        warhead=missile.warhead, missile_fuel=float(missile.fuel),
        hex_share=missile.hex_share_divisor, destroyed_divisor=missile.destroyed_divisor,
        missile_size=missile.size_class, drone_size=combat.drone.size_class,
        drone_accelerations=combat.drone.accelerations,
        drone_spread=float(combat.drone.launch_speed_spread),
        drone_pd=combat.drone.point_defense_rating, armor_per_box=damage.armor_per_box,
        rear_side=damage.rear_side, rear_first=SYSTEMS.index(damage.rear_first),
        fallthrough_stages=len(combat.fallthrough.order),
        lock_always=combat.lock_on.always, lock_never=combat.lock_on.never,
        ecm_step=combat.lock_on.ecm_step)


def _system(name: str) -> int:
    """A chart cell's system code (`rules.figures`)."""
    if name in SYSTEMS:
        return SYSTEMS.index(name)
    if name == "radar":
        return CHART_RADAR
    if name == "gun":
        return CHART_GUN
    if name == "any_weapon":
        return CHART_ANY_WEAPON
    return CHART_WEAPON + KIND[name]


def charts_of(combat: Combat) -> Charts:
    """Every table the rule functions read by index (`rules.figures.Charts`)."""
    ranges = range(rcap_of(combat) + 1)
    power, limits = combat.power, combat.fire_limits
    zero = (0,) * len(ranges)
    by_range = [tuple(combat.range_modifier(h) for h in ranges), zero, zero]
    by_range[ELECTRON] = tuple(combat.electron_cannon.lookup(h) for h in ranges)
    by_range[PROTON] = tuple(combat.proton_cannon.lookup(h) for h in ranges)
    costs = {"laser": power.laser, "electron_cannon": power.electron_cannon,
             "proton_cannon": power.proton_cannon}
    hit_on = {"electron_cannon": combat.electron_cannon.hit_on,
              "proton_cannon": combat.proton_cannon.hit_on, "acid_gum_gun": combat.acid_gum.hit_on}
    rests = {"radiation_gun": limits.radiation_rest_turns,
             "liquid_metal_gun": limits.liquid_metal_rest_turns}
    kinds = tuple(tuple(table.get(kind, 0) for kind in KINDS) for table in (costs, hit_on, rests))
    damage = combat.damage
    system = [[0] * 7] + [[0, *(_system(name) for name in row)] for row in damage.chart]
    forward = [[0] * 7] + [[0, *(int(column <= damage.forward_columns) for column in
                                 range(1, 7))] for _ in damage.chart]
    steps = (tuple(b for b, _ in combat.laser.steps), tuple(v for _, v in combat.laser.steps),
             tuple(b for b, _ in combat.radiation_gun.steps),
             tuple(v for _, v in combat.radiation_gun.steps),
             tuple(combat.liquid_metal.damage_by_hexes),
             tuple(STAGE_HULL if s == "hull" else STAGE_FINAL for s in combat.fallthrough.order))
    return Charts(by_range=tuple(by_range), steps=steps, kinds=kinds,
                  chart=(tuple(map(tuple, system)), tuple(map(tuple, forward))))


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


