"""Tacship battles: one against one is the duel, and both engines fight the same battle.

A battle of a fleet of one against a fleet of one must be the duel exactly: winner,
turns, damage each way, cause and dice drawn of every pinned duel
(`tests/data/duels/tacship.tsv`, fought and pinned by the duel engine), on both
engines. Squadron battles: the compiled engine fights the reference's very battle
for every seed, fleet pair and pilot pair (winner, turns, each fighter's fate, its
damage, dice drawn), and a rule changed in the reference alone makes it fail.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import groupby
from pathlib import Path

import pytest

from shipyard.core.battle import BattleLineup, BattleResult
from shipyard.core.dice import duel_seed
from shipyard.core.neutral import Evaluation
from shipyard.core.outcome import DuelScenario
from shipyard.core.protocol import battles_of, duels_of
from shipyard.services import pinned
from shipyard.services.fleet import judge, read_fleet
from shipyard.services.registry import get_ruleset

DUELS = Path(__file__).resolve().parent / "data" / "duels" / "tacship.tsv"
FLEETS = Path(__file__).resolve().parents[1] / "catalog" / "tacship" / "fleets"
RULESET = get_ruleset("tacship")
PILOTS = (("default", "default"), ("brawler", "sniper"), ("sniper", "brawler"))
SEEDS = [duel_seed(33, k) for k in range(12)]

Side = Sequence[tuple[Evaluation, str]]


@cache
def pinned_rows() -> tuple[pinned.Pinned, ...]:
    return tuple(pinned.read(DUELS))


@cache
def fleet(name: str) -> Side:
    report = judge(read_fleet(FLEETS / f"{name}.fleet.json"))
    return tuple((ship.evaluation, ship.name) for ship in report.ships)


def default_start() -> DuelScenario:
    return duels_of(RULESET).duel_defaults(RULESET.catalog())


def lineup(a: Side, b: Side, pilots: tuple[str, str], engine: str,
           scenario: DuelScenario | None = None) -> BattleLineup:
    return battles_of(RULESET).lineup(a, b, pilots, scenario or default_start(), engine)


def one_on_one(rows: Sequence[pinned.Pinned], engine: str) -> list[tuple[pinned.Pinned,
                                                                       BattleResult]]:
    """Each pinned duel fought as a battle of two fleets of one, on `engine` (the seeds
    of a matchup in one call)."""
    samples = pinned.samples("tacship")
    fought: list[tuple[pinned.Pinned, BattleResult]] = []
    for _, group in groupby(rows, key=lambda row: row.setup.matchup_key):
        chunk = list(group)
        s = chunk[0].setup
        ready = lineup(((samples[s.a], s.a),), ((samples[s.b], s.b),),
                       (s.captain_a, s.captain_b), engine, s.scenario)
        fought += zip(chunk, ready.fight_many([row.setup.seed for row in chunk]), strict=True)
    return fought


def agrees(row: pinned.Pinned, result: BattleResult) -> bool:
    return (row.winner, row.turns, row.dealt, row.cause, row.draws) == (
        result.winner, result.turns, result.damage, result.cause, result.draws)


def test_a_battle_of_one_against_one_is_every_pinned_duel_on_the_fast_engine() -> None:
    rows = pinned_rows()
    assert len(rows) > 900  # every sample pair, pilot and scenario
    wrong = [(row.setup, result) for row, result in one_on_one(rows, "fast")
             if not agrees(row, result)]
    assert wrong == []


def test_a_battle_of_one_against_one_is_the_pinned_duel_on_the_reference_engine() -> None:
    rows = pinned.every_kth(list(pinned_rows()), 24, offset=5)
    wrong = [(row.setup, result) for row, result in one_on_one(rows, "reference")
             if not agrees(row, result)]
    assert wrong == []


def test_a_fighter_of_one_against_one_meets_as_in_a_duel_and_logs_the_duel() -> None:
    samples = pinned.samples("tacship")
    ready = lineup(((samples["valkyrie"], "Valkyrie"),), ((samples["harpy"], "Harpy"),),
                   ("default", "default"), "reference")
    duel = duels_of(RULESET).lineup(samples["valkyrie"], samples["harpy"],
                                    ("Valkyrie", "Harpy"), ("default", "default"),
                                    default_start(), "reference")
    battle = ready.fight(SEEDS[0], log=True)
    told = duel.fight(SEEDS[0], log=True)
    assert battle.log[:-1] == told.log[:-1]  # turn by turn the same words
    assert battle.log[0].startswith("Valkyrie and Harpy meet head-on 20 hexes apart")


# -- squadrons: both engines, battle for battle -----------------------------------------
# every bundled fleet on each side, each pair under every pilot pair
PAIRS = (("blue-flight", "night-watch"), ("night-watch", "blue-flight"),
         ("grey-flight", "lance-flight"), ("heavy-section", "hornet-swarm"))


def differences(a: str, b: str, pilots: tuple[str, str],
                seeds: Sequence[int]) -> list[tuple[int, BattleResult, BattleResult]]:
    reference = lineup(fleet(a), fleet(b), pilots, "reference").fight_many(seeds)
    fast = lineup(fleet(a), fleet(b), pilots, "fast").fight_many(seeds, workers=2)
    return [(seed, r, f) for seed, r, f in zip(seeds, reference, fast, strict=True) if r != f]


@pytest.mark.parametrize("pilots", PILOTS, ids=["/".join(p) for p in PILOTS])
@pytest.mark.parametrize(("a", "b"), PAIRS, ids=[" v ".join(p) for p in PAIRS])
def test_the_fast_engine_fights_the_reference_battle_seed_for_seed(
        a: str, b: str, pilots: tuple[str, str]) -> None:
    assert differences(a, b, pilots, SEEDS) == []


def test_every_battle_ends_in_fates_a_player_can_check() -> None:
    results = lineup(fleet("blue-flight"), fleet("night-watch"), ("default", "default"),
                     "fast").fight_many([duel_seed(5, k) for k in range(200)])
    for result in results:
        assert [(f.side, f.index) for f in result.fates] == (
            [(0, k) for k in range(4)] + [(1, k) for k in range(3)])
        for fate in result.fates:
            assert (fate.cause == "") is fate.survived
            assert 0 <= fate.turn <= result.turns
        left = [any(f.survived for f in result.side(s)) for s in (0, 1)]
        if result.winner is None:
            assert left[0] == left[1]  # both still flying at the limit, or both gone
        else:
            assert left[result.winner] and not left[1 - result.winner]
    assert {0, 1} <= {r.winner for r in results}  # both fleets win some


def test_a_rule_changed_in_the_reference_alone_fails_the_equivalence(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The flight's focus in the reference engine weighs threat twice as much."""
    from shipyard.rulesets.tacship.rules.piloting import focus_worth as real

    monkeypatch.setattr("shipyard.rulesets.tacship.engine.battle.focus_worth",
                        lambda fixed, turret, missiles, left: real(2 * fixed, turret, missiles,
                                                                   left))
    assert differences("blue-flight", "night-watch", ("default", "default"), SEEDS[:4]) != []
