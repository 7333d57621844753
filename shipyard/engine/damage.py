"""Taking damage (RULES.md 2.7): screens, armor by the struck side, interior hits.

Damage a craft takes in one impulse is resolved together: the screens subtract
once from the total (R14: directional screens from each weapon instead), the
rest strikes the armor of the side facing the source, and what gets through
rolls the damage allocation chart point by point, with R16 catching hits on
systems that are gone.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from shipyard.engine.dice import Dice
from shipyard.engine.state import Craft, GunTrack, WeaponGroup
from shipyard.engine.tables import Combat

WEAPON_SYSTEMS = ("laser", "electron_cannon", "proton_cannon", "magnetic_beam")


@dataclass(slots=True)
class Hit:
    """Damage points from one source arriving this impulse."""

    points: int
    cause: str
    screened: bool = True  # lingering acid gum is not


@dataclass(slots=True)
class HitReport:
    """What one hit did, for the log and for the damage accounting."""

    cause: str
    points: int
    screens: int = 0
    armor: int = 0
    side: int = 1
    interior: list[str] = field(default_factory=list)
    wasted: int = 0
    destroyed: bool = False


def screen_strength(craft: Craft) -> int:
    return craft.boxes["screen"] + craft.reinforcement


def take_damage(craft: Craft, hits: list[Hit], side: int, combat: Combat,
                dice: Dice) -> list[HitReport]:
    """Resolve every hit on `craft` this impulse, all striking armor side `side`."""
    reports: list[HitReport] = []
    screens = screen_strength(craft)
    rear_engine_due = side == combat.damage.rear_side
    for hit in hits:
        report = HitReport(hit.cause, hit.points, side=side)
        reports.append(report)
        points = hit.points
        if craft.destroyed:
            report.wasted = points
            craft.taken.wasted += points
            continue
        if hit.screened and screens > 0:
            stopped = min(screens, points)
            points -= stopped
            report.screens = stopped
            if not craft.directional_screens:  # R14: directional screens stop per weapon
                screens -= stopped
        armor = min(craft.armor[side], -(-points // combat.damage.armor_per_box))
        absorbed = min(points, armor * combat.damage.armor_per_box)
        craft.armor[side] -= armor
        points -= absorbed
        report.armor = absorbed
        craft.taken.screens += report.screens
        craft.taken.armor += absorbed
        while points > 0:
            points -= 1
            craft.taken.interior += 1
            if rear_engine_due and craft.boxes[combat.damage.rear_first] > 0:
                rear_engine_due = False
                craft.boxes[combat.damage.rear_first] -= 1
                report.interior.append(combat.damage.rear_first)
                continue
            rear_engine_due = False
            report.interior.append(interior_hit(craft, combat, dice))
            if craft.destroyed:
                report.destroyed = True
                craft.killed_by = craft.killed_by or hit.cause
                report.wasted = points
                craft.taken.wasted += points
                break
    return reports


def interior_hits(craft: Craft, points: int, cause: str, combat: Combat,
                  dice: Dice) -> HitReport:
    """Interior hits that bypass screens and armor (crash acceleration mishaps)."""
    report = HitReport(cause, points, side=0)
    for left in range(points, 0, -1):
        if craft.destroyed:
            report.wasted = left
            craft.taken.wasted += left
            break
        craft.taken.interior += 1
        report.interior.append(interior_hit(craft, combat, dice))
        if craft.destroyed:
            report.destroyed = True
            craft.killed_by = craft.killed_by or cause
    return report


def interior_hit(craft: Craft, combat: Combat, dice: Dice) -> str:
    """Roll the damage allocation chart once and destroy what it names (2.7, R16)."""
    row, column = dice.d6(), dice.d6()
    system = combat.damage.chart[row - 1][column - 1]
    forward = column <= combat.damage.forward_columns
    if system == "hull_forward":
        return _fall_through(craft, combat, forward=True)
    if system == "hull_aft":
        return _fall_through(craft, combat, forward=False)
    destroyed = _destroy(craft, system, dice)
    if destroyed:
        return destroyed
    return _fall_through(craft, combat, forward=forward)


def _fall_through(craft: Craft, combat: Combat, forward: bool) -> str:
    """R16: the rolled half of the hull, else the other half, else final damage."""
    for stage in combat.fallthrough.order:
        if stage == "hull":
            halves = ("hull_forward", "hull_aft") if forward else ("hull_aft", "hull_forward")
            for half in halves:
                if craft.boxes[half] > 0:
                    craft.boxes[half] -= 1
                    return half
        elif craft.boxes["final_damage"] > 0:
            craft.boxes["final_damage"] -= 1
            return "final_damage"
    craft.destroyed = True  # R16: a final-damage hit with none left
    return "destroyed"


def _destroy(craft: Craft, system: str, dice: Dice) -> str:
    """Destroy one box of `system`; the name of what went, or "" if none was left."""
    if system == "radar":
        # 2.7: the highest remaining box goes; the free 0 box never does.
        if len(craft.radar) <= 1:
            return ""
        craft.radar.pop(0)
        return system
    if system == "capacitor":
        return system if _capacitor_hit(craft) else ""
    if system in WEAPON_SYSTEMS:
        groups = [g for g in craft.weapons if g.type == system and g.boxes > 0]
        if not groups:
            return ""
        max(groups, key=lambda g: g.boxes).boxes -= 1
        return system
    if system == "gun":
        guns = [g for g in craft.guns if g.boxes > 0]
        if not guns:
            return ""
        gun = max(guns, key=lambda g: g.boxes)
        gun.boxes -= 1
        return gun.type
    if system == "any_weapon":
        return _any_weapon(craft, dice)
    if craft.boxes.get(system, 0) <= 0:
        return ""
    craft.boxes[system] -= 1
    if system == "drone" and len(craft.drone_bays) > craft.boxes["drone"]:
        craft.drone_bays.pop()  # the bay's drone goes with it
    return system


def _capacitor_hit(craft: Craft) -> bool:
    """2.7: an empty capacitor goes first; a charged one loses its power (2.2)."""
    if craft.boxes["capacitor"] <= 0:
        return False
    empty = craft.boxes["capacitor"] - craft.power
    craft.boxes["capacitor"] -= 1
    if empty <= 0:
        craft.charge -= 1
    return True


def _any_weapon(craft: Craft, dice: Dice) -> str:
    """Any weapon box, each remaining box equally likely; its type, or "" if none."""
    tracks: list[WeaponGroup | GunTrack] = [*craft.weapons, *craft.guns]
    total = sum(track.boxes for track in tracks)
    if total <= 0:
        return ""
    pick = dice.pick(total)
    for track in tracks:
        if pick < track.boxes:
            track.boxes -= 1
            return track.type
        pick -= track.boxes
    return ""  # pragma: no cover - pick is below the total


def explosion_strength(craft: Craft, rates: ExplosionRates) -> float:
    """2.7: what a destroyed craft's remaining systems blow up with."""
    secondary = sum(g.boxes for g in craft.weapons if g.type != "magnetic_beam")
    full_tanks = craft.boxes["fuel_tank"]
    return (rates.engine * craft.boxes["engine"] + rates.fuel_tank * full_tanks
            + rates.capacitor * max(craft.power, 0)
            + rates.magnetic_beam * craft.weapon_boxes("magnetic_beam")
            + rates.screen * craft.boxes["screen"]
            + rates.gun_box * sum(g.boxes for g in craft.guns)
            + rates.secondary_weapon * secondary + rates.suicide_bomb * craft.suicide_bombs)


@dataclass(frozen=True, slots=True)
class ExplosionRates:
    """Explosion figures (construction.toml, 2.7) as plain floats for the loop."""

    engine: float
    fuel_tank: float
    capacitor: float
    magnetic_beam: float
    screen: float
    gun_box: float
    secondary_weapon: float
    suicide_bomb: float
    falloff_per_hex: float
