"""A straight run's arcs and lines, tested once a run by the compiled pilot, agree with
the per-hex rule functions (rules 4: `in_arc`, `on_ray`)."""

from __future__ import annotations

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
