"""Missiles, mines, decoys and the turn sequence around them (rules 4)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from shipyard.rulesets.tacship.engine.duel import Duel, DuelStart
from shipyard.rulesets.tacship.engine.hexes import Hex, distance, step
from shipyard.rulesets.tacship.engine.movement import Plan
from shipyard.rulesets.tacship.engine.ordnance import (
    arm,
    in_reach,
    launch_missile,
    lay_mine,
    missile_plans,
    missile_run,
)
from shipyard.rulesets.tacship.engine.policy import POLICIES, FireOrder, Pilot, View
from shipyard.rulesets.tacship.engine.state import Craft, Decoy, Fighter, Missile
from shipyard.rulesets.tacship.engine.tables import load_combat
from tests.tacship_engine.fighters import VALKYRIE, rolls

COMBAT = load_combat()
F = COMBAT.figures
MINER = Fighter("Miner", damage_boxes=10, survivability=0, thrust=8, mines=3, missiles=1)


def test_missile_speed_is_6_plus_launcher_speed_placed_6_ahead() -> None:
    launcher = Craft.enter(VALKYRIE, "a", (0, 0), 0, 8)
    target = Craft.enter(VALKYRIE, "b", (20, 0), 3, 4)
    missile = launch_missile(launcher, target, 1, F)
    assert missile.speed == 14 and missile.pos == (6, 0) and missile.heading == 0


def test_at_most_two_armed_and_never_returned_to_store() -> None:
    c = Craft.enter(MINER, "a", (0, 0), 0, 4)
    assert arm(c, ["mine", "mine", "missile"], F) == ("mine", "mine")
    assert arm(c, ["missile"], F) == ()  # the armed box is full
    assert c.stores["mine"] == 1 and c.armed == ["mine", "mine"]


def test_mine_sits_3_hexes_straight_behind() -> None:
    c = Craft.enter(MINER, "a", (0, 0), 1, 4)
    assert lay_mine(c, F).pos == (-3, 3)


def test_missile_runs_make_at_most_two_turns_three_hexes_apart() -> None:
    missile = Missile("a", "b", (0, 0), 0, 8, 1)
    plans = list(missile_plans(missile, F))
    assert Plan(8) in plans and Plan(8, ((0, 1), (3, -1))) in plans
    assert Plan(8, ((0, 1), (2, -1))) not in plans
    assert all(len(p.turns) <= 2 for p in plans)
    assert len(missile_run(missile, Plan(8, ((0, 1),)))) == 10  # start, turn, eight hexes


# A missile at the origin heading 0 (+q) at speed 8: the hexes it can threaten.
@pytest.mark.parametrize(("target", "reached"), [
    ((10, 0), True),  # straight on to (8, 0), two hexes short: detonates there
    ((11, 0), False),  # 11 hexes off: 8 flown + 2 of blast fall one short
    ((-2, 0), True),  # two hexes astern: it may go off before it moves
    ((-3, 0), False),  # three astern: it never turns more than 120 degrees
    ((3, -8), True),  # 3 hexes at 60 degrees left, then 5 at 120: two turns, 3 apart
])
def test_a_missile_reaches_what_a_legal_homing_move_comes_within_2_hexes_of(
        target: Hex, reached: bool) -> None:
    assert in_reach(Missile("a", "b", (0, 0), 0, 8, 1), target, F) is reached
    # the same picture turned two hexsides left and moved: the same answer
    turned = step(step((4, -1), 2, target[0] + target[1]), 3, -target[1])
    assert in_reach(Missile("a", "b", (4, -1), 2, 8, 1), turned, F) is reached


def test_the_120_degree_hex_needs_both_turns() -> None:
    one_turn = F._replace(missile_turns=1)
    # nearest one-turn hexes, (8, -8) and (4, -4) and their like, are 5 hexes off
    assert not in_reach(Missile("a", "b", (0, 0), 0, 8, 1), (3, -8), one_turn)


@pytest.mark.parametrize("turns", [0, 1, 2, 3])
def test_reach_is_every_hex_some_legal_homing_move_passes_within_2_of(turns: int) -> None:
    # the closed form (up to two turns) and the search (three) against every homing move
    f = F._replace(missile_turns=turns)
    missile = Missile("a", "b", (2, 1), 4, 9, 1)
    runs = [missile_run(missile, plan) for plan in missile_plans(missile, f)]
    for q in range(-10, 15):
        for r in range(-10, 15):
            passes = any(distance(pos, (q, r)) <= 2 for run in runs for pos, _ in run)
            assert in_reach(missile, (q, r), f) is passes, (q, r)


# No ordnance: it neither arms a decoy nor drops a mine in the way of a test.
BARE = Fighter("Bare", damage_boxes=10, survivability=2, thrust=8, fixed_lasers=(2,))


def duel(a: Craft, b: Craft, dice_faces: tuple[int, ...] = ()) -> Duel:
    d = Duel((a, b), (POLICIES["default"], POLICIES["default"]), DuelStart(initiative=(6, 1)),
             COMBAT, rolls(*dice_faces))
    d.turn = 3
    return d


def test_missile_cannot_detonate_on_its_launch_turn() -> None:
    a = Craft.enter(VALKYRIE, "a", (0, 0), 0, 8)
    b = Craft.enter(VALKYRIE, "b", (7, 0), 3, 4)
    d = duel(a, b)
    missile = Missile("a", "b", (6, 0), 0, 14, launched=3)  # one hex from its target
    d.board.missiles.append(missile)
    d.missiles_after(b)
    assert b.taken == 0 and missile in d.board.missiles
    assert missile.pos == (20, 0)  # straight on at full speed, no turns


def test_missile_detonates_on_a_later_move_and_is_spent() -> None:
    a = Craft.enter(VALKYRIE, "a", (0, 0), 0, 8)
    b = Craft.enter(VALKYRIE, "b", (10, 0), 3, 4)
    d = duel(a, b, (4, 5))  # same hex: D6 4; start box 5 + 2 = 7
    d.board.missiles.append(Missile("a", "b", (6, 0), 0, 14, launched=2))
    d.missiles_after(b)
    assert b.boxes_hit == {7, 6, 5, 4} and b.taken == 4
    assert d.board.missiles == []


def test_missile_that_cannot_reach_is_removed() -> None:
    a = Craft.enter(VALKYRIE, "a", (0, 0), 0, 8)
    b = Craft.enter(VALKYRIE, "b", (-30, 0), 3, 4)  # far behind the missile
    d = duel(a, b)
    d.board.missiles.append(Missile("a", "b", (6, 0), 0, 14, launched=2))
    d.missiles_after(b)
    assert b.taken == 0 and d.board.missiles == []


def test_decoy_roll_comes_before_the_missile_moves() -> None:
    a = Craft.enter(VALKYRIE, "a", (0, 0), 0, 8)
    b = Craft.enter(VALKYRIE, "b", (10, 0), 3, 4)
    d = duel(a, b, (7, 12))  # missile 7, target 12: fooled
    d.board.decoys.append(Decoy("b", (16, 0)))
    d.board.missiles.append(Missile("a", "b", (6, 0), 0, 14, launched=2))
    d.missiles_after(b)
    assert b.taken == 0 and d.board.missiles == []


def test_missile_turns_twice_to_reach_a_hex_only_that_move_reaches() -> None:
    # Missile at (0, 0) on heading 0, speed 8; target at (3, -8). A move of a hexes
    # ahead, b after one left turn and c after a second (b >= 3) ends at
    # (a + b, -(b + c)): a + b = 3, b + c = 8, a + b + c = 8 gives a = 0, b = 3, c = 5,
    # the only legal move into the target's hex, at its last moment.
    a = Craft.enter(VALKYRIE, "a", (-6, 0), 0, 2)
    b = Craft.enter(VALKYRIE, "b", (3, -8), 0, 4)
    d = duel(a, b, (5, 3))  # same hex: D6 5; start box 3 + 2 = 5
    d.lines = []
    d.board.missiles.append(Missile("a", "b", (0, 0), 0, 8, launched=2))
    d.missiles_after(b)
    assert b.boxes_hit == {5, 4, 3, 2, 1} and b.taken == 5 and not b.destroyed
    assert d.board.missiles == [] and d.dice.drawn == 2
    assert d.lines == ["Turn 3: Valkyrie's missile closes on Valkyrie: a missile detonates "
                       "in the same hex: five points, start box 3 + 2 = 5 → crosses 5, 4, 3, "
                       "2, 1"]


def test_missile_never_goes_off_during_its_targets_move() -> None:
    # The target flies from (10, 0) through the missile's own hex (6, 0) to (2, 0): four
    # hexes astern of the missile, which cannot turn back. No fuse during the target's
    # move, none on the missile's: no die is rolled, and the missile is removed.
    a = Craft.enter(VALKYRIE, "a", (0, 0), 0, 8)
    b = Craft.enter(BARE, "b", (10, 0), 3, 8)
    d = duel(a, b)  # no dice scripted: any roll would fail the test
    d.lines = []
    d.policies["b"] = StraightOn()
    d.board.missiles.append(Missile("a", "b", (6, 0), 0, 14, launched=2))
    d.play(b)
    assert b.pos == (2, 0) and b.taken == 0 and len(d.board.missiles) == 1
    d.missiles_after(b)
    assert b.taken == 0 and d.board.missiles == [] and d.dice.drawn == 0
    assert d.lines[-1] == "Turn 3: Valkyrie's missile fails to reach Bare and is removed"


@dataclass(frozen=True, slots=True)
class StraightOn(Pilot):
    """A pilot that holds speed and course whatever happens (forces a path in tests)."""

    def move(self, view: View) -> tuple[Plan, FireOrder]:
        return Plan(view.me.speed), FireOrder()


def test_mine_fires_on_an_enemy_passing_within_2_hexes() -> None:
    layer = Craft.enter(MINER, "a", (0, 0), 0, 4)
    layer.armed = ["mine"]
    victim = Craft.enter(VALKYRIE, "b", (-10, 0), 0, 6)  # tailing the mine layer
    d = duel(layer, victim)
    mine = lay_mine(layer, F)
    d.board.mines.append(mine)
    assert mine.pos == (-3, 0)
    d.policies["b"] = StraightOn()
    d.dice = rolls(20)  # two hexes away: 1 point, no D6; start box 20 + 2, top box 10
    d.play(victim)
    assert victim.boxes_hit == {10} and victim.pos == (-4, 0)
    assert d.board.mines == []  # spent at the first hex within 2 (-5, 0)
