"""Wall time, duels and interval widths of a full points-balance audit, for each game.

Run: .venv/bin/python benchmarks/audit_bench.py [RULESET...] [--workers N] [--markdown DIR]

Runs `shipyard audit --ruleset R --workers N --json` (the command's defaults: every
system, every sample and each budget's optimized design under every captain, seed 1) in a
fresh state folder, with the compiled engines already built (`shipyard warm`), and prints
what it took: wall time (the optimizer's budget contexts included), duels and duels per
second, the battles of the battle contexts (where the game has them), and how wide the
balance-index intervals came out. With `--markdown DIR` it also
writes each game's table as `DIR/audit-<ruleset>.md` (docs/audit.md quotes them) and its
forest plot as `DIR/audit-<ruleset>.svg`.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

GAMES = ("pentagon-war", "tacship")
LIMITS = {"pentagon-war": 600.0, "tacship": 120.0}  # seconds the issue allows


def shipyard() -> str:
    return str(Path(sys.executable).with_name("shipyard"))


def audit(game: str, workers: int, markdown: Path | None) -> None:
    with tempfile.TemporaryDirectory() as state:
        env = {**os.environ, "SHIPYARD_STATE_DIR": state}
        start = time.perf_counter()
        done = subprocess.run([shipyard(), "audit", "--ruleset", game, "--workers",
                               str(workers), "--json"], env=env, capture_output=True,
                              text=True, check=True)
        seconds = time.perf_counter() - start
    data = json.loads(done.stdout)
    widths = [s["index"]["high"] - s["index"]["low"] for s in data["systems"]
              if s["index"] and s["index"]["low"] is not None and s["index"]["high"] is not None]
    flagged = [s["key"] for s in data["systems"] if s["flag"]]
    informative = sum(1 for c in data["contexts"] if c["informative"])
    print(f"{game}: {seconds:.0f} s wall ({'within' if seconds <= LIMITS[game] else 'OVER'} "
          f"the {LIMITS[game]:.0f} s allowed), {data['duels']:,} duels "
          f"({data['duels'] / seconds:,.0f} duels/s over the whole run), "
          f"{len(data['systems'])} systems, {len(data['contexts'])} contexts "
          f"({informative} informative), {data['runs']} duels per opponent, context and "
          f"variant, {workers} worker(s)")
    if data.get("battles"):
        kinds = [c["kind"] for c in data["contexts"]]
        print(f"    {data['battles']:,} battles ({data['battle_runs']} per opponent fleet, "
              f"context and variant) in {kinds.count('battles')} battle contexts beside "
              f"{kinds.count('duels')} duel contexts")
    if widths:
        print(f"    index 95% interval width: median {statistics.median(widths):.2f}, "
              f"narrowest {min(widths):.2f}, widest {max(widths):.2f}; "
              f"{len(flagged)} of {len(data['systems'])} flagged")
    if markdown is not None:
        from shipyard.commands.audit_output import markdown as table
        from shipyard.render.audit_chart import chart_svg
        from shipyard.services.registry import get_ruleset

        manifest = get_ruleset(game).catalog().manifest
        title = f"{manifest.title} catalog {manifest.version}"  # as the command words it
        markdown.mkdir(parents=True, exist_ok=True)
        (markdown / f"audit-{game}.md").write_text(table(data, title))
        (markdown / f"audit-{game}.svg").write_text(chart_svg(data, title))
        (markdown / f"audit-{game}.json").write_text(json.dumps(data, indent=2))


def main(argv: list[str]) -> None:
    workers = os.cpu_count() or 1
    markdown: Path | None = None
    games: list[str] = []
    rest = iter(argv)
    for word in rest:
        if word == "--workers":
            workers = int(next(rest))
        elif word == "--markdown":
            markdown = Path(next(rest))
        else:
            games.append(word)
    for game in games or GAMES:
        audit(game, workers, markdown)


if __name__ == "__main__":
    main(sys.argv[1:])
