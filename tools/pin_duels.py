"""Pin the known duels of every registered game: `python tools/pin_duels.py [GAME...]`
(`make pin-duels`).

Fights every pinned duel (`shipyard.services.pinned.setups`: every pair of a game's
samples under each captain, in three scenarios, a few seeds each) on the reference
engine and writes them to `tests/data/duels/<game>.tsv`, then checks every other engine
of the game against them and says how many differ (none should). Run it after a change
of rules, captains or samples, and say in the change which duels moved and why:
`git diff --stat tests/data/duels` counts them.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from shipyard.services import pinned
from shipyard.services.registry import ruleset_names

FOLDER = Path(__file__).resolve().parent.parent / "tests" / "data" / "duels"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="games to pin (default: every game)")
    parser.add_argument("--folder", type=Path, default=FOLDER, help="where the files go")
    args = parser.parse_args()
    for game in args.games or ruleset_names():
        began = time.perf_counter()
        rows = pinned.pin(game)
        if not rows:
            print(f"{game}: no samples or no duel engine: nothing to pin")
            continue
        path = args.folder / f"{game}.tsv"
        pinned.write(rows, path, game)
        print(f"{game}: {len(rows)} duels pinned in {path} "
              f"({time.perf_counter() - began:.0f} s)")
        for engine in pinned.engines(game):
            if engine == "reference":
                continue
            differ = pinned.check(rows, engine)
            print(f"{game}: the {engine} engine fights {len(rows) - len(differ)} of them the same"
                  + ("" if not differ else f"; first that differs: {differ[0]}"))


if __name__ == "__main__":
    main()
