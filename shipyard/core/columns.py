"""Column numbers for flat arrays, handed out in the order the names are written.

The compiled duel engines keep a duel in flat numpy arrays and name each column with
a module-level int, which numba folds into the kernels as a constant. Numbering them
by hand means keeping a count and every later number in step with each edit; a
`Columns` hands out the next free column each time it is called, so the names are
listed once, in order, and the array's width is the count at the end:

    _row = Columns()
    SPEED = _row()
    STORES = _row(3)  # three columns: STORES + item
    ROW_COLUMNS = _row.count
"""

from __future__ import annotations


class Columns:
    """The columns of one array handed out so far, and the next free one."""

    __slots__ = ("count",)

    def __init__(self, first: int = 0) -> None:
        self.count = first

    def __call__(self, width: int = 1) -> int:
        """The first of the next `width` columns (one unless told)."""
        if width < 1:
            raise ValueError(f"a column group needs a width of at least 1, not {width}")
        first = self.count
        self.count += width
        return first
