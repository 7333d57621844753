"""The equivalence table: the fast engine against the pinned reference, row by row.

Run: .venv/bin/python benchmarks/equivalence_bench.py [RULESET...]

Each row (a pair of bundled samples under one policy) compares the fast
engine's win / draw / loss counts over 20,000 duels with the reference
engine's, pinned in benchmarks/reference_table.json by pin_reference.py, in a
two-sided chi-square test at the 0.001 level divided by the number of rows
(Bonferroni), and the mean turns to a kill within 3%. Rows not pinned yet are
counted and skipped. Exits 1 if any row fails.
"""

from __future__ import annotations

import sys
import time

from benchmarks.engine_table import FAST_SEED, RUNS, load, rows, tally, workers
from shipyard.core.stats import same_shares_p
from shipyard.services.batch import run_batch
from shipyard.services.registry import ruleset_names

LEVEL = 0.001
TURNS = 0.03


def shares(t: dict[str, int]) -> str:
    return "/".join(f"{t[k] / t['runs']:.3f}" for k in ("wins", "draws", "losses"))


def mean_turns(t: dict[str, int]) -> float | None:
    return t["kill_turns"] / t["kills"] if t["kills"] else None


def main(argv: list[str]) -> int:
    pinned = load()
    todo = [row for row in rows(argv or ruleset_names()) if row.key in pinned]
    missing = sum(1 for row in rows(argv or ruleset_names()) if row.key not in pinned)
    level = LEVEL / max(1, len(todo))
    failed = 0
    start = time.perf_counter()
    print(f"{len(todo)} rows pinned ({missing} not yet), {RUNS} duels per engine and row, "
          f"p must exceed {level:.2e}, mean turns within {TURNS:.0%}")
    print(f"{'row':52} {'reference w/d/l':>17} {'fast w/d/l':>17} {'p':>9} "
          f"{'turns ref':>9} {'fast':>6} {'diff':>6}  verdict")
    for row in todo:
        reference = pinned[row.key]
        fast = tally(run_batch(row.matchup("fast"), RUNS, FAST_SEED, workers()))
        p = same_shares_p([reference[k] for k in ("wins", "draws", "losses")],
                          [fast[k] for k in ("wins", "draws", "losses")])
        ref_turns, fast_turns = mean_turns(reference), mean_turns(fast)
        if ref_turns is None or fast_turns is None:
            diff = 0.0 if ref_turns == fast_turns else 1.0
        else:
            diff = fast_turns / ref_turns - 1
        ok = p > level and abs(diff) <= TURNS
        failed += not ok
        print(f"{row.key:52} {shares(reference):>17} {shares(fast):>17} {p:9.2e} "
              f"{ref_turns or 0:9.2f} {fast_turns or 0:6.2f} {diff:+6.1%}  "
              f"{'ok' if ok else 'FAIL'}", flush=True)
    print(f"{len(todo) - failed} of {len(todo)} rows agree "
          f"({time.perf_counter() - start:.0f} s)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
