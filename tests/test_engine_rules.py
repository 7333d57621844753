"""Single rules of the duel loop, set up by hand and resolved with forced dice."""

from __future__ import annotations

from shipyard.core.dice import Dice, ScriptedDice
from shipyard.core.outcome import DuelScenario
from shipyard.rulesets.pentagon_war.design import read_design
from shipyard.rulesets.pentagon_war.engine.duel import Duel
from shipyard.rulesets.pentagon_war.engine.policy import FireOrder, Launch, Maneuver, Policy
from shipyard.rulesets.pentagon_war.engine.state import Bolt, Missile, craft_from
from shipyard.rulesets.pentagon_war.engine.tables import load_combat
from shipyard.services.registry import evaluate
from shipyard.services.samples import resolve


def duel(a: str, b: str, dice: Dice, hexes: float = 2.0) -> Duel:
    first = evaluate(read_design(resolve(f"sample:{a}")))
    second = evaluate(read_design(resolve(f"sample:{b}")))
    fight = Duel((craft_from(first, "A"), craft_from(second, "B")), (Policy(), Policy()),
                 DuelScenario(), load_combat(), first.catalog, dice)
    fight.turn, fight.impulse, fight.clock, fight.range = 1, 1, 1, hexes
    for craft in fight.crafts:
        craft.charge, craft.locked = craft.boxes["capacitor"], True
    return fight


def test_an_attached_beam_pulls_both_craft_together() -> None:
    fight = duel("hammer", "lancer", ScriptedDice([6, 6]))
    hammer, lancer = fight.crafts
    fight.fire(0, hammer, FireOrder(0, pull=True, double=True))
    assert hammer.power == hammer.charge - 1  # double strength costs 1 power
    assert lancer.beam_push > 0 and hammer.beam_push > 0
    fight.move()
    assert fight.range < 2.0


def test_beams_do_not_reach_past_2_hexes() -> None:
    fight = duel("hammer", "lancer", ScriptedDice([6, 6]), hexes=3.0)
    hammer, lancer = fight.crafts
    fight.fire(0, hammer, FireOrder(0, pull=False))
    assert lancer.beam_push == 0


def test_proton_fire_erodes_a_bolt() -> None:
    fight = duel("hammer", "lancer", ScriptedDice([6, 6, 6, 6]))  # one roll per cannon
    hammer, lancer = fight.crafts
    hammer.bolts.append(Bolt(5.5))
    fight.fire(1, lancer, FireOrder(0, target="bolt"))
    # each 2d6 12 + bolt size class 1 + URM(5) -4 = 9: hit, 5 + 5 at range 5 -> 10, 5 off
    assert hammer.bolts[0].erosion == 5
    assert lancer.power == lancer.charge - 4


def test_secondary_weapons_fire_once_per_turn() -> None:
    fight = duel("lancer", "zelta-dee", ScriptedDice([1] * 8))
    lancer = fight.crafts[0]
    fight.fire(0, lancer, FireOrder(0))
    fight.fire(0, lancer, FireOrder(0))
    assert lancer.weapons[0].fired == 2
    assert lancer.power == lancer.charge - 4


def test_weapons_fire_only_into_their_arcs() -> None:
    fight = duel("lancer", "zelta-dee", ScriptedDice([]))
    lancer = fight.crafts[0]
    lancer.direction = 4  # enemy astern: LR and RR cover it, the F2 cannons do not
    fight.fire(0, lancer, FireOrder(0))
    assert lancer.weapons[0].fired == 0


def test_without_control_all_fire_goes_in_one_impulse() -> None:
    fight = duel("lancer", "zelta-dee", ScriptedDice([1, 1, 1, 1]))
    lancer = fight.crafts[0]
    lancer.boxes["main_control"] = 0
    fight.fire(0, lancer, FireOrder(0))
    fight.impulse = 2
    fight.fire(0, lancer, FireOrder(1))
    assert [g.fired for g in lancer.weapons] == [2, 0]


def test_without_control_a_craft_turns_60_degrees_an_impulse() -> None:
    fight = duel("lancer", "zelta-dee", ScriptedDice([]))
    lancer = fight.crafts[0]
    lancer.boxes["main_control"] = 0
    fight.maneuver(0, lancer, Maneuver(4))
    assert lancer.direction in (2, 6)


def test_thrust_needs_the_enemy_dead_ahead_or_astern() -> None:
    fight = duel("lancer", "zelta-dee", ScriptedDice([]))
    lancer = fight.crafts[0]
    fight.maneuver(0, lancer, Maneuver(2, thrust=1))
    assert lancer.velocity == 0
    fight.maneuver(0, lancer, Maneuver(1, thrust=1))
    assert lancer.velocity == 0.25  # 3 hexes per turn per turn over 12 impulses
    fight.maneuver(0, lancer, Maneuver(4, thrust=-1))
    assert lancer.velocity == 0


def test_manned_craft_accelerate_slowly() -> None:
    fight = duel("zelta-dee", "lancer", ScriptedDice([]))
    zelta = fight.crafts[0]
    fight.maneuver(0, zelta, Maneuver(1, thrust=1))
    assert zelta.velocity == 1 / 10 / 12


def test_unmanned_crash_acceleration_rolls_for_mishaps() -> None:
    fight = duel("hammer", "lancer", ScriptedDice([6, 6, 3]))
    hammer = fight.crafts[0]  # 4 engines, size class II: twice standard
    hammer.velocity = 1.0  # a ramscoop with no fuel: moving already (R20)
    fight.maneuver(0, hammer, Maneuver(1, thrust=1, crash=True))
    assert hammer.velocity == 1.5
    assert fight.mishaps[0] == 3


def test_screen_reinforcement_costs_3_and_at_most_doubles() -> None:
    fight = duel("lancer", "zelta-dee", ScriptedDice([]))
    lancer = fight.crafts[0]  # 3 screens, 6 capacitors
    fight.reinforce(lancer, 5)
    assert lancer.reinforcement == 2 and lancer.power == 0


def test_lock_on_against_ecm_and_invisibility() -> None:
    fight = duel("lancer", "shade", ScriptedDice([4]))
    lancer, shade = fight.crafts
    shade.ecm = 1
    fight.lock_on(lancer, shade)  # radar 4 - 1 short = 3: a 4 misses
    assert not lancer.locked
    shade.invisible = True
    fight.lock_on(lancer, shade)
    assert not lancer.locked


def test_jamming_counts_the_radar_a_box_lower_per_point_short() -> None:
    fight = duel("mercurand", "shade", ScriptedDice([5, 5, 4]))
    mercurand, shade = fight.crafts  # radar track 5-5-3-2-0
    shade.ecm = 1
    fight.lock_on(mercurand, shade)  # one box lower: still 5, a 5 locks
    assert mercurand.locked
    shade.ecm, mercurand.eccm = 3, 1
    fight.lock_on(mercurand, shade)  # two boxes lower: 3, a 5 misses
    assert not mercurand.locked
    shade.ecm = 9
    fight.lock_on(mercurand, shade)  # down to the 0 box: never locks, no roll
    assert not mercurand.locked


def test_a_missile_in_the_hex_hits_for_its_warhead() -> None:
    fight = duel("mercurand", "lancer", ScriptedDice([6]), hexes=5.0)
    mercurand = fight.crafts[0]
    mercurand.missiles.append(Missile(0.5, 6, 24.0))
    fight.flight.point_defense()  # 3 PD boxes, one shot at the missile (kill number 3): a 6
    assert [(h.points, h.cause) for h in fight.pending[1]] == [(12, "missile")]
    assert not mercurand.missiles


def test_a_missile_shot_down_still_explodes_for_half() -> None:
    fight = duel("mercurand", "lancer", ScriptedDice([3]), hexes=5.0)
    mercurand = fight.crafts[0]
    mercurand.missiles.append(Missile(0.5, 6, 24.0))
    fight.flight.point_defense()
    assert [h.points for h in fight.pending[1]] == [6]


def test_rail_launch_costs_1_power_and_doubles_speed() -> None:
    fight = duel("mercurand", "lancer", ScriptedDice([]), hexes=10.0)
    mercurand = fight.crafts[0]
    fight.flight.launch(0, mercurand, Launch(missiles=2, rail=1))
    assert [m.speed for m in mercurand.missiles] == [12, 6]
    assert mercurand.power == mercurand.charge - 1
    assert mercurand.boxes["missile"] == 10


def test_drones_launch_at_most_size_class_an_impulse() -> None:
    fight = duel("hive", "lancer", ScriptedDice([]), hexes=10.0)
    hive = fight.crafts[0]  # size class III
    fight.flight.launch(0, hive, Launch(drones=10))
    assert len(hive.drones) == 3 and len(hive.drone_bays) == 31


def test_a_bolt_strikes_for_the_hexes_it_flew_less_erosion() -> None:
    fight = duel("hammer", "lancer", ScriptedDice([]))
    hammer = fight.crafts[0]
    hammer.bolts.append(Bolt(0.5, flown=3, erosion=4))
    fight.flight.bolts_strike()
    assert [(h.points, h.cause) for h in fight.pending[1]] == [(36, "liquid metal bolt")]


def test_liquid_metal_needs_range_and_uses_two_boxes() -> None:
    fight = duel("hammer", "lancer", ScriptedDice([]), hexes=0.5)
    hammer = fight.crafts[0]
    assert not fight.flight.fire_gun(0, hammer, hammer.guns[0])  # not at range 0
    fight.range = 4.0
    assert fight.flight.fire_gun(0, hammer, hammer.guns[0])
    assert hammer.guns[0].boxes == 4 and len(hammer.bolts) == 1
    fight.turn = 2
    assert not fight.flight.fire_gun(0, hammer, hammer.guns[0])  # not two turns running


def test_a_destroyed_craft_explodes_on_its_neighbour() -> None:
    fight = duel("sunspear", "lancer", ScriptedDice([1] * 60), hexes=0.5)
    sunspear, lancer = fight.crafts
    sunspear.destroyed = True
    fight.explode(0, sunspear)
    assert lancer.taken.total > 0
    assert lancer.destroyed and lancer.killed_by == "explosion"
