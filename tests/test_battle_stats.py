"""Battle statistics: known answers on hand-built battles, the arithmetic written out."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shipyard.core.battle import BattleResult, Fate
from shipyard.core.battle_stats import mean_of, points_destroyed, ratio_of, summarize_battles
from shipyard.core.stats import Z95, wilson

# Fleet A: two ships of 30 and 20 points; fleet B: one ship of 40 points.
POINTS = ((30, 20), (40,))


def battle(winner: int | None, turns: int, a0: tuple[int, str], a1: tuple[int, str],
           b0: tuple[int, str]) -> BattleResult:
    """A battle from each ship's (turn destroyed, cause); turn 0 = survived."""
    fates = (Fate(0, 0, a0[0], a0[1], 5 if a0[0] else 1),
             Fate(0, 1, a1[0], a1[1], 5 if a1[0] else 0),
             Fate(1, 0, b0[0], b0[1], 7 if b0[0] else 2))
    return BattleResult(winner, turns, fates)


OK = (0, "")
# 1: A wins on turn 4, losing ship 1 (20 points) to a laser, destroying B (40) by missile.
# 2: B wins on turn 6, destroying both of A's ships (laser, mine), losing nothing.
# 3: a draw at the turn limit (20): A's ship 0 destroyed by a laser, B untouched.
# 4: A wins on turn 3 without loss: B destroyed by a laser.
BATTLES = [
    battle(0, 4, OK, (2, "laser"), (4, "missile")),
    battle(1, 6, (5, "laser"), (6, "mine"), OK),
    battle(None, 20, (9, "laser"), OK, OK),
    battle(0, 3, OK, OK, (3, "laser")),
]


def test_outcomes_are_counted_with_wilson_intervals() -> None:
    summary = summarize_battles(BATTLES, POINTS, turn_limit=20)
    assert summary.runs == 4
    assert (summary.wins.count, summary.losses.count, summary.draws.count) == (2, 1, 1)
    assert summary.wins.share == 0.5
    assert (summary.wins.low, summary.wins.high) == wilson(2, 4)
    # Wilson for 2 of 4, z^2 = 3.8415: centre (0.5 + z^2/8) / (1 + z^2/4) = 0.9802 / 1.9604
    # = 0.5; half-width z sqrt(0.25/4 + z^2/64) / (1 + z^2/4) = 1.96 * sqrt(0.0625 + 0.0600)
    # / 1.9604 = 0.3500: 0.1500 to 0.8500.
    assert summary.wins.low == pytest.approx(0.1500, abs=1e-4)
    assert summary.wins.high == pytest.approx(0.8500, abs=1e-4)
    assert summary.cut_off == 1 and summary.cut_off_share == 0.25
    assert summary.mean_turns == (4 + 6 + 20 + 3) / 4  # 8.25


def test_points_destroyed_each_way() -> None:
    # By A: battle 1: B's 40; 2: 0; 3: 0; 4: 40 -> mean 20.
    # By B: battle 1: A's ship 1 = 20; 2: 30 + 20 = 50; 3: 30; 4: 0 -> mean 25.
    assert [points_destroyed(r, POINTS, 0) for r in BATTLES] == [40, 0, 0, 40]
    assert [points_destroyed(r, POINTS, 1) for r in BATTLES] == [20, 50, 30, 0]
    summary = summarize_battles(BATTLES, POINTS)
    by_a, by_b = summary.sides[0].destroyed, summary.sides[1].destroyed
    assert by_a.mean == 20 and by_b.mean == 25
    # Sample sd of (40, 0, 0, 40): sqrt((4 * 400) / 3) = 23.094; half-width
    # 1.96 * 23.094 / sqrt(4) = 22.63: -2.63 to 42.63, kept within what A can destroy,
    # 0 to B's 40 points: 0 to 40.
    half = Z95 * math.sqrt(1600 / 3) / 2
    assert 20 - half < 0 < 40 < 20 + half
    assert (by_a.low, by_a.high) == (0.0, 40.0)
    # By B: (20, 50, 30, 0), sd sqrt(((-5)^2 + 25^2 + 5^2 + (-25)^2) / 3) = 20.817,
    # half-width 1.96 * 20.817 / 2 = 20.40: 4.60 to 45.40, inside 0 to A's 50 points.
    half_b = Z95 * math.sqrt(1300 / 3) / 2
    assert (by_b.low, by_b.high) == pytest.approx((25 - half_b, 25 + half_b))
    assert by_b.low == pytest.approx(4.60, abs=0.01)
    assert summary.sides[0].points == 50 and summary.sides[1].points == 40


def test_exchange_ratio_and_its_interval() -> None:
    summary = summarize_battles(BATTLES, POINTS)
    ratio = summary.exchange
    assert ratio.value == 20 / 25  # 0.8: A destroyed 80 points over the batch, B 100
    # Delta method on log R: var(a) = 1600/3, var(b) = (25 + 625 + 25 + 625)/3 = 1300/3,
    # cov = ((20)(-5) + (-20)(25) + (-20)(5) + (20)(-25)) / 3 = -1200/3 = -400.
    # var(log R) = (533.33/400 + 433.33/625 - 2(-400)/(20*25)) / 4
    #            = (1.33333 + 0.69333 + 1.6) / 4 = 0.90667.
    var_log = (1600 / 3 / 400 + 1300 / 3 / 625 + 2 * 400 / 500) / 4
    assert var_log == pytest.approx(0.906667, abs=1e-6)
    half = Z95 * math.sqrt(var_log)
    assert ratio.low == pytest.approx(0.8 * math.exp(-half))
    assert ratio.high == pytest.approx(0.8 * math.exp(half))
    assert ratio.low is not None and ratio.high is not None and ratio.low < 0.8 < ratio.high


def test_survivors_their_distribution_and_each_ships_rate() -> None:
    summary = summarize_battles(BATTLES, POINTS)
    a, b = summary.sides
    # A's survivors by battle: 1, 0, 1, 2 -> mean 1; B's: 0, 1, 1, 0 -> mean 0.5.
    assert a.survivors.mean == 1.0 and b.survivors.mean == 0.5
    assert a.survivor_counts == (1, 2, 1)  # battles ending with 0, 1, 2 of A's ships
    assert b.survivor_counts == (2, 2)
    # A's ship 0 survives battles 1 and 4; ship 1 battles 3 and 4; B's ship battles 2, 3.
    assert [r.count for r in a.ship_survival] == [2, 2]
    assert [r.count for r in b.ship_survival] == [2]
    assert (a.ship_survival[0].low, a.ship_survival[0].high) == wilson(2, 4)


def test_kill_causes_per_side() -> None:
    summary = summarize_battles(BATTLES, POINTS)
    a, b = summary.sides
    # A destroyed B's ship twice: a missile (battle 1) and a laser (battle 4).
    assert a.kills == 2 and a.kill_causes == {"laser": 1, "missile": 1}
    # B destroyed A's ships four times: laser (1), laser and mine (2), laser (3).
    assert b.kills == 4 and b.kill_causes == {"laser": 3, "mine": 1}
    data = summary.as_data()["sides"]
    assert isinstance(data, dict)
    assert data["b"]["kill_causes"] == {"laser": {"count": 3, "share": 0.75},
                                        "mine": {"count": 1, "share": 0.25}}


def test_no_ratio_when_one_side_destroyed_nothing() -> None:
    clean = [battle(0, 3, OK, OK, (3, "laser"))] * 3
    summary = summarize_battles(clean, POINTS)
    assert summary.exchange.value is None and summary.exchange.low is None
    assert summary.exchange.as_data() == {"value": None, "ci95": None}
    one = summarize_battles(BATTLES[:1], POINTS)
    assert one.exchange.value == 2.0 and one.exchange.low == one.exchange.high == 2.0
    nothing = summarize_battles([], POINTS)
    assert nothing.runs == 0 and nothing.mean_turns is None


def test_a_mean_of_one_value_has_no_width() -> None:
    assert mean_of([7.0]) == mean_of([7.0, 7.0]) == mean_of([7.0] * 9)
    assert mean_of([]).mean == 0.0


@given(st.lists(st.tuples(st.integers(0, 100), st.integers(1, 100)), min_size=2, max_size=40))
def test_the_ratio_interval_holds_the_ratio_and_is_symmetric_in_the_sides(
        pairs: list[tuple[int, int]]) -> None:
    a = [float(x) for x, _ in pairs]
    b = [float(y) for _, y in pairs]
    forward, backward = ratio_of(a, b), ratio_of(b, a)
    assert forward.value is not None and forward.low is not None and forward.high is not None
    assert forward.low <= forward.value <= forward.high
    if backward.value is not None and forward.value > 0:
        # B over A is exactly the reciprocal, interval and all.
        assert backward.value == pytest.approx(1 / forward.value)
        assert backward.low == pytest.approx(1 / forward.high)
        assert backward.high == pytest.approx(1 / forward.low)
