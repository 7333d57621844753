"""The combat tables of rules 2.1-2.9, read from `combat.toml` and checked, and the figures
both duel engines read from them.

Python holds the lookups, the catalog holds every figure. Each table carries its
provenance (`source`, `rule`) like the price list does (`table_entries`). A broken
file raises `CatalogError` naming the file, the key and the problem. `Combat.figures`
and `Combat.charts` copy every figure the rule functions read into plain numbers once
(`rules.figures`); the compiled engine hands the same names and shapes to its kernels.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cached_property, lru_cache
from itertools import chain
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict

from shipyard.core.catalog_files import catalog_root, check_model, read_toml
from shipyard.rulesets.pentagon_war.engine.quick_reference import QuickReference
from shipyard.rulesets.pentagon_war.engine.table_entries import (
    AcidGum,
    Cannon,
    ControlLoss,
    CosmicRays,
    DamageChart,
    Drone,
    Evasion,
    Fallthrough,
    FireDice,
    FireLimits,
    Laser,
    LiquidMetal,
    LockFailure,
    LockOn,
    MagneticBeam,
    Missile,
    Movement,
    PointDefense,
    Power,
    RadarInvisibility,
    Radiation,
    ScenarioDefaults,
    Steps,
    Turn,
)
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
from shipyard.rulesets.pentagon_war.rules.fire import bolt_damage


class Combat(BaseModel):
    """Every combat figure, checked at load time."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    turn: Turn
    power: Power
    fire_limits: FireLimits
    movement: Movement
    cosmic_rays: CosmicRays
    urm: Steps
    fire_dice: FireDice
    laser: Laser
    proton_cannon: Cannon
    electron_cannon: Cannon
    acid_gum: AcidGum
    radiation_gun: Radiation
    liquid_metal: LiquidMetal
    magnetic_beam: MagneticBeam
    lock_failure: LockFailure
    evasion: Evasion
    point_defense: PointDefense
    missile: Missile
    drone: Drone
    damage: DamageChart
    fallthrough: Fallthrough
    control_loss: ControlLoss
    lock_on: LockOn
    scenario: ScenarioDefaults
    # 2.9; a catalog copied before it had this table reads the original's figure.
    radar_invisibility: RadarInvisibility = RadarInvisibility(tracking_lost=4, source="seed",
                                                              rule="2.9")

    @cached_property
    def figures(self) -> Figures:
        """Every single figure the rule functions read (`rules.figures`), worked out once."""
        return figures_of(self)

    @cached_property
    def charts(self) -> Charts:
        """Every table the rule functions read by index (`rules.figures`), worked out once."""
        return charts_of(self)

    @cached_property
    def quick(self) -> QuickReference:
        """The figures the duel loop reads every impulse, as plain numbers (worked out once)."""
        return QuickReference(self, self.figures)

    def range_modifier(self, hexes: int) -> int:
        """The URM for a range in hexes (2.4)."""
        return self.urm.lookup(hexes)

    def bolt_damage(self, hexes_flown: int) -> int:
        """Liquid metal bolt damage by hexes flown (2.4, `rules.fire.bolt_damage`)."""
        return bolt_damage(self.figures, self.charts.steps, hexes_flown)


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
        ecm_step=combat.lock_on.ecm_step,
        tracking_lost=combat.radar_invisibility.tracking_lost)


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


def beam_push(combat: Combat, double: bool, size: int) -> float:
    """2.4: the velocity change per impulse an attached beam gives a body of `size`: like
    one engine (two at double strength) of standard acceleration, per its size class."""
    rule = combat.magnetic_beam
    engines = rule.engines_double if double else rule.engines
    rate = combat.movement.standard_acceleration / combat.turn.impulses
    return float(rate * min(Fraction(1), Fraction(engines, max(size, 1))))


def combat_path(folder: str | None = None) -> Path:
    """The combat tables of the catalog in `folder` (None: the bundled catalog)."""
    return (Path(folder) if folder else catalog_root() / "pentagon-war") / "combat.toml"


def parse_combat(data: dict[str, Any], file: str) -> Combat:
    """Check already-parsed TOML data; raise `CatalogError` naming the key at fault."""
    return check_model(Path(file), Combat, data)


def read_combat(path: Path) -> Combat:
    return parse_combat(read_toml(path), str(path))


@lru_cache(maxsize=8)
def load_combat(folder: str | None = None) -> Combat:
    """The combat tables of the catalog in `folder`, the one that priced the designs
    (None: the bundled catalog); cached, read once per folder and process."""
    return read_combat(combat_path(folder))
