"""The figures a game's rule functions read, handed to compiled kernels as a numpy record.

A game keeps the single figures of its combat tables in one `NamedTuple` (the reference
engine reads them as attributes); `record_of` copies such a tuple into a numpy record
with the same field names and types, which numba compiles as a struct, so a rule
function reads `f.name` in either engine. The record's fields come from the tuple's
annotations: the names are written once. With the kernels run as plain Python
(`core.compiled.interpreted`), the figures stay a tuple of Python numbers: a numpy
record's fields are slow to read one by one.
"""

from __future__ import annotations

from collections import namedtuple
from collections.abc import Mapping
from functools import cache
from typing import Any, NamedTuple, get_type_hints

import numpy as np

from shipyard.core.compiled import interpreted

_TYPES = {int: np.int64, float: np.float64, bool: np.int64}


def dtype_of(figures: type[NamedTuple]) -> np.dtype[Any]:
    """The record type of a figures tuple class: one int64 or float64 field per field."""
    hints = get_type_hints(figures)
    return np.dtype([(name, _TYPES[hints[name]]) for name in figures._fields])


def record_of(figures: NamedTuple) -> Any:
    """`figures` as the kernels read them, by field name (`record.to_hit_die`): a numpy
    record (the tuple itself when the kernels run as Python)."""
    return record_from(dtype_of(type(figures)), figures._asdict())


@cache
def _plain(names: tuple[str, ...]) -> Any:
    return namedtuple("Figures", names)


def record_from(dtype: np.dtype[Any], values: dict[str, Any]) -> Any:
    """A record of `dtype` holding `values` by field name (every field named once): a
    numpy record for compiled kernels, a named tuple of Python numbers for interpreted
    ones."""
    names = tuple(dtype.names or ())
    if set(values) != set(names):
        raise ValueError(f"figures {sorted(set(values) ^ set(names))} missing or unknown")
    if interpreted():
        fields: Mapping[str, Any] = dtype.fields or {}
        return _plain(names)(**{name: fields[name][0].type(values[name]).item()
                                for name in names})
    array = np.rec.array(np.zeros(1, dtype=dtype))
    for name in names:
        array[name][0] = values[name]
    return array[0]
