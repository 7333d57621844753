"""A blast on The Pentagon War's hex map against what flies (`engine/map_blasts.py`, the
compiled `fast.map_flight.blast_objects`): known answers worked by hand from docs/rules.md
(2.6, 2.7, R27).

A sunspear blows up with strength 30 (2 per engine and so on, 2.7); the blast loses 8
points a hex: 30 in its own hex, 22 one hex off, 14 two off, 6 three off, nothing four off.
A missile or drone struck for 12 or more is destroyed without a roll, for 1 or less
survives without one, and otherwise survives on two dice rolling more than the points.
"""

from __future__ import annotations

from shipyard.core.dice import ScriptedDice
from shipyard.rulesets.pentagon_war.engine.damage import explosion_strength
from shipyard.rulesets.pentagon_war.engine.map_blasts import objects_struck
from shipyard.rulesets.pentagon_war.engine.state import Drone, Missile
from shipyard.rulesets.pentagon_war.rules.explosions import blast_points
from tests.test_map_battles import battle


def test_missiles_and_drones_in_reach_roll_to_survive_and_a_destroyed_missile_explodes() -> None:
    fight = battle(["sunspear", "lancer", "lancer"], [0, 1, 1])
    hexmap = fight.hexmap
    for i, (a, c) in enumerate([(0, 0), (10, 0), (10, 4)]):
        hexmap.a[i], hexmap.c[i] = a, c
    strength = explosion_strength(fight.crafts[0], fight.rates)
    assert strength == 30
    assert [blast_points(fight.rates, strength, 0, 0, k, 0) for k in range(5)] == [
        30, 22, 14, 6, 0]
    two_off = Missile(5.0, 6, 24.0, a=2, c=0)  # struck for 14: destroyed, no dice
    three_off = Missile(5.0, 6, 24.0, a=3, c=0)  # struck for 6: rolls 3 + 4 = 7, survives
    fight.crafts[1].missiles = [two_off, three_off]
    near = Drone("laser", 5.0, 0.0, 24, escort=False, a=0, c=3)  # 3 off: rolls 1 + 2, lost
    far = Drone("laser", 5.0, 0.0, 24, escort=False, a=4, c=0)  # out of reach: no dice
    fight.crafts[2].drones = [near, far]
    dice = ScriptedDice([3, 4, 1, 2])
    exploding = objects_struck(fight.crafts, hexmap, fight.rates, dice, 0, strength)
    assert dice.used == 4  # two rolls of two dice: the missile three off, the near drone
    assert exploding == [(2, 0)]  # the destroyed missile's hex: it explodes in turn
    assert fight.crafts[1].missiles == [three_off]
    assert fight.crafts[2].drones == [far]


def test_a_missile_destroyed_by_a_blast_strikes_every_craft_in_its_hex_for_half_a_warhead(
) -> None:
    fight = battle(["sunspear", "lancer", "lancer"], [0, 1, 1])
    hexmap = fight.hexmap
    for i, (a, c) in enumerate([(0, 0), (2, 0), (2, 1)]):
        hexmap.a[i], hexmap.c[i] = a, c
    fight.missile_blast(2, 0, 6)  # 2.6: half the warhead of 12
    assert [(h.points, h.cause, h.side) for h in fight.pending[1]] == [(6, "missile", 1)]
    assert not fight.pending[0] and not fight.pending[2]  # a hex off: out of its reach
