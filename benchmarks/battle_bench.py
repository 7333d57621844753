"""Tacship battles per second, both engines in one run (and the duel they grew from).

Run: .venv/bin/python benchmarks/battle_bench.py [--fleets A B] [--rounds N]
     [--fast-runs N] [--reference-runs N] [--every-pair]

Two bundled 120-point fleets of four fighters each (default Blue Flight against Grey
Flight) fight on the compiled engine on one worker and on two threads, and on the
reference engine in one process and in two worker processes (as the batch service
spreads it); valkyrie v harpy duels on the compiled engine on two threads, the figure
the duels kept. Each figure is the median of `--rounds` rounds; the compiled engine
is compiled (or loaded) before the clock starts. The machine's load average is
printed with the figures: on a shared machine they move with it. With `--every-pair`,
the compiled engine's figure on two threads for every pair of bundled fleets of four
fighters at 120 points, too: battles cost what their pilots weigh, and fleets that
carry missiles weigh every launch against the target's best reply.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from shipyard.core.battle import BattleLineup
from shipyard.core.dice import duel_seed
from shipyard.core.protocol import battles_of, duels_of
from shipyard.services.batch import Matchup, run_batch
from shipyard.services.fleet import judge, read_fleet
from shipyard.services.registry import evaluate, get_ruleset, read_design
from shipyard.services.samples import resolve

ROOT = Path(__file__).resolve().parent.parent
FLEETS = ROOT / "catalog" / "tacship" / "fleets"
RULESET = get_ruleset("tacship")


def lineup(a: str, b: str, engine: str) -> BattleLineup:
    sides = [tuple((ship.evaluation, ship.name)
                   for ship in judge(read_fleet(FLEETS / f"{name}.fleet.json")).ships)
             for name in (a, b)]
    scenario = duels_of(RULESET).duel_defaults(RULESET.catalog())
    return battles_of(RULESET).lineup(sides[0], sides[1], ("default", "default"), scenario,
                                      engine)


def _reference_part(job: tuple[str, str, Sequence[int]]) -> int:
    a, b, seeds = job
    return len(lineup(a, b, "reference").fight_many(seeds))


def _four_at_120(path: Path) -> bool:
    report = judge(read_fleet(path))
    return len(report.ships) == 4 and report.budget == 120


def _pair_fights(a: str, b: str, seeds: Sequence[int]) -> Callable[[], int]:
    pair = lineup(a, b, "fast")
    pair.fight_many(seeds[:10])  # compiled before the clock
    return lambda: len(pair.fight_many(seeds, 2))


def per_second(fight: Callable[[], int], rounds: int) -> float:
    found = []
    for _ in range(rounds):
        began = time.perf_counter()
        count = fight()
        found.append(count / (time.perf_counter() - began))
    return statistics.median(found)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fleets", nargs=2, default=("blue-flight", "grey-flight"),
                        metavar=("A", "B"))
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--fast-runs", type=int, default=20_000)
    parser.add_argument("--reference-runs", type=int, default=100)
    parser.add_argument("--every-pair", action="store_true")
    args = parser.parse_args()
    a, b = args.fleets
    fast = lineup(a, b, "fast")
    fast.fight_many([duel_seed(1, k) for k in range(10)])  # compiled before the clock
    seeds = [duel_seed(1, k) for k in range(args.fast_runs)]
    slow = [duel_seed(1, k) for k in range(args.reference_runs)]
    figures = {
        f"{a} v {b}, fast, 1 worker": per_second(
            lambda: len(fast.fight_many(seeds, 1)), args.rounds),
        f"{a} v {b}, fast, 2 workers": per_second(
            lambda: len(fast.fight_many(seeds, 2)), args.rounds),
    }
    reference = lineup(a, b, "reference")
    figures[f"{a} v {b}, reference, 1 process"] = per_second(
        lambda: len(reference.fight_many(slow)), args.rounds)
    with ProcessPoolExecutor(2) as pool:
        halves = [(a, b, slow[: len(slow) // 2]), (a, b, slow[len(slow) // 2:])]
        list(pool.map(_reference_part, [(a, b, slow[:2])] * 2))  # the processes started
        figures[f"{a} v {b}, reference, 2 processes"] = per_second(
            lambda: sum(pool.map(_reference_part, halves)), args.rounds)
    first = evaluate(read_design(resolve("sample:valkyrie")))
    second = evaluate(read_design(resolve("sample:harpy")))
    duel = Matchup(first, second, engine="fast")
    run_batch(duel, 10, 1)
    figures["valkyrie v harpy duels, fast, 2 workers"] = per_second(
        lambda: len(run_batch(duel, 40_000, 1, 2)), args.rounds)
    if args.every_pair:
        fours = sorted(path.name.removesuffix(".fleet.json") for path in FLEETS.glob("*.json")
                       if _four_at_120(path))
        for k, one in enumerate(fours):
            for other in fours[k + 1:]:
                figures[f"{one} v {other}, fast, 2 workers"] = per_second(
                    _pair_fights(one, other, seeds[:10_000]), args.rounds)
    load = os.getloadavg()[0]
    print(f"per second, median of {args.rounds} rounds; load average {load:.1f} on "
          f"{os.cpu_count()} cores")
    for label, value in figures.items():
        print(f"  {label:<48} {value:>10,.0f}")


if __name__ == "__main__":
    main()
