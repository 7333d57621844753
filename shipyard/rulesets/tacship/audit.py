"""Tacship's part of the points-balance audit: every system a fighter can buy (rules 4).

One unit each: a damage box, a point of survivability or thrust, a fixed Laser-1, -2 or
-3 (a new mount), a turret Laser-1, -2 or -3 covering the fore or the aft arc (two-man
fighters only), and a hardpoint loaded with a missile, a mine or a decoy (the ordnance
is free, so the hardpoint is measured with each load). A fighter already at the
highest survivability, or with one crew for a turret, cannot buy that unit.

Every Tacship fighter is built on the game's 30 points, so one unit more makes a
fighter over the budget. The damage box is the anchor: a unit is measured as a swap,
bought and paid for with as many damage boxes as it costs (one, two for a hardpoint),
so the fighter stays legal, and the damage box's own worth is measured by removing one.
docs/audit.md says how the audit turns the swaps back into each unit's worth.
"""

from __future__ import annotations

from shipyard.core.audit import Data, Purchase
from shipyard.rulesets.tacship.catalog import TacshipCatalog

BUDGETS = (30,)


def _count(data: Data, key: str) -> bool:
    data[key] = data.get(key, 0) + 1
    return True


def _remove_box(data: Data) -> bool:
    """One damage box fewer; a fighter keeps its last one (rules 4)."""
    if data.get("damage_boxes", 0) <= 1:
        return False
    data["damage_boxes"] -= 1
    return True


def _survivability(catalog: TacshipCatalog) -> Purchase:
    highest = catalog.construction.survivability.highest

    def add(data: Data) -> bool:
        if data.get("survivability", 0) >= highest:
            return False
        return _count(data, "survivability")
    return Purchase("survivability", "Survivability +1", "survivability", add)


def _fixed(factor: int) -> Purchase:
    def add(data: Data) -> bool:
        data.setdefault("fixed_lasers", []).append({"factor": factor, "count": 1})
        return True
    return Purchase(f"fixed_laser.{factor}", f"Laser-{factor} (fixed)", "fixed_laser", add)


def _turret(catalog: TacshipCatalog, factor: int, arc: str) -> Purchase:
    crew = catalog.construction.turret.crew

    def add(data: Data) -> bool:
        if data.get("crew") != crew:
            return False
        data.setdefault("turret_lasers", []).append({"factor": factor, "arc": arc, "count": 1})
        return True
    return Purchase(f"turret_laser.{factor}.{arc}", f"Laser-{factor} (turret, {arc})",
                    "turret_laser", add)


def _hardpoint(kind: str) -> Purchase:
    def add(data: Data) -> bool:
        data["hardpoints"] = data.get("hardpoints", 0) + 1
        load = dict(data.get("ordnance", {}))
        load[kind] = load.get(kind, 0) + 1
        data["ordnance"] = load
        return True
    return Purchase(f"hardpoint.{kind}", f"Hardpoint with a {kind}", "hardpoint", add)


class TacshipAudit:
    """The audit's view of a Tacship fighter."""

    def purchases(self, catalog: TacshipCatalog) -> list[Purchase]:
        build = catalog.construction
        factors = range(max(1, build.laser_factor.lowest), build.laser_factor.highest + 1)
        found = [Purchase("damage_box", "Damage box", "damage_box",
                          lambda data: _count(data, "damage_boxes"), _remove_box),
                 _survivability(catalog),
                 Purchase("thrust", "Thrust +1", "thrust", lambda data: _count(data, "thrust"))]
        found += [_fixed(factor) for factor in factors]
        found += [_turret(catalog, factor, arc) for factor in factors
                  for arc in build.turret.arcs]
        found += [_hardpoint(kind) for kind in build.ordnance.kinds]
        return found

    def budgets(self, catalog: TacshipCatalog) -> tuple[int, ...]:
        return BUDGETS

    def anchor(self, catalog: TacshipCatalog) -> str | None:
        return "damage_box"
