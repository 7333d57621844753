"""The compiled Pentagon War engine: deterministic, wired in, and playing the reference's rules.

The compiled engine rolls its own dice, so it is held to the readable reference engine
by statistics (win, draw and loss shares, mean turns to a kill) rather than die for die;
hand-checkable pieces (tables, dice, damage) are checked against the reference directly.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from shipyard.core.dice import duel_seed
from shipyard.core.outcome import DuelScenario, Result
from shipyard.core.protocol import BatchLineup, Evaluation
from shipyard.rulesets.pentagon_war.design import read_design
from shipyard.rulesets.pentagon_war.engine import fire
from shipyard.rulesets.pentagon_war.engine.lineup import Lineup
from shipyard.rulesets.pentagon_war.engine.tables import load_combat
from shipyard.rulesets.pentagon_war.fast import dice
from shipyard.rulesets.pentagon_war.fast import layout as L
from shipyard.rulesets.pentagon_war.fast.duel import reset
from shipyard.rulesets.pentagon_war.fast.estimates import total_boxes
from shipyard.rulesets.pentagon_war.fast.lineup import FastLineup
from shipyard.rulesets.pentagon_war.fast.state import new_state
from shipyard.services.batch import Matchup, run_batch
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
    assert ruleset.engines == ("fast", "reference")
    args = (a, b, ("lancer", "starter"), ("default", "default"), DuelScenario())
    assert isinstance(ruleset.lineup(*args), FastLineup)
    assert isinstance(ruleset.lineup(*args, engine="fast"), FastLineup)
    reference = ruleset.lineup(*args, engine="reference")
    assert type(reference) is Lineup
    assert isinstance(ruleset.lineup(*args), BatchLineup)
    with pytest.raises(ValueError, match="warp"):
        ruleset.lineup(*args, engine="warp")


def test_a_logged_duel_is_the_reference_engines_duel(lineup: FastLineup) -> None:
    reference = Lineup(sample("sunspear"), sample("mercurand"), ("sunspear", "mercurand"),
                       ("default", "default"), DuelScenario())
    logged = lineup.fight(5, log=True)
    assert logged == reference.fight(5, log=True)
    assert logged.log


def test_a_captain_it_does_not_play_goes_to_the_reference_engine() -> None:
    lineup = fast("lancer", "starter", "legacy")
    reference = Lineup(sample("lancer"), sample("starter"), ("lancer", "starter"),
                       ("legacy", "legacy"), DuelScenario())
    assert not lineup.compiled
    assert lineup.fight_many([1, 2]) == [reference.fight(1), reference.fight(2)]


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


# Totals of whole batches on the compiled engine (its own dice): any change to the kernels
# must still play every duel die for die the same way, or pin these again on purpose.
@pytest.mark.parametrize(("a", "b", "policies", "scenario", "runs", "master", "outcomes",
                          "turns", "damage"), [
    ("sunspear", "mercurand", ("default", "default"), DuelScenario(), 200, 1, (183, 15, 2),
     984, (11869, 11730)),
    ("hive", "lancer", ("carrier", "brawler"), DuelScenario(20, 0, 8), 100, 9, (100, 0, 0),
     100, (1234, 106)),
    ("hammer", "stinger", ("brawler", "sniper"), DuelScenario(12, 0, 6), 100, 99, (80, 19, 1),
     218, (1217, 1109)),
])
def test_batches_keep_their_pinned_totals(a: str, b: str, policies: tuple[str, str],
                                          scenario: DuelScenario, runs: int, master: int,
                                          outcomes: tuple[int, int, int], turns: int,
                                          damage: tuple[int, int]) -> None:
    matchup = Matchup(sample(a), sample(b), *policies, scenario)
    for workers in (1, 2):
        results = run_batch(matchup, runs, master, workers=workers)
        wins = sum(r.winner == 0 for r in results)
        losses = sum(r.winner == 1 for r in results)
        assert (wins, losses, runs - wins - losses) == outcomes
        assert sum(r.turns for r in results) == turns
        assert (sum(r.damage[0] for r in results), sum(r.damage[1] for r in results)) == damage


def test_the_turn_limit_ends_the_duel_as_a_draw() -> None:
    scenario = DuelScenario(start_range=200, closing_speed=0, turn_limit=2)
    results = fast("ceres-station", "hive", "sniper", scenario).fight_many(range(50))
    assert all(r.winner is None and r.turns == 2 and r.cause == "" for r in results)


# -- hand-checkable pieces ----------------------------------------------------------------
def test_dice_are_fair_and_seeded() -> None:
    rng = np.zeros(1, dtype=np.uint64)
    dice.seed(rng, np.uint64(42))
    rolls = [dice.d6(rng) for _ in range(6000)]
    dice.seed(rng, np.uint64(42))
    assert [dice.d6(rng) for _ in range(20)] == rolls[:20]
    counts = [rolls.count(face) for face in range(1, 7)]
    assert sum(counts) == 6000 and all(900 < c < 1100 for c in counts)


def test_the_odds_tables_are_the_reference_figures(lineup: FastLineup) -> None:
    combat, odds = load_combat(), lineup.tables.odds
    for index, kind in enumerate(L.KINDS[:L.DIRECT_KINDS]):
        for hexes in (0, 1, 3, 9, 33, 200):
            for size in (0, 1, 2):
                for evaders in (0, 1, 2):
                    extra = combat.evasion.fire_modifier * evaders
                    assert odds[L.MEAN, index, hexes, size, evaders] == fire.expected(
                        kind, hexes, size, extra, combat)
                    assert odds[L.CHANCE, index, hexes, size, evaders] == fire.chance(
                        kind, hexes, size, extra, combat)
                    assert odds[L.BEST, index, hexes, size, evaders] == fire.best_case(
                        kind, hexes, size, extra, combat)


def test_a_fresh_craft_has_every_box_of_the_reference_craft(lineup: FastLineup) -> None:
    from shipyard.rulesets.pentagon_war.engine.state import total_boxes as reference_boxes
    st = new_state(lineup.fleet)
    reset(st, lineup.fleet)
    for side, craft in enumerate(lineup.templates):
        assert total_boxes(st, side) == reference_boxes(craft)
        assert list(st.ci[side, L.ARMOR:L.ARMOR + 7]) == craft.armor


# -- the same rules, by statistics --------------------------------------------------------
def _shares(results: list[Result]) -> list[int]:
    return [sum(r.winner == 0 for r in results), sum(r.winner is None for r in results),
            sum(r.winner == 1 for r in results)]


def _p_value(first: list[int], second: list[int]) -> float:
    """Two-sample chi-square test of homogeneity on win/draw/loss counts."""
    used = [i for i in range(3) if first[i] + second[i]]
    total = sum(first) + sum(second)
    statistic = sum((observed - n * (first[i] + second[i]) / total) ** 2
                    / (n * (first[i] + second[i]) / total)
                    for i in used for observed, n in ((first[i], sum(first)),
                                                      (second[i], sum(second))))
    df = len(used) - 1
    if df == 0:
        return 1.0
    return math.exp(-statistic / 2) if df == 2 else math.erfc(math.sqrt(statistic / 2))


def _kill_turns(results: list[Result]) -> float:
    turns = [r.turns for r in results if r.winner is not None]
    return sum(turns) / max(len(turns), 1)


@pytest.mark.parametrize(("a", "b", "policy", "runs"), [
    ("sunspear", "mercurand", "default", 1500),  # radiation guns against missiles
    ("hive", "lancer", "carrier", 300),  # drones
    ("hammer", "stinger", "brawler", 1500),  # liquid metal bolts, beams, acid gum
])
def test_the_compiled_engine_plays_the_reference_rules(a: str, b: str, policy: str,
                                                       runs: int) -> None:
    reference = Lineup(sample(a), sample(b), (a, b), (policy, policy), DuelScenario())
    expected = [reference.fight(duel_seed(1, i)) for i in range(runs)]
    got = fast(a, b, policy).fight_many([duel_seed(2, i) for i in range(10 * runs)])
    assert _p_value(_shares(expected), _shares(got)) > 0.001 / 3
    assert _kill_turns(got) == pytest.approx(_kill_turns(expected), rel=0.05)
