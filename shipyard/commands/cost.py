"""`shipyard cost` and `shipyard validate`: price designs, and judge them legal or not.

Every user-file problem is one line on stderr and exit 2; an illegal design
exits 1 from `validate`.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape

from shipyard.commands.fleet import has_fleet, validate_mixed
from shipyard.commands.inputs import (
    FOLDER_HELP,
    CatalogNotes,
    Loaded,
    catalog_data,
    load_all,
    skipped,
)
from shipyard.commands.options import BudgetOpt, CatalogOpt, HyperOpt, JsonOpt
from shipyard.commands.sheets import issue_line, print_sheet
from shipyard.commands.terminal import EXIT_ILLEGAL, out, problem, say
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
    verdict = partial(_print_verdict, budget=budget)
    if has_fleet(files):  # fleet files among the designs: each judged as a fleet
        codes = validate_mixed(files, scenario, catalog, as_json, _validate_entry, verdict,
                               _verdict_code)
    else:
        loaded = load_all(files, scenario, catalog)
        codes = [one.code if one.evaluation is None else _verdict_code(one.evaluation)
                 for one in loaded]
        if as_json:
            _json_entries(loaded, _validate_entry)
        else:
            notes = CatalogNotes()
            for one in loaded:
                if one.evaluation is None:
                    _report(one)
                else:
                    verdict(one, notes)
    _print_skipped(files, as_json)
    if not as_json and (len(codes) > 1 or any(Path(file).is_dir() for file in files)):
        out.print(summary_line(codes, len(skipped(files))), markup=False)
    raise typer.Exit(max(codes, default=0))


def summary_line(codes: list[int], skips: int) -> str:
    """One line for many files: how many were checked, legal, illegal, unreadable, skipped."""
    count = len(codes)
    text = (f"{count} file{'s' if count != 1 else ''} checked: {codes.count(0)} legal, "
            f"{codes.count(EXIT_ILLEGAL)} illegal, {count - codes.count(0) - codes.count(1)} "
            "unreadable")
    return text + (f"; {skips} skipped (above)" if skips else "")


def _print_skipped(files: list[str], as_json: bool) -> None:
    """What a folder left out that looks meant as a design, and why (stderr beside JSON)."""
    for path, why in skipped(files):
        line = f"skipped {path}: {why}"
        if as_json:
            say(f"shipyard: {line}")
        else:
            out.print(line, markup=False)


def _validate_entry(file: str, result: Evaluation) -> dict[str, Any]:
    return {"file": file, "name": result.design.name, "legal": result.legal,
            "total": result.sheet.total, **_class_data(result),
            "issues": [i.to_data() for i in result.issues]}


def _print_verdict(one: Loaded, notes: CatalogNotes, budget: int | None = None) -> None:
    result = one.evaluation
    assert result is not None
    note = notes.line(result)
    if note is not None:
        out.print(note, markup=False)
    verdict = "[green]legal[/green]" if result.legal else "[red]illegal[/red]"
    label = result.ruleset.class_of(result.sheet).label
    out.print(f"{escape(one.file)}: {verdict} ({result.sheet.total} points"
              f"{_against(result, budget)}, {escape(label)})")
    for issue in result.issues:
        out.print(issue_line(issue))


def _against(result: Evaluation, budget: int | None) -> str:
    """", 2 left of 500" (or ", 15 over 200") against --budget, else the game's own budget."""
    limit = budget if budget is not None else result.ruleset.budget(result.catalog)
    if limit is None:
        return ""
    left = limit - result.sheet.total
    return f", {left} left of {limit}" if left >= 0 else f", {-left} over {limit}"
