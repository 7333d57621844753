"""How duels are set up and how they end, in terms every game shares.

A ruleset's duel engine takes a `DuelScenario` and returns a `Result` per
duel; batches, statistics and faces read only these.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
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


@dataclass(frozen=True, slots=True)
class Result:
    """How one duel ended."""

    winner: int | None  # 0 = first craft, 1 = second, None = a draw
    turns: int
    damage: tuple[int, int]  # points each side delivered to the other
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
