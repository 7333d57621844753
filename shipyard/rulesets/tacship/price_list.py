"""The Tacship price list and construction limits as rows, each with its provenance.

Shared by `shipyard catalog` and the designer's catalog screen.
"""

from __future__ import annotations

from typing import Any

from shipyard.rulesets.tacship.catalog import TacshipCatalog

SKIP = {"section", "key", "label", "unit", "source", "rule", "note", "file"}

# Where an item is written in a design file (rules 4 figures that a design sets).
_FILE_KEYS = {
    ("price", "damage_box"): "damage_boxes",
    ("price", "survivability"): "survivability",
    ("price", "thrust"): "thrust",
    ("price", "fixed_laser"): "fixed_lasers",
    ("price", "turret_laser"): "turret_lasers",
    ("price", "hardpoint"): "hardpoints",
    ("construction", "survivability"): "survivability",
    ("construction", "laser_factor"): "fixed_lasers, turret_lasers: factor",
    ("construction", "turret"): "turret_lasers: arc",
    ("construction", "crew"): "crew",
    ("construction", "ordnance"): "ordnance",
}


def price_rows(catalog: TacshipCatalog) -> list[dict[str, Any]]:
    """One row per price and per construction figure."""
    rows: list[dict[str, Any]] = []
    for section, model in (("price", catalog.prices), ("construction", catalog.construction)):
        for key, entry in model:
            data = entry.model_dump(mode="json", exclude={"label", "note", "source", "rule",
                                                          "unit"})
            figures = {k: (", ".join(map(str, v)) if isinstance(v, list) else str(v))
                       for k, v in data.items()}
            rows.append({"section": section, "key": key,
                         "label": entry.label or key.replace("_", " ").capitalize(),
                         "unit": entry.unit, **figures, "source": entry.source,
                         "rule": entry.rule, "note": entry.note,
                         "file": _FILE_KEYS.get((section, key), "")})
    return rows


def row_figures(row: dict[str, Any]) -> str:
    """A row's figures in words: "2 / hardpoint", "lowest 0, highest 4"."""
    parts = [str(v) if k == "price" else f"{k.replace('_', ' ')} {v}"
             for k, v in row.items() if k not in SKIP]
    unit = f" / {row['unit']}" if row.get("unit") else ""
    return ", ".join(parts) + unit
