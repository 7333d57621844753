"""The title line at the top of every screen: Shipyard, what is open, and an unsaved mark.

One line drawn as text: a new sub-title (a design saved, edited, opened)
redraws that line alone. Textual's own header lays the whole screen out
again each time, which a keypress that marks the design unsaved would pay.
"""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget

from shipyard.core.visible import visible


class TitleBar(Widget):
    """`Shipyard — <screen's sub-title>`, centred, as Textual's header shows it."""

    DEFAULT_CSS = """
    TitleBar {
        dock: top;
        width: 100%;
        height: 1;
        background: $panel;
        color: $foreground;
    }
    """

    def on_mount(self) -> None:
        self.watch(self.screen, "sub_title", self._changed, init=False)
        self.watch(self.screen, "title", self._changed, init=False)

    def _changed(self) -> None:
        self.refresh()

    def render(self) -> Text:
        screen = self.screen
        title = screen.title if screen.title is not None else self.app.title
        sub_title = screen.sub_title if screen.sub_title is not None else self.app.sub_title
        line = Text(visible(title))  # one line: a newline in a file name shows as \n
        if sub_title:
            line.append(" — ", style="dim")
            line.append(visible(sub_title), style="dim")
        width = self.size.width
        line.truncate(max(0, width - 6), overflow="ellipsis")
        text = Text(" ⭘")
        text.append(" " * max(1, (width - line.cell_len) // 2 - 3))
        text.append_text(line)
        return text
