"""The figures printed under a priced Pentagon War design, in plain words.

`shipyard cost` prints these lines below the priced table; they are plain
text so any face can show them.
"""

from __future__ import annotations

from shipyard.core.sheet import roman, written
from shipyard.rulesets.pentagon_war.catalog import Catalog
from shipyard.rulesets.pentagon_war.design import Design
from shipyard.rulesets.pentagon_war.margin import boxes_to_next_class
from shipyard.rulesets.pentagon_war.pricing import Sheet


def summary_lines(design: Design, sheet: Sheet, budget: int | None) -> list[str]:
    """Total with size class and kind; boxes, hull and final damage; mass and radar."""
    budget_text = f" of {budget}" if budget is not None else ""
    return [
        f"Total {sheet.total}{budget_text} points (exact {written(sheet.exact_total)})  "
        f"size class {roman(sheet.size_class)}  {kind_words(design, sheet)}",
        f"Boxes {sheet.boxes} ({sheet.non_radar_boxes} non-radar)  "
        f"hull {sheet.hull_boxes} ({sheet.free_hull} free, {sheet.hull_forward} fwd / "
        f"{sheet.hull_aft} aft)  final damage {sheet.final_damage_boxes} "
        f"({sheet.free_final_damage} free)",
        f"Mass {sheet.mass_points} points, class {sheet.mass_class} "
        f"({written(sheet.mass_class_exact, mixed=True)})  radar rating {sheet.radar_rating}  "
        f"explosion {written(sheet.explosion_strength)}",
    ]


def kind_words(design: Design, sheet: Sheet) -> str:
    """'manned spacecraft', 'unmanned base' (R11: a base has no engines)."""
    crew = "manned" if design.manned else "unmanned"
    return f"{crew} {'base' if sheet.is_base else 'spacecraft'}"


def panel_rows(sheet: Sheet, catalog: Catalog) -> list[tuple[str, str]]:
    """The designer's figure rows: size class and what is left to the next, mass, hull..."""
    to_next = boxes_to_next_class(sheet, catalog)
    rows = [
        ("Size class", f"{roman(sheet.size_class)} · {to_next} box"
                       f"{'es' if to_next != 1 else ''} to {roman(sheet.size_class + 1)}"),
        ("Mass", f"{sheet.mass_points} pts · class {sheet.mass_class} "
                 f"({written(sheet.mass_class_exact, mixed=True)})"),
        ("Hull", f"{sheet.hull_boxes}  ({sheet.free_hull} free; "
                 f"{sheet.hull_forward} fwd, {sheet.hull_aft} aft)"),
        ("Final damage", f"{sheet.final_damage_boxes}  ({sheet.free_final_damage} free)"),
        ("Radar rating", f"{sheet.radar_rating}  (track "
                         f"{'-'.join(str(n) for n in sheet.radar_track)})"),
        ("Boxes", f"{sheet.boxes}  ({sheet.non_radar_boxes} non-radar)"),
    ]
    if sheet.engines_for_standard and not sheet.is_base:  # a base does not accelerate
        rows.append(("Std. accel.", f"needs {sheet.engines_for_standard} engine"
                                    f"{'s' if sheet.engines_for_standard > 1 else ''}"))
    return rows
