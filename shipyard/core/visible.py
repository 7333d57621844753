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

# (first, last) code point of each run escaped: C0 controls, DEL and C1 controls, the
# Arabic letter mark, the left-to-right and right-to-left marks, the embeddings and
# overrides, the line and paragraph separators, the isolates, the surrogates, and the
# noncharacters.
RANGES = ((0x00, 0x1F), (0x7F, 0x9F), (0x061C, 0x061C), (0x200E, 0x200F), (0x202A, 0x202E),
          (0x2028, 0x2029), (0x2066, 0x2069), (0xD800, 0xDFFF), (0xFDD0, 0xFDEF),
          *((plane * 0x10000 + 0xFFFE, plane * 0x10000 + 0xFFFF) for plane in range(17)))
UNSAFE = re.compile("[" + "".join(f"{re.escape(chr(a))}-{re.escape(chr(b))}"
                                  for a, b in RANGES) + "]")


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
    if not text or UNSAFE.search(text) is None:
        return text
    return UNSAFE.sub(lambda match: escape_of(match.group()), text)


def unsafe_code_points() -> list[int]:
    """Every code point `visible` escapes (for a table that replaces them one for one)."""
    return [code for first, last in RANGES for code in range(first, last + 1)]


def is_visible(text: str) -> bool:
    """True when `visible` would leave `text` as it is."""
    return UNSAFE.search(text) is None
