"""What a game tells the points-balance audit (`shipyard audit`): the systems a design buys.

A game lists every system a design can buy as a `Purchase`: a stable key, its words,
the price-list row it is priced by, and a function that adds one unit of it to a
design's data. The audit prices the design before and after (so the unit's price is
what the catalog in use charges for it on that design, tiers and all) and fights both
on the same seeds. A purchase that cannot be made on a design (a turret on a one-man
fighter, a rear armor side on a ship) answers False and is left out there.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from typing_extensions import TypeVar

Data = dict[str, Any]  # a design file's data, changed in place
C_in = TypeVar("C_in", contravariant=True, default=Any)


@dataclass(frozen=True)
class Purchase:
    """One unit of a system a design can buy."""

    key: str  # stable: the audit's tables, files and `--explain` name it by this
    label: str  # in the game's own words
    row: str  # the price-list row (`price_rows` key) it is priced by
    add: Callable[[Data], bool]  # one more unit, in place; False: not on this design
    # One unit fewer, in place; False: none to spare. Only the game's anchor needs it.
    remove: Callable[[Data], bool] | None = None


class Audit(Protocol[C_in]):
    """A game's part of the points-balance audit."""

    def purchases(self, catalog: C_in) -> Sequence[Purchase]:
        """Every system a design can buy, one unit each, in the price list's order."""
        ...

    def budgets(self, catalog: C_in) -> tuple[int, ...]:
        """The budgets whose optimized designs the audit adds to its contexts."""
        ...

    def anchor(self, catalog: C_in) -> str | None:
        """In a game whose designs are all built to its own budget, the purchase (its key)
        that pays for the others: each unit is measured as a swap, bought and paid for by
        removing as many of the anchor as it costs, so the design stays within the budget;
        None: each unit is simply added."""
        ...
