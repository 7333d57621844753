"""Known answers for The Pentagon War's rule functions (`rules/`), worked out by hand from
docs/rules.md (RULES.md 2.1-2.9 and the rulings).

These are the functions both duel engines call, the reference as Python and the compiled
one inside its kernels: a rule changed is changed here, with its answer.
"""

from __future__ import annotations

from math import inf

import pytest

from shipyard.rulesets.pentagon_war.engine.quick_reference import catalog_charts
from shipyard.rulesets.pentagon_war.engine.tables import load_combat
from shipyard.rulesets.pentagon_war.rules import (
    damage,
    fire,
    flight,
    movement,
    pointdefense,
    power,
    race,
)
from shipyard.rulesets.pentagon_war.rules.figures import (
    ACID,
    BEAM,
    CHART_ANY_WEAPON,
    CHART_RADAR,
    ELECTRON,
    FINAL_DAMAGE,
    HULL_AFT,
    HULL_FORWARD,
    LASER,
    LASER_BOUNDS,
    LASER_VALUES,
    PROTON,
    RADIATION,
)
from shipyard.services.registry import evaluate, read_design
from shipyard.services.samples import resolve

COMBAT = load_combat()
F, CHARTS = COMBAT.figures, COMBAT.charts
RATES = catalog_charts(evaluate(read_design(resolve("sample:lancer"))).catalog)[1]


# -- 2.4 direct fire -------------------------------------------------------------------------
@pytest.mark.parametrize(("hexes", "urm"), [(0, 0), (1, -1), (2, -2), (3, -3), (4, -3),
                                            (5, -4), (8, -4), (9, -5), (16, -5), (17, -6),
                                            (64, -7), (65, -8), (128, -8), (129, -9),
                                            (256, -9), (1000, -9)])
def test_the_urm(hexes: int, urm: int) -> None:
    assert fire.range_modifier(F, CHARTS.by_range, hexes) == urm


@pytest.mark.parametrize(("modified", "damage_"), [(-5, 0), (-2, 0), (-1, 1), (1, 1), (2, 2),
                                                   (4, 2), (5, 3), (7, 3), (8, 4), (10, 4),
                                                   (11, 5), (13, 5), (14, 6), (30, 6)])
def test_the_laser_table(modified: int, damage_: int) -> None:
    steps = CHARTS.steps
    assert fire.step_value(steps[LASER_BOUNDS], steps[LASER_VALUES], F.laser_steps,
                           F.laser_beyond, modified) == damage_


def judge(kind: int, hexes: int, size: int, modified: int) -> tuple[bool, int, bool]:
    return fire.judge(F, CHARTS.steps, CHARTS.by_range, CHARTS.kinds, kind, hexes, size,
                      modified)


def test_judging_a_roll() -> None:
    assert judge(LASER, 3, 1, 6) == (True, 3, True)  # 5..7: 3 points
    assert judge(LASER, 3, 0, 4) == (False, 0, False)  # size class 0: killed on 5+ only
    assert judge(LASER, 3, 0, 5) == (True, 3, True)
    assert judge(PROTON, 0, 1, 6) == (True, 8, True)  # 6+ hits, 8 at range 0
    assert judge(PROTON, 0, 1, 5) == (False, 0, False)
    assert judge(PROTON, 70, 1, 20) == (False, 0, False)  # 65+: no damage, no hit
    assert judge(ELECTRON, 32, 0, 20) == (False, 0, False)  # 0-damage range, size class 0
    assert judge(ELECTRON, 4, 2, 6) == (True, 4, True)
    assert judge(ACID, 5, 1, 6) == (True, 2, True)  # its impact
    assert judge(BEAM, 2, 1, 5) == (True, 0, True)  # attaches on 5+ within 2 hexes
    assert judge(BEAM, 3, 1, 12) == (False, 0, False)
    assert judge(RADIATION, 4, 1, 10) == (True, 14, True)
    assert judge(RADIATION, 4, 0, 2) == (False, 0, False)  # kill number 3 on size class 0
    assert judge(RADIATION, 4, 0, 3) == (True, 7, True)


def test_odds_of_a_laser_at_point_blank() -> None:
    # 2d6 + 1 (size class I) + 0 (URM at range 0): 3 to 13, every roll a hit; damage
    # 2 x (1 + 2) + 3 x (3 + 4 + 5) + 4 x (6 + 5 + 4) + 5 x (3 + 2 + 1) = 132 over 36.
    mean, chance, best = fire.odds(F, CHARTS.steps, CHARTS.by_range, CHARTS.kinds, LASER, 0,
                                   1, 0)
    assert (mean, chance, best) == (132 / 36, 1.0, 5)
    # evading firer and target: -6; 2d6 + 1 - 6 from -3 to 7; best case 3
    assert fire.odds(F, CHARTS.steps, CHARTS.by_range, CHARTS.kinds, LASER, 0, 1,
                     fire.evasion_modifier(F, 2))[2] == 3


def test_lock_failure_and_evasion_modifiers() -> None:
    assert fire.firing_range(F, 10, True) == 10 and fire.firing_range(F, 10, False) == 20
    assert [fire.evasion_modifier(F, n) for n in (0, 1, 2)] == [0, -3, -6]


def test_bolts() -> None:
    steps = CHARTS.steps
    assert [fire.bolt_damage(F, steps, n) for n in (0, 1, 3, 12, 20)] == [50, 50, 40, 1, 1]
    assert fire.bolt_erosion(F, 5) == 2  # every 2 points take 1 off
    assert flight.bolt_strikes_for(F, steps, 3, 4) == 36
    assert flight.bolt_strikes_for(F, steps, 12, 4) == 0


# -- 2.5 point defense ---------------------------------------------------------------------
def test_the_seeds_point_defense_example() -> None:
    # 7 boxes against four drones and a ship: kill numbers 5, 5, 5, 4, then 3 + size class
    numbers = [pointdefense.kill_number(F, unused, 0) for unused in (7, 6, 5, 4)]
    assert numbers == [5, 5, 5, 4]
    assert pointdefense.kill_number(F, 3, 2) == 5
    assert pointdefense.succeeds(5, 5) and not pointdefense.succeeds(6, 5)


def test_working_point_defense_boxes() -> None:
    assert pointdefense.working_boxes(F, 7, True, False) == 7
    assert pointdefense.working_boxes(F, 7, False, False) == 3  # halved without a lock
    assert pointdefense.working_boxes(F, 7, True, True) == 5  # evading: 2 fewer
    assert pointdefense.working_boxes(F, 1, False, True) == 0


# -- 2.7 taking damage --------------------------------------------------------------------
def test_screens_armor_and_the_interior() -> None:
    assert damage.screen_strength(F, 4, 6) == 8  # reinforcement within the boxes (R19)
    # 10 points: 3 stopped by the screens left, 4 armor boxes take 4, 3 go inside
    assert damage.strike(F, 10, True, 3, 4) == (3, 4, 4, 3)
    assert damage.strike(F, 2, False, 3, 0) == (0, 0, 0, 2)  # lingering acid gum
    assert damage.screens_spent(True, 3) == 0 and damage.screens_spent(False, 3) == 3  # R14
    assert damage.rear_engine_first(F, 4, False)
    assert not damage.rear_engine_first(F, 4, True) and not damage.rear_engine_first(F, 1, False)


def test_the_damage_allocation_chart() -> None:
    assert damage.chart_cell(CHARTS.chart, 1, 1) == (HULL_FORWARD, True)
    assert damage.chart_cell(CHARTS.chart, 1, 4) == (HULL_AFT, False)
    assert damage.chart_cell(CHARTS.chart, 3, 4) == (CHART_RADAR, False)
    assert damage.chart_cell(CHARTS.chart, 6, 5) == (CHART_ANY_WEAPON, False)


def test_r16_falls_through_to_hull_then_final_damage() -> None:
    steps = CHARTS.steps
    assert damage.fall_through(F, steps, 1, 2, 1, True) == HULL_FORWARD
    assert damage.fall_through(F, steps, 0, 2, 1, True) == HULL_AFT  # the other half
    assert damage.fall_through(F, steps, 3, 0, 1, False) == HULL_FORWARD
    assert damage.fall_through(F, steps, 0, 0, 1, True) == FINAL_DAMAGE
    assert damage.fall_through(F, steps, 0, 0, 0, True) == damage.DESTROYED


def test_capacitor_hits_take_an_empty_one_first() -> None:
    assert damage.capacitor_hit(3, 1) == (True, False)  # two empty: one goes, no charge
    assert damage.capacitor_hit(2, 2) == (True, True)  # all charged: a charge goes too
    assert damage.capacitor_hit(0, 0) == (False, False)


def test_an_explosion() -> None:
    # 2 x 2 engines + 1 tank + 3 charged capacitors + 1 beam + 2 screens + 3 gun boxes
    # + 5 secondary weapon boxes x 1/2 + a suicide bomb 10 = 26.5; 8 less a hex.
    strength = damage.explosion_strength(RATES, 2, 1, 3, 1, 2, 3, 5, 1)
    assert strength == 26.5
    assert damage.explosion_points(RATES, strength, 2) == 10
    assert damage.explosion_strength(RATES, 0, 0, -2, 0, 0, 0, 0, 0) == 0.0  # power spent


# -- 2.3, 2.8, R20 movement ------------------------------------------------------------------
def test_turning() -> None:
    assert movement.turned(1, 4, 1) == 2  # half way round: clockwise, one hexside
    assert movement.turned(1, 6, 1) == 6
    assert movement.turned(2, 5, 3) == 5
    assert movement.rotation_limit(F, False, 0, True, False, False) == 3
    assert movement.rotation_limit(F, True, 3, True, False, False) == 0  # a base, too soon
    assert movement.rotation_limit(F, True, 4, True, False, False) == 1
    assert movement.rotation_limit(F, False, 0, False, False, False) == 1  # no control
    assert movement.rotation_limit(F, False, 0, True, True, False) == 1  # evading
    assert movement.rotation_limit(F, False, 0, True, False, True) == 1  # after a crash


def test_which_engines_push() -> None:
    push = movement.engines_pushing
    assert push(False, 3, 1, True, 0.0, 1, 1) == 3  # fuelled, nose toward the enemy
    assert push(False, 3, 0, True, 0.0, 1, 1) == 0  # no fuel
    assert push(False, 3, 0, False, 0.0, 1, 1) == 0  # R20: a ramscoop cannot start from rest
    assert push(False, 3, 0, False, 2.0, 1, 1) == 3  # once moving it needs no fuel
    assert push(False, 3, 0, False, 2.0, 1, -1) == 3  # R20: braking nose-first
    assert push(False, 3, 0, False, 2.0, 4, -1) == 0  # but not with its engines
    assert push(True, 3, 1, True, 0.0, 1, 1) == 0  # a base never moves
    assert movement.scoop_braking(1, -1) and movement.scoop_braking(4, 1)


def test_thrust_crash_and_evasion() -> None:
    assert movement.thrust_velocity(F, 11.9, 1, 0.25, False) == 12.0  # top speed
    assert movement.thrust_velocity(F, 0.1, -1, 0.25, True) == 0.0  # R20: stops at rest
    assert movement.crash_mishap(F, 12) and not movement.crash_mishap(F, 11)
    assert movement.may_crash(True, 1, True, 0) and not movement.may_crash(True, 1, True, 2)
    assert movement.evading(F, True, False, 3, 2, True)  # one engine beyond the two pushing
    assert not movement.evading(F, True, False, 2, 2, True)
    assert not movement.evading(F, True, True, 9, 2, True)  # not while crashing
    assert movement.closed_range(F, 10.0, 6.0, 6.0) == 9.0
    assert movement.closed_range(F, 0.5, 6.0, 6.0) == 0.0  # the craft meet, never pass
    assert movement.cosmic_rays(F, 7.0) == 0  # an optional rule the catalog leaves off
    assert movement.cosmic_rays(F._replace(rays_on=1), 7.0) == 1
    assert movement.rate_size(0) == 1 and movement.rate_size(3) == 3


# -- 2.2, 2.9, R17, R19, R22 power -------------------------------------------------------------
def test_electronics_and_lock_on() -> None:
    assert power.electronics_limit(F, 3, True) == 6 and power.electronics_limit(F, 3, False) == 3
    assert power.electronics_points(5, 3, 10, 1) == 3
    assert power.electronics_points(5, 6, 2, 1) == 2
    assert power.invisibility_powered(True, True, 10, 10)
    assert not power.invisibility_powered(True, True, 0, 10)
    assert power.invisibility_void(True, 0, 0) and not power.invisibility_void(False, 0, 0)
    assert power.radar_short(F, 3, 1) == 2
    assert power.lock_needs_roll(F, 6) == power.LOCK_SURE
    assert power.lock_needs_roll(F, 0) == power.LOCK_NEVER
    assert power.lock_needs_roll(F, 3) == power.LOCK_ROLL
    assert power.locks(3, 3) and not power.locks(3, 4)


def test_screen_reinforcement() -> None:
    # 4 screens, 1 point bought: room for 3 more; 7 power pays for 2 at 3 a point
    assert power.reinforcement_points(F, 10, 4, 1, 7) == 2
    assert power.reinforcement_room(F, 4, 1, 7) == 2
    assert power.reinforcement_room(F, 4, 4, 99) == 0


# -- 2.2, 2.4-2.6 flight ----------------------------------------------------------------------
def test_missiles_and_drones() -> None:
    assert flight.missile_distance(F, 3.0, 6, 6.0) == 2.0
    assert flight.missile_distance(F, 0.5, 6, 6.0) == 0.0
    assert flight.missile_fuel(F, 24.0, 6) == 23.5
    assert flight.missile_lost(-0.5, 1.0) and not flight.missile_lost(-0.5, 0.5)
    assert flight.missile_launch_speed(F, True) == 12 and flight.missile_launch_speed(F, False) == 6
    assert flight.rail_launches(F, 3, 2, 10) == 2 and flight.rail_launches(F, 3, 4, 1) == 1
    assert flight.shot_down_points(F) == 6 and flight.hex_share(F) == 6
    assert flight.seeker_lost(F, 1) and not flight.seeker_lost(F, 2)
    assert flight.drone_launch_speed(F, 2.0, False) == 5.0
    assert flight.drone_launch_speed(F, 2.0, True) == 2.0
    assert flight.drone_speed(F, 1.0, 1) == 1.25 and flight.drone_speed(F, 1.0, -1) == 0.75


def test_gun_limits() -> None:
    assert flight.acid_gum_ready(F, 10, 7, 1) and not flight.acid_gum_ready(F, 10, 8, 1)
    assert flight.liquid_metal_ready(F, 2, 1)
    assert not flight.liquid_metal_ready(F, 1, 1) and not flight.liquid_metal_ready(F, 2, 0)
    assert flight.gun_rested(3, 5, 1) and not flight.gun_rested(4, 5, 1)
    assert flight.secondary_shots_left(F, 3, 1) == 2
    assert flight.bolt_reach(F) == 11.0


# -- the captains' estimates --------------------------------------------------------------------
def test_the_race_estimates() -> None:
    assert race.net_volley(10.0, 4.0, 0.0, 3) == 9.0  # (11 + 7) / 2: guns every other volley
    assert race.blast_share(RATES, 26.5, 2, 2, 20.0) == (26.5 - 16 - 2) / 20
    assert race.race_ratio(1.0, 0.0) == inf and race.race_ratio(0.0, 0.0) == 0.0
    assert race.approach_turns(0.0, 1.0, 8.0) == 4.0  # 8 = 1 x t x t / 2
    assert race.approach_turns(2.0, 0.0, 8.0) == 4.0
    assert race.wanted_velocity(F, 10.0, 4.0, 0.0) == 6.0  # sqrt(6 x 6)
    assert race.group_damage(F, CHARTS.steps, ACID, 1, 3, 0.0, 0.5) == 4.0  # (2 + 2 x 3) / 2
    assert race.screened(F, ACID, 1, 0.0, 0.5, 2) == (1.0, 2.0)  # the impact only
    assert race.shots(RADIATION, 4) == 1 and race.shots(LASER, 4) == 4
    assert race.nearest(10.0, -3.0, 4.0) == 3.0
