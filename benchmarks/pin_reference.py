"""Fight the readable reference engine over the equivalence table and keep its tallies.

Run: .venv/bin/python benchmarks/pin_reference.py [RULESET...]
Resumable: rows already in benchmarks/reference_table.json are skipped. The
reference engine is slow (a few hundred duels a second per core), so the
whole table takes hours; rows are saved one by one.
"""

from __future__ import annotations

import sys
import time

from benchmarks.engine_table import REFERENCE_SEED, RUNS, load, rows, save, tally, workers
from shipyard.services.batch import run_batch
from shipyard.services.registry import ruleset_names


def main(argv: list[str]) -> None:
    table = load()
    for row in rows(argv or ruleset_names()):
        if row.key in table:
            continue
        start = time.perf_counter()
        results = run_batch(row.matchup("reference"), RUNS, REFERENCE_SEED, workers())
        table[row.key] = tally(results)
        save(table)
        print(f"{row.key}: {table[row.key]} in {time.perf_counter() - start:.0f} s", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
