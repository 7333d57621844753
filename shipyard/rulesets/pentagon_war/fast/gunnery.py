"""Fire orders checked against the rules and resolved, compiled (rules 2.2, 2.4, 2.8).

The compiled twin of `engine.gunnery` and of the gun fire in `engine.flight`: refuse what
the rules forbid (arcs, shots per turn, power, control loss, crash acceleration), pay
the power, roll each weapon box on its own and hand what it did to the hit lists. The
limits and tables are rule functions (`rules.flight`, `rules.fire`) the reference calls
too; the checks' order and the dice are this module's and the reference's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from shipyard.core.compiled import lean_kernel
from shipyard.rulesets.pentagon_war.fast import fire, flight, lists, policy
from shipyard.rulesets.pentagon_war.fast.columns import (
    B_ALIVE,
    B_EROSION,
    BEAM_PUSH,
    BLF_T,
    BLI_T,
    CAUSE_ACID,
    CAUSE_BEAM,
    CAUSE_ELECTRON,
    CAUSE_LASER,
    CAUSE_PROTON,
    CAUSE_RADIATION,
    COVERING,
    CRASHING,
    D_ALIVE,
    D_DISTANCE,
    DESTROYED,
    DIRECTION,
    DRF_T,
    DRI_T,
    EVADING,
    EVASIVE,
    FIRED_IMPULSE,
    G_ARCS,
    G_BOXES,
    G_LAST_IMPULSE,
    G_LAST_TURN,
    G_SHOTS,
    G_TYPE,
    GN_T,
    IMPULSE_INDEX,
    IMPULSE_KIND,
    INVISIBLE,
    LOCKED,
    M_ALIVE,
    M_DISTANCE,
    MSF_T,
    MSI_T,
    N_BOLTS,
    N_DRONES,
    N_GUNS,
    N_MISSILES,
    N_WEAPONS,
    O_BOXES,
    O_DOUBLE,
    O_GUN,
    O_INDEX,
    O_PULL,
    O_TARGET,
    O_TARGET_INDEX,
    ORDERS_T,
    RANGE,
    SIZE,
    SPENT,
    T_BOLT,
    T_CRAFT,
    T_DRONE,
    T_MISSILE,
    T_NONE,
    TURN_INDEX,
    TURN_KIND,
    W_ARCS,
    W_BOXES,
    W_FIRED,
    W_TYPE,
    WG_T,
)
from shipyard.rulesets.pentagon_war.fast.lists import foe
from shipyard.rulesets.pentagon_war.rules import flight as flight_rules
from shipyard.rulesets.pentagon_war.rules.figures import (
    ACID,
    BEAM,
    COSTS,
    LIQUID,
    PROTON,
    RADIATION,
    RESTS,
)
from shipyard.rulesets.pentagon_war.rules.fire import bolt_erosion, firing_range

if TYPE_CHECKING:
    from shipyard.rulesets.pentagon_war.fast.arrays import Tables
    from shipyard.rulesets.pentagon_war.fast.state import State

CAUSE_OF_KIND = (CAUSE_LASER, CAUSE_ELECTRON, CAUSE_PROTON, CAUSE_BEAM, CAUSE_RADIATION,
                 CAUSE_ACID)  # engine.words.cause_of, by kind code


@lean_kernel
def strike_craft(st: State, tb: Tables, side: int, kind: int, damage: int) -> None:
    """One weapon's hit on the enemy craft (R14: each its own hit); acid gum lingers (2.4)."""
    if damage > 0:
        enemy = foe(st, side)
        lists.send_hit(st, enemy, damage, CAUSE_OF_KIND[kind], True)
        if kind == ACID and tb.f.acid_lingering and tb.f.acid_lingering_impulses:
            lists.add_lingering(st, enemy, tb.f.acid_lingering, tb.f.acid_lingering_impulses,
                                st.ci[enemy, DIRECTION])  # R18: it clings to that side


@lean_kernel
def fire_gun(st: State, tb: Tables, side: int, g: int, turn: int, clock: int) -> bool:
    """One gun shot at the enemy craft, if its rests and boxes allow (2.2)."""
    ci, gun, enemy = st.ci, st.it[side, GN_T, g], foe(st, side)
    hexes = int(st.rangef[RANGE])
    if gun[G_SHOTS] or ci[enemy, DESTROYED]:
        return False
    kind = gun[G_TYPE]
    if kind == LIQUID:
        if (not flight_rules.gun_rested(gun[G_LAST_TURN], turn, tb.kinds[RESTS, kind])
                or not flight_rules.liquid_metal_ready(tb.f, gun[G_BOXES], hexes)):
            return False
        gun[G_BOXES] -= tb.f.metal_boxes
        if not flight.seeker_lost(st, tb, side):
            lists.add_bolt(st, side, st.rangef[RANGE])
    else:
        if kind == RADIATION:
            if not flight_rules.gun_rested(gun[G_LAST_TURN], turn, tb.kinds[RESTS, kind]):
                return False
        else:
            if not flight_rules.acid_gum_ready(tb.f, clock, gun[G_LAST_IMPULSE], gun[G_BOXES]):
                return False
            gun[G_BOXES] -= tb.f.acid_boxes
        evaders = int(ci[side, EVADING]) + int(ci[enemy, EVADING])
        effective = firing_range(tb.f, hexes, ci[side, LOCKED] != 0)
        _, damage, _ = fire.volley(tb, st.rng, kind, effective, ci[enemy, SIZE], evaders)
        strike_craft(st, tb, side, kind, damage)
    gun[G_LAST_TURN], gun[G_LAST_IMPULSE] = turn, clock
    gun[G_SHOTS] += 1
    return True


@lean_kernel
def target_of(st: State, tb: Tables, side: int, target: int,
              index: int) -> tuple[bool, int, int]:
    """Whether an order's target is there, its range in hexes and its size class."""
    enemy = foe(st, side)
    if target == T_CRAFT:
        if st.ci[enemy, DESTROYED]:
            return False, 0, 0
        return True, int(st.rangef[RANGE]), int(st.ci[enemy, SIZE])
    if target == T_DRONE:
        if 0 <= index < st.ci[enemy, N_DRONES] and st.it[enemy, DRI_T, index, D_ALIVE]:
            return True, int(abs(st.ft[enemy, DRF_T, index, D_DISTANCE])), tb.f.drone_size
        return False, 0, 0
    if target == T_MISSILE:
        if 0 <= index < st.ci[enemy, N_MISSILES] and st.it[enemy, MSI_T, index, M_ALIVE]:
            return True, int(st.ft[enemy, MSF_T, index, M_DISTANCE]), tb.f.missile_size
        return False, 0, 0
    if 0 <= index < st.ci[enemy, N_BOLTS] and st.it[enemy, BLI_T, index, B_ALIVE]:
        return True, int(st.ft[enemy, BLF_T, index, 0]), tb.f.bolt_size
    return False, 0, 0


@lean_kernel
def attach_beam(st: State, tb: Tables, side: int, pull: bool, double: bool) -> None:
    """2.4: an attached beam pushes or pulls like one engine (two with power)."""
    sign = 1.0 if pull else -1.0
    for body in (foe(st, side), side):  # the beamer feels the same force
        st.cf[body, BEAM_PUSH] += sign * tb.fv[int(double), st.ci[body, SIZE]]


@lean_kernel
def resolve(st: State, tb: Tables, side: int, k: int, turn: int, impulse: int,
            clock: int) -> None:
    """Check fire order `k` of `side` against the rules and resolve it (gunnery)."""
    ci, order, enemy = st.ci, st.it[side, ORDERS_T, k], foe(st, side)
    control = policy.has_control(st, side)
    # 2.8: without control, all direct fire in one impulse, at one target per turn.
    if not control and ci[side, FIRED_IMPULSE] != -1 and ci[side, FIRED_IMPULSE] != impulse:
        return
    target, target_index = order[O_TARGET], order[O_TARGET_INDEX]
    # 2.8, 2.3: one target per turn without control, and while evading.
    if (not control or ci[side, EVASIVE]) and ci[side, TURN_KIND] != T_NONE and (
            ci[side, TURN_KIND] != target or ci[side, TURN_INDEX] != target_index):
        return
    # 2.3: no more than one target in an impulse of crash acceleration.
    if ci[side, CRASHING] and ci[side, IMPULSE_KIND] != T_NONE and (
            ci[side, IMPULSE_KIND] != target or ci[side, IMPULSE_INDEX] != target_index):
        return
    arcs = tb.seqs[COVERING, ci[side, DIRECTION]]  # R13: the two arcs either side of the enemy
    index = order[O_INDEX]
    if order[O_GUN]:
        if not 0 <= index < ci[side, N_GUNS]:
            return
        if not st.it[side, GN_T, index, G_ARCS] & arcs or target != T_CRAFT:
            return
        if fire_gun(st, tb, side, index, turn, clock):
            ci[side, TURN_KIND] = ci[side, IMPULSE_KIND] = target
            ci[side, TURN_INDEX] = ci[side, IMPULSE_INDEX] = target_index
            ci[side, FIRED_IMPULSE] = impulse
            ci[side, INVISIBLE] = 0  # R22: firing gives it away for the rest of the turn
        return
    if not 0 <= index < ci[side, N_WEAPONS]:
        return
    group = st.it[side, WG_T, index]
    unfired = flight_rules.secondary_shots_left(tb.f, group[W_BOXES], group[W_FIRED])  # 2.2
    if unfired <= 0 or not group[W_ARCS] & arcs:
        return
    kind = group[W_TYPE]
    power = policy.power(st, side)
    if kind == BEAM and target == T_BOLT:
        # 2.4: a beam may shoot at a bolt as a proton cannon, even without control.
        if ci[side, CRASHING]:
            return
        kind, cost, boxes = PROTON, tb.f.beam_at_bolt, 1
    elif kind == BEAM:
        if target != T_CRAFT or ci[side, CRASHING] or not control:
            return
        cost = tb.f.beam_double if order[O_DOUBLE] else 0
        boxes = 1
    else:
        if target == T_BOLT and kind != PROTON:
            return
        cost = tb.kinds[COSTS, kind]  # 2.2: power per box fired
        wanted = min(order[O_BOXES], unfired) if order[O_BOXES] > 0 else unfired
        boxes = min(wanted, power // cost) if cost else wanted
    if boxes <= 0 or cost * boxes > power:
        return
    there, hexes, size = target_of(st, tb, side, target, target_index)
    if not there:
        return
    evaders = int(ci[side, EVADING]) + int(ci[enemy, EVADING] != 0 and target == T_CRAFT)
    effective = firing_range(tb.f, hexes, ci[side, LOCKED] != 0)
    ci[side, SPENT] += cost * boxes
    group[W_FIRED] += boxes
    ci[side, TURN_KIND] = ci[side, IMPULSE_KIND] = target
    ci[side, TURN_INDEX] = ci[side, IMPULSE_INDEX] = target_index
    ci[side, FIRED_IMPULSE] = impulse
    ci[side, INVISIBLE] = 0  # R22: firing gives it away for the rest of the turn
    if kind == BEAM:  # one beam per order: its own roll
        hit, damage, kill = fire.volley(tb, st.rng, kind, effective, size, evaders)
        if hit:
            attach_beam(st, tb, side, order[O_PULL] != 0, order[O_DOUBLE] != 0)
        return
    # 2.4: every weapon box fires on its own roll.
    any_hit, any_kill, total = False, False, 0
    for _ in range(boxes):
        hit, damage, kill = fire.volley(tb, st.rng, kind, effective, size, evaders)
        any_hit, any_kill, total = any_hit or hit, any_kill or kill, total + damage
        if target == T_CRAFT:
            strike_craft(st, tb, side, kind, damage)
    if target == T_DRONE:
        if any_kill:
            st.it[enemy, DRI_T, target_index, D_ALIVE] = 0
    elif target == T_MISSILE:
        if any_kill:  # shot down short of its target's hex: it harms nothing there
            st.it[enemy, MSI_T, target_index, M_ALIVE] = 0
    elif target == T_BOLT and any_hit:
        st.it[enemy, BLI_T, target_index, B_EROSION] += bolt_erosion(tb.f, total)
