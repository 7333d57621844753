"""Where a fleet and its designs are: fleet file names, and designs named from the fleet.

A fleet names each design by a path relative to the fleet file when the design is
beside or below it (as the README says), by an absolute path only when it is
elsewhere, or as `sample:NAME`. A fleet saved to another folder names its designs
anew from there (`rebased`). No user interface here.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from shipyard.services.session import file_stem

FLEET_SUFFIX = ".fleet.json"


def fleet_path(answer: str) -> Path:
    """A file name typed for a fleet, with `.fleet.json` added when it has no JSON suffix."""
    path = Path(answer.strip()).expanduser()
    if not path.name.lower().endswith(".json"):
        path = path.with_name(path.name + FLEET_SUFFIX)
    return path


def suggested_fleet_path(data: dict[str, Any], current: Path | None) -> Path:
    stem = file_stem(str(data.get("name") or ""))
    folder = Path(".") if current is None else current.parent
    return folder / f"{stem or 'fleet'}{FLEET_SUFFIX}"


def rebased(data: dict[str, Any], old: Path, new: Path) -> dict[str, Any]:
    """Fleet data moved from folder `old` to folder `new`: each design named by a path names
    the same file from there (relative when it is beside or below `new`, else absolute);
    samples and designs written inline stay as they are."""
    moved = copy.deepcopy(data)
    ships = moved.get("ships")
    for ship in ships if isinstance(ships, list) else []:
        design = ship.get("design") if isinstance(ship, dict) else None
        if isinstance(design, str) and not design.startswith("sample:"):
            path = Path(design).expanduser()
            ship["design"] = design_reference(str(path if path.is_absolute() else old / path),
                                              new)
    return moved


def design_reference(typed: str, folder: Path) -> str:
    """A design file as a fleet names it: `sample:NAME` as typed, a path relative to the
    fleet's folder when the file is under it, else an absolute path."""
    typed = typed.strip()
    if typed.startswith("sample:"):
        return typed
    path = Path(typed).expanduser()
    absolute = path if path.is_absolute() else Path.cwd() / path
    try:
        return absolute.resolve().relative_to(folder.resolve()).as_posix()
    except ValueError:
        return str(absolute.resolve())
