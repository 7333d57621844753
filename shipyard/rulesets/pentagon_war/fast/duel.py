"""The compiled duel loop (rules 2.1 and 3): `engine.duel`'s loop, many duels per call.

Each turn: capacitors recharge, captains allocate turn-start power, both craft roll radar
lock-on. Each impulse: rotation and thrust, movement, point defense, launching, fire
decisions and their announcement, screen reinforcement, direct fire, damage assessment.
`fight_batch` plays one duel per seed from the two fresh craft and writes each
result into a row of `out` (winner or -1, turns, damage dealt by each side, cause).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from shipyard.core.compiled import inline_kernel, lean_kernel
from shipyard.rulesets.pentagon_war.fast import aiming, damage, dice, flight, gunnery, lists, policy
from shipyard.rulesets.pentagon_war.fast.columns import (
    BAY_END,
    BAYS_T,
    BEAM_PUSH,
    BOX,
    CAN_INVISIBLE,
    CAUSE_ACID,
    CAUSE_RAYS,
    CHARGE,
    CRASHED_AT,
    CRASHING,
    DESTROYED,
    DIRECTION,
    ECCM,
    ECM,
    EVADING,
    EVASIVE,
    FIRED_IMPULSE,
    G_SHOTS,
    GN_T,
    IMPULSE_KIND,
    INVISIBILITY_COST,
    INVISIBLE,
    IS_BASE,
    KILLED_BY,
    L_DAMAGE,
    L_IMPULSES,
    L_SIDE,
    LAST_ROTATION,
    LG_T,
    LOCKED,
    MANNED,
    MISHAPS,
    N_BOLTS,
    N_DRONE_ORDERS,
    N_DRONES,
    N_GUNS,
    N_HITS,
    N_LINGERING,
    N_ORDERS,
    N_WEAPONS,
    NEEDS_FUEL,
    PARTNER,
    R_CAUSE,
    R_DEALT_A,
    R_DEALT_B,
    R_DRAWS,
    R_TURNS,
    R_WINNER,
    RADAR_END,
    RADAR_OFF,
    RADAR_T,
    RANGE,
    REAR_STRUCK,
    REINFORCEMENT,
    SCREENS_USED,
    SIZE,
    SPECIAL_ELECTRONICS,
    SPENT,
    START_RANGE,
    T_NONE,
    TAKEN_ARMOR,
    TAKEN_INTERIOR,
    TURN_KIND,
    TURN_LIMIT,
    VELOCITY,
    W_FIRED,
    WENT_INVISIBLE,
    WG_T,
)
from shipyard.rulesets.pentagon_war.fast.lists import foe
from shipyard.rulesets.pentagon_war.fast.thrust import engines_pushing
from shipyard.rulesets.pentagon_war.rules import movement, power
from shipyard.rulesets.pentagon_war.rules.figures import (
    AUX_CONTROL,
    CAPACITOR,
    ENGINE,
    FUEL_TANK,
    MAIN_CONTROL,
    SCREEN,
)

if TYPE_CHECKING:
    from shipyard.rulesets.pentagon_war.fast.arrays import Tables
    from shipyard.rulesets.pentagon_war.fast.state import Duelists, State


@lean_kernel
def copy2(target: np.ndarray, source: np.ndarray) -> None:
    for i in range(source.shape[0]):
        for j in range(source.shape[1]):
            target[i, j] = source[i, j]


@lean_kernel
def reset(st: State, pair: Duelists) -> None:
    """Fresh craft from the duelists, nothing in flight, the range of the scenario."""
    copy2(st.ci, pair.ci)
    copy2(st.cf, pair.cf)
    for side in range(pair.ci.shape[0]):  # the tracks and bays the craft start with
        for g in range(pair.ci[side, N_WEAPONS]):
            for c in range(pair.wg.shape[2]):
                st.it[side, WG_T, g, c] = pair.wg[side, g, c]
        for g in range(pair.ci[side, N_GUNS]):
            for c in range(pair.gn.shape[2]):
                st.it[side, GN_T, g, c] = pair.gn[side, g, c]
        for i in range(pair.ci[side, RADAR_END]):
            st.it[side, RADAR_T, i, 0] = pair.radar[side, i]
        for i in range(pair.ci[side, BAY_END]):
            st.it[side, BAYS_T, i, 0] = pair.bays[side, i]
    st.rangef[RANGE] = float(pair.scenario[START_RANGE])  # start speeds: in pair.cf


@lean_kernel
def apply_allocation(st: State, tb: Tables, side: int, ecm: int, eccm: int,
                     invisible: bool, radar: bool, evade: bool) -> None:
    """Turn-start power for radar invisibility, ECCM and ECM (2.2, 2.9), radar on or off,
    and evasion."""
    ci, f = st.ci, tb.f
    was_invisible = ci[side, INVISIBLE] != 0
    ci[side, INVISIBLE] = 0
    ci[side, RADAR_OFF] = not radar
    cost = ci[side, INVISIBILITY_COST]
    if power.invisibility_powered(invisible, ci[side, CAN_INVISIBLE] != 0, cost,
                                  policy.power(st, side)):
        ci[side, SPENT] += cost
        ci[side, INVISIBLE] = 1
    limit = power.electronics_limit(f, policy.radar_at(st, side, 0),
                                    ci[side, SPECIAL_ELECTRONICS] != 0)
    ci[side, ECCM] = power.electronics_points(eccm, limit, policy.power(st, side),
                                              f.eccm_point)
    ci[side, SPENT] += ci[side, ECCM] * f.eccm_point
    if not policy.has_control(st, side):
        ecm = 0  # 2.8: no ECM without control
    ci[side, ECM] = power.electronics_points(ecm, limit, policy.power(st, side), f.ecm_point)
    ci[side, SPENT] += ci[side, ECM] * f.ecm_point
    # 2.3: evasive maneuvering is declared for the turn; 2.8: not without control;
    # R24: not by a craft that cannot start moving.
    ci[side, EVASIVE] = evade and policy.has_control(st, side) and movement.may_evade(
        ci[side, IS_BASE] != 0, ci[side, BOX + ENGINE], ci[side, BOX + FUEL_TANK],
        ci[side, NEEDS_FUEL] != 0, st.cf[side, VELOCITY])
    # R22: radar on, ECM or ECCM void radar invisibility for the turn (its power is lost).
    if ci[side, INVISIBLE] and power.invisibility_void(radar, ci[side, ECM], ci[side, ECCM]):
        ci[side, INVISIBLE] = 0
    ci[side, WENT_INVISIBLE] = ci[side, INVISIBLE]
    if ci[side, INVISIBLE] and not was_invisible:
        flight.lose_tracks(st, tb, side)


@lean_kernel
def lock_on(st: State, tb: Tables, side: int) -> None:
    """R17, with ECM against ECCM (2.9); invisible craft cannot be locked on to."""
    ci, enemy = st.ci, foe(st, side)
    lock_on_short(st, tb, side, power.radar_short(tb.f, ci[enemy, ECM], ci[side, ECCM]))


@lean_kernel
def lock_on_short(st: State, tb: Tables, side: int, short: int) -> None:
    """R17 with the radar counted `short` boxes lower for the ECCM it lacks (2.9)."""
    ci, enemy = st.ci, foe(st, side)
    rating = policy.radar_at(st, side, short)
    sure = power.lock_needs_roll(tb.f, rating)
    if ci[side, RADAR_OFF] or ci[enemy, INVISIBLE]:
        ci[side, LOCKED] = 0
    elif sure != power.LOCK_ROLL:
        ci[side, LOCKED] = sure == power.LOCK_SURE
    else:
        ci[side, LOCKED] = power.locks(rating, dice.d6(st.rng))


@lean_kernel
def start_turn(st: State, tb: Tables, pol: np.ndarray, turn: int) -> None:
    ci = st.ci
    for side in range(2):
        ci[side, CHARGE], ci[side, SPENT] = ci[side, BOX + CAPACITOR], 0  # 2.2: recharge
    # Power is allocated in secret: both captains decide before either allocation applies.
    ecm0, eccm0, invisible0, radar0, evade0 = policy.allocate(st, tb, pol, 0, turn)
    ecm1, eccm1, invisible1, radar1, evade1 = policy.allocate(st, tb, pol, 1, turn)
    apply_allocation(st, tb, 0, ecm0, eccm0, invisible0, radar0, evade0)
    apply_allocation(st, tb, 1, ecm1, eccm1, invisible1, radar1, evade1)
    lock_on(st, tb, 0)
    lock_on(st, tb, 1)


@inline_kernel
def turn_over(st: State, tb: Tables, side: int) -> None:
    """What a turn's end resets on craft `side` (fire counts, beams, evasion, R19
    reinforcement, control-loss targets), and its cosmic rays by its velocity (2.3)."""
    ci = st.ci
    for g in range(ci[side, N_WEAPONS]):
        st.it[side, WG_T, g, W_FIRED] = 0
    for g in range(ci[side, N_GUNS]):
        st.it[side, GN_T, g, G_SHOTS] = 0
    st.cf[side, BEAM_PUSH] = 0.0
    ci[side, EVASIVE] = ci[side, EVADING] = 0
    ci[side, REINFORCEMENT] = 0  # R19: reinforcement lasts to the end of the turn
    ci[side, FIRED_IMPULSE] = -1
    ci[side, TURN_KIND] = T_NONE
    rays = movement.cosmic_rays(tb.f, st.cf[side, VELOCITY])
    if rays:
        lists.add_hit(st, side, rays, CAUSE_RAYS, True)


@lean_kernel
def end_turn(st: State, tb: Tables) -> None:
    ci = st.ci
    for side in range(2):
        turn_over(st, tb, side)
    if ci[0, N_HITS] or ci[1, N_HITS]:
        damage.assess(st, tb)


@inline_kernel
def maneuver(st: State, tb: Tables, side: int, clock: int, want: int, thrust: int,
             crash: bool) -> None:
    """Rotation and thrust as the rules allow them (2.3, 2.8)."""
    ci, f = st.ci, tb.f
    here = ci[side, DIRECTION]
    if not 1 <= want <= 6:
        want = here
    is_base = ci[side, IS_BASE] != 0
    control = ci[side, BOX + MAIN_CONTROL] + ci[side, BOX + AUX_CONTROL] > 0
    # 2.3: a base turns 60 degrees, 4 impulses after its last turn; 2.8: 60 degrees at
    # most without control; 2.3: likewise while evading and after crash acceleration.
    limit = movement.rotation_limit(f, is_base, clock - ci[side, LAST_ROTATION], control,
                                    ci[side, EVASIVE] != 0, ci[side, CRASHED_AT] == clock - 1)
    want = movement.turned(here, want, limit)
    if want != here:
        ci[side, DIRECTION], ci[side, LAST_ROTATION] = want, clock
    working = movement.working_engines(ci[side, BOX + ENGINE], ci[side, BOX + FUEL_TANK],
                                       ci[side, NEEDS_FUEL] != 0, is_base)
    size = movement.rate_size(ci[side, SIZE])
    # 3, 2.3, R20: thrust along the line of sight, with fuel unless a ramscoop may go without.
    engines = engines_pushing(st, side, want, thrust)
    if not engines:
        thrust = 0
    # 2.3, 2.8: no crash acceleration without control or with ECM powered.
    crash = movement.may_crash(crash, thrust, control, ci[side, ECM])
    normal = fast = 0.0
    manned = ci[side, MANNED]
    if thrust:  # 2.3: the rates scale with engines per size class
        normal = tb.accel[manned, engines, size, 0]
        fast = tb.accel[manned, engines, size, 1]
        crash = crash and fast > normal
    ci[side, CRASHING] = crash
    if crash:
        ci[side, CRASHED_AT] = clock
    if thrust:
        st.cf[side, VELOCITY] = movement.thrust_velocity(f, st.cf[side, VELOCITY], thrust,
                                                         fast if crash else normal,
                                                         movement.scoop_braking(want, thrust))
        if crash and not manned and movement.crash_mishap(f, dice.d6(st.rng)
                                                          + dice.d6(st.rng)):
            ci[side, MISHAPS] += dice.roll(st.rng, f.crash_dice)
    # 2.3: an evader needs an engine beyond those thrusting; none while crashing.
    ci[side, EVADING] = movement.evading(f, ci[side, EVASIVE] != 0, crash, working, size,
                                         thrust != 0)


@inline_kernel
def move(st: State, tb: Tables, pol: np.ndarray) -> None:
    for side in range(2):
        push = st.cf[side, BEAM_PUSH]
        if push and not st.ci[side, IS_BASE]:
            st.cf[side, VELOCITY] = movement.beam_velocity(tb.f, st.cf[side, VELOCITY], push)
    st.rangef[RANGE] = movement.closed_range(tb.f, st.rangef[RANGE], st.cf[0, VELOCITY],
                                             st.cf[1, VELOCITY])
    flight.move(st, tb, pol)


@inline_kernel
def reinforce(st: State, tb: Tables, side: int, want: int) -> None:
    """`want` more screen points for the rest of the turn (R19), within double the screens."""
    ci = st.ci
    points = power.reinforcement_points(tb.f, want, ci[side, BOX + SCREEN],
                                        ci[side, REINFORCEMENT], policy.power(st, side))
    if points:
        ci[side, SPENT] += points * tb.f.reinforcement_cost
        ci[side, REINFORCEMENT] += points


@lean_kernel
def play_impulse(st: State, tb: Tables, pol: np.ndarray, turn: int, impulse: int,
                 clock: int) -> None:
    ci = st.ci
    # Both captains decide before either craft turns or thrusts.
    w0, t0, c0 = policy.maneuver(st, tb, pol, 0, turn, impulse)
    w1, t1, c1 = policy.maneuver(st, tb, pol, 1, turn, impulse)
    maneuver(st, tb, 0, clock, w0, t0, c0)
    maneuver(st, tb, 1, clock, w1, t1, c1)
    move(st, tb, pol)
    if flight.busy(st):
        flight.point_defense(st, tb)
    m0, r0, d0 = policy.launch(st, tb, pol, 0)
    m1, r1, d1 = policy.launch(st, tb, pol, 1)
    if m0 or d0:
        flight.launch(st, tb, 0, m0, r0, d0)
    if m1 or d1:
        flight.launch(st, tb, 1, m1, r1, d1)
    # 2.1: the direct-fire decision covers the craft's weapons and its drones' alike, and
    # the announcement tells the target of both before it reinforces its screens.
    aiming.fire(st, tb, pol, 0, turn, impulse)
    aiming.fire(st, tb, pol, 1, turn, impulse)
    for side in range(2):
        ci[side, N_DRONE_ORDERS] = 0
        if ci[side, N_DRONES]:
            flight.drone_orders(st, tb, pol, side, turn, impulse)
    for side in range(2):
        arriving = 0
        if ci[side, N_HITS] or ci[1 - side, N_BOLTS]:
            arriving = flight.arriving(st, tb, side)
        # The announcing craft: the enemy alone (the one-row slice of its PARTNER column),
        # from the range between the two.
        want = aiming.reinforce(st, tb, side, ci[side:side + 1, PARTNER], 1,
                                st.rangef[RANGE:RANGE + 1], arriving,
                                impulse == tb.f.impulses)
        if want:
            reinforce(st, tb, side, want)
        if ci[side, N_LINGERING]:
            linger(st, side)
    for side in range(2):
        for k in range(ci[side, N_ORDERS]):
            gunnery.resolve(st, tb, side, k, turn, impulse, clock)
        if ci[side, N_DRONE_ORDERS]:
            flight.drone_fire(st, tb, side, turn)
    if ci[0, N_BOLTS] or ci[1, N_BOLTS]:
        flight.bolts_strike(st, tb)
    if ci[0, N_HITS] or ci[1, N_HITS] or ci[0, MISHAPS] or ci[1, MISHAPS]:
        damage.assess(st, tb)
    for side in range(2):  # 2.7: the screens meet the next impulse's damage afresh
        ci[side, SCREENS_USED], ci[side, REAR_STRUCK] = 0, 0
    ci[0, IMPULSE_KIND] = ci[1, IMPULSE_KIND] = T_NONE


@lean_kernel
def play(st: State, tb: Tables, pair: Duelists, key: np.uint64, out: np.ndarray) -> None:
    """One duel from fresh craft, on the dice of `key` (`core.compiled_dice.key_of`);
    its result into `out`."""
    reset(st, pair)
    dice.start(st.rng, key)
    pol = pair.pol
    ci = st.ci
    turn = 0
    clock = 0
    over = False
    for turn in range(1, pair.scenario[TURN_LIMIT] + 1):
        start_turn(st, tb, pol, turn)
        for impulse in range(1, tb.f.impulses + 1):
            clock += 1
            play_impulse(st, tb, pol, turn, impulse, clock)
            if ci[0, DESTROYED] or ci[1, DESTROYED]:
                over = True
                break
        if over:
            break
        end_turn(st, tb)
        if ci[0, DESTROYED] or ci[1, DESTROYED]:
            break
    winner, cause = -1, 0
    if ci[0, DESTROYED] and not ci[1, DESTROYED]:
        winner, cause = 1, ci[0, KILLED_BY]
    elif ci[1, DESTROYED] and not ci[0, DESTROYED]:
        winner, cause = 0, ci[1, KILLED_BY]
    out[R_WINNER], out[R_TURNS], out[R_CAUSE] = winner, turn, cause
    out[R_DEALT_A] = ci[1, TAKEN_ARMOR] + ci[1, TAKEN_INTERIOR]  # past the screens
    out[R_DEALT_B] = ci[0, TAKEN_ARMOR] + ci[0, TAKEN_INTERIOR]
    out[R_DRAWS] = st.rng[1]


@lean_kernel
def fight_batch(st: State, tb: Tables, pair: Duelists, keys: np.ndarray,
                out: np.ndarray) -> None:
    """Duel `k` on the dice of `keys[k]` alone, its result into `out[k]`."""
    for k in range(keys.shape[0]):
        play(st, tb, pair, keys[k], out[k])


@inline_kernel
def linger(st: State, side: int) -> None:
    """2.4: the acid gum clinging to `side` eats at it again, screens not meeting it
    (`Duel.linger`); spent gum drops off."""
    for i in range(st.ci[side, N_LINGERING]):
        lists.add_hit_on(st, side, st.it[side, LG_T, i, L_DAMAGE], CAUSE_ACID, False,
                         st.it[side, LG_T, i, L_SIDE])  # R18: the side it clings to
        st.it[side, LG_T, i, L_IMPULSES] -= 1
    lists.drop_spent_lingering(st, side)
