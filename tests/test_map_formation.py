"""R34 Fleet captains on the map: the side asked for turned to the heaviest threat, and
friends kept out of each other's blast (docs/rules.md R34), worked by hand on the
reference engine (tests/test_map_battle_engines.py holds the compiled one to it).

The lancer these use: armor 3 on side 1, 2 on sides 2 and 6; unmanned, two engines and
two fuel tanks, so it turns a hexside an impulse and thrusts at standard acceleration
(3 hexes a turn a turn, 12 impulses: a quarter of a hex a turn each impulse). Its blast,
the fresh craft's with its 6 capacitors full, is 16.5 (R27): 8.5 a hex away, 0.5 (no
whole point) two hexes away, so it reaches one hex.
"""

from __future__ import annotations

from typing import ClassVar

from shipyard.core.dice import CounterDice, duel_seed
from shipyard.rulesets.pentagon_war.engine.fleet_orders import blast_room, heaviest, threat
from shipyard.rulesets.pentagon_war.engine.fleets import MapFleets
from shipyard.rulesets.pentagon_war.engine.map_battle import MapBattle
from shipyard.rulesets.pentagon_war.engine.orders import TOWARD, steer
from shipyard.rulesets.pentagon_war.engine.policy import Policy, policy_named
from shipyard.rulesets.pentagon_war.engine.state import refit
from shipyard.rulesets.pentagon_war.rules.vector import A, B, D, F
from tests.test_map_battle_engines import fleet, start
from tests.test_map_battles import battle


def placed(fight: MapBattle, spots: list[tuple[int, int, int]], targets: list[int]) -> None:
    """Each craft at `(a, c)` facing as given, at rest, fighting its target; the clock far
    from its last turn (it may turn)."""
    hexmap = fight.hexmap
    for i, (a, c, facing) in enumerate(spots):
        hexmap.a[i], hexmap.c[i], hexmap.facing[i] = a, c, facing
        hexmap.va[i] = hexmap.vc[i] = 0
    fight.target[:] = fight.partner[:] = targets
    fight.turn = fight.impulse = 1
    fight.clock = 10


# -- the side asked for, to the heaviest threat ------------------------------------------------
def flanked() -> MapBattle:
    """A lancer at (0, 0) facing A fights the starter dead ahead at (6, 0); the sunspear,
    six hexes along B (relative direction 2, its right front), attacks it too."""
    fight = battle(["lancer", "starter", "sunspear"], [0, 1, 1])
    placed(fight, [(0, 0, A), (6, 0, D), (6, 6, D)], [1, 0, 0])
    return fight


def test_the_heaviest_threat_is_the_attacker_with_the_most_weapons() -> None:
    fight = flanked()
    _, starter, sunspear = fight.crafts
    # fleet_orders.threat: weapon and gun boxes, missiles, drones: 1 for the starter's
    # laser, 14 for the sunspear.
    assert (threat(starter), threat(sunspear)) == (1, 14)
    assert heaviest(fight.crafts, [1, 2], 1) == 2
    assert heaviest(fight.crafts, [1], 1) == -1  # its target is the only attacker
    assert heaviest(fight.crafts, [], 1) == -1
    fight.target[0] = 2
    assert heaviest(fight.crafts, [1, 2], 2) == -1  # the heaviest is its target already
    # Among equals its own target first, else the first in order.
    twins = battle(["lancer", "lancer", "lancer"], [0, 1, 1]).crafts
    assert heaviest(twins, [1, 2], 2) == -1
    assert heaviest(twins, [1, 2], 0) == 1


def test_a_craft_flanked_by_a_heavy_attacker_turns_its_chosen_side_to_it() -> None:
    fight = flanked()
    lancer = fight.crafts[0]
    fight.view(0, 1)
    aim = Policy().best_direction(lancer, fight.crafts[1], fight.situation())
    other = 2 if aim != 2 else 3
    # Only an order without thrust that shows the target another side than its guns'.
    assert fight.heaviest(0, lancer, fight.crafts[1], Policy(), steer(other)) == 2
    assert fight.heaviest(0, lancer, fight.crafts[1], Policy(), steer(aim)) == -1
    assert fight.heaviest(0, lancer, fight.crafts[1], Policy(), TOWARD) == -1
    # Its front (side 1, 3 armor) to the sunspear: it turns one hexside right, to B,
    # and the starter, along A, now lies in its relative direction 6.
    fight.maneuver(0, lancer, steer(1), 2)
    assert fight.hexmap.facing[0] == B
    assert fight.hexmap.direction(0, 2) == 1
    assert lancer.direction == 6
    assert (fight.hexmap.va[0], fight.hexmap.vc[0]) == (0, 0)  # no thrust asked, none made


def test_thrust_keeps_the_facing_on_the_target() -> None:
    fight = flanked()
    fight.maneuver(0, fight.crafts[0], steer(1), -1)
    assert fight.hexmap.facing[0] == A  # no threat named: the target in direction 1
    fight = flanked()
    fight.maneuver(0, fight.crafts[0], TOWARD, 2)  # thrust: the threat is not followed
    assert fight.hexmap.facing[0] == A
    assert fight.hexmap.va[0] > 0  # it closed on its target


# -- friends out of each other's blast ----------------------------------------------------------
def closing() -> MapBattle:
    """Two lancers of one fleet: one at rest at (0, 0) facing A, its enemy 30 hexes
    ahead; its friend two hexes along C at (0, 2), drifting toward it along F at one hex
    a turn."""
    fight = battle(["lancer", "lancer", "lancer"], [0, 0, 1])
    placed(fight, [(0, 0, A), (0, 2, A), (30, 0, D)], [2, 2, 0])
    fight.hexmap.vc[1] = -fight.hexmap.m.unit
    return fight


def test_a_lancer_s_blast_reaches_one_hex() -> None:
    fight = closing()
    assert fight.reach == [1, 1, 1]
    assert blast_room(fight.crafts[0], fight.rates) == 1


def test_a_craft_a_friend_closes_on_turns_away_and_thrusts() -> None:
    fight = closing()
    hexmap, unit, rate = fight.hexmap, fight.hexmap.m.unit, fight.hexmap.m.standard
    assert rate * 4 == unit  # a quarter of a hex a turn
    # On their courses the friend comes nearest a turn from now, one hex off at (0, 1):
    # within the lancer's blast and a hex (R34: 2 hexes). Four times the square of the
    # true distance then less four times 2^2 hexes (u a hex, r a quarter of it):
    # drifting, 4u^2 - 16u^2; thrusting along A, 4(u^2 + ur + r^2) - 16u^2; along B
    # (toward the friend's side) 4(u^2 - ur + r^2) - 16u^2; along F, straight away from
    # it, 4(u + r)^2 - 16u^2: the most.
    crowded = -12 * unit * unit

    def near(va: int, vc: int) -> float:
        return hexmap.crowding(0, va, vc, [1], fight.reach)[0]

    assert near(0, 0) == crowded
    assert near(rate, 0) == crowded + 4 * rate * (unit + rate)
    assert near(rate, rate) == crowded + 4 * rate * (rate - unit)
    assert near(0, -rate) == crowded + 4 * rate * (2 * unit + rate)
    fight.maneuver(0, fight.crafts[0], steer(1))  # its captain: the enemy dead ahead, drift
    assert hexmap.facing[0] == F
    assert (hexmap.va[0], hexmap.vc[0]) == (0, -rate)
    assert fight.crafts[0].direction == 2  # the enemy, along A, at its right front


def test_a_craft_with_room_flies_as_its_captain_asks() -> None:
    fight = closing()
    fight.hexmap.c[1] = 9  # the friend far off: a turn from now still 8 hexes away
    fight.maneuver(0, fight.crafts[0], steer(1))
    assert fight.hexmap.facing[0] == A
    assert (fight.hexmap.va[0], fight.hexmap.vc[0]) == (0, 0)


def nearest_each_impulse(fight: MapBattle) -> list[int]:
    """A turn of the two friends steering (their captains: the enemy dead ahead, no
    thrust) and moving on the impulse chart: their distance at each impulse's end."""
    hexmap, apart = fight.hexmap, []
    hexmap.start_turn(1)
    for impulse in range(1, 13):
        fight.impulse, fight.clock = impulse, 10 + impulse
        before = [(hexmap.va[i], hexmap.vc[i]) for i in range(2)]
        for i in range(2):
            fight.maneuver(i, fight.crafts[i], steer(1))
        for i in range(2):
            hexmap.move(i, before[i], 1, impulse)
        apart.append(hexmap.hexes(0, 1))
    return apart


def test_two_friends_that_would_end_an_impulse_within_one_blast_do_not() -> None:
    # Left alone the friend drifts one hex in the turn, on impulse 12 (R25: move 1 of
    # speed 1 on impulse 12), and ends it one hex off: within the lancer's blast.
    fight = closing()
    fight.reach = [-1, -1, -1]  # no blast to keep out of: the captains' own orders
    assert nearest_each_impulse(fight) == [2] * 11 + [1]
    # Keeping formation, both thrust apart from the first impulse and never come nearer
    # than two hexes.
    fight = closing()
    assert min(nearest_each_impulse(fight)) >= 2


# -- over bundled fleets ---------------------------------------------------------------------
class Watched(MapBattle):
    """A battle that counts, at each impulse's end, the pairs of friends still in the
    battle (unmanned craft that are not bases: those that can thrust a quarter of a hex
    a turn each impulse) within one blast of each other, those after the first turn,
    and every such pair."""

    tally: ClassVar[list[int]] = [0, 0, 0]  # crowded, crowded after turn 1, pairs
    blast: list[int]  # each craft's blast reach, formation kept or not

    def play_impulse(self) -> None:
        super().play_impulse()
        movers = [i for i in self.alive()
                  if not self.crafts[i].manned and not self.crafts[i].is_base]
        for x in movers:
            for y in movers:
                if x < y and self.side_of[x] == self.side_of[y]:
                    Watched.tally[2] += 1
                    if self.hexmap.hexes(x, y) <= max(self.blast[x], self.blast[y]):
                        Watched.tally[0] += 1
                        Watched.tally[1] += self.turn > 1


def crowded(a: str, b: str, formation: bool, battles: int) -> tuple[float, int]:
    """The share of friendly pairs ending an impulse within one blast of each other over
    `battles` reference battles of bundled fleets `a` and `b`, and how many of those
    came after the first turn."""
    fleets = MapFleets(fleet(a), fleet(b), ("default", "default"), start())
    Watched.tally = [0, 0, 0]
    for k in range(battles):
        crafts = [refit(template) for template in fleets.templates]
        fight = Watched(crafts, fleets.sides, fleets.places,
                        [policy_named("default") for _ in crafts], fleets.scenario,
                        fleets.combat, fleets.catalog, CounterDice(duel_seed(34, k)))
        fight.blast = list(fight.reach)
        if not formation:
            fight.reach = [-1] * len(crafts)
        fight.fight()
    near, late, pairs = Watched.tally
    assert pairs > 100  # enough impulses of friends flying together to judge
    return near / pairs, late


def test_gunships_keep_out_of_each_other_s_blast_once_spread_out() -> None:
    # Eight gunships (size class I, unmanned, a blast reaching two hexes) start two
    # hexes apart, abreast (R33): within one blast. Flying as their captains alone ask,
    # a quarter of their pairs end an impulse within one blast (measured: 25%), turn
    # after turn; keeping formation they spread out in the first turn (a quarter of a
    # hex a turn more each impulse) and after it none does.
    alone, alone_late = crowded("superhulk", "gunships", False, 2)
    kept, kept_late = crowded("superhulk", "gunships", True, 2)
    assert alone > 0.15
    assert alone_late > 0
    assert kept < 0.05
    assert kept_late == 0
