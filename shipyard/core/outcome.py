"""How duels are set up and how they end, in terms every game shares.

A ruleset's duel engine takes a `DuelScenario` and returns a `Result` per
duel; batches, statistics and faces read only these.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class DuelScenario:
    """Start range (hexes), closing speed (hexes per turn) and turn limit (rules 3)."""

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
