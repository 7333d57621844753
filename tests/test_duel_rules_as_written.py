"""Known answers for rules a referee found bent: point defense once per target, screens
once per impulse, radar invisibility, a base's turns, evasion, acid gum that clings,
screen reinforcement for the turn, ramscoops (RULES.md 2.2-2.9, docs/rules.md R18-R20)."""

from __future__ import annotations

from typing import Any

from shipyard.core.dice import ScriptedDice
from shipyard.rulesets.pentagon_war.engine.damage import Hit, screen_strength, take_damage
from shipyard.rulesets.pentagon_war.engine.orders import (
    Allocation,
    FireOrder,
    Launch,
    Maneuver,
    steer,
)
from shipyard.rulesets.pentagon_war.engine.state import Bolt, Craft, Drone, Missile
from shipyard.rulesets.pentagon_war.engine.tables import load_combat
from tests.test_duel_rules import Holding, duel


# -- 2.5: point defense never fires twice at one target in an impulse ---------------------
def test_point_defense_scores_at_most_one_point_on_a_craft_in_its_hex() -> None:
    # Both Lancers in one hex, 3 PD boxes each: kill number min(5, 3) + size class 1 = 4.
    dice = ScriptedDice([1, 1])
    fight = duel("lancer", "lancer", dice, hexes=0.0, policies=(Holding(), Holding()))
    fight.flight.point_defense()
    assert dice.used == 2  # one shot each way, though each had 3 boxes
    assert [[hit.points for hit in hits] for hits in fight.pending] == [[1], [1]]


# -- 2.7: screens subtract once from everything in an impulse, an explosion included ------
def test_an_explosion_meets_only_the_screens_left_in_the_impulse() -> None:
    dice = ScriptedDice([1, 1])  # B's one interior hit: forward hull, none left -> destroyed
    fight = duel("lancer", "lancer", dice, hexes=0.0, policies=(Holding(), Holding()))
    a, b = fight.crafts
    b.boxes.update(screen=0, hull_forward=0, hull_aft=0, final_damage=0, engine=1,
                   fuel_tank=0)
    b.armor = [0] * 7
    b.weapons.clear()
    b.spent = b.charge  # explosion: 2 for its one engine, nothing else
    fight.pending[0].append(Hit(3, "laser"))  # A's 3 screens stop it all
    fight.pending[1].append(Hit(1, "proton cannon"))
    fight.assess()
    assert b.destroyed and dice.used == 2
    assert a.taken.screens == 3  # the screens stopped the laser, and nothing more
    assert a.armor[1] == 3 - 2  # the blast's 2 points went to the armor


def test_only_the_first_interior_point_on_the_rear_in_an_impulse_takes_an_engine() -> None:
    combat = load_combat()
    fight = duel("lancer", "lancer", ScriptedDice([3, 3]), hexes=0.0)
    ship = fight.crafts[0]
    ship.boxes["screen"] = 0
    [first] = take_damage(ship, [Hit(1, "laser")], 4, combat, fight.dice)
    [second] = take_damage(ship, [Hit(1, "explosion")], 4, combat, fight.dice)
    assert (first.interior, second.interior) == (["engine"], ["capacitor"])  # (3,3)


# -- R18: acid gum clings to the side it struck ------------------------------------------
class ShowingRear(Holding):
    def maneuver(self, me: Craft, enemy: Craft, situation: Any) -> Maneuver:
        return steer(4)


def test_acid_gum_eats_the_side_it_struck_when_the_craft_turns() -> None:
    dice = ScriptedDice([6, 6])  # 12 + size class 1 - 2 (URM at 2) = 11: the gum hits
    fight = duel("stinger", "lancer", dice, hexes=2.0, policies=(Holding(), ShowingRear()))
    stinger, lancer = fight.crafts
    gun = next(i for i, g in enumerate(stinger.guns) if g.type == "acid_gum_gun")
    fight.fire(0, stinger, FireOrder(gun, gun=True))
    fight.assess()  # impact: 2 points, the Lancer's 3 screens stop them
    assert lancer.armor[1] == 3 and [g.side for g in lancer.lingering] == [1]
    fight.play_impulse()  # the Lancer turns its rear; the gum keeps eating side 1
    assert lancer.direction == 4
    assert lancer.armor[1] == 1 and lancer.boxes["engine"] == 2


# -- R19: screen reinforcement lasts to the end of the turn -------------------------------
def test_reinforcement_stays_up_for_the_rest_of_the_turn() -> None:
    fight = duel("lancer", "lancer", ScriptedDice([]), hexes=20.0,
                 policies=(Holding(), Holding()))
    lancer = fight.crafts[0]
    fight.reinforce(lancer, 2)
    assert (lancer.reinforcement, lancer.power) == (2, 6 - 2 * 3)
    for impulse in (2, 3):
        fight.impulse = impulse
        fight.play_impulse()
    assert screen_strength(lancer, fight.combat) == 3 + 2
    fight.end_turn()
    assert screen_strength(lancer, fight.combat) == 3


def test_reinforcement_never_passes_double_the_screens_left() -> None:
    fight = duel("hive", "lancer", ScriptedDice([]), hexes=20.0)
    hive = fight.crafts[0]  # 10 screens
    hive.charge = 40
    fight.reinforce(hive, 3)
    fight.reinforce(hive, 9)  # 7 more is the most 10 screens carry
    assert hive.reinforcement == 10 and hive.power == 40 - 10 * 3
    hive.reinforcement = 3
    hive.boxes["screen"] = 2  # screens destroyed since: they carry only 2 more
    assert screen_strength(hive, fight.combat) == 4


# -- 2.3: a base turns one hexside, at least 4 impulses after its last turn ---------------
def test_a_base_turns_60_degrees_and_then_waits_4_impulses() -> None:
    fight = duel("ceres-station", "lancer", ScriptedDice([]), hexes=40.0)
    base = fight.crafts[0]
    seen = []
    for clock in range(1, 10):
        fight.clock = clock
        fight.impulse = clock
        fight.maneuver(0, base, steer(3))
        seen.append(base.direction)
    # Wants direction 3 from 1: one hexside at impulse 1, the next 4 impulses later.
    assert seen == [2, 2, 2, 2, 3, 3, 3, 3, 3]


# -- R20: ramscoops: fuel to start from rest, braking nose-first --------------------------
def test_a_ramscoop_needs_fuel_to_start_from_rest() -> None:
    fight = duel("hammer", "mercurand", ScriptedDice([]), hexes=20.0)
    hammer, mercurand = fight.crafts  # a ramscoop with no fuel tank; a magnascoop with one
    fight.maneuver(0, hammer, steer(1, 1))
    fight.maneuver(1, mercurand, steer(1, 1))
    assert hammer.velocity == 0.0
    assert mercurand.velocity == 1 / 10 / 12  # manned: 1/10 hex per turn per turn
    hammer.velocity = 2.0  # under way, it needs no fuel to speed up
    fight.maneuver(0, hammer, steer(1, 1))
    assert hammer.velocity == 2.25


def test_a_ramscoop_brakes_nose_first_down_to_a_stop() -> None:
    fight = duel("hammer", "lancer", ScriptedDice([]), hexes=20.0)
    hammer, lancer = fight.crafts
    hammer.velocity = 0.4
    fight.maneuver(0, hammer, steer(1, -1))  # facing into its velocity: the scoop brakes
    assert (hammer.direction, hammer.velocity) == (1, 0.4 - 0.25)
    fight.maneuver(0, hammer, steer(1, -1))
    assert hammer.velocity == 0.0  # a stop, not a start the other way
    hammer.velocity = 0.4
    fight.maneuver(0, hammer, steer(4, -1))  # braking with the engines needs fuel
    assert hammer.velocity == 0.4
    lancer.velocity = 0.4
    fight.maneuver(1, lancer, steer(1, -1))  # no scoop, no braking nose-first
    assert lancer.velocity == 0.4


# -- 2.3, 2.4: evasive maneuvering ------------------------------------------------------------
def test_evasion_is_declared_for_the_turn_and_limits_turning() -> None:
    fight = duel("lancer", "lancer", ScriptedDice([]), hexes=20.0)
    lancer = fight.crafts[0]
    fight.allocate(lancer, Allocation(evade=True))
    fight.maneuver(0, lancer, steer(4))  # 180 degrees asked: 60 given
    assert lancer.evasive and lancer.evading and lancer.direction == 2
    fight.maneuver(0, lancer, steer(4))
    assert lancer.direction == 3 and lancer.evading
    lancer.boxes["engine"] = 1
    fight.maneuver(0, lancer, steer(4, -1))  # its one engine thrusts: none to spare
    assert lancer.direction == 4 and lancer.velocity < 0
    assert lancer.evasive and not lancer.evading
    fight.end_turn()
    assert not lancer.evasive


def test_an_evader_fires_at_one_target_a_turn() -> None:
    dice = ScriptedDice([1, 1, 1, 1])
    fight = duel("lancer", "hive", dice, hexes=2.0)
    lancer = fight.crafts[0]
    fight.crafts[1].drones = [Drone("laser", 2.0, 0.0, 24, escort=False)]
    fight.allocate(lancer, Allocation(evade=True))
    fight.fire(0, lancer, FireOrder(1, target="drone"))  # the laser at the drone
    fight.fire(0, lancer, FireOrder(0))  # the proton cannons at the Hive: refused
    assert [g.fired for g in lancer.weapons] == [0, 1] and dice.used == 2


def test_after_crash_acceleration_the_next_turn_of_the_craft_is_60_degrees() -> None:
    fight = duel("lancer", "lancer", ScriptedDice([1, 1]), hexes=20.0)
    lancer = fight.crafts[0]
    fight.maneuver(0, lancer, steer(1, 1, crash=True))
    assert lancer.crashing
    fight.clock += 1
    fight.maneuver(0, lancer, steer(4))
    assert lancer.direction == 2
    fight.clock += 1
    fight.maneuver(0, lancer, steer(5))
    assert lancer.direction == 5


def test_a_missile_misses_an_evader_one_time_in_six_and_is_detonated() -> None:
    for roll, points in ((1, 12 // 2), (2, 12)):
        dice = ScriptedDice([6, roll])  # the Lancer's one PD shot misses, then the miss roll
        fight = duel("mercurand", "lancer", dice, hexes=5.0)
        mercurand, lancer = fight.crafts
        lancer.evading = True
        mercurand.missiles.append(Missile(0.5, 6, 24.0))
        fight.flight.point_defense()
        assert [h.points for h in fight.pending[1]] == [points] and dice.used == 2


def test_a_missile_launched_by_an_evader_loses_its_target_one_time_in_six() -> None:
    fight = duel("mercurand", "lancer", ScriptedDice([1, 4]), hexes=10.0)
    mercurand = fight.crafts[0]
    mercurand.evading = True
    fight.flight.launch(0, mercurand, Launch(missiles=2))
    assert len(mercurand.missiles) == 1 and mercurand.boxes["missile"] == 10


def test_a_bolt_misses_an_evader_one_time_in_six() -> None:
    fight = duel("hammer", "lancer", ScriptedDice([1]), hexes=5.0)
    hammer, lancer = fight.crafts
    lancer.evading = True
    hammer.bolts.append(Bolt(0.5, flown=4))
    fight.flight.bolts_strike()
    assert not fight.pending[1] and not hammer.bolts


# -- R22: radar on, ECM, ECCM, firing and launching void radar invisibility --------------
def test_radar_on_or_ecm_voids_radar_invisibility() -> None:
    fight = duel("shade", "lancer", ScriptedDice([]), hexes=20.0)
    shade, lancer = fight.crafts  # 10 capacitors; invisibility costs 5 x size class I
    fight.allocate(shade, Allocation(invisible=True))  # radar left on
    assert not shade.invisible and shade.power == 10 - 5  # the power is spent all the same
    shade.spent = 0
    fight.allocate(shade, Allocation(invisible=True, radar=False, ecm=1))
    assert not shade.invisible and shade.power == 10 - 5 - 1
    shade.spent = 0
    fight.allocate(shade, Allocation(invisible=True, radar=False))
    assert shade.invisible and shade.went_invisible
    fight.lock_on(lancer, shade)
    fight.lock_on(shade, lancer)
    assert not lancer.locked and not shade.locked  # no die rolled: the dice are empty


def test_firing_or_launching_voids_radar_invisibility_for_the_rest_of_the_turn() -> None:
    fight = duel("shade", "lancer", ScriptedDice([1, 1]), hexes=2.0)
    shade = fight.crafts[0]
    fight.allocate(shade, Allocation(invisible=True, radar=False))
    laser = next(i for i, g in enumerate(shade.weapons) if g.type == "laser")
    fight.fire(0, shade, FireOrder(laser))
    assert not shade.invisible and shade.went_invisible
    fight = duel("mercurand", "lancer", ScriptedDice([]), hexes=10.0)
    mercurand = fight.crafts[0]
    mercurand.invisible = True  # as if it could hide
    fight.flight.launch(0, mercurand, Launch(missiles=1))
    assert not mercurand.invisible
