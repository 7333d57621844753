"""Known answers for movement on The Pentagon War's hex map (`rules/vector.py`), worked out
by hand from docs/rules.md 2.3, R20 and R26, and the properties the geometry must keep.

Hexes are axial `(a, c)` along the rules' A and C directions; velocities are whole units
of 1/100,800 hex per turn (R26): U below is one hex per turn.
"""

from __future__ import annotations

from collections import deque
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shipyard.rulesets.pentagon_war.engine.quick_reference import acceleration
from shipyard.rulesets.pentagon_war.engine.tables import load_combat
from shipyard.rulesets.pentagon_war.map_movement import map_figures, velocity_unit
from shipyard.rulesets.pentagon_war.rules import vector
from shipyard.rulesets.pentagon_war.rules.vector import (
    A,
    B,
    C,
    D,
    E,
    F,
    crashing,
    facing_after,
    hex_distance,
    hexes_apart,
    mirrored,
    mirrored_facing,
    pushed,
    rotated,
    scoop_braked,
    scoop_brakes,
    speed,
    step_a,
    step_c,
    stepped,
    thrust_pushes,
    thrust_rate,
    vector_speed,
)

COMBAT = load_combat()
M = map_figures(COMBAT.turn, COMBAT.movement)
U = M.unit


def hexes(value: Fraction | int) -> int:
    """A velocity of `value` hexes per turn, in units."""
    units = Fraction(value) * U
    assert units.denominator == 1
    return units.numerator


# -- the figures ----------------------------------------------------------------------------
def test_the_unit_holds_every_rate_of_2_3_exactly() -> None:
    # 1/4 hex an impulse (3 a turn over 12), a manned craft's 1/10 a turn over 12 = 1/120
    # and its crash 1/60 = 2/120, each times engines / size class for classes I..VIII:
    # 120 x lcm(1..8) = 120 x 840 = 100,800 parts of a hex per turn.
    assert U == 100_800 == 120 * 840
    wanted = vector.MapFigures(unit=U, impulses=12, top=12 * U, standard=U // 4,
                               crash=U // 2, manned=U // 120, manned_crash=U // 60,
                               crash_factor=2)
    assert map_figures(COMBAT.turn, COMBAT.movement) == wanted
    # size classes I..IV alone need only 120 x lcm(1..4) = 1,440
    assert velocity_unit(COMBAT.turn, COMBAT.movement, largest_size=4) == 1_440


# -- the hex map ------------------------------------------------------------------------------
def test_the_six_steps() -> None:
    # A up, then clockwise; B is one step along A and one along C (120 degrees apart).
    assert [stepped(0, 0, f) for f in (A, B, C, D, E, F)] == \
        [(1, 0), (1, 1), (0, 1), (-1, 0), (-1, -1), (0, -1)]
    assert all(hex_distance(step_a(f), step_c(f)) == 1 for f in range(6))


@pytest.mark.parametrize(("a", "c", "distance"), [
    (0, 0, 0), (3, 2, 3), (2, 3, 3), (-4, -1, 4),  # same sign: the biggest
    (3, -2, 5), (-1, 4, 5),  # signs differ: the sum (3 A then 2 F)
    (0, -3, 3), (5, 0, 5), (4, 4, 4)])  # 4 B
def test_hex_distance_is_biggest_or_sum(a: int, c: int, distance: int) -> None:
    assert hex_distance(a, c) == distance
    assert hexes_apart(10, -7, 10 + a, -7 + c) == distance


def _steps_needed(radius: int) -> dict[tuple[int, int], int]:
    """Fewest steps from the origin to every hex within `radius` steps (breadth first)."""
    seen = {(0, 0): 0}
    queue = deque([(0, 0)])
    while queue:
        here = queue.popleft()
        if seen[here] == radius:
            continue
        for f in range(6):
            there = stepped(*here, f)
            if there not in seen:
                seen[there] = seen[here] + 1
                queue.append(there)
    return seen


def test_hex_distance_is_the_fewest_steps() -> None:
    needed = _steps_needed(7)
    assert len(needed) == 1 + 3 * 7 * 8  # a hexagon of radius 7 holds 169 hexes
    assert all(hex_distance(a, c) == n for (a, c), n in needed.items())


@given(st.integers(-50, 50), st.integers(-50, 50), st.integers(-12, 12))
def test_rotation_keeps_distances_and_turns_the_steps(a: int, c: int, sixths: int) -> None:
    ra, rc = rotated(a, c, sixths)
    assert hex_distance(ra, rc) == hex_distance(a, c)
    assert rotated(ra, rc, -sixths) == (a, c)
    assert rotated(step_a(A), step_c(A), sixths) == stepped(0, 0, sixths % 6)
    for f in range(6):
        assert rotated(step_a(f), step_c(f), sixths) == stepped(0, 0, (f + sixths) % 6)
    assert hex_distance(*mirrored(a, c)) == hex_distance(a, c)
    assert all(mirrored(step_a(f), step_c(f)) == stepped(0, 0, mirrored_facing(f))
               for f in range(6))


def test_turning_to_a_facing() -> None:
    assert facing_after(A, D, 3) == D  # 2.3: any facing when nothing limits the turn
    assert facing_after(A, C, 1) == B  # one hexside at a time (2.8, a base, evading)
    assert facing_after(A, E, 1) == F  # the short way round
    assert facing_after(A, D, 1) == B  # half way round: clockwise
    assert facing_after(B, A, 0) == B  # a base that may not turn yet


# -- velocity components ------------------------------------------------------------------
@pytest.mark.parametrize(("engines", "size", "manned", "rate"), [
    (2, 2, False, Fraction(1, 4)),  # standard: 3 hexes a turn over 12 impulses
    (4, 2, False, Fraction(1, 4) * 2),  # crash limit, 2x standard with 2x the engines
    (3, 2, False, Fraction(3, 8)),  # size II with three engines: 1 1/2 x standard
    (6, 3, False, Fraction(1, 2)),  # size III with six: 2x
    (5, 3, False, Fraction(5, 12)),  # size III with five: 1 2/3 x standard
    (2, 3, False, Fraction(1, 6)),  # two engines' push on size III: 2/3 standard
    (9, 3, False, Fraction(1, 2)),  # engines beyond 2x add nothing
    (1, 4, False, Fraction(1, 16)),  # one engine on size IV: 1/4 x standard
    (1, 0, False, Fraction(1, 4)),  # size class 0 counts as I
    (0, 2, False, Fraction(0)),
    (1, 1, True, Fraction(1, 120)),  # manned: 1/10 a turn, 1/120 an impulse
    (2, 1, True, Fraction(1, 60)),  # manned crash: 1/60 an impulse
    (3, 2, True, Fraction(1, 80)),  # manned, 1 1/2 x its normal rate
    (7, 8, False, Fraction(7, 32)),  # size VIII still exact
])
def test_thrust_rates(engines: int, size: int, manned: bool, rate: Fraction) -> None:
    assert thrust_rate(M, manned, engines, size) == hexes(rate)
    assert crashing(engines, size) == (engines > max(size, 1))


def test_the_map_and_the_range_track_thrust_alike() -> None:
    # The duels' rates (engine.quick_reference.acceleration, floats of exact fractions):
    # normal thrust with at most size-class engines, crash with every engine.
    for manned, engines, size in product((False, True), range(11), range(1, 9)):
        normal, crash = acceleration(COMBAT, manned, engines, size)
        assert thrust_rate(M, manned, min(engines, size), size) / U == normal
        assert thrust_rate(M, manned, engines, size) / U == crash


def test_a_turn_of_standard_thrust_adds_three_hexes_a_turn() -> None:
    va, vc = 0, 0
    for _ in range(12):
        va, vc = pushed(M, va, vc, A, thrust_rate(M, False, 2, 2))
    assert (va, vc) == (hexes(3), 0)
    va = vc = 0
    for _ in range(12):  # manned, a whole turn: 1/10 of a hex a turn
        va, vc = pushed(M, va, vc, C, thrust_rate(M, True, 1, 1))
    assert (va, vc) == (0, hexes(Fraction(1, 10)))


def test_thrust_along_b_changes_both_components() -> None:
    # facing B at 1 2/3 x standard: "5/3 A+C+", 5/12 on each component
    assert pushed(M, 0, 0, B, thrust_rate(M, False, 5, 3)) == (hexes(Fraction(5, 12)),) * 2
    # facing E slows both: from (2, 1) by a quarter
    assert pushed(M, hexes(2), hexes(1), E, hexes(Fraction(1, 4))) == \
        (hexes(Fraction(7, 4)), hexes(Fraction(3, 4)))
    # facing F from 2 along A: C goes negative; speed is now the sum, 2 1/4
    va, vc = pushed(M, hexes(2), 0, F, hexes(Fraction(1, 4)))
    assert (va, vc) == (hexes(2), -hexes(Fraction(1, 4)))
    assert speed(va, vc) == hexes(Fraction(9, 4))


@pytest.mark.parametrize(("va", "vc", "speed_", "exact"), [
    (3, 2, 3, 7), (2, 3, 3, 7),  # sqrt(9 + 4 - 6)
    (3, -2, 5, 19),  # sqrt(9 + 4 + 6)
    (1, 1, 1, 1), (-4, 0, 4, 16), (0, 0, 0, 0)])
def test_speed_from_the_components(va: int, vc: int, speed_: int, exact: int) -> None:
    assert speed(hexes(va), hexes(vc)) == hexes(speed_)  # biggest-or-sum
    assert vector_speed(hexes(va), hexes(vc), U) == pytest.approx(exact ** 0.5)


def test_the_top_speed_cuts_a_push() -> None:
    quarter, half = hexes(Fraction(1, 4)), hexes(Fraction(1, 2))
    # 11 3/4 along A and half a hex more: cut at 12
    assert pushed(M, hexes(Fraction(47, 4)), 0, A, half) == (hexes(12), 0)
    # at 12 along A: B would make it 12 1/4, F 12 1/4 (the sum): no push at all
    assert pushed(M, hexes(12), 0, B, quarter) == (hexes(12), 0)
    assert pushed(M, hexes(12), 0, F, quarter) == (hexes(12), 0)
    # C keeps the speed at 12 (the biggest of 12 and 1/4) and turns the motion
    assert pushed(M, hexes(12), 0, C, quarter) == (hexes(12), quarter)
    # (11 1/2, -1/2) is speed 12 already (the sum): a push along A adds to it, none is left;
    # from (11, -1/2), speed 11 1/2, half a hex along A just reaches 12
    assert pushed(M, hexes(Fraction(23, 2)), -half, A, half) == (hexes(Fraction(23, 2)), -half)
    assert pushed(M, hexes(11), -half, A, half) == (hexes(Fraction(23, 2)), -half)
    # slowing down is never cut
    assert pushed(M, hexes(12), 0, D, half) == (hexes(Fraction(23, 2)), 0)


def test_a_craft_above_the_top_speed_may_not_gain_speed() -> None:
    # a beam's pull may leave a craft faster than 12 (14 here): thrust may not add to it
    fast = hexes(14)
    assert pushed(M, fast, 0, A, hexes(Fraction(1, 4))) == (fast, 0)
    assert pushed(M, fast, 0, C, hexes(Fraction(1, 4))) == (fast, hexes(Fraction(1, 4)))


@given(st.integers(-12 * U, 12 * U), st.integers(-12 * U, 12 * U), st.integers(0, 5),
       st.integers(0, U))
def test_a_push_stays_within_the_top_speed(va: int, vc: int, facing: int, rate: int) -> None:
    after = pushed(M, va, vc, facing, rate)
    assert speed(*after) <= max(M.top, speed(va, vc))
    # along the facing, by no more than the rate
    moved = (after[0] - va, after[1] - vc)
    k = max(abs(moved[0]), abs(moved[1]))
    assert k <= rate and moved == (step_a(facing) * k, step_c(facing) * k)
    if max(speed(va, vc), speed(va + step_a(facing) * rate, vc + step_c(facing) * rate)) \
            <= M.top:  # nothing cut: the opposite push undoes it
        assert pushed(M, *after, (facing + 3) % 6, rate) == (va, vc)


# -- engines, fuel and ramscoops (2.3, R20, R26) ------------------------------------------
def test_engines_need_fuel_unless_the_craft_scoops_it() -> None:
    two = hexes(2)
    assert not thrust_pushes(True, 0, 0, False, 0, 0, A)  # a base never moves
    assert not thrust_pushes(False, 0, 3, True, 0, 0, A)  # no engine
    assert thrust_pushes(False, 2, 1, True, 0, 0, A)  # fuel: from rest, any way
    assert thrust_pushes(False, 2, 1, True, two, 0, D)
    assert not thrust_pushes(False, 2, 0, True, two, 0, A)  # no fuel, no scoop: nothing
    # a ramscoop with no fuel: not from rest; on along its motion; not slowing a component
    assert not thrust_pushes(False, 2, 0, False, 0, 0, A)
    assert thrust_pushes(False, 2, 0, False, two, 0, A)
    assert thrust_pushes(False, 2, 0, False, two, 0, C)  # slows nothing: (2, 0) -> (2, +)
    assert not thrust_pushes(False, 2, 0, False, two, 0, D)  # braking facing away
    assert thrust_pushes(False, 2, 0, False, two, 0, F)  # (2, 0) -> (2, -): slows nothing
    assert not thrust_pushes(False, 2, 0, False, two, -two, B)  # B slows the C part


def test_a_ramscoop_brakes_nose_first_down_to_a_stop() -> None:
    quarter = hexes(Fraction(1, 4))
    assert scoop_brakes(False, 2, False, hexes(2), 0, A)
    assert not scoop_brakes(False, 2, False, hexes(2), 0, D)  # facing away: engines, fuel
    assert not scoop_brakes(False, 2, True, hexes(2), 0, A)  # not a ramscoop
    assert not scoop_brakes(False, 2, False, 0, 0, A)  # nothing to brake
    assert scoop_braked(hexes(2), 0, A, quarter) == (hexes(Fraction(7, 4)), 0)
    assert scoop_braked(hexes(Fraction(1, 8)), 0, A, quarter) == (0, 0)  # not past 0
    # facing B into (2, -1): A slows, C (moving along F) is left alone
    assert scoop_braked(hexes(2), -hexes(1), B, quarter) == (hexes(Fraction(7, 4)), -hexes(1))
    # facing E into (-1, -3): both slow
    assert scoop_braked(-hexes(1), -hexes(3), E, quarter) == \
        (-hexes(Fraction(3, 4)), -hexes(Fraction(11, 4)))


@given(st.integers(-12 * U, 12 * U), st.integers(-12 * U, 12 * U), st.integers(0, 5),
       st.integers(0, U))
def test_a_scoop_brake_never_speeds_up_nor_reverses(va: int, vc: int, facing: int,
                                                      rate: int) -> None:
    ba, bc = scoop_braked(va, vc, facing, rate)
    assert abs(ba) <= abs(va) and abs(bc) <= abs(vc)
    assert ba * va >= 0 and bc * vc >= 0
    assert speed(ba, bc) <= speed(va, vc)
