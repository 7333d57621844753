"""The `shipyard` command line: cost, validate, catalog, schema, samples, export, duel.

A face on the rules core. Every user-file problem becomes one line on stderr
and exit code 2; illegal designs exit 1 from `validate`; never a traceback.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer
from rich.markup import escape
from rich.table import Table

from shipyard import __version__
from shipyard.commands.compare import compare_command
from shipyard.commands.duel import duel_command
from shipyard.commands.export import export_command
from shipyard.commands.fleet import fleet_command, has_fleet, validate_mixed
from shipyard.commands.inputs import (
    FOLDER_HELP,
    CatalogNotes,
    Loaded,
    catalog_data,
    catalog_line,
    catalog_ruleset,
    house_data,
    load_all,
)
from shipyard.commands.optimize import optimize_command
from shipyard.commands.options import BudgetOpt, CatalogOpt
from shipyard.commands.reference import rules_command, rulesets_command
from shipyard.commands.sheets import issue_line, print_sheet
from shipyard.commands.terminal import EXIT_ILLEGAL, EXIT_UNREADABLE, fail, out, problem
from shipyard.commands.tournament import tournament_command
from shipyard.commands.warm import warm_command
from shipyard.core.document import ssd_schema
from shipyard.core.errors import ShipyardError
from shipyard.core.issues import Agreement
from shipyard.core.protocol import Evaluation
from shipyard.core.sheet import is_marked
from shipyard.services.fleet import fleet_schema
from shipyard.services.registry import default_ruleset, evaluate, get_ruleset, read_design
from shipyard.services.samples import sample_name, sample_paths

__all__ = ["EXIT_ILLEGAL", "EXIT_UNREADABLE", "app", "fail", "main"]

app = typer.Typer(
    name="shipyard",
    help="Design, price, print and battle-test spacecraft for tabletop space-combat games.",
    add_completion=False,
    pretty_exceptions_enable=False,
)
T = TypeVar("T")

FilesArg = Annotated[
    list[str],
    typer.Argument(help=f"Design files (.ship.json, .toml, .ssd.json), sample:NAME, or "
                   f"folders ({FOLDER_HELP}).", show_default=False, metavar="FILE..."),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")]
HyperOpt = Annotated[
    bool, typer.Option("--allow-hyper-bombs", help="The scenario allows hyper bombs (R15).")
]
MassOpt = Annotated[
    bool, typer.Option("--mass-rule", help="Judge engine needs by mass class (1.4).")
]


def guarded(action: Callable[[], T]) -> T:
    try:
        return action()
    except ShipyardError as exc:
        fail(str(exc))


def _report(loaded: Loaded) -> None:
    """An unreadable file: its one line on stderr."""
    problem(str(loaded.error))


def _json_entries(loaded: list[Loaded],
                  entry: Callable[[str, Evaluation], dict[str, Any]]) -> int:
    """Print one JSON entry per file (an object for one file); the worst exit code.

    An unreadable file is its line on stderr and `{"file", "error"}` among the
    others; a single unreadable file prints nothing on stdout.
    """
    items: list[dict[str, Any]] = []
    for one in loaded:
        if one.evaluation is None:
            _report(one)
            items.append({"file": one.file, "error": str(one.error)})
            continue
        item = entry(one.file, one.evaluation)
        house = catalog_data(one.evaluation)
        if house is not None:
            item["catalog"] = house
        items.append(item)
    if len(loaded) > 1 or loaded[0].evaluation is not None:
        _print_json(items)
    return max(one.code for one in loaded)


def _print_json(items: list[dict[str, Any]]) -> None:
    payload: object = items[0] if len(items) == 1 else items
    print(json.dumps(payload, indent=2))


def _class_data(result: Evaluation) -> dict[str, Any]:
    figure = result.ruleset.class_of(result.sheet)
    return {figure.key: figure.value}


@app.command()
def cost(files: FilesArg, as_json: JsonOpt = False, budget: BudgetOpt = None,
         catalog: CatalogOpt = None, allow_hyper_bombs: HyperOpt = False) -> None:
    """Price designs: every line, the total and the derived figures."""
    scenario = Agreement(budget=budget, hyper_bombs_allowed=allow_hyper_bombs)
    loaded = load_all(files, scenario, catalog)
    if as_json:
        code = _json_entries(loaded, lambda f, r: {
            "file": f, "name": r.design.name, "ruleset": r.ruleset.name,
            **r.ruleset.sheet_data(r.sheet, r.issues)})
        raise typer.Exit(code)
    notes = CatalogNotes()
    for one in loaded:
        if one.evaluation is None:
            _report(one)
            continue
        note = notes.line(one.evaluation)
        if note is not None:
            out.print(note, markup=False)
        print_sheet(one.file, one.evaluation, budget)
    raise typer.Exit(max(one.code for one in loaded))


def _verdict_code(result: Evaluation) -> int:
    return 0 if result.legal else EXIT_ILLEGAL


@app.command()
def validate(files: FilesArg, budget: BudgetOpt = None, as_json: JsonOpt = False,
             catalog: CatalogOpt = None, allow_hyper_bombs: HyperOpt = False,
             mass_rule: MassOpt = False) -> None:
    """Check designs: exit 0 legal (warnings shown), 1 illegal, 2 unreadable (the worst)."""
    scenario = Agreement(budget, allow_hyper_bombs, mass_rule)
    if has_fleet(files):  # fleet files among the designs: each judged as a fleet
        raise typer.Exit(validate_mixed(files, scenario, catalog, as_json, _validate_entry,
                                        _print_verdict, _verdict_code))
    loaded = load_all(files, scenario, catalog)
    codes = [one.code if one.evaluation is None else _verdict_code(one.evaluation)
             for one in loaded]
    if as_json:
        _json_entries(loaded, _validate_entry)
        raise typer.Exit(max(codes))
    notes = CatalogNotes()
    for one in loaded:
        if one.evaluation is None:
            _report(one)
            continue
        _print_verdict(one, notes)
    raise typer.Exit(max(codes))


def _validate_entry(file: str, result: Evaluation) -> dict[str, Any]:
    return {"file": file, "name": result.design.name, "legal": result.legal,
            "total": result.sheet.total, **_class_data(result),
            "issues": [i.to_data() for i in result.issues]}


def _print_verdict(one: Loaded, notes: CatalogNotes) -> None:
    result = one.evaluation
    assert result is not None
    note = notes.line(result)
    if note is not None:
        out.print(note, markup=False)
    verdict = "[green]legal[/green]" if result.legal else "[red]illegal[/red]"
    label = result.ruleset.class_of(result.sheet).label
    out.print(f"{escape(one.file)}: {verdict} ({result.sheet.total} points, "
              f"{escape(label)})")
    for issue in result.issues:
        out.print(issue_line(issue))


@app.command("catalog")
def show_catalog(as_json: JsonOpt = False, catalog: CatalogOpt = None,
                 ruleset: Annotated[str | None, typer.Option(
                     metavar="NAME", show_default=False,
                     help="Ruleset name (default: the default game).")] = None,
                 ) -> None:
    """Print the price list and tables, each with its provenance."""
    # A catalog folder says its own game; --ruleset picks among the bundled ones.
    name = ruleset if ruleset is not None or catalog is None else catalog_ruleset(catalog)
    chosen = guarded(lambda: get_ruleset(name, "--ruleset") if name is not None
                     else default_ruleset())
    loaded = guarded(lambda: chosen.catalog(str(catalog) if catalog else None))
    rows = chosen.price_rows(loaded)
    house = house_data(chosen, loaded)
    if as_json:
        rulings = {k: v.model_dump() for k, v in loaded.rulings.items()}
        print(json.dumps({"ruleset": loaded.manifest.ruleset, "version": loaded.manifest.version,
                          "digest": loaded.digest, "entries": rows, "rulings": rulings,
                          **({"catalog": house} if house is not None else {})}, indent=2))
        return
    if house is not None:
        out.print(catalog_line(house), markup=False)
    table = Table(title=escape(f"{loaded.manifest.title} catalog {loaded.manifest.version}"),
                  title_justify="left", show_edge=False, pad_edge=False)
    for column in ("Item", "Figures", "Source"):
        table.add_column(column)
    for row in rows:
        mark = " *" if is_marked(row["source"], row["rule"]) else ""
        table.add_row(escape(row["label"]), escape(chosen.row_figures(row)),
                      escape(f"{row['source']} {row['rule']}{mark}"))
    out.print(table)
    out.print("\n[bold]Rulings[/bold]")
    for key, ruling in loaded.rulings.items():
        out.print(f"[bold]{escape(key)}[/bold] {escape(ruling.title)}: {escape(ruling.text)}")


KindArg = Annotated[str, typer.Argument(metavar="KIND",
                                        help="Which schema: design, ssd or fleet.")]
RulesetOpt = Annotated[str | None, typer.Option(
    "--ruleset", metavar="NAME", show_default=False,
    help="The game whose design file to describe (default: the default game; "
         "shipyard rulesets lists them).")]


@app.command()
def schema(kind: KindArg = "design", ruleset: RulesetOpt = None) -> None:
    """Print the JSON Schema of a file format."""
    game = guarded(lambda: default_ruleset() if ruleset is None
                   else get_ruleset(ruleset, "--ruleset"))
    schemas = {"design": game.schema, "ssd": ssd_schema, "fleet": fleet_schema}
    if kind not in schemas:
        fail(f"schema: unknown kind {kind!r} (known: {', '.join(schemas)})")
    print(json.dumps(schemas[kind](), indent=2))


@app.command()
def samples(as_json: JsonOpt = False, catalog: CatalogOpt = None) -> None:
    """List the bundled sample designs (use them as sample:NAME)."""
    house = catalog_ruleset(catalog) if catalog is not None else None
    rows: list[dict[str, Any]] = []
    sizes: list[str] = []
    notes = CatalogNotes()
    lines: list[str] = []
    for path in sample_paths():
        def one(path: Path = path) -> Evaluation:
            design = read_design(path)
            # A house catalog prices the samples of its own game; the others keep theirs.
            root = str(catalog) if catalog is not None and house in (None, design.ruleset) \
                else None
            return evaluate(design, catalog_root=root, file=str(path))
        result = guarded(one)
        size = result.ruleset.class_of(result.sheet)
        row = {"name": sample_name(path), "ruleset": result.ruleset.name,
               "design": result.design.name, "total": result.sheet.total,
               size.key: size.value, "legal": result.legal, "file": str(path)}
        data = catalog_data(result)
        if data is not None:
            row["catalog"] = data
        note = notes.line(result)
        if note is not None:
            lines.append(note)
        rows.append(row)
        sizes.append(size.label)
    if as_json:
        print(json.dumps(rows, indent=2))
        return
    for note in lines:
        out.print(note, markup=False)
    table = Table(show_edge=False, pad_edge=False)
    for column in ("Sample", "Design", "Points", "Size"):
        table.add_column(column)
    for row, label in zip(rows, sizes, strict=True):
        table.add_row(escape(f"sample:{row['name']}"), escape(row["design"]), str(row["total"]),
                      escape(label))
    out.print(table)


app.command("export")(export_command)
app.command("fleet")(fleet_command)
app.command("compare")(compare_command)
app.command("tournament")(tournament_command)
app.command("optimize")(optimize_command)
app.command("duel")(duel_command)
app.command("rules")(rules_command)
app.command("rulesets")(rulesets_command)
app.command("warm")(warm_command)


def _version(value: bool) -> None:
    if value:
        print(f"shipyard {__version__}")
        raise typer.Exit()


def _open_designer(file: Path | None, budget: int | None,
                   catalog: Path | None = None) -> None:
    """Read the file first (a bad one is one line and exit 2), then start the designer."""
    from shipyard.services.session import open_session
    from shipyard.tui import run

    session = guarded(lambda: open_session(file, budget=budget, catalog=catalog))
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        fail("the designer needs a terminal; see `shipyard --help` for the other commands")
    run(session)


@app.command()
def design(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="Design file to open; a missing "
                                         "file starts a new design that will be saved there.")],
    budget: BudgetOpt = None,
    catalog: CatalogOpt = None,
) -> None:
    """Open the designer on a design file (or sample:NAME); --catalog prices with house rules."""
    _open_designer(file, budget, catalog)


@app.callback(invoke_without_command=True)
def root(
    context: typer.Context,
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True,
                                          help="Show the version and exit.")] = False,
) -> None:
    """Design, price, print and battle-test spacecraft for tabletop space-combat games.

    With no command, opens the designer on the starter design.
    """
    if context.invoked_subcommand is None:
        _open_designer(None, None)


def main() -> None:
    # User text the terminal cannot show is replaced, never a traceback.
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="replace")
    app()
