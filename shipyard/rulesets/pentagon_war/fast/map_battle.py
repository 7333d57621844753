"""The compiled fleet battle on the hex map: `engine.map_battle.MapBattle`, many per call.

The duel's loop over any number of craft, with the map as its geometry: every step of
an impulse views the pair that acts (`hexmap.view_pair`) and then calls the duel's own kernels
(the captains of `policy` and `aiming`, `gunnery`, `flight`, `damage`), which name the
other craft of the pair with `lists.foe`. What the map adds is here, step for step as
the reference has it: targets allotted without overkill (`engine.fleet_orders`), each
side's ECM and ECCM averaged (R28), blasts striking every craft in reach (R27), movement
on the impulse chart. `fight_batch` plays one battle per seed from fresh craft and
writes its result (winner or -1, turns, dice drawn) and every craft's fate.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from shipyard.core.compiled import inline_kernel, lean_kernel
from shipyard.rulesets.pentagon_war.fast import (
    aiming,
    dice,
    flight,
    gunnery,
    hexmap,
    judgement,
    map_flight,
    policy,
)
from shipyard.rulesets.pentagon_war.fast import duel as track
from shipyard.rulesets.pentagon_war.fast.columns import (
    AIM,
    B_BEAMER,
    B_DOUBLE,
    B_PULL,
    B_TARGET,
    BEAM_PUSH,
    BOX,
    CHARGE,
    DESTROYED,
    DIRECTIONAL_SCREENS,
    ECCM,
    ECM,
    F_CAUSE,
    F_TAKEN,
    F_TURN,
    FELL,
    FLEET,
    H_POINTS,
    H_SCREENED,
    HEX_A,
    HEX_C,
    HITS_T,
    IMPULSE_KIND,
    KILLED_BY,
    N_BOLTS,
    N_DRONE_ORDERS,
    N_DRONES,
    N_HITS,
    N_LINGERING,
    N_MISSILES,
    N_ORDERS,
    O_DOUBLE,
    O_PULL,
    ON_MAP,
    ORDERS_T,
    PARTNER,
    R_DRAWS,
    R_TURNS,
    R_WINNER,
    REAR_STRUCK,
    RUNNING_AWAY,
    S_ACTING,
    S_AIMERS,
    S_ATTACKERS,
    S_BEFORE_A,
    S_BEFORE_C,
    S_CELLS,
    S_CELLS_2,
    S_CRASH,
    S_ECCM,
    S_ECM,
    S_EVADE,
    S_INVISIBLE,
    S_RADAR,
    S_THREAT,
    S_THRUST,
    S_WANT,
    S_WEIGHTS,
    SCREENS_USED,
    SPENT,
    START_BOXES,
    T_NONE,
    TAKEN_ARMOR,
    TAKEN_INTERIOR,
    TARGET,
    TURN_LIMIT,
    VEL_A,
    VEL_C,
    VELOCITY,
    W_HEXES,
)
from shipyard.rulesets.pentagon_war.fast.fleet_orders import (
    acting,
    attackers,
    disengage,
    heaviest,
    in_battle,
    judge_running,
    over,
    retarget,
    view_target,
)
from shipyard.rulesets.pentagon_war.fast.map_damage import assess, pending
from shipyard.rulesets.pentagon_war.rules.electronics import side_radar_short
from shipyard.rulesets.pentagon_war.rules.figures import (
    CAPACITOR,
)
from shipyard.rulesets.pentagon_war.rules.screens import UNAIMED, screen_aim

if TYPE_CHECKING:
    from shipyard.rulesets.pentagon_war.fast.arrays import Tables
    from shipyard.rulesets.pentagon_war.fast.fleet_state import MapState
    from shipyard.rulesets.pentagon_war.fast.state import Duelists, State


# -- turns -------------------------------------------------------------------------------------
@lean_kernel
def jamming(st: State, tb: Tables, mp: MapState, i: int) -> int:
    """R28: each side's ECM and ECCM are the averages over its craft still flying."""
    ci, ecm, eccm = st.ci, mp.xs[S_CELLS], mp.xs[S_CELLS_2]
    enemies, friends = 0, 0
    for k in range(ci.shape[0]):
        if not in_battle(st, mp, k):
            continue
        if ci[k, FLEET] != ci[i, FLEET]:
            ecm[enemies] = ci[k, ECM]
            enemies += 1
        else:
            eccm[friends] = ci[k, ECCM]
            friends += 1
    return int(side_radar_short(tb.f, ecm, enemies, eccm, friends))


@lean_kernel
def start_turn(st: State, tb: Tables, mp: MapState, pol: np.ndarray, turn: int) -> None:
    ci, xs = st.ci, mp.xs
    hexmap.start_turn(mp, turn)
    map_flight.start_turn(st, mp, turn)
    judge_running(st, mp)
    for k in range(ci.shape[0]):
        ci[k, CHARGE], ci[k, SPENT] = ci[k, BOX + CAPACITOR], 0  # 2.2: recharge
    n = acting(st, mp)
    # Power is allocated in secret: every captain decides before any allocation applies.
    for a in range(n):
        i = xs[S_ACTING, a]
        view_target(st, mp, i)
        xs[S_ECM, a], xs[S_ECCM, a], xs[S_INVISIBLE, a], xs[S_RADAR, a], xs[S_EVADE, a] = \
            policy.allocate(st, tb, pol, i, turn)
    for a in range(n):
        track.apply_allocation(st, tb, xs[S_ACTING, a], xs[S_ECM, a], xs[S_ECCM, a],
                               xs[S_INVISIBLE, a] != 0, xs[S_RADAR, a] != 0,
                               xs[S_EVADE, a] != 0)
    for a in range(n):
        i = xs[S_ACTING, a]
        view_target(st, mp, i)
        track.lock_on_short(st, tb, i, jamming(st, tb, mp, i))


@lean_kernel
def end_turn(st: State, tb: Tables, mp: MapState, turn: int) -> None:
    ci = st.ci
    mp.counts[0] = 0  # 2.4: a beam holds to the end of the turn
    for k in range(ci.shape[0]):
        st.cf[k, VELOCITY] = hexmap.speed(mp, k)  # 2.3: cosmic rays by the craft's speed
    for k in range(ci.shape[0]):
        track.turn_over(st, tb, k)
    for k in range(ci.shape[0]):
        if ci[k, N_HITS]:
            assess(st, tb, mp, turn)
            break
    n = acting(st, mp)
    for a in range(n):
        i = mp.xs[S_ACTING, a]
        if mp.fleets[RUNNING_AWAY, ci[i, FLEET]]:
            disengage(st, mp, i)
    if not over(st, mp):
        retarget(st, mp)


# -- one impulse -------------------------------------------------------------------------------
@lean_kernel
def flight_and_defense(st: State, tb: Tables, mp: MapState, pol: np.ndarray, n: int,
                       turn: int, impulse: int) -> None:
    """What flies moves (missiles and bolts homing across the map, R30, drones flying as
    craft, R31); then 2.5, each craft's point defense against what reached it."""
    ci, xs = st.ci, mp.xs
    for a in range(n):
        i = xs[S_ACTING, a]
        if ci[i, N_MISSILES] or ci[i, N_DRONES] or ci[i, N_BOLTS]:
            view_target(st, mp, i)
            if ci[i, N_MISSILES]:
                map_flight.home_missiles(st, tb, mp, i, impulse)
            if ci[i, N_BOLTS]:
                map_flight.home_bolts(st, tb, mp, i, impulse)
            if ci[i, N_DRONES]:
                map_flight.move_drones(st, tb, pol, mp, i, turn, impulse)
    for a in range(n):
        i = xs[S_ACTING, a]
        for b in range(attackers(st, mp, i)):
            k = xs[S_ATTACKERS, b]
            if ci[k, N_MISSILES] or ci[k, N_DRONES] or hexmap.hexes(mp, i, k) < 1:
                hexmap.view_pair(st, mp, i, k)
                flight.defend(st, tb, i)


@lean_kernel
def announce_and_reinforce(st: State, tb: Tables, mp: MapState, n: int, last: bool) -> None:
    """What each craft learns of its attackers' fire before reinforcing its screens (2.1),
    and the acid gum clinging to it."""
    ci, xs = st.ci, mp.xs
    for a in range(n):
        i = xs[S_ACTING, a]
        view_target(st, mp, i)
        arriving = 0
        for h in range(ci[i, N_HITS]):
            if st.it[i, HITS_T, h, H_SCREENED]:
                arriving += st.it[i, HITS_T, h, H_POINTS]
        many = attackers(st, mp, i)
        for b in range(many):
            arriving += flight.bolts_arriving(st, tb, xs[S_ATTACKERS, b])
            mp.xw[W_HEXES, b] = hexmap.hexes(mp, xs[S_ATTACKERS, b], i)  # its fire's range
        if ci[i, DIRECTIONAL_SCREENS]:
            mp.mi[i, AIM] = screen_aim_at(st, mp, i, many)
        want = aiming.reinforce(st, tb, i, xs[S_ATTACKERS], many, mp.xw[W_HEXES], arriving,
                                last)
        if want:
            track.reinforce(st, tb, i, want)
        if ci[i, N_LINGERING]:
            track.linger(st, i)


@inline_kernel
def add_beam(mp: MapState, beamer: int, target: int, pull: int, double: int) -> None:
    n = mp.counts[0]
    mp.beams[n, B_BEAMER], mp.beams[n, B_TARGET] = beamer, target
    mp.beams[n, B_PULL], mp.beams[n, B_DOUBLE] = pull, double
    mp.counts[0] = n + 1


@lean_kernel
def screen_aim_at(st: State, mp: MapState, i: int, many: int) -> int:
    """R29: where craft `i` aims its directional screens once fire is announced
    (`HexMap.screen_aim`): along a line through every attacker announcing fire, else at
    the one announcing the most (the first of equals), else at its target."""
    ci, mi, xs = st.ci, mp.mi, mp.xs
    n = 0
    for b in range(many):
        k = xs[S_ATTACKERS, b]
        weight = ci[k, N_ORDERS] + ci[k, N_DRONE_ORDERS]
        if weight:
            xs[S_AIMERS, n], xs[S_WEIGHTS, n] = k, weight
            xs[S_CELLS, n], xs[S_CELLS_2, n] = mi[k, HEX_A], mi[k, HEX_C]
            n += 1
    if n == 0:
        return int(mi[i, TARGET])
    lined = screen_aim(mi[i, HEX_A], mi[i, HEX_C], xs[S_CELLS], xs[S_CELLS_2], n)
    if lined != UNAIMED:
        return int(xs[S_AIMERS, lined])
    best = 0
    for b in range(1, n):
        if xs[S_WEIGHTS, b] > xs[S_WEIGHTS, best]:
            best = b
    return int(xs[S_AIMERS, best])


@lean_kernel
def play_impulse(st: State, tb: Tables, mp: MapState, pol: np.ndarray, turn: int,
                 impulse: int, clock: int) -> None:
    ci, mi, xs = st.ci, mp.mi, mp.xs
    n = acting(st, mp)
    for a in range(n):  # the reference lists the pairs first, viewing each
        view_target(st, mp, xs[S_ACTING, a])
    # Every captain decides before any craft turns or thrusts.
    for a in range(n):
        i = xs[S_ACTING, a]
        view_target(st, mp, i)
        xs[S_WANT, a], xs[S_THRUST, a], xs[S_CRASH, a] = policy.maneuver(st, tb, pol, i, turn,
                                                                         impulse)
        xs[S_THREAT, a] = heaviest(st, tb, mp, i, xs[S_WANT, a], xs[S_THRUST, a])
    for a in range(n):
        i = xs[S_ACTING, a]
        xs[S_BEFORE_A, a], xs[S_BEFORE_C, a] = mi[i, VEL_A], mi[i, VEL_C]
    for a in range(n):
        hexmap.maneuver(st, tb, mp, xs[S_ACTING, a], clock, xs[S_WANT, a], xs[S_THRUST, a],
                        xs[S_CRASH, a] != 0, xs[S_THREAT, a])
    for b in range(mp.counts[0]):  # 2.4: each beam attached this turn moves both bodies
        beamer, target = mp.beams[b, B_BEAMER], mp.beams[b, B_TARGET]
        if not (ci[beamer, DESTROYED] or ci[target, DESTROYED]):
            hexmap.beam(st, mp, beamer, target, mp.beams[b, B_PULL] != 0,
                        mp.beams[b, B_DOUBLE] != 0)
    for a in range(n):
        hexmap.move(mp, xs[S_ACTING, a], xs[S_BEFORE_A, a], xs[S_BEFORE_C, a], turn, impulse)
    flight_and_defense(st, tb, mp, pol, n, turn, impulse)
    for a in range(n):
        i = xs[S_ACTING, a]
        view_target(st, mp, i)
        m, r, d = policy.launch(st, tb, pol, i)
        if m or d:
            first, carried = ci[i, N_MISSILES], ci[i, N_DRONES]
            flight.launch(st, tb, i, m, r, d)
            map_flight.place_missiles(st, mp, i, first)
            map_flight.launched(st, tb, mp, i, carried, turn)
    # 2.1: fire is decided and announced before the targets reinforce their screens.
    for a in range(n):
        i = xs[S_ACTING, a]
        view_target(st, mp, i)
        aiming.fire(st, tb, pol, i, turn, impulse)
        ci[i, N_DRONE_ORDERS] = 0
        if ci[i, N_DRONES]:
            flight.drone_orders(st, tb, pol, i, turn, impulse)
    announce_and_reinforce(st, tb, mp, n, impulse == tb.f.impulses)
    for a in range(n):
        i = xs[S_ACTING, a]
        view_target(st, mp, i)
        for k in range(ci[i, N_ORDERS]):
            pulled, first = st.cf[i, BEAM_PUSH], ci[i, N_BOLTS]
            gunnery.resolve(st, tb, i, k, turn, impulse, clock)
            if ci[i, N_BOLTS] > first:
                map_flight.place_bolts(st, mp, i, first)
            if st.cf[i, BEAM_PUSH] != pulled:  # 2.4: a beam attached, held for the turn
                order = st.it[i, ORDERS_T, k]
                add_beam(mp, i, ci[i, PARTNER], order[O_PULL], order[O_DOUBLE])
        if ci[i, N_DRONE_ORDERS]:
            flight.drone_fire(st, tb, i, turn)
        if ci[i, N_BOLTS]:
            flight.bolts_land(st, tb, i)
    if pending(st):
        assess(st, tb, mp, turn)
    for k in range(ci.shape[0]):  # 2.7: the screens meet the next impulse's damage afresh
        ci[k, SCREENS_USED], ci[k, REAR_STRUCK] = 0, 0
        ci[k, IMPULSE_KIND] = T_NONE
    if not over(st, mp):
        retarget(st, mp)


@lean_kernel
def play(st: State, tb: Tables, mp: MapState, fleet: Duelists, key: np.uint64,
         out: np.ndarray, fates: np.ndarray) -> None:
    """One battle from fresh craft on the dice of `key`; its result into `out`, every
    craft's fate into `fates`."""
    track.reset(st, fleet)
    track.copy2(mp.mi, mp.start)
    for k in range(st.ci.shape[0]):
        st.ci[k, ON_MAP] = 1  # R31: its drones fly on the map
    dice.start(st.rng, key)
    pol, ci = fleet.pol, st.ci
    mp.fleets[:, :] = 0
    mp.counts[0] = 0
    for k in range(ci.shape[0]):  # R33: what each fleet starts with
        mp.fleets[START_BOXES, ci[k, FLEET]] += judgement.total_boxes(st, k)
    retarget(st, mp)
    turn, clock = 0, 0
    for turn in range(1, fleet.scenario[TURN_LIMIT] + 1):
        start_turn(st, tb, mp, pol, turn)
        done = False
        for impulse in range(1, tb.f.impulses + 1):
            clock += 1
            play_impulse(st, tb, mp, pol, turn, impulse, clock)
            if over(st, mp):
                done = True
                break
        if done:
            break
        end_turn(st, tb, mp, turn)
        if over(st, mp):
            break
    winner = -1
    for k in range(ci.shape[0]):
        if in_battle(st, mp, k):
            if winner == -1:
                winner = ci[k, FLEET]
            elif winner != ci[k, FLEET]:
                winner = -2
    out[R_WINNER], out[R_TURNS], out[R_DRAWS] = max(winner, -1), turn, st.rng[1]
    for k in range(ci.shape[0]):
        gone = ci[k, DESTROYED] != 0
        fates[k, F_TURN] = mp.mi[k, FELL] if gone else 0
        fates[k, F_CAUSE] = ci[k, KILLED_BY] if gone else 0
        fates[k, F_TAKEN] = ci[k, TAKEN_ARMOR] + ci[k, TAKEN_INTERIOR]


@lean_kernel
def fight_batch(st: State, tb: Tables, mp: MapState, fleet: Duelists, keys: np.ndarray,
                out: np.ndarray, fates: np.ndarray) -> None:
    """Battle `k` on the dice of `keys[k]` alone, its result into `out[k]`, `fates[k]`."""
    for k in range(keys.shape[0]):
        play(st, tb, mp, fleet, keys[k], out[k], fates[k])
