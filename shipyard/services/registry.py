"""Rulesets, found through the `shipyard.rulesets` entry-point group.

A game registers one object satisfying `shipyard.core.protocol.Ruleset` in
its package metadata, the way pytest finds plugins:

    [project.entry-points."shipyard.rulesets"]
    my-game = "my_game.ruleset:MyGame"

so a third game can ship as a package of its own. Designs are read and
evaluated here under their own ruleset (the design file's `ruleset` field;
a file without one belongs to the ruleset that declares itself `default`).
Faces never branch on a game's name.
"""

from __future__ import annotations

from functools import cache
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any, cast

from shipyard.core.envelope import SSD_SCHEMA
from shipyard.core.errors import DesignReadError, ShipyardError, describe
from shipyard.core.files import read_data
from shipyard.core.issues import Agreement, Issue
from shipyard.core.neutral import Evaluation, Ruleset
from shipyard.core.protocol import Design

GROUP = "shipyard.rulesets"
_EXTRA: dict[str, Ruleset] = {}  # rulesets registered at run time (tests, plugins in development)


class RulesetError(ShipyardError):
    """A ruleset package that is installed but cannot be loaded."""


_BROKEN: dict[str, str] = {}  # installed rulesets that failed to load, and why


@cache
def _installed() -> dict[str, Ruleset]:
    found: dict[str, Ruleset] = {}
    for point in sorted(entry_points(group=GROUP), key=lambda p: p.name):
        try:
            loaded = point.load()
            ruleset = cast(Ruleset, loaded() if isinstance(loaded, type) else loaded)
        except Exception as exc:  # a broken plugin must not break the others
            _BROKEN[point.name] = f"{type(exc).__name__}: {exc}"
            continue
        found[ruleset.name] = ruleset
    return found


def broken() -> dict[str, str]:
    """Installed rulesets that could not be loaded, each with the reason."""
    _installed()
    return dict(_BROKEN)


def rulesets() -> dict[str, Ruleset]:
    """Every registered ruleset by name, installed ones first."""
    return {**_installed(), **_EXTRA}


def register(ruleset: Ruleset) -> None:
    """Register a ruleset for this process (a game under development, or a test)."""
    _EXTRA[ruleset.name] = ruleset


def unregister(name: str) -> None:
    _EXTRA.pop(name, None)


def installed(name: str) -> bool:
    """Whether any process finds the ruleset (an installed package), not only this one."""
    return name in _installed() and name not in _EXTRA


def ruleset_names() -> list[str]:
    return sorted(rulesets())


def default_ruleset() -> Ruleset:
    """The ruleset of a design file with no `ruleset` field."""
    for ruleset in rulesets().values():
        if ruleset.default:
            return ruleset
    raise RulesetError("no ruleset is installed")


def get_ruleset(name: str, file: str = "<design>") -> Ruleset:
    """The ruleset called `name`; a `DesignReadError` on the `ruleset` field if none."""
    registry = rulesets()
    if name not in registry:
        if name in broken():
            raise RulesetError(f"ruleset {name!r} is installed but cannot be loaded "
                               f"({broken()[name]})")
        known = ", ".join(sorted(registry))
        raise DesignReadError(file, f"unknown ruleset {name!r} (known: {known})", "ruleset")
    return registry[name]


def ruleset_option(name: str, option: str = "--ruleset") -> Ruleset:
    """The ruleset a command-line option names, whatever its case (`Tacship`) when that is
    unambiguous; design files keep their exact `ruleset` (a public contract)."""
    alike = [key for key in rulesets() if key.casefold() == name.casefold()]
    return get_ruleset(name if name in rulesets() or len(alike) != 1 else alike[0], option)


def ruleset_of(data: object, file: str = "<design>") -> Ruleset:
    """The ruleset a design's data names (inside a record-sheet document too)."""
    if isinstance(data, dict) and data.get("schema") == SSD_SCHEMA:
        data = data.get("design")
    if not isinstance(data, dict) or "ruleset" not in data:
        return default_ruleset()
    name = data["ruleset"]
    if not isinstance(name, str):
        raise DesignReadError(file, f"expected text, got {describe(name)}", "ruleset")
    return get_ruleset(name, file)


def parse_design(data: object, file: str = "<design>") -> Design:
    """Shape-check data as a design of the ruleset it names.

    A file that names no ruleset is read as the default game's; if it fails
    there but reads as another game's design, the error says which, and how
    to name it.
    """
    ruleset = ruleset_of(data, file)
    try:
        return ruleset.parse(data, file)
    except DesignReadError as exc:
        other = _reads_as(data, ruleset, file)
        if other is None:
            raise
        hint = (f'the file names no "ruleset", so it was read for {ruleset.title}; add '
                f'"ruleset": "{other.name}" to read it for {other.title}')
        raise DesignReadError(exc.file, f"{exc.problem} ({hint})", exc.field) from None


def _with_ruleset(data: dict[str, Any], name: str) -> dict[str, Any]:
    if data.get("schema") == SSD_SCHEMA and isinstance(data.get("design"), dict):
        return {**data, "design": {**data["design"], "ruleset": name}}
    return {**data, "ruleset": name}


def _reads_as(data: object, tried: Ruleset, file: str) -> Ruleset | None:
    """Another game whose design `data` is, when it names no ruleset; else None."""
    design = data.get("design") if isinstance(data, dict) and \
        data.get("schema") == SSD_SCHEMA else data
    if not isinstance(data, dict) or not isinstance(design, dict) or "ruleset" in design:
        return None
    for other in rulesets().values():
        if other.name == tried.name:
            continue
        try:
            other.parse(_with_ruleset(data, other.name), file)
        except ShipyardError:
            continue
        return other
    return None


def read_design(path: Path) -> Design:
    """Read and shape-check a design file of any ruleset; `DesignReadError` if unreadable."""
    return parse_design(read_data(path), str(path))


def evaluate(design: Design, scenario: Agreement | None = None,
             catalog_root: str | None = None, file: str = "<design>") -> Evaluation:
    """Price and check a shape-checked design under its own ruleset."""
    ruleset = get_ruleset(design.ruleset, file)
    catalog = ruleset.catalog(catalog_root)
    sheet = ruleset.price(design, catalog)
    issues = ruleset.check(design, sheet, catalog, scenario or Agreement())
    return Evaluation(design, sheet, tuple(issues), catalog, ruleset)


def validate(data: object, scenario: Agreement | None = None) -> list[Issue]:
    """Legality of arbitrary data: never raises, shape problems become issues."""
    try:
        design = parse_design(data)
        return list(evaluate(design, scenario).issues)
    except DesignReadError as exc:
        return [Issue("unreadable", "error", f"{exc.problem} (design format)", exc.field,
                      "design format")]
