"""The fast engines against the readable reference engines (quick version of the table).

`benchmarks/equivalence_bench.py` compares every row of the table on 20,000
duels per engine; here a few rows whose outcome is in doubt (neither side
always wins) are checked on fewer fast duels against the reference tallies
pinned in `benchmarks/reference_table.json`, and one pair per game is fought
live by both engines. Seeds are fixed, so each check passes or fails the same
way every run.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from benchmarks.engine_table import FAST_SEED, REFERENCE_SEED, Row, tally
from benchmarks.equivalence_bench import turns_within_chance
from shipyard.core.outcome import Result
from shipyard.core.stats import same_shares_p
from shipyard.services.batch import run_batch

TABLE = json.loads((Path(__file__).parents[1] / "benchmarks" / "reference_table.json")
                   .read_text())
OUTCOMES = ("wins", "draws", "losses")
PINNED = (  # rows the reference engine fought 20,000 times; the fast one fights 4,000
    Row("pentagon-war", "default", "ceres-station", "hive"),
    Row("pentagon-war", "default", "hammer", "shade"),
    Row("pentagon-war", "default", "hive", "sunspear"),
    Row("tacship", "default", "bulwark", "kestrel"),
    Row("tacship", "default", "bulwark", "nightjar"),
)
LIVE = (  # (row, reference duels, fast duels): both engines fight here
    (Row("pentagon-war", "default", "mercurand", "sunspear"), 1_000, 4_000),
)
LEVEL = 0.001 / (len(PINNED) + len(LIVE))  # two-sided, corrected for the rows
TURNS = 0.03


def agree(reference: dict[str, int], fast: dict[str, int]) -> tuple[float, float]:
    """The test's p-value and the relative gap in mean turns to a kill."""
    p = same_shares_p([reference[k] for k in OUTCOMES], [fast[k] for k in OUTCOMES])
    turns = (fast["kill_turns"] / fast["kills"]) / (reference["kill_turns"] / reference["kills"])
    return p, turns - 1


def test_same_shares_worked_by_hand() -> None:
    # 550/450 against 500/500: expected 525 and 475 per column; chi-square
    # 2 * 25^2/525 + 2 * 25^2/475 = 5.0125 on one degree of freedom.
    assert same_shares_p([550, 0, 450], [500, 0, 500]) == pytest.approx(
        math.erfc(math.sqrt(5.0125 / 2)), rel=1e-4)
    # 50/30/20 against 20/30/50: 4 * 15^2/35 = 25.714 on two degrees.
    assert same_shares_p([50, 30, 20], [20, 30, 50]) == pytest.approx(
        math.exp(-25.714286 / 2), rel=1e-4)
    assert same_shares_p([10, 0, 0], [7, 0, 0]) == 1.0


def test_few_kills_pass_on_turns_only_within_chance() -> None:
    # 50 fast kills, 25 in turn 14 and 25 in turn 22: mean 18, spread
    # sqrt(50 * 4^2 / 49) = 4.04. Against 50 reference kills the gap allowed at
    # 0.001/225 (z = 4.59) is 4.59 * 4.04 * sqrt(1/50 + 1/50) = 3.71 turns.
    fast = [Result(0, t, (0, 0), "laser") for t in [14] * 25 + [22] * 25]
    fast += [Result(None, 20, (0, 0), "")] * 9_950  # draws do not count
    level = 0.001 / 225
    mean_17 = {"kills": 50, "kill_turns": 50 * 17}  # 1 turn (6%) off: inside chance
    mean_14 = {"kills": 50, "kill_turns": 50 * 14}  # 4 turns off: outside
    assert turns_within_chance(mean_17, fast, level)
    assert not turns_within_chance(mean_14, fast, level)
    assert turns_within_chance({"kills": 0, "kill_turns": 0}, fast, level)  # nothing to compare


@pytest.mark.parametrize("row", PINNED, ids=lambda row: row.key)
def test_fast_engine_matches_the_pinned_reference(row: Row) -> None:
    reference = TABLE[row.key]
    fast = tally(run_batch(row.matchup("fast"), 4_000, FAST_SEED, 2))
    p, turns = agree(reference, fast)
    assert p > LEVEL, (reference, fast)
    assert abs(turns) <= TURNS, (reference, fast)


@pytest.mark.parametrize(("row", "slow", "quick"), LIVE, ids=lambda x: getattr(x, "key", ""))
def test_fast_engine_matches_the_reference_live(row: Row, slow: int, quick: int) -> None:
    reference = tally(run_batch(row.matchup("reference"), slow, REFERENCE_SEED, 2))
    fast = tally(run_batch(row.matchup("fast"), quick, FAST_SEED, 2))
    p, turns = agree(reference, fast)
    assert p > LEVEL, (reference, fast)
    assert abs(turns) <= TURNS, (reference, fast)
