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
