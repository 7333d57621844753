"""Radio buttons and check boxes whose state shows as a character, not colour alone.

Textual draws an unticked box with the same character as a ticked one, in a
dimmer colour; on a monochrome terminal, or to a colour-blind player, they
look alike. These draw the mark only when the button is on.
"""

from __future__ import annotations

from textual.content import Content
from textual.style import Style
from textual.widgets import Checkbox, RadioButton
from textual.widgets._toggle_button import ToggleButton


def marked(button: ToggleButton, mark: str) -> Content:
    """The button's left side, `mark` if it is on (a space if not), its right side."""
    button_style = button.get_visual_style("toggle--button")
    side_style = Style(foreground=button_style.background,
                       background=button.background_colors[1])
    return Content.assemble((button.BUTTON_LEFT, side_style),
                            (mark if button.value else " ", button_style),
                            (button.BUTTON_RIGHT, side_style))


class MarkedRadioButton(RadioButton):
    """A radio button showing ● only when it is the one chosen."""

    @property
    def _button(self) -> Content:
        return marked(self, self.BUTTON_INNER)


class MarkedCheckbox(Checkbox):
    """A check box showing X only when it is ticked."""

    @property
    def _button(self) -> Content:
        return marked(self, self.BUTTON_INNER)
