"""Duels per second: the readable reference engine beside the fast engine, in one run.

Run: .venv/bin/python benchmarks/duel_bench.py

For two Pentagon War pairs and a Tacship pair, on one worker and on every
core: the reference engine's and the fast engine's duels per second and their
ratio (target: the fast engine at 20,000 duels per second on two workers for
sunspear vs mercurand, and 10x the reference). The fast engine is compiled
first if it must be (`shipyard warm`); that time is printed apart and not counted.
"""

from __future__ import annotations

import os
import time

from shipyard.core.protocol import duels_of
from shipyard.core.stats import summarize
from shipyard.services import warming
from shipyard.services.batch import Matchup, run_batch
from shipyard.services.registry import evaluate, read_design
from shipyard.services.samples import resolve

# (first, second, reference duels, fast duels)
PAIRS = (("sunspear", "mercurand", 2_000, 200_000), ("sunspear", "hammer", 2_000, 200_000),
         ("valkyrie", "harpy", 400, 40_000))


def rate(matchup: Matchup, runs: int, workers: int) -> tuple[float, str]:
    start = time.perf_counter()
    results = run_batch(matchup, runs, 1, workers)
    seconds = time.perf_counter() - start
    summary = summarize(results)
    return runs / seconds, (f"mean {summary.mean_turns_to_kill or 0:.1f} turns to a kill, "
                            f"{summary.draws.share:.0%} draws")


def main() -> None:
    cores = os.cpu_count() or 1
    for a, b, slow_runs, fast_runs in PAIRS:
        first = evaluate(read_design(resolve(f"sample:{a}")))
        second = evaluate(read_design(resolve(f"sample:{b}")))
        engines = duels_of(first.ruleset).engines
        fast = Matchup(first, second, engine=engines[0])
        reference = Matchup(first, second, engine="reference")
        if engines[0] != "reference":
            warmed = warming.warm(first.ruleset)  # compiles here if it must, never in a count
            start = time.perf_counter()
            run_batch(fast, 10, 1)
            print(f"{a} vs {b}: fast engine compiled in {warmed.seconds:.0f} s, loaded in "
                  f"{time.perf_counter() - start:.2f} s")
        for workers in sorted({1, cores}):
            slow, slow_words = rate(reference, slow_runs, workers)
            print(f"{a} vs {b}, {workers} worker(s): reference {slow:,.0f} duels/s "
                  f"({slow_runs} duels; {slow_words})")
            if engines[0] == "reference":
                print("    no fast engine for this ruleset")
                continue
            quick, quick_words = rate(fast, fast_runs, workers)
            print(f"{a} vs {b}, {workers} worker(s): fast {quick:,.0f} duels/s "
                  f"({fast_runs} duels; {quick_words}) = {quick / slow:.1f}x the reference")


if __name__ == "__main__":
    main()
