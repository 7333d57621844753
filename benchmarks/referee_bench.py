"""Every sample pair of every game, both ways round, default captains: before and after.

The referee's table: for each registered game, each ordered pair of its bundled samples
fights `shipyard duel A B --runs N --json` (the game's default scenario, default captains
on both sides), on this tree and, with `--before REV`, on the code of REV in a temporary
`git worktree` (each version measured in a process of its own, through its own command
line, so a scenario or captain changed between them is what the table compares). A row
gives the first-named design's wins-losses-draws, the share of duels cut off at the turn
limit where the version reports it, and the mean damage each side dealt.

Run: .venv/bin/python benchmarks/referee_bench.py [--before REV] [--runs 400] [--seed 1]
         [--save FILE.json]
     .venv/bin/python benchmarks/referee_bench.py --load FILE.json   (print saved tables)
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from benchmarks.duel_bench import _nothing, worktree

ROOT = Path(__file__).resolve().parent.parent
Summary = dict[str, Any]  # one `shipyard duel --json` answer

FIGHT = """
import json, sys
from itertools import permutations
from typer.testing import CliRunner
from shipyard.cli import app
from shipyard.services.registry import ruleset_names
from shipyard.services.samples import sample_name, sample_paths

runs, seed = int(sys.argv[1]), int(sys.argv[2])
runner = CliRunner()
table = {}
for game in ruleset_names():
    names = sorted(sample_name(p) for p in sample_paths(game))
    for a, b in permutations(names, 2):
        done = runner.invoke(app, ["duel", f"sample:{a}", f"sample:{b}", "--runs", str(runs),
                                   "--seed", str(seed), "--workers", "2", "--json"])
        if done.exit_code != 0:
            continue  # a pair this version cannot fight (no duels in the game)
        table.setdefault(game, {})[f"{a} vs {b}"] = json.loads(done.stdout)
print(json.dumps(table))
"""


def fight(tree: Path, runs: int, seed: int) -> dict[str, dict[str, Summary]]:
    """Every game's table on the code in `tree`, in a process of its own."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run([sys.executable, "-c", FIGHT, str(runs), str(seed)], cwd=tree,
                          env=env, capture_output=True, text=True, check=True)
    return dict(json.loads(done.stdout.splitlines()[-1]))


def row(summary: Summary | None) -> str:
    """wins-losses-draws, the cut-off share if reported, mean damage a/b."""
    if summary is None:
        return "-"
    counts = "-".join(str(summary[k]["count"]) for k in ("wins", "losses", "draws"))
    limit = summary.get("turn_limit_share")
    cut = f" cut {limit:.0%}" if isinstance(limit, (int, float)) else ""
    damage = summary.get("mean_damage_dealt", {})
    dealt = f" dmg {damage.get('a', 0):.0f}/{damage.get('b', 0):.0f}"
    return counts + cut + dealt


def scenario_line(rows: dict[str, Summary]) -> str:
    """The scenario most pairs of a table started in (a game may open some pairs
    otherwise, e.g. a base's enemy beyond its batteries)."""
    lines = [", ".join(f"{key} {value}" for key, value in row.get("scenario", {}).items())
             for row in rows.values()]
    common = max(set(lines), key=lines.count)
    others = len(lines) - lines.count(common)
    return common + (f" ({others} pairs otherwise, e.g. a base's)" if others else "")


def print_tables(tables: dict[str, dict[str, dict[str, Summary]]]) -> None:
    versions = list(tables)
    games = sorted({game for table in tables.values() for game in table})
    for game in games:
        print(f"\n{game}: default captains, the first-named design's wins-losses-draws")
        for version in versions:
            rows = tables[version].get(game, {})
            if rows:
                print(f"  {version}: {scenario_line(rows)}")
        pairs = list(tables[versions[-1]].get(game, {}))
        width = max((len(p) for p in pairs), default=10)
        print(f"{'pair':{width}}" + "".join(f"  {v.split(' ')[0]:34}" for v in versions))
        for pair in pairs:
            cells = [row(tables[v].get(game, {}).get(pair)) for v in versions]
            print(f"{pair:{width}}" + "".join(f"  {cell:34}" for cell in cells))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", metavar="REV", help="another version, measured alike")
    parser.add_argument("--runs", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--save", type=Path, help="write every table as JSON to this file")
    parser.add_argument("--load", type=Path, help="print the tables saved in this file")
    args = parser.parse_args()
    if args.load:
        print_tables(json.loads(args.load.read_text()))
        return
    with (worktree(args.before) if args.before else _nothing()) as before:
        trees = {"after (this tree)": ROOT}
        if before is not None:
            trees = {f"before ({args.before})": before, **trees}
        tables = {name: fight(tree, args.runs, args.seed) for name, tree in trees.items()}
    if args.save:
        args.save.write_text(json.dumps(tables, indent=1) + "\n")
    print_tables(tables)


if __name__ == "__main__":
    main()
