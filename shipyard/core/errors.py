"""One error hierarchy for everything a user's file can get wrong.

Faces (CLI, TUI) turn these into one clear line or a dialog; they never show a
traceback. Rule violations are not errors here: they are `Issue` data
(see `shipyard.core.issues`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from shipyard.core.visible import visible


class ShipyardError(Exception):
    """Base of every error Shipyard reports to a user."""


class ReadError(ShipyardError):
    """A file that cannot be read as what it should be.

    `str()` gives the one line the CLI prints: file, field, problem.
    """

    def __init__(self, file: str, problem: str, field: str = "") -> None:
        self.file = file
        self.field = field
        self.problem = problem
        where = f"{file}: {field}" if field else file
        super().__init__(f"{where}: {problem}")


class DesignReadError(ReadError):
    """A design (or SSD) file that is missing, not JSON/TOML, or of the wrong shape."""


class CatalogError(ReadError):
    """A catalog file that is missing, broken, or lacks a figure the rules need."""


class WriteError(ShipyardError):
    """A file that could not be written."""


def field_path(loc: tuple[int | str, ...]) -> str:
    """Render a pydantic location as a design path, e.g. `weapons[2].arcs`."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            name = visible(str(part))
            out += f".{name}" if out else name
    return out


def first_problem(errors: Sequence[Mapping[str, object]]) -> tuple[str, str]:
    """The field and message of the first pydantic error, in plain words."""
    if not errors:
        return "", "invalid"
    err = errors[0]
    loc = err.get("loc", ())
    path = field_path(tuple(loc)) if isinstance(loc, tuple) else ""
    kind = str(err.get("type", ""))
    msg = str(err.get("msg", "invalid"))
    got = describe(err.get("input"))
    expected = _EXPECTED.get(kind)
    if kind == "extra_forbidden":
        msg = "unknown field"
    elif kind == "missing":
        msg = "required field is missing"
    elif kind == "too_long":
        msg = "too many entries"
    elif expected:
        msg = f"expected {expected}, got {got}"
    elif kind in _BOUNDS:
        key, words = _BOUNDS[kind]
        context = err.get("ctx")
        limit = context.get(key) if isinstance(context, Mapping) else None
        msg = f"must be {words} {limit}, got {got}"
    elif msg.startswith("Value error, "):
        msg = msg.removeprefix("Value error, ")
    return path, msg


_EXPECTED = {
    "list_type": "a list",
    "dict_type": "a table of names and values",
    "model_type": "a table of names and values",
    "model_attributes_type": "a table of names and values",
    "string_type": "text",
    "bool_type": "true or false",
    "int_type": "a whole number",
}


_BOUNDS = {"greater_than_equal": ("ge", "at least"), "greater_than": ("gt", "more than"),
           "less_than_equal": ("le", "at most"), "less_than": ("lt", "less than")}


def number_words(value: int | float) -> str:
    """A number as a user would read it back: `-5`, `2.5`, `1e+300`."""
    if isinstance(value, float):
        if not math.isfinite(value) or abs(value) >= 1e15 or value != int(value):
            return f"{value:g}"
        return str(int(value))
    digits = str(abs(value))
    return str(value) if len(digits) <= 15 else f"a {len(digits)}-digit number"


def describe(value: object) -> str:
    """What a user wrote, in plain words: the kind of JSON value, or the number itself."""
    if isinstance(value, bool):
        return "true/false"
    if value is None:
        return "null"
    if isinstance(value, str):
        return "text"
    if isinstance(value, int | float):
        return number_words(value)
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a table"
    return type(value).__name__
