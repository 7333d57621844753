"""The priced sheet as plain data: the `cost --json` public contract.

Pure core code: the CLI prints it, the TUI and the record sheets read it.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from shipyard.core.issues import Issue
from shipyard.core.sheet import Line, roman
from shipyard.rulesets.pentagon_war.pricing import Sheet


def exact(value: Fraction) -> str:
    """An exact figure as text: '1041/4', or '260' when whole."""
    return str(value)


def number(value: Fraction) -> int | float:
    """A figure that is whole or a half, as a JSON number."""
    return int(value) if value.denominator == 1 else float(value)


def line_data(line: Line) -> dict[str, Any]:
    return {
        "key": line.key,
        "item": line.item,
        "boxes": line.boxes,
        "price": exact(line.price),
        "source": line.source,
        "rule": line.rule,
        "path": line.path,
    }


def sheet_data(sheet: Sheet, issues: list[Issue] | tuple[Issue, ...] = ()) -> dict[str, Any]:
    """Every figure of a priced design, with its lines and issues."""
    return {
        "total": sheet.total,
        "exact_total": exact(sheet.exact_total),
        "size_class": sheet.size_class,
        "size_class_roman": roman(sheet.size_class),
        "free_hull": sheet.free_hull,
        "hull_boxes": sheet.hull_boxes,
        "hull_forward": sheet.hull_forward,
        "hull_aft": sheet.hull_aft,
        "free_final_damage": sheet.free_final_damage,
        "final_damage_boxes": sheet.final_damage_boxes,
        "boxes": sheet.boxes,
        "non_radar_boxes": sheet.non_radar_boxes,
        "radar_boxes": sheet.radar_boxes,
        "box_counts": dict(sorted(sheet.box_counts.items())),
        "armor_by_side": sheet.armor_by_side,
        "mass_points": sheet.mass_points,
        "mass_class": sheet.mass_class,
        "mass_class_exact": exact(sheet.mass_class_exact),
        "radar_rating": sheet.radar_rating,
        "radar_track": list(sheet.radar_track),
        "is_base": sheet.is_base,
        "radar_invisibility_power": sheet.radar_invisibility_power,
        "drones_per_impulse": sheet.drones_per_impulse,
        "explosion_strength": number(sheet.explosion_strength),
        "engines_for_standard": sheet.engines_for_standard,
        "legal": not any(i.severity == "error" for i in issues),
        "lines": [line_data(line) for line in sheet.lines],
        "issues": [issue.to_data() for issue in issues],
    }
