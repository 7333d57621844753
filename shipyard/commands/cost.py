"""`shipyard cost` and `shipyard validate`: price designs, and judge them legal or not.

Every user-file problem is one line on stderr and exit 2; an illegal design
exits 1 from `validate`.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Annotated, Any

import typer
from rich.markup import escape

from shipyard.commands.fleet import has_fleet, validate_mixed
from shipyard.commands.inputs import FOLDER_HELP, CatalogNotes, Loaded, catalog_data, load_all
from shipyard.commands.options import BudgetOpt, CatalogOpt, HyperOpt, JsonOpt
from shipyard.commands.sheets import issue_line, print_sheet
from shipyard.commands.terminal import EXIT_ILLEGAL, out, problem
from shipyard.core.issues import Agreement
from shipyard.core.neutral import Evaluation

FilesArg = Annotated[
    list[str],
    typer.Argument(help=f"Design files (.ship.json, .toml, .ssd.json), sample:NAME, or "
                   f"folders ({FOLDER_HELP}).", show_default=False, metavar="FILE..."),
]
MassOpt = Annotated[
    bool, typer.Option("--mass-rule", help="Judge engine needs by mass class (1.4).")
]



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


def cost_command(files: FilesArg, as_json: JsonOpt = False, budget: BudgetOpt = None,
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


def validate_command(files: FilesArg, budget: BudgetOpt = None, as_json: JsonOpt = False,
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
