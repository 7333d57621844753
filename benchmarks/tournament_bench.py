"""Wall time of a round robin: eight Pentagon War samples, 28 pairs x 500 duels.

Run: python benchmarks/tournament_bench.py [RUNS]   (on 1 and 2 workers; the results
must be the same, bit for bit, whatever the worker count)
"""

from __future__ import annotations

import sys
import time

from shipyard.services.registry import evaluate, read_design
from shipyard.services.samples import resolve
from shipyard.services.tournament import Entrant, pairings, run_tournament

# Every Pentagon War sample but the starter and the Ceres station (a base that cannot move).
FIELD = ("hammer", "hive", "lancer", "mercurand", "shade", "stinger", "sunspear", "zelta-dee")
RUNS = 500
SEED = 1


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else RUNS
    entrants = []
    for name in FIELD:
        evaluation = evaluate(read_design(resolve(f"sample:{name}")))
        entrants.append(Entrant(evaluation.design.name, evaluation))
    duels = len(pairings(len(entrants))) * runs
    results = {}
    for workers in (1, 2):
        start = time.perf_counter()
        result = run_tournament(entrants, runs, SEED, workers)
        seconds = time.perf_counter() - start
        results[workers] = result.to_data()
        print(f"{len(entrants)} designs, {len(result.pairs)} pairs x {runs} duels = {duels} "
              f"duels on {workers} worker(s): {seconds:.1f} s ({duels / seconds:,.0f} duels/s)")
    print("same results on 1 and 2 workers:", results[1] == results[2])
    for place, row in enumerate(results[1]["ranking"], start=1):
        print(f"{place}. {row['design']:<18} {row['points']:>5} points  rating "
              f"{row['rating']:8.1f}  ({row['ci95'][0]:.1f} - {row['ci95'][1]:.1f})  "
              f"{row['per_100_points']:7.2f} per 100 points")


if __name__ == "__main__":
    main()
