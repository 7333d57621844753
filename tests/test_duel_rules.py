"""Known answers for the rules a referee checks: one roll per weapon, drone fire in the
sequence of play, drones that pay for their moves (RULES.md 2.1, 2.4, 2.6)."""

from __future__ import annotations

from typing import Any

from shipyard.core.dice import CounterDice, Dice, ScriptedDice
from shipyard.core.outcome import DuelScenario
from shipyard.rulesets.pentagon_war.design import read_design
from shipyard.rulesets.pentagon_war.engine.duel import Duel
from shipyard.rulesets.pentagon_war.engine.orders import Captain, FireOrder, Maneuver, steer
from shipyard.rulesets.pentagon_war.engine.policy import Policy
from shipyard.rulesets.pentagon_war.engine.state import Craft, Drone, craft_from
from shipyard.rulesets.pentagon_war.engine.tables import load_combat
from shipyard.services.registry import evaluate
from shipyard.services.samples import resolve


def duel(a: str, b: str, dice: Dice, hexes: float = 2.0,
         policies: tuple[Captain, Captain] | None = None, log: bool = False) -> Duel:
    first = evaluate(read_design(resolve(f"sample:{a}")))
    second = evaluate(read_design(resolve(f"sample:{b}")))
    fight = Duel((craft_from(first, "A"), craft_from(second, "B")),
                 policies or (Policy(), Policy()), DuelScenario(), load_combat(), first.catalog,
                 dice, log)
    fight.turn, fight.impulse, fight.clock, fight.range = 1, 1, 1, hexes
    for craft in fight.crafts:
        craft.charge, craft.locked = craft.boxes["capacitor"], True
    return fight


class Holding(Policy):
    """Holds still and fires no craft weapon; screens and drones as the default."""

    name = "holding"

    def maneuver(self, me: Craft, enemy: Craft, situation: Any) -> Maneuver:
        return steer(1)

    def fire(self, me: Craft, enemy: Craft, situation: Any) -> list[FireOrder]:
        return []


# -- 2.4: one roll per weapon --------------------------------------------------
def test_eight_lasers_get_eight_rolls() -> None:
    dice = ScriptedDice([6, 6] + [1, 1] * 7)
    fight = duel("ceres-station", "lancer", dice, hexes=2.0, log=True)
    base = fight.crafts[0]
    lasers = next(i for i, g in enumerate(base.weapons) if g.type == "laser")
    assert base.weapons[lasers].boxes == 8
    fight.fire(0, base, FireOrder(lasers))
    assert dice.used == 16  # 2d6 for each of the eight lasers
    # 12 + size class 1 - 2 (URM at 2) = 11: 5 damage; 2 + 1 - 2 = 1: 1 damage, seven times
    assert [hit.points for hit in fight.pending[1]] == [5, 1, 1, 1, 1, 1, 1, 1]
    assert fight.lines is not None
    assert fight.lines[-1].endswith(
        "fires 8 lasers at B at range 2, rolls 12, 2, 2, 2, 2, 2, 2, 2 "
        "(modified 11, 1, 1, 1, 1, 1, 1, 1): 5, 1, 1, 1, 1, 1, 1, 1 = 12 damage")


def test_a_battery_can_hit_and_miss_in_one_volley() -> None:
    fight = duel("lancer", "zelta-dee", ScriptedDice([6, 6, 1, 1]), hexes=2.0)
    lancer = fight.crafts[0]
    fight.fire(0, lancer, FireOrder(0))  # two proton cannons, hit on 6+
    assert [hit.points for hit in fight.pending[1]] == [7]


# -- 2.1: drone fire is announced with the craft's own fire --------------------
def _drones_at_one_hex(fight: Duel, count: int) -> None:
    hive = fight.crafts[0]
    hive.drones = [Drone("laser", 1.0, 0.0, 24, escort=False) for _ in range(count)]


def test_drone_fire_announced_before_reinforcement_changes_the_screens_stop() -> None:
    fight = duel("hive", "ceres-station", CounterDice(3), hexes=10.0,
                 policies=(Holding(), Holding()), log=True)
    base = fight.crafts[1]
    _drones_at_one_hex(fight, 10)
    fight.play_impulse()
    assert fight.lines is not None
    assert any("B reinforces its screens by" in line for line in fight.lines)
    # 20 screens alone would stop 20; the reinforced ones stop more of the drones' fire.
    assert base.taken.screens > base.boxes["screen"]


def test_the_announcement_names_the_drones_that_will_fire() -> None:
    fight = duel("hive", "ceres-station", CounterDice(3), hexes=10.0)
    _drones_at_one_hex(fight, 5)  # at best 6 each: 30 against the base's 20 screens
    hive = fight.crafts[0]
    situation = fight.situation()
    firing = fight.flight.drone_orders(0, hive, fight.policies[0], situation)
    incoming = fight.announce(1, [], firing)
    assert len(incoming.drones) == 5 and incoming
    want = fight.policies[1].reinforce(fight.crafts[1], hive, situation, incoming)
    assert want > 0


# -- 2.6: drones pay for their moves -------------------------------------------
def test_a_drone_with_no_accelerations_left_falls_behind() -> None:
    fight = duel("hive", "lancer", CounterDice(1), hexes=10.0)
    hive, lancer = fight.crafts
    lancer.velocity = -6.0  # running from the hive at 6 hexes a turn
    spent = Drone("laser", 1.0, 0.0, 0, escort=False)
    fuelled = Drone("laser", 1.0, 0.0, 24, escort=False)
    hive.drones = [spent, fuelled]
    for _ in range(6):
        fight.flight.move()
    assert spent.accelerations == 0 and spent.speed == 0.0
    assert spent.distance == 1.0 + 6 * 6.0 / 12  # half a hex an impulse, left behind
    assert fuelled.accelerations < 24 and fuelled.speed > 0  # it gave chase
    assert fuelled.distance < spent.distance


def test_holding_station_costs_accelerations_only_when_the_enemy_moves() -> None:
    fight = duel("hive", "lancer", CounterDice(1), hexes=10.0)
    hive, lancer = fight.crafts
    drone = Drone("laser", 1.0, 0.0, 24, escort=False)
    hive.drones = [drone]
    fight.flight.move()
    assert drone.accelerations == 24 and drone.distance == 1.0
    lancer.velocity = 3.0
    fight.flight.move()
    assert drone.accelerations == 23  # it brakes against the enemy's approach


def test_point_defense_meets_a_drone_that_drifts_into_its_hex() -> None:
    fight = duel("hive", "lancer", ScriptedDice([1] * 12), hexes=10.0)
    hive = fight.crafts[0]
    drone = Drone("laser", 0.6, 3.0, 0, escort=False)
    hive.drones = [drone]
    fight.flight.point_defense()
    assert not drone.alive
