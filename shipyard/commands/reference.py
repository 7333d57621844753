"""`shipyard rules [ID]` and `shipyard rulesets`: the rules and the games, in the terminal."""

from __future__ import annotations

import json
import sys
from typing import Annotated, Any

import typer

from shipyard.commands.terminal import fail, show
from shipyard.core.errors import ShipyardError
from shipyard.services.registry import broken, rulesets
from shipyard.services.rules_text import index, lookup


def rules_command(
    ident: Annotated[str | None, typer.Argument(
        metavar="ID", show_default=False,
        help="A section (1.2, 4) or ruling (R2); without it, the list of them.")] = None,
) -> None:
    """Print a section or ruling of the rules reference (docs/rules.md)."""
    try:
        if ident is None:
            for key, title in index():
                print(f"{key:>4}  {title}")
            return
        sys.stdout.write(lookup(ident))
    except (ShipyardError, OSError) as exc:
        fail(str(exc))


def rulesets_command(
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")]
    = False,
) -> None:
    """List the games Shipyard knows, with their catalog version and duel captains."""
    rows: list[dict[str, Any]] = []
    try:
        for ruleset in rulesets().values():
            catalog = ruleset.catalog()
            duels = ruleset.duels
            rows.append({"name": ruleset.name, "title": ruleset.title,
                         "version": catalog.manifest.version, "digest": catalog.digest,
                         "catalog": catalog.folder, "samples": len(ruleset.samples()),
                         "sheets": list(ruleset.sheets),
                         "policies": list(duels.policies if duels else ()),
                         "engines": list(duels.engines if duels else ()),
                         "default": ruleset.default})
    except ShipyardError as exc:
        fail(str(exc))
    for name, reason in broken().items():
        rows.append({"name": name, "broken": reason})
    if as_json:
        print(json.dumps(rows, indent=2))
        return
    for row in rows:
        if "broken" in row:
            show(f"{row['name']}: cannot be loaded ({row['broken']})")
            continue
        default = "  (files without a ruleset)" if row["default"] else ""
        show(f"{row['name']}: {row['title']}, catalog {row['version']} "
              f"({row['digest'][:12]}), {row['samples']} samples{default}")
        show(f"    sheets {', '.join(row['sheets'])}; duel policies "
              f"{', '.join(row['policies'])}; engines {', '.join(row['engines'])}")
