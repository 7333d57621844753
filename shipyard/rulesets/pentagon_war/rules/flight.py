"""Things that fly on the range track (rules 2.2, 2.4-2.6, R21), as rule functions.

Missiles fly at speed 6 (12 by rail, 1 power), burn a hex of fuel a hex flown and are
lost out of fuel short of their target; one entering its target's hex strikes for its
full warhead and the rest of the hex takes half; one shot down explodes for half, on
every craft in its hex (its launcher too when there). Liquid metal bolts fly at speed
12 for 12 impulses and strike for the damage of the hexes flown, less their erosion;
missiles and bolts lose their tracking on 1-4 when their target turns radar
invisibility on (2.9). Drones launch within the top speed, spend one of their 24
accelerations on every impulse they change velocity, and drift once they have none.
A missile or bolt launched by an evader is lost, and one reaching an evader misses, on
a die of 1 (a missed missile is detonated beside the evader for half its warhead, R21). Guns rest
a turn after a shot; acid gum fires at least 3 impulses apart, a box a shot; a liquid
metal shot takes two boxes and cannot be fired at range 0; secondary weapons fire once
a turn (2.2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from shipyard.core.rules import Table, rule
from shipyard.rulesets.pentagon_war.rules.fire import bolt_damage
from shipyard.rulesets.pentagon_war.rules.movement import same_hex

if TYPE_CHECKING:
    from shipyard.rulesets.pentagon_war.rules.figures import Figures


@rule
def missile_distance(f: Figures, distance: float, speed: int, closing: float) -> float:
    """2.6: a missile closes at its speed plus its target's speed toward it; it stops in
    the target's hex."""
    left = distance - (speed + closing) / f.impulses
    return left if left > 0.0 else 0.0


@rule
def missile_fuel(f: Figures, fuel: float, speed: int) -> float:
    """2.6: a hex of fuel a hex flown."""
    return fuel - speed / f.impulses


@rule
def missile_lost(fuel: float, distance: float) -> bool:
    """2.6: out of fuel short of its target's hex."""
    return fuel < 0 and distance >= 1


@rule
def bolt_distance(f: Figures, distance: float, closing: float) -> float:
    """2.4: a bolt homes at its speed plus its target's speed toward it."""
    return max(0.0, distance - (f.metal_speed + closing) / f.impulses)


@rule
def bolt_spent(f: Figures, flown: int, distance: float) -> bool:
    """2.4: a bolt lasts 12 impulses; past them short of its target, it is gone."""
    return flown > f.metal_lifetime and distance >= 1


@rule
def bolt_strikes_for(f: Figures, steps: Table, flown: int, erosion: int) -> int:
    """2.4: the damage of the hexes flown, less the erosion of the fire it took."""
    return max(0, bolt_damage(f, steps, flown) - erosion)


@rule
def drone_speed(f: Figures, speed: float, thrust: int) -> float:
    """2.6: a drone's velocity after one acceleration toward (+1) or away (-1)."""
    return speed + (f.step if thrust > 0 else -f.step)


@rule
def within_top_speed(f: Figures, speed: float) -> bool:
    """2.3: nothing flies faster than the top speed."""
    return -f.top <= speed <= f.top


@rule
def drone_distance(f: Figures, distance: float, speed: float, closing: float) -> float:
    """2.6: a drone may fly past its target: the distance then goes below 0."""
    return distance - (speed + closing) / f.impulses


@rule
def drone_launch_speed(f: Figures, velocity: float, escort: bool) -> float:
    """2.6: drones start within 3 of the launcher's speed; point-defense drones escort
    it at its speed. 2.3: never above the top speed of 12 (a launcher at 11 sends its
    drones at 12)."""
    speed = velocity + (0.0 if escort else f.drone_spread)
    return max(-f.top, min(f.top, speed))


@rule
def missile_launch_speed(f: Figures, rail: bool) -> int:
    """2.6, 2.2: a missile flies at speed 6, 12 by rail."""
    return f.missile_rail_speed if rail else f.missile_speed


@rule
def rail_launches(f: Figures, wanted: int, missiles: int, power: int) -> int:
    """2.2: rail launches asked for, within the missiles launched and the power (1 each)."""
    cost = f.rail_launch
    return max(0, min(wanted, missiles, power // cost if cost else missiles))


@rule
def seeker_lost(f: Figures, roll: int) -> bool:
    """2.4: a missile or bolt launched by an evader loses its target on this die."""
    return roll <= f.seeking_lost


@rule
def seeker_misses(f: Figures, roll: int) -> bool:
    """2.4: a missile or bolt reaching an evader misses it on this die."""
    return roll <= f.seeking_miss


@rule
def tracking_lost(f: Figures, roll: int) -> bool:
    """2.9: a missile or bolt targeted on a craft before it turned radar
    invisibility on loses its tracking on this die (1-4), and cannot re-acquire it."""
    return roll <= f.tracking_lost


@rule
def shot_down_points(f: Figures) -> int:
    """2.6: a missile destroyed (or missing an evader, R21) explodes for half its
    warhead."""
    return f.warhead // f.destroyed_divisor


@rule
def blast_reaches_launcher(range_: float) -> bool:
    """2.6: a missile that explodes in its target's hex (shot down there by point
    defense, or missing an evader, R21) strikes every craft in that hex for half its
    warhead, as one that strikes does: its launcher too when the two craft share it."""
    return same_hex(range_)


@rule
def hex_share(f: Figures) -> int:
    """2.6: everything else in the struck hex takes half the warhead."""
    return f.warhead // f.hex_share


@rule
def secondary_shots_left(f: Figures, boxes: int, fired: int) -> int:
    """2.2: secondary weapons fire at most once per turn."""
    return boxes * f.secondary_shots - fired


@rule
def gun_rested(last_turn: int, turn: int, rest: int) -> bool:
    """2.2: radiation and liquid metal guns rest a turn after a shot."""
    return last_turn < turn - rest


@rule
def acid_gum_ready(f: Figures, clock: int, last_impulse: int, boxes: int) -> bool:
    """2.2: acid gum fires at least 3 impulses apart, a box of its track a shot."""
    return clock - last_impulse >= f.acid_gap and boxes >= f.acid_boxes


@rule
def liquid_metal_ready(f: Figures, boxes: int, hexes: int) -> bool:
    """2.2: a liquid metal shot takes two boxes and cannot be fired at range 0."""
    return boxes >= f.metal_boxes and hexes >= f.metal_min_range


@rule
def bolt_reach(f: Figures) -> float:
    """2.4: how far a liquid metal bolt flies before it is spent."""
    return f.metal_speed * f.metal_lifetime / f.impulses - 1
