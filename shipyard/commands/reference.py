"""`shipyard rules [ID]` and `shipyard rulesets`: the rules and the games, in the terminal."""

from __future__ import annotations

import json
import sys
from typing import Annotated, Any

import typer

from shipyard.commands.terminal import fail, show
from shipyard.core.errors import ShipyardError
from shipyard.services.registry import broken, rulesets
from shipyard.services.rules_text import excerpt, index, is_ident, lookup, search

SEARCH_WIDTH = 100  # a found line is cut to fit this many columns


def rules_command(
    ident: Annotated[list[str] | None, typer.Argument(
        metavar="ID|WORD...", show_default=False,
        help="A section (1.2, 4) or ruling (R2) to print, or words to search the rules for "
             "(armor, \"hyper bomb\"); without it, the list of them.")] = None,
) -> None:
    """Print a section or ruling of the rules reference (docs/rules.md), or search it."""
    try:
        if not ident:
            for key, title in index():
                print(f"{key:>4}  {title}")
            return
        if len(ident) == 1 and is_ident(ident[0]):
            sys.stdout.write(lookup(ident[0]))
            return
        _print_found(" ".join(ident))
    except (ShipyardError, OSError) as exc:
        fail(str(exc))


def _print_found(words: str) -> None:
    """Each section that mentions the words: its id, title and the line that does."""
    found = search(words)
    if not found:
        fail(f"rules: no section or ruling mentions {words!r} (shipyard rules lists them)")
    show(f"{len(found)} section{'s' if len(found) != 1 else ''} of the rules mention "
         f"{words!r} (shipyard rules ID prints one):")
    for key, title, passage in found:
        show(f"{key:>4}  {title}")
        if passage != title:
            show("      " + excerpt(passage, words.split()[0], SEARCH_WIDTH - 6))


def rulesets_command(
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")]
    = False,
) -> None:
    """List the games Shipyard knows, with their catalog version and duel captains."""
    rows: list[dict[str, Any]] = []
    try:
        for ruleset in rulesets().values():
            catalog = ruleset.catalog()
            duels, battles = ruleset.duels, getattr(ruleset, "battles", None)
            rows.append({"name": ruleset.name, "title": ruleset.title,
                         "version": catalog.manifest.version, "digest": catalog.digest,
                         "catalog": catalog.folder, "samples": len(ruleset.samples()),
                         "sheets": list(ruleset.sheets),
                         "policies": list(duels.policies if duels else ()),
                         "engines": list(duels.engines if duels else ()),
                         "geometries": list(getattr(duels, "geometries", ()) if duels else ()),
                         "default": ruleset.default,
                         "battle_engines": list(battles.engines if battles else ()),
                         "battles_missing": "" if battles else
                         getattr(ruleset, "battles_missing", "") or "none"})
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
        places = f"; geometries {', '.join(row['geometries'])}" if row["geometries"] else ""
        show(f"    sheets {', '.join(row['sheets'])}; duel policies "
              f"{', '.join(row['policies'])}; engines {', '.join(row['engines'])}{places}")
        show("    fleet battles: engines " + ", ".join(row["battle_engines"])
             if row["battle_engines"] else f"    no fleet battles: {row['battles_missing']}")
