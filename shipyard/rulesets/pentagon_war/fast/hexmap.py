"""The hex map of a fleet battle, compiled: `engine.hexmap` and the map's own steps of
`engine.map_battle` (rules 2.1, 2.3, R25, R26, R32, R33).

Every craft has a row of `MapState.mi`: its hex, facing, velocity components and chart
columns. `view_pair` makes a pair of craft what the duel's kernels read (the range between
them, the relative direction each sees the other in, each one's speed toward the other,
and each one's `PARTNER`, so `lists.foe` names the other), exactly as the reference's `view`
does; `maneuver` turns and thrusts a craft on the map, `move` makes its movement segment.
Every rule is a rule function of `rules.vector`, `rules.bearing` and `rules.impulses`,
which the reference calls too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from shipyard.core.compiled import inline_kernel, lean_kernel
from shipyard.rulesets.pentagon_war.fast import dice, policy
from shipyard.rulesets.pentagon_war.fast.columns import (
    AIM,
    BOX,
    COL_A,
    COL_C,
    CRASHED_AT,
    CRASHING,
    DESTROYED,
    DIRECTION,
    ECM,
    EVADING,
    EVASIVE,
    FACES_PARTNER,
    FACING,
    FLEET,
    GONE,
    HEX_A,
    HEX_C,
    IS_BASE,
    LAST_ROTATION,
    MANNED,
    MISHAPS,
    NEEDS_FUEL,
    PARTNER,
    RANGE,
    REACH,
    RUNNING_AWAY,
    SIZE,
    TARGET,
    VEL_A,
    VEL_C,
    VELOCITY,
)
from shipyard.rulesets.pentagon_war.rules import impulses as chart
from shipyard.rulesets.pentagon_war.rules import movement
from shipyard.rulesets.pentagon_war.rules.bearing import (
    across,
    along,
    bearing,
    closest_approach,
    closing_speed,
    facing_for,
    relative_direction,
)
from shipyard.rulesets.pentagon_war.rules.figures import ENGINE, FUEL_TANK
from shipyard.rulesets.pentagon_war.rules.screens import screen_covers
from shipyard.rulesets.pentagon_war.rules.vector import (
    facing_after,
    hex_distance,
    pushed,
    scoop_braked,
    scoop_brakes,
    thrust_pushes,
    thrust_rate,
)

if TYPE_CHECKING:
    from shipyard.rulesets.pentagon_war.fast.arrays import Tables
    from shipyard.rulesets.pentagon_war.fast.fleet_state import MapState
    from shipyard.rulesets.pentagon_war.fast.state import State

TOWARD, ASTERN = 1, 4  # the relative directions a craft thrusts toward and away from
NO_FRIEND = 1 << 62  # `crowding` with no friend in the battle (`engine.hexmap`)
NO_ROOM = 1 << 62  # what a thrust the engines cannot make counts for (`helm.make_room`)


@inline_kernel
def hexes(mp: MapState, i: int, j: int) -> int:
    mi = mp.mi
    return int(hex_distance(mi[j, HEX_A] - mi[i, HEX_A], mi[j, HEX_C] - mi[i, HEX_C]))


@inline_kernel
def direction(mp: MapState, i: int, j: int) -> int:
    """The relative direction (1-6) craft `i` sees craft `j` in."""
    mi = mp.mi
    return int(relative_direction(mi[i, FACING], mi[j, HEX_A] - mi[i, HEX_A],
                                  mi[j, HEX_C] - mi[i, HEX_C]))


@inline_kernel
def toward(mp: MapState, i: int, j: int) -> float:
    """Craft `i`'s speed toward craft `j` along the line between them, hexes a turn
    (`rules.bearing.closing_speed`)."""
    mi = mp.mi
    return closing_speed(mi[i, VEL_A], mi[i, VEL_C], mi[j, HEX_A] - mi[i, HEX_A],
                         mi[j, HEX_C] - mi[i, HEX_C], mp.m.unit)


@inline_kernel
def speed(mp: MapState, i: int) -> float:
    """Craft `i`'s speed, hexes a turn (the components' biggest-or-sum, 2.3)."""
    return float(hex_distance(mp.mi[i, VEL_A], mp.mi[i, VEL_C]) / mp.m.unit)


@lean_kernel
def view_pair(st: State, mp: MapState, i: int, j: int) -> None:
    """Craft `i` and craft `j` as the duel's kernels see a pair (`MapBattle.view`)."""
    st.ci[i, DIRECTION] = direction(mp, i, j)
    st.ci[j, DIRECTION] = direction(mp, j, i)
    st.cf[i, VELOCITY] = toward(mp, i, j)
    st.cf[j, VELOCITY] = toward(mp, j, i)
    st.rangef[RANGE] = float(hexes(mp, i, j))
    st.ci[i, PARTNER], st.ci[j, PARTNER] = j, i
    st.ci[i, FACES_PARTNER] = covers(mp, i, j)
    st.ci[j, FACES_PARTNER] = covers(mp, j, i)


@inline_kernel
def covers(mp: MapState, j: int, sender: int) -> bool:
    """R14, R29: whether craft `j`'s directional screens, aimed where `AIM` says, meet what
    craft `sender` fires: from the craft aimed at or one colinear with it
    (`HexMap.covers`)."""
    mi = mp.mi
    aim = mi[j, AIM]
    if aim < 0 or aim == sender:
        return True
    return bool(screen_covers(mi[j, HEX_A], mi[j, HEX_C], mi[aim, HEX_A], mi[aim, HEX_C],
                              mi[sender, HEX_A], mi[sender, HEX_C]))


@lean_kernel
def beam(st: State, mp: MapState, beamer: int, target: int, pull: bool, double: bool) -> None:
    """2.4 on the map (`helm.beam`): an attached beam pushes (or pulls) its target along
    the map direction from its beamer, and the beamer the other way, like one engine (two
    at double strength) for each body's size class; a base or a craft gone does not move."""
    ci, mi, m = st.ci, mp.mi, mp.m
    away = bearing(mi[target, HEX_A] - mi[beamer, HEX_A], mi[target, HEX_C] - mi[beamer, HEX_C])
    engines = mp.counts[2] if double else mp.counts[1]
    for step in range(2):
        body = target if step == 0 else beamer
        outward = (not pull) if step == 0 else pull
        if ci[body, IS_BASE] or mi[body, GONE]:
            continue
        size = movement.rate_size(ci[body, SIZE])
        rate = thrust_rate(m, False, min(engines, size), ci[body, SIZE])
        direction = away if outward else (away + 3) % 6
        mi[body, VEL_A], mi[body, VEL_C] = pushed(m, mi[body, VEL_A], mi[body, VEL_C],
                                                  direction, rate)


@lean_kernel
def start_turn(mp: MapState, turn: int) -> None:
    """2.1: each component's column of the impulse chart for the turn (R25, fractional)."""
    mi, unit = mp.mi, mp.m.unit
    for i in range(mi.shape[0]):
        mi[i, COL_A] = chart.column_at_start(mi[i, VEL_A], unit, turn, True)
        mi[i, COL_C] = chart.column_at_start(mi[i, VEL_C], unit, turn, True)


@lean_kernel
def move(mp: MapState, i: int, before_a: int, before_c: int, turn: int, impulse: int) -> None:
    """Craft `i` makes this impulse's movement segment; `before_*` its components before
    this impulse's thrust (R25: a new column counts from this impulse)."""
    mi, m = mp.mi, mp.m
    mi[i, COL_A], mi[i, COL_C], da, dc = chart.body_move(
        mi[i, COL_A], mi[i, COL_C], before_a, before_c, mi[i, VEL_A], mi[i, VEL_C], m.unit,
        turn, impulse, m.impulses)
    mi[i, HEX_A] += da
    mi[i, HEX_C] += dc


@inline_kernel
def drift(mp: MapState, i: int, j: int, candidate: int, da: int, dc: int) -> int:
    mi, m = mp.mi, mp.m
    va, vc = pushed(m, mi[i, VEL_A], mi[i, VEL_C], candidate, m.standard)
    return abs(across(va - mi[j, VEL_A], vc - mi[j, VEL_C], da, dc))


@lean_kernel
def steady(mp: MapState, i: int, j: int, facing: int) -> int:
    """Of `facing` and its two neighbours, the one whose thrust leaves craft `i` the least
    drift across the line to craft `j` (`MapBattle.steady`)."""
    mi = mp.mi
    da, dc = mi[j, HEX_A] - mi[i, HEX_A], mi[j, HEX_C] - mi[i, HEX_C]
    if da == 0 and dc == 0:
        return facing
    right, left = (facing + 1) % 6, (facing + 5) % 6
    kept, to_right = drift(mp, i, j, facing, da, dc), drift(mp, i, j, right, da, dc)
    to_left = drift(mp, i, j, left, da, dc)
    if to_right < kept and to_right < to_left:
        return right
    if to_left < kept and to_left < to_right:
        return left
    return facing


@inline_kernel
def crowding(st: State, mp: MapState, i: int, va: int, vc: int) -> tuple[float, float]:
    """R34: how far beyond one blast and a hex craft `i`, moving at `(va, vc)`, comes to
    its nearest friend still in the battle over the coming turn, and the room it leaves
    (`HexMap.crowding`)."""
    ci, mi, unit = st.ci, mp.mi, mp.m.unit
    least, most = float(NO_FRIEND), float(NO_FRIEND)
    for k in range(ci.shape[0]):
        if k == i or ci[k, FLEET] != ci[i, FLEET] or ci[k, DESTROYED] or mi[k, GONE]:
            continue
        if mi[i, REACH] < 0 and mi[k, REACH] < 0:
            continue  # neither blast strikes anything
        da, dc = (mi[k, HEX_A] - mi[i, HEX_A]) * unit, (mi[k, HEX_C] - mi[i, HEX_C]) * unit
        wa, wc = mi[k, VEL_A] - va, mi[k, VEL_C] - vc
        room = (max(mi[i, REACH], mi[k, REACH]) + 1) * unit
        near = closest_approach(da, dc, wa, wc) - 4 * room * room
        then = along(da + wa, dc + wc, da + wa, dc + wc) - 4 * room * room
        least, most = min(least, near), min(most, near + then)
    return least, most


@inline_kernel
def room_at(st: State, mp: MapState, i: int, candidate: int, push: int, rate: int,
            working: int) -> float:
    """`crowding` after thrust (`push`) along `candidate`, or none it cannot make."""
    mi, m = mp.mi, mp.m
    va, vc = mi[i, VEL_A], mi[i, VEL_C]
    if not push:
        return crowding(st, mp, i, va, vc)[1]
    if not thrust_pushes(False, working, st.ci[i, BOX + FUEL_TANK], st.ci[i, NEEDS_FUEL] != 0,
                         va, vc, candidate):
        return -float(NO_ROOM)
    a, c = pushed(m, va, vc, candidate, rate)
    return crowding(st, mp, i, a, c)[1]


@lean_kernel
def make_room(st: State, mp: MapState, side: int, want: int, thrust: int, rate: int,
              facing: int, limit: int, working: int) -> tuple[int, int]:
    """R34: the facing and thrust craft `side` takes so that no friend comes within one
    blast and a hex of it over the coming turn (`helm.make_room`)."""
    mi = mp.mi
    va, vc = mi[side, VEL_A], mi[side, VEL_C]
    if thrust:
        va, vc = pushed(mp.m, va, vc, want, rate)
    if crowding(st, mp, side, va, vc)[0] > 0:
        return want, thrust
    asked = room_at(st, mp, side, want, thrust, rate, working)
    best, chosen_want, chosen_thrust = asked, want, thrust
    for push in range(2):
        if push != thrust:
            room = room_at(st, mp, side, want, push, rate, working)
            if room > best:
                best, chosen_want, chosen_thrust = room, want, push
    to_right, to_left = (want + 1) % 6, (want + 5) % 6
    right, left = -float(NO_ROOM), -float(NO_ROOM)
    if facing_after(facing, to_right, limit) == to_right:
        right = room_at(st, mp, side, to_right, 1, rate, working)
    if facing_after(facing, to_left, limit) == to_left:
        left = room_at(st, mp, side, to_left, 1, rate, working)
    if right > best and right > left:
        return to_right, 1
    if left > best and left > right:
        return to_left, 1
    return chosen_want, chosen_thrust


@lean_kernel
def maneuver(st: State, tb: Tables, mp: MapState, side: int, clock: int, order: int,
             thrust: int, crash: bool, threat: int) -> None:
    """2.3 on the map (`MapBattle.maneuver`): turn toward the facing that shows the target
    (R34: `threat` instead, when not -1) in the captain's direction, then thrust along
    the facing; room made from friends (R34)."""
    ci, f, mi, m = st.ci, tb.f, mp.mi, mp.m
    j = mi[side, TARGET]
    da, dc = mi[j, HEX_A] - mi[side, HEX_A], mi[j, HEX_C] - mi[side, HEX_C]
    facing = mi[side, FACING]
    is_base = ci[side, IS_BASE] != 0
    control = policy.has_control(st, side)
    limit = movement.rotation_limit(f, is_base, clock - ci[side, LAST_ROTATION], control,
                                    ci[side, EVASIVE] != 0, ci[side, CRASHED_AT] == clock - 1)
    running = mp.fleets[RUNNING_AWAY, ci[side, FLEET]] != 0
    if running:  # R33: away from the enemy, as fast as
        order, thrust, crash, threat = ASTERN, -1, False, -1  # it may (the reference's RUN)
    wanted = order if 1 <= order <= 6 else ci[side, DIRECTION]
    brake = movement.scoop_braking(wanted, thrust)
    if threat >= 0 and not thrust:  # R34: the side asked for, to the heaviest threat
        want = facing_for(wanted, mi[threat, HEX_A] - mi[side, HEX_A],
                          mi[threat, HEX_C] - mi[side, HEX_C], facing)
    else:
        want = facing_for(wanted, da, dc, facing)
    if thrust and not brake and (wanted == TOWARD or wanted == ASTERN):  # noqa: SIM109
        want = steady(mp, side, j, want)
    want = facing_after(facing, want, limit)
    needs_fuel = ci[side, NEEDS_FUEL] != 0
    working = movement.working_engines(ci[side, BOX + ENGINE], ci[side, BOX + FUEL_TANK],
                                       needs_fuel, is_base)
    size = movement.rate_size(ci[side, SIZE])
    va, vc = mi[side, VEL_A], mi[side, VEL_C]
    if brake:
        pushes = scoop_brakes(is_base, working, needs_fuel, va, vc, want)
    else:
        # Toward with the target ahead, away with it astern, a hexside either way.
        ahead = (relative_direction(want, da, dc) - (TOWARD if thrust > 0 else ASTERN)) % 6
        pushes = (ahead == 0 or ahead == 1 or ahead == 5) and thrust_pushes(
            is_base, working, ci[side, BOX + FUEL_TANK], needs_fuel, va, vc, want)
    if not pushes:
        thrust = 0
    manned = ci[side, MANNED] != 0
    normal = thrust_rate(m, manned, min(working, size), ci[side, SIZE])
    asked_want, asked_thrust = want, thrust
    if not running and not brake and not is_base:
        want, thrust = make_room(st, mp, side, want, thrust, normal, facing, limit, working)
    if want != facing:
        mi[side, FACING], ci[side, LAST_ROTATION] = want, clock
    ci[side, DIRECTION] = relative_direction(want, da, dc)
    crash = movement.may_crash(crash, thrust, control, ci[side, ECM])
    crash = crash and want == asked_want and thrust == asked_thrust  # room: never a crash
    fast = thrust_rate(m, manned, working, ci[side, SIZE])
    crash = crash and fast > normal
    ci[side, CRASHING] = crash
    if crash:
        ci[side, CRASHED_AT] = clock
    if thrust:
        rate = fast if crash else normal
        if brake:
            mi[side, VEL_A], mi[side, VEL_C] = scoop_braked(va, vc, want, rate)
        else:
            mi[side, VEL_A], mi[side, VEL_C] = pushed(m, va, vc, want, rate)
        if crash and not manned and movement.crash_mishap(f, dice.d6(st.rng) + dice.d6(st.rng)):
            ci[side, MISHAPS] += dice.roll(st.rng, f.crash_dice)
    ci[side, EVADING] = movement.evading(f, ci[side, EVASIVE] != 0, crash, working, size,
                                         thrust != 0)
