"""Compiled duel engines made ready: `shipyard warm`, and warming in the background.

A game's compiled engine is machine code that numba builds once after an install
(about a minute of one core). Until it is built, duel batches are fought by the
game's reference engine, which fights the very same duels for every seed, while a
separate process (`python -m shipyard warm --ruleset NAME`) compiles; batches switch
to the compiled engine between two chunks as soon as it is ready. Whether it is
ready comes from the engine itself (`BatchLineup.ready`: a marker in the cache folder
of this build, `core.compiled`). One warming process at a time per game and build: it
holds a lock file while it compiles. A warming process started here watches the process
that started it: if that one ends (a designer killed with its terminal, a command
stopped) before the compiling begins, it leaves at once; once compiling, it finishes
that one build and exits. Where a game's fleet battles have kernels of their own
(Pentagon War on the hex map), warming builds them too, under the same lock, and the
game is ready when both are.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Literal

from shipyard.core import compiled
from shipyard.core.neutral import Ruleset
from shipyard.core.outcome import DuelScenario
from shipyard.core.protocol import BatchLineup, Lineup
from shipyard.services.registry import evaluate, read_design

State = Literal["ready", "compiling", "cold", "none"]
WORDS: dict[State, str] = {
    "ready": "compiled engine ready",
    "compiling": "compiling the fast engine in the background; duels run on the reference "
                 "engine meanwhile (the same duels, more slowly)",
    "cold": "the fast engine is not compiled yet",
    "none": "this game has one duel engine",
}


_STARTED: dict[str, subprocess.Popen[bytes]] = {}  # warming processes this one started


@dataclass(frozen=True, slots=True)
class Warmed:
    """What `warm` did for one game."""

    ruleset: str
    state: State
    seconds: float  # spent compiling here (0 when it was ready or has no compiled engine)


_PROBES: dict[str, Lineup | None] = {}


def probe(ruleset: Ruleset) -> Lineup | None:
    """The game's default-engine lineup of its first sample against itself (None: no sample).

    Fighting one duel on it compiles the whole engine; its `ready` says whether that is done.
    """
    if ruleset.name not in _PROBES:
        _PROBES[ruleset.name] = _probe(ruleset)
    return _PROBES[ruleset.name]


def _probe(ruleset: Ruleset) -> Lineup | None:
    samples = ruleset.samples()
    if not samples or ruleset.duels is None:
        return None
    evaluation = evaluate(read_design(samples[0]))
    name = evaluation.design.name or "craft"
    policy = ruleset.duels.policies[0]
    return ruleset.duels.lineup(evaluation, evaluation, (f"{name} (A)", f"{name} (B)"),
                                (policy, policy), DuelScenario(turn_limit=1))


def compiled_engine(ruleset: Ruleset) -> BatchLineup | None:
    """The game's compiled engine (its default lineup), or None if it has none."""
    lineup = probe(ruleset)
    return lineup if isinstance(lineup, BatchLineup) else None


_BATTLE_PROBES: dict[str, BatchLineup | None] = {}


def battle_probe(ruleset: Ruleset) -> BatchLineup | None:
    """The game's default battle engine, when it has kernels of its own (a fleet of its
    first sample against another): fighting one battle on it compiles them."""
    if ruleset.name not in _BATTLE_PROBES:
        _BATTLE_PROBES[ruleset.name] = _battle_probe(ruleset)
    return _BATTLE_PROBES[ruleset.name]


def _battle_probe(ruleset: Ruleset) -> BatchLineup | None:
    samples = ruleset.samples()
    if not samples or ruleset.duels is None or ruleset.battles is None:
        return None
    evaluation = evaluate(read_design(samples[0]))
    name = evaluation.design.name or "craft"
    policy = ruleset.duels.policies[0]
    lineup = ruleset.battles.lineup(((evaluation, f"{name} (A)"),),
                                    ((evaluation, f"{name} (B)"),), (policy, policy),
                                    DuelScenario(turn_limit=1))
    return lineup if isinstance(lineup, BatchLineup) else None


def compiled_engines(ruleset: Ruleset) -> list[BatchLineup]:
    """Every compiled engine of the game: its duels', and its battles' if they have their
    own kernels."""
    return [engine for engine in (compiled_engine(ruleset), battle_probe(ruleset))
            if engine is not None]


@contextlib.contextmanager
def _held(ruleset: Ruleset, wait: bool,
          give_up: Callable[[], bool] | None = None) -> Iterator[bool]:
    """The game's compiling lock: yields True when held here, False when another holds it
    (or `give_up` said so while waiting)."""
    with compiled.compiling(ruleset.name, wait, give_up) as held:
        yield held


def parent_gone(parent: int) -> Callable[[], bool]:
    """Whether the process `parent`, which started this one, has ended (this process is
    then handed to another parent)."""
    def gone() -> bool:
        return os.getppid() != parent
    return gone


def state(ruleset: Ruleset) -> State:
    """Whether the game's compiled engine is ready, compiling somewhere, or not yet built."""
    engines = compiled_engines(ruleset)
    if not engines:
        return "none"
    if all(engine.ready() for engine in engines):
        return "ready"
    started = _STARTED.get(ruleset.name)
    if started is not None and started.poll() is None:
        return "compiling"  # started here, and perhaps not holding its lock yet
    with _held(ruleset, wait=False) as free:
        return "cold" if free else "compiling"


def warm(ruleset: Ruleset, parent: int | None = None) -> Warmed:
    """Compile the game's engine in this process (waiting for another warming to end).

    With `parent`, the process that asked for it: if that one ends before the compiling
    begins, nothing is compiled ("cold"); a compile once begun is finished."""
    engines = compiled_engines(ruleset)
    if not engines:
        return Warmed(ruleset.name, "none", 0.0)
    if all(engine.ready() for engine in engines):
        return Warmed(ruleset.name, "ready", 0.0)
    gone = parent_gone(parent) if parent is not None else None
    began = time.perf_counter()
    with _held(ruleset, wait=True, give_up=gone) as held:
        if not held or (gone is not None and gone()):
            return Warmed(ruleset.name, "cold", 0.0)
        for engine in engines:
            if not engine.ready():  # another process may have finished it meanwhile
                engine.fight_many([1])
    return Warmed(ruleset.name, "ready", time.perf_counter() - began)


def start(ruleset: Ruleset) -> State:
    """Start compiling the game's engine in a background process unless it is ready or
    already compiling; the state it is in now."""
    now = state(ruleset)
    if now == "cold":
        _STARTED[ruleset.name] = subprocess.Popen(
            [sys.executable, "-m", "shipyard", "warm", "--ruleset", ruleset.name,
             "--parent", str(os.getpid())],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=True)
        now = "compiling"
    return now
