"""Dice: every random number of a duel comes from one counter-based generator.

Draw `k` of the duel with seed `s` is a pure function of `(s, k)`: splitmix64's
mixer applied to `key(s) + (k + 1) * GAMMA`, its top 53 bits read as a number in
[0, 1). The reference engines roll `CounterDice` (plain Python); the compiled
engines roll `core.compiled_dice` (the same arithmetic in numba), so both engines
draw the same dice in the same order and fight the same duel for every seed.

The engine only asks for six-sided dice and for a pick among n equal choices,
so a scripted stand-in can force any roll in the reference engine's tests.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from typing import Protocol

MASK = (1 << 64) - 1  # the generator works on unsigned 64-bit words
GAMMA = 0x9E3779B97F4A7C15  # splitmix64's increment and mixers (structural, not rules)
MIX1 = 0xBF58476D1CE4E5B9
MIX2 = 0x94D049BB133111EB
UNIT = 1.0 / 9007199254740992.0  # 2 ** -53: 53 random bits to a number in [0, 1)


class Dice(Protocol):
    def d6(self) -> int: ...

    def pick(self, choices: int) -> int: ...

    @property
    def drawn(self) -> int:
        """How many draws the dice have made."""


def mix(z: int) -> int:
    """splitmix64's output function: a bijection of 64-bit words that spreads every bit."""
    z = ((z ^ (z >> 30)) * MIX1) & MASK
    z = ((z ^ (z >> 27)) * MIX2) & MASK
    return z ^ (z >> 31)


def stream_key(seed: int) -> int:
    """The word a duel's stream counts from: the seed's low 64 bits, mixed, so that
    neighbouring seeds (0, 1, 2...) give unrelated streams."""
    return mix((seed + GAMMA) & MASK)


def draw(seed: int, index: int) -> float:
    """Draw `index` (from 0) of the stream of `seed`, in [0, 1): no state needed."""
    return (mix((stream_key(seed) + (index + 1) * GAMMA) & MASK) >> 11) * UNIT


class CounterDice:
    """The dice of one duel: draw `k` is `draw(seed, k)`; `drawn` counts the draws."""

    __slots__ = ("_word", "drawn", "seed")

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._word = stream_key(seed)
        self.drawn = 0

    def uniform(self) -> float:
        """The next number in [0, 1)."""
        self.drawn += 1
        z = self._word = (self._word + GAMMA) & MASK
        z = ((z ^ (z >> 30)) * MIX1) & MASK
        z = ((z ^ (z >> 27)) * MIX2) & MASK
        return ((z ^ (z >> 31)) >> 11) * UNIT

    def d6(self) -> int:
        return int(self.uniform() * 6) + 1

    def pick(self, choices: int) -> int:
        """An index in range(choices), each equally likely."""
        return int(self.uniform() * choices)


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
    def drawn(self) -> int:
        return self.used

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
