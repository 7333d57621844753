"""Pentagon War battles on the hex map per second, both engines in one run.

Run: .venv/bin/python benchmarks/map_battle_bench.py [--rounds N] [--fast-runs N]
     [--reference-runs N] [--duel-runs N]

The matchups: the bundled Superhulk (one size class IV craft, 2000 points) against the
Gunships (eight size class I craft, 2000 points), and against five samples (Hammer,
Hammer, Mercurand, Sunspear, Lancer: 1974 points) in both orders, one against many; and
a map battle of one size class II sample against another (Sunspear against Mercurand,
each a fleet of one). Each fights on the compiled engine on one worker and on two
threads, and on the reference engine in one process and in two worker processes (as
the batch service spreads it). The track duel of the same two samples on the compiled engine on two
threads is printed beside them (the figure the duels kept). Each figure is the median
of `--rounds` rounds; the compiled engines are compiled (or loaded) before the clock
starts. The machine's load average is printed with the figures: on a shared machine
they move with it.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor

from shipyard.core.battle import BattleLineup
from shipyard.core.dice import duel_seed
from shipyard.core.neutral import Evaluation
from shipyard.core.protocol import battles_of, duels_of
from shipyard.services.batch import Matchup, run_batch
from shipyard.services.fleet import judge, read_fleet
from shipyard.services.registry import evaluate, get_ruleset, read_design
from shipyard.services.samples import resolve, resolve_fleet

RULESET = get_ruleset("pentagon-war")
FIVE = "sample:hammer+hammer+mercurand+sunspear+lancer"  # 378+378+492+511+215 = 1974 points
MATCHUPS = {"superhulk v gunships": ("sample-fleet:superhulk", "sample-fleet:gunships"),
            "superhulk v five samples": ("sample-fleet:superhulk", FIVE),
            "five samples v superhulk": (FIVE, "sample-fleet:superhulk"),
            "sunspear v mercurand (map)": ("sample:sunspear", "sample:mercurand")}


def side(name: str) -> tuple[tuple[Evaluation, str], ...]:
    """A bundled fleet, or sample designs joined by + as a fleet (one each)."""
    if name.startswith("sample:"):
        ships = name.removeprefix("sample:").split("+")
        return tuple((evaluate(read_design(resolve(f"sample:{ship}"))), f"{ship} {k + 1}")
                     for k, ship in enumerate(ships))
    return tuple((ship.evaluation, ship.name)
                 for ship in judge(read_fleet(resolve_fleet(name))).ships)


def lineup(label: str, engine: str) -> BattleLineup:
    a, b = MATCHUPS[label]
    scenario = duels_of(RULESET).duel_defaults(RULESET.catalog())
    return battles_of(RULESET).lineup(side(a), side(b), ("default", "default"), scenario,
                                      engine)


def _reference_part(job: tuple[str, Sequence[int]]) -> int:
    label, seeds = job
    return len(lineup(label, "reference").fight_many(seeds))


def batch(fleets: BattleLineup, seeds: Sequence[int], workers: int) -> Callable[[], int]:
    return lambda: len(fleets.fight_many(seeds, workers))


def per_second(fight: Callable[[], int], rounds: int) -> float:
    found = []
    for _ in range(rounds):
        began = time.perf_counter()
        count = fight()
        found.append(count / (time.perf_counter() - began))
    return statistics.median(found)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--fast-runs", type=int, default=4_000)
    parser.add_argument("--reference-runs", type=int, default=20)
    parser.add_argument("--duel-runs", type=int, default=40_000)
    args = parser.parse_args()
    figures: dict[str, float] = {}
    for label in MATCHUPS:
        many = 5 if "map" in label else 1  # the duel-sized battle is the quicker
        fast = lineup(label, "fast")
        fast.fight_many([duel_seed(1, k) for k in range(10)])  # compiled before the clock
        seeds = [duel_seed(1, k) for k in range(args.fast_runs * many)]
        for workers in (1, 2):
            figures[f"{label}, fast, {workers} worker{'s' if workers > 1 else ''}"] = (
                per_second(batch(fast, seeds, workers), args.rounds))
        slow = [duel_seed(1, k) for k in range(args.reference_runs * many)]
        figures[f"{label}, reference, 1 process"] = per_second(
            batch(lineup(label, "reference"), slow, 1), args.rounds)
        with ProcessPoolExecutor(2) as pool:
            halves = [(label, slow[: len(slow) // 2]), (label, slow[len(slow) // 2:])]
            list(pool.map(_reference_part, [(label, slow[:1])] * 2))  # the processes started
            figures[f"{label}, reference, 2 processes"] = per_second(
                lambda: sum(pool.map(_reference_part, halves)), args.rounds)  # noqa: B023
    first = evaluate(read_design(resolve("sample:sunspear")))
    second = evaluate(read_design(resolve("sample:mercurand")))
    duel = Matchup(first, second, engine="fast")
    run_batch(duel, 10, 1)
    figures["sunspear v mercurand track duels, fast, 2 workers"] = per_second(
        lambda: len(run_batch(duel, args.duel_runs, 1, 2)), args.rounds)
    load = os.getloadavg()[0]
    print(f"per second, median of {args.rounds} rounds; load average {load:.1f} on "
          f"{os.cpu_count()} cores")
    for label, value in figures.items():
        print(f"  {label:<52} {value:>10,.0f}")


if __name__ == "__main__":
    main()
