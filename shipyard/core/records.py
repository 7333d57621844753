"""The figures a game's rule functions read, handed to compiled kernels as a numpy record.

A game keeps the single figures of its combat tables in one `NamedTuple` (the reference
engine reads them as attributes); `record_of` copies such a tuple into a numpy record
with the same field names and types, which numba compiles as a struct, so a rule
function reads `f.name` in either engine. The record's fields come from the tuple's
annotations: the names are written once.
"""

from __future__ import annotations

from typing import Any, NamedTuple, get_type_hints

import numpy as np

_TYPES = {int: np.int64, float: np.float64, bool: np.int64}


def dtype_of(figures: type[NamedTuple]) -> np.dtype[Any]:
    """The record type of a figures tuple class: one int64 or float64 field per field."""
    hints = get_type_hints(figures)
    return np.dtype([(name, _TYPES[hints[name]]) for name in figures._fields])


def record_of(figures: NamedTuple) -> Any:
    """A numpy record holding `figures`, read by field name (`record.to_hit_die`) in
    Python and in numba alike."""
    array = np.rec.array(np.zeros(1, dtype=dtype_of(type(figures))))
    for name, value in zip(figures._fields, figures, strict=True):
        array[name][0] = value
    return array[0]
