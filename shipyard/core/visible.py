"""User text made safe to show: every code point that could act instead of print, escaped.

Names and files may hold any code point. Shown on a terminal, a sheet or a
one-line message, text passes through `visible`, which leaves every printable
character as written (any script, emoji, accents, CJK) and replaces, with its
escape in Python's notation (`\\n`, `\\x1b`, `\\u202e`), each character that is not
text to look at:

- control characters (C0, DEL and C1: an ESC would start a terminal command,
  a newline would break a one-line report);
- bidirectional controls (embeddings, overrides, isolates and marks: they
  reorder the text around them, so a name could pass itself off as another);
- line and paragraph separators;
- lone surrogates, which no UTF-8 output can carry;
- noncharacters (U+FDD0..U+FDEF and the last two of every plane), which XML
  and fonts refuse.

JSON output keeps the exact text: this is for what people read.
"""

from __future__ import annotations

import re

_BIDI = "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"
_PLANE_ENDS = "".join(f"{chr(plane * 0x10000 + 0xFFFE)}{chr(plane * 0x10000 + 0xFFFF)}"
                      for plane in range(17))
UNSAFE = re.compile(f"[\x00-\x1f\x7f-\x9f{_BIDI}\u2028\u2029\ud800-\udfff\ufdd0-\ufdef"
                    f"{_PLANE_ENDS}]")


_SHORT = {"\t": "\\t", "\n": "\\n", "\r": "\\r"}


def escape_of(char: str) -> str:
    """One character in Python's escape notation: `\\n`, `\\x1b`, `\\u202e`, `\\U0001fffe`."""
    if char in _SHORT:
        return _SHORT[char]
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def visible(text: str) -> str:
    """`text` with every control, bidi control, separator, surrogate and noncharacter escaped."""
    return UNSAFE.sub(lambda match: escape_of(match.group()), text)


def is_visible(text: str) -> bool:
    """True when `visible` would leave `text` as it is."""
    return UNSAFE.search(text) is None
