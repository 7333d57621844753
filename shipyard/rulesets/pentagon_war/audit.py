"""The Pentagon War's part of the points-balance audit: every system a craft can buy (1.2).

One unit each: a box of each simple system (screens, cargo, fuel, capacitors, point
defense, engines, aux control, repair, missiles, extra hull and final damage, ramming
weight), a box of armor on each side, a radar box (the track's last number again), a
secondary weapon or magnetic beam of each kind on one arc, the two forward arcs or all
six (the arc choice is priced by R1), one more unit of each gun (a new gun on the two
forward arcs when the craft has none of that kind; liquid metal guns in pairs, 1.2), a
drone bay of each kind, and special electronics. Hyper bombs (R15) are left out: no
scenario of the duels allows them. A unit the craft may not have (a rear armor side on
a ship, R11; a second special electronics) answers False; the audit also drops one that
makes the design illegal.
"""

from __future__ import annotations

from shipyard.core.audit import Data, Purchase
from shipyard.rulesets.pentagon_war.arcs import arc_order
from shipyard.rulesets.pentagon_war.catalog import Catalog
from shipyard.rulesets.pentagon_war.design import DRONE_WEAPONS, GUN_TYPES, SIDES, WEAPON_TYPES
from shipyard.rulesets.pentagon_war.pricing import count

BUDGETS = (300, 600, 2000)
SYSTEM_WORDS = {"screen": "Screen", "capacitor": "Capacitor", "point_defense": "Point defense",
                "engine": "Engine", "fuel_tank": "Fuel tank", "cargo": "Cargo",
                "aux_control": "Aux control", "repair": "Repair", "missile": "Missile",
                "extra_hull": "Hull (extra)", "extra_final_damage": "Final damage (extra)",
                "ramming_weight": "Ramming weight"}
ARC_CHOICES = (("1", 1), ("2", 2), ("6", 6))  # (key, arcs): one arc, the bow's two, all six


def _system(name: str) -> Purchase:
    def add(data: Data) -> bool:
        systems = data.setdefault("systems", {})
        if name == "engine" and not count(systems.get("engine", 0)):
            return False  # a base stays a base
        systems[name] = count(systems.get(name, 0)) + 1
        return True
    return Purchase(name, SYSTEM_WORDS[name], name, add)


def _armor(side: str) -> Purchase:
    def add(data: Data) -> bool:
        if side == "4" and count(data.get("systems", {}).get("engine", 0)):
            return False  # R11: the rear side on bases only
        armor = data.setdefault("armor", {})
        armor[side] = count(armor.get(side, 0)) + 1
        return True
    return Purchase(f"armor.{side}", f"Armor, side {side}", "armor", add)


def _radar(data: Data) -> bool:
    track = data.setdefault("radar", [])
    track.append(track[-1] if track else 1)
    return True


def _weapon(kind: str, arcs: list[str], key: str) -> Purchase:
    def add(data: Data) -> bool:
        weapons = data.setdefault("weapons", [])
        same = [w for w in weapons if w.get("type") == kind and w.get("arcs") == arcs]
        if same:
            same[0]["count"] = count(same[0].get("count", 1)) + 1
        else:
            weapons.append({"type": kind, "arcs": list(arcs), "count": 1})
        return True
    words = kind.replace("_", " ").capitalize()
    return Purchase(f"{kind}.{key}", f"{words}, {len(arcs)} arc{'s' * (len(arcs) > 1)}",
                    kind, add)


def _gun(kind: str, group: int, arcs: list[str]) -> Purchase:
    def add(data: Data) -> bool:
        guns = data.setdefault("guns", [])
        same = [g for g in guns if g.get("type") == kind]
        if same:
            same[0]["boxes"] = count(same[0].get("boxes", 0)) + group
        else:
            guns.append({"type": kind, "boxes": group, "arcs": list(arcs)})
        return True
    return Purchase(kind, kind.replace("_", " ").capitalize(), kind, add)


def _drone(weapon: str) -> Purchase:
    def add(data: Data) -> bool:
        drones = data.setdefault("drones", [])
        same = [d for d in drones if d.get("weapon") == weapon and d.get("rating") is None]
        if same:
            same[0]["count"] = count(same[0].get("count", 1)) + 1
        else:
            drones.append({"weapon": weapon, "count": 1})
        return True
    words = weapon.replace("_", " ")
    return Purchase(f"drone_bay.{weapon}", f"Drone bay ({words})", "drone_bay", add)


def _electronics(data: Data) -> bool:
    options = data.setdefault("options", {})
    if options.get("special_electronics"):
        return False
    options["special_electronics"] = True
    return True


class PentagonWarAudit:
    """The audit's view of a Pentagon War craft."""

    # Duels only: fleet battles on the map are slow to audit (docs/audit.md), so the
    # game's audit keeps to its duels.
    battles = False

    def purchases(self, catalog: Catalog) -> list[Purchase]:
        order = list(arc_order(catalog))
        bow = [order[-1], order[0]]  # LF and RF: the two forward arcs (R12)
        arcs = {1: [order[0]], 2: bow, 6: order}
        found = [_system(name) for name in ("screen",)]
        found += [_armor(side) for side in SIDES]
        found += [_system(name) for name in ("extra_hull", "cargo", "fuel_tank", "capacitor",
                                             "point_defense")]
        found.append(Purchase("radar_box", "Radar box", "radar_box", _radar))
        found += [_system(name) for name in ("engine", "extra_final_damage", "missile")]
        found += [_drone(weapon) for weapon in DRONE_WEAPONS]
        found += [_system(name) for name in ("aux_control", "repair")]
        found += [_weapon(kind, arcs[n], key) for kind in WEAPON_TYPES for key, n in ARC_CHOICES]
        found += [_gun(kind, getattr(catalog.prices, kind).group, bow) for kind in GUN_TYPES]
        found.append(Purchase("special_electronics", "Special electronics",
                              "special_electronics", _electronics))
        found.append(_system("ramming_weight"))
        return found

    def budgets(self, catalog: Catalog) -> tuple[int, ...]:
        return BUDGETS

    def anchor(self, catalog: Catalog) -> str | None:
        return None  # the players agree a budget: each unit is simply added
