"""The price list as rows: every price, table and construction figure with its provenance.

Shared by `shipyard catalog` and the designer's catalog screen. Pure core code.
"""

from __future__ import annotations

from typing import Any

from shipyard.rulesets.pentagon_war.catalog import Catalog


def price_rows(catalog: Catalog) -> list[dict[str, Any]]:
    """One row per price, drone weapon, arc multiplier and construction figure."""
    rows: list[dict[str, Any]] = []
    for group, model in (("price", catalog.prices), ("drone", catalog.drone_weapons)):
        for key, entry in model:
            data = entry.model_dump(mode="json", exclude={"label", "note", "source", "rule"})
            figures = {k: str(v) for k, v in data.items() if k != "unit" and v is not None}
            rows.append({"section": group, "key": key, "label": entry.label, "unit": entry.unit,
                         **figures, "source": entry.source, "rule": entry.rule,
                         "note": entry.note})
    multiplier = catalog.arcs.multiplier
    rows.append({"section": "arcs", "key": "multiplier", "label": "Arc multiplier (by arcs)",
                 "unit": "", **{k: str(v) for k, v in multiplier.by_count.items()},
                 "source": multiplier.source, "rule": multiplier.rule, "note": ""})
    for key, entry in catalog.construction:
        figures = entry.model_dump(mode="json", exclude={"label", "note", "source", "rule",
                                                         "unit"})
        rows.append({"section": "construction", "key": key,
                     "label": key.replace("_", " ").capitalize(),
                     "unit": "", **{k: str(v) for k, v in figures.items()},
                     "source": entry.source, "rule": entry.rule, "note": entry.note})
    return rows


def figures(row: dict[str, Any]) -> str:
    """A row's figures in words: "23 / box", "first 1 boxes 18, each further 1 4"."""
    if row["key"] == "multiplier":
        return ", ".join(f"{k}: x{v}" for k, v in row.items() if k.isdigit())
    if row.get("group", "1") != "1":
        size = row["group"]
        return f"first {size} boxes {row['first']}, each further {size} {row['further']}"
    if "rate" in row:
        return f"{row['rate']} of the rest of the design"
    if row["unit"] == "number":
        return f"{row['price']} x the box's number"
    skip = {"section", "key", "label", "unit", "source", "rule", "note", "group"}
    parts = [str(v) if k == "price" else f"{k.replace('_', ' ')} {v}"
             for k, v in row.items() if k not in skip]
    unit = f" / {row['unit']}" if row["unit"] else ""
    return ", ".join(parts) + unit
