"""Duels per second of the fast engines (and the reference engines), side by side with
another version of the code in one run.

Run: .venv/bin/python benchmarks/duel_bench.py [--before REV] [--rounds N] [--reference]

For two Pentagon War pairs and a Tacship pair, on one worker and on every core: the fast
engine's duels per second (with `--reference`, the reference engine's too). Each
measure runs in a process of its own; with `--before REV` a temporary `git worktree` of
REV (e.g. the commit before a change) is measured the same way, the two versions taking
turns round after round so that whatever else the machine does weighs on both alike,
and the median of each is printed with the ratio after / before. Each version's engines
are compiled first (`shipyard warm`, its own build folder); that time is not counted.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# (first, second, reference duels, fast duels)
PAIRS = (("sunspear", "mercurand", 1_000, 200_000), ("sunspear", "hammer", 1_000, 200_000),
         ("valkyrie", "harpy", 200, 40_000))

MEASURE = """
import json, os, sys, time
from shipyard.core.protocol import duels_of
from shipyard.services import warming
from shipyard.services.batch import Matchup, run_batch
from shipyard.services.registry import evaluate, read_design
from shipyard.services.samples import resolve

pairs, reference = json.loads(sys.argv[1]), sys.argv[2] == "1"
cores = os.cpu_count() or 1
found = {}
for a, b, slow_runs, fast_runs in pairs:
    first = evaluate(read_design(resolve(f"sample:{a}")))
    second = evaluate(read_design(resolve(f"sample:{b}")))
    fast = Matchup(first, second, engine=duels_of(first.ruleset).engines[0])
    warming.warm(first.ruleset)
    run_batch(fast, 10, 1)  # loaded before the clock starts
    for workers in sorted({1, cores}):
        began = time.perf_counter()
        run_batch(fast, fast_runs, 1, workers)
        found[f"{a} v {b}, fast, {workers} worker(s)"] = fast_runs / (time.perf_counter() - began)
        if reference:
            slow = Matchup(first, second, engine="reference")
            began = time.perf_counter()
            run_batch(slow, slow_runs, 1, workers)
            found[f"{a} v {b}, reference, {workers} worker(s)"] = (
                slow_runs / (time.perf_counter() - began))
print(json.dumps(found))
"""


@contextmanager
def worktree(rev: str) -> Iterator[Path]:
    """The code of `rev` in a temporary git worktree (removed afterwards)."""
    folder = Path(tempfile.mkdtemp(prefix="shipyard-before-"))
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "--quiet",
                    str(folder), rev], check=True)
    try:
        yield folder
    finally:
        subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(folder)],
                       check=False)


def measure(tree: Path, reference: bool) -> dict[str, float]:
    """One round of every measure on the code in `tree`, in a process of its own."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run([sys.executable, "-c", MEASURE, json.dumps(PAIRS),
                           "1" if reference else "0"], cwd=tree, env=env, capture_output=True,
                          text=True, check=True)
    return dict(json.loads(done.stdout.splitlines()[-1]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", metavar="REV", help="another version, measured alike")
    parser.add_argument("--rounds", type=int, default=3, help="rounds (median of them)")
    parser.add_argument("--reference", action="store_true", help="time the reference too")
    args = parser.parse_args()
    with (worktree(args.before) if args.before else _nothing()) as before:
        trees = {"after (this tree)": ROOT}
        if before is not None:
            trees = {f"before ({args.before})": before, **trees}
        rounds: dict[str, list[dict[str, float]]] = {name: [] for name in trees}
        began = time.perf_counter()
        for round_ in range(args.rounds):
            for name, tree in trees.items():
                rounds[name].append(measure(tree, args.reference))
                print(f"round {round_ + 1} of {args.rounds}: {name} measured "
                      f"({time.perf_counter() - began:.0f} s)", file=sys.stderr, flush=True)
    names = list(trees)
    keys = list(rounds[names[-1]][0])
    print(f"duels per second, median of {args.rounds} rounds; load average "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    for key in keys:
        medians = [statistics.median(r[key] for r in rounds[name]) for name in names]
        line = f"  {key:42}" + "".join(f"  {name.split(' ')[0]} {m:>9,.0f}"
                                        for name, m in zip(names, medians, strict=True))
        if len(medians) == 2:
            line += f"  after / before {medians[1] / medians[0]:.3f}"
        print(line)


@contextmanager
def _nothing() -> Iterator[None]:
    yield None


if __name__ == "__main__":
    main()
