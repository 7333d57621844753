"""Every duel batch of Shipyard, on threads, worker processes or a Dask cluster.

One path fights every batch: `shipyard duel`, tournaments, `compare --duel`, the
optimizer, the designer's screens and fleet battles (`services.battle_batch`) all hand
`fight` their jobs (a contest, such as a duel's matchup, a master seed and a range of
duel or battle indices). Duel `i` of a job always gets the seed
`duel_seed(master, i)`, and results come back in duel order, so they never depend on
the worker count, the chunk sizes, the engine that fought them or the cluster.

A compiled engine fights each chunk in one call spread over threads. While a game's
compiled engine is still to be built (once after an install), `fight` starts it
compiling in a background process (`services.warming`) and fights on the game's
reference engine meanwhile, which fights the very same duels, switching over between
two chunks once the compiled engine is ready. The reference engine spreads its chunks
over worker processes.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from multiprocessing.context import BaseContext
from multiprocessing.pool import Pool
from typing import Any, Generic, Protocol, cast

from typing_extensions import TypeVar

from shipyard.core.dice import duel_seed
from shipyard.core.errors import ShipyardError
from shipyard.core.neutral import Evaluation, Ruleset
from shipyard.core.outcome import DuelScenario, Result
from shipyard.core.protocol import BatchLineup, Lineup, duels_of
from shipyard.services import cluster, warming
from shipyard.services.registry import evaluate, get_ruleset, installed

CHUNK = 50  # reference duels between two progress reports on one process
SHARES = 4  # a worker's next chunk is at most this share of what is left per worker
LAST_CHUNK = 10  # the smallest chunk handed to a worker
FAST_CHUNK = 20_000  # duels per call of a compiled engine between two progress reports
REFERENCE = "reference"
Progress = Callable[[int], None]
Stopped = Callable[[], bool]
R = TypeVar("R", default=Result)  # how one duel or battle ends (a bare `Job` fights duels)
R_co = TypeVar("R_co", covariant=True)
# A module-level function (found by name in another process or machine) and the plain
# data it rebuilds a lineup from.
Parcel = tuple[Callable[[Any], Any], Any]


class Fights(Protocol[R_co]):
    """A lineup: one seeded duel or battle at a time (a compiled one also fights many in one
    call: `BatchLineup`, `core.battle.BattleLineup`)."""

    def fight(self, seed: int, log: bool = False) -> R_co: ...


class Contest(Protocol[R_co]):
    """What a job fights: a duel's `Matchup`, or two fleets (`services.battle_batch`).

    A lineup with `fight_many` and `ready` is a compiled one, fought in big chunks on
    threads; any other is fought a seed at a time, on worker processes when there are
    several workers."""

    @property
    def ruleset(self) -> Ruleset: ...
    def made(self) -> Fights[R_co]: ...  # the lineup on the contest's own engine
    def on_reference(self) -> Contest[R_co]: ...  # the same on the reference engine
    def parcel(self) -> Parcel: ...  # plain data a worker process rebuilds the lineup from
    def shipment(self) -> Parcel: ...  # the same for a cluster (its catalog checked there)


@dataclass(frozen=True, slots=True)
class Matchup:
    """Two legal designs, their policies and the scenario they meet in."""

    a: Evaluation
    b: Evaluation
    policy_a: str = "default"
    policy_b: str = "default"
    scenario: DuelScenario = field(default_factory=DuelScenario)
    engine: str | None = None  # None: the ruleset's default engine
    geometry: str | None = None  # None: the ruleset's default geometry

    @property
    def ruleset(self) -> Ruleset:
        return self.a.ruleset

    def made(self) -> Lineup:
        return lineup(self)

    def on_reference(self) -> Matchup:
        return replace(self, engine=REFERENCE)

    def parcel(self) -> Parcel:
        return _duel_lineup, _pack(self)

    def shipment(self) -> Parcel:
        return _rebuild, _shipment(self)


@dataclass(frozen=True, slots=True)
class Job(Generic[R]):
    """Duels (or battles) `start` to `stop` of a contest's batch seeded by `master`."""

    matchup: Contest[R]  # the name it had when every job was a duel's
    master: int
    start: int
    stop: int

    @property
    def runs(self) -> int:
        return self.stop - self.start


def names(matchup: Matchup) -> tuple[str, str]:
    """Display names; a design meeting itself gets its copies told apart."""
    a = matchup.a.design.name or "A"
    b = matchup.b.design.name or "B"
    return (f"{a} (A)", f"{b} (B)") if a == b else (a, b)


def lineup(matchup: Matchup) -> Lineup:
    """The matchup made ready by its ruleset to fight many duels."""
    duels = duels_of(matchup.a.ruleset)
    policies = (matchup.policy_a, matchup.policy_b)
    if matchup.geometry is None:  # a game with one geometry need not know the word
        return duels.lineup(matchup.a, matchup.b, names(matchup), policies, matchup.scenario,
                            matchup.engine)
    return duels.lineup(matchup.a, matchup.b, names(matchup), policies, matchup.scenario,
                        matchup.engine, matchup.geometry)


def duels(ready: Fights[R], master: int, start: int, stop: int, workers: int = 1) -> list[R]:
    """Duels (or battles) `start` to `stop` of the batch seeded by `master`, in order."""
    seeds = [duel_seed(master, i) for i in range(start, stop)]
    if isinstance(ready, BatchLineup):
        return cast("list[R]", ready.fight_many(seeds, workers))
    return [ready.fight(seed) for seed in seeds]


COMPILING = ("compiling the fast duel engine in the background (once after an install, "
             "about a minute of one core); these duels run on the reference engine "
             "meanwhile, the same duels more slowly")


def compiling(evaluation: Evaluation, engine: str | None = None,
              geometry: str | None = None) -> bool:
    """True when duels of this game (on `geometry`, None for its default) would now wait
    for its compiled engine to be built."""
    ready = lineup(Matchup(evaluation, evaluation, engine=engine, geometry=geometry))
    return isinstance(ready, BatchLineup) and not ready.ready()


def on_compiled(matchup: Matchup) -> bool:
    """Whether the matchup's duels have a compiled engine (else the reference one fights
    them all, as on a geometry whose compiled engine is still to come)."""
    return isinstance(lineup(matchup), BatchLineup)


def run_one(matchup: Matchup, seed: int, log: bool = False) -> Result:
    """One duel from fresh craft: same matchup and seed, same duel."""
    return lineup(matchup).fight(seed, log)


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


class BatchError(ShipyardError):
    """A batch that could not be fought to the end."""


# -- worker processes (reference engines) --------------------------------------
# The catalog folder is None for the bundled catalog of wherever the matchup is rebuilt.
Packed = tuple[str, str | None, dict[str, Any], dict[str, Any], str, str, DuelScenario,
               str | None, str | None]
_WORKER: dict[int, Fights[Any]] = {}  # this worker's lineups, by job index
_PACKED: list[Parcel] = []


def _pack(matchup: Matchup) -> Packed:
    """A matchup as plain data a worker process can rebuild it from."""
    return (matchup.a.ruleset.name, matchup.a.catalog.folder, matchup.a.design.to_data(),
            matchup.b.design.to_data(), matchup.policy_a, matchup.policy_b, matchup.scenario,
            matchup.engine, matchup.geometry)


def _unpack(packed: Packed) -> Matchup:
    name, folder, a, b, policy_a, policy_b, scenario, engine, geometry = packed
    ruleset = get_ruleset(name)
    return Matchup(evaluate(ruleset.parse(a, "<design>"), catalog_root=folder),
                   evaluate(ruleset.parse(b, "<design>"), catalog_root=folder),
                   policy_a, policy_b, scenario, engine, geometry)


def _duel_lineup(packed: Packed) -> Lineup:
    return lineup(_unpack(packed))


def _init(packed: list[Parcel]) -> None:
    _WORKER.clear()
    _PACKED[:] = packed


def _work(task: tuple[int, int, int, int]) -> tuple[int, int, list[Any] | str]:
    """One chunk in a worker process; a failure comes back as its one line of text (an
    exception object might not survive the trip back, which would leave the pool
    waiting for ever)."""
    job, master, start, stop = task
    try:
        if job not in _WORKER:
            rebuild, data = _PACKED[job]
            _WORKER[job] = rebuild(data)
        return job, start, duels(_WORKER[job], master, start, stop)
    except Exception as exc:
        return job, start, f"{type(exc).__name__}: {exc}"


def _context() -> BaseContext:
    """Fork a quiet process; from one with threads (the designer), a fork server."""
    return multiprocessing.get_context("fork" if threading.active_count() == 1
                                       else "forkserver")


@contextlib.contextmanager
def _real_stderr() -> Iterator[None]:
    """A standard error with a file behind it while the pool starts its helper processes.

    multiprocessing hands its fork server and resource tracker `sys.stderr.fileno()`;
    the designer's stand-in for standard error has none (-1), which makes the start
    fail with "bad value(s) in fds_to_keep". The helpers get the null device instead:
    nothing they say may reach the designer's screen.
    """
    try:
        usable = sys.stderr.fileno() >= 0
    except (AttributeError, OSError, ValueError):
        usable = True  # multiprocessing leaves out a standard error without a file
    if usable:
        yield
        return
    saved = sys.stderr
    with open(os.devnull, "w", encoding="utf-8") as null:
        sys.stderr = null
        try:
            yield
        finally:
            sys.stderr = saved


def _pool(processes: int, packed: list[Parcel]) -> Pool:
    with _real_stderr():
        return _context().Pool(processes, _init, (packed,))


# -- one path for every batch ----------------------------------------------------
@dataclass
class _Engines:
    """A job's lineups: the one it fights with now, and a compiled one it waits for."""

    now: Fights[Any]
    waiting: BatchLineup | None = None

    def switch_if_ready(self) -> None:
        if self.waiting is not None and self.waiting.ready():
            self.now, self.waiting = self.waiting, None


def _engines(contest: Contest[Any]) -> _Engines:
    ready = contest.made()
    if isinstance(ready, BatchLineup) and not ready.ready():
        warming.start(contest.ruleset)
        return _Engines(contest.on_reference().made(), ready)
    return _Engines(ready)


def fight(jobs: Sequence[Job[R]], workers: int = 1, progress: Progress | None = None,
          scheduler: str | None = None, stopped: Stopped | None = None,
          fast_chunk: int = FAST_CHUNK) -> list[list[R]]:
    """Every job's duels, in duel order, one list per job.

    `workers` threads of a compiled engine, or worker processes of a reference one;
    with `scheduler` (a Dask scheduler's address) the duels run on that cluster's
    workers instead, with the same results. `progress` hears of each chunk fought;
    `stopped` is asked between chunks: once it answers true, each job's list ends
    with the last duel fought before it (every duel before that one is there too).
    """
    if scheduler is not None:
        return [_on_cluster(job, scheduler, progress) for job in jobs]
    engines = [_engines(job.matchup) for job in jobs]
    found: list[list[R]] = [[] for _ in jobs]
    done = [job.start for job in jobs]
    pool: Pool | None = None

    def halted() -> bool:
        return stopped is not None and stopped()

    try:
        while any(d < job.stop for d, job in zip(done, jobs, strict=True)):
            if halted():
                break
            for engine in engines:
                engine.switch_if_ready()
            compiled = [k for k, job in enumerate(jobs) if done[k] < job.stop
                        and isinstance(engines[k].now, BatchLineup)]
            for k in compiled:  # a compiled engine: a big chunk a call, on threads
                job = jobs[k]
                last = min(done[k] + fast_chunk, job.stop)
                part = duels(engines[k].now, job.master, done[k], last, workers)
                found[k] += part
                done[k] = last
                if progress is not None:
                    progress(len(part))
                if halted():
                    return found
            rest = [k for k, job in enumerate(jobs) if done[k] < job.stop
                    and not isinstance(engines[k].now, BatchLineup)]
            if not rest:
                continue
            waiting = any(engines[k].waiting is not None for k in rest)
            # While another process compiles, the reference engine leaves it a core; a
            # game registered in this process alone is fought here (no other finds it).
            processes = max(1, workers - 1) if waiting else max(1, workers)
            if not all(installed(jobs[k].matchup.ruleset.name) for k in rest):
                processes = 1
            if processes == 1:
                k = rest[0]
                job = jobs[k]
                last = min(done[k] + CHUNK, job.stop)
                part = duels(engines[k].now, job.master, done[k], last)
                found[k] += part
                done[k] = last
                if progress is not None:
                    progress(len(part))
                continue
            if pool is None:
                pool = _pool(processes, [job.matchup.on_reference().parcel() for job in jobs])
            # One round: a slice of each job still on the reference engine, then look again.
            tasks = []
            for k in rest:
                job = jobs[k]
                last = job.stop if not waiting else min(job.stop, done[k] + CHUNK * processes)
                tasks += [(k, job.master, lo, hi)
                          for lo, hi in shrinking_chunks(done[k], last, processes)]
            parts: dict[tuple[int, int], list[R]] = {}
            for k, lo, answer in pool.imap_unordered(_work, tasks):
                if isinstance(answer, str):
                    raise BatchError(f"a worker process stopped on an error: {answer}")
                parts[(k, lo)] = part = answer
                if progress is not None:
                    progress(len(part))
                if halted():
                    break
            for k in rest:  # each job's chunks in order, up to the first one missing
                while (k, done[k]) in parts:
                    part = parts.pop((k, done[k]))
                    found[k] += part
                    done[k] += len(part)
            if halted():
                break
    finally:
        if pool is not None:
            pool.terminate()
            pool.join()
    return found


def run_batch(matchup: Matchup, runs: int, master: int, workers: int = 1, start: int = 0,
              progress: Progress | None = None, scheduler: str | None = None,
              stopped: Stopped | None = None, fast_chunk: int = FAST_CHUNK) -> list[Result]:
    """Duels `start` to `start + runs` of the batch seeded by `master`, in order."""
    return fight([Job(matchup, master, start, start + runs)], workers, progress, scheduler,
                 stopped, fast_chunk)[0]


# -- a Dask cluster (services/cluster.py) ----------------------------------------


def _shipment(matchup: Matchup) -> tuple[str, Packed]:
    """The matchup as plain data for any machine: its catalog's digest, then the matchup."""
    name, _, a, b, policy_a, policy_b, scenario, engine, geometry = _pack(matchup)
    root = cluster.catalog_root(matchup.a)
    return matchup.a.catalog.digest, (name, root, a, b, policy_a, policy_b, scenario, engine,
                                      geometry)


def _rebuild(shipment: tuple[str, Packed]) -> Lineup:
    digest, packed = shipment
    matchup = _unpack(packed)
    cluster.check_catalog(matchup.a, digest)
    return lineup(matchup)


def _fight_range(ready: Fights[R], task: tuple[int, int, int]) -> list[R]:
    master, start, stop = task
    return duels(ready, master, start, stop)


def _on_cluster(job: Job[R], scheduler: str, progress: Progress | None) -> list[R]:
    """One job in chunks on the cluster's workers, joined back in duel order."""
    if isinstance(job.matchup.made(), BatchLineup):
        parts = list(chunks(job.start, job.stop, FAST_CHUNK))
    else:
        parts = list(shrinking_chunks(job.start, job.stop, cluster.threads(scheduler)))
    tasks = [(job.master, first, last) for first, last in parts]
    rebuild, shipment = job.matchup.shipment()
    return cast("list[R]", cluster.in_order(scheduler, rebuild, _fight_range, shipment, tasks,
                                            progress))
