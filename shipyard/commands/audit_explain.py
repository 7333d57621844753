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
from shipyard.services.audit_explain import Explained
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


def print_explained(found: list[Explained], key: str, wanted: Path, root: str | None,
                    game: Ruleset) -> None:
    """Each context's figure for the system, the designs written, the duel commands."""
    folder = _folder(wanted)
    written: dict[str, str] = {}
    catalog = ["--catalog", root] if root is not None else []
    for item in found:
        context = item.context
        out.print(f"[bold]{escape(context.label)}[/bold]: {item.measure} change "
                  f"{item.change:+.4f}")
        files: dict[str, str] = {}
        for variant, data in item.designs.items():
            if variant == BASE and context.source.startswith("sample:"):
                files[variant] = context.source
                continue
            name = f"{_slug(context.source)}-{_slug(variant)}.ship.json"
            if name not in written:
                data = {**data, "name": f"{data.get('name', '')} ({variant})".strip()}
                try:
                    write_atomic(folder / name, json_text(data).encode())
                except ShipyardError as exc:
                    fail(str(exc))
                written[name] = variant
            files[variant] = str(folder / name)
        for batch in item.batches:
            words = {BASE: "the design", ANCHOR: "one anchor unit fewer"}.get(
                batch.variant, f"with {batch.variant}")
            command = ["shipyard", "duel", files[batch.variant], batch.opponent, "--seed",
                       str(batch.master), "--runs", str(batch.runs), "--policy-a",
                       context.policy, "--policy-b", context.policy, *catalog]
            out.print(f"  {escape(words)} v {escape(batch.opponent)}: {batch.wins} won, "
                      f"{batch.draws} drawn, {batch.losses} lost; margin "
                      f"{batch.margin / max(batch.runs, 1):+.2f} a duel", markup=True)
            out.print(f"    {shlex.join(command)}", markup=False)
    out.print(f"{len(written)} design files written to {folder}", markup=False)


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
