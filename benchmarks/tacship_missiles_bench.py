"""Tacship missiles over every pair of bundled samples: launches, detonations, wins.

For each ordered pair of samples (each sample on both sides, default pilots)
it fights the batch's duels on the reference engine with the log on, and counts from the log the
missiles launched, those that detonated, those fooled by a decoy, those that
failed to reach their target, and the duels a missile decided; then A's win,
loss and draw rates beside the ones saved from an earlier engine
(`benchmarks/tacship_before.json`, the engine before the launch rule:
`--save` run on that code). Both engines fight the same duel for every
seed, so the rates are those of the compiled engine too.

Run: .venv/bin/python benchmarks/tacship_missiles_bench.py [--runs 400] [--seed 1]
     ... --save FILE   (record the current table as JSON)
"""

from __future__ import annotations

import argparse
import json
import time
from itertools import permutations
from pathlib import Path

from shipyard.core.dice import duel_seed
from shipyard.core.protocol import Evaluation
from shipyard.services.batch import Matchup, lineup
from shipyard.services.equivalence import REFERENCE, samples

RULESET = "tacship"
BEFORE = Path(__file__).with_name("tacship_before.json")
Row = dict[str, int]  # a, b, draw, launched, detonated, fooled, missed, missile_kills


def count(lines: tuple[str, ...], row: Row) -> None:
    for line in lines:
        row["launched"] += line.count("launches a missile at")
        if "'s missile closes on" in line:
            row["detonated"] += 1
        elif "'s missile homes on the decoy" in line:
            row["fooled"] += 1
        elif "'s missile fails to reach" in line:
            row["missed"] += 1


def pair_row(a: str, b: str, runs: int, master: int,
             evaluations: dict[str, Evaluation]) -> Row:
    ready = lineup(Matchup(evaluations[a], evaluations[b], "default", "default",
                           evaluations[a].ruleset.duel_defaults(), REFERENCE))
    row: Row = dict.fromkeys(("a", "b", "draw", "launched", "detonated", "fooled", "missed",
                              "missile_kills"), 0)
    for index in range(runs):
        result = ready.fight(duel_seed(master, index), log=True)
        row["draw" if result.winner is None else "ab"[result.winner]] += 1
        row["missile_kills"] += result.cause == "missile"
        count(result.log, row)
    return row


def rate(row: Row, key: str) -> str:
    total = row["a"] + row["b"] + row["draw"] or 1
    return f"{row[key] / total:4.0%}"


def rates(row: Row | None) -> str:
    return " / ".join(rate(row, k) for k in ("a", "b", "draw")) if row else "-"


def ordnance(row: Row | None) -> str:
    if not row:
        return "-"
    return f"{row['launched']:5} {row['detonated']:5} {row['missile_kills']:4}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1, help="master seed of the batches")
    parser.add_argument("--save", type=Path, help="write the table to this JSON file")
    args = parser.parse_args()
    evaluations = samples(RULESET)
    before = json.loads(BEFORE.read_text()) if BEFORE.exists() else {}
    began = time.perf_counter()
    now: dict[str, Row] = {}
    print(f"Tacship, every sample on both sides, default pilots, {args.runs} duels a pair (master "
          f"{args.seed}); A wins / B wins / draws; missiles launched, detonated, kills")
    print(f"{'pair':22} {'before':>18} {'launch  det kill':>17}   {'after':>18} "
          f"{'launch  det kill':>17}")
    for a, b in permutations(sorted(evaluations), 2):
        name = f"{a} vs {b}"
        now[name] = row = pair_row(a, b, args.runs, args.seed, evaluations)
        old = before.get(name)
        print(f"{name:22} {rates(old):>18} {ordnance(old):>17}   {rates(row):>18} "
              f"{ordnance(row):>17}", flush=True)
    for label, table in (("before", before), ("after", now)):
        if not table:
            continue
        total = {k: sum(r[k] for r in table.values()) for k in next(iter(table.values()))}
        share = total["detonated"] / total["launched"] if total["launched"] else 0.0
        print(f"{label}: {total['launched']} launched, {total['detonated']} detonated "
              f"({share:.0%}), {total['fooled']} fooled by decoys, {total['missed']} failed "
              f"to reach; {total['missile_kills']} duels won by a missile")
    print(f"({time.perf_counter() - began:.0f} s on the reference engine)")
    if args.save:
        args.save.write_text(json.dumps(now, indent=1) + "\n")


if __name__ == "__main__":
    main()
