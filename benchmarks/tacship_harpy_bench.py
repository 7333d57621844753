"""The Harpy (five missiles) and a missiles-only fighter against every Tacship sample.

For the Harpy on each side against each other sample, and for a Valkyrie whose two
Laser-2 are swapped for two more missiles (four missiles, no laser), the batch's duels
on the reference engine with the log on: A's wins, B's wins and draws, and from the
log the missile boat's own missiles launched, detonated, fooled by a decoy and removed
unspent, and the duels its missiles won. Both
engines fight the same duel for every seed, so the rates are the compiled engine's too.

Run: .venv/bin/python benchmarks/tacship_harpy_bench.py [--runs 400] [--seed 1]
     ... --save FILE   (record the table as JSON)
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import replace
from pathlib import Path

from benchmarks.tacship_missiles_bench import Row, rates
from shipyard.core.dice import duel_seed
from shipyard.rulesets.tacship.engine.duel import fight
from shipyard.rulesets.tacship.engine.state import Fighter, fighter_from_design
from shipyard.services.equivalence import samples

KEYS = ("a", "b", "draw", "launched", "detonated", "fooled", "missed", "missile_kills")


def fighters() -> dict[str, Fighter]:
    found = {name: fighter_from_design(ev.design.model_dump(mode="json"))
             for name, ev in samples("tacship").items()}
    valkyrie = found["valkyrie"]
    found["valkyrie-missiles"] = replace(valkyrie, name="Valkyrie-M", fixed_lasers=(),
                                         missiles=valkyrie.missiles + 2)
    return found


def count(boat: str, lines: tuple[str, ...], row: Row) -> None:
    """The boat's own missiles in one duel's log."""
    for line in lines:
        if f": {boat} (speed" in line:
            row["launched"] += line.count("launches a missile at")
        if f"{boat}'s missile closes on" in line:
            row["detonated"] += 1
        elif f"{boat}'s missile homes on the decoy" in line:
            row["fooled"] += 1
        elif f"{boat}'s missile fails to reach" in line:
            row["missed"] += 1


def pair_row(boat: str, a: Fighter, b: Fighter, runs: int, master: int) -> Row:
    row: Row = dict.fromkeys(KEYS, 0)
    side = "a" if a.name == boat else "b"
    for index in range(runs):
        result = fight(a, b, seed=duel_seed(master, index), log=True)
        row["draw" if result.winner is None else "ab"[result.winner == "b"]] += 1
        row["missile_kills"] += result.cause == "missile" and result.winner == side
        count(boat, result.log, row)
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1, help="master seed of the batches")
    parser.add_argument("--save", type=Path, help="write the table to this JSON file")
    args = parser.parse_args()
    crafts = fighters()
    began = time.perf_counter()
    table: dict[str, Row] = {}
    print(f"Tacship missile boats, default pilots, {args.runs} duels a pair (master "
          f"{args.seed}); A wins / B wins / draws; the boat's missiles launched, detonated, "
          "fooled, removed unspent; duels they won")
    for boat in ("harpy", "valkyrie-missiles"):
        for other in sorted(crafts):
            if other in (boat, "valkyrie-missiles") or (boat != "harpy" and other == "harpy"):
                continue
            for a, b in ((boat, other), (other, boat)):
                name = f"{a} vs {b}"
                table[name] = row = pair_row(crafts[boat].name, crafts[a], crafts[b], args.runs,
                                             args.seed)
                print(f"{name:30} {rates(row):>18} {row['launched']:6} {row['detonated']:5} "
                      f"{row['fooled']:5} {row['missed']:5} {row['missile_kills']:4}",
                      flush=True)
    print(f"({time.perf_counter() - began:.0f} s on the reference engine)")
    if args.save:
        args.save.write_text(json.dumps(table, indent=1) + "\n")


if __name__ == "__main__":
    main()
