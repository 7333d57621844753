"""`shipyard fleet FILE`: a fleet's roster, its total against the budget, its issues.

Also what `validate` and `export` do with a fleet file: `validate` judges
it like a design (exit 0 legal, 1 illegal, 2 unreadable), and `export`
prints its fleet pack (`export_fleet`). A fleet file that cannot be read,
or names a design that cannot be, is one line naming the fleet file, the
entry and the design, exit 2.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.table import Table

from shipyard.commands.inputs import (
    DESIGN_SUFFIXES,
    CatalogNotes,
    Loaded,
    catalog_data,
    catalog_ruleset,
    load_all,
)
from shipyard.commands.options import BudgetOpt, CatalogOpt, HyperOpt
from shipyard.commands.terminal import (
    EXIT_ILLEGAL,
    EXIT_UNREADABLE,
    detail,
    emit,
    fail,
    out,
    problem,
    say,
)
from shipyard.core.errors import DesignReadError, ShipyardError
from shipyard.core.issues import Agreement, Issue
from shipyard.core.neutral import Evaluation
from shipyard.core.protocol import DEFAULT_TURNS
from shipyard.render.export import check_options, missing_sheets
from shipyard.render.fleet_pack import pack_export, render_pack, ship_documents
from shipyard.services.fleet import (
    SUFFIXES,
    FleetReport,
    is_fleet,
    judge,
    read_fleet,
    total_words,
)
from shipyard.services.samples import PREFIX, resolve_fleet

FleetArg = Annotated[str, typer.Argument(
    metavar="FILE", show_default=False,
    help="A fleet file (.fleet.json or TOML), or sample-fleet:NAME.")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")]


def load_fleet(argument: str, budget: int | None = None, scenario: Agreement | None = None,
               catalog: Path | None = None) -> FleetReport:
    """Read and judge a fleet file; any `ShipyardError` names the file."""
    path = resolve_fleet(argument)  # a file, or sample-fleet:NAME
    fleet = read_fleet(path)
    root = None
    if catalog is not None:
        house = catalog_ruleset(catalog)
        if house is not None and house != fleet.ruleset.name:
            raise DesignReadError(argument, f"a {fleet.ruleset.name} fleet cannot be priced "
                                  f"with the {house} catalog {catalog}", "ruleset")
        root = str(catalog)
    return judge(fleet, budget, scenario, root)


def fleet_code(report: FleetReport) -> int:
    return 0 if report.legal else EXIT_ILLEGAL


def issue_line(issue: Issue) -> str:
    where = f" {escape(issue.path)}:" if issue.path else ""
    colour = "red" if issue.severity == "error" else "yellow"
    return f"  [{colour}]{issue.severity}[/{colour}]{where} {escape(issue.message)}"


def print_roster(file: str, report: FleetReport) -> None:
    title = (f"{escape(report.fleet.name or '(unnamed fleet)')}  [dim]{escape(file)}, "
             f"{escape(report.fleet.ruleset.title)}[/dim]")
    table = Table(title=title, title_justify="left", show_edge=False, pad_edge=False)
    for column in ("Ship", "Design", "Points", "Size", "Legal"):
        table.add_column(column, justify="right" if column == "Points" else "left")
    for ship in report.ships:
        evaluation = ship.evaluation
        table.add_row(escape(ship.name), escape(evaluation.design.name or "(unnamed)"),
                      str(ship.points), escape(evaluation.ruleset.class_of(evaluation.sheet)
                                               .label),
                      "legal" if ship.legal else "[red]illegal[/red]")
    out.print(table)
    verdict = "[green]LEGAL[/green]" if report.legal else "[red]ILLEGAL[/red]"
    out.print(f"[bold]{escape(total_words(report))}[/bold]  {verdict}")
    for issue in report.issues:
        out.print(issue_line(issue))


def fleet_command(file: FleetArg, budget: BudgetOpt = None, as_json: JsonOpt = False,
                  catalog: CatalogOpt = None, allow_hyper_bombs: HyperOpt = False) -> None:
    """A fleet's roster: each ship's points and size, the total against the budget, issues."""
    try:
        report = load_fleet(file, budget, Agreement(hyper_bombs_allowed=allow_hyper_bombs),
                            catalog)
    except ShipyardError as exc:
        fail(str(exc))
    house = catalog_data(report.evaluations[0]) if report.evaluations else None
    if as_json:
        data = report.to_data()
        if house is not None:
            data["catalog"] = house
        print(json.dumps(data, indent=2))
    else:
        for evaluation in report.evaluations[:1]:
            note = CatalogNotes().line(evaluation)
            if note is not None:
                out.print(note, markup=False)
        print_roster(file, report)
    raise typer.Exit(fleet_code(report))


# -- validate ------------------------------------------------------------------


def expand_with_fleets(arguments: Sequence[str]) -> list[str]:
    """Arguments with each folder replaced by its design and fleet files, sorted by name."""
    files: list[str] = []
    for argument in arguments:
        folder = Path(argument)
        if argument.startswith(PREFIX) or not folder.is_dir():
            files.append(argument)
            continue
        found = sorted(p for p in folder.iterdir()
                       if p.name.lower().endswith((*DESIGN_SUFFIXES, *SUFFIXES)) and p.is_file())
        files += [str(p) for p in found] or [argument]
    return files


def has_fleet(arguments: Sequence[str]) -> bool:
    return any(is_fleet(file) for file in expand_with_fleets(arguments))


@dataclass(frozen=True)
class FleetLoaded:
    file: str
    report: FleetReport | None
    error: ShipyardError | None

    @property
    def code(self) -> int:
        return EXIT_UNREADABLE if self.report is None else fleet_code(self.report)


def validate_mixed(arguments: Sequence[str], scenario: Agreement, catalog: Path | None,
                   as_json: bool, design_entry: Callable[[str, Evaluation], dict[str, Any]],
                   design_text: Callable[[Loaded, CatalogNotes], None],
                   design_code: Callable[[Evaluation], int]) -> list[int]:
    """`validate` over designs and fleets, in the order given; each one's exit code.

    Designs are reported by the callbacks exactly as `validate` reports them;
    a fleet is its verdict line and issues (text), or `{"file", **fleet}` (JSON).
    """
    items: list[Loaded | FleetLoaded] = []
    for file in expand_with_fleets(arguments):
        if is_fleet(file):
            try:
                items.append(FleetLoaded(file, load_fleet(file, scenario.budget, scenario,
                                                          catalog), None))
            except ShipyardError as exc:
                items.append(FleetLoaded(file, None, exc))
        else:
            items += load_all([file], scenario, catalog)
    codes = []
    entries: list[dict[str, Any]] = []
    notes = CatalogNotes()
    for item in items:
        error = item.error
        if isinstance(item, FleetLoaded):
            codes.append(item.code)
            if item.report is None:
                problem(str(error))
                entries.append({"file": item.file, "error": str(error)})
            elif as_json:
                entries.append({"file": item.file, **item.report.to_data()})
            else:
                _fleet_verdict(item.file, item.report)
            continue
        if item.evaluation is None:
            codes.append(item.code)
            problem(str(error))
            entries.append({"file": item.file, "error": str(error)})
            continue
        codes.append(design_code(item.evaluation))
        if as_json:
            entry = design_entry(item.file, item.evaluation)
            house = catalog_data(item.evaluation)
            if house is not None:
                entry["catalog"] = house
            entries.append(entry)
        else:
            design_text(item, notes)
    if as_json and (len(items) > 1 or (entries and "error" not in entries[0])):
        print(json.dumps(entries[0] if len(entries) == 1 else entries, indent=2))
    return codes


def _fleet_verdict(file: str, report: FleetReport) -> None:
    verdict = "[green]legal[/green]" if report.legal else "[red]illegal[/red]"
    out.print(f"{escape(file)}: {verdict} fleet ({escape(total_words(report))}, "
              f"{len(report.ships)} ship{'' if len(report.ships) == 1 else 's'})")
    for issue in report.issues:
        out.print(issue_line(issue))


# -- export --------------------------------------------------------------------


def export_fleet(files: Sequence[str], fmt: str, output: Path | None, paper: str,
                 chosen: Sequence[str], explicit: bool, draft: bool, scenario: Agreement,
                 catalog: Path | None, turns: int = DEFAULT_TURNS) -> None:
    """`shipyard export FLEET`: the roster page, then every ship's sheets."""
    if len(files) != 1:
        fail("a fleet is exported on its own: give one fleet file (its ships are the pack)")
    file = files[0]
    try:
        check_options(fmt, paper, chosen, turns)
        report = load_fleet(file, scenario.budget, scenario, catalog)
    except ShipyardError as exc:
        fail(str(exc))
    errors = [issue for issue in report.issues if issue.severity == "error"]
    if errors and not draft:
        problem(f"{file}: illegal fleet, not exported (--draft exports it anyway)")
        for issue in errors:
            where = f" {issue.path}:" if issue.path else ""
            detail(f"  error{where} {issue.message}")
        raise typer.Exit(EXIT_ILLEGAL)
    docs = ship_documents(report, draft)
    if fmt != "ssd-json":
        for evaluation, entry in zip(report.evaluations, report.fleet.entries, strict=True):
            doc = evaluation.ruleset.document(evaluation)
            missing = missing_sheets(doc, chosen)
            if len(missing) == len(chosen):
                reasons = "; ".join(f"no {s} sheet: {why}" for s, why in missing.items())
                fail(f"{file}: {entry.path}: nothing to export with --sheets "
                     f"{','.join(chosen)}: {reasons}")
            if missing and explicit:
                problem(f"{file}: {entry.path}: "
                        + "; ".join(f"no {s} sheet: {why}" for s, why in missing.items())
                        + " (left out)")
    root = str(catalog) if catalog is not None else None
    try:
        content = render_pack(report, docs, fmt, paper, chosen, draft, root, turns)
        result = pack_export(report, docs, content, output, fmt)
    except ShipyardError as exc:
        fail(str(exc))
    if result.target is None:
        emit(result.content.decode())
    else:
        say(f"wrote {result.target}")
    if draft and not report.legal:
        problem(f"{report.fleet.name or file}: illegal fleet exported as DRAFT")
