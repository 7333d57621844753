"""`shipyard design FILE`: open the designer (the Textual app) on a design file."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from shipyard.commands.options import BudgetOpt, CatalogOpt
from shipyard.commands.terminal import fail, guarded


def open_designer(file: Path | None, budget: int | None,
                  catalog: Path | None = None) -> None:
    """Read the file first (a bad one is one line and exit 2), then start the designer."""
    from shipyard.services.session import open_session
    from shipyard.tui import in_browser, run

    session = guarded(lambda: open_session(file, budget=budget, catalog=catalog))
    if not ((sys.stdin.isatty() and sys.stdout.isatty()) or in_browser()):
        fail("the designer needs a terminal; see `shipyard --help` for the other commands")
    run(session)


def design_command(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="Design file to open; a missing "
                                         "file starts a new design that will be saved there.")],
    budget: BudgetOpt = None,
    catalog: CatalogOpt = None,
) -> None:
    """Open the designer on a design file (or sample:NAME); --catalog prices with house rules."""
    open_designer(file, budget, catalog)
