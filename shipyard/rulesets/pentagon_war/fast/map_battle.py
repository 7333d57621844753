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
    damage,
    dice,
    flight,
    gunnery,
    hexmap,
    judgement,
    lists,
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
    BAY_END,
    BAY_HEAD,
    BEAM_PUSH,
    BOX,
    BOXES_LEFT,
    CAUSE_ACID,
    CAUSE_CRASH,
    CAUSE_EXPLOSION,
    CHARGE,
    DESTROYED,
    DIRECTION,
    DIRECTIONAL_SCREENS,
    ECCM,
    ECM,
    EXPLOSION,
    F_CAUSE,
    F_TAKEN,
    F_TURN,
    FELL,
    FLEET,
    G_BOXES,
    GN_T,
    GONE,
    H_CAUSE,
    H_POINTS,
    H_SCREENED,
    H_SIDE,
    HEX_A,
    HEX_C,
    HITS_T,
    HOMING_ON,
    IMPULSE_KIND,
    IS_BASE,
    KILLED_BY,
    L_DAMAGE,
    L_IMPULSES,
    L_SIDE,
    LG_T,
    MISHAPS,
    N_BOLTS,
    N_DRONE_ORDERS,
    N_DRONES,
    N_GUNS,
    N_HITS,
    N_LINGERING,
    N_MISSILES,
    N_ORDERS,
    N_WEAPONS,
    NEEDS_FUEL,
    O_DOUBLE,
    O_PULL,
    ON_MAP,
    ORDERS_T,
    PARTNER,
    R_DRAWS,
    R_TURNS,
    R_WINNER,
    RANGE,
    REAR_STRUCK,
    RUNNING_AWAY,
    S_ACTING,
    S_AIMERS,
    S_ATTACKERS,
    S_BEFORE_A,
    S_BEFORE_C,
    S_BLAST,
    S_CELLS,
    S_CELLS_2,
    S_CHANGED,
    S_CRASH,
    S_ECCM,
    S_ECM,
    S_EVADE,
    S_FRESH,
    S_INVISIBLE,
    S_LOAD,
    S_NEED,
    S_NEXT,
    S_ORDER,
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
    W_STRENGTH,
    W_WORTH,
    WG_T,
)
from shipyard.rulesets.pentagon_war.rules import movement
from shipyard.rulesets.pentagon_war.rules.electronics import side_radar_short
from shipyard.rulesets.pentagon_war.rules.explosions import blast_points
from shipyard.rulesets.pentagon_war.rules.figures import (
    CAPACITOR,
    ENGINE,
    FUEL_TANK,
    MISSILE,
    SCREEN,
)
from shipyard.rulesets.pentagon_war.rules.screens import UNAIMED, screen_aim

FOUR_TO_ONE = 4  # a side this many times weaker in boxes left disengages (R33)

if TYPE_CHECKING:
    from shipyard.rulesets.pentagon_war.fast.arrays import Tables
    from shipyard.rulesets.pentagon_war.fast.fleet_state import MapState
    from shipyard.rulesets.pentagon_war.fast.state import Duelists, State


@inline_kernel
def in_battle(st: State, mp: MapState, k: int) -> bool:
    """Neither destroyed nor disengaged (`MapBattle.alive`)."""
    return bool(not st.ci[k, DESTROYED] and not mp.mi[k, GONE])


@inline_kernel
def acting(st: State, mp: MapState) -> int:
    """The craft still flying into `xs[S_ACTING]`, in order; how many."""
    n = 0
    for i in range(st.ci.shape[0]):
        if in_battle(st, mp, i):
            mp.xs[S_ACTING, n] = i
            n += 1
    return n


@inline_kernel
def view_target(st: State, mp: MapState, i: int) -> None:
    hexmap.view_pair(st, mp, i, mp.mi[i, TARGET])


@inline_kernel
def attackers(st: State, mp: MapState, i: int) -> int:
    """The craft flying whose target is `i` into `xs[S_ATTACKERS]`, in order; how many."""
    n = 0
    for k in range(st.ci.shape[0]):
        if in_battle(st, mp, k) and mp.mi[k, TARGET] == i:
            mp.xs[S_ATTACKERS, n] = k
            n += 1
    return n


# -- who fights whom (engine.fleet_orders) -----------------------------------------------------
@inline_kernel
def threat(st: State, k: int) -> int:
    """What a craft can still do to a fleet: its weapon and gun boxes, missiles and drones."""
    ci = st.ci
    total = 0
    for g in range(ci[k, N_WEAPONS]):
        total += st.it[k, WG_T, g, 2]  # W_BOXES
    for g in range(ci[k, N_GUNS]):
        total += st.it[k, GN_T, g, G_BOXES]
    return int(total + ci[k, BOX + MISSILE] + ci[k, BAY_END] - ci[k, BAY_HEAD] + ci[k, N_DRONES])


@inline_kernel
def enemy_of(st: State, mp: MapState, fleet: int, k: int) -> bool:
    """Whether `k` names a craft flying against `fleet`."""
    return bool(k >= 0 and in_battle(st, mp, k) and st.ci[k, FLEET] != fleet)


@lean_kernel
def retarget(st: State, mp: MapState) -> None:
    """Every craft whose target is gone gets one (`MapBattle.retarget`); what it had in
    flight against the old one is lost with it (R33)."""
    ci, mi, xs, worth = st.ci, mp.mi, mp.xs, mp.xw[W_WORTH]
    count = ci.shape[0]
    for i in range(count):
        xs[S_CHANGED, i] = 0
    for fleet in range(2):
        theirs, settled = 0, True
        for k in range(count):
            if not in_battle(st, mp, k):
                continue
            if ci[k, FLEET] != fleet:
                xs[S_ORDER, theirs] = k
                theirs += 1
            elif not enemy_of(st, mp, fleet, mi[k, TARGET]):
                settled = False
        if theirs == 0 or settled:
            continue
        order = xs[S_ORDER]
        for t in range(theirs):  # most threat per box left first; ties in order
            k = order[t]
            worth[k] = (threat(st, k) + 1) / max(1, judgement.total_boxes(st, k))
            xs[S_NEED, k] = judgement.total_boxes(st, k)
            xs[S_LOAD, k] = 0
            j = t
            while j > 0 and worth[order[j - 1]] < worth[k]:
                order[j] = order[j - 1]
                j -= 1
            order[j] = k
        for i in range(count):
            if in_battle(st, mp, i) and ci[i, FLEET] == fleet and enemy_of(st, mp, fleet,
                                                                            mi[i, TARGET]):
                xs[S_LOAD, mi[i, TARGET]] += threat(st, i)
        for i in range(count):
            if not in_battle(st, mp, i) or ci[i, FLEET] != fleet or enemy_of(st, mp, fleet,
                                                                      mi[i, TARGET]):
                continue
            chosen = order[0]
            for t in range(theirs):
                if xs[S_LOAD, order[t]] < xs[S_NEED, order[t]]:
                    chosen = order[t]
                    break
            xs[S_LOAD, chosen] += threat(st, i)
            mi[i, TARGET] = ci[i, HOMING_ON] = chosen  # its seekers home on it (2.9)
            xs[S_CHANGED, i] = 1
    # Both fleets chose from the battle as it stood: only now is anything in flight lost.
    for i in range(count):
        if xs[S_CHANGED, i]:
            ci[i, N_MISSILES] = ci[i, N_BOLTS] = ci[i, N_DRONES] = 0


@inline_kernel
def over(st: State, mp: MapState) -> bool:
    """Whether fewer than two fleets have a craft in the battle."""
    left0, left1 = False, False
    for k in range(st.ci.shape[0]):
        if in_battle(st, mp, k):
            if st.ci[k, FLEET] == 0:
                left0 = True
            else:
                left1 = True
    return not (left0 and left1)


# -- damage (2.7, R27) -------------------------------------------------------------------------
@lean_kernel
def explode(st: State, tb: Tables, mp: MapState, first: int, turn: int) -> None:
    """R27: every craft in reach takes the blast less 8 points a hex, on the side facing
    it; a craft it destroys blows up in turn, before the blast goes on (the reference's
    recursion, kept on a stack)."""
    ci, mi, xs, strength = st.ci, mp.mi, mp.xs, mp.xw[W_STRENGTH]
    count = ci.shape[0]
    if mi[first, FELL]:
        return
    depth = 0
    side = first
    while True:
        if side >= 0:  # it blows up: what it had in flight goes with it
            mi[side, FELL] = turn
            ci[side, N_MISSILES] = ci[side, N_DRONES] = ci[side, N_BOLTS] = 0
            xs[S_BLAST, depth], xs[S_NEXT, depth] = side, 0
            strength[depth] = damage.explosion_strength(st, tb, side)
            depth += 1
            side = -1
        if depth == 0:
            return
        blast, k = xs[S_BLAST, depth - 1], xs[S_NEXT, depth - 1]
        if k >= count:  # the craft in reach are done: then what flies (R27)
            map_flight.blast_objects(st, tb, mp, blast, strength[depth - 1])
            depth -= 1
            continue
        xs[S_NEXT, depth - 1] = k + 1
        if k == blast or ci[k, DESTROYED]:
            continue
        points = blast_points(tb.fv[EXPLOSION], strength[depth - 1], mi[blast, HEX_A],
                              mi[blast, HEX_C], mi[k, HEX_A], mi[k, HEX_C])
        if points <= 0:
            continue
        struck = hexmap.direction(mp, k, blast)
        n = ci[k, N_HITS]  # resolved at once, apart from the hits already taken
        st.it[k, HITS_T, n, H_POINTS] = points
        st.it[k, HITS_T, n, H_CAUSE] = CAUSE_EXPLOSION
        st.it[k, HITS_T, n, H_SCREENED] = 1
        st.it[k, HITS_T, n, H_SIDE] = struck
        damage.take_damage(st, tb, k, n, n + 1, struck)
        if ci[k, DESTROYED] and not mi[k, FELL]:
            side = k


@lean_kernel
def assess(st: State, tb: Tables, mp: MapState, turn: int) -> None:
    """Damage assessment: each craft's hits, crash mishaps, then explosions (2.7)."""
    ci, count = st.ci, st.ci.shape[0]
    for k in range(count):
        mp.xs[S_FRESH, k] = not ci[k, DESTROYED]
    for k in range(count):
        n = ci[k, N_HITS]
        ci[k, N_HITS] = 0
        if n:
            damage.take_damage(st, tb, k, 0, n, ci[k, DIRECTION])
        if ci[k, MISHAPS]:
            damage.interior_hits(st, tb, k, ci[k, MISHAPS], CAUSE_CRASH)
            ci[k, MISHAPS] = 0
    for k in range(count):
        if mp.xs[S_FRESH, k] and ci[k, DESTROYED]:
            explode(st, tb, mp, k, turn)


@inline_kernel
def pending(st: State) -> bool:
    for k in range(st.ci.shape[0]):  # noqa: SIM110 - a loop the kernel compiles
        if st.ci[k, N_HITS] or st.ci[k, MISHAPS]:
            return True
    return False


# -- turns -------------------------------------------------------------------------------------
@lean_kernel
def judge_running(st: State, mp: MapState) -> None:
    """R33: a side that has kept a quarter or less of what the other has kept (in boxes
    left of those it started with) disengages, and keeps running (`judge_running`)."""
    fleets = mp.fleets
    fleets[BOXES_LEFT, 0] = fleets[BOXES_LEFT, 1] = 0
    for k in range(st.ci.shape[0]):
        if in_battle(st, mp, k):
            fleets[BOXES_LEFT, st.ci[k, FLEET]] += judgement.total_boxes(st, k)
    for side in range(2):
        kept = fleets[BOXES_LEFT, side] * fleets[START_BOXES, 1 - side]
        theirs = fleets[BOXES_LEFT, 1 - side] * fleets[START_BOXES, side]
        if not fleets[RUNNING_AWAY, side] and 0 < kept * FOUR_TO_ONE <= theirs:
            fleets[RUNNING_AWAY, side] = 1


@lean_kernel
def disengage(st: State, mp: MapState, i: int) -> None:
    """R33: a running craft with an engine that works and a screen box up leaves the
    battle at the end of the turn, a full fuel tank emptied if it needs fuel
    (`MapBattle.disengage`)."""
    ci = st.ci
    needs_fuel = ci[i, NEEDS_FUEL] != 0
    engines = movement.working_engines(ci[i, BOX + ENGINE], ci[i, BOX + FUEL_TANK],
                                       needs_fuel, ci[i, IS_BASE] != 0)
    if engines <= 0 or ci[i, BOX + SCREEN] <= 0:
        return
    if needs_fuel:
        ci[i, BOX + FUEL_TANK] -= 1
    mp.mi[i, GONE] = 1
    ci[i, N_MISSILES] = ci[i, N_DRONES] = ci[i, N_BOLTS] = 0


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
            for g in range(ci[i, N_LINGERING]):
                lists.add_hit_on(st, i, st.it[i, LG_T, g, L_DAMAGE], CAUSE_ACID, False,
                                 st.it[i, LG_T, g, L_SIDE])  # R18: the side it clings to
                st.it[i, LG_T, g, L_IMPULSES] -= 1
            lists.drop_spent_lingering(st, i)


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
def heaviest(st: State, tb: Tables, mp: MapState, i: int, direction: int, thrust: int) -> int:
    """R34: the attacker craft `i` turns the side its captain asks for to instead of its
    target, or -1 (`MapBattle.heaviest`, `fleet_orders.heaviest`)."""
    ci, xs = st.ci, mp.xs
    if thrust or ci[i, IS_BASE] or not policy.has_control(st, i):
        return -1
    if direction == policy.best_direction(st, tb, i, int(st.rangef[RANGE])):
        return -1  # the guns' side: it stays on the target
    target, most, chosen = mp.mi[i, TARGET], -1, -1
    for b in range(attackers(st, mp, i)):
        k = xs[S_ATTACKERS, b]
        weight = threat(st, k)
        if weight > most or (weight == most and k == target):
            most, chosen = weight, k
    return -1 if chosen == target else chosen


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
