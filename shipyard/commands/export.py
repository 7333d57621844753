"""`shipyard export`: record sheets as an SSD document, SVG, PDF, text or Markdown.

Exit codes: 0 written, 1 an illegal design refused (its errors on stderr),
2 an unreadable file, an unknown option, a sheet no design has, or a failed
write. Every file is read and judged before anything is written: one bad
file among many names itself (and every other bad one) and nothing is written.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from shipyard.commands.fleet import export_fleet
from shipyard.commands.inputs import FOLDER_HELP, CatalogNotes, input_paths, load_all
from shipyard.commands.options import BudgetOpt, CatalogOpt, HyperOpt, turns_option
from shipyard.commands.outputs import ForceOpt, check_output
from shipyard.commands.terminal import (
    EXIT_ILLEGAL,
    EXIT_UNREADABLE,
    detail,
    emit,
    fail,
    problem,
    say,
)
from shipyard.core.document import SsdDocument
from shipyard.core.drawing import PAPERS
from shipyard.core.errors import ShipyardError
from shipyard.core.issues import Agreement
from shipyard.core.protocol import DEFAULT_TURNS
from shipyard.render.export import (
    FORMATS,
    IllegalDesignError,
    all_sheets,
    check_options,
    default_target,
    format_of,
    missing_sheets,
    refusal,
    write,
)
from shipyard.render.fleet_pack import default_pack_target
from shipyard.services.fleet import is_fleet

EXIT_OK = 0

FilesArg = Annotated[
    list[str],
    typer.Argument(help=f"Design or SSD files (.ship.json, .ssd.json, .toml), sample:NAME, "
                   f"or folders ({FOLDER_HELP}).", show_default=False, metavar="FILE..."),
]
FormatOpt = Annotated[
    str | None,
    typer.Option("--format", "-f", metavar="FORMAT", show_default=False,
                 help=f"One of: {', '.join(FORMATS)}. Default: what the -o file's extension "
                 "says (.pdf, .svg, .txt, .md, .ssd.json), else pdf."),
]
OutputOpt = Annotated[
    Path | None,
    typer.Option("--output", "-o", metavar="FILE", show_default=False,
                 help="Write here. Default: stdout; a PDF goes to NAME.pdf "
                 "(fleet.pdf for several files) in the current folder."),
]
PaperOpt = Annotated[str, typer.Option("--paper", metavar="PAPER",
                                       help=f"One of: {', '.join(PAPERS)}.")]
SheetsOpt = Annotated[
    str | None, typer.Option("--sheets", metavar="LIST", show_default=False,
                             help="Comma-separated sheets, each game's own (shipyard "
                             "rulesets lists them). Default: every sheet the design has.")
]
DraftOpt = Annotated[
    bool, typer.Option("--draft", help="Export an illegal design, marked DRAFT.")
]
TurnsOpt = Annotated[int, turns_option(
    "Turns the power form, acceleration records and velocity row cover (default 20).")]


def choose_format(given: str | None, output: Path | None) -> str:
    """The format: -f, else the -o file's extension, else PDF; a contradiction exits 2."""
    named = format_of(output) if output is not None else None
    if given is not None:
        if named is not None and named != given:
            fail(f"-f {given} contradicts -o {output}, whose extension says {named} "
                 f"(drop -f, or give the file a matching extension)")
        return given
    if named is not None:
        return named
    if output is not None:
        problem(f"{output}: the extension names no format; writing pdf (-f chooses one)")
    return "pdf"


def _illegal(exc: IllegalDesignError) -> None:
    problem(str(exc))
    for issue in exc.issues:
        where = f" {issue.path}:" if issue.path else ""
        detail(f"  {issue.severity}{where} {issue.message}")


def _check_sheets(files: list[str], docs: list[SsdDocument], sheets: list[str],
                  explicit: bool) -> bool:
    """Every design must have at least one chosen sheet; True if one has none.

    A design that lacks some of the sheets asked for by name gets a note.
    """
    empty = False
    for file, doc in zip(files, docs, strict=True):
        missing = missing_sheets(doc, sheets)
        reasons = "; ".join(f"no {sheet} sheet: {why}" for sheet, why in missing.items())
        if len(missing) == len(sheets):
            problem(f"{file}: nothing to export with --sheets {','.join(sheets)}: {reasons}")
            empty = True
        elif missing and explicit:
            problem(f"{file}: {reasons} (left out)")
    return empty


def export_command(files: FilesArg, format: FormatOpt = None, output: OutputOpt = None,
                   paper: PaperOpt = "a4", sheets: SheetsOpt = None,
                   draft: DraftOpt = False, budget: BudgetOpt = None,
                   catalog: CatalogOpt = None, turns: TurnsOpt = DEFAULT_TURNS,
                   force: ForceOpt = False, allow_hyper_bombs: HyperOpt = False) -> None:
    """Export record sheets: SSD, power management form, acceleration records."""
    scenario = Agreement(budget=budget, hyper_bombs_allowed=allow_hyper_bombs)
    # Format and paper names are all lower case: -f PDF and --paper A4 mean the same.
    format, paper = (None if format is None else format.lower()), paper.lower()
    inputs = input_paths(files)
    if output is not None:  # before anything else: a bad -o is the first thing said
        check_output(output, inputs, force)
    fmt = choose_format(format, output)
    chosen = [s.strip() for s in (sheets or ",".join(all_sheets())).split(",") if s.strip()]
    try:
        check_options(fmt, paper, chosen, turns)
    except ShipyardError as exc:
        fail(str(exc))
    fleet = any(is_fleet(file) for file in files)
    target = (default_pack_target(files[0], fmt) if fleet else default_target(files, fmt))
    if output is None and target is not None:
        check_output(target, inputs, force)
    if fleet:  # a fleet pack: roster, then every ship
        export_fleet(files, fmt, output, paper, chosen, sheets is not None, draft, scenario,
                     catalog, turns)
        return
    loaded = load_all(files, scenario, catalog)
    code = EXIT_OK
    for one in loaded:
        if one.evaluation is None:
            problem(str(one.error))
            code = EXIT_UNREADABLE
            continue
        refused = refusal(one.file, one.evaluation, draft)
        if refused is not None:
            _illegal(refused)
            code = max(code, EXIT_ILLEGAL)
    if code != EXIT_OK:
        bad = sum(1 for one in loaded if one.evaluation is None
                  or refusal(one.file, one.evaluation, draft) is not None)
        if len(loaded) > 1:
            problem(f"nothing written: {bad} of {len(loaded)} designs cannot be exported")
        raise typer.Exit(code)
    good = [(one.file, one.evaluation) for one in loaded if one.evaluation is not None]
    docs = [e.ruleset.document(e, budget=budget, draft=draft) for _, e in good]
    if fmt != "ssd-json" and _check_sheets([f for f, _ in good], docs, chosen,
                                           sheets is not None):
        raise typer.Exit(EXIT_UNREADABLE)
    root = str(catalog) if catalog is not None else None
    try:
        result = write([f for f, _ in good], docs, fmt, output, paper, chosen, root, turns)
    except ShipyardError as exc:
        fail(str(exc))
    notes = CatalogNotes()
    for _, evaluation in good:
        note = notes.line(evaluation)
        if note is not None:
            problem(note)
    if result.target is None:
        emit(result.content.decode())
    else:
        say(f"wrote {result.target}")
    for doc in result.documents:
        if doc.draft and not doc.legal:
            problem(f"{doc.name or '(unnamed)'}: illegal design exported as DRAFT")
