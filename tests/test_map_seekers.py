"""Missiles and liquid metal bolts homing across The Pentagon War's hex map
(`engine/map_flight.py`, `fast/map_flight.py`): known answers worked by hand from
docs/rules.md (2.4, 2.6, R25, R30) and seed 004 ("Liquid metal gun bolts have a speed of
12 and home in on their target just as missiles do. They have a maximum endurance of 12
impulses").

Hexes are axial `(a, c)`: the steps are A (1, 0), B (1, 1), C (0, 1), D (-1, 0),
E (-1, -1), F (0, -1). Speed 12 moves every impulse of the 12, speed 6 on the even ones
(R25).
"""

from __future__ import annotations

from shipyard.core.dice import CounterDice
from shipyard.core.outcome import DuelScenario
from shipyard.rulesets.pentagon_war.design import read_design
from shipyard.rulesets.pentagon_war.engine.map_battle import MapBattle
from shipyard.rulesets.pentagon_war.engine.map_flight import MapFlight
from shipyard.rulesets.pentagon_war.engine.policy import Policy
from shipyard.rulesets.pentagon_war.engine.state import Bolt, Missile, craft_from
from shipyard.rulesets.pentagon_war.engine.tables import load_combat
from shipyard.rulesets.pentagon_war.rules.homing import homing_spent
from shipyard.rulesets.pentagon_war.rules.vector import A, B, C, D
from shipyard.services.registry import evaluate
from shipyard.services.samples import resolve

COMBAT = load_combat()
FIGURES = COMBAT.figures


def still_pair(launcher: tuple[int, int, int], target: tuple[int, int],
               names: tuple[str, str] = ("mercurand", "hammer")) -> MapBattle:
    """Two samples (by default a mercurand, with missiles, and a hammer, with a liquid
    metal gun) standing still at the hexes given (the launcher's third figure is its
    facing), each the other's target, on turn 1."""
    evaluations = [evaluate(read_design(resolve(f"sample:{name}"))) for name in names]
    crafts = [craft_from(e, name) for e, name in zip(evaluations, names, strict=True)]
    fight = MapBattle(crafts, [0, 1], [0, 0], [Policy(), Policy()], DuelScenario(), COMBAT,
                      evaluations[0].catalog, CounterDice(1))
    hexmap = fight.hexmap
    hexmap.a[0], hexmap.c[0], hexmap.facing[0] = launcher
    hexmap.a[1], hexmap.c[1] = target
    for i in (0, 1):
        hexmap.va[i] = hexmap.vc[i] = 0
        hexmap.columns[i] = [0, 0]
    fight.turn = 1
    fight.view(0, 1)
    return fight


def flown_path(fight: MapBattle, seeker: Missile | Bolt, impulses: range,
               mover: str) -> list[tuple[int, int, int]]:
    """The seeker's hex and heading after each impulse (the craft stand still)."""
    flight = fight.flight
    assert isinstance(flight, MapFlight)
    path = []
    for impulse in impulses:
        fight.impulse = impulse
        getattr(flight, mover)(fight.crafts[0], fight.crafts[1])
        path.append((seeker.a, seeker.c, seeker.heading))
    return path


def launched_missile(fight: MapBattle, speed: int) -> Missile:
    missile = Missile(fight.range, speed, FIGURES.missile_fuel)
    fight.crafts[0].missiles = [missile]
    assert isinstance(fight.flight, MapFlight)
    fight.flight.place(0, [missile])
    return missile


def test_the_seeker_figures_of_the_catalog() -> None:
    assert FIGURES.missile_fuel == 24  # 2.6: 24 hexes of fuel
    assert FIGURES.metal_speed == 12 and FIGURES.metal_lifetime == 12  # 2.4


def test_a_missile_at_6_steps_on_the_even_impulses_straight_at_a_still_target() -> None:
    # Launcher at (0, 0) facing A, target 4 hexes along A: launched heading A, the missile
    # moves on impulses 2, 4, 6, 8 and is in the target's hex after the fourth move.
    fight = still_pair((0, 0, A), (4, 0))
    missile = launched_missile(fight, 6)
    assert (missile.a, missile.c, missile.heading) == (0, 0, A)
    path = flown_path(fight, missile, range(1, 9), "move_missiles")
    assert path == [(0, 0, A), (1, 0, A), (1, 0, A), (2, 0, A), (2, 0, A), (3, 0, A),
                    (3, 0, A), (4, 0, A)]
    assert missile.distance == 0 and missile.alive and missile.flown == 4
    assert missile.fuel == 20  # 24 hexes less the 4 flown


def test_a_missile_launched_with_its_target_astern_leaves_heading_for_it() -> None:
    # R30: launched already heading the way it wants: the target 3 hexes along D of a
    # launcher facing A; only the step along D comes nearer (2 hexes).
    fight = still_pair((0, 0, A), (-3, 0))
    missile = launched_missile(fight, 12)
    assert missile.heading == D
    path = flown_path(fight, missile, range(1, 4), "move_missiles")
    assert path == [(-1, 0, D), (-2, 0, D), (-3, 0, D)]


def test_a_missile_turns_one_hexside_an_impulse_toward_a_target_that_moved() -> None:
    # The target was along A when the missile left; it now stands at (0, 3). From (0, 0)
    # the steps land A (1, 0) 4 hexes off, B (1, 1) 3, C (0, 1) 2, D (-1, 0) 3: it wants
    # C, two hexsides from its heading A, so it turns one, to B, and steps to (1, 1).
    fight = still_pair((0, 0, A), (4, 0))
    missile = launched_missile(fight, 12)
    fight.hexmap.a[1], fight.hexmap.c[1] = 0, 3
    path = flown_path(fight, missile, range(1, 4), "move_missiles")
    # Impulse 2: from (1, 1), C (1, 2) and D (0, 1) both land 2 off (B (2, 2): 3); C is
    # one hexside from B, D two: C, to (1, 2). Impulse 3: C (1, 3) and D (0, 2) both land
    # 1 off; C is the heading: (1, 3).
    assert path == [(1, 1, B), (1, 2, C), (1, 3, C)]


def test_a_missile_whose_24th_hex_is_its_targets_strikes_and_one_short_is_gone() -> None:
    fight = still_pair((0, 0, A), (24, 0))
    missile = launched_missile(fight, 12)
    flown_path(fight, missile, range(1, 25), "move_missiles")
    assert (missile.a, missile.flown, missile.distance) == (24, 24, 0)
    assert fight.crafts[0].missiles == [missile]  # in the hex on its last hex of fuel
    fight = still_pair((0, 0, A), (25, 0))
    missile = launched_missile(fight, 12)
    flown_path(fight, missile, range(1, 25), "move_missiles")
    assert (missile.a, missile.flown) == (24, 24)
    assert fight.crafts[0].missiles == []  # no fuel left and a hex short: gone
    assert homing_spent(24, 0, 25, 0, 24, 24) and not homing_spent(24, 0, 24, 0, 24, 24)


def test_a_bolt_flies_a_hex_an_impulse_and_is_spent_after_twelve() -> None:
    # Seed 004: speed 12, homing as a missile does, 12 impulses of endurance. A bolt from
    # (0, 0) at a still target 12 hexes along C strikes after 12 hexes (1 point, 2.4);
    # at 13 hexes it is spent a hex short.
    fight = still_pair((0, 0, C), (0, 12))
    bolt = Bolt(fight.range)
    fight.crafts[0].bolts = [bolt]
    assert isinstance(fight.flight, MapFlight)
    fight.flight.place(0, [bolt])
    path = flown_path(fight, bolt, range(1, 13), "move_bolts")
    assert path == [(0, k, C) for k in range(1, 13)]
    assert (bolt.flown, bolt.distance, bolt.alive) == (12, 0, True)
    fight = still_pair((0, 0, C), (0, 13))
    bolt = Bolt(fight.range)
    fight.crafts[0].bolts = [bolt]
    fight.flight.place(0, [bolt])
    flown_path(fight, bolt, range(1, 13), "move_bolts")
    assert fight.crafts[0].bolts == []


def test_missiles_and_bolts_fly_across_the_map_in_a_battle() -> None:
    # A whole map duel: the mercurand's missiles leave from its hex and end where their
    # target is when they strike (distance 0), and the log says they struck.
    names = ["mercurand", "hammer"]
    evaluations = [evaluate(read_design(resolve(f"sample:{name}"))) for name in names]
    crafts = [craft_from(e, name) for e, name in zip(evaluations, names, strict=True)]
    fight = MapBattle(crafts, [0, 1], [0, 0], [Policy(), Policy()], DuelScenario(), COMBAT,
                      evaluations[0].catalog, CounterDice(3), log=True)
    seen: list[tuple[int, int]] = []
    launch = fight.flight.launch

    def watch(side: int, craft: object, order: object) -> None:
        launch(side, craft, order)  # type: ignore[arg-type]
        seen.extend((m.a, m.c) for m in fight.crafts[side].missiles)
        assert all((m.a, m.c) == (fight.hexmap.a[side], fight.hexmap.c[side])
                   for m in fight.crafts[side].missiles if m.flown == 0)

    fight.flight.launch = watch  # type: ignore[method-assign]
    result = fight.fight()
    assert seen, "the mercurand launched no missile"
    assert any("a missile from mercurand strikes hammer" in line for line in result.log)
