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

from shipyard.core.dice import duel_seed
from shipyard.core.outcome import DuelScenario, Result
from shipyard.core.protocol import BatchLineup, Evaluation, Lineup
from shipyard.services import cluster
from shipyard.services.registry import evaluate, get_ruleset

CHUNK = 50  # duels between two progress reports on one process
SHARES = 4  # a worker's next chunk is at most this share of what is left per worker
LAST_CHUNK = 10  # the smallest chunk handed to a worker
FAST_CHUNK = 20_000  # duels per call of a compiled engine between two progress reports


@dataclass(frozen=True, slots=True)
class Matchup:
    """Two legal designs, their policies and the scenario they meet in."""

    a: Evaluation
    b: Evaluation
    policy_a: str = "default"
    policy_b: str = "default"
    scenario: DuelScenario = field(default_factory=DuelScenario)
    engine: str | None = None  # None: the ruleset's default engine


def names(matchup: Matchup) -> tuple[str, str]:
    """Display names; a design meeting itself gets its copies told apart."""
    a = matchup.a.design.name or "A"
    b = matchup.b.design.name or "B"
    return (f"{a} (A)", f"{b} (B)") if a == b else (a, b)


def lineup(matchup: Matchup) -> Lineup:
    """The matchup made ready by its ruleset to fight many duels."""
    ruleset = matchup.a.ruleset
    return ruleset.lineup(matchup.a, matchup.b, names(matchup),
                          (matchup.policy_a, matchup.policy_b), matchup.scenario,
                          matchup.engine)


def duels(ready: Lineup, master: int, start: int, stop: int, workers: int = 1) -> list[Result]:
    """Duels `start` to `stop` of the batch seeded by `master`, in order."""
    seeds = [duel_seed(master, i) for i in range(start, stop)]
    if isinstance(ready, BatchLineup):
        return ready.fight_many(seeds, workers)
    return [ready.fight(seed) for seed in seeds]


COMPILING = ("compiling the fast duel engine (once after an install, about a minute of "
             "one core)")


def compiling(evaluation: Evaluation, engine: str | None = None) -> bool:
    """True when the first duel of this game's engine must wait for it to be compiled."""
    ready = lineup(Matchup(evaluation, evaluation, engine=engine))
    return isinstance(ready, BatchLineup) and not ready.warm()


def run_one(matchup: Matchup, seed: int, log: bool = False) -> Result:
    """One duel from fresh craft: same matchup and seed, same duel."""
    return lineup(matchup).fight(seed, log)


def run_range(matchup: Matchup, master: int, start: int, stop: int) -> list[Result]:
    return duels(lineup(matchup), master, start, stop)


# -- worker processes ----------------------------------------------------------
_WORKER: dict[str, Any] = {}  # this worker's lineup and master seed


# The catalog folder is None for the bundled catalog of wherever the matchup is rebuilt.
Packed = tuple[str, str | None, dict[str, Any], dict[str, Any], str, str, DuelScenario,
               str | None]


def _pack(matchup: Matchup) -> Packed:
    """A matchup as plain data a worker process can rebuild it from."""
    return (matchup.a.ruleset.name, matchup.a.catalog.folder, matchup.a.design.to_data(),
            matchup.b.design.to_data(), matchup.policy_a, matchup.policy_b, matchup.scenario,
            matchup.engine)


def _unpack(packed: Packed) -> Matchup:
    name, folder, a, b, policy_a, policy_b, scenario, engine = packed
    ruleset = get_ruleset(name)
    return Matchup(evaluate(ruleset.parse(a, "<design>"), catalog_root=folder),
                   evaluate(ruleset.parse(b, "<design>"), catalog_root=folder),
                   policy_a, policy_b, scenario, engine)


def _init(packed: Packed, master: int) -> None:
    _WORKER["lineup"] = lineup(_unpack(packed))
    _WORKER["master"] = master


def _work(bounds: tuple[int, int]) -> list[Result]:
    return duels(_WORKER["lineup"], _WORKER["master"], *bounds)


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
              progress: Callable[[int], None] | None = None,
              scheduler: str | None = None) -> list[Result]:
    """Duels `start` to `start + runs` of the batch seeded by `master`, in order.

    With `scheduler` (a Dask scheduler's address) the duels run on that
    cluster's workers and `workers` is not used; the results are the same.
    """
    results: list[Result] = []
    ready = lineup(matchup)
    if scheduler is not None:
        return _on_cluster(matchup, ready, runs, master, start, scheduler, progress)
    if isinstance(ready, BatchLineup):
        # A compiled engine spreads each call over threads of this process itself.
        for first, last in chunks(start, start + runs, FAST_CHUNK):
            results += duels(ready, master, first, last, workers)
            if progress:
                progress(last - first)
        return results
    if workers <= 1 or runs <= CHUNK:
        for first, last in chunks(start, start + runs):
            results += duels(ready, master, first, last)
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


# -- a Dask cluster (services/cluster.py) ----------------------------------------


def _shipment(matchup: Matchup) -> tuple[str, Packed]:
    """The matchup as plain data for any machine: its catalog's digest, then the matchup."""
    name, _, a, b, policy_a, policy_b, scenario, engine = _pack(matchup)
    root = cluster.catalog_root(matchup.a)
    return matchup.a.catalog.digest, (name, root, a, b, policy_a, policy_b, scenario, engine)


def _rebuild(shipment: tuple[str, Packed]) -> Lineup:
    digest, packed = shipment
    matchup = _unpack(packed)
    cluster.check_catalog(matchup.a, digest)
    return lineup(matchup)


def _fight_range(ready: Lineup, task: tuple[int, int, int]) -> list[Result]:
    master, start, stop = task
    return duels(ready, master, start, stop)


def _on_cluster(matchup: Matchup, ready: Lineup, runs: int, master: int, start: int,
                scheduler: str, progress: Callable[[int], None] | None) -> list[Result]:
    """The batch in chunks on the cluster's workers, joined back in duel order."""
    if isinstance(ready, BatchLineup):
        parts = list(chunks(start, start + runs, FAST_CHUNK))
    else:
        parts = list(shrinking_chunks(start, start + runs, cluster.threads(scheduler)))
    tasks = [(master, first, last) for first, last in parts]
    return cluster.in_order(scheduler, _rebuild, _fight_range, _shipment(matchup), tasks,
                            progress)
