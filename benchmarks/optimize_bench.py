"""Wall time and duels spent to optimize a 600-point Pentagon War design against the field.

Run: .venv/bin/python benchmarks/optimize_bench.py [BUDGET] [RULESET]

The same search `shipyard optimize --budget 600` runs (its default generations,
runs and seed, every core), with the field measured afresh at the end.
"""

from __future__ import annotations

import os
import sys
import time

from shipyard.services.optimize import Settings, field_of, optimize
from shipyard.services.registry import get_ruleset

GENERATIONS = 8  # the command's defaults
RUNS = 200


def main(argv: list[str]) -> None:
    budget = int(argv[0]) if argv else 600
    ruleset = get_ruleset(argv[1] if len(argv) > 1 else "pentagon-war")
    workers = os.cpu_count() or 1
    settings = Settings(budget, GENERATIONS, RUNS, 1, workers=workers)
    start = time.perf_counter()
    result = optimize(ruleset, field_of(ruleset, budget), settings)
    seconds = time.perf_counter() - start
    best = result.best
    print(f"{ruleset.name}, budget {budget}, {GENERATIONS} generations, {RUNS} runs, "
          f"{workers} worker(s): {seconds:.1f} s, {result.duels:,} duels "
          f"({result.duels / seconds:,.0f} duels/s)")
    print(f"best: {int(best.evaluation.sheet.total)} points, mean win rate against the field "
          f"{best.mean_win_rate:.1%}; beats the field: {result.beats_field}")
    for rival in sorted(result.field, key=lambda m: -m.mean_win_rate):
        print(f"    {rival.label:28} {int(rival.evaluation.sheet.total):5} points  "
              f"{rival.mean_win_rate:6.1%}")


if __name__ == "__main__":
    main(sys.argv[1:])
