"""Round robins: every pair of designs plays many duels; a Bradley-Terry ranking.

Pair `k` (in the order of `pairings`) plays its duels from the seed
`pair_seed(master, k)`, duel `i` on `duel_seed(pair_seed, i)`, so the
results depend on the master seed alone, never on how many worker processes
ran them or in which order their chunks came back. The first pair plays on the
master seed itself: two designs meet exactly as in `shipyard duel`. With `until_ci` a pair
plays blocks of `BLOCK` duels and stops after the first block at whose end
both its win and its loss rate have a 95% interval narrower than the width
asked; that decision too depends only on the pair's own seeded results.

The ranking fits a Bradley-Terry model, P(i beats j) = p_i / (p_i + p_j),
by Zermelo's minorise-maximise iteration, a draw counting half a win to
each side. One virtual draw per pair (`PRIOR_DRAWS`) keeps the fit finite
when a design wins every duel. A rating is 100 x p_i over the geometric
mean of all strengths: 100 is the field's average, and a 200 beats a 100
two times in three. Its 95% interval comes from the observed Fisher
information of the log-strengths (the inverse of the information matrix,
taken as a pseudo-inverse since ratings are fixed only up to a common
factor), turned back to the rating scale, so it is not symmetric.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from shipyard.core.neutral import Evaluation
from shipyard.core.outcome import DuelScenario
from shipyard.core.protocol import duels_of
from shipyard.core.stats import Z95, Rate, rate
from shipyard.services.batch import Job, Matchup, fight
from shipyard.services.scenarios import opening

BLOCK = 200  # duels between two looks at a pair's interval under `until_ci`
PRIOR_DRAWS = 1.0  # virtual drawn duels added to every pair before the fit
MAX_ITERATIONS = 100_000
TOLERANCE = 1e-10  # largest change of a log-strength between two iterations at the end


def pair_seed(master: int, index: int) -> int:
    """The master seed of pair `index` of a tournament: fixed by the tournament's seed.

    The first pair plays on the master seed itself, so a tournament (or `compare
    --duel`) of two designs fights exactly the duels of `shipyard duel` with that seed.
    """
    if index == 0:
        return master
    digest = hashlib.sha256(f"shipyard-tournament:{master}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def pairings(entrants: int) -> list[tuple[int, int]]:
    """Every pair of entrants once, in a fixed order: (0, 1), (0, 2), ... (1, 2), ..."""
    return list(combinations(range(entrants), 2))


@dataclass(frozen=True)
class Entrant:
    """One design in the tournament, under a label unique in the field."""

    label: str
    evaluation: Evaluation

    @property
    def points(self) -> int:
        return int(self.evaluation.sheet.total)


@dataclass(frozen=True)
class PairResult:
    """The duels of one pair, from the side of `a` (the earlier entrant)."""

    a: int
    b: int
    wins: int
    losses: int
    draws: int
    cut_off: int = 0  # of the draws, duels still undecided at the turn limit

    @property
    def runs(self) -> int:
        return self.wins + self.losses + self.draws

    def rates(self) -> tuple[Rate, Rate, Rate]:
        """Win, draw and loss rates of `a`, with 95% Wilson intervals."""
        return rate(self.wins, self.runs), rate(self.draws, self.runs), rate(self.losses,
                                                                            self.runs)

    def settled(self, width: float) -> bool:
        """Both the win and the loss rate known to within `width` (95% intervals)."""
        wins, _, losses = self.rates()
        return self.runs > 0 and max(wins.width, losses.width) < width


# -- playing -------------------------------------------------------------------


def play(entrants: Sequence[Entrant], runs: int, seed: int, workers: int = 1,
         policy: str = "default", scenario: DuelScenario | None = None,
         until_ci: float | None = None,
         progress: Callable[[int], None] | None = None,
         scheduler: str | None = None, asked: bool = True,
         geometry: str | None = None) -> list[PairResult]:
    """Every pair plays `runs` duels (fewer under `until_ci`); one result per pair.

    Each round hands the batch service (`services.batch.fight`) one job per pair still
    playing; with `scheduler` (a Dask scheduler's address) the duels run on that
    cluster's workers and `workers` is not used; the results are the same. Each pair
    starts as the game opens the scenario for it (a base at rest; unless `asked`, its
    enemy beyond its batteries). `geometry` says where they fight (None: the game's
    default).
    """
    pairs = pairings(len(entrants))
    chosen = scenario if scenario is not None else DuelScenario()
    duels = duels_of(entrants[0].evaluation.ruleset)
    matchups = [Matchup(entrants[a].evaluation, entrants[b].evaluation, policy, policy,
                        opening(duels, chosen, entrants[a].evaluation, entrants[b].evaluation,
                                asked), geometry=geometry)
                for a, b in pairs]
    seeds = [pair_seed(seed, k) for k in range(len(pairs))]
    counts = {k: [0, 0, 0, 0] for k in range(len(pairs))}
    active = list(range(len(pairs)))
    block = runs if until_ci is None else BLOCK
    while active:
        jobs = []
        for k in active:
            played = sum(counts[k][:3])
            jobs.append(Job(matchups[k], seeds[k], played, min(played + block, runs)))
        for k, results in zip(active, fight(jobs, workers, progress, scheduler), strict=True):
            winners = [r.winner for r in results]
            wins, losses = winners.count(0), winners.count(1)
            tally = counts[k]
            tally[0] += wins
            tally[1] += losses
            tally[2] += len(winners) - wins - losses
            limit = matchups[k].scenario.turn_limit
            tally[3] += sum(1 for r in results if r.winner is None and r.turns >= limit)
        still = []
        for k in active:
            result = PairResult(*pairs[k], *counts[k])
            if result.runs < runs and not (until_ci is not None and result.settled(until_ci)):
                still.append(k)
            elif progress is not None and result.runs < runs:
                progress(runs - result.runs)  # the duels it will not need
        active = still
    return [PairResult(*pairs[k], *counts[k]) for k in range(len(pairs))]


# -- the Bradley-Terry fit -----------------------------------------------------


def bradley_terry(size: int, games: Sequence[tuple[int, int, float, float]],
                  prior: float = 0.0) -> list[float]:
    """Strengths of `size` players from (i, j, score of i, score of j) records.

    A draw is half a point to each side. `prior` virtual draws are added to
    every pair that met. Strengths are scaled to a geometric mean of 1. Every
    player needs some score against a connected field (or `prior` > 0).
    """
    scores = [0.0] * size
    met: dict[tuple[int, int], float] = {}
    for i, j, score_i, score_j in games:
        key = (min(i, j), max(i, j))
        met[key] = met.get(key, 0.0) + score_i + score_j
        scores[i] += score_i
        scores[j] += score_j
    for i, j in met:
        met[(i, j)] += prior
        scores[i] += prior / 2
        scores[j] += prior / 2
    if any(score <= 0 for score in scores):
        raise ValueError("every player needs some score for a finite fit (use a prior)")
    strength = [1.0] * size
    for _ in range(MAX_ITERATIONS):
        denominators = [0.0] * size
        for (i, j), n in met.items():
            share = n / (strength[i] + strength[j])
            denominators[i] += share
            denominators[j] += share
        new = [scores[i] / denominators[i] for i in range(size)]
        centre = math.fsum(math.log(p) for p in new) / size
        new = [p / math.exp(centre) for p in new]
        change = max(abs(math.log(a / b)) for a, b in zip(new, strength, strict=True))
        strength = new
        if change < TOLERANCE:
            break
    return strength


def _solve(matrix: list[list[float]]) -> list[list[float]]:
    """The inverse of a small, well-conditioned matrix (Gauss-Jordan, partial pivoting)."""
    size = len(matrix)
    rows = [row[:] + [1.0 if i == j else 0.0 for j in range(size)]
            for i, row in enumerate(matrix)]
    for column in range(size):
        pivot = max(range(column, size), key=lambda r: abs(rows[r][column]))
        rows[column], rows[pivot] = rows[pivot], rows[column]
        head = rows[column][column]
        rows[column] = [value / head for value in rows[column]]
        for r in range(size):
            if r != column and rows[r][column] != 0.0:
                factor = rows[r][column]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[column], strict=True)]
    return [row[size:] for row in rows]


def log_strength_errors(strength: Sequence[float],
                        games: Sequence[tuple[int, int, float, float]],
                        prior: float = 0.0) -> list[float]:
    """Standard errors of the centred log-strengths, from the observed information."""
    size = len(strength)
    met: dict[tuple[int, int], float] = {}
    for i, j, score_i, score_j in games:
        key = (min(i, j), max(i, j))
        met[key] = met.get(key, 0.0) + score_i + score_j
    information = [[0.0] * size for _ in range(size)]
    for (i, j), n in met.items():
        p = strength[i] / (strength[i] + strength[j])
        weight = (n + prior) * p * (1 - p)
        information[i][i] += weight
        information[j][j] += weight
        information[i][j] -= weight
        information[j][i] -= weight
    # The information has the common factor as its null space (rows sum to 0): its
    # pseudo-inverse is (I + 11'/n)^-1 - 11'/n, the covariance of the centred ratings.
    shifted = [[value + 1 / size for value in row] for row in information]
    inverse = _solve(shifted)
    return [math.sqrt(max(inverse[i][i] - 1 / size, 0.0)) for i in range(size)]


@dataclass(frozen=True)
class Standing:
    """One entrant's place: its rating with a 95% interval, and points efficiency."""

    entrant: int
    label: str
    points: int
    rating: float
    low: float
    high: float

    @property
    def per_100_points(self) -> float:
        return self.rating * 100 / self.points if self.points > 0 else math.inf


@dataclass(frozen=True)
class Tournament:
    """A finished round robin: every pair's duels and the ranking fitted to them."""

    entrants: tuple[Entrant, ...]
    pairs: tuple[PairResult, ...]
    runs: int
    seed: int
    standings: tuple[Standing, ...]  # best first
    scenario: DuelScenario | None = None  # the start every pair was asked to meet in
    # Every craft is bought with one budget (the game's own, e.g. 30 points a fighter) or
    # costs the same: a rating per 100 points says nothing the rating does not.
    equal_points: bool = False
    geometry: str | None = None  # where every pair fought, as asked (None: the game's default)

    @property
    def cut_off_share(self) -> float:
        """The share of all duels still undecided at the turn limit."""
        played = sum(pair.runs for pair in self.pairs)
        return sum(pair.cut_off for pair in self.pairs) / played if played else 0.0

    def opens_otherwise(self) -> bool:
        """Whether the game starts some pair otherwise than the scenario as chosen (e.g. a
        base at rest, its enemy beyond its batteries, unless a range or scenario is given)."""
        if self.scenario is None or not self.entrants:
            return False
        duels = duels_of(self.entrants[0].evaluation.ruleset)
        return any(opening(duels, self.scenario, self.entrants[p.a].evaluation,
                           self.entrants[p.b].evaluation, False) != self.scenario
                   for p in self.pairs)

    def by_efficiency(self) -> list[Standing]:
        """The standings by rating per 100 points, best first."""
        return sorted(self.standings, key=lambda s: (-s.per_100_points, s.label))

    def result(self, a: int, b: int) -> tuple[int, int, int]:
        """Wins, losses and draws of entrant `a` against entrant `b`."""
        for pair in self.pairs:
            if (pair.a, pair.b) == (a, b):
                return pair.wins, pair.losses, pair.draws
            if (pair.a, pair.b) == (b, a):
                return pair.losses, pair.wins, pair.draws
        raise KeyError((a, b))

    def to_data(self) -> dict[str, Any]:
        """The `shipyard tournament --json` public contract."""
        labels = [entrant.label for entrant in self.entrants]
        matrix = []
        for a in range(len(labels)):
            for b in range(len(labels)):
                if a != b:
                    wins, losses, draws = self.result(a, b)
                    matrix.append({"a": labels[a], "b": labels[b], "wins": wins,
                                   "losses": losses, "draws": draws})
        return {
            "ranking": [{"design": s.label, "points": s.points, "rating": s.rating,
                         "ci95": [s.low, s.high], "per_100_points": s.per_100_points}
                        for s in self.standings],
            "matrix": matrix,
            "runs": self.runs,
            "seed": self.seed,
            "scenario": None if self.scenario is None else self.scenario.as_data(),
            **({"geometry": self.geometry} if self.geometry is not None else {}),
            "turn_limit_reached": {"count": sum(pair.cut_off for pair in self.pairs),
                                   "rate": self.cut_off_share},
            "equal_points": self.equal_points,
        }


def rank(entrants: Sequence[Entrant], pairs: Sequence[PairResult], runs: int,
         seed: int, scenario: DuelScenario | None = None,
         geometry: str | None = None) -> Tournament:
    """Fit the ratings to the pairs' results and rank the entrants, best first."""
    games = [(p.a, p.b, p.wins + p.draws / 2, p.losses + p.draws / 2) for p in pairs]
    strength = bradley_terry(len(entrants), games, PRIOR_DRAWS)
    errors = log_strength_errors(strength, games, PRIOR_DRAWS)
    standings = []
    for index, (entrant, p, error) in enumerate(zip(entrants, strength, errors, strict=True)):
        theta = math.log(p)
        standings.append(Standing(index, entrant.label, entrant.points, 100 * p,
                                  100 * math.exp(theta - Z95 * error),
                                  100 * math.exp(theta + Z95 * error)))
    standings.sort(key=lambda s: (-s.rating, s.label))
    first = entrants[0].evaluation
    equal = (first.ruleset.budget(first.catalog) is not None
             or len({entrant.points for entrant in entrants}) == 1)
    return Tournament(tuple(entrants), tuple(pairs), runs, seed, tuple(standings), scenario,
                      equal, geometry)


def run_tournament(entrants: Sequence[Entrant], runs: int, seed: int, workers: int = 1,
                   policy: str = "default", scenario: DuelScenario | None = None,
                   until_ci: float | None = None,
                   progress: Callable[[int], None] | None = None,
                   scheduler: str | None = None, asked: bool = True,
                   geometry: str | None = None) -> Tournament:
    """Play every pair and rank the field (on a Dask cluster with `scheduler`), on
    `geometry` (None: the game's default)."""
    pairs = play(entrants, runs, seed, workers, policy, scenario, until_ci, progress,
                 scheduler, asked, geometry)
    return rank(entrants, pairs, runs, seed, scenario, geometry)


def labelled(found: Sequence[tuple[str, Evaluation]]) -> list[Entrant]:
    """Entrants from (source, evaluation): the same design once, names made unique.

    A design named twice (the same design data) enters once; two different
    designs of one name are told apart by where they came from.
    """
    seen: list[dict[str, Any]] = []
    kept: list[tuple[str, Evaluation]] = []
    for source, evaluation in found:
        data = evaluation.design.to_data()
        if data not in seen:
            seen.append(data)
            kept.append((source, evaluation))
    names = [evaluation.design.name or "(unnamed)" for _, evaluation in kept]
    return [Entrant(name if names.count(name) == 1 else f"{name} ({source})", evaluation)
            for name, (source, evaluation) in zip(names, kept, strict=True)]
