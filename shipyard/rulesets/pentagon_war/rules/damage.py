"""Taking damage (rules 2.7, R14, R16, R18), as rule functions.

Damage a craft takes in one impulse is resolved together: the screens subtract once
from the total (R14: directional screens from each weapon instead), an explosion later
in the same damage assessment included; the rest strikes the armor of the side facing
the source (acid gum the side it stuck to, R18), one box a point; what gets through
rolls the damage allocation chart point by point (the first interior point striking
the rear takes an engine first), R16 catching hits on systems that are gone. A
destroyed craft explodes with the strength of what it has left, less per hex away.

The loops over the hits of an impulse and over the interior points, with the dice they
roll (two a chart roll, one for "any weapon"), are each engine's (`engine.damage`,
`fast.damage`); every step of them is one of these functions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from shipyard.core.rules import Cells, Table, rule
from shipyard.rulesets.pentagon_war.rules.figures import (
    CHART_FORWARD,
    CHART_SYSTEM,
    EX_BEAM,
    EX_BOMB,
    EX_CAPACITOR,
    EX_ENGINE,
    EX_FALLOFF,
    EX_FUEL_TANK,
    EX_GUN_BOX,
    EX_SCREEN,
    EX_SECONDARY,
    FALLTHROUGH,
    FINAL_DAMAGE,
    HULL_AFT,
    HULL_FORWARD,
    STAGE_HULL,
)

if TYPE_CHECKING:
    from shipyard.rulesets.pentagon_war.rules.figures import Figures

DESTROYED = -1  # `fall_through`: no box left to take the hit


@rule
def screen_strength(f: Figures, screens: int, reinforcement: int) -> int:
    """2.2, R19: screen points up: the boxes, and the reinforcement they can still carry
    (never more than the undestroyed screen boxes allow)."""
    return screens + min(reinforcement, screens * f.reinforcement_limit)


@rule
def strike(f: Figures, points: int, screened: bool, screens_left: int,
           armor: int) -> tuple[int, int, int, int]:
    """2.7: one hit meets the screens still up this impulse (acid gum that lingers does
    not, 2.4), then the armor of the side it strikes, one box a point. The screen points
    it spent, the armor boxes it destroys, the points they absorbed, and the interior
    points left."""
    stopped = min(screens_left, points) if screened and screens_left > 0 else 0
    points -= stopped
    boxes = min(armor, -(-points // f.armor_per_box))
    absorbed = min(points, boxes * f.armor_per_box)
    return stopped, boxes, absorbed, points - absorbed


@rule
def screens_spent(directional: bool, stopped: int) -> int:
    """2.7: screens subtract once from everything an impulse brings, so what they stopped
    is gone for later hits; R14: directional screens stop each weapon afresh."""
    return 0 if directional else stopped


@rule
def rear_engine_first(f: Figures, side: int, rear_struck: bool) -> bool:
    """2.7: the first interior point striking the rear in an impulse takes an engine (if
    one is left)."""
    return side == f.rear_side and not rear_struck


@rule
def chart_cell(chart: Table, first: int, second: int) -> tuple[int, bool]:
    """2.7: the damage allocation chart, the first die picking the row and the second
    the column: the system's code, and whether the column lies in the forward half of
    the hull (R16)."""
    return int(chart[CHART_SYSTEM][first][second]), chart[CHART_FORWARD][first][second] == 1


@rule
def fall_through(f: Figures, steps: Table, hull_forward: int, hull_aft: int,
                 final_damage: int, forward: bool) -> int:
    """R16: a hit on a system with no box left goes to the rolled half of the hull, else
    the other half, else final damage (in the catalog's order of those stages): the box
    it takes (HULL_FORWARD, HULL_AFT, FINAL_DAMAGE), or DESTROYED when a final-damage
    hit finds none left."""
    for k in range(f.fallthrough_stages):
        if steps[FALLTHROUGH][k] == STAGE_HULL:
            if forward:
                if hull_forward > 0:
                    return HULL_FORWARD
                if hull_aft > 0:
                    return HULL_AFT
            else:
                if hull_aft > 0:
                    return HULL_AFT
                if hull_forward > 0:
                    return HULL_FORWARD
        elif final_damage > 0:
            return FINAL_DAMAGE
    return DESTROYED


@rule
def capacitor_hit(capacitors: int, power: int) -> tuple[bool, bool]:
    """2.7: a capacitor hit takes an empty capacitor first; a charged one loses its power
    (2.2). Whether a box goes, and whether a charge goes with it."""
    if capacitors <= 0:
        return False, False
    return True, capacitors - power <= 0


@rule
def explosion_strength(rates: Cells, engines: int, fuel_tanks: int, power: int, beams: int,
                       screens: int, gun_boxes: int, secondary: int, bombs: int) -> float:
    """2.7: what a destroyed craft's remaining systems blow up with: engines, full fuel
    tanks, charged capacitors, magnetic beams, screens, gun boxes, secondary weapon boxes
    and suicide bombs, each at its rate."""
    return float(rates[EX_ENGINE] * engines + rates[EX_FUEL_TANK] * fuel_tanks
                 + rates[EX_CAPACITOR] * max(power, 0) + rates[EX_BEAM] * beams
                 + rates[EX_SCREEN] * screens + rates[EX_GUN_BOX] * gun_boxes
                 + rates[EX_SECONDARY] * secondary + rates[EX_BOMB] * bombs)


@rule
def explosion_points(rates: Cells, strength: float, hexes: int) -> int:
    """2.7: full strength in the craft's hex, less by the falloff per hex away."""
    return int(strength - rates[EX_FALLOFF] * hexes)
