"""Taking damage (rules 2.7) in the reference engine: screens, armor, interior hits.

Damage a craft takes in one impulse is resolved together: the screens subtract
once from the total (R14: directional screens from each weapon instead), an
explosion later in the same damage assessment included, the rest strikes the
armor of the side facing the source (acid gum the side it stuck to), and what
gets through rolls the damage allocation chart point by point, with R16
catching hits on systems that are gone. Every step is a rule function
(`rules.damage`), shared with the compiled engine; the loops over the hits and the
interior points, and the dice they roll (two a chart roll, one to pick "any weapon"),
are this module's and `fast.damage`'s, in the same order.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from shipyard.core.dice import Dice
from shipyard.rulesets.pentagon_war.engine.quick_reference import ExplosionRates
from shipyard.rulesets.pentagon_war.engine.state import Craft, GunTrack, WeaponGroup
from shipyard.rulesets.pentagon_war.engine.tables import Combat
from shipyard.rulesets.pentagon_war.rules import damage as rules
from shipyard.rulesets.pentagon_war.rules.figures import (
    HULL_AFT,
    HULL_FORWARD,
    SYSTEMS,
    Charts,
    Figures,
)

WEAPON_SYSTEMS = ("laser", "electron_cannon", "proton_cannon", "magnetic_beam")
# Chart systems with their own tracks or rules; every other one is a plain box count.
TRACKED_SYSTEMS = frozenset({"radar", "capacitor", "gun", "any_weapon", *WEAPON_SYSTEMS})


@dataclass(slots=True)
class Hit:
    """Damage points from one source arriving this impulse."""

    points: int
    cause: str
    screened: bool = True  # lingering acid gum is not
    side: int = 0  # the armor side it strikes; 0: the side the craft shows the enemy now


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


def screen_strength(craft: Craft, combat: Combat) -> int:
    """Screen points up: the boxes, and the reinforcement they can still carry (2.2:
    never more than the undestroyed screen boxes allow)."""
    return rules.screen_strength(combat.figures, craft.boxes["screen"], craft.reinforcement)


def take_damage(craft: Craft, hits: list[Hit], side: int, combat: Combat,
                dice: Dice) -> list[HitReport]:
    """Resolve hits on `craft`, striking armor side `side` unless a hit names its own.

    2.7: the screens subtract once from all the damage of an impulse, so what they
    stopped earlier in the impulse (`craft.screens_used`) is gone for later hits, an
    explosion's included; and only the first interior point of damage striking the
    rear in an impulse takes an engine.
    """
    reports: list[HitReport] = []
    f, charts = combat.figures, combat.charts
    rear_first = SYSTEMS[f.rear_first]
    taken = craft.taken
    screens = max(0, screen_strength(craft, combat) - craft.screens_used)
    for hit in hits:
        struck = hit.side or side
        report = HitReport(hit.cause, hit.points, side=struck)
        reports.append(report)
        points = hit.points
        if craft.destroyed:
            report.wasted = points
            taken.wasted += points
            continue
        stopped, armor, absorbed, points = rules.strike(f, points, hit.screened, screens,
                                                        craft.armor[struck])
        spent = rules.screens_spent(craft.directional_screens, stopped)  # R14
        screens -= spent
        craft.screens_used += spent
        craft.armor[struck] -= armor
        report.screens, report.armor = stopped, absorbed
        taken.screens += report.screens
        taken.armor += absorbed
        while points > 0:
            points -= 1
            taken.interior += 1
            if rules.rear_engine_first(f, struck, craft.rear_struck):  # 2.7: an engine first
                craft.rear_struck = True
                if craft.boxes[rear_first] > 0:
                    craft.boxes[rear_first] -= 1
                    report.interior.append(rear_first)
                    continue
            report.interior.append(_interior_hit(craft, f, charts, dice))
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
        report.interior.append(_interior_hit(craft, combat.figures, combat.charts, dice))
        if craft.destroyed:
            report.destroyed = True
            craft.killed_by = craft.killed_by or cause
    return report


def interior_hit(craft: Craft, combat: Combat, dice: Dice) -> str:
    """Roll the damage allocation chart once and destroy what it names (2.7, R16)."""
    return _interior_hit(craft, combat.figures, combat.charts, dice)


def _interior_hit(craft: Craft, f: Figures, charts: Charts, dice: Dice) -> str:
    row = dice.d6()  # 2.7: the first die picks the row, the second the column
    code, forward = rules.chart_cell(charts.chart, row, dice.d6())
    system = CHART_NAMES[code]
    if code == HULL_FORWARD:
        return _fall_through(craft, f, charts, forward=True)
    if code == HULL_AFT:
        return _fall_through(craft, f, charts, forward=False)
    if system in TRACKED_SYSTEMS:
        destroyed = _destroy(craft, system, dice)
    else:
        destroyed = _destroy_box(craft, system)
    if destroyed:
        return destroyed
    return _fall_through(craft, f, charts, forward=forward)


# The chart's system codes (`rules.figures`) in the reference engine's words.
CHART_NAMES = (*SYSTEMS, "radar", "gun", "any_weapon", *WEAPON_SYSTEMS)


def _fall_through(craft: Craft, f: Figures, charts: Charts, forward: bool) -> str:
    """R16: the rolled half of the hull, else the other half, else final damage."""
    boxes = craft.boxes
    taken = rules.fall_through(f, charts.steps, boxes["hull_forward"], boxes["hull_aft"],
                               boxes["final_damage"], forward)
    if taken == rules.DESTROYED:
        craft.destroyed = True  # R16: a final-damage hit with none left
        return "destroyed"
    system = SYSTEMS[taken]
    boxes[system] -= 1
    return system


def _destroy_box(craft: Craft, system: str) -> str:
    """Destroy one box of a system kept as a plain count; "" if none was left."""
    boxes = craft.boxes
    left = boxes.get(system, 0)
    if left <= 0:
        return ""
    boxes[system] = left - 1
    if system == "drone" and len(craft.drone_bays) > left - 1:
        craft.drone_bays.pop()  # the bay's drone goes with it
    return system


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
    return _destroy_box(craft, system)


def _capacitor_hit(craft: Craft) -> bool:
    """2.7: an empty capacitor goes first; a charged one loses its power (2.2)."""
    hit, charged = rules.capacitor_hit(craft.boxes["capacitor"], craft.power)
    if hit:
        craft.boxes["capacitor"] -= 1
        if charged:
            craft.charge -= 1
    return hit


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
    boxes = craft.boxes
    return rules.explosion_strength(rates, boxes["engine"], boxes["fuel_tank"], craft.power,
                                    craft.weapon_boxes("magnetic_beam"), boxes["screen"],
                                    sum(g.boxes for g in craft.guns), secondary,
                                    craft.suicide_bombs)
