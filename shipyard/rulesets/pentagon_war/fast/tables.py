"""The combat tables, the catalog's charts and the captains' figures as plain arrays.

`Combat` (engine.tables) checks every figure with its provenance; the kernels cannot read
pydantic models, so this module copies each figure they need into one `Tables` value of
ints, floats and numpy arrays, worked out once per set of tables. Figures a lookup by
range needs are laid out by range up to `rcap`, the first range from which no table
changes any more, so a kernel reads them by index. The captains' own figures (the
constants of `engine.policy`, `engine.judgement`, `engine.aiming`, `engine.orders`) are
copied from those modules, never written again here.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
from numpy.typing import NDArray

from shipyard.rulesets.pentagon_war.catalog import Catalog
from shipyard.rulesets.pentagon_war.engine import aiming, flight, judgement, orders, policy
from shipyard.rulesets.pentagon_war.engine.quick_reference import catalog_charts
from shipyard.rulesets.pentagon_war.engine.tables import Combat, Steps
from shipyard.rulesets.pentagon_war.fast import columns as C
from shipyard.rulesets.pentagon_war.fast.arrays import FIGURES, Tables
from shipyard.rulesets.pentagon_war.fast.odds import fill_odds

Ints = NDArray[np.int64]
Floats = NDArray[np.float64]


def arc_bits(catalog: Catalog) -> dict[str, int]:
    """One bit per arc name, in the catalog's clockwise order."""
    return {name: 1 << i for i, name in enumerate(catalog.arcs.names.order)}


def mask(arcs: frozenset[str], bits: dict[str, int]) -> int:
    return sum(bits[a] for a in arcs)


def _steps(table: Steps) -> tuple[Ints, Ints, int]:
    return (np.array([b for b, _ in table.steps], dtype=np.int64),
            np.array([v for _, v in table.steps], dtype=np.int64), table.beyond)


def _system(name: str) -> int:
    if name in C.SYSTEMS:
        return C.SYSTEMS.index(name)
    if name == "radar":
        return C.CHART_RADAR
    if name == "gun":
        return C.CHART_GUN
    if name == "any_weapon":
        return C.CHART_ANY_WEAPON
    return C.CHART_WEAPON + C.KINDS.index(name)


def build(combat: Combat, catalog: Catalog, max_size: int, max_engines: int) -> Tables:
    """The tables for crafts up to size class `max_size` with up to `max_engines` engines."""
    quick = combat.quick
    power, limits, movement = combat.power, combat.fire_limits, combat.movement
    sizes = max(max_size, combat.drone.size_class, combat.missile.size_class,
                combat.liquid_metal.bolt_size_class, 1) + 1
    rcap = 1 + max([b for b, _ in combat.urm.steps] + [b for b, _ in combat.proton_cannon.steps]
                   + [b for b, _ in combat.electron_cannon.steps]
                   + [combat.magnetic_beam.max_range, limits.liquid_metal_min_range])
    ranges = range(rcap + 1)
    costs = np.zeros(len(C.KINDS), dtype=np.int64)
    costed = np.zeros(len(C.KINDS), dtype=np.int64)
    for kind, cost in quick.costs.items():
        costs[C.KINDS.index(kind)] = cost
        costed[C.KINDS.index(kind)] = 1
    rests = np.zeros(len(C.KINDS), dtype=np.int64)
    for kind, rest in quick.rests.items():
        rests[C.KINDS.index(kind)] = rest
    acceleration = np.zeros((2, max_engines + 1, sizes, 2))
    for manned in (0, 1):
        for engines in range(max_engines + 1):
            for size in range(1, sizes):
                acceleration[manned, engines, size] = quick.acceleration(bool(manned), engines,
                                                                         size)
    cannon = np.zeros((len(C.KINDS), rcap + 1), dtype=np.int64)
    cannon[C.ELECTRON] = [combat.electron_cannon.lookup(h) for h in ranges]
    cannon[C.PROTON] = [combat.proton_cannon.lookup(h) for h in ranges]
    hit_on = np.zeros(len(C.KINDS), dtype=np.int64)
    hit_on[C.ELECTRON] = combat.electron_cannon.hit_on
    hit_on[C.PROTON] = combat.proton_cannon.hit_on
    hit_on[C.ACID] = combat.acid_gum.hit_on
    beam = combat.magnetic_beam
    rate = movement.standard_acceleration / combat.turn.impulses
    beam_push = np.array([[float(rate * min(Fraction(1), _share(engines, size)))
                           for size in range(sizes)]
                          for engines in (beam.engines, beam.engines_double)])
    chart = np.zeros((7, 7), dtype=np.int64)
    forward = np.zeros((7, 7), dtype=np.int64)
    for row in range(1, 7):
        for column in range(1, 7):
            system, ahead = quick.chart[row][column]
            chart[row, column], forward[row, column] = _system(system), int(ahead)
    bits = arc_bits(catalog)
    covering, rates = catalog_charts(catalog)
    laser_bounds, laser_values, laser_beyond = _steps(combat.laser)
    radiation_bounds, radiation_values, radiation_beyond = _steps(combat.radiation_gun)
    metal = combat.liquid_metal
    seqs_list = [laser_bounds, laser_values, radiation_bounds, radiation_values,
                 np.array(metal.damage_by_hexes),
                 np.array([C.STAGE_HULL if s == "hull" else C.STAGE_FINAL
                           for s in quick.fallthrough]),
                 np.array(judgement.RANGES),
                 np.array([0] + [mask(covering[d], bits) for d in range(1, 7)])]
    seqs = np.zeros((len(seqs_list), max(len(q) for q in seqs_list)), dtype=np.int64)
    for row, values in enumerate(seqs_list):
        seqs[row, :len(values)] = values
    kinds = np.stack([costs, costed, rests, hit_on, _kinds(aiming.KILLERS),
                      _kinds(flight.DRONE_GUNS)])
    by_range = np.zeros((3, rcap + 1), dtype=np.int64)
    by_range[C.URM] = [combat.range_modifier(h) for h in ranges]
    by_range[C.ELECTRON] = cannon[C.ELECTRON]
    by_range[C.PROTON] = cannon[C.PROTON]
    explosion = [rates.engine, rates.fuel_tank, rates.capacitor, rates.magnetic_beam,
                 rates.screen, rates.gun_box, rates.secondary_weapon, rates.suicide_bomb,
                 rates.falloff_per_hex]
    fv = np.zeros((3, max(sizes, len(explosion))))
    fv[C.BEAM_PUSH_ROW, :sizes] = beam_push[0]
    fv[C.BEAM_PUSH_DOUBLE_ROW, :sizes] = beam_push[1]
    fv[C.EXPLOSION, :len(explosion)] = explosion
    figures = dict(
        impulses=quick.impulses, top=float(quick.top_speed), step=quick.step,
        half_step=quick.half_step, brake=quick.brake, base_rotation=quick.base_rotation,
        base_rotation_steps=quick.base_rotation_steps,
        evasion_spare=quick.evasion_spare, secondary_shots=quick.secondary_shots,
        beam_double=power.magnetic_beam_double, beam_at_bolt=power.magnetic_beam_at_bolt,
        rail_launch=power.rail_launch, reinforcement_cost=power.screen_reinforcement,
        reinforcement_limit=power.reinforcement_limit, ecm_point=power.ecm_point,
        eccm_point=power.eccm_point, special_factor=power.special_electronics_factor,
        acid_gap=limits.acid_gum_gap_impulses, acid_boxes=limits.acid_gum_boxes_per_shot,
        metal_boxes=limits.liquid_metal_boxes_per_shot,
        metal_min_range=limits.liquid_metal_min_range, crash_roll=movement.crash_mishap_roll,
        crash_dice=movement.crash_mishap_dice, rays_on=int(combat.cosmic_rays.enabled),
        rays_limit=float(combat.cosmic_rays.speed_limit), rays_damage=combat.cosmic_rays.damage,
        fire_dice=combat.fire_dice.dice, rcap=rcap, laser_beyond=laser_beyond,
        laser_kill=combat.laser.kill_size_zero, radiation_beyond=radiation_beyond,
        radiation_kill=combat.radiation_gun.kill_size_zero, acid_impact=combat.acid_gum.impact,
        acid_lingering=combat.acid_gum.lingering,
        acid_lingering_impulses=combat.acid_gum.lingering_impulses,
        metal_speed=float(metal.speed), metal_lifetime=metal.lifetime_impulses,
        bolt_size=metal.bolt_size_class, erosion_points=metal.points_per_erosion,
        beam_attach_on=beam.attach_on, beam_max_range=beam.max_range,
        lock_range_factor=combat.lock_failure.range_factor,
        lock_pd_divisor=combat.lock_failure.point_defense_divisor,
        evasion_modifier=combat.evasion.fire_modifier,
        evasion_pd_boxes=combat.evasion.point_defense_boxes,
        seeking_lost=combat.evasion.seeking_lost, seeking_miss=combat.evasion.seeking_miss,
        pd_limit=combat.point_defense.rating_limit,
        pd_damage=combat.point_defense.spacecraft_damage, missile_speed=combat.missile.speed,
        missile_rail_speed=combat.missile.rail_speed, warhead=combat.missile.warhead,
        missile_fuel=float(combat.missile.fuel), hex_share=combat.missile.hex_share_divisor,
        destroyed_divisor=combat.missile.destroyed_divisor,
        missile_size=combat.missile.size_class, drone_size=combat.drone.size_class,
        drone_accelerations=combat.drone.accelerations,
        drone_spread=float(combat.drone.launch_speed_spread),
        drone_pd=combat.drone.point_defense_rating, armor_per_box=quick.armor_per_box,
        rear_side=quick.rear_side, rear_first=C.SYSTEMS.index(quick.rear_first),
        rotation_steps=combat.control_loss.rotation_steps, lock_always=combat.lock_on.always,
        lock_never=combat.lock_on.never, ecm_step=combat.lock_on.ecm_step,
        flee_ratio=policy.FLEE_RATIO, carrier_reach=policy.CARRIER_REACH,
        acid_gum_chance=policy.ACID_GUM_CHANCE, far=float(policy.FAR),
        drone_survival=judgement.DRONE_SURVIVAL, horizon=float(aiming.HORIZON),
        watch=float(aiming.WATCH), later=aiming.LATER, drone_reserve=orders.DRONE_RESERVE,
        bolt_reach=metal.speed * metal.lifetime_impulses / combat.turn.impulses - 1,
        brake_worth=policy.BRAKE_WORTH,
        n_laser=len(laser_bounds), n_radiation=len(radiation_bounds),
        n_metal=len(metal.damage_by_hexes), n_fallthrough=len(quick.fallthrough),
        n_ranges=len(judgement.RANGES))
    record = np.zeros(1, dtype=FIGURES)
    for name, value in figures.items():
        record[name][0] = value
    odds = np.zeros((3, C.DIRECT_KINDS, rcap + 1, sizes, 3))
    tables = Tables(f=record[0], kinds=kinds, odds=odds,
                    accel=acceleration, by_range=by_range, seqs=seqs,
                    chart=np.stack([chart, forward]), fv=fv)
    fill_odds(tables)
    return tables


def _share(engines: int, size: int) -> Fraction:
    """2.4: an attached beam moves a body like `engines` engines, per its size class."""
    return Fraction(engines, max(size, 1))


def _kinds(names: tuple[str, ...]) -> Ints:
    """1 for each kind named, by kind code."""
    return np.array([int(kind in names) for kind in C.KINDS], dtype=np.int64)
