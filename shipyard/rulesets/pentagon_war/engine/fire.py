"""Direct fire (rules 2.4): the URM and every weapon table, one weapon at a time.

Every weapon box fires on its own 2d6 roll plus the target's size class, the
URM of the range and any evasion modifier (a radiation gun's track is one
weapon). A `Salvo` is the weapons of one group fired together at one target in
one impulse, each with its own `Volley`; `volley` alone rolls once for several
boxes, as the magnetic beams' optional narrow salvo would. These functions only
read tables and dice; the duel loop applies what they return.
"""

from __future__ import annotations

from typing import NamedTuple

from shipyard.core.dice import Dice, roll
from shipyard.rulesets.pentagon_war.engine.tables import Combat

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
    return hexes if locked else hexes * combat.lock_failure.range_factor


def modifier(firer_evading: bool, target_evading: bool, combat: Combat) -> int:
    """2.4: evasive maneuvering spoils fire made by or at the evader."""
    return combat.evasion.fire_modifier * (int(firer_evading) + int(target_evading))


def range_damage(kind: str, hexes: int, combat: Combat) -> int:
    """Damage per box of a proton or electron cannon at a range (2.4)."""
    table = combat.proton_cannon if kind in ("proton_cannon", "magnetic_beam") else (
        combat.electron_cannon)
    return table.lookup(hexes)


def volley(kind: str, boxes: int, hexes: int, target_size: int, extra: int, dice: Dice,
           combat: Combat) -> Volley:
    """Roll one volley of `boxes` weapons of `kind` at effective range `hexes`."""
    raw = roll(dice, combat.fire_dice.dice)
    modified = raw + target_size + combat.range_modifier(hexes) + extra
    return judge(kind, boxes, hexes, target_size, raw, modified, combat)


def salvo(kind: str, boxes: int, hexes: int, target_size: int, extra: int, dice: Dice,
          combat: Combat) -> Salvo:
    """Fire `boxes` weapons of `kind` at effective range `hexes`, each on its own roll."""
    return Salvo(kind, hexes, tuple([volley(kind, 1, hexes, target_size, extra, dice, combat)
                                     for _ in range(boxes)]))


def judge(kind: str, boxes: int, hexes: int, target_size: int, raw: int, modified: int,
          combat: Combat) -> Volley:
    """What a modified roll does with `kind` at `hexes` (the table lookups of 2.4)."""
    hit, damage, kill = False, 0, False
    if kind == "laser":
        damage = combat.laser.lookup(modified)
        hit = damage > 0
        kill = modified >= combat.laser.kill_size_zero
    elif kind in ("proton_cannon", "electron_cannon"):
        table = combat.proton_cannon if kind == "proton_cannon" else combat.electron_cannon
        damage = table.lookup(hexes)
        hit = modified >= table.hit_on and damage > 0
        kill = hit  # at the 0-damage ranges they cannot hit size class 0 either
    elif kind == "radiation_gun":
        damage = combat.radiation_gun.lookup(modified)
        hit = damage > 0
        kill = modified >= combat.radiation_gun.kill_size_zero
    elif kind == "acid_gum_gun":
        hit = modified >= combat.acid_gum.hit_on
        damage = combat.acid_gum.impact
        kill = hit
    elif kind == "magnetic_beam":
        hit = modified >= combat.magnetic_beam.attach_on and hexes <= combat.magnetic_beam.max_range
        kill = hit
    else:
        raise ValueError(f"{kind} is not a direct-fire weapon")
    if target_size == 0:
        hit = kill
    return Volley(kind, boxes, hexes, raw, modified, hit, damage if hit else 0, kill)


def best_case(kind: str, hexes: int, target_size: int, extra: int, combat: Combat) -> int:
    """Damage per box on the best possible roll: 0 means the shot is pointless.

    A pure function of the tables, so each answer is worked out once per set of tables.
    """
    known = combat.quick.best_cases
    key = (kind, hexes, target_size, extra)
    best = known.get(key)
    if best is None:
        best = known[key] = _best_case(kind, hexes, target_size, extra, combat)
    return best


def _best_case(kind: str, hexes: int, target_size: int, extra: int, combat: Combat) -> int:
    dice = combat.fire_dice.dice
    top = 6 * dice + target_size + combat.range_modifier(hexes) + extra
    if kind == "magnetic_beam":
        return int(judge(kind, 1, hexes, target_size, 6 * dice, top, combat).hit)
    result = judge(kind, 1, hexes, target_size, 6 * dice, top, combat)
    if target_size == 0:
        return int(result.kill)
    return result.damage if result.hit else 0


def expected(kind: str, hexes: int, target_size: int, extra: int, combat: Combat) -> float:
    """Mean damage per box over every 2d6 roll (policies use it to pick moments)."""
    total = 0.0
    base = target_size + combat.range_modifier(hexes) + extra
    for first in range(1, 7):
        for second in range(1, 7):
            raw = first + second
            result = judge(kind, 1, hexes, target_size, raw, raw + base, combat)
            total += result.damage if result.hit else 0
    return total / 36


def chance(kind: str, hexes: int, target_size: int, extra: int, combat: Combat) -> float:
    """The chance one weapon hits (or kills a size class 0 target) over every 2d6 roll."""
    known = combat.quick.chances
    key = (kind, hexes, target_size, extra)
    found = known.get(key)
    if found is None:
        base = target_size + combat.range_modifier(hexes) + extra
        wins = 0
        for first in range(1, 7):
            for second in range(1, 7):
                raw = first + second
                result = judge(kind, 1, hexes, target_size, raw, raw + base, combat)
                wins += result.kill if target_size == 0 else result.hit
        found = known[key] = wins / 36
    return found


def mean_damage(kind: str, hexes: int, target_size: int, extra: int, combat: Combat) -> float:
    """`expected`, remembered per set of tables (policies ask it every turn)."""
    known = combat.quick.means
    key = (kind, hexes, target_size, extra)
    found = known.get(key)
    if found is None:
        found = known[key] = expected(kind, hexes, target_size, extra, combat)
    return found


def bolt_erosion(points: int, combat: Combat) -> int:
    """2.4: every 2 points scored on a liquid metal bolt take 1 off its damage."""
    return points // combat.liquid_metal.points_per_erosion
