"""The best design a budget can buy: an evolutionary search raced by successive halving.

Each generation's candidates fight every opponent in rounds. After each round
the worse half (by mean win rate against the opponents) is dropped and the
survivors fight on, the duels doubling, until the last round has given the
finalists `runs` duels per opponent: a weak candidate costs a few duels, a
good one many. The best quarter of a generation goes on unchanged and parents
the next by the ruleset's own `mutate` (with a few fresh `random_design`s);
the first generation starts from the opponents that fit the budget, so the
search begins where the field stands. Every proposal is parsed, priced and
checked by its ruleset and kept only if legal, within the budget and new.

Seeds. Within a generation every candidate meets opponent `j` on the same
duels, `duel_seed(stream_seed(seed, "select", g, j), i)`, so they are compared
on common dice. The winner of the last generation is then measured afresh
against each opponent on another stream, `stream_seed(seed, "measure", j)`,
that no selection saw, and so is every opponent within the budget (the
field): the comparison "does the optimized design beat the field" is made on
those fresh duels, the same for all. Everything follows from the seed alone.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from random import Random
from typing import Any

from shipyard.core.errors import ShipyardError
from shipyard.core.issues import Agreement
from shipyard.core.neutral import Evaluation, Ruleset
from shipyard.core.outcome import DuelScenario, Result
from shipyard.core.protocol import duels_of, search_of
from shipyard.core.stats import Rate, rate
from shipyard.services.batch import Matchup, run_batch
from shipyard.services.registry import evaluate, read_design
from shipyard.services.samples import PREFIX, sample_name
from shipyard.services.scenarios import opening

POPULATION = 12  # candidates raced in each generation
PARENTS = 4  # one candidate in this many goes on to the next generation and parents it
FRESH = 0.15  # the share of new candidates drawn at random instead of mutated
ATTEMPTS = 25  # proposals per free place before a generation makes do with fewer
Progress = Callable[[str, int], None]  # (what is happening or "", duels just fought)


class OptimizeError(ShipyardError):
    """The search cannot start: no legal design fits the budget, or nothing to fight."""


class OptimizeStopped(ShipyardError):
    """The search was stopped from outside before it finished."""


@dataclass(frozen=True)
class Settings:
    budget: int
    generations: int = 6
    runs: int = 60  # duels per opponent: the finalists of each race, and the measurement
    seed: int = 1
    population: int = POPULATION
    workers: int = 1
    scheduler: str | None = None  # a Dask scheduler address, handed on to `run_batch`
    scenario: DuelScenario | None = None  # the start asked for (None: the game's default)
    asked: bool = False  # the player chose its range or preset (no base opening)
    catalog_root: str | None = None  # the catalog folder candidates are priced with (None:
    # the bundled one)
    geometry: str | None = None  # where the duels are fought (None: the game's default)


@dataclass(frozen=True)
class Opponent:
    label: str
    file: str
    evaluation: Evaluation


@dataclass(frozen=True)
class Record:
    """One design's duels against one opponent, from the design's side."""

    opponent: Opponent
    wins: int
    draws: int
    losses: int

    @property
    def runs(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def win_rate(self) -> Rate:
        return rate(self.wins, self.runs)


@dataclass(frozen=True)
class Measured:
    """A design measured afresh against every opponent."""

    label: str
    evaluation: Evaluation
    records: tuple[Record, ...]

    @property
    def mean_win_rate(self) -> float:
        return math.fsum(r.win_rate.share for r in self.records) / max(len(self.records), 1)


@dataclass(frozen=True)
class Generation:
    number: int  # from 1
    candidates: int
    best_win_rate: float  # on the selection duels
    duels: int  # fought so far


@dataclass(frozen=True)
class Optimized:
    ruleset: Ruleset
    settings: Settings
    best: Measured
    field: tuple[Measured, ...]  # the opponents within the budget, measured the same way
    history: tuple[Generation, ...]
    duels: int

    @property
    def beats_field(self) -> bool:
        return all(self.best.mean_win_rate >= rival.mean_win_rate for rival in self.field)

    def to_data(self) -> dict[str, Any]:
        """The `shipyard optimize --json` public contract."""
        evaluation = self.best.evaluation
        return {
            "ruleset": self.ruleset.name, "budget": self.settings.budget,
            "seed": self.settings.seed, "generations": self.settings.generations,
            "runs": self.settings.runs, "design": evaluation.design.to_data(),
            "scenario": None if self.settings.scenario is None
            else self.settings.scenario.as_data(),
            **({"geometry": self.settings.geometry}
               if self.settings.geometry is not None else {}),
            "points": int(evaluation.sheet.total),
            "opponents": [{"name": r.opponent.label, "file": r.opponent.file, "wins": r.wins,
                           "draws": r.draws, "losses": r.losses, "runs": r.runs,
                           "win_rate": r.win_rate.share, "low": r.win_rate.low,
                           "high": r.win_rate.high} for r in self.best.records],
            "mean_win_rate": self.best.mean_win_rate,
            "field": [{"name": m.label, "points": int(m.evaluation.sheet.total),
                       "mean_win_rate": m.mean_win_rate} for m in self.field],
            "beats_field": self.beats_field, "duels": self.duels,
        }


def stream_seed(seed: int, *parts: object) -> int:
    """The master seed of one stream of duels of a search: fixed by the search's seed."""
    text = ":".join(["shipyard-optimize", str(seed), *(str(p) for p in parts)])
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def design_key(evaluation: Evaluation) -> str:
    """What makes two designs the same: their data, the name aside."""
    data = {k: v for k, v in evaluation.design.to_data().items() if k != "name"}
    return json.dumps(data, sort_keys=True)


def race_rounds(candidates: int, runs: int) -> list[tuple[int, int]]:
    """(candidates fighting, duels per opponent each has fought by the end) per round."""
    rounds = max(1, math.ceil(math.log2(max(candidates, 1))))
    plan, alive = [], candidates
    for r in range(rounds):
        plan.append((alive, max(1, math.ceil(runs / 2 ** (rounds - 1 - r)))))
        alive = math.ceil(alive / 2)
    return plan


def planned_duels(settings: Settings, opponents: int, field_size: int) -> int:
    """Duels a full search fights (fewer if a generation finds fewer candidates)."""
    race, before = 0, 0
    for alive, played in race_rounds(settings.population, settings.runs):
        race += alive * (played - before)
        before = played
    return opponents * (settings.generations * race + (1 + field_size) * settings.runs)


@dataclass
class _Arena:
    """The opponents, the scenario, and a count of the duels fought against them."""

    opponents: Sequence[Opponent]
    scenario: DuelScenario
    policy: str
    settings: Settings
    progress: Progress | None = None
    stop: Callable[[], bool] | None = None
    duels: int = 0
    memo: dict[tuple[str, int, int], tuple[int, int, int]] = field(default_factory=dict)

    def play(self, design: Evaluation, j: int, runs: int, master: int,
             start: int = 0) -> tuple[int, int, int]:
        """Wins, draws and losses of `design` in duels `start` to `start + runs` of a stream."""
        if self.stop is not None and self.stop():
            raise OptimizeStopped("the search was stopped")
        rival = self.opponents[j].evaluation
        opened = opening(duels_of(design.ruleset), self.scenario, design, rival,
                         self.settings.asked)
        matchup = Matchup(design, rival, self.policy, self.policy, opened,
                          geometry=self.settings.geometry)
        extra = {"scheduler": self.settings.scheduler} if self.settings.scheduler else {}
        batch: Callable[..., list[Result]] = run_batch  # `scheduler` only when asked for
        report, stop = self.progress, self.stop

        def advance(duels: int) -> None:  # also between two chunks of a long batch
            if report is not None:
                report("", duels)
            if stop is not None and stop():
                raise OptimizeStopped("the search was stopped")
        results = batch(matchup, runs, master, self.settings.workers, start, advance, **extra)
        self.duels += len(results)
        wins = sum(1 for r in results if r.winner == 0)
        losses = sum(1 for r in results if r.winner == 1)
        return wins, len(results) - wins - losses, losses

    def measure(self, label: str, design: Evaluation) -> Measured:
        """`runs` fresh duels against each opponent, on the measuring streams."""
        records = []
        for j, opponent in enumerate(self.opponents):
            key = (design_key(design), j, self.settings.runs)
            if key not in self.memo:  # the same design on the same seeds: the same duels
                self.memo[key] = self.play(design, j, self.settings.runs,
                                           stream_seed(self.settings.seed, "measure", j))
            records.append(Record(opponent, *self.memo[key]))
        return Measured(label, design, tuple(records))

    def race(self, candidates: Sequence[Evaluation], generation: int) -> list[tuple[int, float]]:
        """Successive halving; every candidate's index and score, the best first."""
        tally = [[0, 0] for _ in candidates]  # wins and non-losses, summed over opponents
        fought = [0] * len(candidates)  # duels per opponent so far
        alive = list(range(len(candidates)))
        dropped: list[list[int]] = []

        def score(c: int) -> tuple[float, float, int]:
            n = max(fought[c] * len(self.opponents), 1)
            return (-tally[c][0] / n, -tally[c][1] / n, c)  # ties: the older candidate

        plan = race_rounds(len(candidates), self.settings.runs)
        for number, (_, played) in enumerate(plan):
            for c in alive:
                for j in range(len(self.opponents)):
                    master = stream_seed(self.settings.seed, "select", generation, j)
                    wins, draws, _ = self.play(candidates[c], j, played - fought[c], master,
                                               fought[c])
                    tally[c][0] += wins
                    tally[c][1] += wins + draws
                fought[c] = played
            alive.sort(key=score)
            if number < len(plan) - 1:
                keep = math.ceil(len(alive) / 2)
                dropped.append(alive[keep:])
                alive = alive[:keep]
        order = alive + [c for out in reversed(dropped) for c in out]
        return [(c, -score(c)[0]) for c in order]


class _Breeder:
    """Proposals from the ruleset, admitted only when legal, within budget and new."""

    def __init__(self, ruleset: Ruleset, budget: int, rng: Random,
                 catalog_root: str | None = None) -> None:
        self.ruleset, self.budget, self.rng = ruleset, budget, rng
        self.search = search_of(ruleset)
        self.root = catalog_root
        self.catalog = ruleset.catalog(catalog_root)
        self.seen: set[str] = set()

    def admit(self, design: Any) -> Evaluation | None:
        try:  # proposals are data like any design file: read them back and judge them
            design = self.ruleset.parse(design.to_data(), "<candidate>")
            evaluation = evaluate(design, Agreement(budget=self.budget), self.root)
        except ShipyardError:
            return None
        key = design_key(evaluation)
        if not evaluation.legal or evaluation.sheet.total > self.budget or key in self.seen:
            return None
        self.seen.add(key)
        return evaluation

    def propose(self, parents: Sequence[Evaluation]) -> Any:
        if not parents or self.rng.random() < FRESH:
            return self.search.random_design(self.catalog, self.budget, self.rng)
        weights = list(range(len(parents), 0, -1))  # the better parents more often
        parent = self.rng.choices(parents, weights)[0]
        return self.search.mutate(parent.design, self.catalog, self.budget, self.rng)

    def fill(self, population: list[Evaluation], size: int,
             parents: Sequence[Evaluation]) -> None:
        for _ in range(ATTEMPTS * size):
            if len(population) >= size:
                return
            try:
                found = self.admit(self.propose(parents))
            except ShipyardError:
                found = None
            if found is not None:
                population.append(found)


def optimize(ruleset: Ruleset, opponents: Sequence[Opponent], settings: Settings,
             progress: Progress | None = None,
             stop: Callable[[], bool] | None = None) -> Optimized:
    """Search for the design with the best mean win rate against `opponents`."""
    if not opponents:
        raise OptimizeError("nothing to fight: no opponent was given")
    duels = duels_of(ruleset)
    scenario = settings.scenario or duels.duel_defaults(opponents[0].evaluation.catalog)
    settings = replace(settings, scenario=scenario)
    arena = _Arena(opponents, scenario, duels.policies[0], settings, progress, stop)
    breeder = _Breeder(ruleset, settings.budget, Random(stream_seed(settings.seed, "search")),
                       settings.catalog_root)
    rivals = [o for o in opponents if o.evaluation.legal
              and o.evaluation.sheet.total <= settings.budget]
    population: list[Evaluation] = []
    for rival in rivals:
        found = breeder.admit(rival.evaluation.design)
        if found is not None:
            population.append(found)
    breeder.fill(population, settings.population, list(population))
    if not population:
        raise OptimizeError(f"no legal design of {ruleset.title} costs {settings.budget} points "
                            "or less")
    history: list[Generation] = []
    best = population[0]
    for number in range(1, settings.generations + 1):
        if progress is not None:
            progress(f"generation {number} of {settings.generations}", 0)
        ranked = arena.race(population, number)
        best = population[ranked[0][0]]
        history.append(Generation(number, len(population), ranked[0][1], arena.duels))
        elites = [population[c] for c, _ in ranked[:max(1, settings.population // PARENTS)]]
        population = list(elites)
        if number < settings.generations:
            breeder.fill(population, settings.population, elites)
    if progress is not None:
        progress("measuring afresh", 0)
    name = f"Optimized ({int(best.sheet.total)} points)"  # its own cost, not the budget
    renamed = evaluate(ruleset.parse({**best.design.to_data(), "name": name}, "<optimized>"),
                       Agreement(budget=settings.budget), settings.catalog_root)
    measured = arena.measure(name, renamed)
    field_measured = tuple(arena.measure(rival.label, rival.evaluation) for rival in rivals)
    return Optimized(ruleset, settings, measured, field_measured, tuple(history), arena.duels)


def labelled(found: Sequence[tuple[str, Evaluation]]) -> list[Opponent]:
    """Opponents from (file, evaluation): the same design once, names made unique."""
    kept: dict[str, tuple[str, Evaluation]] = {}
    for file, evaluation in found:
        kept.setdefault(design_key(evaluation), (file, evaluation))
    names = [evaluation.design.name or "(unnamed)" for _, evaluation in kept.values()]
    return [Opponent(name if names.count(name) == 1 else f"{name} ({file})", file, evaluation)
            for name, (file, evaluation) in zip(names, kept.values(), strict=True)]


def field_of(ruleset: Ruleset, budget: int, catalog_root: str | None = None) -> list[Opponent]:
    """The game's bundled samples that are legal and cost `budget` points or less, priced
    with the catalog in `catalog_root` (None: the bundled one)."""
    found = []
    for path in ruleset.samples():
        evaluation = evaluate(read_design(path), catalog_root=catalog_root, file=str(path))
        if evaluation.legal and evaluation.sheet.total <= budget:
            found.append((f"{PREFIX}{sample_name(path)}", evaluation))
    return labelled(found)
