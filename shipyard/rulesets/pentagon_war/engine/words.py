"""The duel log in plain words a player can follow at the table."""

from __future__ import annotations

from collections.abc import Sequence

from shipyard.rulesets.pentagon_war.engine.damage import HitReport
from shipyard.rulesets.pentagon_war.engine.fire import DIRECT_FIRE, Salvo, Volley
from shipyard.rulesets.pentagon_war.engine.pointdefense import Target
from shipyard.rulesets.pentagon_war.engine.state import Craft

_NAMES = {
    "acid_gum_gun": ("acid gum gun", "acid gum guns"),
    "radiation_gun": ("radiation gun", "radiation guns"),
    "magnetic_beam": ("magnetic beam", "magnetic beams"),
    "laser": ("laser", "lasers"),
    "electron_cannon": ("electron cannon", "electron cannons"),
    "proton_cannon": ("proton cannon", "proton cannons"),
}

_SYSTEMS = {
    "hull_forward": "forward hull", "hull_aft": "aft hull", "point_defense": "point defense",
    "main_control": "main control", "aux_control": "aux control", "fuel_tank": "fuel tank",
    "final_damage": "final damage", "destroyed": "DESTROYED",
}


_CAUSES = {kind: kind.replace("_", " ") for kind in DIRECT_FIRE} | {"acid_gum_gun": "acid gum"}


def cause_of(kind: str) -> str:
    """The cause of a kill by weapon kind, as the statistics name it."""
    return _CAUSES.get(kind) or kind.replace("_", " ")


def weapon_words(kind: str, boxes: int) -> str:
    one, many = _NAMES.get(kind, (kind, kind))
    return f"{boxes} {one if boxes == 1 else many}"


def system_words(system: str) -> str:
    return _SYSTEMS.get(system, system.replace("_", " "))


def lock_on_words(invisible: bool, rating: int, die: int | None, locked: bool) -> str:
    """What the lock-on phase did for one craft (R17); `die` is None when none was rolled."""
    if invisible:
        return "cannot lock on to an invisible craft"
    if die is None:
        return f"locks on (radar {rating})" if locked else (
            f"cannot lock on (radar {max(rating, 0)})")
    return f"rolls {die} for lock-on against radar {rating}: " + (
        "locked" if locked else "no lock, ranges count double")


def describe_volley(impulse: int, firer: str, shot: Volley, target: str, hexes: int) -> str:
    """e.g. `impulse 7: Lancer fires 2 proton cannons at Hammer at range 6, rolls 9: hit, 5 + 5`."""
    counted = f" (counts {shot.range})" if shot.range != hexes else ""
    head = (f"impulse {impulse}: {firer} fires {weapon_words(shot.kind, shot.boxes)} at "
            f"{target} at range {hexes}{counted}, rolls {shot.roll} (modified {shot.modified})")
    if shot.kind == "magnetic_beam":
        return head + (": attached" if shot.hit else ": misses")
    if not shot.hit:
        return head + ": miss"
    if shot.damage == 0:
        return head + ": destroyed"
    return head + ": hit, " + " + ".join([str(shot.damage)] * shot.boxes) + " damage"


def describe_salvo(impulse: int, firer: str, salvo: Salvo, target: str, hexes: int,
                   verb: str = "fires", outcome: str | None = None) -> str:
    """One line per group, one roll per weapon, e.g.
    `impulse 7: Lancer fires 2 proton cannons at Hammer at range 6, rolls 9, 4
    (modified 6, 1): 5, miss = 5 damage`; `outcome` says what a hit did to a target
    with no damage track (a drone or missile destroyed, what a bolt has left)."""
    counted = f" (counts {salvo.range})" if salvo.range != hexes else ""
    shots = salvo.shots
    head = (f"impulse {impulse}: {firer} {verb} {weapon_words(salvo.kind, len(shots))} at "
            f"{target} at range {hexes}{counted}, rolls {', '.join(str(s.roll) for s in shots)}"
            f" (modified {', '.join(str(s.modified) for s in shots)})")
    if not salvo.hit:
        return head + (": miss" if len(shots) == 1 else ": all miss")
    if outcome is not None:
        return head + f": {outcome}"
    if all(s.damage == 0 for s in shots if s.hit):  # a size class 0 target
        return head + ": destroyed"
    outcomes = ", ".join(str(s.damage) if s.hit else "miss" for s in shots)
    return head + f": {outcomes} = {salvo.total} damage"


def describe_point_defense(firer: str, boxes: int,
                           shots: Sequence[tuple[Target, int, int, bool]], damage: int) -> str:
    """One battery's shots, each target's number and roll (2.5), e.g.
    `Hive point defense (5 boxes): a missile needs 5 or less, rolls 3: destroyed;
    Ceres Station needs 5 or less, rolls 6: miss`."""
    parts = [f"{target.label} needs {number} or less, rolls {roll}: "
             + ("miss" if not success else "destroyed" if target.killable
                else f"{damage} damage")
             for target, number, roll, success in shots]
    return (f"{firer} point defense ({boxes} box{'' if boxes == 1 else 'es'}): "
            + "; ".join(parts))


def describe_reports(impulse: int, craft: Craft, reports: Sequence[HitReport]) -> str:
    """One line per craft per impulse: screens, armor side, interior hits."""
    points = sum(r.points for r in reports)
    screens = sum(r.screens for r in reports)
    armor = sum(r.armor for r in reports)
    interior = [s for r in reports for s in r.interior]
    causes = ", ".join(dict.fromkeys(r.cause for r in reports))
    parts = [f"impulse {impulse}: {craft.name} takes {points} ({causes})"]
    if screens:
        parts.append(f"screens stop {screens}")
    if armor:
        sides: dict[int, int] = {}  # acid gum strikes the side it clings to (R18)
        for report in reports:
            if report.armor and report.side:
                sides[report.side] = sides.get(report.side, 0) + report.armor
        parts += [f"armor side {side} takes {points}" for side, points in sides.items()]
    if interior:
        text = ", ".join(system_words(s) for s in interior)
        if "radar" in interior:
            text += f" (radar now {craft.radar_rating})"
        parts.append(f"interior: {text}")
    elif not screens and not armor:
        parts.append("no effect")
    return ", ".join(parts)
