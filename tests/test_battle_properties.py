"""Properties of whole battles on the game's own engine, over seeded batches.

A fleet against a copy of itself wins half the decided battles; which side a fleet
takes, and the order of the ships in its file, change nothing beyond chance. Each
check is a test at the 99% level on a fixed seed (so it never flickers: it fails only
when a change of the rules or pilots favours a side or a place in the fleet). The
batches are small fleets and a few hundred battles on the compiled engine: the module
waits for the run's background compile (tests/conftest.py) rather than fight some 750
battles on the reference engine meanwhile (about 20 s of CPU; the same battles).
"""

from __future__ import annotations

import math
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from shipyard.core.battle import BattleResult
from shipyard.core.stats import wilson
from shipyard.services import warming
from shipyard.services.battle import engage, run_battles
from shipyard.services.fleet import Fleet, parse_fleet
from shipyard.services.registry import get_ruleset

Z99 = 2.5758293035489004  # two-sided 99% normal quantile
RUNS = 150
SEED = 33


def fleet(name: str, *designs: str) -> Fleet:
    ships: list[dict[str, Any]] = [{"design": f"sample:{d}"} for d in designs]
    return parse_fleet({"schema": "shipyard.fleet/1", "name": name, "ruleset": "tacship",
                        "budget": 60, "ships": ships}, f"{name}.fleet.json", Path("."))


PAIR = fleet("Pair", "valkyrie", "hawk")
PAIR_SWAPPED = fleet("Pair", "hawk", "valkyrie")  # the same ships, the other order
DUO = fleet("Duo", "kestrel", "harpy")


@pytest.fixture(scope="module", autouse=True)
def compiled_engine() -> None:
    warming.warm(get_ruleset("tacship"))  # waits for a compile under way, or compiles


@cache
def batch(a: str, b: str) -> tuple[BattleResult, ...]:
    fleets = {"pair": PAIR, "swapped": PAIR_SWAPPED, "duo": DUO}
    return tuple(run_battles(engage(fleets[a], fleets[b]), RUNS, SEED))


def wins(results: tuple[BattleResult, ...], side: int) -> int:
    return sum(1 for r in results if r.winner == side)


def same_rate(k1: int, k2: int, n: int) -> bool:
    """Whether k1 of n and k2 of n are one rate within chance (two-proportion z test, 99%)."""
    pooled = (k1 + k2) / (2 * n)
    spread = math.sqrt(pooled * (1 - pooled) * 2 / n)
    return abs(k1 - k2) / n <= Z99 * spread


def test_a_fleet_against_its_copy_wins_half_the_decided_battles() -> None:
    results = batch("pair", "pair")
    a, b = wins(results, 0), wins(results, 1)
    low, high = wilson(a, a + b, Z99)
    assert a + b > RUNS // 2  # most battles are decided
    assert low <= 0.5 <= high, (a, b)


def test_swapping_sides_changes_nothing_beyond_chance() -> None:
    forward, backward = batch("pair", "duo"), batch("duo", "pair")
    # The pair's wins as side A, then as side B; and the duo's.
    assert same_rate(wins(forward, 0), wins(backward, 1), RUNS)
    assert same_rate(wins(forward, 1), wins(backward, 0), RUNS)


def test_the_order_of_ships_in_a_fleet_changes_nothing_beyond_chance() -> None:
    first, other = batch("pair", "duo"), batch("swapped", "duo")
    assert first != other  # other battles: the order is the order the engine reads
    assert same_rate(wins(first, 0), wins(other, 0), RUNS)
    assert same_rate(wins(first, 1), wins(other, 1), RUNS)


def test_the_tests_can_tell_a_difference() -> None:
    # The checks above are not blind: 60 of 150 against 90 of 150 is beyond chance.
    assert not same_rate(60, 90, RUNS)
    assert same_rate(70, 80, RUNS)


def test_the_same_battles_whatever_the_workers_and_chunks() -> None:
    # Two threads and calls of 37 battles (the reference engine on worker processes:
    # tests/test_battle_batch.py).
    engagement = engage(PAIR, DUO)
    assert run_battles(engagement, RUNS, SEED, workers=2, fast_chunk=37) == list(
        batch("pair", "duo"))
