"""The duel's one seeded generator, compiled: xoshiro256** seeded by splitmix64.

Every random number of a compiled duel comes from one four-word state made
from the duel's 64-bit seed alone, so a duel replays the same whatever
thread runs it. The stream is not the reference engine's (`random.Random`);
only its distribution has to match. A longer state array holds a scripted
stream of draws instead, so a test can replay the reference's own dice.
"""

from __future__ import annotations

import numpy as np
from numba import njit

_GAMMA = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_UNIT = 1.0 / 9007199254740992.0  # 2 ** -53


@njit(cache=True, nogil=True)
def _rotl(x: np.uint64, k: int) -> np.uint64:
    return (x << np.uint64(k)) | (x >> np.uint64(64 - k))


@njit(cache=True, nogil=True)
def seed_state(seed: np.uint64, state: np.ndarray) -> None:
    """Fill the four words of `state` from `seed` (splitmix64, as xoshiro's authors advise)."""
    z = seed
    for k in range(4):
        z = z + _GAMMA
        x = z
        x = (x ^ (x >> np.uint64(30))) * _MIX1
        x = (x ^ (x >> np.uint64(27))) * _MIX2
        state[k] = x ^ (x >> np.uint64(31))


@njit(cache=True, nogil=True)
def next_word(state: np.ndarray) -> np.uint64:
    """The next 64 random bits (xoshiro256**)."""
    result = _rotl(state[1] * np.uint64(5), 7) * np.uint64(9)
    t = state[1] << np.uint64(17)
    state[2] ^= state[0]
    state[3] ^= state[1]
    state[1] ^= state[2]
    state[0] ^= state[3]
    state[2] ^= t
    state[3] = _rotl(state[3], 45)
    return result


@njit(cache=True, nogil=True)
def die(state: np.ndarray, sides: int) -> int:
    """One roll of a die with `sides` faces, 1 to `sides` (fire.py `die`)."""
    if state.shape[0] > 4:
        # A scripted stream (the replay tests): word 4 counts the 53-bit draws used
        # from word 5 on, as `random.Random.random` would have made them.
        used = int(state[4])
        if 5 + used >= state.shape[0]:
            raise IndexError("the scripted stream of draws ran out")
        state[4] = np.uint64(used + 1)
        word = state[5 + used]
    else:
        word = next_word(state) >> np.uint64(11)
    return int(float(word) * _UNIT * sides) + 1
