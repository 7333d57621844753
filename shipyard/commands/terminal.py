"""Where the commands write: user text reaches the terminal as typed, and only as text.

Design names, file names and catalog text are the player's own words. Rich
would read `[bold]` as markup and `:fire:` as an emoji code; the consoles
here never turn `:name:` into an emoji, and every user string printed with
markup on goes through `escape`. A name may also hold control or bidi
characters: everything printed here passes through `visible`
(`shipyard.core.visible`), so an ESC in a design name shows as `\\x1b` and
never drives the terminal, and a newline never breaks a one-line report.
Problems go to stderr as one line each. JSON output is not touched: `json.dumps`
escapes every non-ASCII character, so the text round-trips exactly.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any, NoReturn, TypeVar

import typer
from rich.console import Console
from rich.text import Text

from shipyard.core.errors import ShipyardError
from shipyard.core.neutral import Evaluation
from shipyard.core.visible import visible
from shipyard.services.batch import COMPILING, compiling

EXIT_OK, EXIT_ILLEGAL, EXIT_UNREADABLE = 0, 1, 2


class SafeConsole(Console):
    """A console that shows every string it renders through `visible`.

    Rich turns every string (a `print` argument, a table cell, a title) into
    text through `render_str`, before measuring it, so the escapes line up in
    tables like any other character.
    """

    def render_str(self, text: str, *args: Any, **kwargs: Any) -> Text:
        return super().render_str(visible(text), *args, **kwargs)


out = SafeConsole(highlight=False, soft_wrap=True, emoji=False)


def err_console() -> Console:
    """A console on stderr for progress bars (made when needed: stderr may be replaced)."""
    return SafeConsole(stderr=True, highlight=False, emoji=False)


def problem(message: str) -> None:
    """One line on stderr, after whatever stdout already holds (so the order holds)."""
    sys.stdout.flush()
    print(f"shipyard: {visible(message)}", file=sys.stderr)


def detail(line: str) -> None:
    """A line under a problem (an issue of an illegal design, say), on stderr."""
    print(visible(line), file=sys.stderr)


def say(line: str) -> None:
    """A plain note on stderr, such as `wrote FILE`."""
    sys.stdout.flush()
    print(visible(line), file=sys.stderr)


def show(line: str) -> None:
    """A plain line on stdout (not markup)."""
    print(visible(line))


def emit(document: str) -> None:
    """A text document (sheets as text, Markdown, SVG, JSON) on stdout, line by line visible."""
    sys.stdout.write("\n".join(visible(line) for line in document.split("\n")))
    sys.stdout.flush()


def fail(message: str, code: int = EXIT_UNREADABLE) -> NoReturn:
    """One clear line on stderr, then exit."""
    problem(message)
    raise typer.Exit(code)


def interactive() -> bool:
    """A player watches stderr (not a script or a pipe reading the output)."""
    return sys.stderr.isatty()


def before_duels(evaluation: Evaluation, engine: str | None = None,
                 geometry: str | None = None) -> None:
    """Tell a player at a terminal when the first duel must wait for the engine to be compiled.

    Scripts are not told: their output stays exactly what they asked for.
    """
    if interactive() and compiling(evaluation, engine, geometry):
        problem(f"{COMPILING}…")


T = TypeVar("T")


def guarded(action: Callable[[], T]) -> T:
    """The action's value; a Shipyard error is its one line and exit 2."""
    try:
        return action()
    except ShipyardError as exc:
        fail(str(exc))
