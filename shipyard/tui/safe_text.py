"""Every text the designer draws shows control and bidi characters as escapes, never sends them.

Textual draws strings as `textual.content.Content` and some widgets (an
input's value, the sheet) as Rich `Text`. Both remove a few control codes
(bell, backspace, form feed, carriage return) through one translation table
each, and let the others, ESC among them, reach the terminal. Importing this
module widens both tables to every code point `shipyard.core.visible`
escapes, each replaced by its escape as the command line prints it (`\\x1b`,
`\\u202e`), so that a name reads the same in the designer as in `shipyard
cost`. The text itself (the design's name in the session) is not touched:
only what is drawn. Newlines and tabs, which the widgets lay out themselves,
are left alone; a one-line place shows them through `visible`, and the name
field draws its own (`EscapedText`). tests/test_user_text.py checks that both
tables still take effect (Textual is pinned exactly).
"""

from __future__ import annotations

from typing import Any, cast

import rich.control
from rich.text import Text
from textual import content

from shipyard.core.visible import escape_of, unsafe_code_points, visible

SHOWN = {code: escape_of(chr(code)) for code in unsafe_code_points()
         if chr(code) not in "\n\t"}

for module in (content, rich.control):
    table = getattr(module, "_CONTROL_STRIP_TRANSLATE", None)
    if isinstance(table, dict):
        cast(dict[int, str | None], table).update(SHOWN)


def shown_offsets(text: str) -> list[int]:
    """Where each character of `text` starts once drawn with its escapes (one more entry,
    for the end): "a\\x1bb" -> [0, 1, 5, 6]."""
    offsets = [0]
    for char in text:
        offsets.append(offsets[-1] + len(visible(char)))
    return offsets


class EscapedText(Text):
    """A line of user text drawn with every unsafe character as its escape (a newline as
    `\\n` too), styled by the positions of the text as written (an input's cursor and
    selection): `stylize` moves them to where the characters are drawn."""

    def __init__(self, written: str, **options: Any) -> None:
        super().__init__(visible(written), **options)
        self.offsets = shown_offsets(written)

    def _shown(self, index: int | None) -> int | None:
        """Where the character at `index` of the written text is drawn (past its end: as
        far past the end of what is drawn, the cursor's cell after the last character)."""
        if index is None or index < 0:
            return index
        last = len(self.offsets) - 1
        return self.offsets[index] if index <= last else self.offsets[last] + index - last

    def stylize(self, style: Any, start: int = 0, end: int | None = None) -> None:
        super().stylize(style, cast(int, self._shown(start)), self._shown(end))

    def stylize_before(self, style: Any, start: int = 0, end: int | None = None) -> None:
        super().stylize_before(style, cast(int, self._shown(start)), self._shown(end))
