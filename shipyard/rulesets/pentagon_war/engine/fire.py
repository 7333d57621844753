"""Direct fire (rules 2.4) in the reference engine: one weapon at a time.

Every weapon box fires on its own 2d6 roll plus the target's size class, the URM of the
range and any evasion modifier (a radiation gun's track is one weapon). The tables are
rule functions (`rules.fire`), shared with the compiled engine; this module rolls the
dice in the order both engines roll them (each box of a group in turn) and tells what
they did. A `Salvo` is the weapons of one group fired together at one target in one
impulse, each with its own `Volley`; `volley` alone rolls once for several boxes, as
the magnetic beams' optional narrow salvo would. These functions only read tables and
dice; the duel loop applies what they return.
"""

from __future__ import annotations

from typing import NamedTuple

from shipyard.core.dice import Dice, roll
from shipyard.rulesets.pentagon_war.engine.tables import Combat
from shipyard.rulesets.pentagon_war.rules import fire as rules
from shipyard.rulesets.pentagon_war.rules.figures import ELECTRON, KIND, PROTON

DIRECT_FIRE = ("laser", "electron_cannon", "proton_cannon", "magnetic_beam",
               "radiation_gun", "acid_gum_gun")


class Volley(NamedTuple):
    """The outcome of one volley: `damage` points per box, or a kill on a small target."""

    kind: str
    boxes: int
    range: int
    roll: int
    modified: int
    hit: bool
    damage: int  # per box, against a spacecraft
    kill: bool  # against a size class 0 target (or a beam attaching)

    @property
    def total(self) -> int:
        return self.damage * self.boxes if self.hit else 0


class Salvo(NamedTuple):
    """Weapons of one group fired together at one target: one roll each."""

    kind: str
    range: int
    shots: tuple[Volley, ...]

    @property
    def boxes(self) -> int:
        return len(self.shots)

    @property
    def total(self) -> int:
        return sum([shot.total for shot in self.shots])

    @property
    def hit(self) -> bool:
        return any(shot.hit for shot in self.shots)

    @property
    def kill(self) -> bool:
        return any(shot.kill for shot in self.shots)


def firing_range(hexes: int, locked: bool, combat: Combat) -> int:
    """2.4: a craft that failed its lock-on counts its firing ranges double."""
    return rules.firing_range(combat.figures, hexes, locked)


def modifier(firer_evading: bool, target_evading: bool, combat: Combat) -> int:
    """2.4: evasive maneuvering spoils fire made by or at the evader."""
    return rules.evasion_modifier(combat.figures, int(firer_evading) + int(target_evading))


def range_damage(kind: str, hexes: int, combat: Combat) -> int:
    """Damage per box of a proton or electron cannon at a range (2.4); a magnetic beam
    fired at a bolt counts as a proton cannon."""
    code = PROTON if kind in ("proton_cannon", "magnetic_beam") else ELECTRON
    return rules.cannon_damage(combat.figures, combat.charts.by_range, code, hexes)


def volley(kind: str, boxes: int, hexes: int, target_size: int, extra: int, dice: Dice,
           combat: Combat) -> Volley:
    """Roll one volley of `boxes` weapons of `kind` at effective range `hexes`."""
    f, charts = combat.figures, combat.charts
    raw = roll(dice, f.fire_dice)
    modified = rules.modified_roll(f, charts.by_range, raw, hexes, target_size, extra)
    return judge(kind, boxes, hexes, target_size, raw, modified, combat)


def salvo(kind: str, boxes: int, hexes: int, target_size: int, extra: int, dice: Dice,
          combat: Combat) -> Salvo:
    """Fire `boxes` weapons of `kind` at effective range `hexes`, each on its own roll."""
    return Salvo(kind, hexes, tuple([volley(kind, 1, hexes, target_size, extra, dice, combat)
                                     for _ in range(boxes)]))


def judge(kind: str, boxes: int, hexes: int, target_size: int, raw: int, modified: int,
          combat: Combat) -> Volley:
    """What a modified roll does with `kind` at `hexes` (`rules.fire.judge`)."""
    code = KIND.get(kind)
    if code is None or kind not in DIRECT_FIRE:
        raise ValueError(f"{kind} is not a direct-fire weapon")
    charts = combat.charts
    hit, damage, kill = rules.judge(combat.figures, charts.steps, charts.by_range, charts.kinds,
                                    code, hexes, target_size, modified)
    return Volley(kind, boxes, hexes, raw, modified, hit, damage, kill)


def _odds(kind: str, hexes: int, target_size: int, extra: int,
          combat: Combat) -> tuple[float, float, int]:
    """`rules.fire.odds`, remembered per set of tables (captains ask it every turn)."""
    known = combat.quick.odds
    key = (kind, hexes, target_size, extra)
    found = known.get(key)
    if found is None:
        charts = combat.charts
        found = known[key] = rules.odds(combat.figures, charts.steps, charts.by_range,
                                        charts.kinds, KIND[kind], hexes, target_size, extra)
    return found


def best_case(kind: str, hexes: int, target_size: int, extra: int, combat: Combat) -> int:
    """Damage per box on the best possible roll: 0 means the shot is pointless."""
    return _odds(kind, hexes, target_size, extra, combat)[2]


def chance(kind: str, hexes: int, target_size: int, extra: int, combat: Combat) -> float:
    """The chance one weapon hits (or kills a size class 0 target) over every 2d6 roll."""
    return _odds(kind, hexes, target_size, extra, combat)[1]


def mean_damage(kind: str, hexes: int, target_size: int, extra: int, combat: Combat) -> float:
    """Mean damage per box over every 2d6 roll (policies use it to pick moments)."""
    return _odds(kind, hexes, target_size, extra, combat)[0]


expected = mean_damage


def bolt_erosion(points: int, combat: Combat) -> int:
    """2.4: every 2 points scored on a liquid metal bolt take 1 off its damage."""
    return rules.bolt_erosion(combat.figures, points)
