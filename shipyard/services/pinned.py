"""Known duels kept as data: seed in, duel out, for every registered game (like a chess
engine's perft files).

A pinned duel is one row: the game, both designs (bundled samples, by name), both
captains, the scenario and the seed, then what the duel came to: the winner, the
turns, the damage each side dealt, the cause of the kill and the dice drawn. `pin`
fights every row on the reference engine (the rules' readable statement) and `write`
keeps them in a tab-separated file per game (`tests/data/duels/<game>.tsv`, written
by `tools/pin_duels.py`, `make pin-duels`); `check` fights rows again on any engine and
lists those that come out otherwise. A rule changed, in its rule function or in the loop
of either engine, changes some of these duels: the file is then pinned again, and the
change says why.

The rows are made the same way for every game: every pair of its samples (each
against itself too) under each of its captains, in three scenarios (the game's own,
a close start and a fast approach), a few seeds each (as many as make about `DUELS`
duels a game, at least two a matchup).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations_with_replacement, groupby
from pathlib import Path

from shipyard.core.dice import duel_seed
from shipyard.core.neutral import Evaluation
from shipyard.core.outcome import DuelScenario, Result
from shipyard.core.protocol import BatchLineup, duels_of
from shipyard.services.batch import Matchup, lineup
from shipyard.services.registry import evaluate, get_ruleset, read_design
from shipyard.services.samples import sample_name, sample_paths

MASTER = 2024  # the master seed pinned duels are seeded from
DUELS = 800  # about as many duels pinned for each game: a few seeds each matchup
LEAST_SEEDS = 2
HEADER = ("game", "a", "b", "captain_a", "captain_b", "start_range", "closing_speed",
          "turn_limit", "speed_a", "speed_b", "scenario", "seed", "winner", "turns", "dealt_a",
          "dealt_b", "cause", "draws")
NO_SPEEDS = "-"  # the speed columns of a scenario that splits its closing speed evenly
WINNERS = {0: "a", 1: "b", None: "draw"}
READ_WINNER = {word: side for side, word in WINNERS.items()}


@dataclass(frozen=True, slots=True)
class Setup:
    """What a pinned duel is fought with: the designs, captains, scenario and seed."""

    game: str
    a: str
    b: str
    captain_a: str
    captain_b: str
    scenario: DuelScenario
    seed: int

    @property
    def matchup_key(self) -> tuple[object, ...]:
        return (self.game, self.a, self.b, self.captain_a, self.captain_b, self.scenario)


@dataclass(frozen=True, slots=True)
class Pinned:
    """One pinned duel: its setup, and what it came to."""

    setup: Setup
    winner: int | None
    turns: int
    dealt: tuple[int, int]
    cause: str
    draws: int

    @classmethod
    def of(cls, setup: Setup, result: Result) -> Pinned:
        return cls(setup, result.winner, result.turns, result.damage, result.cause,
                   result.draws)

    def agrees(self, result: Result) -> bool:
        return (self.winner, self.turns, self.dealt, self.cause, self.draws) == (
            result.winner, result.turns, result.damage, result.cause, result.draws)


@dataclass(frozen=True, slots=True)
class Mismatch:
    """A pinned duel an engine fought otherwise."""

    pinned: Pinned
    got: Result
    engine: str

    def __str__(self) -> str:
        s = self.pinned.setup
        return (f"{s.game} {s.captain_a}/{s.captain_b} {s.a} v {s.b} "
                f"{s.scenario.start_range}/{s.scenario.closing_speed}/{s.scenario.turn_limit} "
                f"seed {s.seed} on the {self.engine} engine: pinned {WINNERS[self.pinned.winner]}"
                f" in {self.pinned.turns}, {self.pinned.dealt}, {self.pinned.cause!r}, "
                f"{self.pinned.draws} dice; got {WINNERS[self.got.winner]} in {self.got.turns},"
                f" {self.got.damage}, {self.got.cause!r}, {self.got.draws} dice")


def scenarios(default: DuelScenario) -> tuple[DuelScenario, ...]:
    """The game's own scenario (its default preset), a close start and a fast approach;
    each row of the file names the scenario it used (its range, speeds and preset)."""
    close = DuelScenario(max(2, default.start_range // 4), default.closing_speed,
                         max(3, default.turn_limit // 2))
    rush = DuelScenario(default.start_range,
                        max(2 * default.closing_speed, default.start_range // 3),
                        default.turn_limit)
    return default, close, rush


def samples(game: str) -> dict[str, Evaluation]:
    """The bundled samples of a game, evaluated, by name."""
    return {sample_name(path): evaluate(read_design(path)) for path in sample_paths(game)}


def setups(game: str) -> Iterator[Setup]:
    """Every duel pinned for `game`, in the file's order."""
    ruleset = get_ruleset(game)
    duels = duels_of(ruleset)
    found = samples(game)
    if not found:
        return
    first = next(iter(found.values()))
    pairs = len(found) * (len(found) + 1) // 2
    matchups = 3 * len(duels.policies) * pairs
    count = max(LEAST_SEEDS, -(-DUELS // matchups))
    row = 0
    for scenario in scenarios(duels.duel_defaults(first.catalog)):
        for captain in duels.policies:
            for a, b in combinations_with_replacement(sorted(found), 2):
                for k in range(count):
                    yield Setup(game, a, b, captain, captain, scenario,
                                duel_seed(MASTER, row * count + k))
                row += 1


def _matchup(setup: Setup, evaluations: dict[str, Evaluation], engine: str) -> Matchup:
    return Matchup(evaluations[setup.a], evaluations[setup.b], setup.captain_a,
                   setup.captain_b, setup.scenario, engine=engine)


def fight(pinned: Sequence[Setup], engine: str) -> list[Result]:
    """The duels of `pinned` fought on `engine`, in order (a batch engine fights each
    matchup's seeds in one call)."""
    results: list[Result] = []
    evaluations: dict[str, dict[str, Evaluation]] = {}
    for _, group in groupby(pinned, key=lambda s: s.matchup_key):
        chunk = list(group)
        game = chunk[0].game
        if game not in evaluations:
            evaluations[game] = samples(game)
        ready = lineup(_matchup(chunk[0], evaluations[game], engine))
        seeds = [setup.seed for setup in chunk]
        if isinstance(ready, BatchLineup):
            results += ready.fight_many(seeds)
        else:
            results += [ready.fight(seed) for seed in seeds]
    return results


def pin(game: str) -> list[Pinned]:
    """Every pinned duel of `game`, fought on the reference engine."""
    chosen = list(setups(game))
    return [Pinned.of(setup, result)
            for setup, result in zip(chosen, fight(chosen, "reference"), strict=True)]


def check(rows: Sequence[Pinned], engine: str) -> list[Mismatch]:
    """Every row `engine` fights otherwise than pinned."""
    got = fight([row.setup for row in rows], engine)
    return [Mismatch(row, result, engine) for row, result in zip(rows, got, strict=True)
            if not row.agrees(result)]


def engines(game: str) -> tuple[str, ...]:
    """Every duel engine of `game` (its default first)."""
    return tuple(duels_of(get_ruleset(game)).engines)


# -- the file ------------------------------------------------------------------------------
def write(rows: Iterable[Pinned], path: Path, game: str) -> None:
    """The rows as a tab-separated file, written whole (a temporary file, then renamed)."""
    text = io.StringIO()
    text.write(f"# Pinned duels of {game}: seed in, duel out (shipyard.services.pinned).\n"
               "# Fought on the reference engine; every engine of the game must fight each "
               "row the same.\n# Pinned again with `make pin-duels` when a rule changes.\n")
    out = csv.writer(text, delimiter="\t", lineterminator="\n")
    out.writerow(HEADER)
    for row in rows:
        s = row.setup
        speeds = s.scenario.speeds or (NO_SPEEDS, NO_SPEEDS)
        out.writerow((s.game, s.a, s.b, s.captain_a, s.captain_b, s.scenario.start_range,
                      s.scenario.closing_speed, s.scenario.turn_limit, *speeds,
                      s.scenario.name or "custom", s.seed,
                      WINNERS[row.winner], row.turns, row.dealt[0], row.dealt[1], row.cause,
                      row.draws))
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f".{path.name}.part")
    partial.write_text(text.getvalue(), encoding="utf-8")
    partial.replace(path)


def read(path: Path) -> list[Pinned]:
    """The rows of a pinned-duels file."""
    lines = [line for line in path.read_text(encoding="utf-8").splitlines()
             if line and not line.startswith("#")]
    rows = list(csv.reader(lines, delimiter="\t"))
    if not rows or tuple(rows[0]) != HEADER:
        raise ValueError(f"{path}: not a pinned-duels file (its first row is not the header)")
    found = []
    for cells in rows[1:]:
        (game, a, b, captain_a, captain_b, start, closing, limit, speed_a, speed_b, name, seed,
         winner, turns, dealt_a, dealt_b, cause, draws) = cells
        speeds = None if NO_SPEEDS in (speed_a, speed_b) else (int(speed_a), int(speed_b))
        scenario = DuelScenario(int(start), int(closing), int(limit), speeds,
                                "" if name == "custom" else name)
        setup = Setup(game, a, b, captain_a, captain_b, scenario, int(seed))
        found.append(Pinned(setup, READ_WINNER[winner], int(turns), (int(dealt_a), int(dealt_b)),
                            cause, int(draws)))
    return found


def every_kth(rows: Sequence[Pinned], k: int, offset: int = 0) -> list[Pinned]:
    """Every `k`-th matchup's rows (all seeds of each), from the `offset`-th on."""
    chosen: list[Pinned] = []
    for index, (_, group) in enumerate(groupby(rows, key=lambda r: r.setup.matchup_key)):
        if index % k == offset % k:
            chosen += list(group)
    return chosen

