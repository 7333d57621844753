"""The design's name in the editor: typed letter by letter, drawn as the command line shows it.

Kept apart from the editor's other fields: it is a text input (Textual's), not a
`Field`, and draws a name read from a hostile file with its control characters
as escapes, the cursor on the character it edits.
"""

from __future__ import annotations

from typing import ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.widgets import Input

from shipyard.core.form import Name
from shipyard.core.visible import visible
from shipyard.tui.safe_text import EscapedText
from shipyard.tui.widgets.fields import walk


class NameInput(Input):
    """The design's name; up/down leave it like any other field.

    Every letter typed is an edit of the design at once (one undo step for the
    whole name), so a save, an export or a duel right after typing has it.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "walk(-1)", "Previous field", show=False),
        Binding("down", "walk(1)", "Next field", show=False),
    ]

    def __init__(self, spec: Name, value: str = "") -> None:
        super().__init__(value, placeholder=spec.placeholder, id="name", select_on_focus=False)
        self.path = spec.path

    def on_focus(self) -> None:
        """The hint follows the focus here too (`DesignerScreen.field_focused`)."""
        shown = getattr(self.screen, "field_focused", None)
        if callable(shown):
            shown(self)

    def action_walk(self, step: int) -> None:
        walk(self, step)

    @property
    def _value(self) -> Text:
        """The name as drawn: every control character (a newline read from a file too) as
        its escape, `\\x1b`, as the command line prints it; the cursor and the selection
        are drawn on the characters they stand on (`safe_text.EscapedText`)."""
        return EscapedText(self.value, no_wrap=True, overflow="ignore", end="")

    def _position_to_cell(self, position: int) -> int:
        return cell_len(visible(self.value[:position]))

    def _cell_offset_to_index(self, offset: int) -> int:
        """The character a click at `offset` cells lands on (an escape is one character)."""
        offset += self.scroll_offset.x
        for index in range(len(self.value)):
            if offset < cell_len(visible(self.value[:index + 1])):
                return index
        return len(self.value)
