"""The hex map's terms turned into a replay's (`rulesets/pentagon_war/map_picture.py`): a
step along each facing is the replay's step along its heading, distances are kept, a
velocity is a displacement, and a weapon's arcs cover what RULES.md 1.3 says they do.

Known answers worked by hand: A points to heading 1 (north-east), B to 0 (east), C to 5;
a craft facing A (heading 1) has its arc RF between headings 1 and 0 (sector 0) and LF
between 1 and 2 (sector 1), so its F2 pair is sectors 0 and 1; facing D (heading 4), RR
(arc 2) is sector (4 - 2 - 1) = 1.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shipyard.render.hexmap import STEPS
from shipyard.render.replay_map import hex_distance as picture_distance
from shipyard.rulesets.pentagon_war.map_picture import (
    picture_arcs,
    picture_heading,
    picture_hex,
    picture_vector,
)
from shipyard.rulesets.pentagon_war.rules.vector import A, B, C, D, F, hex_distance, stepped


def test_the_directions_turn_as_worked_by_hand() -> None:
    assert [picture_heading(f) for f in range(6)] == [1, 0, 5, 4, 3, 2]
    assert (picture_heading(B), picture_heading(C), picture_heading(F)) == (0, 5, 2)
    assert picture_hex(1, 0) == (1, -1) and picture_hex(0, 1) == (0, 1)
    assert picture_hex(1, 1) == (1, 0)  # B = A + C, one hex east
    assert picture_arcs(A, (0, 5)) == (0, 1)  # F2: LF and RF either side of ahead
    assert picture_arcs(D, (2,)) == (1,)
    assert picture_vector(226800, -50400, 100800) == (2.25, -2.75)


@given(st.integers(-50, 50), st.integers(-50, 50), st.integers(0, 5))
def test_a_step_along_a_facing_is_a_step_along_its_heading(a: int, c: int,
                                                           facing: int) -> None:
    q, r = picture_hex(a, c)
    moved = picture_hex(*stepped(a, c, facing))
    assert (moved[0] - q, moved[1] - r) == STEPS[picture_heading(facing)]
    assert picture_distance(q, r) == hex_distance(a, c)  # biggest-or-sum, kept


@given(st.integers(-10**6, 10**6), st.integers(-10**6, 10**6))
def test_a_velocity_is_the_displacement_of_a_turn(va: int, vc: int) -> None:
    unit = 100800
    dq, dr = picture_vector(va, vc, unit)
    assert (dq * unit, dr * unit) == pytest.approx((va, vc - va), abs=1e-6)
    assert abs(picture_distance(dq, dr) - hex_distance(va, vc) / unit) < 1e-9


@given(st.integers(0, 5), st.integers(1, 6))
def test_a_target_on_a_relative_direction_is_covered_by_the_two_arcs_beside_it(
        facing: int, direction: int) -> None:
    # RULES.md 1.3, R13: a target on relative direction k (1 ahead, clockwise) is covered
    # by the two arcs either side of it: arcs k - 2 and k - 1 (0 = RF, clockwise)
    toward = picture_heading((facing + direction - 1) % 6)  # that direction on the map
    sectors = picture_arcs(facing, ((direction - 2) % 6, (direction - 1) % 6))
    assert sorted(sectors) == sorted({(toward - 1) % 6, toward})  # the sectors it bounds
    assert picture_arcs(facing, range(6)) == (0, 1, 2, 3, 4, 5)
    assert picture_arcs(facing, ()) == ()
