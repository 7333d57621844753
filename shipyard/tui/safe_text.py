"""Every text the designer draws shows control and bidi characters, never sends them.

Textual draws strings as `textual.content.Content` and some widgets (an
input's value, the sheet) as Rich `Text`. Both remove a few control codes
(bell, backspace, form feed, carriage return) through one translation table
each, and let the others, ESC among them, reach the terminal. Importing this
module widens both tables to every code point `shipyard.core.visible`
escapes, each replaced by U+FFFD, one character for one, so styles, cursor
positions and widths stay right. The text itself (the design's name in the
session) is not touched: only what is drawn. Newlines and tabs, which the
widgets lay out themselves, are left alone. tests/test_user_text.py checks
that both tables still take effect (Textual is pinned exactly).
"""

from __future__ import annotations

from typing import cast

import rich.control
from textual import content

from shipyard.core.visible import unsafe_code_points

SHOWN_AS = "\ufffd"
SHOWN = {code: SHOWN_AS for code in unsafe_code_points() if chr(code) not in "\n\t"}

for module in (content, rich.control):
    table = getattr(module, "_CONTROL_STRIP_TRANSLATE", None)
    if isinstance(table, dict):
        cast(dict[int, str | None], table).update(SHOWN)
