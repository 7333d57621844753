"""Many duels of one matchup, on one or several worker processes.

Duel `i` of a batch always gets the seed `duel_seed(master, i)`, and results
come back in duel order, so a batch's results do not depend on how many
workers ran it. What every duel of a matchup shares (the combat tables, both
craft as built from their sheets) is worked out once per batch and per
worker, not once per duel.
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
from shipyard.engine.reference import catalog_charts
from shipyard.engine.state import Craft, craft_from, refit
from shipyard.engine.tables import Combat, load_combat
from shipyard.rulesets import Evaluation, evaluate

CHUNK = 50  # duels between two progress reports on one process
SHARES = 4  # a worker's next chunk is at most this share of what is left per worker
LAST_CHUNK = 10  # the smallest chunk handed to a worker


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


class Lineup:
    """A matchup made ready to fight many times: its tables and both craft as built."""

    __slots__ = ("combat", "matchup", "templates")

    def __init__(self, matchup: Matchup) -> None:
        self.matchup = matchup
        self.combat: Combat = load_combat(matchup.a.design.ruleset)
        name_a, name_b = names(matchup)
        # Never fought: each duel refits its own copies of these two.
        self.templates: tuple[Craft, Craft] = (craft_from(matchup.a, name_a),
                                               craft_from(matchup.b, name_b))
        catalog_charts(matchup.a.catalog)

    def duel(self, seed: int, log: bool = False) -> Result:
        """One duel from fresh craft: same matchup and seed, same duel."""
        matchup = self.matchup
        crafts = (refit(self.templates[0]), refit(self.templates[1]))
        policies = (policy_named(matchup.policy_a), policy_named(matchup.policy_b))
        duel = Duel(crafts, policies, matchup.scenario, self.combat, matchup.a.catalog,
                    SeededDice(seed), log)
        return duel.run()

    def duels(self, master: int, start: int, stop: int) -> list[Result]:
        """Duels `start` to `stop` of the batch seeded by `master`, in order."""
        return [self.duel(duel_seed(master, i)) for i in range(start, stop)]


def run_one(matchup: Matchup, seed: int, log: bool = False) -> Result:
    """One duel from fresh craft: same matchup and seed, same duel."""
    return Lineup(matchup).duel(seed, log)


def run_range(matchup: Matchup, master: int, start: int, stop: int) -> list[Result]:
    return Lineup(matchup).duels(master, start, stop)


# -- worker processes ----------------------------------------------------------
_WORKER: dict[str, Any] = {}  # this worker's lineup and master seed


def _pack(matchup: Matchup) -> tuple[dict[str, Any], dict[str, Any], str, str, Scenario]:
    return (matchup.a.design.to_data(), matchup.b.design.to_data(), matchup.policy_a,
            matchup.policy_b, matchup.scenario)


def _unpack(packed: tuple[dict[str, Any], dict[str, Any], str, str, Scenario]) -> Matchup:
    a, b, policy_a, policy_b, scenario = packed
    design_a: Design = parse_design(a)
    design_b: Design = parse_design(b)
    return Matchup(evaluate(design_a), evaluate(design_b), policy_a, policy_b, scenario)


def _init(packed: tuple[dict[str, Any], dict[str, Any], str, str, Scenario], master: int) -> None:
    _WORKER["lineup"] = Lineup(_unpack(packed))
    _WORKER["master"] = master


def _work(bounds: tuple[int, int]) -> list[Result]:
    lineup: Lineup = _WORKER["lineup"]
    return lineup.duels(_WORKER["master"], *bounds)


def chunks(start: int, stop: int, size: int = CHUNK) -> Iterator[tuple[int, int]]:
    for first in range(start, stop, size):
        yield first, min(first + size, stop)


def shrinking_chunks(start: int, stop: int, workers: int) -> Iterator[tuple[int, int]]:
    """Large chunks first, then smaller ones, so that all workers finish close together.

    Few large chunks keep the traffic between processes low; the small ones at the
    end stop one worker from running a long last chunk while the others wait.
    """
    first = start
    while first < stop:
        size = max(LAST_CHUNK, (stop - first) // (workers * SHARES))
        last = min(first + size, stop)
        yield first, last
        first = last


def run_batch(matchup: Matchup, runs: int, master: int, workers: int = 1, start: int = 0,
              progress: Callable[[int], None] | None = None) -> list[Result]:
    """Duels `start` to `start + runs` of the batch seeded by `master`, in order."""
    results: list[Result] = []
    if workers <= 1 or runs <= CHUNK:
        lineup = Lineup(matchup)
        for first, last in chunks(start, start + runs):
            results += lineup.duels(master, first, last)
            if progress:
                progress(last - first)
        return results
    # Each duel's seed depends only on its index, so how the batch is cut up changes nothing.
    parts = list(shrinking_chunks(start, start + runs, workers))
    with multiprocessing.Pool(min(workers, len(parts)), _init, (_pack(matchup), master)) as pool:
        for part in pool.imap(_work, parts):
            results += part
            if progress:
                progress(len(part))
    return results
