"""Files a player made, which an export never writes over: designs, fleets and catalogs.

`shipyard export -o` (without `--force`), `optimize -o`, `tournament --csv` and
the designer's export dialogs ask `kept_file` before they write: a file that
holds a design, a fleet or a catalog table (by its name, or by what it holds)
is refused, with what it is, so that the player knows what was nearly lost.
An earlier export (a PDF, an SSD document) is not kept: writing it again is
what exports are for. No user interface here.
"""

from __future__ import annotations

from pathlib import Path

from shipyard.core.errors import ShipyardError
from shipyard.core.files import read_data
from shipyard.core.values import DESIGN_SCHEMA
from shipyard.services.fleet import SCHEMA as FLEET_SCHEMA

DESIGN_SUFFIXES = (".ship.json", ".ship.toml")
FLEET_SUFFIXES = (".fleet.json", ".fleet.toml")
KEPT_SUFFIXES = (*DESIGN_SUFFIXES, *FLEET_SUFFIXES)
CATALOG_SCHEMA = "shipyard.catalog/1"  # a catalog folder's ruleset.toml


def _named(data: object) -> str:
    name = data.get("name") if isinstance(data, dict) else None
    return f" ({name})" if isinstance(name, str) and name.strip() else ""


def _catalog_title(folder: Path) -> str | None:
    """The title of the catalog in `folder` (its ruleset.toml), None if it holds none."""
    try:
        manifest = read_data(folder / "ruleset.toml")
    except ShipyardError:
        return None
    if not isinstance(manifest, dict) or manifest.get("schema") != CATALOG_SCHEMA:
        return None
    title = manifest.get("title")
    return title if isinstance(title, str) and title else str(folder)


def kept_file(path: Path) -> str | None:
    """What the player's file at `path` is ("design file (Lancer)", "fleet file",
    "catalog file of The Pentagon War"), or None when `path` is no such file."""
    if not path.is_file():
        return None
    lowered = path.name.lower()
    try:
        data: object = read_data(path)
    except ShipyardError:
        data = None
    schema = data.get("schema") if isinstance(data, dict) else None
    if schema == DESIGN_SCHEMA or lowered.endswith(DESIGN_SUFFIXES):
        return f"design file{_named(data)}"
    if schema == FLEET_SCHEMA or lowered.endswith(FLEET_SUFFIXES):
        return f"fleet file{_named(data)}"
    if lowered.endswith(".toml"):
        title = _catalog_title(path.parent)
        if title is not None:
            return f"catalog file of {title}"
    return None
