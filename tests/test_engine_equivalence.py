"""Both engines of each game fight the same duel for every seed, duel for duel.

The pinned duels (`tests/test_pinned_duels.py`) hold both engines to known answers;
this holds them to each other on fresh seeds: every pair of bundled samples (a sample
against itself too) under every captain of every registered game with two engines, on
the readable reference engine and the compiled one over the same seeds. Winner, turns,
damage each way, cause of kill and the number of dice drawn must be equal for every
seed. `SHIPYARD_EQUIVALENCE_SEEDS` sets the seeds per row (the benchmark
`benchmarks/equivalence_bench.py` runs a few hundred). A change to one engine's loop
only fails here: the last test changes the reference's and checks that the comparison
catches it.
"""

from __future__ import annotations

import os
from functools import cache

import pytest

from shipyard.core.dice import duel_seed
from shipyard.core.protocol import Evaluation
from shipyard.services.equivalence import Row, differences, matchup, rows, samples, seeds_of
from shipyard.services.pinned import engines
from shipyard.services.registry import ruleset_names

GAMES = [game for game in ruleset_names() if len(engines(game)) > 1]
ROWS = [row for game in GAMES for row in rows(game)]


@cache
def evaluations(ruleset: str) -> dict[str, Evaluation]:
    return samples(ruleset)


def seeds_for(row: Row) -> list[int]:
    count = int(os.environ.get("SHIPYARD_EQUIVALENCE_SEEDS", 1))
    return seeds_of(7 + ROWS.index(row), count)  # fresh seeds, another set each row


@pytest.mark.parametrize("game", GAMES)
def test_both_engines_fight_the_same_duels(game: str) -> None:
    found = []
    for row in (r for r in ROWS if r.ruleset == game):
        found += [(row, d) for d in differences(matchup(row, evaluations(game)), seeds_for(row))]
    assert not found, (f"{len(found)} duels differ; first, {found[0][0].label} seed "
                       f"{found[0][1].seed}: reference {found[0][1].reference} against "
                       f"{found[0][1].engine} {found[0][1].other}")


def test_the_rows_cover_every_pair_and_captain() -> None:
    pentagon = [r for r in ROWS if r.ruleset == "pentagon-war"]
    tacship = [r for r in ROWS if r.ruleset == "tacship"]
    # 10 samples: 45 pairs and 10 mirror matches; 4 captains. 6 samples: 21; 3 pilots.
    assert len(pentagon) == 55 * 4 and len({(r.a, r.b) for r in pentagon}) == 55
    assert len(tacship) == 21 * 3 and len({r.captain for r in tacship}) == 3


# -- a change to one engine only is caught ------------------------------------------------
def test_a_changed_reference_loop_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    from shipyard.rulesets.pentagon_war.engine import fire

    row = Row("pentagon-war", "default", "lancer", "shade")
    duel = matchup(row, evaluations(row.ruleset))
    seeds = [duel_seed(3, i) for i in range(20)]
    assert differences(duel, seeds) == []
    # The reference alone now counts a failed lock-on as triple range, not double.
    monkeypatch.setattr(fire, "firing_range",
                        lambda hexes, locked, combat: hexes if locked else hexes * 3)
    assert differences(duel, seeds)
