"""The lettering of record sheets: which bundled font draws each character, and its width.

Sheets are measured here and drawn with the same fonts, shipped in
`shipyard/fonts/` with their licenses:

- Liberation Sans 2.1.5 (regular and bold, SIL Open Font License 1.1): Latin,
  Greek, Cyrillic and Hebrew. Its widths are Helvetica's (the two are
  metric-compatible), so sheets in Latin script lay out as they always have.
- Droid Sans Fallback 2.55b (Apache License 2.0) for every character Liberation
  lacks: Chinese, Japanese and Korean (the 20,902 unified ideographs, kana
  and all 11,172 Hangul syllables), drawn upright for bold text too.

A character neither font has is not turned into "?": an invisible one (a
joiner, a variation selector) takes no room, and any other is drawn as its
code point in a small box (`missing` tells which), the way a "last resort"
font shows what it cannot draw. Widths are in thousandths of an em, rounded
to whole units like a font's metrics file.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal

FONTS = Path(__file__).resolve().parent.parent / "fonts"
FILES = {
    "sans": FONTS / "LiberationSans-Regular.ttf",
    "sans-bold": FONTS / "LiberationSans-Bold.ttf",
    "cjk": FONTS / "DroidSansFallback.ttf",
}
Face = Literal["sans", "sans-bold", "cjk"]
BOX = 1000  # width of a missing character's box (a basic-plane code point: 4 hex digits)
WIDE_BOX = 1300  # ... of a code point beyond the basic plane (5 or 6 hex digits)
_IGNORABLE_RANGES = ((0xFE00, 0xFE0F), (0xE0100, 0xE01EF), (0x180B, 0x180F), (0xE0000, 0xE007F))


@dataclass(frozen=True)
class Run:
    """Consecutive characters drawn the same way: by one face, or as missing-glyph boxes."""

    text: str
    face: Face | None  # None: characters no font has, each drawn as a box (or nothing)


@cache
def widths(face: Face) -> dict[int, int]:
    """Advance widths of one face by code point (read from the font on first use).

    Invisible characters are left out even where the font has a glyph for them
    (a soft hyphen, a joiner): they are never drawn.
    """
    from fontTools.ttLib import TTFont  # fpdf2's own dependency; loaded only for sheets

    with TTFont(FILES[face], lazy=True) as font:
        cmap = font.getBestCmap()
        metrics = font["hmtx"].metrics
        units = font["head"].unitsPerEm
        return {code: round(metrics[glyph][0] * 1000 / units) for code, glyph in cmap.items()
                if not ignorable(chr(code))}


def ignorable(char: str) -> bool:
    """A character drawn as nothing when no font has it (a format character, a selector)."""
    code = ord(char)
    return (unicodedata.category(char) == "Cf"
            or any(low <= code <= high for low, high in _IGNORABLE_RANGES))


def face_of(char: str, bold: bool = False) -> Face | None:
    """The face that draws `char`: Liberation Sans, else the CJK fallback, else None (a
    character no font has, and an invisible one, which is never drawn)."""
    code = ord(char)
    main: Face = "sans-bold" if bold else "sans"
    if code in widths(main):
        return main
    if code in widths("cjk"):
        return "cjk"
    return None


def missing_width(char: str) -> int:
    """Width of a character no font has: nothing if ignorable, else its box."""
    if ignorable(char):
        return 0
    return BOX if ord(char) <= 0xFFFF else WIDE_BOX


def advance(char: str, bold: bool = False) -> int:
    """Width of one character in thousandths of an em."""
    face = face_of(char, bold)
    if face is None:
        return missing_width(char)
    return widths(face)[ord(char)]


def runs(text: str, bold: bool = False) -> list[Run]:
    """`text` cut into runs that one face draws (or that no face has)."""
    found: list[Run] = []
    for char in text:
        face = face_of(char, bold)
        if found and found[-1].face == face:
            found[-1] = Run(found[-1].text + char, face)
        else:
            found.append(Run(char, face))
    return found
