"""The design file's envelope, shared by every game: `shipyard.design/1`, or an SSD wrapping one.

A ruleset's design model checks its own fields; this checks what every design
file has in common, reads a record-sheet document back as the design it
carries, and turns a pydantic error into one line naming the field.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from pydantic import BaseModel, ValidationError

from shipyard.core.errors import DesignReadError, describe, first_problem
from shipyard.core.values import DESIGN_SCHEMA

SSD_SCHEMA = "shipyard.ssd/1"  # a record-sheet document carries its design under "design"
FLEET_SCHEMA = "shipyard.fleet/1"  # a fleet given where a design belongs gets a pointer
M = TypeVar("M", bound=BaseModel)


class _Data(Protocol):
    def to_data(self) -> dict[str, Any]: ...


class DesignFile:
    """What every game's design writes the same way: its file text from its data."""

    def to_json(self: _Data) -> str:
        return json.dumps(self.to_data(), indent=2) + "\n"


def parse_envelope(data: object, file: str, model: type[M],
                   check: Callable[[dict[str, Any], str], None] | None = None) -> M:
    """Shape-check design data (or an SSD document's design) as `model`.

    `check` sees the design's own data first (a ruleset's extra rules of shape).
    Raises `DesignReadError` naming the field, `design.`-prefixed inside an SSD.
    """
    if not isinstance(data, dict):
        raise DesignReadError(file, f"expected an object at the top level, got {describe(data)}")
    if data.get("schema") == SSD_SCHEMA:
        inner = data.get("design")
        if not isinstance(inner, dict) or inner.get("schema") != DESIGN_SCHEMA:
            raise DesignReadError(file, "an SSD document needs its design here", "design")
        try:
            return parse_envelope(inner, file, model, check)
        except DesignReadError as exc:
            field = f"design.{exc.field}" if exc.field else "design"
            raise DesignReadError(file, exc.problem, field) from None
    tag = data.get("schema")
    if tag is None:
        raise DesignReadError(file, f"required field is missing (expected '{DESIGN_SCHEMA}')",
                              "schema")
    if tag == FLEET_SCHEMA:
        raise DesignReadError(file, "this is a fleet file, not a design (shipyard fleet "
                              "reads it; validate, export and tournament take it too)", "schema")
    if tag != DESIGN_SCHEMA:
        raise DesignReadError(file, f"expected '{DESIGN_SCHEMA}', got {tag!r}", "schema")
    if check is not None:
        check(data, file)
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        field, problem = first_problem(exc.errors())
        raise DesignReadError(file, problem, field) from None
