"""The `shipyard` command line: cost, validate, catalog, schema, samples, export, duel.

A face on the rules core. Every user-file problem becomes one line on stderr
and exit code 2; illegal designs exit 1 from `validate`; never a traceback.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, NoReturn, TypeVar

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from shipyard import __version__
from shipyard.commands.duel import duel_command
from shipyard.commands.export import export_command
from shipyard.core.document import ssd_schema
from shipyard.core.errors import ShipyardError
from shipyard.core.issues import Issue, Scenario
from shipyard.core.protocol import Evaluation
from shipyard.core.sheet import is_marked, marked
from shipyard.services.registry import default_ruleset, evaluate, get_ruleset, read_design
from shipyard.services.samples import resolve, sample_name, sample_paths

EXIT_OK, EXIT_ILLEGAL, EXIT_UNREADABLE = 0, 1, 2

app = typer.Typer(
    name="shipyard",
    help="Design, price and check spacecraft for The Pentagon War.",
    add_completion=False,
    pretty_exceptions_enable=False,
)
out = Console(highlight=False, soft_wrap=True)

T = TypeVar("T")

FilesArg = Annotated[
    list[str],
    typer.Argument(help="Design files (.ship.json or .toml), or sample:NAME.", show_default=False),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")]
BudgetOpt = Annotated[
    int | None, typer.Option("--budget", min=0, help="Points budget agreed by the players.")
]
CatalogOpt = Annotated[
    Path | None,
    typer.Option("--catalog", help="Use this catalog folder instead of the bundled one."),
]
HyperOpt = Annotated[
    bool, typer.Option("--allow-hyper-bombs", help="The scenario allows hyper bombs (R15).")
]
MassOpt = Annotated[
    bool, typer.Option("--mass-rule", help="Judge engine needs by mass class (1.4).")
]


def fail(message: str, code: int = EXIT_UNREADABLE) -> NoReturn:
    """One clear line on stderr, then exit."""
    print(f"shipyard: {message}", file=sys.stderr)
    raise typer.Exit(code)


def guarded(action: Callable[[], T]) -> T:
    try:
        return action()
    except ShipyardError as exc:
        fail(str(exc))


def _evaluate_all(files: list[str], scenario: Scenario,
                  catalog: Path | None) -> list[tuple[str, Evaluation]]:
    """Read every file first: one unreadable file stops with exit 2."""
    root = str(catalog) if catalog else None
    results = []
    for argument in files:
        def one(argument: str = argument) -> Evaluation:
            path = resolve(argument)
            design = read_design(path)
            return evaluate(design, scenario, root, str(path))
        results.append((argument, guarded(one)))
    return results


def _print_json(items: list[dict[str, Any]]) -> None:
    payload: object = items[0] if len(items) == 1 else items
    print(json.dumps(payload, indent=2))


def _issue_line(issue: Issue) -> str:
    where = f" {escape(issue.path)}:" if issue.path else ""
    colour = "red" if issue.severity == "error" else "yellow"
    return f"  [{colour}]{issue.severity}[/{colour}]{where} {escape(issue.message)}"


def _class_data(result: Evaluation) -> dict[str, Any]:
    figure = result.ruleset.class_of(result.sheet)
    return {figure.key: figure.value}


def _print_sheet(file: str, result: Evaluation, budget: int | None) -> None:
    sheet, design = result.sheet, result.design
    title = f"{escape(design.name or '(unnamed)')}  [dim]{escape(file)}[/dim]"
    table = Table(title=title, title_justify="left", show_edge=False, pad_edge=False)
    table.add_column("Item")
    table.add_column("Boxes", justify="right")
    table.add_column("Points", justify="right")
    table.add_column("Source", style="dim")
    for line in sheet.lines:
        mark = " *" if marked(line) else ""
        points = str(line.price) if line.price.denominator != 1 else str(int(line.price))
        table.add_row(escape(line.item), str(line.boxes or ""), points,
                      f"{line.source} {line.rule}{mark}")
    out.print(table)
    for number, line in enumerate(result.ruleset.summary(result, budget)):
        out.print(line, style="bold" if number == 0 else None, markup=False)
    for issue in result.issues:
        out.print(_issue_line(issue))
    out.print()


@app.command()
def cost(files: FilesArg, as_json: JsonOpt = False, budget: BudgetOpt = None,
         catalog: CatalogOpt = None, allow_hyper_bombs: HyperOpt = False) -> None:
    """Price designs: every line, the total and the derived figures."""
    scenario = Scenario(budget=budget, hyper_bombs_allowed=allow_hyper_bombs)
    results = _evaluate_all(files, scenario, catalog)
    if as_json:
        _print_json([{"file": f, "name": r.design.name,
                      **r.ruleset.sheet_data(r.sheet, r.issues)} for f, r in results])
        return
    for file, result in results:
        _print_sheet(file, result, budget)


@app.command()
def validate(files: FilesArg, budget: BudgetOpt = None, as_json: JsonOpt = False,
             catalog: CatalogOpt = None, allow_hyper_bombs: HyperOpt = False,
             mass_rule: MassOpt = False) -> None:
    """Check designs: exit 0 legal (warnings shown), 1 illegal, 2 unreadable."""
    scenario = Scenario(budget, allow_hyper_bombs, mass_rule)
    results = _evaluate_all(files, scenario, catalog)
    if as_json:
        _print_json([
            {"file": f, "name": r.design.name, "legal": r.legal, "total": r.sheet.total,
             **_class_data(r), "issues": [i.to_data() for i in r.issues]}
            for f, r in results
        ])
    else:
        for file, result in results:
            verdict = "[green]legal[/green]" if result.legal else "[red]illegal[/red]"
            label = result.ruleset.class_of(result.sheet).label
            out.print(f"{escape(file)}: {verdict} ({result.sheet.total} points, "
                      f"{escape(label)})")
            for issue in result.issues:
                out.print(_issue_line(issue))
    if not all(result.legal for _, result in results):
        raise typer.Exit(EXIT_ILLEGAL)


@app.command("catalog")
def show_catalog(as_json: JsonOpt = False, catalog: CatalogOpt = None,
                 ruleset: Annotated[str, typer.Option(help="Ruleset name.")] = "pentagon-war",
                 ) -> None:
    """Print the price list and tables, each with its provenance."""
    loaded = guarded(lambda: get_ruleset(ruleset, "--ruleset").catalog(
        str(catalog) if catalog else None))
    chosen = get_ruleset(ruleset, "--ruleset")
    rows = chosen.price_rows(loaded)
    if as_json:
        rulings = {k: v.model_dump() for k, v in loaded.rulings.items()}
        print(json.dumps({"ruleset": loaded.manifest.ruleset, "version": loaded.manifest.version,
                          "digest": loaded.digest, "entries": rows, "rulings": rulings},
                         indent=2))
        return
    table = Table(title=f"{loaded.manifest.title} catalog {loaded.manifest.version}",
                  title_justify="left", show_edge=False, pad_edge=False)
    for column in ("Item", "Figures", "Source"):
        table.add_column(column)
    for row in rows:
        mark = " *" if is_marked(row["source"], row["rule"]) else ""
        table.add_row(row["label"], chosen.row_figures(row),
                      f"{row['source']} {row['rule']}{mark}")
    out.print(table)
    out.print("\n[bold]Rulings[/bold]")
    for key, ruling in loaded.rulings.items():
        out.print(f"[bold]{key}[/bold] {ruling.title}: {ruling.text}")


@app.command()
def schema(kind: Annotated[str, typer.Argument(help="Which schema: design or ssd.")] = "design",
           ) -> None:
    """Print the JSON Schema of a file format."""
    schemas = {"design": default_ruleset().schema, "ssd": ssd_schema}
    if kind not in schemas:
        fail(f"schema: unknown kind {kind!r} (known: {', '.join(schemas)})")
    print(json.dumps(schemas[kind](), indent=2))


@app.command()
def samples(as_json: JsonOpt = False) -> None:
    """List the bundled sample designs (use them as sample:NAME)."""
    rows: list[dict[str, Any]] = []
    sizes: list[str] = []
    for path in sample_paths():
        def one(path: Path = path) -> Evaluation:
            return evaluate(read_design(path), file=str(path))
        result = guarded(one)
        size = result.ruleset.class_of(result.sheet)
        rows.append({"name": sample_name(path), "ruleset": result.ruleset.name,
                     "design": result.design.name, "total": result.sheet.total,
                     size.key: size.value, "legal": result.legal, "file": str(path)})
        sizes.append(size.label)
    if as_json:
        print(json.dumps(rows, indent=2))
        return
    table = Table(show_edge=False, pad_edge=False)
    for column in ("Sample", "Design", "Points", "Size"):
        table.add_column(column)
    for row, label in zip(rows, sizes, strict=True):
        table.add_row(f"sample:{row['name']}", row["design"], str(row["total"]), label)
    out.print(table)


app.command("export")(export_command)
app.command("duel")(duel_command)


def _version(value: bool) -> None:
    if value:
        print(f"shipyard {__version__}")
        raise typer.Exit()


def _open_designer(file: Path | None, budget: int | None) -> None:
    """Read the file first (a bad one is one line and exit 2), then start the designer."""
    from shipyard.services.session import open_session
    from shipyard.tui import run

    session = guarded(lambda: open_session(file, budget=budget))
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        fail("the designer needs a terminal; see `shipyard --help` for the other commands")
    run(session)


@app.command()
def design(
    file: Annotated[Path, typer.Argument(help="Design file to open; a missing file starts a "
                                              "new design that will be saved there.")],
    budget: BudgetOpt = None,
) -> None:
    """Open the designer on a design file (or sample:NAME)."""
    _open_designer(file, budget)


@app.callback(invoke_without_command=True)
def root(
    context: typer.Context,
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True,
                                          help="Show the version and exit.")] = False,
) -> None:
    """Design, price and check spacecraft for The Pentagon War.

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
