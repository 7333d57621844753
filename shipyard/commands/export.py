"""`shipyard export`: record sheets as an SSD document, SVG, PDF, text or Markdown.

Exit codes: 0 written, 1 an illegal design refused (its errors on stderr),
2 an unreadable file, an unknown option or a failed write.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, NoReturn

import typer

from shipyard.core.drawing import PAPERS
from shipyard.core.errors import ShipyardError
from shipyard.render.export import FORMATS, SHEETS, IllegalDesignError, export

EXIT_OK, EXIT_ILLEGAL, EXIT_UNREADABLE = 0, 1, 2
ALL_SHEETS = ",".join(SHEETS)

FilesArg = Annotated[
    list[str],
    typer.Argument(help="Design or SSD files (.ship.json, .ssd.json, .toml), or sample:NAME.",
                   show_default=False),
]
FormatOpt = Annotated[
    str, typer.Option("--format", "-f", help=f"One of: {', '.join(FORMATS)}.")
]
OutputOpt = Annotated[
    Path | None,
    typer.Option("--output", "-o", help="Write here. Default: stdout; a PDF goes to NAME.pdf "
                 "(fleet.pdf for several files) in the current folder.", show_default=False),
]
PaperOpt = Annotated[str, typer.Option("--paper", help=f"One of: {', '.join(PAPERS)}.")]
SheetsOpt = Annotated[
    str, typer.Option("--sheets", help="Comma-separated sheets: ssd, power, accel.")
]
DraftOpt = Annotated[
    bool, typer.Option("--draft", help="Export an illegal design, marked DRAFT.")
]
BudgetOpt = Annotated[
    int | None, typer.Option("--budget", min=0, help="Points budget agreed by the players.")
]


def _fail(message: str, code: int = EXIT_UNREADABLE) -> NoReturn:
    """One clear line on stderr, then exit."""
    print(f"shipyard: {message}", file=sys.stderr)
    raise typer.Exit(code)


def export_command(files: FilesArg, format: FormatOpt = "pdf", output: OutputOpt = None,
                   paper: PaperOpt = "a4", sheets: SheetsOpt = ALL_SHEETS,
                   draft: DraftOpt = False, budget: BudgetOpt = None) -> None:
    """Export record sheets: SSD, power management form, acceleration record."""
    chosen = [s.strip() for s in sheets.split(",") if s.strip()]
    try:
        result = export(files, format, output, paper, chosen, draft, budget)
    except IllegalDesignError as exc:
        print(f"shipyard: {exc}", file=sys.stderr)
        for issue in exc.issues:
            where = f" {issue.path}:" if issue.path else ""
            print(f"  {issue.severity}{where} {issue.message}", file=sys.stderr)
        raise typer.Exit(EXIT_ILLEGAL) from None
    except ShipyardError as exc:
        _fail(str(exc))
    if result.target is None:
        sys.stdout.write(result.content.decode())
        sys.stdout.flush()
    else:
        print(f"wrote {result.target}", file=sys.stderr)
    for doc in result.documents:
        if doc.draft and not doc.legal:
            print(f"shipyard: {doc.name or '(unnamed)'}: illegal design exported as DRAFT",
                  file=sys.stderr)
