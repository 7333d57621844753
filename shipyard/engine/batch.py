"""Many duels of one matchup, on one or several worker processes.

Duel `i` of a batch always gets the seed `duel_seed(master, i)`, and results
come back in duel order, so a batch's results do not depend on how many
workers ran it.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from shipyard.design import Design, parse_design
from shipyard.engine.dice import SeededDice, duel_seed
from shipyard.engine.duel import Duel, Result, Scenario
from shipyard.engine.policy import policy_named
from shipyard.engine.state import craft_from
from shipyard.engine.tables import load_combat
from shipyard.rulesets import Evaluation, evaluate

CHUNK = 50


@dataclass(frozen=True, slots=True)
class Matchup:
    """Two legal designs, their policies and the scenario they meet in."""

    a: Evaluation
    b: Evaluation
    policy_a: str = "default"
    policy_b: str = "default"
    scenario: Scenario = field(default_factory=Scenario)


def names(matchup: Matchup) -> tuple[str, str]:
    """Display names; a design meeting itself gets its copies told apart."""
    a = matchup.a.design.name or "A"
    b = matchup.b.design.name or "B"
    return (f"{a} (A)", f"{b} (B)") if a == b else (a, b)


def run_one(matchup: Matchup, seed: int, log: bool = False) -> Result:
    """One duel from fresh craft: same matchup and seed, same duel."""
    combat = load_combat(matchup.a.design.ruleset)
    name_a, name_b = names(matchup)
    crafts = (craft_from(matchup.a, name_a), craft_from(matchup.b, name_b))
    policies = (policy_named(matchup.policy_a), policy_named(matchup.policy_b))
    duel = Duel(crafts, policies, matchup.scenario, combat, matchup.a.catalog,
                SeededDice(seed), log)
    return duel.run()


def run_range(matchup: Matchup, master: int, start: int, stop: int) -> list[Result]:
    return [run_one(matchup, duel_seed(master, i)) for i in range(start, stop)]


# -- worker processes ----------------------------------------------------------
_WORKER: dict[str, Any] = {}


def _pack(matchup: Matchup) -> tuple[dict[str, Any], dict[str, Any], str, str, Scenario]:
    return (matchup.a.design.to_data(), matchup.b.design.to_data(), matchup.policy_a,
            matchup.policy_b, matchup.scenario)


def _unpack(packed: tuple[dict[str, Any], dict[str, Any], str, str, Scenario]) -> Matchup:
    a, b, policy_a, policy_b, scenario = packed
    design_a: Design = parse_design(a)
    design_b: Design = parse_design(b)
    return Matchup(evaluate(design_a), evaluate(design_b), policy_a, policy_b, scenario)


def _init(packed: tuple[dict[str, Any], dict[str, Any], str, str, Scenario], master: int) -> None:
    _WORKER["matchup"] = _unpack(packed)
    _WORKER["master"] = master


def _work(bounds: tuple[int, int]) -> list[Result]:
    return run_range(_WORKER["matchup"], _WORKER["master"], *bounds)


def chunks(start: int, stop: int, size: int = CHUNK) -> Iterator[tuple[int, int]]:
    for first in range(start, stop, size):
        yield first, min(first + size, stop)


def run_batch(matchup: Matchup, runs: int, master: int, workers: int = 1, start: int = 0,
              progress: Callable[[int], None] | None = None) -> list[Result]:
    """Duels `start` to `start + runs` of the batch seeded by `master`, in order."""
    results: list[Result] = []
    parts = list(chunks(start, start + runs))
    if workers <= 1 or len(parts) <= 1:
        for first, last in parts:
            results += run_range(matchup, master, first, last)
            if progress:
                progress(last - first)
        return results
    with multiprocessing.Pool(min(workers, len(parts)), _init, (_pack(matchup), master)) as pool:
        for part in pool.imap(_work, parts):
            results += part
            if progress:
                progress(len(part))
    return results
