"""Known answers for where craft see each other on The Pentagon War's hex map
(`rules/bearing.py`, R13, R32) and where fleets start (`engine/hexmap.py`, R33), worked out
by hand from docs/rules.md and docs/map-movement.md, and the symmetries they keep.

Hexes are axial `(a, c)` along A (up) and C (120 degrees clockwise); A = 0 ... F = 5.
"""

from __future__ import annotations

from math import isclose, sqrt

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shipyard.rulesets.pentagon_war.engine.hexmap import HexMap, abreast, radial
from shipyard.rulesets.pentagon_war.engine.tables import load_combat
from shipyard.rulesets.pentagon_war.map_movement import map_figures
from shipyard.rulesets.pentagon_war.rules.bearing import (
    bearing,
    facing_for,
    relative_direction,
    spine,
)
from shipyard.rulesets.pentagon_war.rules.vector import (
    A,
    B,
    C,
    D,
    E,
    F,
    mirrored,
    mirrored_facing,
    rotated,
)

COMBAT = load_combat()
M = map_figures(COMBAT.turn, COMBAT.movement)
coordinate = st.integers(-40, 40)
facing = st.integers(0, 5)


# -- bearings (R32) --------------------------------------------------------------------------
@pytest.mark.parametrize(("displacement", "direction"), [
    ((1, 0), A), ((1, 1), B), ((0, 1), C), ((-1, 0), D), ((-1, -1), E), ((0, -1), F),
    ((5, 0), A), ((3, 2), B),  # (3, 2): 41 degrees clockwise of A, nearer B (60) than A
    ((4, 1), A),  # 14 degrees: nearer A
])
def test_the_bearing_is_the_nearest_direction(displacement: tuple[int, int],
                                              direction: int) -> None:
    assert bearing(*displacement) == direction
    assert not spine(*displacement)


@pytest.mark.parametrize(("displacement", "first"), [
    ((2, 1), A),  # 30 degrees: between A and B
    ((1, 2), B),  # 90 degrees: between B and C
    ((-1, 1), C),  # 150: between C and D
    ((-2, -1), D),  # 210: between D and E
    ((-1, -2), E),  # 270: between E and F
    ((1, -1), F),  # 330: between F and A
])
def test_a_spine_is_found_exactly(displacement: tuple[int, int], first: int) -> None:
    assert spine(*displacement)
    assert bearing(*displacement) == first


def test_relative_directions_follow_the_armor_sides() -> None:
    # R13: side 3 of a craft facing B lies toward D.
    assert relative_direction(B, -1, 0) == 3
    assert relative_direction(A, 5, 0) == 1  # dead ahead
    assert relative_direction(A, -5, 0) == 4  # dead astern
    assert relative_direction(D, 0, 3) == 6  # facing D, a hex along C is ahead-left
    assert relative_direction(A, 0, 0) == 1  # in its own hex: dead ahead


def test_a_spine_counts_in_the_direction_nearer_the_facing() -> None:
    # (2, 1) runs between A and B. Facing A, A is nearer (0 hexsides against 1): ahead.
    assert relative_direction(A, 2, 1) == 1
    # Facing D, B is nearer (2 hexsides against 3): relative direction B - D + 1 = 5.
    assert relative_direction(D, 2, 1) == 5
    # Facing C, B is nearer (1 against 2): relative direction 6.
    assert relative_direction(C, 2, 1) == 6


def test_the_facing_for_a_direction_shows_the_hex_there() -> None:
    assert facing_for(1, 5, 0, D) == A  # face it: A
    assert facing_for(4, 5, 0, A) == D  # show it the stern: face D
    assert facing_for(2, 0, 1, A) == B  # C at relative 2: face B
    assert facing_for(1, 0, 0, E) == E  # its own hex: keeps its facing
    # On the spine between A and B, of the facings A and B the one nearer the old facing.
    assert facing_for(1, 2, 1, F) == A
    assert facing_for(1, 2, 1, C) == B


@given(facing, coordinate, coordinate)
def test_facing_for_is_the_inverse_off_the_spines(old: int, da: int, dc: int) -> None:
    for direction in range(1, 7):
        turned = facing_for(direction, da, dc, old)
        if (da, dc) == (0, 0):
            assert turned == old
        elif not spine(da, dc):
            assert relative_direction(turned, da, dc) == direction


@given(facing, coordinate, coordinate)
def test_bearings_turn_with_a_half_turn_and_mirror_with_a_mirror(
        own: int, da: int, dc: int) -> None:
    seen = relative_direction(own, da, dc)
    ra, rc = rotated(da, dc, 3)
    assert relative_direction((own + 3) % 6, ra, rc) == seen
    ma, mc = mirrored(da, dc)
    mirror_of = {1: 1, 2: 6, 3: 5, 4: 4, 5: 3, 6: 2}  # left and right change places
    assert relative_direction(mirrored_facing(own), ma, mc) == mirror_of[seen]


# -- speed along a line ----------------------------------------------------------------------
def test_radial_speed_is_the_part_along_the_line() -> None:
    assert radial(4, 0, 7, 0) == 4.0  # straight at it
    assert radial(-4, 0, 7, 0) == -4.0  # straight away
    assert radial(0, 0, 3, 1) == 0.0
    assert radial(4, 0, 0, 0) == 0.0  # no line in its own hex
    # Across the line: (1, 2) is square to A, so motion along A has no part along it.
    assert radial(4, 0, 1, 2) == 0.0
    # Along B, 60 degrees from A: cos 60 = 1/2 of the speed.
    assert isclose(radial(4, 0, 1, 1), 2.0)
    # Along (2, 1), 30 degrees from A: cos 30.
    assert isclose(radial(4, 0, 2, 1), 4 * sqrt(3) / 2)


@given(coordinate, coordinate, coordinate, coordinate)
def test_radial_speed_is_the_same_float_on_a_mirrored_or_half_turned_map(
        va: int, vc: int, da: int, dc: int) -> None:
    value = radial(va, vc, da, dc)
    assert radial(*mirrored(va, vc), *mirrored(da, dc)) == value
    assert radial(*rotated(va, vc, 3), *rotated(da, dc, 3)) == value


# -- where fleets start (R33) ----------------------------------------------------------------
def test_a_fleet_stands_abreast_first_ship_on_the_line() -> None:
    assert [abreast(k) for k in range(6)] == [0, 1, -1, 2, -2, 3]


def test_the_fleets_start_apart_along_a_facing_each_other() -> None:
    hexmap = HexMap(M, 4)
    hexmap.place((0, 0, 1, 1), (0, 1, 0, 1), 20, (3.0, 2.0, 1.5, 0.0))
    # Each ship to its own right: for the second fleet, facing D, that is (-1, -2).
    assert list(zip(hexmap.a, hexmap.c, strict=True)) == [(0, 0), (1, 2), (20, 0), (19, -2)]
    assert hexmap.facing == [A, A, D, D]
    assert hexmap.va == [3 * M.unit, 2 * M.unit, -M.unit * 3 // 2, 0]
    assert hexmap.vc == [0, 0, 0, 0]
    assert hexmap.hexes(0, 2) == 20 and hexmap.hexes(0, 1) == 2
    assert hexmap.direction(0, 2) == 1 and hexmap.direction(2, 0) == 1
    assert hexmap.toward(0, 2) == 3.0 and hexmap.toward(2, 0) == 1.5
    assert hexmap.speed(1) == 2.0


def test_a_craft_moves_on_the_impulse_chart() -> None:
    # 3 hexes a turn along A moves on impulses 4, 8 and 12 (R25: 12 k / 3).
    hexmap = HexMap(M, 1)
    hexmap.place((0,), (0,), 10, (3.0,))
    hexmap.start_turn(1)
    where = []
    for impulse in range(1, 13):
        hexmap.move(0, (hexmap.va[0], hexmap.vc[0]), 1, impulse)
        where.append(hexmap.a[0])
    assert where == [0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3]


def test_the_layout_half_turned_and_mirrored() -> None:
    hexmap = HexMap(M, 2)
    hexmap.place((0, 1), (1, 0), 10, (2.0, 2.0))
    hexmap.turned(3, False)
    assert (hexmap.a, hexmap.c, hexmap.facing) == ([-1, -10], [-2, 0], [D, A])
    assert hexmap.va == [-2 * M.unit, 2 * M.unit]
    hexmap.turned(0, True)
    assert (hexmap.a, hexmap.c, hexmap.facing) == ([-2, 0], [-1, -10], [F, C])
