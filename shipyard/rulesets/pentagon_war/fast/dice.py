"""The compiled engine's dice: one splitmix64 stream per duel, seeded by the duel's seed.

The readable engine rolls `random.Random(seed)`; the compiled one has its own stream, so
a seed gives a different duel in each engine but the same duel every time in this one.
`d6` and `pick` mean what `core.dice.SeededDice` means by them.
"""

from __future__ import annotations

import numpy as np

from shipyard.rulesets.pentagon_war.fast.kernel import kernel

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)  # splitmix64's increment and mixers (structural)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_S30, _S27, _S31, _S11 = np.uint64(30), np.uint64(27), np.uint64(31), np.uint64(11)
_UNIT = 1.0 / 9007199254740992.0  # 2**-53: 53 random bits to a float in [0, 1)


@kernel
def seed(rng: np.ndarray, value: np.uint64) -> None:
    """Start the stream of one duel."""
    rng[0] = value
    uniform(rng)  # one step so that neighbouring seeds part at once


@kernel
def uniform(rng: np.ndarray) -> float:
    """The next number in [0, 1)."""
    z = rng[0] + _GOLDEN
    rng[0] = z
    z = (z ^ (z >> _S30)) * _MIX1
    z = (z ^ (z >> _S27)) * _MIX2
    z = z ^ (z >> _S31)
    return float(z >> _S11) * _UNIT


@kernel
def d6(rng: np.ndarray) -> int:
    return int(uniform(rng) * 6.0) + 1


@kernel
def pick(rng: np.ndarray, choices: int) -> int:
    """An index in range(choices), each equally likely."""
    return int(uniform(rng) * choices)


@kernel
def roll(rng: np.ndarray, count: int) -> int:
    """The sum of `count` six-sided dice."""
    total = 0
    for _ in range(count):
        total += d6(rng)
    return total
