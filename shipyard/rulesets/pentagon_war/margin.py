"""What an edit would cost: the "one more box" hint beside the designer's fields.

A box changes more than its own price: it can add free hull (R3) and free
final damage (R4), and push the design over a size-class border (R5). This
prices the design with and without the edit and reports every difference.
Pure core code.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from shipyard.core.errors import DesignReadError
from shipyard.core.sheet import roman
from shipyard.rulesets.pentagon_war.catalog import Catalog
from shipyard.rulesets.pentagon_war.design import Design, parse_design
from shipyard.rulesets.pentagon_war.pricing import Sheet, price

Change = Callable[[dict[str, Any]], None]


@dataclass(frozen=True)
class Margin:
    """The difference one edit makes to a priced design."""

    points: Fraction
    total_change: int
    free_hull: int
    final_damage: int
    size_class: tuple[int, int]
    boxes: int


def boxes_to_next_class(sheet: Sheet, catalog: Catalog) -> int:
    """Non-radar boxes still to add before the size class rises (R5)."""
    rule = catalog.construction.size_class
    limit = rule.first_limit
    while sheet.non_radar_boxes > limit:
        limit *= rule.growth
    return limit - sheet.non_radar_boxes + 1


def difference(before: Sheet, after: Sheet) -> Margin:
    return Margin(
        points=after.exact_total - before.exact_total,
        total_change=after.total - before.total,
        free_hull=after.free_hull - before.free_hull,
        final_damage=after.free_final_damage - before.free_final_damage,
        size_class=(before.size_class, after.size_class),
        boxes=after.boxes - before.boxes,
    )


def what_if(design: Design, change: Change, catalog: Catalog,
            before: Sheet | None = None) -> Margin | None:
    """The margin of `change` on `design`; None when the edit would not make a design."""
    data = design.to_data()
    change(data)
    try:
        edited = parse_design(data)
    except DesignReadError:
        return None
    return difference(before or price(design, catalog), price(edited, catalog))


def margin_notes(margin: Margin) -> tuple[str, ...]:
    """The figures an edit moves besides the price, in words (R3, R4, R5)."""
    notes = []
    if margin.free_hull:
        notes.append(f"free hull {margin.free_hull:+d}")
    if margin.final_damage:
        notes.append(f"free final damage {margin.final_damage:+d}")
    before, after = margin.size_class
    if before != after:
        notes.append(f"size class {roman(before)} → {roman(after)}")
    return tuple(notes)
