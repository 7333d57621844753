"""The compiled Pentagon War engine: deterministic, wired in, built from the reference's figures.

Duel for duel equality with the reference engine is `tests/test_engine_equivalence.py`;
here the wiring, determinism and hand-checkable pieces (tables, fresh craft).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from shipyard.core.dice import duel_seed
from shipyard.core.outcome import DuelScenario, Result
from shipyard.core.protocol import BatchLineup, Evaluation
from shipyard.rulesets.pentagon_war.design import read_design
from shipyard.rulesets.pentagon_war.engine import fire
from shipyard.rulesets.pentagon_war.engine.lineup import Lineup
from shipyard.rulesets.pentagon_war.engine.tables import load_combat
from shipyard.rulesets.pentagon_war.fast import columns as C
from shipyard.rulesets.pentagon_war.fast.duel import reset
from shipyard.rulesets.pentagon_war.fast.judgement import total_boxes
from shipyard.rulesets.pentagon_war.fast.lineup import FastLineup
from shipyard.rulesets.pentagon_war.fast.state import new_state
from shipyard.rulesets.pentagon_war.rules.figures import DIRECT_KINDS, KINDS
from shipyard.services.registry import evaluate
from shipyard.services.samples import resolve

CAUSES = {"", "laser", "electron cannon", "proton cannon", "magnetic beam", "radiation gun",
          "acid gum", "missile", "point defense", "liquid metal bolt", "drone", "explosion",
          "crash acceleration", "cosmic rays"}


def sample(name: str) -> Evaluation:
    return evaluate(read_design(resolve(f"sample:{name}")))


def fast(a: str, b: str, policy: str = "default",
         scenario: DuelScenario | None = None) -> FastLineup:
    return FastLineup(sample(a), sample(b), (a, b), (policy, policy), scenario or DuelScenario())


@pytest.fixture(scope="module")
def lineup() -> FastLineup:
    return fast("sunspear", "mercurand")


# -- wiring -------------------------------------------------------------------------------
def test_the_ruleset_fights_on_the_compiled_engine_by_default() -> None:
    a, b = sample("lancer"), sample("starter")
    ruleset = a.ruleset
    assert ruleset.duels.engines == ("fast", "reference")
    args = (a, b, ("lancer", "starter"), ("default", "default"), DuelScenario())
    assert isinstance(ruleset.duels.lineup(*args), FastLineup)
    assert isinstance(ruleset.duels.lineup(*args, engine="fast"), FastLineup)
    reference = ruleset.duels.lineup(*args, engine="reference")
    assert type(reference) is Lineup
    assert isinstance(ruleset.duels.lineup(*args), BatchLineup)
    with pytest.raises(ValueError, match="warp"):
        ruleset.duels.lineup(*args, engine="warp")


def test_a_logged_duel_is_the_batch_duel_told(lineup: FastLineup) -> None:
    reference = Lineup(sample("sunspear"), sample("mercurand"), ("sunspear", "mercurand"),
                       ("default", "default"), DuelScenario())
    logged = lineup.fight(5, log=True)
    assert logged == reference.fight(5, log=True)
    assert logged.log
    assert replace(logged, log=()) == lineup.fight_many([5])[0]


# -- determinism --------------------------------------------------------------------------
def test_same_seed_same_duel(lineup: FastLineup) -> None:
    assert lineup.fight(123) == lineup.fight(123)
    assert fast("sunspear", "mercurand").fight(123) == lineup.fight(123)


def test_results_do_not_depend_on_workers_or_batches(lineup: FastLineup) -> None:
    seeds = [duel_seed(3, i) for i in range(300)]
    one_by_one = [lineup.fight(seed) for seed in seeds]
    assert lineup.fight_many(seeds) == one_by_one
    assert lineup.fight_many(seeds, workers=2) == one_by_one
    assert lineup.fight_many(seeds, workers=3) == one_by_one
    assert lineup.fight_many(seeds[:77]) + lineup.fight_many(seeds[77:], 2) == one_by_one


def test_results_speak_the_reference_words(lineup: FastLineup) -> None:
    results = lineup.fight_many(range(500))
    assert all(isinstance(r, Result) and r.cause in CAUSES for r in results)
    assert all((r.winner is None) == (r.cause == "") for r in results)
    assert {r.cause for r in results} >= {"radiation gun", "missile"}
    assert all(1 <= r.turns <= 20 and min(r.damage) >= 0 and r.log == () for r in results)


def test_the_turn_limit_ends_the_duel_as_a_draw() -> None:
    scenario = DuelScenario(start_range=200, closing_speed=0, turn_limit=2)
    results = fast("ceres-station", "hive", "sniper", scenario).fight_many(range(50))
    assert all(r.winner is None and r.turns == 2 and r.cause == "" for r in results)


# -- hand-checkable pieces ----------------------------------------------------------------
def test_the_odds_tables_are_the_reference_figures(lineup: FastLineup) -> None:
    combat, odds = load_combat(), lineup.tables.odds
    for index, kind in enumerate(KINDS[:DIRECT_KINDS]):
        for hexes in (0, 1, 3, 9, 33, 200):
            for size in (0, 1, 2):
                for evaders in (0, 1, 2):
                    extra = combat.evasion.fire_modifier * evaders
                    assert odds[C.MEAN, index, hexes, size, evaders] == fire.expected(
                        kind, hexes, size, extra, combat)
                    assert odds[C.CHANCE, index, hexes, size, evaders] == fire.chance(
                        kind, hexes, size, extra, combat)
                    assert odds[C.BEST, index, hexes, size, evaders] == fire.best_case(
                        kind, hexes, size, extra, combat)


def test_a_fresh_craft_has_every_box_of_the_reference_craft(lineup: FastLineup) -> None:
    from shipyard.rulesets.pentagon_war.engine.state import total_boxes as reference_boxes
    st = new_state(lineup.duelists)
    reset(st, lineup.duelists)
    for side, craft in enumerate(lineup.templates):
        assert total_boxes(st, side) == reference_boxes(craft)
        assert list(st.ci[side, C.ARMOR:C.ARMOR + 7]) == craft.armor
