"""The project's own rules reference (docs/rules.md), one section or ruling at a time.

Every figure in a catalog cites a section (`1.2`, `4`) or a ruling (`R2`) of
this file; `shipyard rules ID` prints the part it cites. The file ships
inside the wheel as `shipyard/rules_data/rules.md`.
"""

from __future__ import annotations

import re
from pathlib import Path

from shipyard.core.errors import ShipyardError

HEADING = re.compile(r"^(#{2,3}) (?:(\d+(?:\.\d+)?)\.? |([RT]\d+) )?(.*)$")
IDENT = re.compile(r"^(\d+(\.\d+)?\.?|[RrTt]\d+)$")  # 1.2, 4, R2, t3: an id, not a word


class RulesError(ShipyardError):
    """A rules id that names no section or ruling."""


def rules_file() -> Path:
    """docs/rules.md of a checkout, or the copy packed into the wheel."""
    here = Path(__file__).resolve().parent.parent
    packaged = here / "rules_data" / "rules.md"
    return packaged if packaged.is_file() else here.parent / "docs" / "rules.md"


def sections(text: str) -> list[tuple[str, str, str]]:
    """(id, title, body) of every numbered section and ruling, in file order."""
    found: list[tuple[str, str, list[str]]] = []
    for line in text.splitlines():
        match = HEADING.match(line)
        if match:
            ident = match.group(2) or match.group(3) or ""
            found.append((ident, match.group(4).strip(), [line]))
        elif found:
            found[-1][2].append(line)
    return [(ident, title, "\n".join(body).strip()) for ident, title, body in found if ident]


def lookup(ident: str, text: str | None = None) -> str:
    """The section or ruling `ident` (a top section includes its subsections)."""
    text = rules_file().read_text(encoding="utf-8") if text is None else text
    wanted = ident.strip().upper().removesuffix(".")
    parts = [body for key, _, body in sections(text)
             if key.upper() == wanted or ("." not in wanted and not wanted[:1].isalpha()
                                          and key.startswith(f"{wanted}."))]
    if not parts:
        known = ", ".join(key for key, _, _ in sections(text))
        raise RulesError(f"rules: no section or ruling {ident!r} (known: {known})")
    return "\n\n".join(parts) + "\n"


def index(text: str | None = None) -> list[tuple[str, str]]:
    """(id, title) of every section and ruling."""
    text = rules_file().read_text(encoding="utf-8") if text is None else text
    return [(key, title) for key, title, _ in sections(text)]


def is_ident(argument: str) -> bool:
    """Whether `argument` is written as a section or ruling id rather than a word."""
    return IDENT.match(argument.strip()) is not None


def search(words: str, text: str | None = None) -> list[tuple[str, str, str]]:
    """(id, title, the passage that mentions it) of every section or ruling that mentions
    every one of `words` (any case), in file order."""
    text = rules_file().read_text(encoding="utf-8") if text is None else text
    wanted = words.casefold().split()
    if not wanted:
        raise RulesError("rules: give a section, a ruling or a word to search for")
    found = []
    for key, title, body in sections(text):
        if all(word in body.casefold() for word in wanted):
            passages = _passages(body.splitlines()[1:])
            found.append((key, title, next((p for p in passages if wanted[0] in p.casefold()),
                                            title)))
    return found


def _passages(lines: list[str]) -> list[str]:
    """The body's paragraphs, table rows and list items, each on one line."""
    passages: list[str] = []
    joined = False  # whether the next line of running text continues the last passage
    for line in (line.strip() for line in lines):
        starts = re.match(r"^(\||[-*] |\d+\. |#)", line) is not None
        if not line:
            joined = False
        elif joined and not starts:
            passages[-1] += " " + line
        else:
            passages.append(line)
            joined = not line.startswith(("|", "#"))
    return [" ".join(p.split()) for p in passages]


def excerpt(passage: str, word: str, width: int) -> str:
    """`passage` cut to `width` characters around the first mention of `word`."""
    if len(passage) <= width:
        return passage
    at = passage.casefold().find(word.casefold())
    start = 0 if at < width // 2 else passage.rfind(" ", 0, at - width // 4) + 1
    cut = ("…" if start else "") + passage[start:]
    return cut if len(cut) <= width else cut[:width - 1] + "…"
