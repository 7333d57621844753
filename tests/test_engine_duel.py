"""The duel loop: determinism, rule limits, invariants under hypothesis, statistics."""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from shipyard.core.dice import CounterDice, Dice
from shipyard.core.outcome import DuelScenario
from shipyard.core.protocol import Evaluation
from shipyard.core.stats import rate, summarize, wilson
from shipyard.rulesets.pentagon_war.design import Design, parse_design, read_design
from shipyard.rulesets.pentagon_war.engine import duel as duel_module
from shipyard.rulesets.pentagon_war.engine.damage import Hit, HitReport
from shipyard.rulesets.pentagon_war.engine.duel import Duel, scenario_defaults
from shipyard.rulesets.pentagon_war.engine.policy import (
    POLICIES,
    Launch,
    Maneuver,
    Policy,
    Situation,
    policy_named,
)
from shipyard.rulesets.pentagon_war.engine.state import Craft, craft_from
from shipyard.rulesets.pentagon_war.engine.tables import Combat, load_combat
from shipyard.services.batch import Matchup, run_batch, run_one
from shipyard.services.registry import evaluate
from shipyard.services.samples import resolve
from tests.strategies import legal_designs


def sample(name: str) -> Evaluation:
    return evaluate(read_design(resolve(f"sample:{name}")))


def heavier(name: str, screens: int, armor: int) -> Evaluation:
    data = read_design(resolve(f"sample:{name}")).to_data()
    data["name"] = f"Heavy {data['name']}"
    data["systems"]["screen"] += screens
    data["armor"] = {side: boxes + armor for side, boxes in data["armor"].items()}
    design: Design = parse_design(data)
    return evaluate(design)


# -- determinism ---------------------------------------------------------------
def test_same_seed_same_duel_bit_for_bit() -> None:
    matchup = Matchup(sample("hive"), sample("mercurand"))
    first = run_one(matchup, 1234, log=True)
    assert first == run_one(matchup, 1234, log=True)
    assert first.log


def test_a_batch_does_not_depend_on_the_worker_count() -> None:
    matchup = Matchup(sample("hammer"), sample("stinger"), "brawler", "sniper",
                      DuelScenario(start_range=12, turn_limit=6))
    one = run_batch(matchup, 120, 99, workers=1)
    assert one == run_batch(matchup, 120, 99, workers=2)
    assert one[60:] == run_batch(matchup, 60, 99, workers=1, start=60)


# -- rules seen through the log ------------------------------------------------
def _fire_turns(log: tuple[str, ...], firer: str, weapon: str) -> list[int]:
    turns, turn = [], 0
    for line in log:
        if line.startswith("turn "):
            turn = int(line.split()[1].rstrip(":"))
        elif f"{firer} fires" in line and weapon in line:
            turns.append(turn)
    return turns


def test_radiation_guns_never_fire_on_consecutive_turns() -> None:
    matchup = Matchup(sample("sunspear"), sample("ceres-station"),
                      scenario=DuelScenario(start_range=10, turn_limit=12))
    for seed in range(5):
        turns = sorted(set(_fire_turns(run_one(matchup, seed, log=True).log, "Sunspear",
                                       "radiation gun")))
        assert turns
        assert all(b - a >= 2 for a, b in pairwise(turns))


def test_the_log_reads_in_plain_words() -> None:
    result = run_one(Matchup(sample("lancer"), sample("zelta-dee")), 3, log=True)
    text = "\n".join(result.log)
    for words in ("turn 1: range 30.0", "fires 2 proton cannons at Zelta Dee at range",
                  "rolls", "screens stop", "lock-on"):
        assert words in text
    assert result.log[-1].startswith(f"turn {result.turns}: ")


def test_missiles_meet_point_defense() -> None:
    text = "\n".join(run_one(Matchup(sample("mercurand"), sample("sunspear")), 2,
                             log=True).log)
    assert "launches 1 missile(s)" in text
    assert "Sunspear point defense (" in text and "needs" in text


class Passive(Policy):
    """Holds still and never fires: lets a test watch one rule at work."""

    name = "passive"

    def maneuver(self, me: Craft, enemy: Craft, situation: Situation) -> Maneuver:
        return Maneuver(1)

    def launch(self, me: Craft, enemy: Craft, situation: Situation) -> Launch:
        return Launch()

    def fire(self, me: Craft, enemy: Craft, situation: Situation) -> list[Any]:
        return []


def _duel(a: Evaluation, b: Evaluation, policies: tuple[Policy, Policy],
          scenario: DuelScenario | None = None, dice: Dice | None = None) -> Duel:
    return Duel((craft_from(a, "A"), craft_from(b, "B")), policies, scenario or DuelScenario(),
                load_combat(), a.catalog, dice or CounterDice(1))


def test_acid_gum_keeps_eating_for_three_impulses_past_the_screens() -> None:
    duel = _duel(sample("lancer"), sample("sunspear"), (Passive(), Passive()))
    duel.turn = 1
    duel.start_turn()
    target = duel.crafts[1]
    duel.add_acid(1)
    seen = []
    for impulse in range(1, 5):
        duel.impulse = impulse
        before = target.taken.total
        duel.play_impulse()
        seen.append((target.taken.total - before, target.taken.screens))
    assert seen == [(2, 0), (2, 0), (2, 0), (0, 0)]


def test_a_base_never_moves() -> None:
    duel = _duel(sample("ceres-station"), sample("lancer"), (policy_named("brawler"),
                                                             policy_named("brawler")))
    base = duel.crafts[0]
    duel.run()
    assert base.velocity == 0.0


# -- invariants ----------------------------------------------------------------
class Watched(Duel):
    """A duel that checks the rules' invariants after every impulse."""

    def play_impulse(self) -> None:
        super().play_impulse()
        for craft in self.crafts:
            check_craft(craft)


def check_craft(craft: Craft) -> None:
    assert all(v >= 0 for v in craft.boxes.values()), craft.boxes
    assert all(v >= 0 for v in craft.armor)
    assert all(g.boxes >= 0 for g in craft.weapons)
    assert all(g.boxes >= 0 for g in craft.guns)
    assert craft.radar and craft.radar[-1] == 0
    assert 0 <= craft.spent <= craft.charge, (craft.spent, craft.charge)


def accounting(monkeypatch: pytest.MonkeyPatch) -> dict[int, int]:
    """Record every damage point handed to a craft, by craft id."""
    delivered: dict[int, int] = {}

    def wrap(inner: Callable[..., Any], many: bool) -> Callable[..., Any]:
        def wrapped(craft: Craft, hits: Any, *args: Any) -> Any:
            points = sum(h.points for h in hits) if many else hits
            delivered[id(craft)] = delivered.get(id(craft), 0) + points
            result = inner(craft, hits, *args)
            for report in (result if many else [result]):
                assert isinstance(report, HitReport)
                assert (report.screens + report.armor + len(report.interior)
                        + report.wasted == report.points)
            return result
        return wrapped

    monkeypatch.setattr(duel_module, "take_damage", wrap(duel_module.take_damage, True))
    monkeypatch.setattr(duel_module, "interior_hits", wrap(duel_module.interior_hits, False))
    return delivered


def _play(a: Evaluation, b: Evaluation, names: tuple[str, str], seed: int,
          scenario: DuelScenario) -> None:
    crafts = (craft_from(a, "A"), craft_from(b, "B"))
    duel = Watched(crafts, (policy_named(names[0]), policy_named(names[1])), scenario,
                   load_combat(), a.catalog, CounterDice(seed))
    with pytest.MonkeyPatch.context() as monkeypatch:
        delivered = accounting(monkeypatch)
        result = duel.run()
    assert 1 <= result.turns <= scenario.turn_limit
    for craft in crafts:
        assert craft.taken.total == delivered.get(id(craft), 0)
    # What each side dealt is what got past the screens: armor and interior (issue 29).
    assert result.damage == (crafts[1].taken.armor + crafts[1].taken.interior,
                             crafts[0].taken.armor + crafts[0].taken.interior)


policies = st.sampled_from(sorted(POLICIES))
scenarios = st.builds(DuelScenario, st.integers(0, 40), st.integers(-6, 6), st.integers(1, 6))
SAMPLES = ["ceres-station", "hammer", "hive", "lancer", "mercurand", "shade", "stinger",
           "sunspear", "zelta-dee"]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(a=st.sampled_from(SAMPLES), b=st.sampled_from(SAMPLES), policy_a=policies,
       policy_b=policies, seed=st.integers(0, 2**32), scenario=scenarios)
def test_sample_duels_keep_the_invariants(a: str, b: str, policy_a: str, policy_b: str,
                                          seed: int, scenario: DuelScenario) -> None:
    _play(sample(a), sample(b), (policy_a, policy_b), seed, scenario)


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(a=legal_designs(), b=legal_designs(), policy_a=policies, policy_b=policies,
       seed=st.integers(0, 2**32), scenario=scenarios)
def test_random_legal_designs_keep_the_invariants(
        a: dict[str, Any], b: dict[str, Any], policy_a: str, policy_b: str, seed: int,
        scenario: DuelScenario) -> None:
    first, second = evaluate(parse_design(a)), evaluate(parse_design(b))
    assume(first.legal and second.legal)
    _play(first, second, (policy_a, policy_b), seed, scenario)


# -- statistics ----------------------------------------------------------------
@pytest.mark.parametrize(("k", "n", "low", "high"), [
    (50, 100, 0.4038, 0.5962), (0, 10, 0.0, 0.2775), (10, 10, 0.7225, 1.0),
    (1, 2, 0.0945, 0.9055),
])
def test_wilson_interval_known_values(k: int, n: int, low: float, high: float) -> None:
    got = wilson(k, n)
    assert got == pytest.approx((low, high), abs=1e-4)


def test_summary_counts() -> None:
    from shipyard.core.outcome import Result

    results = [Result(0, 3, (10, 2), "laser"), Result(1, 5, (4, 12), "missile"),
               Result(None, 20, (1, 1), ""), Result(0, 4, (9, 3), "laser")]
    summary = summarize(results)
    assert (summary.wins.count, summary.losses.count, summary.draws.count) == (2, 1, 1)
    assert summary.mean_turns_to_kill == 4 and summary.median_turns_to_kill == 4
    assert summary.mean_damage == (6.0, 4.5)
    assert summary.kill_causes == pytest.approx({"laser": 2 / 3, "missile": 1 / 3})


def test_a_design_against_itself_is_even() -> None:
    lancer = sample("lancer")
    summary = summarize(run_batch(Matchup(lancer, lancer), 600, 3, workers=2))
    # Mutual kills in one impulse are draws; among the duels someone won, A wins half.
    decided = rate(summary.wins.count, summary.wins.count + summary.losses.count)
    assert 0.4 <= decided.share <= 0.6
    assert decided.low <= 0.5 <= decided.high


def test_extra_armor_and_screens_win_clearly() -> None:
    summary = summarize(run_batch(Matchup(sample("lancer"), heavier("lancer", 4, 4)), 300, 5,
                                  workers=2))
    # The plain copy never wins; the best it can do is to die at point blank, where its
    # death explosion meets screens the heavier copy already spent that impulse (2.7).
    assert summary.wins.high < 0.05
    assert summary.losses.low > 0.4


def test_unknown_policy_names_the_known_ones() -> None:
    with pytest.raises(KeyError, match="brawler"):
        policy_named("coward")


def test_scenario_defaults_come_from_the_catalog() -> None:
    combat: Combat = load_combat()
    # The default preset, "meeting": 30 hexes, each closing at 3 hexes a turn, 30 turns.
    assert scenario_defaults(combat) == DuelScenario(30, 6, 30, (3, 3), "meeting")
    assert Hit(1, "x").screened


def test_engine_imports_no_user_interface() -> None:
    import subprocess
    import sys

    code = ("import sys\n"
            "import shipyard.services.batch, shipyard.core.stats\n"
            "import shipyard.rulesets.pentagon_war.engine.duel\n"
            "print(','.join(m for m in ('textual', 'rich', 'typer') if m in sys.modules))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == ""
