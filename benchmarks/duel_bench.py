"""Duels per second for two size class II samples, on one worker and on every core.

Run: python benchmarks/duel_bench.py   (target: 2,000 duels per second)
"""

from __future__ import annotations

import os
import time

from shipyard.core.stats import summarize
from shipyard.rulesets.pentagon_war.design import read_design
from shipyard.services.batch import Matchup, run_batch
from shipyard.services.registry import evaluate
from shipyard.services.samples import resolve

RUNS = 2000
PAIRS = (("sunspear", "mercurand"), ("sunspear", "hammer"))


def main() -> None:
    cores = os.cpu_count() or 1
    for a, b in PAIRS:
        matchup = Matchup(evaluate(read_design(resolve(f"sample:{a}"))),
                          evaluate(read_design(resolve(f"sample:{b}"))))
        sizes = (matchup.a.sheet.size_class, matchup.b.sheet.size_class)
        for workers in sorted({1, cores}):
            start = time.perf_counter()
            results = run_batch(matchup, RUNS, 1, workers)
            seconds = time.perf_counter() - start
            summary = summarize(results)
            print(f"{a} vs {b} (size classes {sizes[0]}, {sizes[1]}): {RUNS} duels on "
                  f"{workers} worker(s) in {seconds:.2f} s = {RUNS / seconds:,.0f} duels/s "
                  f"(mean {summary.mean_turns_to_kill or 0:.1f} turns to a kill, "
                  f"{summary.draws.share:.0%} draws)")


if __name__ == "__main__":
    main()
