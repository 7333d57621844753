"""How the default captains fare over every pair of bundled Pentagon War samples.

Before/after: for each pair of samples, both ways round (each design once as side A,
once as side B), the first-named design's wins, its losses and the draws with the
default captain on both sides, now and as saved from an earlier engine
(`benchmarks/captains_before.json`). `benchmarks/captains_after.txt` keeps the last
table printed, and `benchmarks/captains_after.json` the same figures as data.

Run: python benchmarks/captains_bench.py [--runs 400] [--seed 1] [--workers N]
     python benchmarks/captains_bench.py --save FILE   (record the current table)
"""

from __future__ import annotations

import argparse
import json
import os
from itertools import combinations
from pathlib import Path

from shipyard.core.outcome import Result
from shipyard.rulesets.pentagon_war.design import read_design
from shipyard.services.batch import Matchup, run_batch
from shipyard.services.registry import evaluate
from shipyard.services.samples import sample_name, sample_paths

BEFORE = Path(__file__).with_name("captains_before.json")
Counts = dict[str, int]  # "a", "b", "draw" -> duels


def samples() -> list[str]:
    return sorted(sample_name(p) for p in sample_paths("pentagon-war"))


def fight(a: str, b: str, policies: tuple[str, str], runs: int, seed: int,
          workers: int) -> Counts:
    paths = {sample_name(p): p for p in sample_paths("pentagon-war")}
    matchup = Matchup(evaluate(read_design(paths[a])), evaluate(read_design(paths[b])),
                      *policies)
    return tally(run_batch(matchup, runs, seed, workers))


def tally(results: list[Result]) -> Counts:
    counts = {"a": 0, "b": 0, "draw": 0}
    for result in results:
        key = "draw" if result.winner is None else ("a" if result.winner == 0 else "b")
        counts[key] += 1
    return counts


def pairs() -> list[tuple[str, str]]:
    """Every pair of samples, both ways round."""
    return [p for a, b in combinations(samples(), 2) for p in ((a, b), (b, a))]


def default_table(runs: int, seed: int, workers: int) -> dict[str, Counts]:
    return {f"{a} vs {b}": fight(a, b, ("default", "default"), runs, seed, workers)
            for a, b in pairs()}


def counts_text(counts: Counts) -> str:
    return "-".join(str(counts[k]) for k in ("a", "b", "draw"))


def print_before_after(now: dict[str, Counts], before: dict[str, Counts] | None) -> None:
    runs = sum(next(iter(now.values())).values()) if now else 0
    print(f"Default against default, {runs} duels each way: "
          "the first-named design's wins-losses-draws")
    print(f"{'pair':34} {'before':>13}   {'after':>13}")
    for name, counts in now.items():
        old = before.get(name) if before else None
        print(f"{name:34} {counts_text(old) if old else '-':>13}   {counts_text(counts):>13}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--save", type=Path, help="write the default table to this file")
    args = parser.parse_args()
    now = default_table(args.runs, args.seed, args.workers)
    if args.save:
        args.save.write_text(json.dumps(now, indent=1) + "\n")
    before = json.loads(BEFORE.read_text()) if BEFORE.exists() else None
    print_before_after(now, before)


if __name__ == "__main__":
    main()
