"""`shipyard audit --explain SYSTEM` and `--against catalog`: what they print."""

from __future__ import annotations

import shlex
from pathlib import Path

from rich.markup import escape

from shipyard.commands.terminal import fail, out
from shipyard.core.errors import ShipyardError
from shipyard.core.files import json_text, write_atomic
from shipyard.core.neutral import Ruleset
from shipyard.services.audit import ANCHOR, BASE
from shipyard.services.audit_contexts import BattleContext
from shipyard.services.audit_explain import Batch, Explained
from shipyard.services.audit_house import Comparison


def _folder(wanted: Path) -> Path:
    """`wanted`, or the first free `wanted-2`, `wanted-3`... beside it; made."""
    folder, number = wanted, 2
    while folder.exists():
        folder = wanted.with_name(f"{wanted.name}-{number}")
        number += 1
    try:
        folder.mkdir(parents=True)
    except OSError as exc:
        fail(f"{folder}: cannot make the folder ({exc.strerror or exc})")
    return folder


def _slug(text: str) -> str:
    kept = "".join(c if c.isalnum() else "-" for c in text.lower())
    return "-".join(part for part in kept.split("-") if part)


def _save(path: Path, data: dict[str, object]) -> None:
    try:
        write_atomic(path, json_text(data).encode())
    except ShipyardError as exc:
        fail(str(exc))


def _fleet(folder: Path, context: BattleContext, variant: str, design: str,
           written: dict[str, str], game: Ruleset) -> str:
    """The fleet file of the context's copies of a variant's design (written once)."""
    name = f"{_slug(context.source)}-{_slug(variant)}-x{context.copies}.fleet.json"
    if name not in written:
        plain = design if design.startswith("sample:") else Path(design).name
        _save(folder / name, {
            "schema": "shipyard.fleet/1", "name": f"{context.source} x{context.copies} "
            f"({variant})", "ruleset": game.name, "budget": context.budget,
            "ships": [{"design": plain, "count": context.copies}]})
        written[name] = variant
    return str(folder / name)


def _command(context: Explained, batch: Batch, mine: str, catalog: list[str]) -> list[str]:
    """The `shipyard duel` or `shipyard battle` command that fights the batch again."""
    where = context.context
    policies = ["--policy-a", where.policy, "--policy-b", where.policy]
    seeds = ["--seed", str(batch.master), "--runs", str(batch.runs)]
    if not isinstance(where, BattleContext):
        return ["shipyard", "duel", mine, batch.opponent, *seeds, *policies, *catalog]
    rival = next(f for f in where.fleets if f.file == batch.opponent)
    variant = next(v for v in where.variants if v.key == batch.variant)
    # A house catalog may price a fleet over the field's budget: fought as a draft.
    over = where.points(variant) > where.budget or rival.total > where.budget
    return ["shipyard", "battle", mine, batch.opponent, *seeds, *policies, *catalog,
            *(["--draft"] if over else [])]


def print_explained(found: list[Explained], key: str, wanted: Path, root: str | None,
                    game: Ruleset) -> None:
    """Each context's figure for the system, the designs (and the battle contexts' fleets)
    written, the duel and battle commands."""
    folder = _folder(wanted)
    written: dict[str, str] = {}
    fleets: dict[str, str] = {}
    catalog = ["--catalog", root] if root is not None else []
    for item in found:
        context = item.context
        battle = isinstance(context, BattleContext)
        out.print(f"[bold]{escape(context.label)}[/bold]: {item.measure} change "
                  f"{item.change:+.4f}")
        files: dict[str, str] = {}
        for variant, data in item.designs.items():
            if variant == BASE and context.source.startswith("sample:"):
                files[variant] = context.source
            else:
                name = f"{_slug(context.source)}-{_slug(variant)}.ship.json"
                if name not in written:
                    _save(folder / name,
                          {**data, "name": f"{data.get('name', '')} ({variant})".strip()})
                    written[name] = variant
                files[variant] = str(folder / name)
            if isinstance(context, BattleContext):
                files[variant] = _fleet(folder, context, variant, files[variant], fleets, game)
        for batch in item.batches:
            words = {BASE: "the design", ANCHOR: "one anchor unit fewer"}.get(
                batch.variant, f"with {batch.variant}")
            if battle:
                words = f"{words}, x{getattr(context, 'copies', 1)}"
            command = _command(item, batch, files[batch.variant], catalog)
            out.print(f"  {escape(words)} v {escape(batch.opponent)}: {batch.wins} won, "
                      f"{batch.draws} drawn, {batch.losses} lost; margin "
                      f"{batch.margin / max(batch.runs, 1):+.2f} a "
                      f"{'battle (points destroyed)' if battle else 'duel'}", markup=True)
            out.print(f"    {shlex.join(command)}", markup=False)
    out.print(f"{len(written)} design files and {len(fleets)} fleet files written to "
              f"{folder}", markup=False)


def print_comparison(comparison: Comparison) -> None:
    """Flags gone, appeared and turned; the optimized designs under each catalog."""
    def words(flag: str) -> str:
        return {"under": "under-priced", "over": "over-priced"}.get(flag, "fair")
    sections = (("Flags gone with the house prices", comparison.gone),
                ("Flags that appeared", comparison.appeared),
                ("Flags that turned the other way", comparison.turned),
                ("Flags kept", comparison.kept))
    for title, changes in sections:
        out.print(f"[bold]{title}[/bold]: {len(changes) or 'none'}")
        for change in changes:
            out.print(f"  {escape(change.label)}: standard {words(change.standard)}, house "
                      f"{words(change.house)}")
    out.print("[bold]The optimizer's best design under each catalog[/bold]")
    for best in comparison.bests:
        out.print(f"  {escape(best.budget)}: standard {best.standard_points} points, house "
                  f"{best.house_points} points; {len(best.differs)} figures differ")
        for line in best.differs[:12]:
            out.print(f"    {escape(line)}")
        if len(best.differs) > 12:
            out.print(f"    ... {len(best.differs) - 12} more")
