"""A craft's helm on the hex map: turning and thrust (rules 2.3, 2.8, R20, R26, R32, R33)
and a magnetic beam's push (2.4).

The duel's captains answer "hold the enemy in relative direction d, thrust toward (or
away)". On the map that becomes a facing that shows the target in direction d (on a
spine, the one nearer the old facing, R32), turned within the rotation limit, and
thrust along the facing: toward with the target ahead, away with it astern (a hexside
either way), a ramscoop braking nose-first; of the facing and its two neighbours the
craft takes the one that leaves the least drift across the line to its target
(`HexMap.steady`), so it closes and opens the range instead of flying past.

R34: an order without thrust that shows the target armor rather than guns turns that
side to the heaviest threat instead when the battle names one (`threat`), and a craft
that would come within one blast of a friend a turn from now makes room (`make_room`).
"""

from __future__ import annotations

from collections.abc import Sequence

from shipyard.rulesets.pentagon_war.engine.hexmap import HexMap
from shipyard.rulesets.pentagon_war.engine.orders import Maneuver
from shipyard.rulesets.pentagon_war.engine.state import Craft
from shipyard.rulesets.pentagon_war.engine.table_entries import MagneticBeam
from shipyard.rulesets.pentagon_war.rules import movement
from shipyard.rulesets.pentagon_war.rules.bearing import bearing, facing_for, relative_direction
from shipyard.rulesets.pentagon_war.rules.figures import Figures
from shipyard.rulesets.pentagon_war.rules.vector import (
    facing_after,
    pushed,
    scoop_braked,
    scoop_brakes,
    thrust_pushes,
    thrust_rate,
)

TOWARD, ASTERN = 1, 4  # the relative directions a craft thrusts toward and away from
NO_ROOM = 1 << 62  # what a thrust the engines cannot make counts for in `make_room`


def steer_craft(hexmap: HexMap, f: Figures, side: int, target: int, craft: Craft,
                order: Maneuver, clock: int, threat: int = -1, friends: Sequence[int] = (),
                reach: Sequence[int] = ()) -> bool:
    """Craft `side` turns and thrusts as `order` asks against craft `target` (R34: the
    side it asks for turned to craft `threat` instead when that is not -1; room made
    from `friends`, each craft's blast reaching `reach` hexes); True when it
    crash-accelerated unmanned (2.3: the mishap roll is the battle's)."""
    da, dc = hexmap.a[target] - hexmap.a[side], hexmap.c[target] - hexmap.c[side]
    facing = hexmap.facing[side]
    boxes = craft.boxes
    control = boxes["main_control"] + boxes["aux_control"] > 0
    limit = movement.rotation_limit(f, craft.is_base, clock - craft.last_rotation, control,
                                    craft.evasive, craft.crashed_at == clock - 1)
    wanted = order.direction if 1 <= order.direction <= 6 else craft.direction
    thrust, brake = order.thrust, movement.scoop_braking(wanted, order.thrust)
    if threat >= 0 and not thrust:  # R34: the side asked for, to the heaviest threat
        want = facing_for(wanted, hexmap.a[threat] - hexmap.a[side],
                          hexmap.c[threat] - hexmap.c[side], facing)
    else:
        want = facing_for(wanted, da, dc, facing)
    if thrust and not brake and wanted in (TOWARD, ASTERN):
        want = hexmap.steady(side, target, want)
    want = facing_after(facing, want, limit)
    working = movement.working_engines(boxes["engine"], boxes["fuel_tank"], craft.needs_fuel,
                                       craft.is_base)
    size = movement.rate_size(craft.size_class)
    va, vc = hexmap.va[side], hexmap.vc[side]
    if brake:
        pushes = scoop_brakes(craft.is_base, working, craft.needs_fuel, va, vc, want)
    else:
        # Toward with the target ahead, away with it astern, a hexside either way.
        ahead = (relative_direction(want, da, dc) - (TOWARD if thrust > 0 else ASTERN)) % 6
        pushes = ahead in (0, 1, 5) and thrust_pushes(craft.is_base, working,
                                                      boxes["fuel_tank"], craft.needs_fuel,
                                                      va, vc, want)
    thrust = thrust if pushes else 0
    m = hexmap.m
    normal = thrust_rate(m, craft.manned, min(working, size), craft.size_class)
    asked = (want, thrust)
    if friends and not brake and not craft.is_base:
        want, thrust = make_room(hexmap, side, craft, want, thrust, normal, facing, limit,
                                 working, friends, reach)
    if want != facing:
        hexmap.facing[side], craft.last_rotation = want, clock
    craft.direction = relative_direction(want, da, dc)
    crash = movement.may_crash(order.crash, thrust, control, craft.ecm)
    crash = crash and (want, thrust) == asked  # making room is never a crash
    fast = thrust_rate(m, craft.manned, working, craft.size_class)
    crash = crash and fast > normal
    craft.crashing = crash
    if crash:
        craft.crashed_at = clock
    if thrust:
        rate = fast if crash else normal
        if brake:
            hexmap.va[side], hexmap.vc[side] = scoop_braked(va, vc, want, rate)
        else:
            hexmap.va[side], hexmap.vc[side] = pushed(m, va, vc, want, rate)
    craft.evading = movement.evading(f, craft.evasive, crash, working, size, thrust != 0)
    return bool(thrust) and crash and not craft.manned


def make_room(hexmap: HexMap, side: int, craft: Craft, want: int, thrust: int, rate: int,
              facing: int, limit: int, working: int, friends: Sequence[int],
              reach: Sequence[int]) -> tuple[int, int]:
    """R34: the facing and thrust (1 or 0, along the facing) craft `side` takes so that no
    friend comes within one blast and a hex of it over the coming turn
    (`HexMap.crowding`, every thrust judged at standard acceleration `rate`). The
    captain's `(want, thrust)` stands when it leaves that room; else, of it, drifting
    and thrusting along `want`, the first that leaves the most room (`crowding`, the
    second figure); a neighbour of `want` it
    may turn to (within `limit` of `facing`) and thrust along only when that does better
    than both and than the other neighbour, so a mirrored map chooses the same."""
    va, vc, m = hexmap.va[side], hexmap.vc[side], hexmap.m

    def room(candidate: int, push: int) -> float:
        if not push:
            return hexmap.crowding(side, va, vc, friends, reach)[1]
        if not thrust_pushes(False, working, craft.boxes["fuel_tank"], craft.needs_fuel, va,
                             vc, candidate):
            return -float(NO_ROOM)
        a, c = pushed(m, va, vc, candidate, rate)
        return hexmap.crowding(side, a, c, friends, reach)[1]

    if thrust:
        near = hexmap.crowding(side, *pushed(m, va, vc, want, rate), friends, reach)[0]
    else:
        near = hexmap.crowding(side, va, vc, friends, reach)[0]
    if near > 0:
        return want, thrust
    asked = room(want, thrust)
    best, chosen = asked, (want, thrust)
    for push in (0, 1):
        if push != thrust and room(want, push) > best:
            best, chosen = room(want, push), (want, push)
    sides = []
    for turn in (1, 5):
        candidate = (want + turn) % 6
        fits = facing_after(facing, candidate, limit) == candidate
        sides.append((room(candidate, 1) if fits else -float(NO_ROOM), candidate))
    (right, to_right), (left, to_left) = sides
    if right > best and right > left:
        return to_right, 1
    if left > best and left > right:
        return to_left, 1
    return chosen


def beam(hexmap: HexMap, rule: MagneticBeam, beamer: int, target: int, pull: bool,
         double: bool, bodies: Sequence[Craft], gone: Sequence[bool]) -> None:
    """2.4 on the map: an attached beam pushes (or pulls) its target along the map
    direction from its beamer, and the beamer the other way, like one engine (two at
    double strength) of standard acceleration for each body's size class (at most the
    standard rate, as on the track); a base does not move. `bodies` and `gone` are the
    beamer's and the target's."""
    away = bearing(hexmap.a[target] - hexmap.a[beamer], hexmap.c[target] - hexmap.c[beamer])
    engines = rule.engines_double if double else rule.engines
    for body, craft, left, outward in ((target, bodies[1], gone[1], not pull),
                                       (beamer, bodies[0], gone[0], pull)):
        if craft.is_base or left:
            continue
        size = movement.rate_size(craft.size_class)
        rate = thrust_rate(hexmap.m, False, min(engines, size), craft.size_class)
        direction = away if outward else (away + 3) % 6
        hexmap.va[body], hexmap.vc[body] = pushed(hexmap.m, hexmap.va[body], hexmap.vc[body],
                                                  direction, rate)
