"""The handicap service: the answer rule on rows written by hand, the words and the chart,
known rates on a stand-in engine, and the real engine's rows the same for any worker
count, each row the very batch `shipyard battle` fights."""

from __future__ import annotations

import pytest

from shipyard.core.dice import draw, duel_seed
from shipyard.core.outcome import DuelScenario
from shipyard.core.stats import Rate, rate
from shipyard.services import warming
from shipyard.services.battle import BattleProblem, engage, run_battles
from shipyard.services.handicap import (
    Handicap,
    Row,
    answer_of,
    copies,
    prepare,
    row_of,
    run_handicap,
)
from shipyard.services.handicap_output import (
    answer_words,
    chart_lines,
    chart_row,
    notes,
    table_cell,
)
from shipyard.services.registry import get_ruleset
from tests.battle_fake import use_fake_engine

HARPY, VALKYRIE = "sample:harpy", "sample:valkyrie"
SHORT = DuelScenario(8, 8, 8)  # a close start and eight turns: cheap reference battles


def row(k: int, wins: int, runs: int = 100, draws: int = 0, cut_off: int = 0) -> Row:
    losses = runs - wins - draws
    return Row(k, 30 * k, rate(wins, runs), rate(draws, runs), rate(losses, runs),
               rate(losses, runs), 5.0, cut_off)


def result(rows: list[Row], runs: int = 100) -> Handicap:
    setup = prepare(HARPY, VALKYRIE, most=len(rows))  # reads and checks; fights nothing
    return Handicap(setup, runs, 1, tuple(rows), answer_of(rows))


# -- the answer rule, on rows written by hand ---------------------------------------------
def test_the_wilson_ends_the_rule_reads() -> None:
    # Worked by hand, z = 1.96: 65 of 100 gives the centre (0.65 + 0.0192) / 1.0384 =
    # 0.6445 and the half width 1.96 * sqrt(0.002275 + 0.000096) / 1.0384 = 0.0919, so
    # its interval 0.553 - 0.736 lies wholly above one half; 58 of 100 gives 0.482 - 0.672.
    assert rate(65, 100).low == pytest.approx(0.5525, abs=5e-4)
    assert rate(58, 100).low == pytest.approx(0.4821, abs=5e-4)


def test_the_answer_is_the_first_k_whose_interval_lies_wholly_above_half() -> None:
    rows = [row(1, 20), row(2, 58), row(3, 65), row(4, 90)]
    answer = answer_of(rows)
    assert answer.equal is rows[2]  # 65 of 100: 55.3% - 73.6%
    assert answer.even is rows[1]  # 58 of 100 passes 50% by point estimate only
    assert answer.most == 4


def test_the_first_such_k_even_when_a_later_row_dips() -> None:
    rows = [row(1, 10), row(2, 70), row(3, 55), row(4, 40)]
    answer = answer_of(rows)
    assert answer.equal is rows[1] and answer.even is rows[1]


def test_no_answer_when_even_the_most_do_not() -> None:
    rows = [row(1, 10), row(2, 30), row(3, 50)]  # 50 of 100 is not past one half
    answer = answer_of(rows)
    assert answer.equal is None and answer.even is None and answer.most == 3


def test_an_interval_touching_half_is_not_wholly_above_it() -> None:
    touching = Row(1, 30, Rate(60, 0.6, 0.5, 0.7), rate(0, 100), rate(40, 100),
                   rate(40, 100), 5.0, 0)
    assert not touching.equal
    assert answer_of([touching]).equal is None and answer_of([touching]).even is touching


def test_a_draw_is_not_a_win() -> None:
    rows = [row(1, 45, draws=50)]  # B wins 5 of 100, yet A has not won half
    assert answer_of(rows).even is None


# -- the words and the chart ---------------------------------------------------------------
def test_the_answer_in_words() -> None:
    said = answer_words(result([row(1, 20), row(2, 58), row(3, 65)]))
    assert said == ["3 Harpy equal one Valkyrie: 3 win 65.0% (55.3\u201373.6%)",
                    "The win rate first passes 50% at k = 2 (58.0% by point estimate)"]


def test_the_answer_in_words_with_one_enough_and_with_none() -> None:
    one = answer_words(result([row(1, 65), row(2, 80)]))
    assert one[0] == "One Harpy equals one Valkyrie: it wins 65.0% (55.3\u201373.6%)"
    none = answer_words(result([row(1, 10), row(2, 20)]))
    assert none[0].startswith("Even 2 Harpy do not equal one Valkyrie: 2 win 20.0% (")
    assert none[1] == "The win rate passes 50% at no k from 1 to 2 (the best: 2 win 20.0%)"


def test_a_table_cell_rounds_its_interval_outward() -> None:
    # 0 of 1,000: 0% - 0.38%; 1,000 of 1,000: 99.62% - 100%; 674 of 1,000: 64.4 - 70.2%.
    assert table_cell(rate(0, 1000)) == "0% (0\u20131)"
    assert table_cell(rate(1000, 1000)) == "100% (99\u2013100)"
    assert table_cell(rate(674, 1000)) == "67% (64\u201371)"


def test_a_chart_row_drawn_by_hand() -> None:
    # 0% to 100% on columns 0 to 50: the interval 40% - 80% spans columns 20 to 40, the
    # rate 60% is column 30, and the 50% line (column 25) crosses the interval.
    spanning = Row(1, 30, Rate(60, 0.6, 0.4, 0.8), rate(0, 1), rate(0, 1), rate(0, 1),
                   None, 0)
    assert chart_row(spanning) == (" " * 20 + "\u251c" + "\u2500" * 4 + "\u253c"
                                   + "\u2500" * 4 + "\u25cf" + "\u2500" * 9 + "\u2524"
                                   + " " * 10)
    below = Row(1, 30, Rate(10, 0.1, 0.05, 0.2), rate(0, 1), rate(0, 1), rate(0, 1), None, 0)
    assert chart_row(below) == ("   \u251c\u2500\u25cf\u2500\u2500\u2500\u2500\u2524"
                                + " " * 14 + "\u250a" + " " * 25)


def test_the_chart_marks_the_answer_and_is_plain_text() -> None:
    lines = chart_lines(result([row(1, 20), row(2, 58), row(3, 65)]))
    assert len(lines) == 1 + 3 + 2  # title, a row a k, the axis and its labels
    assert lines[3].endswith("65.0%  \u25c0 equal") and "equal" not in lines[2]
    assert lines[-1].split() == ["0%", "25%", "50%", "75%", "100%"]
    assert all(ch.isprintable() for line in lines for ch in line)


def test_rows_with_many_battles_cut_off_are_noted() -> None:
    rows = [row(1, 10, draws=5, cut_off=5), row(2, 30, draws=20, cut_off=20)]
    assert notes(result(rows)) == [
        "k = 2: more than 10% of the battles reached the turn limit (20) undecided: try a "
        "longer one, e.g. --turns 40"]


# -- what `prepare` builds -----------------------------------------------------------------
def test_each_row_is_k_copies_of_a_named_as_a_fleet_names_them() -> None:
    setup = prepare(HARPY, VALKYRIE, most=3)
    assert setup.most == 3 and setup.a.points == 30 and setup.b.points == 30
    ships = [[name for _, name in e.fleets.a] for e in setup.engagements]
    assert ships == [["Harpy"], ["Harpy 1", "Harpy 2"], ["Harpy 1", "Harpy 2", "Harpy 3"]]
    assert all([name for _, name in e.fleets.b] == ["Valkyrie"] for e in setup.engagements)
    assert [e.a.total for e in setup.engagements] == [30, 60, 90]
    assert all(e.budget is None and not e.unequal for e in setup.engagements)


def test_a_design_against_its_namesake_is_told_apart() -> None:
    assert prepare(HARPY, HARPY, most=1).names == ("Harpy (A)", "Harpy (B)")


def test_copies_outside_one_to_twenty_are_refused() -> None:
    for most in (0, 21):
        with pytest.raises(BattleProblem, match="fight 1 to 20"):
            prepare(HARPY, VALKYRIE, most=most)


# -- known rates on the stand-in engine ----------------------------------------------------
def test_known_rates_on_the_stand_in_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    # Craft i of a stand-in battle (k copies of A, then B) is destroyed when the
    # battle's draw 3i is below 0.7: k copies win when B is destroyed and one of them is
    # not; B wins when it survives and they do not. Counted here battle by battle on
    # duel_seed(7, j - 1), the seed of battle j of every row.
    use_fake_engine(monkeypatch)
    runs = 2000
    measured = run_handicap(prepare(HARPY, VALKYRIE, most=5), runs, 7)
    for k, got in enumerate(measured.rows, start=1):
        wins = losses = alive = 0
        for j in range(runs):
            lost = [draw(duel_seed(7, j), 3 * i) < 0.7 for i in range(k + 1)]
            wins += lost[k] and not all(lost[:k])
            losses += not lost[k] and all(lost[:k])
            alive += not lost[k]
        assert (got.wins, got.losses, got.b_survival) == (
            rate(wins, runs), rate(losses, runs), rate(alive, runs))
        assert got.draws == rate(runs - wins - losses, runs) and got.points == 30 * k
        # Near the chances 0.7 (1 - 0.7^k), 0.3 * 0.7^k and 0.3 (within 3.5 sigma).
        for count, chance in ((wins, 0.7 * (1 - 0.7 ** k)), (losses, 0.3 * 0.7 ** k),
                              (alive, 0.3)):
            assert abs(count / runs - chance) < 3.5 * (chance * (1 - chance) / runs) ** 0.5
    # 885 of 2,000 at k = 3, then 1,063 of 2,000 (50.9% - 55.3%) at k = 4.
    assert measured.rows[2].wins.count == 885 and measured.rows[3].wins.count == 1063
    assert measured.answer.even is measured.rows[3]
    assert measured.answer.equal is measured.rows[3]


# -- the real engine -----------------------------------------------------------------------
def test_the_rows_are_the_same_for_any_worker_count_and_engine() -> None:
    warming.warm(get_ruleset("tacship"))  # the compiled engine (built once a test run)
    fast = prepare(HARPY, VALKYRIE, most=3, scenario=SHORT)
    reference = prepare(HARPY, VALKYRIE, most=3, scenario=SHORT, engine="reference")
    one = run_handicap(fast, 8, 21)
    assert run_handicap(fast, 8, 21, workers=2).rows == one.rows  # threads
    assert run_handicap(reference, 8, 21, workers=2).rows == one.rows  # worker processes
    assert run_handicap(fast, 8, 22).rows != one.rows  # another seed, other battles


def test_a_row_is_the_batch_shipyard_battle_fights() -> None:
    warming.warm(get_ruleset("tacship"))
    setup = prepare(HARPY, VALKYRIE, most=2, scenario=SHORT)
    measured = run_handicap(setup, 12, 5)
    ruleset = get_ruleset("tacship")
    two = engage(copies(setup.a, 2, ruleset), copies(setup.b, 1, ruleset), scenario=SHORT)
    battles = run_battles(two, 12, 5)
    assert measured.rows[1] == row_of(2, two, battles)
    # Battle j of the row on duel_seed(seed, j - 1).
    assert two.fleets.lineup().fight(duel_seed(5, 3)) == battles[3]
