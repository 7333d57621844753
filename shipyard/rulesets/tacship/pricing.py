"""Price a Tacship fighter (rules 4): one line per bought item, and its figures.

Tacship prices are whole points, so the total is exact with no rounding step.
Illegal values (negative or fractional counts) are priced as nothing, and an
out-of-range value (Laser-4, survivability +6) at its plain price: legality
reports them, pricing never fails. The sheet is a plain value object; it will
be adapted to the shared, game-neutral sheet later.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from shipyard.core.protocol import Evaluation
from shipyard.core.sheet import Line
from shipyard.rulesets.tacship.catalog import Entry, TacshipCatalog
from shipyard.rulesets.tacship.design import TacshipDesign


@dataclass(frozen=True)
class TacshipSheet:
    """The priced fighter: every line, the total and the figures a player needs."""

    lines: tuple[Line, ...]
    total: int
    damage_boxes: int
    survivability: int
    thrust: int
    fixed_laser_factors: int
    turret_laser_factors: int
    guns: int
    hardpoints: int
    crew: int
    ordnance_load: int

    @property
    def exact_total(self) -> Fraction:
        """Tacship prices are whole points: the exact total is the total."""
        return Fraction(self.total)

    @property
    def laser_factors(self) -> int:
        """Damage of every laser hitting at once: fixed and turret factors together."""
        return self.fixed_laser_factors + self.turret_laser_factors

    def figures(self) -> dict[str, int]:
        """The named figures, in record-chart order."""
        return {
            "damage_boxes": self.damage_boxes,
            "survivability": self.survivability,
            "thrust": self.thrust,
            "laser_factors": self.laser_factors,
            "guns": self.guns,
            "hardpoints": self.hardpoints,
            "crew": self.crew,
            "ordnance_load": self.ordnance_load,
        }


def whole(value: object) -> int:
    """A count as priced: whole, non-negative numbers only (else nothing)."""
    if isinstance(value, bool) or not isinstance(value, int):
        return 0
    return max(value, 0)


def _line(key: str, item: str, count: int, price: int, entry: Entry, path: str) -> Line:
    return Line(key, item, count, Fraction(price), entry.source, entry.rule, path)


def _lines(design: TacshipDesign, catalog: TacshipCatalog) -> list[Line]:
    prices = catalog.prices
    lines: list[Line] = []
    simple = (
        ("damage_box", "Damage boxes", design.damage_boxes, prices.damage_box, "damage_boxes"),
        ("survivability", "Survivability", design.survivability, prices.survivability,
         "survivability"),
        ("thrust", "Thrust", design.thrust, prices.thrust, "thrust"),
    )
    for key, item, value, entry, path in simple:
        count = whole(value)
        if count:
            # rules 4: damage boxes, survivability and thrust cost a flat price per unit
            label = f"{item} +{count}" if key == "survivability" else item
            lines.append(_line(key, label, count, entry.price * count, entry, path))
    fixed = prices.fixed_laser
    for i, laser in enumerate(design.fixed_lasers):
        factor, guns = whole(laser.factor), whole(laser.count)
        if factor and guns:
            # rules 4: a fixed laser costs its price per factor
            lines.append(_line("fixed_laser", f"Laser-{factor} (fixed)", guns,
                               fixed.price * factor * guns, fixed, f"fixed_lasers[{i}]"))
    turret = prices.turret_laser
    for i, mount in enumerate(design.turret_lasers):
        factor, guns = whole(mount.factor), whole(mount.count)
        if factor and guns:
            # rules 4: a turret laser costs the fixed laser of its factor plus a surcharge
            each = fixed.price * factor + turret.per_gun
            arc = mount.arc or "no arc"
            lines.append(_line("turret_laser", f"Laser-{factor} (turret, {arc})", guns,
                               each * guns, turret, f"turret_lasers[{i}]"))
    hardpoints = whole(design.hardpoints)
    if hardpoints:
        entry = prices.hardpoint
        lines.append(_line("hardpoint", "Hardpoints", hardpoints, entry.price * hardpoints,
                           entry, "hardpoints"))
    return lines


def _factors(lasers: list[tuple[object, object]]) -> tuple[int, int]:
    """Total factors and guns of lasers given as (factor, count) pairs."""
    factors = sum(whole(factor) * whole(count) for factor, count in lasers)
    guns = sum(whole(count) for factor, count in lasers if whole(factor))
    return factors, guns


def price(design: TacshipDesign, catalog: TacshipCatalog) -> TacshipSheet:
    """Price a shape-checked Tacship design and derive its figures (rules 4)."""
    lines = _lines(design, catalog)
    fixed, fixed_guns = _factors([(laser.factor, laser.count) for laser in design.fixed_lasers])
    turret, turret_guns = _factors([(laser.factor, laser.count)
                                    for laser in design.turret_lasers])
    return TacshipSheet(
        lines=tuple(lines),
        total=int(sum(line.price for line in lines)),
        damage_boxes=whole(design.damage_boxes),
        survivability=whole(design.survivability),
        thrust=whole(design.thrust),
        fixed_laser_factors=fixed,
        turret_laser_factors=turret,
        guns=fixed_guns + turret_guns,
        hardpoints=whole(design.hardpoints),
        crew=whole(design.crew),
        ordnance_load=sum(whole(count) for _kind, count in design.ordnance.items()),
    )


TacshipEvaluation = Evaluation[TacshipDesign, TacshipSheet, TacshipCatalog]
