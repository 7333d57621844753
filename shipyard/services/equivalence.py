"""The two engines of a game held to one duel per seed.

Every engine of a game draws its dice from one counter-based generator keyed by
the duel's seed (`core.dice`), so the readable reference engine and the compiled
fast one must fight the same duel for every seed: the same winner, turns, damage
each way, cause of kill and number of dice drawn. `differences` fights one matchup
on both and lists every seed where they part; the tests and
`benchmarks/equivalence_bench.py` run it over every pair of bundled samples under
every captain.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from itertools import combinations_with_replacement

from shipyard.core.dice import duel_seed
from shipyard.core.neutral import Evaluation
from shipyard.core.outcome import DuelScenario, Result
from shipyard.core.protocol import BatchLineup, duels_of
from shipyard.services.batch import Matchup, lineup
from shipyard.services.registry import evaluate, get_ruleset, read_design
from shipyard.services.samples import sample_name, sample_paths

REFERENCE = "reference"


@dataclass(frozen=True, slots=True)
class Row:
    """One matchup of bundled samples under one captain, both sides alike."""

    ruleset: str
    captain: str
    a: str
    b: str
    scenario: DuelScenario | None = None  # None: the game's own default scenario

    @property
    def label(self) -> str:
        where = "" if self.scenario is None else (
            f" @{self.scenario.start_range}/{self.scenario.closing_speed}"
            f"/{self.scenario.turn_limit}")
        return f"{self.ruleset} {self.captain} {self.a} v {self.b}{where}"


@dataclass(frozen=True, slots=True)
class Difference:
    """A seed on which the engines fought different duels."""

    index: int
    seed: int
    reference: Result
    other: Result
    engine: str


def samples(ruleset: str) -> dict[str, Evaluation]:
    """The bundled samples of a game, evaluated, by name."""
    return {sample_name(path): evaluate(read_design(path)) for path in sample_paths(ruleset)}


def rows(ruleset: str) -> Iterator[Row]:
    """Every pair of the game's samples (a sample against itself too) under each captain."""
    game = get_ruleset(ruleset)
    names = sorted(sample_name(path) for path in sample_paths(ruleset))
    for captain in duels_of(game).policies:
        for a, b in combinations_with_replacement(names, 2):
            yield Row(ruleset, captain, a, b)


def matchup(row: Row, evaluations: dict[str, Evaluation]) -> Matchup:
    a, b = evaluations[row.a], evaluations[row.b]
    scenario = row.scenario or duels_of(a.ruleset).duel_defaults(a.catalog)
    return Matchup(a, b, row.captain, row.captain, scenario)


def differences(duel: Matchup, seeds: Sequence[int]) -> list[Difference]:
    """Every seed on which another engine of the game fights another duel than the
    reference engine, duel for duel (the other engines fight the seeds in one batch)."""
    reference = lineup(replace(duel, engine=REFERENCE))
    expected = [reference.fight(seed) for seed in seeds]
    found: list[Difference] = []
    for engine in duels_of(duel.a.ruleset).engines:
        if engine == REFERENCE:
            continue
        other = lineup(replace(duel, engine=engine))
        got = (other.fight_many(seeds) if isinstance(other, BatchLineup)
               else [other.fight(seed) for seed in seeds])
        found += [Difference(i, seed, want, have, engine)
                  for i, (seed, want, have) in enumerate(zip(seeds, expected, got, strict=True))
                  if want != have]
    return found


def seeds_of(master: int, count: int) -> list[int]:
    """The seeds of duels 0 to `count` - 1 of the batch seeded by `master`."""
    return [duel_seed(master, i) for i in range(count)]
