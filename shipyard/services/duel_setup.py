"""Setting up a duel from the designer: the opponent, the options, the last outcome.

No user interface here: the duel screen (`tui/screens/duel.py`) shows what
this module reads and checks, with the same defaults and wording as
`shipyard duel`.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass

from shipyard.core.errors import ShipyardError
from shipyard.core.neutral import Evaluation
from shipyard.core.outcome import Result
from shipyard.core.protocol import duels_of
from shipyard.core.scenario import turn_limit_line
from shipyard.core.stats import Summary, summarize
from shipyard.services.batch import Matchup, names, run_batch
from shipyard.services.registry import evaluate, read_design
from shipyard.services.samples import PREFIX, resolve
from shipyard.services.scenarios import on_the

# The defaults and lower limits of `shipyard duel` (tests/test_tui_duel.py keeps them equal).
RUNS, SEED, POLICY = 1000, 1, "default"
MINIMUM = {"runs": 1, "seed": None, "range": 0, "turns": 1, "speed-a": None, "speed-b": None}
BLOCK = 2000  # duels a call of the batch service
FAST_CHUNK = 500  # duels a call of a compiled engine: the Stop button is asked this often
WORKERS = os.cpu_count() or 1  # every core: compiled engines on threads, a reference one on
# worker processes started from a fork server (never forked from the designer itself)
DEFAULT_OPPONENT = f"{PREFIX}starter"
LAST_DUEL = "shipyard_last_duel"  # the app attribute that keeps a `LastDuel` for the session


class DuelProblem(ShipyardError):
    """A duel that cannot be set up; `str()` is the one line the screen shows."""


def illegal_line(label: str, evaluation: Evaluation) -> str:
    """One line for an illegal design: its first error and how many more."""
    errors = [issue for issue in evaluation.issues if issue.severity == "error"]
    first = errors[0]
    where = f"{first.path}: " if first.path else ""
    others = len(errors) - 1
    more = f" (and {others} more error{'s' if others > 1 else ''})" if others else ""
    return f"{label}: the design is not legal: {where}{first.cited}{more}"


def load_opponent(argument: str, ruleset: str) -> Evaluation:
    """The opponent named by a path or `sample:NAME`; `DuelProblem` if it cannot duel."""
    argument = argument.strip()
    if not argument:
        raise DuelProblem("Choose an opponent: a bundled sample, or a design file.")
    path = resolve(argument).expanduser()
    evaluation = evaluate(read_design(path), file=str(path))
    if evaluation.design.ruleset != ruleset:
        raise DuelProblem(f"{argument}: a {evaluation.design.ruleset} design cannot duel "
                          f"a {ruleset} design")
    if not evaluation.legal:
        raise DuelProblem(illegal_line(argument, evaluation))
    duels_of(evaluation.ruleset).duel_defaults(evaluation.catalog)  # its tables must load
    return evaluation


def whole_number(text: str, label: str, minimum: int | None) -> int:
    try:
        value = int(text.strip())
    except ValueError:
        raise DuelProblem(f"{label}: {text.strip()!r} is not a whole number") from None
    if minimum is not None and value < minimum:
        raise DuelProblem(f"{label}: at least {minimum}")
    return value


@dataclass(frozen=True, slots=True)
class Setup:
    """Everything one run needs: who meets whom, how, how many times, from which seed."""

    matchup: Matchup
    runs: int
    seed: int

    @property
    def names(self) -> tuple[str, str]:
        return names(self.matchup)


@dataclass(frozen=True, slots=True, eq=False)
class Outcome:
    """The duels of one run (fewer than asked if it was stopped) and their summary."""

    setup: Setup
    results: tuple[Result, ...]
    summary: Summary

    @property
    def stopped(self) -> bool:
        return len(self.results) < self.setup.runs


@dataclass(frozen=True, slots=True)
class LastDuel:
    """The form (values by widget id, "" for no choice) and the last run's outcome."""

    form: dict[str, str]
    outcome: Outcome | None


def heading(outcome: Outcome) -> str:
    """The first line of `shipyard duel`'s summary, with a note if the run was stopped."""
    (a, b), setup, scenario = outcome.setup.names, outcome.setup, outcome.setup.matchup.scenario
    text = (f"{a} ({setup.matchup.policy_a}) against {b} ({setup.matchup.policy_b}): "
            f"{outcome.summary.runs} duels"
            f"{on_the(duels_of(setup.matchup.ruleset), setup.matchup.geometry)}, "
            f"seed {setup.seed}, start range "
            f"{scenario.start_range}, turn limit {scenario.turn_limit}")
    text += (f" (stopped after {len(outcome.results)} of {setup.runs})"
             if outcome.stopped else "")
    words = scenario.words((a, b))
    text += "\n" + words[0].upper() + words[1:]
    cut_off = turn_limit_line(outcome.summary.cut_off_share, scenario.turn_limit)
    return text + ("" if cut_off is None else "\n" + cut_off)


def run_in_blocks(setup: Setup, cancelled: Callable[[], bool],
                  progress: Callable[[int], None]) -> Outcome:
    """The duels of a run, `BLOCK` at a time; `cancelled` is asked between any two chunks,
    and a stopped run keeps every duel it fought."""
    results: list[Result] = []
    while len(results) < setup.runs and not cancelled():
        block = min(BLOCK, setup.runs - len(results))
        results += run_batch(setup.matchup, block, setup.seed, WORKERS, start=len(results),
                             progress=progress, stopped=cancelled, fast_chunk=FAST_CHUNK)
    return Outcome(setup, tuple(results),
                   summarize(results, setup.matchup.scenario.turn_limit))
