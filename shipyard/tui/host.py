"""What the designer's screens need of the app that hosts them, as a small Protocol.

Screens and widgets reach the app through this, never by importing `tui.app`,
so that the app, its actions and its screens import one way only.
"""

from __future__ import annotations

from typing import Any, Protocol, TypeVar, cast

from textual.dom import DOMNode
from textual.notifications import SeverityLevel
from textual.screen import Screen

from shipyard.services.editing import Change
from shipyard.services.session import Session

T = TypeVar("T")


class Host(Protocol):
    """The app as a screen sees it: the session it owns and its one edit function."""

    session: Session

    def edit(self, change: Change, path: str | None = None, merge: str | None = None) -> bool:
        """Apply, record undo and show; False if the edit was refused.

        `path` is the field the edit comes from: an edit from a field whose list
        entry is gone is dropped. Edits with the same `merge` key in a row make
        one undo step (a name typed letter by letter).
        """
        ...

    def design_changed(self) -> None:
        """The session's design changed outside an edit (recovered, reloaded): show it."""
        ...

    async def ask(self, screen: Screen[T]) -> T:
        """From a worker: push a dialog and wait for its answer (keys flow to it)."""
        ...

    def asking_already(self, group: str) -> bool:
        """From a dialog worker: whether another of its group is still at work."""
        ...

    def notify(self, message: str, *, title: str = "", severity: SeverityLevel = "information",
               timeout: float | None = None, markup: bool = True) -> None:
        """A notice in the corner (Textual's)."""
        ...


def host_of(node: DOMNode) -> Host:
    """The app hosting a screen or widget."""
    return cast(Host, node.app)


def design_data(node: DOMNode) -> dict[str, Any]:
    """The design being edited, as data: the one copy every field reads (never changes)."""
    return host_of(node).session.workbench.data
