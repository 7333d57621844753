"""Known answers for missiles and drones on The Pentagon War's hex map
(`rules/homing.py`, `rules/launch.py`), worked out by hand from docs/rules.md (2.3, 2.6,
R25, R26, R30, R31), and the properties homing must keep.

Hexes are axial `(a, c)` along the map's A and C directions (docs/map-movement.md): the
steps are A (1, 0), B (1, 1), C (0, 1), D (-1, 0), E (-1, -1), F (0, -1).
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from shipyard.rulesets.pentagon_war.engine.tables import load_combat
from shipyard.rulesets.pentagon_war.map_movement import map_figures
from shipyard.rulesets.pentagon_war.rules.flight import missile_launch_speed
from shipyard.rulesets.pentagon_war.rules.homing import (
    hexsides_between,
    homing_direction,
    homing_heading,
    launch_heading,
    missile_impulse,
    missile_strikes,
)
from shipyard.rulesets.pentagon_war.rules.launch import (
    drones_launched,
    launch_allowed,
    launch_component,
    launch_spread,
)
from shipyard.rulesets.pentagon_war.rules.vector import (
    A,
    B,
    C,
    D,
    E,
    F,
    hexes_apart,
    pushed,
    rotated,
    speed,
    stepped,
    thrust_rate,
)

COMBAT = load_combat()
FIGURES = COMBAT.figures
M = map_figures(COMBAT.turn, COMBAT.movement)
IMPULSES = FIGURES.impulses  # 2.1: 12
FUEL = int(FIGURES.missile_fuel)  # 2.6: 24 hexes
UNIT = 100_800  # R26: velocity units in a hex per turn
TOP = 12 * UNIT  # 2.3
SPREAD = launch_spread(FIGURES.drone_spread, UNIT)  # 2.6: 3 hexes a turn

Flight = list[tuple[int, int, int, int]]


def fly(heading: int, hex_: tuple[int, int], target: tuple[int, int], speed_: int,
        impulses: int, fuel: int = FUEL) -> Flight:
    """Heading, hex and hexes flown after each of `impulses` impulses (clock from 1)."""
    a, c = hex_
    flown = 0
    path = []
    for clock in range(1, impulses + 1):
        impulse = (clock - 1) % IMPULSES + 1
        heading, a, c, flown = missile_impulse(heading, a, c, target[0], target[1], flown,
                                               fuel, speed_, impulse, IMPULSES)
        path.append((heading, a, c, flown))
    return path


def test_the_catalog_missile_and_drone_figures() -> None:
    # 2.6: speed 6, 12 rail-launched, 24 hexes of fuel; drones within 3 of the carrier.
    assert missile_launch_speed(FIGURES, False) == 6
    assert missile_launch_speed(FIGURES, True) == 12
    assert FUEL == 24
    assert SPREAD == 3 * UNIT


def test_speed_6_moves_on_even_impulses_and_12_on_every_one() -> None:
    # R25: move k of column v on impulse ceil(12 k / v): 6 -> 2, 4, ..., 12; 12 -> 1..12.
    slow = fly(A, (0, 0), (100, 0), 6, IMPULSES)
    assert [i + 1 for i in range(IMPULSES) if slow[i][3] > (slow[i - 1][3] if i else 0)] \
        == [2, 4, 6, 8, 10, 12]
    fast = fly(A, (0, 0), (100, 0), 12, IMPULSES)
    assert [step[3] for step in fast] == list(range(1, 13))
    assert fast[-1][1:3] == (12, 0)  # straight along A, one hex an impulse


def test_a_missile_wants_the_direction_that_closes() -> None:
    # R30: from (0, 0) the hex (3, 0) lies along A only; (2, 1) lies between A and B, both
    # steps landing 1 hex from it: heading A keeps A, heading C (two hexsides from A, one
    # from B) takes B; in the target's hex the heading stays.
    assert homing_direction(D, 0, 0, 3, 0) == A
    assert homing_direction(A, 0, 0, 2, 1) == A
    assert homing_direction(C, 0, 0, 2, 1) == B
    assert homing_direction(E, 4, 4, 4, 4) == E
    assert launch_heading(C, 0, 0, 2, 1) == B
    assert hexsides_between(A, D) == 3
    assert hexsides_between(F, A) == 1


def test_a_missile_launched_facing_away_turns_one_hexside_an_impulse() -> None:
    # 2.6, R30: at (0, 0) heading D, target (3, 0) along A, speed 6 (moves on even
    # impulses). Impulse 1: D -> E (half way round turns clockwise), no move. 2: E -> F,
    # steps F to (0, -1). 3: from (0, -1) the target is (3, 1) away, A and B both land 2
    # off; A is one hexside from F: F -> A. 4: steps A to (1, -1). 6: (1, -1) is (2, 1)
    # off, A and B tie, keeps A: (2, -1). 7: (2, -1) is (1, 1) off, only B closes: A -> B.
    # 8: steps B into (3, 0), the target's hex, after 4 hexes of fuel: it strikes.
    path = fly(D, (0, 0), (3, 0), 6, 8)
    assert path == [(E, 0, 0, 0), (F, 0, -1, 1), (A, 0, -1, 1), (A, 1, -1, 2),
                    (A, 1, -1, 2), (A, 2, -1, 3), (B, 2, -1, 3), (B, 3, 0, 4)]
    assert missile_strikes(3, 0, 3, 0, 4, FUEL)
    assert not any(missile_strikes(a, c, 3, 0, flown, FUEL) for _, a, c, flown in path[:-1])
    assert missile_strikes(2, -7, 2, -7, 0, FUEL)  # R30: launched in its target's hex


def test_a_rail_launched_missile_runs_dry_after_two_turns() -> None:
    # 2.6: rail launch does not stretch the fuel: 24 hexes at 12 a turn is two turns.
    # Target 30 hexes along A: after impulse 24 the missile is at (24, 0), out of fuel.
    # The target then sits 6 hexes on; the missile drifts on along A and enters its hex
    # on impulse 30 having flown 30 hexes: no strike.
    path = fly(A, (0, 0), (30, 0), 12, 30)
    assert path[23] == (A, 24, 0, 24)
    assert path[29] == (A, 30, 0, 30)
    assert not missile_strikes(30, 0, 30, 0, 30, FUEL)
    assert missile_strikes(24, 0, 24, 0, 24, FUEL)  # the 24th hex is flown on fuel


def test_an_out_of_fuel_missile_turns_no_more() -> None:
    # 2.6: heading A, the target behind along D: with fuel it turns, without it holds.
    assert homing_heading(A, 0, 0, -5, 0, 23, FUEL) == B
    assert homing_heading(A, 0, 0, -5, 0, 24, FUEL) == A


def test_drones_launched_within_three_of_the_carrier() -> None:
    # 2.6: carrier (5, -2) hexes a turn: (8, 1) and (2, -5) are within 3 on both
    # components (speeds 8 and 5); (9, -2) is 4 off on A. Asking (10, 0) gives the
    # nearest allowed: (8, 0).
    carrier = (5 * UNIT, -2 * UNIT)
    assert launch_allowed(TOP, 8 * UNIT, 1 * UNIT, *carrier, SPREAD)
    assert launch_allowed(TOP, 2 * UNIT, -5 * UNIT, *carrier, SPREAD)
    assert not launch_allowed(TOP, 9 * UNIT, -2 * UNIT, *carrier, SPREAD)
    assert (launch_component(10 * UNIT, carrier[0], SPREAD),
            launch_component(0, carrier[1], SPREAD)) == (8 * UNIT, 0)
    assert launch_component(2 * UNIT, carrier[0], SPREAD) == 2 * UNIT


def test_a_drone_never_starts_above_the_top_speed() -> None:
    # 2.3, R31: a carrier at (10, 0): a drone at (10, 3) has speed 10 (signs agree: the
    # bigger); at (10, -3) speed 13 (signs differ: the sum) and at (13, 0) 13: refused.
    # A carrier at 14 after a magnetic beam may launch at its own speed, not above.
    carrier = (10 * UNIT, 0)
    assert launch_allowed(TOP, 10 * UNIT, 3 * UNIT, *carrier, SPREAD)
    assert not launch_allowed(TOP, 10 * UNIT, -3 * UNIT, *carrier, SPREAD)
    assert not launch_allowed(TOP, 13 * UNIT, 0, *carrier, SPREAD)
    assert launch_allowed(TOP, 14 * UNIT, 0, 14 * UNIT, 0, SPREAD)
    assert not launch_allowed(TOP, 15 * UNIT, 0, 14 * UNIT, 0, SPREAD)


def test_drones_a_carrier_launches_an_impulse() -> None:
    # 2.6: a size class III carrier launches 3 an impulse (1 per size class): of 5 aboard
    # it launches 3, then the 2 left; never more than it asks for, never below 0.
    per_impulse = 1 * 3
    assert drones_launched(per_impulse, 5, 5) == 3
    assert drones_launched(per_impulse, 2, 5) == 2
    assert drones_launched(per_impulse, 5, 1) == 1
    assert drones_launched(per_impulse, 0, 3) == 0
    assert drones_launched(0, 5, 3) == 0


hexes = st.integers(-15, 15)
near = st.integers(-10, 10)  # within 20 hexes: reached on the fuel (24 hexes)
headings = st.integers(0, 5)


@given(headings, hexes, hexes, st.lists(st.tuples(headings, st.booleans()), max_size=36),
       st.sampled_from([6, 12]))
def test_a_missile_turns_at_most_one_hexside_an_impulse(
        heading: int, ta: int, tc: int, moves: list[tuple[int, bool]], speed_: int) -> None:
    a = c = flown = 0
    for clock, (way, target_moves) in enumerate(moves, start=1):
        if target_moves:  # the target wanders a hex along `way` now and then
            ta, tc = stepped(ta, tc, way)
        after, a, c, flown = missile_impulse(heading, a, c, ta, tc, flown, FUEL, speed_,
                                             (clock - 1) % IMPULSES + 1, IMPULSES)
        assert hexsides_between(heading, after) <= 1
        heading = after


@given(headings, near, near, st.sampled_from([6, 12]))
def test_a_launched_missile_closes_on_a_still_target_every_move(
        facing: int, ta: int, tc: int, speed_: int) -> None:
    heading = launch_heading(facing, 0, 0, ta, tc)
    distance = hexes_apart(0, 0, ta, tc)
    a = c = flown = 0
    for clock in range(1, 4 * IMPULSES + 1):  # 20 hexes at 6 take 40 impulses
        if missile_strikes(a, c, ta, tc, flown, FUEL):
            break
        heading, a, c, moved = missile_impulse(heading, a, c, ta, tc, flown, FUEL, speed_,
                                               (clock - 1) % IMPULSES + 1, IMPULSES)
        now = hexes_apart(a, c, ta, tc)
        assert now == distance - (moved - flown)  # a hex closer each hex flown
        distance, flown = now, moved
    assert (a, c) == (ta, tc) and flown == hexes_apart(0, 0, ta, tc)


@given(headings, hexes, hexes, hexes, hexes, st.integers(0, 5), st.sampled_from([6, 12]))
def test_homing_turns_with_the_map(heading: int, a: int, c: int, ta: int, tc: int,
                                   sixths: int, speed_: int) -> None:
    plain = fly(heading, (a, c), (ta, tc), speed_, 18)
    turned = fly((heading + sixths) % 6, rotated(a, c, sixths), rotated(ta, tc, sixths),
                 speed_, 18)
    for (h1, a1, c1, f1), (h2, a2, c2, f2) in zip(plain, turned, strict=True):
        assert (h2, (a2, c2), f2) == ((h1 + sixths) % 6, rotated(a1, c1, sixths), f1)


def test_a_drone_moves_as_a_craft() -> None:
    # 2.6, R31: once launched a drone is a size class 0 craft on the map's own
    # functions. Launched at (8, 0) and thrusting along C (one engine, size class 0
    # counted as 1), each impulse adds standard acceleration (2.3), 3/12 = 1/4 hex a
    # turn (25,200 units), to the C component: after 4 impulses (8, 1), speed 8 (signs
    # agree: the bigger part).
    assert M.unit == UNIT
    rate = thrust_rate(M, False, 1, 0)
    assert rate == UNIT // 4
    va, vc = 8 * UNIT, 0
    for _ in range(4):
        va, vc = pushed(M, va, vc, C, rate)
    assert (va, vc) == (8 * UNIT, UNIT)
    assert speed(va, vc) == 8 * UNIT
