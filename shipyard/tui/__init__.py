"""The designer: a Textual face on the rules core.

Importing this package loads no Textual; `run` does, so the command line
stays quick for the other commands.
"""

from __future__ import annotations

from pathlib import Path


def run(file: Path | None, budget: int | None = None) -> None:
    """Open the designer on `file` (a missing file starts a new design there)."""
    from shipyard.tui.app import ShipyardApp
    from shipyard.tui.session import open_session

    session = open_session(file, budget=budget)
    ShipyardApp(session).run()
