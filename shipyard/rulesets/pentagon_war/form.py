"""The designer's form for The Pentagon War: every field, grouped like the price list.

Sections follow the price list (1.2): craft options, defenses, power and
drive, sensors and control, secondary weapons, guns, ordnance, structure.
Armor sits on a hexagon, side 1 to the front (R13); arcs are the six of R12;
liquid metal guns come in pairs (1.2).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from shipyard.core.form import (
    ArcPair,
    ArcSet,
    Choice,
    Count,
    Flag,
    Form,
    HexSides,
    ListGroup,
    Name,
    Ring,
    Section,
    Spec,
    Split,
    Track,
)
from shipyard.rulesets.pentagon_war.catalog import Catalog
from shipyard.rulesets.pentagon_war.design import (
    DRONE_WEAPONS,
    GUN_TYPES,
    MAX_COUNT,
    SCOOPS,
    SIDES,
    WEAPON_TYPES,
)
from shipyard.rulesets.pentagon_war.pricing import Sheet

NEW_WEAPON: dict[str, Any] = {"type": "laser", "arcs": ["LF", "RF"], "count": 1}
NEW_GUN: dict[str, Any] = {"type": "radiation_gun", "boxes": 1, "arcs": ["LF", "RF"]}
NEW_DRONE: dict[str, Any] = {"weapon": "laser", "count": 1}


def suicide_bomb(value: int) -> object:
    """`options.suicide_bomb` is a flag, or a count once there are two or more."""
    return value if value > 1 else bool(value)


def ring(catalog: Catalog) -> Ring:
    """The six arcs clockwise from dead ahead (R12), and their shorthand (`F2`)."""
    extra = catalog.arcs.shorthand.model_extra or {}
    shorthand = {key: tuple(str(v) for v in value)
                 for key, value in extra.items() if isinstance(value, list)}
    return Ring(tuple(catalog.arcs.names.order), shorthand)


def _label(catalog: Catalog, key: str, drone: bool = False) -> str:
    model: object = catalog.drone_weapons if drone else catalog.prices
    entry = getattr(model, key, None)
    return str(getattr(entry, "label", "") or key.replace("_", " ").capitalize())


def _words(entry: Mapping[str, Any]) -> str:
    kind = str(entry.get("type") or entry.get("weapon")).replace("_", " ")
    return f"{kind}, {'/'.join(entry['arcs'])}" if "arcs" in entry else kind


def _rear_note(sheet: Sheet) -> str:
    return "rear armor allowed (base)" if sheet.is_base else "rear: bases only (R11)"


def _rating(sheet: Sheet) -> str:
    return f"rating {sheet.radar_rating}"


def _hull(sheet: Sheet) -> int:
    return sheet.hull_boxes


def _hull_forward(sheet: Sheet) -> int:
    return sheet.hull_forward


def design_form(catalog: Catalog) -> Form:
    """The Pentagon War's designer form (its entries' fields follow their data)."""
    arcs = ring(catalog)
    weapons = tuple((t, _label(catalog, t)) for t in WEAPON_TYPES)
    guns = tuple((t, _label(catalog, t)) for t in GUN_TYPES)
    drones = tuple((t, _label(catalog, t, drone=True)) for t in DRONE_WEAPONS)

    def weapon(entry: Mapping[str, Any]) -> tuple[Spec, ...]:
        return (Choice("type", "Type", weapons),
                Count("count", "Boxes", noun="weapon box"),
                ArcSet("arcs", "Arcs", arcs))

    def gun(entry: Mapping[str, Any]) -> tuple[Spec, ...]:
        pairs = entry.get("type") == "liquid_metal_gun"  # liquid metal guns come in pairs
        return (Choice("type", "Type", guns),
                Count("boxes", "Boxes", noun="pair of gun boxes" if pairs else "gun box",
                      step=2 if pairs else 1),
                ArcPair("arcs", "Arcs", arcs, home=len(arcs.names) - 1))

    def drone(entry: Mapping[str, Any]) -> tuple[Spec, ...]:
        return (Choice("weapon", "Drone weapon", drones),
                Count("count", "Drone bays", noun="drone bay"))

    radar = catalog.construction.radar
    return Form(max_count=MAX_COUNT, removable=("unknown-system", "unknown-armor-side"),
                sections=(
        Section("Craft", (
            Name(),
            Flag("manned", "Manned"),
            Flag("options.movable_base", "Movable base"),
            Count("options.suicide_bomb", "Suicide bomb", noun="suicide bomb",
                  writer=suicide_bomb),
        )),
        Section("Defenses", (
            Count("systems.screen", "Screens", noun="screen"),
            Flag("options.directional_screens", "Directional screens"),
            Count("systems.point_defense", "Point defense", noun="point-defense box"),
            HexSides("armor", "Armor by side", SIDES, noun="armor box", unit="armor",
                     note=_rear_note),
        )),
        Section("Power and drive", (
            Count("systems.capacitor", "Capacitors", noun="capacitor"),
            Count("systems.engine", "Engines", noun="engine"),
            Count("systems.fuel_tank", "Fuel tanks", noun="fuel tank"),
            Choice("scoop", "Scoop", tuple((s, s) for s in SCOOPS)),
        )),
        Section("Sensors and control", (
            Track("radar", "Radar track", noun="radar box", lowest=radar.lowest,
                  highest=radar.highest, free=radar.free_box, summary=_rating),
            Count("systems.aux_control", "Aux control", noun="aux control box"),
            Flag("options.special_electronics", "Special electronics"),
            Flag("options.radar_invisibility", "Radar invisibility"),
        )),
        Section("Secondary weapons", (
            ListGroup("weapons", "secondary weapon", "weapon", NEW_WEAPON, _words(NEW_WEAPON),
                      "A laser on LF+RF, to change as you like", weapon),
        )),
        Section("Guns", (
            ListGroup("guns", "gun", "gun", NEW_GUN, _words(NEW_GUN),
                      "A one-box radiation gun on LF+RF", gun),
        )),
        Section("Ordnance", (
            Count("systems.missile", "Missiles", noun="missile"),
            Count("systems.cargo", "Cargo", noun="cargo box"),
            Count("systems.hyper_bomb", "Hyper bombs", noun="hyper bomb"),
            ListGroup("drones", "drone bay", "drone bay", NEW_DRONE, _words(NEW_DRONE),
                      "A laser drone bay", drone),
        )),
        Section("Structure", (
            Count("systems.extra_hull", "Extra hull", noun="hull box"),
            Split("hull_split", "Forward hull", total=_hull, automatic=_hull_forward),
            Count("systems.extra_final_damage", "Extra final damage",
                  noun="final-damage box"),
            Count("systems.ramming_weight", "Ramming weight", noun="ramming-weight box"),
            Count("systems.repair", "Repair", noun="repair box"),
        )),
    ))
