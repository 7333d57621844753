"""What the designer's screens need of the app that hosts them, as a small Protocol.

Screens reach the app through this (or through messages), never by importing
`tui.app`, so that the app, its actions and its screens import one way only.
"""

from __future__ import annotations

from typing import Protocol

from shipyard.services.editing import Change
from shipyard.services.session import Session


class Host(Protocol):
    """The app as a screen sees it: the session it owns and its one edit function."""

    session: Session

    def edit(self, change: Change) -> bool:
        """Record undo, re-price and show; False if the edit was refused."""
        ...
