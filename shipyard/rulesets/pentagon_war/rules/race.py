"""The captains' estimates of the damage race (docs/duel-model.md), as functions of numbers.

Not rules of the game but what a captain weighs before deciding, shared by both engines
so that their captains see the very same figures: the mean damage a weapon group puts
past the screens, a volley's worth with guns joining every other volley, the share of
a craft a death explosion destroys, the race at a closer range weighed as it stands
after the approach, the velocity that closes the gap to a planned range while braking
in time, and a drone's station-keeping. The loops over a craft's weapons and ranges are
each engine's (`engine.judgement`, `fast.judgement`); every formula they apply is here.
"""

from __future__ import annotations

from math import copysign, inf, sqrt
from typing import TYPE_CHECKING

from shipyard.core.rules import Cells, Table, rule
from shipyard.rulesets.pentagon_war.rules.figures import ACID, BEAM, EX_FALLOFF, LIQUID, RADIATION
from shipyard.rulesets.pentagon_war.rules.fire import bolt_damage

if TYPE_CHECKING:
    from shipyard.rulesets.pentagon_war.rules.figures import Figures


@rule
def group_damage(f: Figures, steps: Table, kind: int, boxes: int, hexes: int, mean: float,
                 chance: float) -> float:
    """Mean damage of one shot of `boxes` weapons of `kind` at `hexes`, from one weapon's
    `mean` damage and `chance` to hit there: nothing for beams; acid gum its impact and
    what lingers at its chance; a liquid metal bolt the damage of the hexes it flies."""
    if kind == BEAM or boxes <= 0:
        return 0.0
    if kind == ACID:
        return float(chance * (f.acid_impact + f.acid_lingering * f.acid_lingering_impulses))
    if kind == LIQUID:
        if boxes < f.metal_boxes:
            return 0.0
        return float(bolt_damage(f, steps, max(hexes, f.metal_min_range)))
    return float(boxes * mean)


@rule
def shots(kind: int, boxes: int) -> int:
    """A radiation gun's track is one weapon (2.4); any other group fires every box."""
    return 1 if kind == RADIATION else boxes


@rule
def screened(f: Figures, kind: int, boxes: int, mean: float, chance: float,
             best: int) -> tuple[float, float]:
    """Mean and best-case damage one shot of `boxes` weapons of `kind` puts to the screens
    this impulse: acid gum's impact only (the gum that lingers passes them), nothing for
    beams or a liquid metal bolt (it strikes when it arrives)."""
    if boxes <= 0 or kind in (BEAM, LIQUID):
        return 0.0, 0.0
    if kind == ACID:
        return float(chance * f.acid_impact), float(f.acid_impact if best > 0 else 0)
    count = shots(kind, boxes)
    return float(count * mean), float(count * best)


@rule
def net_volley(weapons: float, guns: float, drones: float, screens: int) -> float:
    """Damage per turn past the screens of one volley: everything fires in one impulse,
    so the screens subtract once; guns rest a turn between shots (2.2), so they join
    every other volley."""
    volley = weapons + drones
    return (max(0.0, volley + guns - screens) + max(0.0, volley - screens)) / 2


@rule
def blast_share(rates: Cells, strength: float, hexes: int, screens: int,
                durability: float) -> float:
    """Share of a craft a death explosion of `strength` at `hexes` destroys past its
    screens (2.7: full strength in the hex, less by the falloff per hex away)."""
    points = strength - rates[EX_FALLOFF] * hexes - screens
    return float(max(0.0, points) / durability)


@rule
def race_ratio(mine: float, theirs: float) -> float:
    """How much faster I destroy the enemy than it destroys me."""
    if theirs > 0:
        return mine / theirs
    return inf if mine > 0 else 0.0


@rule
def approach_turns(speed: float, rate: float, gap: float) -> float:
    """Turns to close `gap` hexes from `speed`, gaining `rate` a turn."""
    if rate <= 0.0:
        return gap / speed
    return (sqrt(speed * speed + 2.0 * rate * gap) - speed) / rate


@rule
def after_approach(ratio: float, hexes: int, now: float, ranges: Cells, mines: Cells,
                   theirs: Cells, used: Cells, count_ranges: int, speed: float,
                   rate: float) -> float:
    """The race `ratio` at `hexes` once the craft has closed to it from `now` under fire.

    Closing takes turns (from `speed`, gaining `rate` a turn); on the way each craft
    destroys its share per turn, the mean of the races between the two ranges (`mines`
    and `theirs` at `ranges`, where `used`). A craft destroyed before it gets there has
    no race there; otherwise the ratio counts what is left of each.
    """
    if speed <= 0.0 and rate <= 0.0:
        return ratio  # it cannot close: the range is the enemy's to choose
    turns = approach_turns(speed, rate, now - hexes)
    mine_sum, theirs_sum, count = 0.0, 0.0, 0
    for r in range(count_ranges):
        if used[r] != 0.0 and hexes < ranges[r] <= now:
            mine_sum, theirs_sum, count = mine_sum + mines[r], theirs_sum + theirs[r], count + 1
    if count == 0:
        return ratio
    lost, dealt = turns * theirs_sum / count, turns * mine_sum / count
    if lost >= 1.0:
        return 0.0
    if dealt >= 1.0:
        return ratio
    return ratio * (1.0 - lost) / (1.0 - dealt)


@rule
def wanted_velocity(f: Figures, range_: float, wanted_range: float,
                    enemy_velocity: float) -> float:
    """Close (or open) the gap to the planned range, braking in time: the speed from
    which the engines still stop over the gap, within the top speed."""
    top = f.top
    gap = range_ - wanted_range
    closing = sqrt(f.brake * abs(gap))
    wanted = copysign(closing if closing < top else top, gap) - enemy_velocity
    return top if wanted > top else -top if wanted < -top else wanted


@rule
def station_thrust(f: Figures, gap: float, relative: float, accelerations: int,
                   reserve: int) -> int:
    """A drone keeping station (2.6: 24 accelerations): +1 to accelerate toward the enemy,
    -1 away, 0 to drift, closing no faster than the accelerations it keeps beyond
    `reserve` can brake."""
    budget = f.step * max(0, accelerations - reserve)
    closing = sqrt(f.brake * abs(gap))
    wanted = copysign(min(closing, budget), gap)
    if relative < wanted - f.half_step:
        return 1
    if relative > wanted + f.half_step:
        return -1
    return 0


@rule
def nearest(range_: float, velocity: float, enemy_velocity: float) -> float:
    """The nearest the two craft can come this turn at their present speeds."""
    return max(0.0, range_ - abs(velocity) - abs(enemy_velocity))


@rule
def launch_drones(f: Figures, range_: float, drone_range: float, velocity: float,
                  enemy_velocity: float) -> bool:
    """Whether a carrier launches its drones now: within its drone range, or sooner when the
    enemy opens the range (or holds it) faster than the carrier closes it, while drones
    launched now (2.6: within 3 of its speed) would still close on it."""
    if range_ <= drone_range:
        return True
    closing = velocity + enemy_velocity
    return enemy_velocity < 0.0 and closing <= 0.0 < closing + f.drone_spread


@rule
def turns_to_live(theirs: float) -> float:
    """The turns a craft expects to live when the enemy destroys `theirs` of it a turn."""
    return 1.0 / theirs if theirs > 0.0 else inf


@rule
def ammunition_floor(least: float, shots: int, per_turn: float, to_live: float,
                     ahead: float) -> float:
    """The least chance to hit worth a shot of limited ammunition: `least`, or the chance
    `ahead` at the range the craft is making for when that is no better (its odds will not
    improve by waiting), while it expects to live long enough to fire every shot left at
    `per_turn`; none once it does not (shots left unfired at its death are wasted)."""
    if shots >= per_turn * to_live:
        return 0.0
    return min(least, ahead)


@rule
def launch_missiles(f: Figures, range_: float, missile_range: float, wanted_range: float,
                    enemy_velocity: float, aboard: int, per_turn: float,
                    to_live: float) -> bool:
    """Whether a craft launches missiles now: within its missile range; or beyond it, while
    a missile at speed 6 still reaches the enemy on its fuel (2.6), when the range will
    not come nearer (the craft holds or opens it) or it expects to die before it could
    launch every missile aboard at `per_turn`."""
    if range_ <= missile_range:
        return True
    closing = f.missile_speed + enemy_velocity
    if closing <= 0.0 or range_ * f.missile_speed / closing >= f.missile_fuel:
        return False
    return wanted_range >= range_ or aboard >= per_turn * to_live


@rule
def top_rate(normal: float, crash: float, manned: bool, impulses: int) -> float:
    """The speed a turn of thrust adds at best, from the per-impulse rates: crash
    acceleration for a manned craft when faster (2.3: no mishap risk for it)."""
    rate = crash if manned and crash > normal else normal
    return float(rate * impulses)


@rule
def outruns(away: float, toward: float, impulses: int) -> bool:
    """Whether a craft gaining `away` a turn, thrusting on every impulse but the last of a
    turn (when the long-range volleys come), gains on an enemy gaining `toward` a turn."""
    return bool(away * (impulses - 1) / impulses > toward)


@rule
def stand_off(ranges: Cells, theirs: Cells, used: Cells, count_ranges: int,
              now: float) -> int:
    """Against an enemy that cannot come nearer, where a craft losing the race everywhere
    holds: the range nearest `now` where the enemy cannot hurt it (`theirs` 0; the farther
    of two as near), a draw it keeps; else where it is hurt least (the farther of two).
    Returns the index of that range in `ranges` (weighed where `used`)."""
    safe, gap = -1, inf
    least, hurt = -1, inf
    for r in range(count_ranges):
        if used[r] == 0.0:
            continue
        if theirs[r] <= 0.0 and abs(ranges[r] - now) <= gap:
            safe, gap = r, abs(ranges[r] - now)
        if theirs[r] <= hurt:
            least, hurt = r, theirs[r]
    return safe if safe >= 0 else least
