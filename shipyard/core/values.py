"""How design files write numbers, in every game: lenient values, strict shape.

A count is read as any number within sane bounds, so that a ruleset's
legality check can name a negative or fractional one as a rule problem
rather than refuse the file; text where a number belongs is a read error.
"""

from __future__ import annotations

import math
from typing import Annotated

from pydantic import PlainValidator, WithJsonSchema

from shipyard.core.errors import describe

DESIGN_SCHEMA = "shipyard.design/1"  # the envelope every game's design file shares
MAX_COUNT = 100_000  # far beyond any playable design; keeps hostile numbers out
MAX_ENTRIES = 1_000  # entries in one list of a design


def count_value(value: object) -> int | float:
    """A number as a design count: finite, within `MAX_COUNT`, whole floats made ints."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"expected a number, got {describe(value)}")
    if (isinstance(value, float) and not math.isfinite(value)) or abs(value) > MAX_COUNT:
        raise ValueError(f"number is out of range (at most {MAX_COUNT:,})")
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


Count = Annotated[int | float, PlainValidator(count_value), WithJsonSchema({"type": "number"})]
