"""The sample designs bundled with each ruleset's catalog."""

from __future__ import annotations

from pathlib import Path

from shipyard.catalog import catalog_root
from shipyard.errors import DesignReadError

PREFIX = "sample:"


def sample_folder(ruleset: str = "pentagon-war") -> Path:
    return catalog_root() / ruleset / "designs"


def sample_paths(ruleset: str = "pentagon-war") -> list[Path]:
    """Every bundled design file of `ruleset`, sorted by name."""
    folder = sample_folder(ruleset)
    return sorted(folder.glob("*.ship.json")) if folder.is_dir() else []


def sample_name(path: Path) -> str:
    return path.name.removesuffix(".ship.json")


def resolve(argument: str) -> Path:
    """A file argument as a path; `sample:NAME` names a bundled sample."""
    if not argument.startswith(PREFIX):
        return Path(argument)
    name = argument.removeprefix(PREFIX)
    for path in sample_paths():
        if sample_name(path) == name:
            return path
    known = ", ".join(sample_name(p) for p in sample_paths())
    raise DesignReadError(argument, f"no bundled sample called {name!r} (samples: {known})")
