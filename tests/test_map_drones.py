"""Drones flown as craft of their own on The Pentagon War's hex map (`engine/map_flight.py`,
`fast/map_flight.py`, `rules/launch.py`): known answers worked by hand from docs/rules.md
(2.3, 2.6, R25, R26, R31).

Velocities are in the map's units: 100,800 a hex per turn (R26); standard acceleration
is 3 hexes a turn per turn, a quarter hex a turn each impulse: 25,200 (2.3). The steps of
the six directions are A (1, 0), B (1, 1), C (0, 1), D (-1, 0), E (-1, -1), F (0, -1).
"""

from __future__ import annotations

from shipyard.core.dice import CounterDice
from shipyard.core.outcome import DuelScenario
from shipyard.rulesets.pentagon_war.design import read_design
from shipyard.rulesets.pentagon_war.engine.map_battle import MapBattle
from shipyard.rulesets.pentagon_war.engine.policy import Policy
from shipyard.rulesets.pentagon_war.engine.state import Drone, craft_from
from shipyard.rulesets.pentagon_war.engine.tables import load_combat
from shipyard.rulesets.pentagon_war.map_movement import map_figures
from shipyard.rulesets.pentagon_war.rules.impulses import body_move
from shipyard.rulesets.pentagon_war.rules.launch import drone_push, launch_velocity
from shipyard.rulesets.pentagon_war.rules.vector import A, B, C, E
from shipyard.services.registry import evaluate
from shipyard.services.samples import resolve
from tests.test_map_seekers import still_pair

COMBAT = load_combat()
M = map_figures(COMBAT.turn, COMBAT.movement)
U = 100_800  # R26
STANDARD = U // 4  # 2.3: a quarter hex a turn an impulse
SPREAD = 3 * U  # 2.6: within 3 hexes a turn of the carrier's components
TOP = 12 * U


def test_the_figures() -> None:
    assert (M.unit, M.standard, M.top) == (U, STANDARD, TOP)
    assert COMBAT.figures.drone_spread == 3 and COMBAT.figures.drone_accelerations == 24


def test_an_attack_drone_leaves_with_the_spread_toward_its_target() -> None:
    # Carrier at 10 hexes a turn along A. Target along C (0, 5): the drone adds 3 along C,
    # (10, 3): speed 10, allowed. Target along D: (7, 0). Target along A: (13, 0) would
    # pass the top speed of 12, so it keeps the carrier's (10, 0). Target along B (4, 4):
    # (13, 3), speed 13: not allowed either.
    assert launch_velocity(10 * U, 0, 0, 5, SPREAD, TOP, False) == (10 * U, 3 * U)
    assert launch_velocity(10 * U, 0, -6, 0, SPREAD, TOP, False) == (7 * U, 0)
    assert launch_velocity(10 * U, 0, 6, 0, SPREAD, TOP, False) == (10 * U, 0)
    assert launch_velocity(10 * U, 0, 4, 4, SPREAD, TOP, False) == (10 * U, 0)
    # From a still carrier toward B: (3, 3), speed 3 (both components the same sign).
    assert launch_velocity(0, 0, 4, 4, SPREAD, TOP, False) == (3 * U, 3 * U)
    # A point-defense drone escorts: the carrier's components, whatever the target.
    assert launch_velocity(10 * U, 0, 0, 5, SPREAD, TOP, True) == (10 * U, 0)


def test_a_drone_thrusts_along_the_line_to_its_target_at_standard_acceleration() -> None:
    # Target (2, 2) away: along B. Toward: facing B, both components up a quarter hex a
    # turn; away: facing E, both down.
    assert drone_push(M, 0, 0, 2, 2, 1) == (STANDARD, STANDARD, B)
    assert drone_push(M, 0, 0, 2, 2, -1) == (-STANDARD, -STANDARD, E)
    # At the top speed along A, thrust toward a target along A changes nothing (R26: the
    # push is cut where it reaches the top speed).
    assert drone_push(M, TOP, 0, 5, 0, 1) == (TOP, 0, A)


def test_a_drone_moves_on_the_impulse_chart_as_a_craft_does() -> None:
    # 3 hexes a turn along C from the start of a turn: column 3 moves on impulses 4, 8, 12
    # (R25: move k on impulse ceil(12k/3)).
    col_a, col_c, a, c = 0, 3, 0, 0
    moved = []
    for impulse in range(1, 13):
        col_a, col_c, da, dc = body_move(col_a, col_c, 0, 3 * U, 0, 3 * U, U, 1, impulse, 12)
        a, c = a + da, c + dc
        if da or dc:
            moved.append((impulse, a, c))
    assert moved == [(4, 0, 1), (8, 0, 2), (12, 0, 3)]


def hive_and_target(target_hex: tuple[int, int]) -> MapBattle:
    """The hive (a carrier) at (0, 0) facing A, standing still, against a sunspear."""
    fight = still_pair((0, 0, A), target_hex, ("hive", "sunspear"))
    fight.impulse = 1
    return fight


def test_a_launched_drone_starts_in_its_carriers_hex_facing_its_target() -> None:
    fight = hive_and_target((0, 10))  # along C
    drone = Drone("laser", fight.range, 0.0, 24, escort=False)
    fight.crafts[0].drones = [drone]
    fight.on_map.launched(0, drone)
    assert (drone.a, drone.c, drone.facing) == (0, 0, C)
    assert (drone.va, drone.vc) == (0, 3 * U)
    assert drone.distance == 10 and drone.speed == 3.0  # straight at it at 3 a turn
    # Column 3 from the carrier's 0 (R25: speeding up takes the new column at once): it
    # moves on impulse 4 of the turn and then closes the range to 9.
    assert (drone.col_a, drone.col_c) == (0, 3)


def test_an_escort_keeps_to_its_carriers_hex_and_pays_for_each_change() -> None:
    fight = hive_and_target((0, 10))
    drone = Drone("point_defense", fight.range, 0.0, 24, escort=True)
    fight.crafts[0].drones = [drone]
    fight.on_map.launched(0, drone)
    assert (drone.va, drone.vc) == (0, 0)  # the carrier's components
    hexmap = fight.hexmap
    # The carrier thrusts along A and moves a hex: the escort follows it, one of its 24
    # accelerations spent; an impulse with no change costs nothing.
    hexmap.va[0], hexmap.a[0] = STANDARD, 1
    fight.on_map.move_drones(fight.crafts[0], fight.crafts[1], fight.policies[0])
    assert (drone.a, drone.c, drone.va, drone.accelerations) == (1, 0, STANDARD, 23)
    hexmap.a[0] = 2
    fight.on_map.move_drones(fight.crafts[0], fight.crafts[1], fight.policies[0])
    assert (drone.a, drone.accelerations) == (2, 23)
    assert fight.on_map.escorting(0, drone)
    # With no accelerations left it drifts: the carrier turns away, it does not follow.
    drone.accelerations = 0
    hexmap.va[0], hexmap.vc[0] = 0, 0
    hexmap.a[0], hexmap.c[0] = 2, -1
    fight.on_map.move_drones(fight.crafts[0], fight.crafts[1], fight.policies[0])
    assert (drone.a, drone.c) == (2, 0) and not fight.on_map.escorting(0, drone)


def test_an_escort_defends_its_carrier_whatever_the_range_to_the_attacker() -> None:
    # On the map the escort's distance is to the carrier's target, not to the attacker
    # the carrier is defending against: it defends when it shares the carrier's hex.
    fight = hive_and_target((0, 10))
    drone = Drone("point_defense", 10.0, 0.0, 24, escort=True)
    fight.crafts[0].drones = [drone]
    fight.on_map.launched(0, drone)
    fight.range = 4.0  # the carrier viewed against another attacker, 4 hexes off
    assert fight.on_map.escorting(0, drone)
    drone.a = 1
    assert not fight.on_map.escorting(0, drone)


def test_drones_fly_and_fire_across_the_map_in_a_battle() -> None:
    names = ["hive", "sunspear"]
    evaluations = [evaluate(read_design(resolve(f"sample:{name}"))) for name in names]
    crafts = [craft_from(e, name) for e, name in zip(evaluations, names, strict=True)]
    fight = MapBattle(crafts, [0, 1], [0, 0], [Policy(), Policy()], DuelScenario(), COMBAT,
                      evaluations[0].catalog, CounterDice(3), log=True)
    result = fight.fight()
    assert any("hive launches" in line and "drone" in line for line in result.log)
    assert any("hive's drone" in line and "at sunspear" in line for line in result.log)
