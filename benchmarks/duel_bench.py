"""Duels per second for two Pentagon War pairs and a Tacship pair, on one and on every core.

Run: .venv/bin/python benchmarks/duel_bench.py   (target: 2,000 duels per second)
"""

from __future__ import annotations

import os
import time

from shipyard.core.stats import summarize
from shipyard.services.batch import Matchup, run_batch
from shipyard.services.registry import evaluate, read_design
from shipyard.services.samples import resolve

# (first, second, duels): Tacship duels are fought on a hex map and cost far more each.
PAIRS = (("sunspear", "mercurand", 2000), ("sunspear", "hammer", 2000),
         ("valkyrie", "harpy", 400))


def main() -> None:
    cores = os.cpu_count() or 1
    for a, b, runs in PAIRS:
        matchup = Matchup(evaluate(read_design(resolve(f"sample:{a}"))),
                          evaluate(read_design(resolve(f"sample:{b}"))))
        sizes = (matchup.a.ruleset.class_of(matchup.a.sheet).label,
                 matchup.b.ruleset.class_of(matchup.b.sheet).label)
        for workers in sorted({1, cores}):
            start = time.perf_counter()
            results = run_batch(matchup, runs, 1, workers)
            seconds = time.perf_counter() - start
            summary = summarize(results)
            print(f"{a} vs {b} ({sizes[0]}, {sizes[1]}): {runs} duels on "
                  f"{workers} worker(s) in {seconds:.2f} s = {runs / seconds:,.0f} duels/s "
                  f"(mean {summary.mean_turns_to_kill or 0:.1f} turns to a kill, "
                  f"{summary.draws.share:.0%} draws)")


if __name__ == "__main__":
    main()
