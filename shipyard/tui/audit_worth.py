"""The last audit of a catalog, as the catalog screen (F3) shows it beside the prices."""

from __future__ import annotations

from typing import Any

from shipyard.core.neutral import Ruleset
from shipyard.core.protocol import Catalog
from shipyard.services import audit_store
from shipyard.services.house import is_bundled


def _index(system: dict[str, Any]) -> float | None:
    found = system.get("index") or {}
    value = found.get("value")
    return float(value) if value is not None else None


def worth_text(systems: list[dict[str, Any]]) -> str:
    """One price row's audited systems in a few words: "x1.35 ~4.1 under" (index, suggested
    price, flag), "x0.60..1.40 (6)" for a row that prices several systems."""
    if not systems:
        return ""
    flags = sorted({str(s["flag"]) for s in systems if s["flag"]})
    tail = f" {'/'.join(flags)}" if flags else ""
    if len(systems) == 1:
        system = systems[0]
        index = _index(system)
        suggested = (system.get("suggested_price") or {}).get("value")
        price = f" ~{round(float(suggested), 1) + 0.0:.1f}" if suggested is not None else ""
        shown = f"x{index:.2f}" if index is not None else "free"
        return f"{shown}{price}{tail}"
    indices = [i for i in (_index(s) for s in systems) if i is not None]
    if not indices:
        return f"{len(systems)} systems{tail}"
    return f"x{min(indices):.2f}..{max(indices):.2f} ({len(systems)}){tail}"


class SavedAudit:
    """The catalog's last saved audit, if any, read once when the screen opens."""

    def __init__(self, ruleset: Ruleset, catalog: Catalog) -> None:
        self.ruleset, self.catalog = ruleset, catalog
        self.data = audit_store.load(ruleset.name, catalog.digest)

    def worth(self, row: dict[str, Any]) -> str:
        """What the audit measured for the systems a price-list row prices."""
        if self.data is None or row.get("section", "price") != "price":
            return ""
        return worth_text([s for s in self.data["systems"] if s.get("row") == row["key"]])

    def details(self, row: dict[str, Any]) -> list[str]:
        """Each audited system the row prices on a line of its own, with its interval."""
        if self.data is None or row.get("section", "price") != "price":
            return []
        found = []
        for system in self.data["systems"]:
            if system.get("row") != row["key"]:
                continue
            index = system.get("index") or {}
            interval = ""
            if index.get("low") is not None and index.get("high") is not None:
                interval = f" (95%: {index['low']:.2f} to {index['high']:.2f})"
            found.append(f"{system['label']}: {worth_text([system])}{interval}")
        return found

    def line(self) -> str:
        """Which audit the Worth column shows, or how to run one."""
        command = f"shipyard audit --ruleset {self.ruleset.name}"
        if not is_bundled(self.ruleset, self.catalog):
            command += f" --catalog {self.catalog.folder}"
        if self.data is None:
            return f"No audit of this catalog yet: run `{command}`"
        battles = self.data.get("battles") or 0
        fought = f"{self.data['duels']:,} duels" + (f", {battles:,} battles" if battles else "")
        return (f"Worth: the audit of {self.data['date']} (catalog "
                f"{self.catalog.digest[:12]}, {fought}): x index (1 is "
                f"fair, above it under-priced), ~ suggested price; `{command}` again")
