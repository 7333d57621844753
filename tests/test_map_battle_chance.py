"""Pentagon War battles on the map change nothing beyond chance when nothing should change:
a fleet against a copy of itself wins half the decided battles, and swapping the sides or
the order of a fleet's ships leaves its win rate within the intervals (issue 34, "Proof").

Seeded batches: every number here is the same on every run; the tests ask whether it is
what chance allows, with 95% Wilson intervals.
"""

from __future__ import annotations

from dataclasses import replace

from shipyard.core.stats import rate
from shipyard.services.battle import engage, run_battles

RUNS = 300
MIRROR_RUNS = 1000  # a fleet against itself: the narrower interval of 1000 battles (300
# left the home guard's first 300 battles of seed 34 at 41%, 2.5 deviations from half)


def wins(a: object, b: object, seed: int = 34, runs: int = RUNS) -> tuple[int, int, int]:
    """Battles the first fleet wins, the second wins, and draws."""
    fought = engage(a, b, draft=True)  # type: ignore[arg-type]
    results = run_battles(fought, runs, seed, workers=2)
    first = sum(1 for r in results if r.winner == 0)
    second = sum(1 for r in results if r.winner == 1)
    return first, second, len(results) - first - second


def test_a_fleet_against_a_copy_of_itself_wins_half_the_decided_battles() -> None:
    for name in ("picket-line", "home-guard"):
        first, second, _ = wins(f"sample-fleet:{name}", f"sample-fleet:{name}",
                                runs=MIRROR_RUNS)
        share = rate(first, first + second)
        # Enough battles are decided to judge the share: over a third. (Keeping
        # formation, R34, the home guard's craft spread out, and fewer of its battles
        # against itself end within the turn limit.)
        assert first + second > MIRROR_RUNS // 3, name
        assert share.low <= 0.5 <= share.high, (name, first, second)


def test_swapping_the_sides_changes_nothing_beyond_chance() -> None:
    a, b = "sample-fleet:home-guard", "sample-fleet:picket-line"
    ahead, _, _ = wins(a, b)
    _, behind, _ = wins(b, a)
    one, other = rate(ahead, RUNS), rate(behind, RUNS)
    assert one.low <= other.share <= one.high and other.low <= one.share <= other.high


def test_the_order_of_a_fleets_ships_changes_nothing_beyond_chance() -> None:
    from shipyard.services.fleet import read_fleet
    from shipyard.services.samples import resolve_fleet

    guard = read_fleet(resolve_fleet("sample-fleet:home-guard"))
    reordered = replace(guard, entries=tuple(reversed(guard.entries)))
    line = "sample-fleet:picket-line"
    kept, _, _ = wins(guard, line)
    turned, _, _ = wins(reordered, line)
    one, other = rate(kept, RUNS), rate(turned, RUNS)
    assert one.low <= other.share <= one.high and other.low <= one.share <= other.high
