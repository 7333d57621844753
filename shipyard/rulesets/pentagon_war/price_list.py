"""The price list as rows: every price, table and construction figure with its provenance.

Shared by `shipyard catalog` and the designer's catalog screen. Pure core code.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from shipyard.core.sheet import written
from shipyard.rulesets.pentagon_war.catalog import Catalog
from shipyard.rulesets.pentagon_war.design import GUN_TYPES, SYSTEMS, WEAPON_TYPES

# Where a price-list item is written in a design file, when it is not `systems.KEY`.
_FILE_KEYS = {
    "directional_screen": "options.directional_screens",
    "armor": "armor: 1-6",
    "ramscoop": "scoop: ramscoop",
    "magnascoop": "scoop: magnascoop",
    "radar_box": "radar",
    "drone_bay": "drones",
    "main_control": "",  # always there, and free: nothing to write
    "radar_invisibility": "options.radar_invisibility",
    "special_electronics": "options.special_electronics",
    "suicide_bomb": "options.suicide_bomb",
}


def file_key(section: str, key: str) -> str:
    """How a design file names the item: `systems.screen`, `weapons: proton_cannon`."""
    if section == "drone":
        return f"drones: {key}"
    if section != "price":
        return ""  # a figure of the rules, not something a design buys
    if key in WEAPON_TYPES:
        return f"weapons: {key}"
    if key in GUN_TYPES:
        return f"guns: {key}"
    if key in SYSTEMS:
        return f"systems.{key}"
    return _FILE_KEYS.get(key, "")


def price_rows(catalog: Catalog) -> list[dict[str, Any]]:
    """One row per price, drone weapon, arc multiplier and construction figure."""
    rows: list[dict[str, Any]] = []
    for group, model in (("price", catalog.prices), ("drone", catalog.drone_weapons)):
        for key, entry in model:
            data = entry.model_dump(mode="json", exclude={"label", "note", "source", "rule"})
            figures = {k: str(v) for k, v in data.items() if k != "unit" and v is not None}
            rows.append({"section": group, "key": key, "label": entry.label, "unit": entry.unit,
                         **figures, "source": entry.source, "rule": entry.rule,
                         "note": entry.note, "file": file_key(group, key)})
    multiplier = catalog.arcs.multiplier
    rows.append({"section": "arcs", "key": "multiplier", "label": "Arc multiplier (by arcs)",
                 "unit": "", **{k: str(v) for k, v in multiplier.by_count.items()},
                 "source": multiplier.source, "rule": multiplier.rule, "note": "",
                 "file": ""})
    for key, entry in catalog.construction:
        figures = entry.model_dump(mode="json", exclude={"label", "note", "source", "rule",
                                                         "unit"})
        rows.append({"section": "construction", "key": key,
                     "label": key.replace("_", " ").capitalize(),
                     "unit": "", **{k: str(v) for k, v in figures.items()},
                     "source": entry.source, "rule": entry.rule, "note": entry.note,
                     "file": ""})
    return rows


def _figure(value: object) -> str:
    """A catalog figure as players write it ("3/4" is 0.75, R1); a word stays a word."""
    try:
        return written(Fraction(str(value)))
    except (ValueError, ZeroDivisionError):
        return str(value)


def figures(row: dict[str, Any]) -> str:
    """A row's figures in words: "23 / box", "first 2 boxes 39, each further 2 boxes 15"."""
    if row["key"] == "multiplier":
        return ", ".join(f"{k}: x{_figure(v)}" for k, v in row.items() if k.isdigit())
    if row.get("group", "1") != "1":
        size = row["group"]
        return (f"first {size} boxes {_figure(row['first'])}, "
                f"each further {size} boxes {_figure(row['further'])}")
    if "rate" in row:
        return f"{written(Fraction(row['rate']) * 100)}% of the rest of the design"
    if row["unit"] == "number":
        return f"{_figure(row['price'])} x the box's number"
    skip = {"section", "key", "label", "unit", "source", "rule", "note", "group", "file"}
    parts = [_figure(v) if k == "price" else f"{k.replace('_', ' ')} {_figure(v)}"
             for k, v in row.items() if k not in skip]
    unit = f" / {row['unit']}" if row["unit"] else ""
    return ", ".join(parts) + unit
