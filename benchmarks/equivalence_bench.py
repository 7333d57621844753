"""The equivalence table: the fast engine against the pinned reference, row by row.

Run: .venv/bin/python benchmarks/equivalence_bench.py [RULESET...]

Each row (a pair of bundled samples under one policy) compares the fast
engine's win / draw / loss counts over 20,000 duels with the reference
engine's, pinned in benchmarks/reference_table.json by pin_reference.py, in a
two-sided chi-square test at the 0.001 level divided by the number of rows
(Bonferroni), and the mean turns to a kill within 3%. Rows not pinned yet are
counted and skipped. Exits 1 if any row fails.

Where kills are rare (a row of near-certain draws) 3% is finer than chance can
resolve: sixty kills with turns spread over four turns give each mean a 3%
standard error. Such a row passes on turns when the gap is inside what chance
allows at the same corrected level (the spread taken from the fast engine's
kills), and its verdict says `ok*`. Where one engine saw no kill at all there
are no turns to compare, and the share test alone decides.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Sequence

from benchmarks.engine_table import FAST_SEED, RUNS, load, rows, tally, workers
from shipyard.core.outcome import Result
from shipyard.core.stats import same_shares_p
from shipyard.services.batch import run_batch
from shipyard.services.registry import ruleset_names

LEVEL = 0.001
TURNS = 0.03


def shares(t: dict[str, int]) -> str:
    return "/".join(f"{t[k] / t['runs']:.3f}" for k in ("wins", "draws", "losses"))


def mean_turns(t: dict[str, int]) -> float | None:
    return t["kill_turns"] / t["kills"] if t["kills"] else None


def turns_within_chance(reference: dict[str, int], fast: Sequence[Result],
                        level: float) -> bool:
    """The gap in mean turns to a kill is inside chance at `level` (two-sided)."""
    turns = [r.turns for r in fast if r.winner is not None]
    if len(turns) < 2 or not reference["kills"]:
        return True
    spread = statistics.stdev(turns)
    gap = abs(statistics.fmean(turns) - reference["kill_turns"] / reference["kills"])
    z = statistics.NormalDist().inv_cdf(1 - level / 2)
    return gap <= z * spread * (1 / reference["kills"] + 1 / len(turns)) ** 0.5


def main(argv: list[str]) -> int:
    pinned = load()
    todo = [row for row in rows(argv or ruleset_names()) if row.key in pinned]
    missing = sum(1 for row in rows(argv or ruleset_names()) if row.key not in pinned)
    level = LEVEL / max(1, len(todo))
    failed = by_chance = 0
    start = time.perf_counter()
    print(f"{len(todo)} rows pinned ({missing} not yet), {RUNS} duels per engine and row, "
          f"p must exceed {level:.2e}, mean turns within {TURNS:.0%}")
    print(f"{'row':52} {'reference w/d/l':>17} {'fast w/d/l':>17} {'p':>9} "
          f"{'turns ref':>9} {'fast':>6} {'diff':>6}  verdict")
    for row in todo:
        reference = pinned[row.key]
        results = run_batch(row.matchup("fast"), RUNS, FAST_SEED, workers())
        fast = tally(results)
        p = same_shares_p([reference[k] for k in ("wins", "draws", "losses")],
                          [fast[k] for k in ("wins", "draws", "losses")])
        ref_turns, fast_turns = mean_turns(reference), mean_turns(fast)
        diff = 0.0 if ref_turns is None or fast_turns is None else fast_turns / ref_turns - 1
        close = abs(diff) <= TURNS
        chance = not close and turns_within_chance(reference, results, level)
        ok = p > level and (close or chance)
        failed += not ok
        by_chance += ok and chance
        print(f"{row.key:52} {shares(reference):>17} {shares(fast):>17} {p:9.2e} "
              f"{ref_turns or 0:9.2f} {fast_turns or 0:6.2f} {diff:+6.1%}  "
              f"{('ok*' if chance else 'ok') if ok else 'FAIL'}", flush=True)
    print(f"{len(todo) - failed} of {len(todo)} rows agree "
          f"({time.perf_counter() - start:.0f} s)"
          + (f"; {by_chance} of them (ok*) on turns only within chance, their kills "
             "too few for 3%" if by_chance else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
