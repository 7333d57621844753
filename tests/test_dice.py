"""The duel generator: splitmix64 counted from the seed, the same in Python and numba.

Known answers from the published splitmix64 (Vigna's `splitmix64.c`, state 0 gives
e220a8397b1dcdaf, 6e789e6aa1b965f4, 06c45d188009454f, f88bb8a8724c81ec) and, for
seed 42, from that C code run by hand: the stream's key is splitmix64's first
output from state 42, bdd732262feb6e95, and its first draws are 0.34329192209867343,
0.95574672613174361, 0.48634953628166855, 0.067357893203335961 (d6: 3, 6, 3, 1).
"""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from shipyard.core import compiled_dice
from shipyard.core.dice import GAMMA, MASK, CounterDice, draw, duel_seed, mix, stream_key


def test_splitmix64_known_answers() -> None:
    outputs = [mix((k * GAMMA) & MASK) for k in range(1, 5)]
    assert outputs == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F,
                       0xF88BB8A8724C81EC]
    assert stream_key(0) == 0xE220A8397B1DCDAF


def test_the_stream_of_seed_42_worked_by_hand() -> None:
    assert stream_key(42) == 0xBDD732262FEB6E95
    dice = CounterDice(42)
    assert [dice.uniform() for _ in range(4)] == [0.34329192209867343, 0.95574672613174361,
                                                   0.48634953628166855, 0.067357893203335961]
    dice = CounterDice(42)
    assert [dice.d6() for _ in range(6)] == [3, 6, 3, 1, 5, 1]
    assert dice.drawn == 6


def test_draw_k_needs_no_state() -> None:
    dice = CounterDice(duel_seed(5, 9))
    values = [dice.uniform() for _ in range(50)]
    assert values == [draw(duel_seed(5, 9), k) for k in range(50)]


def test_dice_are_fair() -> None:
    dice = CounterDice(7)
    rolls = [dice.d6() for _ in range(6000)]
    counts = [rolls.count(face) for face in range(1, 7)]
    assert all(900 < c < 1100 for c in counts)  # each face 1000 +- about 3.4 sd
    picks = [dice.pick(5) for _ in range(5000)]
    assert set(picks) == {0, 1, 2, 3, 4}


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**70), sides=st.integers(1, 20))
def test_compiled_dice_draw_what_python_draws(seed: int, sides: int) -> None:
    rng = compiled_dice.new_rng()
    compiled_dice.start(rng, compiled_dice.key_of(seed))
    python = CounterDice(seed & MASK)
    for _ in range(5):
        assert compiled_dice.d6(rng) == python.d6()
        assert compiled_dice.pick(rng, sides) == python.pick(sides)
        assert compiled_dice.die(rng, sides) == python.pick(sides) + 1
    assert compiled_dice.roll(rng, 3) == sum(python.d6() for _ in range(3))
    assert int(rng[1]) == python.drawn == 18
    assert rng.dtype == np.uint64
