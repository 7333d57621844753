"""Catalog files of any ruleset: TOML loading, provenance and the checked manifest.

Every figure in a catalog carries where it comes from (`source`: seed,
reconstructed or ruling, and the `rule` id of docs/rules.md), so faces can
show which numbers are house rules. A broken file raises `CatalogError`
naming the file and the key. Each ruleset builds its own catalog model from
these pieces.
"""

from __future__ import annotations

import hashlib
import tomllib
from collections.abc import Mapping
from fractions import Fraction
from pathlib import Path
from typing import Annotated, Any, Literal, TypeVar

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    PlainSerializer,
    PlainValidator,
    RootModel,
    ValidationError,
    WithJsonSchema,
)

from shipyard.core.errors import CatalogError, first_problem


def _to_fraction(value: object) -> Fraction:
    """A catalog figure: a whole number or a fraction like '3/4', never negative."""
    figure: Fraction | None = None
    if isinstance(value, int) and not isinstance(value, bool):
        figure = Fraction(value)
    elif isinstance(value, str):
        try:
            figure = Fraction(value)
        except (ValueError, ZeroDivisionError):
            figure = None
    if figure is None:
        raise ValueError("expected a number or a fraction like '3/4'")
    if figure < 0:
        raise ValueError("a catalog figure cannot be negative")
    return figure


Exact = Annotated[
    Fraction,
    PlainValidator(_to_fraction),
    PlainSerializer(str, return_type=str),
    WithJsonSchema({"type": ["integer", "string"]}),
]
Source = Literal["seed", "reconstructed", "ruling"]
M = TypeVar("M", bound=BaseModel)


class Entry(BaseModel):
    """Common to every catalog figure: where it comes from."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    source: Source
    rule: str = Field(min_length=1)
    label: str = ""
    note: str = ""
    unit: str = "box"


class Ruling(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    title: str
    text: str


class Rulings(RootModel[dict[str, Ruling]]):
    """Ruling id -> its short text."""


class Manifest(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    schema_: Literal["shipyard.catalog/1"] = Field(alias="schema")
    ruleset: str
    title: str
    version: str


def catalog_root() -> Path:
    """The folder that holds one sub-folder per ruleset.

    Inside an installed wheel the catalog sits in the package as
    `catalog_data`; in a source checkout it is the top-level `catalog/`.
    """
    here = Path(__file__).resolve().parent.parent
    packaged = here / "catalog_data"
    if packaged.is_dir():
        return packaged
    return here.parent / "catalog"


def read_toml(path: Path) -> dict[str, Any]:
    """A catalog TOML file as data; `CatalogError` naming the file if it is not one."""
    name = str(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise CatalogError(name, "catalog file is missing") from None
    except OSError as exc:
        raise CatalogError(name, f"cannot read: {exc.strerror or exc}") from None
    try:
        return tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise CatalogError(name, "not a UTF-8 text file") from None
    except tomllib.TOMLDecodeError as exc:
        raise CatalogError(name, f"not valid TOML ({exc})") from None


def check_model(path: Path, model: type[M], data: dict[str, Any]) -> M:
    """Validate catalog data; `CatalogError` naming the file and the key at fault."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        field, problem = first_problem(exc.errors())
        raise CatalogError(str(path), problem, field) from None



def folder_digest(folder: Path) -> str:
    """The digest of a catalog: every file directly in its folder (the rules tables, the
    combat tables the duels read, any other), by name and content, in name order. Two
    catalogs with the same digest price and fight alike."""
    digest = hashlib.sha256()
    try:
        files = sorted(path for path in folder.iterdir() if path.is_file())
        for path in files:
            digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    except OSError as exc:
        raise CatalogError(str(folder), f"cannot read: {exc.strerror or exc}") from None
    return digest.hexdigest()


def read_parts(folder: Path, files: Mapping[str, type[BaseModel]]) -> tuple[dict[str, Any], str]:
    """The given files of a catalog folder, checked, by name without `.toml`, and the
    digest of the whole folder (`folder_digest`)."""
    parts: dict[str, Any] = {}
    for name, model in files.items():
        path = folder / name
        parts[name.removesuffix(".toml")] = check_model(path, model, read_toml(path))
    return parts, folder_digest(folder)


def catalog_folder(ruleset: str, root: str | None) -> Path:
    """The folder of `ruleset`'s catalog: `root` when given, else the bundled one."""
    folder = Path(root) if root else catalog_root() / ruleset
    if not folder.is_dir():
        raise CatalogError(str(folder), f"no catalog folder for ruleset '{ruleset}' (a catalog "
                           "folder holds ruleset.toml, prices.toml and the other tables)")
    return folder


def check_manifest(folder: Path, manifest: Manifest, ruleset: str, root: str | None) -> None:
    """The bundled catalog must be the one of the ruleset asked for."""
    if manifest.ruleset != ruleset and root is None:
        raise CatalogError(
            str(folder / "ruleset.toml"),
            f"names ruleset '{manifest.ruleset}', expected '{ruleset}'",
            "ruleset",
        )
