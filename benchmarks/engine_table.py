"""The equivalence table's rows: every pair of bundled samples of a ruleset, under each policy.

Shared by `pin_reference.py` (which fights the readable reference engine once and
keeps its tallies in `reference_table.json`) and `equivalence_bench.py` (which
fights the fast engine and compares).
"""

from __future__ import annotations

import itertools
import json
import os
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from shipyard.core.files import write_atomic
from shipyard.core.outcome import Result
from shipyard.services.batch import Matchup
from shipyard.services.registry import evaluate, get_ruleset, read_design
from shipyard.services.samples import sample_name, sample_paths

TABLE = Path(__file__).with_name("reference_table.json")
RUNS = 20_000  # duels per row and engine
REFERENCE_SEED = 1  # the two engines fight on disjoint seed streams
FAST_SEED = 2


@dataclass(frozen=True)
class Row:
    ruleset: str
    policy: str
    a: str
    b: str

    @property
    def key(self) -> str:
        return f"{self.ruleset}|{self.policy}|{self.a}|{self.b}"

    def matchup(self, engine: str) -> Matchup:
        paths = {sample_name(p): p for p in sample_paths(self.ruleset)}
        first = evaluate(read_design(paths[self.a]))
        second = evaluate(read_design(paths[self.b]))
        return Matchup(first, second, self.policy, self.policy, engine=engine)


def rows(rulesets: Sequence[str]) -> Iterator[Row]:
    """Default policy first for every ruleset, then the others: the most used rows first."""
    names = {r: sorted(sample_name(p) for p in sample_paths(r)) for r in rulesets}
    policies = {r: get_ruleset(r).policies for r in rulesets}
    depth = max(len(p) for p in policies.values())
    for level in range(depth):
        for ruleset in rulesets:
            if level < len(policies[ruleset]):
                policy = policies[ruleset][level]
                for a, b in itertools.combinations(names[ruleset], 2):
                    yield Row(ruleset, policy, a, b)


def tally(results: Sequence[Result]) -> dict[str, int]:
    """Wins, draws and losses of the first side; kills and the turns they took."""
    kills = [r for r in results if r.winner is not None]
    return {"runs": len(results),
            "wins": sum(r.winner == 0 for r in results),
            "losses": sum(r.winner == 1 for r in results),
            "draws": sum(r.winner is None for r in results),
            "kills": len(kills), "kill_turns": sum(r.turns for r in kills)}


def load() -> dict[str, dict[str, int]]:
    if not TABLE.exists():
        return {}
    data: dict[str, dict[str, int]] = json.loads(TABLE.read_text())
    return data


def save(table: dict[str, dict[str, int]]) -> None:
    write_atomic(TABLE, (json.dumps(table, indent=1, sort_keys=True) + "\n").encode())


def workers() -> int:
    return os.cpu_count() or 1
