"""The samples bundled with each ruleset: designs as `sample:NAME`, fleets as
`sample-fleet:NAME`."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from shipyard.core.catalog_files import catalog_root
from shipyard.core.errors import DesignReadError
from shipyard.services.registry import rulesets

PREFIX = "sample:"
FLEET_PREFIX = "sample-fleet:"
FLEET_FILES = (".fleet.json", ".fleet.toml")


def sample_paths(ruleset: str | None = None) -> list[Path]:
    """Every bundled design file (of `ruleset`, or of every ruleset), by ruleset then name."""
    found = rulesets()
    names = [ruleset] if ruleset is not None else list(found)
    return [path for name in names if name in found for path in found[name].samples()]


def sample_name(path: Path) -> str:
    return path.name.removesuffix(".ship.json")


def sample_fleet_paths(ruleset: str | None = None) -> list[Path]:
    """Every bundled fleet file (of `ruleset`, or of every ruleset), by ruleset then name:
    the `fleets` folder beside each game's sample designs in the catalog."""
    found = rulesets()
    names = [ruleset] if ruleset is not None else list(found)
    paths: list[Path] = []
    for name in names:
        folder = catalog_root() / name / "fleets"
        if name in found and folder.is_dir():
            paths += sorted(p for p in folder.iterdir()
                            if p.name.lower().endswith(FLEET_FILES) and p.is_file())
    return paths


def sample_fleet_name(path: Path) -> str:
    name = path.name
    for suffix in FLEET_FILES:
        if name.lower().endswith(suffix):
            return name[: -len(suffix)]
    return name


def _find(argument: str, prefix: str, paths: list[Path], name_of: Callable[[Path], str],
          what: tuple[str, str]) -> Path:
    """The bundled file `argument` names (`PREFIX` + its name), whatever the case of the name
    when only one is so called; an exact match always wins."""
    name = argument.removeprefix(prefix)
    for path in paths:
        if name_of(path) == name:
            return path
    alike = [path for path in paths if name_of(path).casefold() == name.casefold()]
    if len(alike) == 1:
        return alike[0]
    one, many = what
    known = ", ".join(name_of(p) for p in (alike or paths)) or "none"
    said = f"two {many} or more are" if alike else f"no bundled {one} is"
    raise DesignReadError(argument, f"{said} called {name!r} ({many}: {known})")


def resolve(argument: str) -> Path:
    """A file argument as a path; `sample:NAME` names a bundled sample.

    The name is found whatever its case (`sample:Hive` is `sample:hive`) when
    only one sample is so called; an exact match always wins.
    """
    if not argument.startswith(PREFIX):
        return Path(argument)
    return _find(argument, PREFIX, sample_paths(), sample_name, ("sample", "samples"))


def resolve_fleet(argument: str) -> Path:
    """A fleet argument as a path; `sample-fleet:NAME` names a bundled fleet of any game,
    found as `sample:` finds a design (any case when only one is so called)."""
    if not argument.startswith(FLEET_PREFIX):
        return Path(argument)
    return _find(argument, FLEET_PREFIX, sample_fleet_paths(), sample_fleet_name,
                 ("sample fleet", "sample fleets"))
