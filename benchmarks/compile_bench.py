"""The first compile after an install: seconds of one core each engine takes to build,
side by side with another version of the code in one run.

Run: .venv/bin/python benchmarks/compile_bench.py [--before REV] [--rounds N]

Each round compiles every game's engine (`shipyard warm --ruleset NAME`) into an empty
build folder, in a process of its own, and reads the processor time that process used
(user and system: what the compile costs, whatever else the machine does) and its wall
time. With `--before REV`, a temporary `git worktree` of REV is measured the same way,
the two versions taking turns; the medians are printed with the ratio after / before.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.duel_bench import ROOT, _nothing, worktree

GAMES = ("pentagon-war", "tacship")


def compile_once(tree: Path, game: str) -> tuple[float, float]:
    """Processor and wall seconds of one cold compile of `game`'s engine from `tree`."""
    with tempfile.TemporaryDirectory(prefix="shipyard-compile-") as cache:
        env = {**os.environ, "PYTHONPATH": str(tree), "NUMBA_CACHE_DIR": cache}
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        began = time.perf_counter()
        subprocess.run([sys.executable, "-m", "shipyard", "warm", "--ruleset", game],
                       cwd=tree, env=env, check=True, capture_output=True)
        wall = time.perf_counter() - began
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime), wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", metavar="REV", help="another version, measured alike")
    parser.add_argument("--rounds", type=int, default=3, help="rounds (median of them)")
    args = parser.parse_args()
    with (worktree(args.before) if args.before else _nothing()) as before:
        trees = {"after": ROOT}
        if before is not None:
            trees = {"before": before, **trees}
        found: dict[tuple[str, str], list[tuple[float, float]]] = {}
        for round_ in range(args.rounds):
            for name, tree in trees.items():
                for game in GAMES:
                    found.setdefault((name, game), []).append(compile_once(tree, game))
                    print(f"round {round_ + 1}: {name} {game} compiled", file=sys.stderr,
                          flush=True)
    print(f"cold compile, median of {args.rounds} rounds (processor seconds / wall "
          f"seconds); load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    for game in GAMES:
        line = f"  {game:14}"
        medians = []
        for name in trees:
            cpu = statistics.median(c for c, _ in found[(name, game)])
            wall = statistics.median(w for _, w in found[(name, game)])
            medians.append(cpu)
            line += f"  {name} {cpu:5.1f} s / {wall:5.1f} s"
        if len(medians) == 2:
            line += f"  after / before {medians[1] / medians[0]:.2f}"
        print(line)


if __name__ == "__main__":
    main()
