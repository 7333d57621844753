"""Track against map: every pair of bundled Pentagon War samples fought on both geometries.

Run: .venv/bin/python benchmarks/geometry_parity.py [--runs N] [--workers W] [--seed S]

For each pair (A, B) of the bundled Pentagon War samples, `--runs` duels on the range track
(`shipyard duel A B`) and as many on the hex map (`--geometry map`), default captains and
scenario, the same master seed; prints a Markdown table of A's win rate on each with its
95% Wilson interval, and the difference. docs/duel-model.md publishes a run of it.
"""

from __future__ import annotations

import argparse
import itertools
import time

from shipyard.core.protocol import duels_of
from shipyard.core.stats import rate
from shipyard.services.batch import Matchup, run_batch
from shipyard.services.registry import evaluate, get_ruleset, read_design
from shipyard.services.samples import resolve
from shipyard.services.scenarios import pick, start_for


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args()
    ruleset = get_ruleset("pentagon-war")
    duels = duels_of(ruleset)
    names = sorted(path.name.split(".")[0] for path in ruleset.samples())
    designs = {name: evaluate(read_design(resolve(f"sample:{name}"))) for name in names}
    print(f"{options.runs} duels a pair and geometry, seed {options.seed}, default captains "
          "and scenario (as `shipyard duel` opens it for the pair); A's win rate with its "
          "95% interval\n")
    print("| A | B | track | map | map - track |")
    print("|---|---|---|---|---|")
    started = time.perf_counter()
    for a, b in itertools.combinations(names, 2):
        found = []
        for geometry in (None, "map"):
            first, second = designs[a], designs[b]
            start = start_for(duels, pick(duels, first.catalog), first, second)
            matchup = Matchup(first, second, scenario=start, geometry=geometry)
            results = run_batch(matchup, options.runs, options.seed, options.workers)
            found.append(rate(sum(1 for r in results if r.winner == 0), len(results)))
        track, hexes = found
        print(f"| {a} | {b} | {track.share:.0%} ({track.low:.0%}-{track.high:.0%}) | "
              f"{hexes.share:.0%} ({hexes.low:.0%}-{hexes.high:.0%}) | "
              f"{hexes.share - track.share:+.0%} |", flush=True)
    print(f"\n{time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
