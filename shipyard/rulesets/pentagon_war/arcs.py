"""Firing arcs: names, shorthand, adjacency (rules 1.3, R12, R13)."""

from __future__ import annotations

from collections.abc import Sequence

from shipyard.rulesets.pentagon_war.catalog import Catalog


def arc_order(catalog: Catalog) -> list[str]:
    """The six arcs clockwise from dead ahead (R12)."""
    return list(catalog.arcs.names.order)


def expand(arcs: Sequence[str], catalog: Catalog) -> list[str]:
    """Replace shorthand names (`F2` -> LF, RF) by the arcs they stand for."""
    shorthand = catalog.arcs.shorthand.model_extra or {}
    out: list[str] = []
    for arc in arcs:
        value = shorthand.get(arc)
        if isinstance(value, list):
            out.extend(str(v) for v in value)
        else:
            out.append(arc)
    return out


def known_distinct(arcs: Sequence[str], catalog: Catalog) -> list[str]:
    """The distinct, known arcs among `arcs`, in clockwise order."""
    given = set(expand(arcs, catalog))
    return [arc for arc in arc_order(catalog) if arc in given]


def adjacent(a: str, b: str, catalog: Catalog) -> bool:
    """True if two known arcs are neighbours on the six-arc ring."""
    order = arc_order(catalog)
    if a not in order or b not in order:
        return False
    return (order.index(a) - order.index(b)) % 6 in (1, 5)


def arcs_covering(direction: int, catalog: Catalog) -> tuple[str, str]:
    """R13: the two arcs either side of relative direction 1-6 (1 = dead ahead)."""
    order = arc_order(catalog)
    # Direction k lies between arc k-1 (clockwise side) and the arc before it.
    return order[(direction - 2) % 6], order[(direction - 1) % 6]
