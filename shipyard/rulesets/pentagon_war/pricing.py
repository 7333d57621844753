"""Price a Pentagon War design exactly (rules 1.2-1.5).

Prices are `Fraction`s until the design is complete (R2). The steps follow
1.4: every box but hull and final damage, then free hull (R3), then free
final damage (R4), then size class (R5) and mass. Illegal values (negative or
fractional counts, unknown systems) are priced as nothing: legality reports
them, pricing never fails.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from shipyard.core.catalog_files import Entry
from shipyard.core.protocol import Evaluation
from shipyard.core.sheet import Line
from shipyard.rulesets.pentagon_war.arcs import known_distinct
from shipyard.rulesets.pentagon_war.catalog import Catalog, Flat, Tiered
from shipyard.rulesets.pentagon_war.design import (
    DRONE_WEAPONS,
    GUN_TYPES,
    SIDES,
    WEAPON_TYPES,
    Design,
)

SECONDARY_WEAPONS = ("laser", "electron_cannon", "proton_cannon")


@dataclass(frozen=True)
class Sheet:
    """The priced design: every line and every derived figure."""

    lines: tuple[Line, ...]
    exact_total: Fraction
    total: int
    box_counts: dict[str, int]
    armor_by_side: dict[str, int]
    boxes: int
    non_radar_boxes: int
    radar_boxes: int
    free_hull: int
    hull_boxes: int
    hull_forward: int
    hull_aft: int
    free_final_damage: int
    final_damage_boxes: int
    size_class: int
    mass_points: int
    mass_class_exact: Fraction
    mass_class: int
    radar_rating: int
    radar_track: tuple[int, ...]
    is_base: bool
    radar_invisibility_power: int
    drones_per_impulse: int
    explosion_strength: Fraction
    engines_for_standard: int


def count(value: object) -> int:
    """A count as priced: whole, non-negative numbers only (else nothing)."""
    if isinstance(value, bool) or not isinstance(value, int):
        return 0
    return max(value, 0)


def rounded(value: Fraction, direction: str) -> int:
    """R2: round a finished figure down or up, as the catalog says."""
    return math.floor(value) if direction == "down" else math.ceil(value)


def size_class_of(non_radar_boxes: int, catalog: Catalog) -> int:
    """R5: class I up to the first limit, one more per doubling."""
    rule = catalog.construction.size_class
    size, limit = 1, rule.first_limit
    while non_radar_boxes > limit:
        size += 1
        limit *= rule.growth
    return size


def tiered(entry: Tiered, boxes: int) -> Fraction:
    """Price of `boxes` under a first / further tariff, by groups of `entry.group`."""
    if boxes <= 0:
        return Fraction(0)
    groups = -(-boxes // entry.group)
    return entry.first + entry.further * (groups - 1)


class _Ledger:
    """Collects lines and box counts while pricing."""

    def __init__(self) -> None:
        self.lines: list[Line] = []
        self.counts: dict[str, int] = {}

    def add(self, key: str, item: str, boxes: int, price: Fraction, entry: Entry,
            path: str, counted_as: str | None = None) -> None:
        self.lines.append(Line(key, item, boxes, price, entry.source, entry.rule, path))
        if boxes:
            name = counted_as or key
            self.counts[name] = self.counts.get(name, 0) + boxes

    def flat(self, key: str, boxes: int, entry: Flat, path: str,
             counted_as: str | None = None) -> None:
        if boxes > 0:
            self.add(key, entry.label, boxes, entry.price * boxes, entry, path, counted_as)

    def boxes(self, names: Iterable[str] | None = None) -> int:
        if names is None:
            return sum(self.counts.values())
        return sum(self.counts.get(n, 0) for n in names)

    def subtotal(self) -> Fraction:
        return sum((line.price for line in self.lines), Fraction(0))


def _scoops(design: Design) -> list[str]:
    return [design.scoop] if isinstance(design.scoop, str) else list(design.scoop)


def suicide_bombs(design: Design) -> int:
    value = design.options.suicide_bomb
    if isinstance(value, bool):
        return int(value)
    return count(value)


def _arc_label(arcs: list[str]) -> str:
    """Arcs as the player wrote them."""
    return ", ".join(arcs) if arcs else "no arcs"


def _price_boxes(design: Design, catalog: Catalog, ledger: _Ledger) -> None:
    """Step 1 of 1.4: every box except hull and final damage."""
    prices = catalog.prices
    systems = design.systems
    screen = prices.directional_screen if design.options.directional_screens else prices.screen
    ledger.flat("screen", count(systems.screen), screen, "systems.screen")
    for side in SIDES:
        boxes = count(design.armor.get(side))
        if boxes:
            entry = prices.armor
            ledger.add("armor", f"Armor side {side}", boxes, tiered(entry, boxes), entry,
                       f"armor.{side}")
    for key in ("cargo", "fuel_tank", "capacitor", "point_defense", "engine"):
        ledger.flat(key, count(getattr(systems, key)), getattr(prices, key), f"systems.{key}")
    _price_radar(design, catalog, ledger)
    main = prices.main_control
    free_controls = catalog.construction.limits.main_controls_free
    ledger.add("main_control", main.label, free_controls, main.price * free_controls, main,
               "", counted_as="control")
    ledger.flat("aux_control", count(systems.aux_control), prices.aux_control,
                "systems.aux_control", counted_as="control")
    ledger.flat("repair", count(systems.repair), prices.repair, "systems.repair")
    ledger.flat("missile", count(systems.missile), prices.missile, "systems.missile")
    _price_drones(design, catalog, ledger)
    _price_weapons(design, catalog, ledger)
    _price_guns(design, catalog, ledger)
    ledger.flat("ramming_weight", count(systems.ramming_weight), prices.ramming_weight,
                "systems.ramming_weight")


def _radar_track(design: Design, catalog: Catalog) -> tuple[int, ...]:
    rule = catalog.construction.radar
    bought = [v for v in design.radar if isinstance(v, int) and rule.lowest <= v <= rule.highest]
    return (*bought, rule.free_box)


def _price_radar(design: Design, catalog: Catalog, ledger: _Ledger) -> None:
    entry = catalog.prices.radar_box
    track = _radar_track(design, catalog)
    label = "Radar track " + "-".join(str(v) for v in track)
    ledger.add("radar", label, len(track), entry.price * sum(track), entry, "radar")


def _price_drones(design: Design, catalog: Catalog, ledger: _Ledger) -> None:
    bay = catalog.prices.drone_bay
    for i, drone in enumerate(design.drones):
        boxes = count(drone.count)
        if drone.weapon not in DRONE_WEAPONS or not boxes:
            continue
        weapon = getattr(catalog.drone_weapons, drone.weapon)
        ledger.add("drone", weapon.label, boxes, (bay.price + weapon.price) * boxes, weapon,
                   f"drones[{i}]")


def _price_weapons(design: Design, catalog: Catalog, ledger: _Ledger) -> None:
    for i, weapon in enumerate(design.weapons):
        boxes = count(weapon.count)
        if weapon.type not in WEAPON_TYPES or not boxes:
            continue
        entry: Flat = getattr(catalog.prices, weapon.type)
        arcs = known_distinct(weapon.arcs, catalog)
        multiplier = catalog.arc_multiplier(min(max(len(arcs), 1), 6))  # R1
        item = f"{entry.label} ({_arc_label(weapon.arcs)})"
        # A price off the 2-arc list price rests on the reconstructed R1 table.
        provenance: Entry = entry if multiplier == 1 else catalog.arcs.multiplier
        ledger.add(weapon.type, item, boxes, entry.price * multiplier * boxes, provenance,
                   f"weapons[{i}]")


def _price_guns(design: Design, catalog: Catalog, ledger: _Ledger) -> None:
    for i, gun in enumerate(design.guns):
        boxes = count(gun.boxes)
        if gun.type not in GUN_TYPES or not boxes:
            continue
        entry: Tiered = getattr(catalog.prices, gun.type)
        item = f"{entry.label} ({_arc_label(gun.arcs)})"
        ledger.add(gun.type, item, boxes, tiered(entry, boxes), entry, f"guns[{i}]",
                   counted_as="gun")


def _price_craft_options(design: Design, catalog: Catalog, ledger: _Ledger) -> None:
    """Priced items with no boxes: scoops, electronics, bombs."""
    prices = catalog.prices
    for scoop in _scoops(design):
        if scoop in ("ramscoop", "magnascoop"):
            entry = getattr(prices, scoop)
            ledger.add(scoop, entry.label, 0, entry.price, entry, "scoop")
    if design.options.special_electronics:
        entry = prices.special_electronics
        ledger.add("special_electronics", entry.label, 0, entry.price, entry,
                   "options.special_electronics")
    bombs = suicide_bombs(design)
    if bombs:
        entry = prices.suicide_bomb
        ledger.add("suicide_bomb", entry.label, 0, entry.price * bombs, entry,
                   "options.suicide_bomb")
    hyper = count(design.systems.hyper_bomb)
    if hyper:
        entry = prices.hyper_bomb
        ledger.add("hyper_bomb", f"{entry.label} x{hyper}", 0, entry.price * hyper, entry,
                   "systems.hyper_bomb")


def _explosion(ledger: _Ledger, design: Design, catalog: Catalog) -> Fraction:
    """2.7: strength of the craft destroyed intact."""
    rule = catalog.construction.explosion
    c = ledger.counts.get
    return (
        rule.engine * c("engine", 0)
        + rule.fuel_tank * c("fuel_tank", 0)
        + rule.capacitor * c("capacitor", 0)
        + rule.magnetic_beam * c("magnetic_beam", 0)
        + rule.screen * c("screen", 0)
        + rule.gun_box * c("gun", 0)
        + rule.secondary_weapon * ledger.boxes(SECONDARY_WEAPONS)
        + rule.suicide_bomb * suicide_bombs(design)
    )


def price(design: Design, catalog: Catalog) -> Sheet:
    """Price a design and derive every figure a player needs (rules 1.4)."""
    build = catalog.construction
    prices = catalog.prices
    ledger = _Ledger()
    _price_boxes(design, catalog, ledger)
    _price_craft_options(design, catalog, ledger)

    # R3: free hull counts every box so far, radar track and main control included.
    before_hull = ledger.boxes()
    divisor = build.free_hull.manned_divisor if design.manned else build.free_hull.unmanned_divisor
    free_hull = rounded(Fraction(before_hull, divisor), build.rounding.free_hull)
    extra_hull = count(design.systems.extra_hull)
    ledger.add("free_hull", "Hull (free)", free_hull, Fraction(0), build.free_hull, "",
               counted_as="hull")
    ledger.flat("extra_hull", extra_hull, prices.extra_hull, "systems.extra_hull",
                counted_as="hull")
    hull = free_hull + extra_hull

    # R4: free final damage counts every non-radar box so far, all hull included.
    radar_boxes = ledger.counts.get("radar", 0)
    before_fd = ledger.boxes() - radar_boxes
    free_fd = rounded(Fraction(before_fd, build.free_final_damage.divisor),
                      build.rounding.free_final_damage)
    extra_fd = count(design.systems.extra_final_damage)
    ledger.add("free_final_damage", "Final damage (free)", free_fd, Fraction(0),
               build.free_final_damage, "", counted_as="final_damage")
    ledger.flat("extra_final_damage", extra_fd, prices.extra_final_damage,
                "systems.extra_final_damage", counted_as="final_damage")

    # R10: radar invisibility on the exact subtotal of everything else.
    if design.options.radar_invisibility:
        entry = prices.radar_invisibility
        ledger.add("radar_invisibility", entry.label, 0, entry.rate * ledger.subtotal(), entry,
                   "options.radar_invisibility")

    exact_total = ledger.subtotal()
    boxes = ledger.boxes()
    non_radar = boxes - radar_boxes
    size = size_class_of(non_radar, catalog)
    if "ramscoop" in _scoops(design):
        size += build.size_class.ramscoop_bonus

    armor = ledger.counts.get("armor", 0)
    ramming = ledger.counts.get("ramming_weight", 0)
    mass = build.mass
    mass_points = (mass.ramming_weight * ramming + mass.armor * armor
                   + mass.other * (non_radar - armor - ramming))
    mass_exact = Fraction(mass_points, mass.class_divisor)

    split = design.hull_split
    if split is not None:  # R23: the owner's forward boxes (at most the hull), the rest aft
        forward = min(count(split.forward), hull)
        aft = hull - forward
    else:
        forward, aft = -(-hull // 2), hull // 2

    track = _radar_track(design, catalog)
    is_base = ledger.counts.get("engine", 0) == 0
    has_drones = ledger.counts.get("drone", 0) > 0
    return Sheet(
        lines=tuple(ledger.lines),
        exact_total=exact_total,
        total=rounded(exact_total, build.rounding.total),
        box_counts=dict(ledger.counts),
        armor_by_side={side: count(design.armor.get(side)) for side in SIDES},
        boxes=boxes,
        non_radar_boxes=non_radar,
        radar_boxes=radar_boxes,
        free_hull=free_hull,
        hull_boxes=hull,
        hull_forward=forward,
        hull_aft=aft,
        free_final_damage=free_fd,
        final_damage_boxes=free_fd + extra_fd,
        size_class=size,
        mass_points=mass_points,
        mass_class_exact=mass_exact,
        mass_class=math.ceil(mass_exact),
        radar_rating=max(track),
        radar_track=track,
        is_base=is_base,
        radar_invisibility_power=(
            build.power.radar_invisibility_per_size_class * size
            if design.options.radar_invisibility else 0
        ),
        drones_per_impulse=build.drones.launch_per_size_class * size if has_drones else 0,
        explosion_strength=_explosion(ledger, design, catalog),
        engines_for_standard=size,
    )


PentagonWarEvaluation = Evaluation[Design, Sheet, Catalog]
