"""Known answers for rules a referee found bent: point defense once per target, screens
once per impulse, radar invisibility, a base's turns, evasion, acid gum that clings,
screen reinforcement for the turn, ramscoops (RULES.md 2.2-2.9, docs/rules.md R18-R20)."""

from __future__ import annotations

from typing import Any

from shipyard.core.dice import ScriptedDice
from shipyard.rulesets.pentagon_war.engine.damage import Hit, take_damage
from shipyard.rulesets.pentagon_war.engine.orders import FireOrder, Maneuver, steer
from shipyard.rulesets.pentagon_war.engine.state import Craft
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
