"""The footer of every screen and dialog: its keys, help and quit always among them.

Textual's footer lists the focused widget's keys, then the screen's, then
the app's, and a narrow terminal cuts the end off; here help and quit come
first, so an 80-column terminal still shows how to get help and leave.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

FIRST = ("help", "quit")  # the app's actions that every footer keeps


class KeysFooter(Footer):
    """A footer whose first keys are help and quit."""

    def compose(self) -> ComposeResult:
        keys = list(super().compose())

        def rank(widget: object) -> int:
            if isinstance(widget, FooterKey):
                action = widget.action.removeprefix("app.")
                if action in FIRST:
                    return FIRST.index(action)
            return len(FIRST)
        yield from sorted(keys, key=rank)
