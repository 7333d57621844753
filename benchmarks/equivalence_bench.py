"""Both engines of each game, duel for duel: every pair of samples under every captain.

Fights each row (a pair of bundled samples, a captain on both sides) on the reference
engine and on the compiled one over the same seeds and counts the duels that differ in
winner, turns, damage each way, cause of kill or dice drawn. The tests run the same
check on fewer seeds per row (`tests/test_engine_equivalence.py`).

Run: .venv/bin/python benchmarks/equivalence_bench.py [--seeds 300] [RULESET...]
"""

from __future__ import annotations

import argparse
import time

from shipyard.services.equivalence import differences, matchup, rows, samples, seeds_of
from shipyard.services.registry import ruleset_names


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rulesets", nargs="*", default=None)
    parser.add_argument("--seeds", type=int, default=300, help="seeds per row")
    parser.add_argument("--master", type=int, default=1, help="master seed of the duels")
    args = parser.parse_args()
    seeds = seeds_of(args.master, args.seeds)
    grand_rows = grand_duels = grand_differ = 0
    for ruleset in args.rulesets or ruleset_names():
        evaluations = samples(ruleset)
        began = time.perf_counter()
        counted = duels = differ = 0
        print(f"{ruleset}: {args.seeds} seeds a row (master {args.master})")
        for row in rows(ruleset):
            found = differences(matchup(row, evaluations), seeds)
            counted += 1
            duels += len(seeds)
            differ += len(found)
            mark = "ok" if not found else f"{len(found)} DIFFER (first: duel {found[0].index})"
            print(f"  {row.captain:8} {row.a + ' v ' + row.b:32} {mark}", flush=True)
        took = time.perf_counter() - began
        print(f"{ruleset}: {counted} rows, {duels} duels, {differ} differ ({took:.0f} s)\n")
        grand_rows, grand_duels, grand_differ = (grand_rows + counted, grand_duels + duels,
                                                 grand_differ + differ)
    print(f"all: {grand_rows} rows, {grand_duels} duels on each engine, "
          f"{grand_differ} differ")


if __name__ == "__main__":
    main()
