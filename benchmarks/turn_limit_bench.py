"""When do duels end? Kill turns of every pair of mobile samples, with a long turn limit.

Run: .venv/bin/python benchmarks/turn_limit_bench.py GAME RUNS LIMIT [SCENARIO]

Every unordered pair of the game's samples that can move (bases left out) fights RUNS
duels (seed 1, two workers) in SCENARIO (default: the game's default) with the turn limit
raised to LIMIT. Prints the turn by which 50/90/95/99% of the kills came, how many duels
would have ended in a kill after each candidate limit, and the pairs that left more than
a tenth of their duels undecided (a draw: cut off, or both destroyed). The default turn
limit of each game was chosen with it (docs/duel-model.md, Scenarios).
"""

from __future__ import annotations

import sys
from dataclasses import replace
from itertools import combinations

from shipyard.core.protocol import duels_of
from shipyard.services.batch import Matchup, run_batch
from shipyard.services.pinned import samples
from shipyard.services.registry import get_ruleset

CANDIDATES = (10, 15, 20, 25, 30, 40, 50)


def main() -> None:
    game, runs, limit = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    preset = sys.argv[4] if len(sys.argv) > 4 else None
    found = samples(game)
    duels = duels_of(get_ruleset(game))
    catalog = next(iter(found.values())).catalog
    base = duels.scenarios(catalog)[preset][0] if preset else duels.duel_defaults(catalog)
    scenario = replace(base, turn_limit=limit)
    mobile = sorted(name for name, e in found.items() if not getattr(e.sheet, "is_base", False))
    turns: list[int] = []
    total = 0
    rows = []
    for a, b in combinations(mobile, 2):
        results = run_batch(Matchup(found[a], found[b], scenario=scenario), runs, 1, 2)
        kills = [r.turns for r in results if r.winner is not None]
        turns += kills
        total += len(results)
        cut = sum(1 for r in results if r.winner is None and r.turns >= limit)
        rows.append((a, b, len(kills), cut))
    turns.sort()
    print(f"{game}, {scenario.words()}: {len(rows)} pairs, {total} duels, {len(turns)} kills")
    for q in (0.5, 0.9, 0.95, 0.99):
        print(f"  {q:.0%} of the kills by turn {turns[int(q * (len(turns) - 1))]}"
              if turns else "  no kills")
    for candidate in CANDIDATES:
        later = sum(1 for t in turns if t > candidate)
        print(f"  a limit of {candidate}: {later} kills after it ({later / total:.1%} of duels)")
    for a, b, kills, cut in rows:
        if (runs - kills) / runs > 0.1:
            print(f"  {a} v {b}: {runs - kills} draws of {runs}, {cut} cut off at {limit}")


if __name__ == "__main__":
    main()
