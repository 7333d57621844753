"""`shipyard design FILE` and `shipyard new FILE`: open the designer (the Textual app)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from shipyard.commands.options import BudgetOpt, CatalogOpt, HyperOpt
from shipyard.commands.terminal import fail, guarded

RulesetOpt = Annotated[str | None, typer.Option(
    "--ruleset", metavar="NAME", show_default=False,
    help="The game of a new design (default: the default game; shipyard rulesets lists "
         "them). For a file that exists, it must be the design's own game.")]


def open_designer(file: Path | None, budget: int | None,
                  catalog: Path | None = None, ruleset: str | None = None,
                  hyper_bombs: bool = False) -> None:
    """Read the file first (a bad one is one line and exit 2), then start the designer."""
    from shipyard.services.session import open_session
    from shipyard.tui import in_browser, run

    session = guarded(lambda: open_session(file, budget=budget, catalog=catalog,
                                           ruleset=ruleset, hyper_bombs=hyper_bombs))
    if not ((sys.stdin.isatty() and sys.stdout.isatty()) or in_browser()):
        fail("the designer needs a terminal; see `shipyard --help` for the other commands")
    run(session)


def design_command(
    file: Annotated[Path | None, typer.Argument(
        metavar="[FILE]", show_default=False,
        help="Design file to open; a missing file starts a new design that will be saved "
             "there. None: the starter design, or with --ruleset a new design of that game.")]
    = None,
    ruleset: RulesetOpt = None,
    budget: BudgetOpt = None,
    catalog: CatalogOpt = None,
    allow_hyper_bombs: HyperOpt = False,
) -> None:
    """Open the designer on a design file (or sample:NAME); --catalog prices with house rules."""
    open_designer(file, budget, catalog, ruleset, allow_hyper_bombs)


def new_command(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="Where the new design will be "
                                         "saved (a .ship.json file that does not exist yet).")],
    ruleset: RulesetOpt = None,
    budget: BudgetOpt = None,
    catalog: CatalogOpt = None,
    allow_hyper_bombs: HyperOpt = False,
) -> None:
    """Start a new design of any game in the designer (--ruleset NAME: shipyard rulesets)."""
    if file.exists() or file.is_symlink():
        fail(f"{file}: already exists; open it with `shipyard design {file}`")
    open_designer(file, budget, catalog, ruleset, allow_hyper_bombs)
