"""`shipyard audit`: what every system is worth per point, measured from duels and battles.

Prints the table (system, price, worth per point with its interval, balance index,
suggested price, the contexts where it is off), or `--json` (`shipyard.audit/1`),
`--markdown`; writes `--csv` and a forest plot (`--chart FILE.svg` or `.pdf`); saves the
audit for the designer's catalog screen. `--contexts duels|battles|all` chooses the
kinds of context (battles where the game has them). `--explain SYSTEM` prints the duel and
battle commands behind one system's figures; `--against catalog` sets a house catalog against the
standard one. Deterministic for a seed whatever `--workers` is, and the same on a Dask
cluster (`--scheduler`). Bad input is one line and exit 2.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from shipyard.commands.audit_explain import print_explained
from shipyard.commands.audit_output import csv_text, markdown, table
from shipyard.commands.inputs import catalog_ruleset
from shipyard.commands.options import CatalogOpt, SchedulerOpt, WorkersOpt, until_ci_option
from shipyard.commands.outputs import ForceOpt, check_output
from shipyard.commands.terminal import err_console, fail, guarded, out, say
from shipyard.core.errors import ShipyardError
from shipyard.core.files import encodable, write_atomic
from shipyard.core.neutral import Ruleset
from shipyard.services import audit_store
from shipyard.services.audit import BATTLES, DUELS, KINDS, Settings
from shipyard.services.audit_explain import explain
from shipyard.services.audit_house import compare, same_settings
from shipyard.services.audit_run import run_audit
from shipyard.services.cluster import connect
from shipyard.services.house import is_bundled
from shipyard.services.registry import default_ruleset, ruleset_option


def _list(text: str | None) -> tuple[str, ...] | None:
    if text is None:
        return None
    if text.strip().lower() == "none":
        return ()
    return tuple(part.strip() for part in text.split(",") if part.strip())


def _budgets(text: str | None) -> tuple[int, ...] | None:
    found = _list(text)
    if found is None:
        return None
    try:
        budgets = tuple(int(part) for part in found)
    except ValueError:
        fail(f"--budgets: expected whole numbers separated by commas, or none; got {text!r}")
    if any(b <= 0 for b in budgets):
        fail("--budgets: every budget must be above 0")
    return budgets


def _game(ruleset: str | None, catalog: Path | None) -> Ruleset:
    name = ruleset if ruleset is not None or catalog is None else catalog_ruleset(catalog)
    return guarded(lambda: ruleset_option(name) if name is not None else default_ruleset())


def _samples(text: str | None) -> tuple[str, ...] | None:
    found = _list(text)
    if found is None:
        return None
    return tuple(s if s.startswith("sample:") else f"sample:{s.lower()}" for s in found)


def _kinds(text: str) -> tuple[str, ...]:
    words = {"all": KINDS, DUELS: (DUELS,), BATTLES: (BATTLES,)}
    if text not in words:
        fail(f"--contexts: duels, battles or all, not {text!r}")
    return words[text]


def _fleets(text: str | None) -> tuple[str, ...] | None:
    found = _list(text)
    if found is None:
        return None
    return tuple(s if s.startswith("sample-fleet:") else f"sample-fleet:{s.lower()}"
                 for s in found)


def _progress(quiet: bool) -> Progress:
    return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                    TimeRemainingColumn(), console=err_console(), transient=True,
                    disable=quiet)


def _run(game: Ruleset, root: str | None, settings: Settings, quiet: bool) -> dict[str, Any]:
    with _progress(quiet) as bar:
        task = bar.add_task("contexts", total=None)

        def told(what: str, duels: int) -> None:
            if what:
                bar.update(task, description=what)
            if duels:
                bar.advance(task, duels)

        def planned(duels: int) -> None:
            total = bar.tasks[0].total or 0
            bar.update(task, total=total + duels)
        result = run_audit(game, root, settings, told, planned)
    return result.to_data()


def _write(path: Path, content: bytes) -> None:
    try:
        write_atomic(path, content)
    except ShipyardError as exc:
        fail(str(exc))


def _chart(path: Path, data: dict[str, Any], title: str) -> None:
    from shipyard.render.audit_chart import chart_pdf, chart_svg

    if path.suffix.lower() == ".pdf":
        _write(path, chart_pdf(data, title))
    else:
        _write(path, encodable(chart_svg(data, title)).encode())


def audit_command(
    ruleset: Annotated[str | None, typer.Option(
        "--ruleset", metavar="NAME", show_default=False,
        help="The game (default: the catalog's, else the default game).")] = None,
    catalog: CatalogOpt = None,
    seed: Annotated[int, typer.Option("--seed", metavar="N", help="Master seed.")] = 1,
    runs: Annotated[int | None, typer.Option(
        "--runs", min=2, max=10_000, metavar="N", show_default=False,
        help="Duels per opponent, context and variant (a block, with --until-ci; default: "
             "about 2.5 million duels in all, 20 to 200 a block, at most 100 beside "
             "battles).")] = None,
    battle_runs: Annotated[int | None, typer.Option(
        "--battle-runs", min=2, max=10_000, metavar="N", show_default=False,
        help="Battles per opponent fleet, context and variant (a block; default: about "
             "45,000 battles in all, 10 to 200 a block).")] = None,
    kinds: Annotated[str, typer.Option(
        "--contexts", metavar="KIND",
        help="Which contexts: duels, battles (a fleet of the design against the bundled "
             "fleets, where the game has battles) or all.")] = "all",
    workers: WorkersOpt = 1,
    until_ci: Annotated[float | None, until_ci_option(
        "Fight block after block (8 at most) until every system's balance-index 95% "
        "interval is narrower than this.")] = None,
    scheduler: SchedulerOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")]
    = False,
    csv_file: Annotated[Path | None, typer.Option(
        "--csv", metavar="FILE", show_default=False, help="Also write the table as CSV.")]
    = None,
    as_markdown: Annotated[bool, typer.Option(
        "--markdown", help="Print the table as Markdown.")] = False,
    chart: Annotated[Path | None, typer.Option(
        "--chart", metavar="FILE", show_default=False,
        help="Also write a forest plot: FILE.svg or FILE.pdf.")] = None,
    explain_system: Annotated[str | None, typer.Option(
        "--explain", metavar="SYSTEM", show_default=False,
        help="Print the duel and battle commands behind one system's figures (its key, as "
             "the JSON names it) and write the designs and fleets they need to "
             "--explain-dir.")] = None,
    explain_dir: Annotated[Path, typer.Option(
        "--explain-dir", metavar="DIR", help="Folder for --explain's design and fleet "
                                             "files (made; a new one beside it if it "
                                             "exists).")]
    = Path("audit-explain"),
    against: Annotated[str | None, typer.Option(
        "--against", metavar="catalog", show_default=False,
        help="With --catalog: set the house catalog against the standard one.")] = None,
    systems: Annotated[str | None, typer.Option(
        "--systems", metavar="KEYS", show_default=False,
        help="Only these systems (keys separated by commas).")] = None,
    samples: Annotated[str | None, typer.Option(
        "--samples", metavar="NAMES", show_default=False,
        help="Only these samples as contexts (names separated by commas, or none).")] = None,
    opponents: Annotated[str | None, typer.Option(
        "--field", metavar="NAMES", show_default=False,
        help="Only these samples as the duels' opponents (names separated by commas).")]
    = None,
    fleets: Annotated[str | None, typer.Option(
        "--fleets", metavar="NAMES", show_default=False,
        help="Only these sample fleets as the battles' opponents (names separated by "
             "commas).")] = None,
    budgets: Annotated[str | None, typer.Option(
        "--budgets", metavar="N,N", show_default=False,
        help="Budgets of the optimized contexts (default: the game's; none: no optimizer).")]
    = None,
    policies: Annotated[str | None, typer.Option(
        "--policies", metavar="NAMES", show_default=False,
        help="Only these captains (default: every captain of the game).")] = None,
    force: ForceOpt = False,
) -> None:
    """What every system is worth per point: paired duels, balance index, suggested price."""
    game = _game(ruleset, catalog)
    declared = catalog_ruleset(catalog) if catalog is not None else None
    if declared is not None and declared != game.name:
        fail(f"{catalog}: a {declared} catalog, not one of {game.name}")
    root = str(catalog) if catalog is not None else None
    loaded = guarded(lambda: game.catalog(root))
    if loaded.manifest.ruleset != game.name:
        fail(f"{catalog}: a {loaded.manifest.ruleset} catalog, not one of {game.name}")
    if against is not None and against != "catalog":
        fail(f"--against: only 'catalog' (the standard catalog) can be compared, not {against!r}")
    if against is not None and (catalog is None or is_bundled(game, loaded)):
        fail("--against catalog needs a house catalog: give it with --catalog DIR")
    for path, option in ((csv_file, "--csv"), (chart, "--chart")):
        if path is not None:
            check_output(path, [], force, option)
    if chart is not None and chart.suffix.lower() not in (".svg", ".pdf"):
        fail(f"{chart}: --chart writes .svg or .pdf files")
    chosen = _list(policies)
    if chosen is not None and game.duels is not None:
        unknown = [p for p in chosen if p not in game.duels.policies]
        if unknown:
            fail(f"--policies: unknown captain {unknown[0]!r} (known: "
                 f"{', '.join(game.duels.policies)})")
    settings = Settings(seed=seed, runs=runs or 0, battle_runs=battle_runs or 0,
                        kinds=_kinds(kinds), fleets=_fleets(fleets),
                        workers=workers if workers > 0 else (os.cpu_count() or 1),
                        scheduler=scheduler, until_ci=until_ci, systems=_list(systems) or (),
                        samples=_samples(samples), opponents=_samples(opponents),
                        budgets=_budgets(budgets),
                        policies=chosen or None)
    if scheduler is not None:
        guarded(lambda: connect(scheduler))
    title = f"{loaded.manifest.title} catalog {loaded.manifest.version}"
    if explain_system is not None:
        found = guarded(lambda: explain(game, root, settings, explain_system))
        print_explained(found, explain_system, explain_dir, root, game)
        return
    data = guarded(lambda: _run(game, root, settings, as_json))
    saved = guarded(lambda: audit_store.save(data))
    if csv_file is not None:
        _write(csv_file, encodable(csv_text(data)).encode())
    if chart is not None:
        _chart(chart, data, title)
    if against is not None:
        _against(game, data, settings, as_json, title)
        return
    if as_json:
        print(json.dumps(data, indent=2))
        return
    if as_markdown:
        print(markdown(data, title), end="")
    else:
        out.print(table(data, title))
        out.print("Worth/pt: log-odds of winning a point buys; index: worth per point "
                  "against the median system (1 = fair), flagged when its 95% interval "
                  "excludes 1 (docs/audit.md).", style="dim", markup=False)
    say(f"saved the audit for the catalog screen (F3): {saved}")
    for path in (csv_file, chart):
        if path is not None:
            say(f"wrote {path}")


def _against(game: Ruleset, house: dict[str, Any], settings: Settings, as_json: bool,
             title: str) -> None:
    from shipyard.commands.audit_explain import print_comparison

    standard_catalog = game.catalog(None)
    standard = audit_store.load(game.name, standard_catalog.digest)
    if standard is None or not same_settings(standard, house):
        standard = guarded(lambda: _run(game, None, settings, as_json))
        guarded(lambda: audit_store.save(standard))
    comparison = compare(standard, house)
    if as_json:
        print(json.dumps({"house": house, "standard": standard,
                          "comparison": comparison.to_data()}, indent=2))
        return
    out.print(table(house, title))
    print_comparison(comparison)
