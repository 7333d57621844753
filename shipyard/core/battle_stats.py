"""Summaries of many fleet battles: outcomes, points destroyed, survivors, causes, turns.

Everything here reads `BattleResult`s and each ship's points, nothing of a game.
Rates carry 95% Wilson intervals (`core.stats`); a mean carries a 95% normal
interval (mean +- 1.96 standard errors, the sample standard deviation over the
square root of the battles: sound from a few dozen battles on, since every battle's
figure is bounded by the fleet's points). The exchange ratio is the points side A
destroyed over the points side B destroyed, summed over all battles (a ratio of the
two means); its interval comes from the delta method on the ratio's logarithm with
each battle's pair of figures kept together (their covariance counts):

    var(log R) = (s_a^2 / a^2 + s_b^2 / b^2 - 2 s_ab / (a b)) / n,

where a and b are the two means, s_a^2 and s_b^2 their sample variances, s_ab their
covariance, and the interval is R * exp(+-1.96 sqrt(var)). A ratio with nothing
destroyed by B is None (no ratio), and so is its interval.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from shipyard.core.battle import BattleResult
from shipyard.core.stats import Z95, Rate, rate

SIDES = ("a", "b")


@dataclass(frozen=True, slots=True)
class Mean:
    """A mean over the battles with its 95% interval (equal to the mean with one battle)."""

    mean: float
    low: float
    high: float

    def as_data(self) -> dict[str, object]:
        return {"mean": self.mean, "ci95": [self.low, self.high]}


@dataclass(frozen=True, slots=True)
class Ratio:
    """A ratio of two means with its 95% interval; None where it is undefined."""

    value: float | None
    low: float | None
    high: float | None

    def as_data(self) -> dict[str, object]:
        return {"value": self.value, "ci95": None if self.value is None
                else [self.low, self.high]}


def mean_of(values: Sequence[float], most: float | None = None) -> Mean:
    """The mean with a 95% normal interval, kept within what a battle can give (0 to
    `most`, when given: a mean of counts never lies below 0); (0, 0, 0) for no values."""
    if not values:
        return Mean(0.0, 0.0, 0.0)
    centre = statistics.fmean(values)
    if len(values) < 2:
        return Mean(centre, centre, centre)
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values))
    high = centre + half if most is None else min(most, centre + half)
    return Mean(centre, max(0.0, centre - half), high)


def ratio_of(a: Sequence[float], b: Sequence[float]) -> Ratio:
    """mean(a) / mean(b) with a 95% interval from the delta method on its logarithm,
    the two figures of one battle paired; None when mean(b) is 0, no interval when
    mean(a) is 0 (a ratio of 0 has no logarithm) or there is one battle."""
    n = len(a)
    if n == 0 or len(b) != n:
        return Ratio(None, None, None)
    mean_a, mean_b = statistics.fmean(a), statistics.fmean(b)
    if mean_b == 0:
        return Ratio(None, None, None)
    value = mean_a / mean_b
    if mean_a == 0 or n < 2:
        return Ratio(value, value, value)
    var_a, var_b = statistics.variance(a), statistics.variance(b)
    cov = sum((x - mean_a) * (y - mean_b) for x, y in zip(a, b, strict=True)) / (n - 1)
    var_log = (var_a / mean_a ** 2 + var_b / mean_b ** 2 - 2 * cov / (mean_a * mean_b)) / n
    half = Z95 * math.sqrt(max(0.0, var_log))
    return Ratio(value, value * math.exp(-half), value * math.exp(half))


@dataclass(frozen=True, slots=True)
class SideSummary:
    """One fleet over many battles."""

    points: int  # the fleet's points: what it could lose
    destroyed: Mean  # points of the other fleet it destroyed, a battle
    survivors: Mean  # its own craft still flying at the end, a battle
    survivor_counts: tuple[int, ...]  # battles ending with 0, 1, ... n of its craft flying
    ship_survival: tuple[Rate, ...]  # each of its craft, in fleet order
    kills: int  # the other fleet's craft it destroyed, over all battles
    kill_causes: dict[str, int]  # cause -> craft of the other fleet destroyed by it

    def as_data(self, runs: int) -> dict[str, object]:
        def r(x: Rate) -> dict[str, object]:
            return {"count": x.count, "rate": x.share, "ci95": [x.low, x.high]}

        return {
            "points": self.points,
            "points_destroyed": self.destroyed.as_data(),
            "survivors": {**self.survivors.as_data(),
                          "distribution": [{"survivors": k, "battles": count,
                                            "share": count / runs if runs else 0.0}
                                           for k, count in enumerate(self.survivor_counts)]},
            "ship_survival": [r(x) for x in self.ship_survival],
            "kills": self.kills,
            "kill_causes": {cause: {"count": count, "share": count / self.kills}
                            for cause, count in self.kill_causes.items()},
        }


@dataclass(frozen=True, slots=True)
class BattleSummary:
    """Many battles of fleet A against fleet B, from A's side."""

    runs: int
    wins: Rate  # battles A won
    losses: Rate  # battles B won
    draws: Rate
    sides: tuple[SideSummary, SideSummary]
    exchange: Ratio  # points A destroyed / points B destroyed
    mean_turns: float | None  # over every battle (None: no battle)
    cut_off: int  # battles still undecided at the turn limit

    @property
    def cut_off_share(self) -> float:
        return self.cut_off / self.runs if self.runs else 0.0

    def as_data(self) -> dict[str, object]:
        def r(x: Rate) -> dict[str, object]:
            return {"count": x.count, "rate": x.share, "ci95": [x.low, x.high]}

        return {
            "runs": self.runs, "wins": r(self.wins), "losses": r(self.losses),
            "draws": r(self.draws),
            "sides": {key: side.as_data(self.runs)
                      for key, side in zip(SIDES, self.sides, strict=True)},
            "exchange_ratio": self.exchange.as_data(),
            "mean_turns": self.mean_turns,
            "turn_limit_reached": {"count": self.cut_off, "rate": self.cut_off_share},
        }


def _side(side: int, results: Sequence[BattleResult], points: tuple[tuple[int, ...], ...],
          destroyed: Sequence[float]) -> SideSummary:
    mine = points[side]
    runs = len(results)
    flying = [[f.survived for f in r.side(side)] for r in results]
    survivors = [sum(alive) for alive in flying]
    counts = Counter(survivors)
    causes: Counter[str] = Counter()
    for r in results:
        causes.update(f.cause for f in r.side(1 - side) if not f.survived)
    return SideSummary(
        points=sum(mine),
        destroyed=mean_of(destroyed, float(sum(points[1 - side]))),
        survivors=mean_of([float(k) for k in survivors], float(len(mine))),
        survivor_counts=tuple(counts.get(k, 0) for k in range(len(mine) + 1)),
        ship_survival=tuple(rate(sum(1 for alive in flying if alive[i]), runs)
                            for i in range(len(mine))),
        kills=sum(causes.values()),
        kill_causes=dict(sorted(causes.items(), key=lambda item: (-item[1], item[0]))),
    )


def points_destroyed(result: BattleResult, points: tuple[tuple[int, ...], ...],
                     side: int) -> int:
    """The points of the other fleet's craft that `side` destroyed in one battle."""
    other = points[1 - side]
    return sum(other[f.index] for f in result.side(1 - side) if not f.survived)


def summarize_battles(results: Sequence[BattleResult], points: tuple[tuple[int, ...], ...],
                      turn_limit: int | None = None) -> BattleSummary:
    """The summary of these battles; `points` holds each side's craft's points in fleet
    order; with `turn_limit`, the battles still undecided there are counted."""
    runs = len(results)
    wins = sum(1 for r in results if r.winner == 0)
    losses = sum(1 for r in results if r.winner == 1)
    by_a = [float(points_destroyed(r, points, 0)) for r in results]
    by_b = [float(points_destroyed(r, points, 1)) for r in results]
    return BattleSummary(
        runs=runs,
        wins=rate(wins, runs),
        losses=rate(losses, runs),
        draws=rate(runs - wins - losses, runs),
        sides=(_side(0, results, points, by_a), _side(1, results, points, by_b)),
        exchange=ratio_of(by_a, by_b),
        mean_turns=statistics.fmean(r.turns for r in results) if runs else None,
        cut_off=0 if turn_limit is None else sum(
            1 for r in results if r.winner is None and r.turns >= turn_limit),
    )
