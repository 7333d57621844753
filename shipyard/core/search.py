"""The moves of a design search that every game shares (`shipyard optimize`).

A game describes its design data to the search as a `Market`: what a design
costs, how to buy or sell one unit of something at random, how to put the data
back in order after a change, how to copy it, and its own small steps with
their weights. The market then trims a design to a budget, spends what the
budget leaves, and wanders a few random steps from a design. Every design
these produce is still priced and checked by its ruleset before it is used.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from random import Random
from typing import Any

Data = dict[str, Any]  # a design file's data, changed in place
Move = Callable[[Data, Random], bool]  # False: nothing could be changed
TRIES = 12  # failed purchases in a row before a design counts as fully spent


@dataclass(frozen=True)
class Market:
    total: Callable[[Data], int]  # the design's points
    buy: Move
    sell: Move
    tidy: Callable[[Data, Random], None]  # back in order after a change
    copy: Callable[[Data], Data]
    steps: tuple[tuple[Move, int], ...]  # the game's steps and how often each is taken

    def fit(self, data: Data, budget: int, rng: Random) -> None:
        """Sell units at random until the design costs `budget` or less."""
        self.tidy(data, rng)
        while self.total(data) > budget and self.sell(data, rng):
            self.tidy(data, rng)

    def spend(self, data: Data, budget: int, rng: Random) -> None:
        """Buy units at random while they fit in the budget."""
        misses = 0
        while misses < TRIES:
            trial = self.copy(data)
            self.buy(trial, rng)
            self.tidy(trial, rng)
            if self.total(trial) <= budget:
                data.clear()
                data.update(trial)
                misses = 0
            else:
                misses += 1

    def wander(self, data: Data, budget: int, rng: Random) -> None:
        """One to three steps, trimmed back to the budget, the points left often spent."""
        steps, weights = zip(*self.steps, strict=True)
        for _ in range(rng.randint(1, 3)):
            rng.choices(steps, weights)[0](data, rng)
            self.tidy(data, rng)
        self.fit(data, budget, rng)
        if rng.random() < 0.5:
            self.spend(data, budget, rng)
