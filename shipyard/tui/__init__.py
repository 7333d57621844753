"""The designer: a Textual face on the rules core.

Importing this package loads no Textual; `run` does, so the command line
stays quick for the other commands.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from shipyard.services.session import Session


def run(session: Session) -> None:
    """Open the designer on a session (see `shipyard.services.session.open_session`)."""
    from shipyard.tui.app import ShipyardApp

    ShipyardApp(session).run()
