"""The designer: a Textual face on the rules core.

Importing this package loads no Textual; `run` does, so the command line
stays quick for the other commands.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

from shipyard.tui.browser import in_browser

if TYPE_CHECKING:
    from shipyard.services.session import Session

__all__ = ["in_browser", "run"]


def run(session: Session, **options: Any) -> None:
    """Open the designer on a session (see `shipyard.services.session.open_session`).

    An unexpected error keeps the work in the recovery files, prints one line
    on stderr and exits with `EXIT_CRASH` (`tui/guard.py`). `options` go to
    Textual's `App.run` (the tests run it headless).
    """
    from shipyard.tui.app import ShipyardApp
    from shipyard.tui.guard import EXIT_CRASH, rescue

    app = ShipyardApp(session)
    try:
        app.run(**options)
    except Exception as error:  # start-up or shut-down, outside Textual's own guard
        app.crash = app.crash or rescue(session, app, error)
    if app.crash is not None:
        sys.stdout.flush()
        print(f"shipyard: {app.crash.line()}", file=sys.stderr)
        raise SystemExit(EXIT_CRASH)
    if session.writer is not None:
        session.writer.flush()
