"""Summaries of many duels: rates with 95% Wilson intervals, turns, damage, kill causes."""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from shipyard.core.outcome import Result

Z95 = 1.959963984540054  # two-sided 95% normal quantile


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion; (0, 1) with no trials."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    low = 0.0 if successes <= 0 else max(0.0, centre - half)
    high = 1.0 if successes >= trials else min(1.0, centre + half)
    return low, high


@dataclass(frozen=True, slots=True)
class Rate:
    count: int
    share: float
    low: float
    high: float

    @property
    def width(self) -> float:
        return self.high - self.low


def rate(count: int, trials: int) -> Rate:
    low, high = wilson(count, trials)
    return Rate(count, count / trials if trials else 0.0, low, high)


@dataclass(frozen=True, slots=True)
class Summary:
    """Many duels of A against B, from A's side."""

    runs: int
    wins: Rate
    losses: Rate
    draws: Rate
    mean_turns_to_kill: float | None
    median_turns_to_kill: float | None
    mean_damage: tuple[float, float]  # dealt by A, dealt by B
    kill_causes: dict[str, float]  # cause -> share of all kills
    kills_by_side: tuple[int, int] = (0, 0)  # duels won by a kill: by A, by B
    # cause -> share of that side's kills: what A killed B with, what B killed A with
    kill_causes_by_side: tuple[dict[str, float], dict[str, float]] = field(
        default_factory=lambda: ({}, {}))
    cut_off: int = 0  # duels still undecided at the turn limit (0 if it was not told)

    def as_data(self) -> dict[str, object]:
        def r(x: Rate) -> dict[str, object]:
            return {"count": x.count, "rate": x.share, "ci95": [x.low, x.high]}

        return {
            "runs": self.runs, "wins": r(self.wins), "losses": r(self.losses),
            "draws": r(self.draws), "mean_turns_to_kill": self.mean_turns_to_kill,
            "median_turns_to_kill": self.median_turns_to_kill,
            "mean_damage_dealt": {"a": self.mean_damage[0], "b": self.mean_damage[1]},
            "kill_causes": self.kill_causes,
            "kills_by_side": {"a": self.kills_by_side[0], "b": self.kills_by_side[1]},
            "kill_causes_by_side": {"a": self.kill_causes_by_side[0],
                                    "b": self.kill_causes_by_side[1]},
            "turn_limit_reached": {"count": self.cut_off, "rate": self.cut_off_share},
        }

    @property
    def cut_off_share(self) -> float:
        """The share of the duels still undecided at the turn limit."""
        return self.cut_off / self.runs if self.runs else 0.0


def summarize(results: Sequence[Result], turn_limit: int | None = None) -> Summary:
    """The summary of these duels; with `turn_limit`, it counts the duels cut off there."""
    runs = len(results)
    wins = sum(1 for r in results if r.winner == 0)
    losses = sum(1 for r in results if r.winner == 1)
    kills = [r for r in results if r.winner is not None]
    turns = [r.turns for r in kills]
    by_side = [[r for r in kills if r.winner == side] for side in (0, 1)]
    return Summary(
        runs=runs,
        wins=rate(wins, runs),
        losses=rate(losses, runs),
        draws=rate(runs - wins - losses, runs),
        mean_turns_to_kill=statistics.fmean(turns) if turns else None,
        median_turns_to_kill=statistics.median(turns) if turns else None,
        mean_damage=(
            statistics.fmean(r.damage[0] for r in results) if runs else 0.0,
            statistics.fmean(r.damage[1] for r in results) if runs else 0.0,
        ),
        kill_causes=_shares(kills),
        kills_by_side=(len(by_side[0]), len(by_side[1])),
        kill_causes_by_side=(_shares(by_side[0]), _shares(by_side[1])),
        cut_off=0 if turn_limit is None else sum(
            1 for r in results if r.winner is None and r.turns >= turn_limit),
    )


def _shares(kills: Sequence[Result]) -> dict[str, float]:
    """Cause -> share of these kills, the most frequent first."""
    causes = Counter(r.cause for r in kills)
    return {c: n / len(kills) for c, n in sorted(causes.items(), key=lambda x: -x[1])}


def share_words(share: float) -> str:
    """A share of kills in whole percent; never 0% for a cause that did kill, nor 100%
    for one that did not kill every time."""
    if 0 < share < 0.01:
        return "<1%"
    if 0.99 < share < 1:
        return ">99%"
    return f"{share:.0%}"


def kill_lines(names: tuple[str, str], summary: Summary) -> list[str]:
    """One line per side: how many duels it won by a kill, and by what (plain text), as
    `shipyard duel` and the designer's duel screen both print them."""
    lines = []
    for name, kills, causes in zip(names, summary.kills_by_side, summary.kill_causes_by_side,
                                   strict=True):
        words = ", ".join(f"{cause} {share_words(share)}" for cause, share in causes.items())
        count = f"{kills} kill" + ("" if kills == 1 else "s")
        lines.append(f"Kills by cause, {name} ({count}): {words or 'none'}")
    return lines
