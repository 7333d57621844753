"""Constructed cases for the default captain: each asserts one decision a player would make."""

from __future__ import annotations

from shipyard.core.dice import CounterDice
from shipyard.rulesets.pentagon_war.engine import judgement
from shipyard.rulesets.pentagon_war.engine.orders import FireOrder, Incoming, Situation
from shipyard.rulesets.pentagon_war.engine.policy import FAR, Policy, policy_named
from shipyard.rulesets.pentagon_war.engine.state import Drone, Missile
from tests.test_duel_rules import duel


def situation_of(fight: object, impulse: int = 1) -> Situation:
    from shipyard.rulesets.pentagon_war.engine.duel import Duel
    assert isinstance(fight, Duel)
    fight.impulse = impulse
    return fight.situation()


def test_a_base_turns_its_strongest_armor_to_the_enemy() -> None:
    fight = duel("ceres-station", "sunspear", CounterDice(1), hexes=8.0)
    base, sunspear = fight.crafts  # three radiation guns: enough to get past 20 screens
    policy = Policy()
    first = policy.base_direction(base, sunspear, situation_of(fight, 1))
    assert first == base.direction == 1  # its thickest armor already faces the enemy
    base.armor[1] = 0  # that side stripped
    second = policy.base_direction(base, sunspear, situation_of(fight, 5))
    assert second in (2, 6) and base.armor[second] > 0  # one hexside round (2.3)
    base.direction, base.last_rotation = second, 5
    assert policy.base_direction(base, sunspear, situation_of(fight, 8)) == second


def test_no_braking_with_an_unarmored_rear_while_the_enemy_can_fire() -> None:
    fight = duel("lancer", "lancer", CounterDice(1), hexes=12.0)
    me, enemy = fight.crafts
    me.velocity = 12.0  # far too fast for the range it wants
    policy = Policy()
    order = policy.maneuver(me, enemy, situation_of(fight, 2))
    assert order.direction != 4 and me.armor[order.direction] > 0
    for group in enemy.weapons:  # the enemy has spent its volley this turn
        group.fired = group.boxes
    assert policy.maneuver(me, enemy, situation_of(fight, 3)).direction == 4
    # A missile that can reach it in this impulse's movement is a live threat too.
    enemy.missiles.append(Missile(1.5, 6, 20.0))
    assert policy.maneuver(me, enemy, situation_of(fight, 4)).direction != 4


def test_a_manned_craft_never_shows_its_rear_to_brake() -> None:
    fight = duel("stinger", "lancer", CounterDice(1), hexes=12.0)
    stinger, lancer = fight.crafts  # manned: braking by 1/120 hex per turn an impulse
    stinger.velocity = 12.0
    for group in lancer.weapons:
        group.fired = group.boxes
    assert Policy().maneuver(stinger, lancer, situation_of(fight, 3)).direction != 4


def test_no_thrust_ordered_without_fuel() -> None:
    fight = duel("lancer", "lancer", CounterDice(1), hexes=30.0)
    me, enemy = fight.crafts
    assert Policy().maneuver(me, enemy, situation_of(fight, 2)).thrust == 1
    me.boxes["fuel_tank"] = 0
    assert Policy().maneuver(me, enemy, situation_of(fight, 2)).thrust == 0


def test_a_ramscoop_brakes_facing_the_enemy() -> None:
    fight = duel("hammer", "lancer", CounterDice(1), hexes=20.0)
    hammer, lancer = fight.crafts
    hammer.velocity = 12.0  # closing far too fast to stop at its beams' 2 hexes
    order = Policy().maneuver(hammer, lancer, situation_of(fight, 2))
    assert (order.direction, order.thrust) == (1, -1)  # scoop first, front armor forward


def test_a_ship_that_cannot_hurt_its_enemy_keeps_away() -> None:
    fight = duel("starter", "ceres-station", CounterDice(1), hexes=30.0)
    starter, base = fight.crafts
    policy = Policy()
    assert policy.plan(starter, base, situation_of(fight)) == FAR
    assert policy.maneuver(starter, base, situation_of(fight)).thrust <= 0


def test_sunspear_does_not_charge_ceres_station() -> None:
    fight = duel("sunspear", "ceres-station", CounterDice(1), hexes=30.0)
    sunspear, base = fight.crafts
    assert policy_named("default").maneuver(sunspear, base, situation_of(fight)).thrust <= 0


def test_a_laser_base_shoots_the_drones_of_a_carrier() -> None:
    fight = duel("ceres-station", "hive", CounterDice(1), hexes=12.0)
    base, hive = fight.crafts
    hive.drones = [Drone("laser", 1.0, 0.0, 24, escort=False) for _ in range(30)]
    orders = Policy().fire(base, hive, situation_of(fight))
    at_drones = [o for o in orders if o.target == "drone"]
    lasers = next(i for i, g in enumerate(base.weapons) if g.type == "laser")
    assert sum(o.boxes for o in at_drones if o.index == lasers) == 8
    assert len({o.target_index for o in at_drones}) >= 4  # spread over several drones


def test_without_control_it_fires_when_its_best_weapons_bear() -> None:
    fight = duel("mercurand", "lancer", CounterDice(1), hexes=3.0)
    mercurand, lancer = fight.crafts
    mercurand.boxes["main_control"] = mercurand.boxes["aux_control"] = 0
    policy = Policy()
    mercurand.direction = 6  # the proton cannons bear, the lasers do not
    assert policy.fire(mercurand, lancer, situation_of(fight, 2)) == []
    best = policy.best_direction(mercurand, lancer, situation_of(fight, 3))
    mercurand.direction = best
    fired = {o.index for o in policy.fire(mercurand, lancer, situation_of(fight, 3))}
    assert fired == set(range(len(mercurand.weapons)))


def test_acid_gum_is_kept_for_shots_that_can_hit() -> None:
    fight = duel("stinger", "lancer", CounterDice(1), hexes=30.0)
    stinger, lancer = fight.crafts
    policy = Policy()
    assert not [o for o in policy.fire(stinger, lancer, situation_of(fight, 12)) if o.gun]
    fight.range = 2.0
    assert [o for o in policy.fire(stinger, lancer, situation_of(fight, 12)) if o.gun]


def test_eccm_meets_the_enemy_jamming() -> None:
    fight = duel("lancer", "shade", CounterDice(1), hexes=20.0)
    lancer, shade = fight.crafts
    shade.ecm = 2  # announced last turn
    fight.turn = 2
    allocation = Policy().allocate(lancer, shade, situation_of(fight))
    short = max(0, shade.ecm - allocation.eccm)
    assert lancer.radar[short] >= lancer.radar[0] - 1  # not jammed down its track


def test_a_beam_carrier_keeps_power_for_its_beams_and_uses_them() -> None:
    fight = duel("hammer", "lancer", CounterDice(1), hexes=2.0)
    hammer, lancer = fight.crafts
    policy = Policy()
    situation = situation_of(fight, 12)
    assert policy.weapon_power(hammer, lancer, situation) >= 1
    beams = [o for o in policy.fire(hammer, lancer, situation) if not o.gun and o.double]
    assert beams


# -- captains that weigh what the rules do to them ------------------------------------------
def test_the_race_keeps_out_of_a_big_death_explosion() -> None:
    fight = duel("lancer", "lancer", CounterDice(1), hexes=30.0)
    me, enemy = fight.crafts
    assert Policy().plan(me, enemy, situation_of(fight)) == 0  # a mirror: point blank
    enemy.suicide_bombs, enemy.boxes["fuel_tank"] = 1, 8
    # Its blast: 2 x 2 engines + 8 tanks + 6 capacitors + 3 screens + 3 x 1/2 + 10 = 32.5;
    # past my 3 screens 29.5 at range 0, 13.5 at 2 hexes, 5.5 at 3, nothing from 4 on.
    assert Policy().plan(me, enemy, situation_of(fight)) >= 4


def test_no_reinforcement_the_announced_fire_cannot_use() -> None:
    fight = duel("hive", "lancer", CounterDice(1), hexes=2.0)
    hive, lancer = fight.crafts
    hive.charge = 60  # power is no limit here
    situation = situation_of(fight)
    laser = next(i for i, g in enumerate(lancer.weapons) if g.type == "laser")
    one_laser = Incoming((FireOrder(laser),))
    # At best 12 + size class 3 - 2 (URM at 2) = 13: 5 points, and 10 screens are up.
    assert Policy().reinforce(hive, lancer, situation, one_laser) == 0
    everything = Incoming(tuple(FireOrder(i) for i in range(len(lancer.weapons))))
    # Two proton cannons (7 each at 2 hexes) and the laser: at best 19, about 12 on average,
    # so it wants 19 screens up rather than 10 + 12.
    want = Policy().reinforce(hive, lancer, situation, everything)
    assert want == 19 - 10
    hive.reinforcement = want  # bought at an earlier impulse of this turn (R19)
    assert Policy().reinforce(hive, lancer, situation, everything) == 0


def test_the_sniper_declares_evasion_for_a_turn_only_when_it_pays() -> None:
    fight = duel("hive", "sunspear", CounterDice(1), hexes=30.0)
    hive, sunspear = fight.crafts
    # -3 on every roll costs the radiation guns more than the Hive's lasers and drones.
    assert policy_named("sniper").allocate(hive, sunspear, situation_of(fight)).evade
    fight = duel("lancer", "lancer", CounterDice(1), hexes=30.0)
    assert not policy_named("sniper").allocate(*fight.crafts, situation_of(fight)).evade
    assert not policy_named("default").allocate(hive, sunspear, situation_of(fight)).evade


# -- power spent only where it pays -----------------------------------------------------------
def test_no_eccm_against_an_enemy_that_hides() -> None:
    fight = duel("lancer", "shade", CounterDice(1), hexes=4.0)
    lancer, shade = fight.crafts
    fight.turn, shade.ecm = 2, 2  # it jammed last turn
    assert Policy().allocate(lancer, shade, situation_of(fight)).eccm > 0
    shade.went_invisible = True  # it hid last turn: no lock to keep this turn
    assert Policy().allocate(lancer, shade, situation_of(fight)).eccm == 0


def test_no_ecm_when_the_enemy_cannot_lock_on() -> None:
    fight = duel("shade", "lancer", CounterDice(1), hexes=4.0)
    shade, lancer = fight.crafts
    fight.turn = 2
    assert Policy().allocate(shade, lancer, situation_of(fight)).ecm > 0
    lancer.radar = [0]  # only the free 0 box left: it never locks on
    assert Policy().allocate(shade, lancer, situation_of(fight)).ecm == 0


def test_resting_guns_leave_the_power_to_the_screens() -> None:
    fight = duel("sunspear", "lancer", CounterDice(1), hexes=4.0)
    sunspear, lancer = fight.crafts  # 6 capacitors, no weapon that needs power
    fight.turn, lancer.ecm = 2, 1
    assert Policy().allocate(sunspear, lancer, situation_of(fight)).eccm > 0  # guns ready
    for gun in sunspear.guns:  # all three fired last turn: they rest this one (2.2)
        gun.last_turn = 1
    allocation = Policy().allocate(sunspear, lancer, situation_of(fight))
    # No lock to keep, and the Lancer's volley at 4 hexes (about 10 against 8 screens)
    # wants its 6 power kept for two points of reinforcement, not for ECM.
    assert (allocation.eccm, allocation.ecm) == (0, 0)


def test_a_craft_hides_with_its_radar_off_and_no_electronics() -> None:
    fight = duel("shade", "sunspear", CounterDice(1), hexes=30.0)
    allocation = Policy().allocate(*fight.crafts, situation_of(fight))
    assert allocation.invisible and not allocation.radar
    assert (allocation.ecm, allocation.eccm) == (0, 0)


# -- no volley the screens stop at the best rolls ---------------------------------------------
def test_no_volley_whose_best_case_the_screens_can_stop() -> None:
    fight = duel("mercurand", "hive", CounterDice(1), hexes=29.0)
    mercurand, hive = fight.crafts
    # At 29 hexes (URM -6) against size class 3 the best roll, 12, modifies to 9: each of
    # the 2 lasers does 4 and each of the 2 proton cannons 2 (it hits on 6+), 12 in all.
    # The Hive has 10 screen boxes up and could raise 1 more per 3 power, up to 20.
    policy = Policy()
    policy.fire_range = 30  # fires at this range before the last impulse of the turn
    policy.plan(mercurand, hive, situation_of(fight, 11))
    policy._engaged = True  # as one holding a range where it hurts (its mean race is nil)
    hive.spent = hive.charge  # no power left: 10 screens, 12 can pass
    assert {o.index for o in policy.fire(mercurand, hive, situation_of(fight, 11))}
    hive.spent = hive.charge - 6  # 6 power left: 2 more screens, 12 in all: nothing passes
    assert not policy.fire(mercurand, hive, situation_of(fight, 11))
    hive.spent = hive.charge - 5  # 5 power left pays for 1 more screen only: 1 can pass
    assert policy.fire(mercurand, hive, situation_of(fight, 11))
    hive.spent, hive.reinforcement = hive.charge, 2  # 2 raised earlier this turn (R19)
    assert not policy.fire(mercurand, hive, situation_of(fight, 11))
    # On the last impulse its power is lost after the volley (2.2): the screens up count.
    hive.spent, hive.reinforcement = hive.charge - 6, 0
    assert Policy().fire(mercurand, hive, situation_of(fight, 12))


# -- no charge it would not live through -------------------------------------------------------
def test_no_charge_across_the_enemy_fire_it_would_not_survive() -> None:
    fight = duel("hammer", "sunspear", CounterDice(1), hexes=30.0)
    hammer, sunspear = fight.crafts
    hammer.velocity = 3.0  # moving toward the Sunspear: its ramscoop can thrust (R20)
    situation = situation_of(fight)
    combat, covering = situation.combat, situation.covering
    found = judgement.races(hammer, sunspear, judgement.RANGES, combat, covering,
                            situation.rates)
    ratios = [mine / theirs for mine, theirs in found]
    # Once there, within 6 hexes, it would destroy the Sunspear at over half the rate it
    # is destroyed (well above the 1 in 4 at which a captain runs), and beyond 8 hexes it
    # cannot hurt it at all: the race alone would send it charging.
    assert max(ratios) > 0.5 and ratios[judgement.RANGES.index(12)] == 0.0
    # But closing 27 hexes from 3 hexes a turn, gaining 3 a turn, takes about 3.2 turns,
    # most of them under radiation-gun fire it cannot answer: it keeps away instead (it
    # cannot outrun the Sunspear, so it keeps the range rather than run).
    assert judgement.closing(hammer, combat) == (3.0, 3.0)
    assert Policy().plan(hammer, sunspear, situation) >= 30.0
    fight = duel("hammer", "lancer", CounterDice(1), hexes=30.0)
    hammer, lancer = fight.crafts
    hammer.velocity = 3.0  # against the Lancer's lasers it lives to get there
    assert Policy().plan(hammer, lancer, situation_of(fight)) <= 2.0
