"""Dice: every random number of a duel comes from one seeded generator.

The engine only asks for six-sided dice and for a pick among n equal choices,
so a scripted stand-in can force any roll in tests.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable
from typing import Protocol


class Dice(Protocol):
    def d6(self) -> int: ...

    def pick(self, choices: int) -> int: ...


class SeededDice:
    """Six-sided dice from one `random.Random(seed)`: same seed, same rolls."""

    __slots__ = ("_random", "seed")

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._random = random.Random(seed).random

    def d6(self) -> int:
        return int(self._random() * 6) + 1

    def pick(self, choices: int) -> int:
        """An index in range(choices), each equally likely."""
        return int(self._random() * choices)


class ScriptedDice:
    """Dice that return given values in order (tests force rolls with it).

    `pick` takes its value from the same script, as an index.
    """

    def __init__(self, rolls: Iterable[int]) -> None:
        self._rolls = list(rolls)
        self.used = 0

    def _next(self) -> int:
        if self.used >= len(self._rolls):
            raise IndexError(f"scripted dice ran out after {self.used} rolls")
        value = self._rolls[self.used]
        self.used += 1
        return value

    def d6(self) -> int:
        return self._next()

    def pick(self, choices: int) -> int:
        return self._next() % choices

    @property
    def left(self) -> int:
        return len(self._rolls) - self.used


def roll(dice: Dice, count: int) -> int:
    """The sum of `count` six-sided dice, rolled one after the other."""
    total = 0
    for _ in range(count):
        total += dice.d6()
    return total


def duel_seed(master: int, index: int) -> int:
    """The seed of duel `index` of a batch: fixed by the master seed alone."""
    digest = hashlib.sha256(f"shipyard-duel:{master}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")
