"""The SSD document: `shipyard.ssd/1`, the record sheet as data.

A spacecraft systems display lists every box of a design (rules 1.1) with
a stable id, so that a game aid can mark damage by id. The document carries
the design itself under `design` (so `cost`, `validate` and `export` read an
SSD file back as its design), every figure of the priced sheet, and the
catalog it was priced with. Pure core code: no renderer is imported here.
"""

from __future__ import annotations

from shipyard.core.defaults import record_document
from shipyard.core.document import BoxRows, SsdDocument
from shipyard.rulesets.pentagon_war.arcs import arc_order, expand, known_distinct
from shipyard.rulesets.pentagon_war.catalog import Catalog
from shipyard.rulesets.pentagon_war.design import (
    DRONE_WEAPONS,
    GUN_TYPES,
    SIDES,
    WEAPON_TYPES,
    Design,
)
from shipyard.rulesets.pentagon_war.pricing import PentagonWarEvaluation, Sheet, count
from shipyard.rulesets.pentagon_war.report import sheet_data


def _arc_names(arcs: list[str], catalog: Catalog) -> list[str]:
    """Known arcs in clockwise order, then any unknown names (a draft may carry them)."""
    known = known_distinct(arcs, catalog)
    order = arc_order(catalog)
    unknown = [a for a in dict.fromkeys(expand(arcs, catalog)) if a not in order]
    return known + unknown


def groups_of(design: Design, sheet: Sheet, catalog: Catalog) -> BoxRows:
    """Every box of the design, row by row, counted exactly as pricing counts it."""
    rows = BoxRows()
    prices = catalog.prices
    systems = design.systems
    screen = prices.directional_screen if design.options.directional_screens else prices.screen
    rows.add("screen", "screen", "Screens", screen.label, count(systems.screen))
    for side in SIDES:
        rows.add(f"armor.{side}", "armor", f"Armor side {side}", f"Armor side {side}",
                 count(design.armor.get(side)))
    rows.add("hull.forward", "hull", "Hull forward", "Hull forward", sheet.hull_forward)
    rows.add("hull.aft", "hull", "Hull aft", "Hull aft", sheet.hull_aft)
    for key, label in (("cargo", "Cargo"), ("fuel_tank", "Fuel tanks"),
                       ("capacitor", "Capacitors"), ("point_defense", "Point defense")):
        entry = getattr(prices, key)
        rows.add(key, key, label, entry.label, count(getattr(systems, key)))
    track = sheet.radar_track
    rows.add("radar", "radar", "Radar track", prices.radar_box.label, len(track), numbers=track)
    rows.add("engine", "engine", "Engines", prices.engine.label, count(systems.engine))
    free_controls = catalog.construction.limits.main_controls_free
    rows.add("control.main", "control", "Main control", prices.main_control.label,
             free_controls)
    rows.add("control.aux", "control", "Aux controls", prices.aux_control.label,
             count(systems.aux_control))
    rows.add("repair", "repair", "Repair", prices.repair.label, count(systems.repair))
    rows.add("missile", "missile", "Missiles", prices.missile.label, count(systems.missile))
    for i, drone in enumerate(design.drones):
        if drone.weapon not in DRONE_WEAPONS:
            continue
        weapon = getattr(catalog.drone_weapons, drone.weapon).label
        rows.add(f"drones[{i}]", "drone", f"{weapon} bays", f"Drone bay ({weapon})",
                 count(drone.count), weapon=drone.weapon)
    for i, gun_or_weapon in enumerate(design.weapons):
        if gun_or_weapon.type not in WEAPON_TYPES:
            continue
        label = getattr(prices, gun_or_weapon.type).label
        arcs = _arc_names(gun_or_weapon.arcs, catalog)
        rows.add(f"weapons[{i}]", gun_or_weapon.type, label, label, count(gun_or_weapon.count),
                 arcs=arcs)
    for i, gun in enumerate(design.guns):
        if gun.type not in GUN_TYPES:
            continue
        label = getattr(prices, gun.type).label
        rows.add(f"guns[{i}]", "gun", label, f"{label} track", count(gun.boxes),
                 arcs=_arc_names(gun.arcs, catalog))
    rows.add("final_damage", "final_damage", "Final damage", "Final damage",
             sheet.final_damage_boxes)
    rows.add("ramming_weight", "ramming_weight", "Ramming weight", prices.ramming_weight.label,
             count(systems.ramming_weight))
    return rows


def build_document(evaluation: PentagonWarEvaluation, *, budget: int | None = None,
                   draft: bool = False) -> SsdDocument:
    """The SSD document of an evaluated design."""
    design, sheet, catalog = evaluation.design, evaluation.sheet, evaluation.catalog
    rows = groups_of(design, sheet, catalog)
    return record_document(evaluation, rows, sheet=sheet_data(sheet, evaluation.issues),
                           arc_order=arc_order(catalog), budget=budget, draft=draft)
