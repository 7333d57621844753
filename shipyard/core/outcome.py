"""How duels are set up and how they end, in terms every game shares.

A ruleset's duel engine takes a `DuelScenario` and returns a `Result` per
duel; batches, statistics and faces read only these.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any


@dataclass(frozen=True, slots=True)
class DuelScenario:
    """Start range (hexes), closing speed and turn limit (rules 3).

    The closing speed is how many hexes a turn the range between the two craft
    shrinks at the start, both craft together: a game that gives each craft a
    start speed of its own splits it between them.
    """

    start_range: int = 30
    closing_speed: int = 0
    turn_limit: int = 20
    # Each craft's own start speed, hexes a turn toward the other (negative: away), or
    # None to split `closing_speed` evenly between the craft that can move.
    speeds: tuple[int, int] | None = None
    name: str = ""  # the preset it was made from ("" for one set by hand)

    def start_speeds(self, moves: tuple[bool, bool]) -> tuple[float, float]:
        """Each craft's start speed toward the other; a craft that cannot move (a base)
        starts at rest."""
        if self.speeds is not None:
            return (float(self.speeds[0]) if moves[0] else 0.0,
                    float(self.speeds[1]) if moves[1] else 0.0)
        movers = sum(moves) or 1
        return (self.closing_speed / movers if moves[0] else 0.0,
                self.closing_speed / movers if moves[1] else 0.0)

    def with_speeds(self, speeds: tuple[int, int]) -> DuelScenario:
        """This scenario with each craft's own start speed (the closing speed their sum)."""
        return replace(self, speeds=speeds, closing_speed=speeds[0] + speeds[1])

    def as_data(self) -> dict[str, object]:
        """The scenario as `--json` prints it (the first three keys are the oldest)."""
        return {"start_range": self.start_range, "closing_speed": self.closing_speed,
                "turn_limit": self.turn_limit, "name": self.name or "custom",
                "speeds": list(self.speeds) if self.speeds is not None else None}

    def words(self, labels: tuple[str, str] = ("A", "B")) -> str:
        """One line a player reads: the preset, the range, each side's speed, the limit."""
        if self.speeds is None:
            speeds = ("both at rest" if self.closing_speed == 0
                      else f"closing at {self.closing_speed} hexes a turn")
        elif self.speeds == (0, 0):
            speeds = "both at rest"
        else:
            speeds = ", ".join(f"{label} {_speed_words(v)}"
                               for label, v in zip(labels, self.speeds, strict=True))
        return (f"scenario {self.name or 'custom'}: start range {self.start_range}, "
                f"{speeds}, turn limit {self.turn_limit}")


def _speed_words(speed: int) -> str:
    if speed == 0:
        return "at rest"
    return f"{abs(speed)} toward" if speed > 0 else f"{abs(speed)} away"


@dataclass(frozen=True, slots=True)
class Result:
    """How one duel ended."""

    winner: int | None  # 0 = first craft, 1 = second, None = a draw
    turns: int
    damage: tuple[int, int]  # points each side dealt the other past the screens
    cause: str  # what destroyed the loser; "" for a draw
    log: tuple[str, ...] = ()
    draws: int = 0  # dice drawn: both engines of a game draw as many for the same seed


def results_from(rows: Any, causes: Sequence[str]) -> list[Result]:
    """Results from a compiled engine's table, one row per duel in order.

    `rows` is an integer array of shape (duels, 6): the winner (-1 for a draw), the
    turns, the damage each side dealt, an index into `causes` (`""` for a draw) and the
    dice drawn. Read column by column, which is several times quicker than row by row.
    """
    winners, turns, dealt_a, dealt_b, cause, draws = rows.T.tolist()
    return list(map(Result, [None if w < 0 else w for w in winners], turns,
                    zip(dealt_a, dealt_b, strict=True), [causes[c] for c in cause],
                    [()] * len(draws), draws))
