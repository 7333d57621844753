"""A straight run's arcs and lines, tested once a run by the compiled pilot, agree with
the per-hex rule functions (rules 4: `in_arc`, `on_ray`)."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from shipyard.rulesets.tacship.rules.hexes import (
    AFT,
    FORE,
    arc_holds,
    in_arc,
    lateral,
    lateral_ahead,
    on_ray,
    step,
)
from shipyard.rulesets.tacship.rules.movement import PLAN_FIRST, PLAN_SPEED, PLAN_TURNS, runs, trace

coordinate = st.integers(-30, 30)


@given(coordinate, coordinate, st.integers(0, 5), st.sampled_from([FORE, AFT]), coordinate,
       coordinate, st.integers(0, 25))
def test_an_arc_seen_further_along_a_run_follows_from_its_first_hex(
        q: int, r: int, heading: int, arc: int, tq: int, tr: int, hexes: int) -> None:
    along = lateral(heading, tq - q, tr - r)
    aq, ar = step(q, r, heading, hexes)
    assert arc_holds(lateral_ahead(along, hexes), arc) == in_arc(aq, ar, heading, arc, tq, tr)


@given(coordinate, coordinate, st.integers(0, 5), coordinate, coordinate, st.integers(0, 25))
def test_a_target_on_a_runs_line_is_as_many_hexes_nearer_as_were_flown(
        q: int, r: int, heading: int, tq: int, tr: int, hexes: int) -> None:
    ahead = on_ray(q, r, heading, tq, tr)
    aq, ar = step(q, r, heading, hexes)
    expected = ahead - hexes if ahead >= hexes else -1
    assert on_ray(aq, ar, heading, tq, tr) == expected


def test_abeam_is_in_both_arcs_and_one_hex_on_leaves_the_fore_arc() -> None:
    # heading 0, target (1, -2): lateral 2*1 + (-2) = 0, abeam; one hex on: -2, aft only
    assert arc_holds(0, FORE) and arc_holds(0, AFT)
    assert lateral_ahead(0, 1) == -2
    assert not arc_holds(-2, FORE) and arc_holds(-2, AFT)


@given(coordinate, coordinate, st.integers(0, 5), st.integers(0, 20),
       st.lists(st.tuples(st.integers(0, 22), st.sampled_from([1, -1])), max_size=3))
def test_a_moves_runs_are_the_moments_trace_writes_on_one_heading(
        q: int, r: int, heading: int, speed: int, turns: list[tuple[int, int]]) -> None:
    plan = np.zeros(PLAN_FIRST + 2 * 3, dtype=np.int64)
    plan[PLAN_SPEED], plan[PLAN_TURNS] = speed, len(turns)
    for k, (flown, side) in enumerate(turns):
        plan[PLAN_FIRST + 2 * k], plan[PLAN_FIRST + 2 * k + 1] = flown, side
    path = [np.zeros(40, dtype=np.int64) for _ in range(3)]
    n = trace(q, r, heading, plan, *path)
    run = [np.zeros(5, dtype=np.int64) for _ in range(4)]
    count = runs(q, r, heading, plan, *run)
    run_q, run_r, run_h, run_first = run
    assert run_first[count] == n
    for s in range(count):
        for moment in range(run_first[s], run_first[s + 1]):
            flown = moment - run_first[s]
            assert (path[0][moment], path[1][moment], path[2][moment]) == (
                *step(run_q[s], run_r[s], run_h[s], flown), run_h[s])


def test_a_move_turning_twice_has_three_runs() -> None:
    # speed 6 from (0, 0) heading 0: left after 2 hexes, left again after 4
    plan = np.array([6, 2, 2, 1, 4, 1, 0, 0], dtype=np.int64)
    run = [np.zeros(5, dtype=np.int64) for _ in range(4)]
    assert runs(0, 0, 0, plan, *run) == 3
    # moments: 0-2 on heading 0; the turn at (2, 0) is moment 3, then (3, -1), (4, -2);
    # the second turn is moment 6, then (4, -3), (4, -4): 9 moments in all
    assert run[3][:4].tolist() == [0, 3, 6, 9]
    assert run[2][:3].tolist() == [0, 1, 2]
    assert (run[0][2], run[1][2]) == (4, -2)
