"""The duel's dice for the compiled engines: `core.dice.CounterDice` in numba.

A duel's generator is two unsigned 64-bit words, `[word, drawn]`: `start` sets them
from the duel's seed, and each draw steps the word by splitmix64's increment and
mixes it, exactly as `CounterDice.uniform` does, so a compiled engine draws the
reference engine's dice in the same order. `drawn` counts the draws, which the
engines report so that a test can hold the two engines to the same dice.
"""

from __future__ import annotations

import numpy as np

from shipyard.core.compiled import kernel
from shipyard.core.dice import GAMMA, MASK, MIX1, MIX2, UNIT, stream_key

_GAMMA = np.uint64(GAMMA)
_MIX1 = np.uint64(MIX1)
_MIX2 = np.uint64(MIX2)
_ONE = np.uint64(1)
_S30, _S27, _S31, _S11 = np.uint64(30), np.uint64(27), np.uint64(31), np.uint64(11)


def new_rng() -> np.ndarray:
    """The two words of one duel's generator (filled by `start`)."""
    return np.zeros(2, dtype=np.uint64)


def key_of(seed: int) -> np.uint64:
    """`core.dice.stream_key` of a seed, as the word `start` takes."""
    return np.uint64(stream_key(seed & MASK))


@kernel
def start(rng: np.ndarray, key: np.uint64) -> None:
    """Start one duel's stream from its key (`key_of(seed)`)."""
    rng[0] = key
    rng[1] = 0


@kernel
def uniform(rng: np.ndarray) -> float:
    """The next number in [0, 1)."""
    z = rng[0] + _GAMMA
    rng[0] = z
    rng[1] += _ONE
    z = (z ^ (z >> _S30)) * _MIX1
    z = (z ^ (z >> _S27)) * _MIX2
    z = z ^ (z >> _S31)
    return float(z >> _S11) * UNIT


@kernel
def d6(rng: np.ndarray) -> int:
    return int(uniform(rng) * 6.0) + 1


@kernel
def pick(rng: np.ndarray, choices: int) -> int:
    """An index in range(choices), each equally likely."""
    return int(uniform(rng) * choices)


@kernel
def die(rng: np.ndarray, sides: int) -> int:
    """One roll of a die with `sides` faces, 1 to `sides` (`pick(sides) + 1`)."""
    return int(uniform(rng) * sides) + 1


@kernel
def roll(rng: np.ndarray, count: int) -> int:
    """The sum of `count` six-sided dice."""
    total = 0
    for _ in range(count):
        total += d6(rng)
    return total
