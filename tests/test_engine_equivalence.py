"""Both engines of each game fight the same duel for every seed, duel for duel.

Every pair of bundled samples (a sample against itself too) under every captain, plus a
few other scenarios, is fought on the readable reference engine and on the compiled one
over the same seeds; winner, turns, damage each way, cause of kill and the number of
dice drawn must be equal for every seed. `SHIPYARD_EQUIVALENCE_SEEDS` sets the seeds per
row (the benchmark `benchmarks/equivalence_bench.py` runs a few hundred). A rule changed
in one engine only fails here: the last tests change one rule of each reference engine
and check that the comparison catches it.
"""

from __future__ import annotations

import os
from functools import cache

import pytest

from shipyard.core.dice import duel_seed
from shipyard.core.outcome import DuelScenario
from shipyard.core.protocol import Evaluation
from shipyard.services.equivalence import Row, differences, matchup, rows, samples, seeds_of

SEEDS = {"pentagon-war": 12, "tacship": 16}  # per row in CI (the benchmark fights 300)
OTHER_SCENARIOS = (  # rules the default scenario rarely reaches
    Row("pentagon-war", "brawler", "hammer", "stinger", DuelScenario(12, 0, 6)),
    Row("pentagon-war", "carrier", "hive", "lancer", DuelScenario(20, 0, 8)),
    Row("pentagon-war", "sniper", "ceres-station", "sunspear", DuelScenario(40, 12, 12)),
    Row("pentagon-war", "default", "zelta-dee", "shade", DuelScenario(3, 30, 10)),
    Row("pentagon-war", "brawler", "stinger", "hammer", DuelScenario(60, 40, 20)),
    Row("tacship", "default", "nightjar", "harpy", DuelScenario(12, 0, 5)),
    Row("tacship", "brawler", "nightjar", "harpy", DuelScenario(30, 8, 10)),
    Row("tacship", "sniper", "valkyrie", "kestrel", DuelScenario(5, 2, 3)),
)
ROWS = [*rows("pentagon-war"), *rows("tacship"), *OTHER_SCENARIOS]


@cache
def evaluations(ruleset: str) -> dict[str, Evaluation]:
    return samples(ruleset)


def seeds_for(ruleset: str) -> list[int]:
    count = int(os.environ.get("SHIPYARD_EQUIVALENCE_SEEDS", SEEDS[ruleset]))
    return seeds_of(7, count)


@pytest.mark.parametrize("row", ROWS, ids=[row.label for row in ROWS])
def test_both_engines_fight_the_same_duels(row: Row) -> None:
    duel = matchup(row, evaluations(row.ruleset))
    found = differences(duel, seeds_for(row.ruleset))
    assert not found, (f"{len(found)} duels differ; first, duel {found[0].index}: "
                       f"reference {found[0].reference} against {found[0].engine} "
                       f"{found[0].other}")


def test_the_rows_cover_every_pair_and_captain() -> None:
    pentagon = [r for r in ROWS if r.ruleset == "pentagon-war" and r.scenario is None]
    tacship = [r for r in ROWS if r.ruleset == "tacship" and r.scenario is None]
    # 10 samples: 45 pairs and 10 mirror matches; 4 captains. 6 samples: 21; 3 pilots.
    assert len(pentagon) == 55 * 4 and len({(r.a, r.b) for r in pentagon}) == 55
    assert len(tacship) == 21 * 3 and len({r.captain for r in tacship}) == 3


# -- a rule changed in one engine only is caught ----------------------------------------
def test_a_changed_pentagon_war_rule_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    from shipyard.rulesets.pentagon_war.engine import fire

    row = Row("pentagon-war", "default", "lancer", "shade")
    duel = matchup(row, evaluations(row.ruleset))
    seeds = [duel_seed(3, i) for i in range(20)]
    assert differences(duel, seeds) == []
    # The reference alone now counts a failed lock-on as triple range, not double.
    monkeypatch.setattr(fire, "firing_range",
                        lambda hexes, locked, combat: hexes if locked else hexes * 3)
    assert differences(duel, seeds)


def test_a_changed_tacship_rule_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    from shipyard.rulesets.tacship.engine import fire

    row = Row("tacship", "default", "hawk", "kestrel")
    duel = matchup(row, evaluations(row.ruleset))
    seeds = [duel_seed(3, i) for i in range(20)]
    assert differences(duel, seeds) == []
    # The reference alone now rolls location on a die one face short.
    real = fire.die
    monkeypatch.setattr(fire, "die", lambda dice, sides: real(dice, max(1, sides - 1)))
    assert differences(duel, seeds)
