"""Is a design legal? Every error and warning of rules 1.6, as data.

Validation returns `Issue`s and never raises, whatever it is given: shape
problems of raw data become issues too (code `unreadable`).
"""

from __future__ import annotations

from collections import Counter

from shipyard.core.issues import Agreement, Issue
from shipyard.core.sheet import roman
from shipyard.rulesets.pentagon_war.arcs import adjacent, arc_order, expand
from shipyard.rulesets.pentagon_war.catalog import Catalog
from shipyard.rulesets.pentagon_war.design import (
    DRONE_WEAPONS,
    GUN_TYPES,
    SCOOPS,
    SIDES,
    SYSTEMS,
    WEAPON_TYPES,
    Design,
)
from shipyard.rulesets.pentagon_war.pricing import Sheet, count, suicide_bombs


def _error(code: str, message: str, path: str, rule: str) -> Issue:
    return Issue(code, "error", f"{message} ({rule})", path, rule)


def _warning(code: str, message: str, path: str, rule: str) -> Issue:
    return Issue(code, "warning", f"{message} ({rule})", path, rule)


def _count_issue(value: object, path: str) -> Issue | None:
    """A negative or non-integer count (1.6)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return _error("bad-count", "a count must be a whole number", path, "1.6")
    if isinstance(value, float):
        return _error("non-integer-count", f"count {value} is not a whole number", path, "1.6")
    if value < 0:
        return _error("negative-count", f"count {value} is below zero", path, "1.6")
    return None


def _counts(design: Design) -> list[Issue]:
    found: list[Issue] = []
    fields: list[tuple[object, str]] = [
        (getattr(design.systems, key), f"systems.{key}") for key in SYSTEMS
    ]
    fields += [(v, f"systems.{k}") for k, v in design.systems.unknown().items()]
    fields += [(v, f"armor.{k}") for k, v in design.armor.items()]
    fields += [(w.count, f"weapons[{i}].count") for i, w in enumerate(design.weapons)]
    fields += [(g.boxes, f"guns[{i}].boxes") for i, g in enumerate(design.guns)]
    fields += [(d.count, f"drones[{i}].count") for i, d in enumerate(design.drones)]
    if design.hull_split is not None:
        fields += [(design.hull_split.forward, "hull_split.forward"),
                   (design.hull_split.aft, "hull_split.aft")]
    if not isinstance(design.options.suicide_bomb, bool):
        fields.append((design.options.suicide_bomb, "options.suicide_bomb"))
    for value, path in fields:
        issue = _count_issue(value, path)
        if issue:
            found.append(issue)
    return found


def _names(design: Design) -> list[Issue]:
    """Unknown system names, weapon types, armor sides and scoops."""
    found = [
        _error("unknown-system", f"'{name}' is not a system of the price list",
               f"systems.{name}", "1.2")
        for name in design.systems.unknown()
    ]
    found += [
        _error("unknown-armor-side", f"armor side '{side}' is not one of 1-6", f"armor.{side}",
               "R13")
        for side in design.armor if side not in SIDES
    ]
    kinds = (("weapons", "type", WEAPON_TYPES), ("guns", "type", GUN_TYPES),
             ("drones", "weapon", DRONE_WEAPONS))
    for group, attr, known in kinds:
        for i, item in enumerate(getattr(design, group)):
            name = getattr(item, attr)
            if name not in known:
                found.append(_error(
                    "unknown-system", f"'{name}' is not one of {', '.join(known)}",
                    f"{group}[{i}].{attr}", "1.2"))
    scoops = [design.scoop] if isinstance(design.scoop, str) else design.scoop
    for scoop in scoops:
        if scoop not in SCOOPS:
            found.append(_error("unknown-system", f"scoop '{scoop}' is not one of "
                                f"{', '.join(SCOOPS)}", "scoop", "1.2"))
    return found


def _radar(design: Design, catalog: Catalog) -> list[Issue]:
    rule = catalog.construction.radar
    found: list[Issue] = []
    for i, box in enumerate(design.radar):
        if isinstance(box, float):
            found.append(_error("non-integer-count", f"radar box {box} is not a whole number",
                                f"radar[{i}]", "1.6"))
        elif not rule.lowest <= box <= rule.highest:
            found.append(_error(
                "radar-box-range",
                f"radar box {box} is outside {rule.lowest}-{rule.highest}; the free "
                f"{rule.free_box} box is implied", f"radar[{i}]", "R7"))
    for i in range(1, len(design.radar)):
        if design.radar[i] > design.radar[i - 1]:
            found.append(_error(
                "radar-order",
                f"radar track must not increase: {design.radar[i - 1]} then {design.radar[i]}",
                f"radar[{i}]", "R7"))
    return found


def _weapon_arcs(design: Design, catalog: Catalog) -> list[Issue]:
    found: list[Issue] = []
    known = set(arc_order(catalog))
    for i, weapon in enumerate(design.weapons):
        path = f"weapons[{i}].arcs"
        arcs = expand(weapon.arcs, catalog)
        if not arcs:
            found.append(_error("arcs-missing", "a weapon needs at least one firing arc", path,
                                "1.3"))
            continue
        unknown = [a for a in arcs if a not in known]
        if unknown:
            found.append(_error("arcs-unknown", f"unknown arc {unknown[0]!r}; arcs are "
                                f"{', '.join(arc_order(catalog))} or F2", path, "R12"))
        repeated = [a for a, n in Counter(arcs).items() if n > 1]
        if repeated:
            found.append(_error("arcs-repeated", f"arcs given more than once: "
                                f"{', '.join(repeated)}", path, "1.3"))
    return found


def _guns(design: Design, catalog: Catalog) -> list[Issue]:
    found: list[Issue] = []
    for i, gun in enumerate(design.guns):
        arcs = expand(gun.arcs, catalog)
        wanted = catalog.arcs.gun.arcs
        pair_ok = len(arcs) == 2 and adjacent(arcs[0], arcs[1], catalog)
        if len(arcs) != wanted or len(set(arcs)) != wanted or not pair_ok:
            found.append(_error(
                "gun-arcs", f"a gun covers exactly two adjacent arcs, not {arcs or 'none'}",
                f"guns[{i}].arcs", "1.3"))
        boxes = gun.boxes
        if isinstance(boxes, int) and boxes == 0:
            found.append(_error("gun-no-boxes", "a gun needs at least one box",
                                f"guns[{i}].boxes", "1.2"))
        group = getattr(catalog.prices, gun.type).group if gun.type in GUN_TYPES else 1
        if isinstance(boxes, int) and boxes > 0 and boxes % group:
            found.append(_error(
                "gun-odd-boxes", f"a liquid metal gun's boxes come in pairs, not {boxes}",
                f"guns[{i}].boxes", "1.2"))
    return found


def _craft(design: Design, sheet: Sheet, catalog: Catalog, scenario: Agreement) -> list[Issue]:
    found: list[Issue] = []
    engines = count(design.systems.engine)
    if engines and count(design.armor.get("4")):
        found.append(_error(
            "rear-armor", f"rear (side 4) armor is only for bases; this craft has {engines} "
            "engine(s)", "armor.4", "R11"))
    bombs = suicide_bombs(design)
    limit = catalog.construction.limits.suicide_bombs
    if bombs > limit:
        found.append(_error("suicide-bombs", f"at most {limit} suicide bomb per craft, not "
                            f"{bombs}", "options.suicide_bomb", "1.2"))
    scoops = [design.scoop] if isinstance(design.scoop, str) else design.scoop
    fitted = [s for s in scoops if s in ("ramscoop", "magnascoop")]
    if fitted and sheet.is_base:
        found.append(_error("scoop-on-base", f"a base (no engines) cannot have a {fitted[0]}",
                            "scoop", "1.2"))
    if len(set(fitted)) > 1 or len(fitted) > 1:
        found.append(_error("scoop-both", "a craft has one scoop: ramscoop or magnascoop",
                            "scoop", "1.2"))
    rating = catalog.drone_weapons.point_defense.rating
    for i, drone in enumerate(design.drones):
        if drone.rating is None:
            continue
        if drone.weapon != "point_defense":
            found.append(_error("drone-rating", "only point-defense drones have a rating",
                                f"drones[{i}].rating", "R9"))
        elif drone.rating != rating:
            found.append(_error("drone-pd-rating", f"a point-defense drone has a {rating}-box "
                                f"rating, not {drone.rating}", f"drones[{i}].rating", "R9"))
    if count(design.systems.hyper_bomb) and not scenario.hyper_bombs_allowed:
        # The option every command that judges a design takes (cost, validate, export,
        # fleet, duel, the designer...): the message names it, so the player can find it.
        found.append(_error("hyper-bomb", "hyper bombs need a scenario that allows them "
                            "(--allow-hyper-bombs)", "systems.hyper_bomb", "R15"))
    if scenario.budget is not None and sheet.total > scenario.budget:
        found.append(_error("over-budget", f"{sheet.total} points is over the budget of "
                            f"{scenario.budget}", "", "1.1"))
    return found


def _never_hurts(design: Design) -> str:
    """Why an armed craft's weapons can never do damage, or "" if some can (or it carries
    none: an unarmed hull is the player's plain choice). A magnetic beam only moves its
    target (2.4); lasers and cannons fire on capacitor power (2.2)."""
    weapons = [w for w in design.weapons if count(w.count)]
    unpowered = (any(count(g.boxes) for g in design.guns) or count(design.systems.missile)
                 or any(count(d.count) for d in design.drones) or design.options.suicide_bomb)
    if not weapons or unpowered:
        return ""
    if all(w.type == "magnetic_beam" for w in weapons):
        return "its only weapon, the magnetic beam, pushes and pulls but does no damage (2.4)"
    if not count(design.systems.capacitor):
        return ("its lasers and cannons fire on capacitor power and it has no capacitor "
                "(2.2)")
    return ""


def _warnings(design: Design, sheet: Sheet, scenario: Agreement) -> list[Issue]:
    found: list[Issue] = []
    engines = count(design.systems.engine)
    need = sheet.mass_class if scenario.mass_rule else sheet.size_class
    # Size classes are written in Roman numerals, as the sheet writes them; mass classes not.
    measure = f"mass class {need}" if scenario.mass_rule else f"size class {roman(need)}"
    if engines and engines < need:
        found.append(_warning(
            "slow-acceleration", f"{engines} engine{'' if engines == 1 else 's'} for "
            f"{measure}: slower than standard acceleration", "systems.engine", "2.3"))
    scoops = [design.scoop] if isinstance(design.scoop, str) else design.scoop
    scooped = any(s in ("ramscoop", "magnascoop") for s in scoops)
    if engines and not count(design.systems.fuel_tank) and not scooped:
        found.append(_warning("no-fuel", "engines but no fuel tank: the engines cannot work",
                              "systems.fuel_tank", "1.2"))
    if engines and scooped and not count(design.systems.fuel_tank):
        found.append(_warning("never-starts", "a ramscoop with no fuel tank can never start "
                              "moving from rest nor brake: in a duel starting at rest it "
                              "never moves", "systems.fuel_tank", "R20"))
    why = _never_hurts(design)
    if why:
        found.append(_warning("never-hurts", f"it can never hurt anything in range of its "
                              f"own guns: {why}", "weapons", "2.4"))
    if count(design.systems.repair) and not design.manned:
        found.append(_warning("idle-repair", "repair boxes do nothing on an unmanned craft "
                              "with no attachment", "systems.repair", "1.1"))
    if engines and not [b for b in design.radar if b > 0]:
        found.append(_warning("no-radar", "a mobile craft with only the 0 radar box can never "
                              "lock on", "radar", "R17"))
    split = design.hull_split
    if split is not None and count(split.forward) + count(split.aft) != sheet.hull_boxes:
        found.append(_warning(
            "hull-split", f"hull split {split.forward} + {split.aft} does not add up to the "
            f"{sheet.hull_boxes} hull boxes: {sheet.hull_forward} forward and "
            f"{sheet.hull_aft} aft are used", "hull_split", "R23"))
    power = sheet.radar_invisibility_power
    capacitors = count(design.systems.capacitor)
    if design.options.radar_invisibility and capacitors < power:
        found.append(_warning(
            "invisibility-power", f"radar invisibility takes {power} capacitor power a turn "
            f"at size class {roman(sheet.size_class)}, and {capacitors} "
            f"capacitor{'' if capacitors == 1 else 's'} can never switch it on",
            "options.radar_invisibility", "2.2"))
    ordnance = sum(count(d.count) for d in design.drones) + count(design.systems.missile)
    if ordnance and not count(design.systems.cargo):
        found.append(_warning("no-reloads", "drones or missiles but no cargo for reloads "
                              "(campaign play)", "systems.cargo", "1.2"))
    return found


def check(design: Design, sheet: Sheet, catalog: Catalog,
          scenario: Agreement | None = None) -> list[Issue]:
    """Every error and warning of rules 1.6 for a shape-checked design."""
    scenario = scenario or Agreement()
    return [
        *_counts(design),
        *_names(design),
        *_radar(design, catalog),
        *_weapon_arcs(design, catalog),
        *_guns(design, catalog),
        *_craft(design, sheet, catalog, scenario),
        *_warnings(design, sheet, scenario),
    ]


