"""Drones launched on the hex map (rules 2.3, 2.6, R31), as rule functions.

A carrier launches at most its drones-per-impulse figure an impulse (the catalog's
launch per size class times its size class, `pricing` `drones_per_impulse`, 2.6), each
with velocity components within 3 hexes a turn either way of the carrier's at launch,
and any facing. From then on a drone is a size class 0 craft of its own and moves as
one with the map's rule functions (`rules.vector`: `thrust_rate` with size class 0
counted as 1, `pushed`, `speed`; `rules.impulses` for when each component moves): no
new code. Components are in the map's velocity units (R26).
"""

from __future__ import annotations

from shipyard.core.rules import rule
from shipyard.rulesets.pentagon_war.rules.bearing import bearing
from shipyard.rulesets.pentagon_war.rules.vector import (
    MapFigures,
    pushed,
    speed,
    step_a,
    step_c,
    thrust_rate,
)

DRONE_SIZE = 0  # 2.6: a drone is a size class 0 craft (its thrust counts it as 1)


@rule
def launch_spread(spread: float, unit: int) -> int:
    """2.6: the catalog's launch spread (3 hexes a turn) in velocity units (R26)."""
    return int(spread * unit)


@rule
def drones_launched(per_impulse: int, aboard: int, wanted: int) -> int:
    """2.6: drones a carrier launches this impulse: those wanted, within those aboard and
    its drones-per-impulse figure."""
    launched = wanted if wanted < aboard else aboard
    launched = launched if launched < per_impulse else per_impulse
    return launched if launched > 0 else 0


@rule
def launch_component(wanted: int, carrier: int, spread: int) -> int:
    """2.6: the launch component nearest `wanted` within `spread` either way of the
    carrier's component."""
    if wanted > carrier + spread:
        return carrier + spread
    if wanted < carrier - spread:
        return carrier - spread
    return wanted


@rule
def launch_allowed(top: int, va: int, vc: int, carrier_va: int, carrier_vc: int,
                   spread: int) -> bool:
    """2.6, 2.3, R31: whether a drone may start with components `(va, vc)` from a carrier
    of `(carrier_va, carrier_vc)`: each within `spread` of the carrier's, and its speed
    no more than the top speed, or the carrier's own speed when that is higher."""
    if abs(va - carrier_va) > spread or abs(vc - carrier_vc) > spread:
        return False
    limit = speed(carrier_va, carrier_vc)
    limit = limit if limit > top else top
    return speed(va, vc) <= limit


@rule
def launch_velocity(va: int, vc: int, da: int, dc: int, spread: int, top: int,
                    escort: bool) -> tuple[int, int]:
    """R31: the components a drone leaves a carrier of `(va, vc)` with, its target
    `(da, dc)` away: an attack drone the carrier's plus the whole spread along the map
    direction nearest its target (`bearing`), when that is allowed
    (`launch_allowed`), else the carrier's; a point-defense drone the carrier's (it
    escorts it)."""
    if escort:
        return va, vc
    toward = bearing(da, dc)
    wa, wc = va + spread * step_a(toward), vc + spread * step_c(toward)
    if launch_allowed(top, wa, wc, va, vc, spread):
        return wa, wc
    return va, vc


@rule
def drone_push(m: MapFigures, va: int, vc: int, da: int, dc: int,
               thrust: int) -> tuple[int, int, int]:
    """R31: a drone `(da, dc)` from its target thrusting toward it (`thrust` +1) or away
    (-1) for one impulse at standard acceleration (size class 0 counts as 1): it faces
    the map direction nearest the line (or the opposite one) and pushes along it, cut at
    the top speed (`vector.pushed`, R26). Its new components and facing: an impulse whose
    push changed nothing spends no acceleration."""
    facing = bearing(da, dc) if thrust > 0 else (bearing(da, dc) + 3) % 6
    rate = thrust_rate(m, False, 1, DRONE_SIZE)
    pa, pc = pushed(m, va, vc, facing, rate)
    return pa, pc, facing
