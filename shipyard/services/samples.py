"""The sample designs bundled with each ruleset, usable anywhere as `sample:NAME`."""

from __future__ import annotations

from pathlib import Path

from shipyard.core.errors import DesignReadError
from shipyard.services.registry import rulesets

PREFIX = "sample:"


def sample_paths(ruleset: str | None = None) -> list[Path]:
    """Every bundled design file (of `ruleset`, or of every ruleset), by ruleset then name."""
    found = rulesets()
    names = [ruleset] if ruleset is not None else list(found)
    return [path for name in names if name in found for path in found[name].samples()]


def sample_name(path: Path) -> str:
    return path.name.removesuffix(".ship.json")


def resolve(argument: str) -> Path:
    """A file argument as a path; `sample:NAME` names a bundled sample.

    The name is found whatever its case (`sample:Hive` is `sample:hive`) when
    only one sample is so called; an exact match always wins.
    """
    if not argument.startswith(PREFIX):
        return Path(argument)
    name = argument.removeprefix(PREFIX)
    paths = sample_paths()
    for path in paths:
        if sample_name(path) == name:
            return path
    alike = [path for path in paths if sample_name(path).casefold() == name.casefold()]
    if len(alike) == 1:
        return alike[0]
    known = ", ".join(sample_name(p) for p in (alike or paths))
    what = "two samples or more are" if alike else "no bundled sample is"
    raise DesignReadError(argument, f"{what} called {name!r} (samples: {known})")
