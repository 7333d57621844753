"""Where the commands write: user text reaches the terminal exactly as typed.

Design names, file names and catalog text are the player's own words. Rich
would read `[bold]` as markup and `:fire:` as an emoji code; the consoles
here never turn `:name:` into an emoji, and every user string printed with
markup on goes through `escape`. Problems go to stderr as one line each.
"""

from __future__ import annotations

import sys
from typing import NoReturn

import typer
from rich.console import Console

from shipyard.core.protocol import Evaluation
from shipyard.services.batch import COMPILING, compiling

EXIT_OK, EXIT_ILLEGAL, EXIT_UNREADABLE = 0, 1, 2

out = Console(highlight=False, soft_wrap=True, emoji=False)


def problem(message: str) -> None:
    """One line on stderr, after whatever stdout already holds (so the order holds)."""
    sys.stdout.flush()
    print(f"shipyard: {message}", file=sys.stderr)


def fail(message: str, code: int = EXIT_UNREADABLE) -> NoReturn:
    """One clear line on stderr, then exit."""
    problem(message)
    raise typer.Exit(code)


def interactive() -> bool:
    """A player watches stderr (not a script or a pipe reading the output)."""
    return sys.stderr.isatty()


def before_duels(evaluation: Evaluation, engine: str | None = None) -> None:
    """Tell a player at a terminal when the first duel must wait for the engine to be compiled.

    Scripts are not told: their output stays exactly what they asked for.
    """
    if interactive() and compiling(evaluation, engine):
        problem(f"{COMPILING}…")
