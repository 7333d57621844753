"""The design arguments of a command: files, folders of designs and `sample:NAME`.

Every command reports on every file it is given, in the order given: a
folder stands for the design files directly inside it (by name), and a file
that cannot be read is one problem among the others, never the end of the
run. A `--catalog` folder prices the designs of its own ruleset; whether a
catalog is the bundled one is said here, for the JSON and the text outputs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from shipyard.core.catalog_files import read_toml
from shipyard.core.errors import CatalogError, DesignReadError, ShipyardError
from shipyard.core.issues import Agreement
from shipyard.core.neutral import Evaluation, Ruleset
from shipyard.services.fleet import SUFFIXES as FLEET_SUFFIXES
from shipyard.services.registry import evaluate, read_design
from shipyard.services.samples import PREFIX, resolve

DESIGN_SUFFIXES = (".ship.json", ".toml", ".ssd.json")
FOLDER_HELP = "a folder stands for the *.ship.json, *.toml and *.ssd.json files in it"


def expand(arguments: Sequence[str]) -> list[str]:
    """The arguments with each folder replaced by its design files, sorted by name.

    Only the folder itself is searched, not its sub-folders (a catalog folder
    under it would be read as designs). A folder with no design file stays,
    and reads as one unreadable argument.
    """
    files: list[str] = []
    for argument in arguments:
        folder = Path(argument)
        if argument.startswith(PREFIX) or not folder.is_dir():
            files.append(argument)
            continue
        found = sorted(p for p in folder.iterdir()
                       if p.name.lower().endswith(DESIGN_SUFFIXES) and p.is_file())
        files += [str(p) for p in found] or [argument]
    return files


def skipped(arguments: Sequence[str]) -> list[tuple[str, str]]:
    """(path, why) of what the folders among `arguments` leave out that a player may have
    meant as a design or fleet: a folder named like one, a JSON file named otherwise."""
    kinds = (*DESIGN_SUFFIXES, *FLEET_SUFFIXES)
    found: list[tuple[str, str]] = []
    for argument in arguments:
        folder = Path(argument)
        if argument.startswith(PREFIX) or not folder.is_dir():
            continue
        for path in sorted(folder.iterdir()):
            name = path.name.lower()
            if name.endswith(kinds) and path.is_dir():
                found.append((str(path), "a folder, not a file (folders inside are not read)"))
            elif name.endswith(kinds) and not path.is_file():
                found.append((str(path), "not a file that can be read"))
            elif name.endswith(".json") and not name.endswith(kinds):
                found.append((str(path), "not named *.ship.json, *.ssd.json or *.fleet.json"))
    return found


def input_paths(arguments: Sequence[str]) -> list[Path]:
    """The files the arguments name, folders expanded and samples found (for the check
    that an output is not one of them); an argument that names no file is left out."""
    paths = []
    for argument in expand(arguments):
        try:
            paths.append(resolve(argument))
        except ShipyardError:
            continue
    return paths


def catalog_ruleset(catalog: Path) -> str | None:
    """The ruleset a catalog folder declares (`ruleset.toml`); None if it cannot say."""
    try:
        name = read_toml(catalog / "ruleset.toml").get("ruleset")
    except CatalogError:
        return None  # reading the catalog itself will name the problem
    return name if isinstance(name, str) else None


def load(argument: str, scenario: Agreement | None = None,
         catalog: Path | None = None) -> Evaluation:
    """Read, price and check one design; any `ShipyardError` names the file."""
    path = resolve(argument)
    if path.is_dir():
        raise DesignReadError(argument, f"a folder with no design files ({FOLDER_HELP})")
    design = read_design(path)
    root = None
    if catalog is not None:
        house = catalog_ruleset(catalog)
        if house is not None and house != design.ruleset:
            raise DesignReadError(argument, f"a {design.ruleset} design cannot be priced "
                                  f"with the {house} catalog {catalog}", "ruleset")
        root = str(catalog)
    return evaluate(design, scenario, root, str(path))


@dataclass(frozen=True)
class Loaded:
    """One argument and what became of it: an evaluation, or why there is none."""

    file: str
    evaluation: Evaluation | None
    error: ShipyardError | None

    @property
    def code(self) -> int:
        return 2 if self.error is not None else 0


def load_all(arguments: Sequence[str], scenario: Agreement | None = None,
             catalog: Path | None = None) -> list[Loaded]:
    """Every argument (folders expanded) loaded in order; unreadable ones kept as errors."""
    loaded = []
    for file in expand(arguments):
        try:
            loaded.append(Loaded(file, load(file, scenario, catalog), None))
        except ShipyardError as exc:
            loaded.append(Loaded(file, None, exc))
    return loaded


def catalog_data(evaluation: Evaluation) -> dict[str, Any] | None:
    """The catalog as JSON data when it is not the bundled one, else None."""
    return house_data(evaluation.ruleset, evaluation.catalog)


def house_data(ruleset: Ruleset, catalog: Any) -> dict[str, Any] | None:
    """A ruleset's catalog as JSON data when it is not the bundled one, else None."""
    bundled = ruleset.catalog(None)
    if Path(catalog.folder).resolve() == Path(bundled.folder).resolve():
        return None
    manifest = catalog.manifest
    return {"ruleset": manifest.ruleset, "title": manifest.title,
            "version": manifest.version, "digest": catalog.digest,
            "folder": str(Path(catalog.folder).resolve()), "bundled": False}


def catalog_line(data: dict[str, Any]) -> str:
    """One line naming a catalog that is not the bundled one (plain text, not markup)."""
    return (f"catalog: house rules from {data['folder']} ({data['ruleset']} catalog "
            f"{data['version']}, digest {data['digest'][:12]})")


class CatalogNotes:
    """Says once, before the first design priced with it, which house catalog is in use."""

    def __init__(self) -> None:
        self._said: set[str] = set()

    def line(self, evaluation: Evaluation) -> str | None:
        data = catalog_data(evaluation)
        if data is None or data["digest"] + data["folder"] in self._said:
            return None
        self._said.add(data["digest"] + data["folder"])
        return catalog_line(data)
