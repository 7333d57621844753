"""The compiled captains' fire orders and screen reinforcement.

A port of `Policy.fire`, `Policy.reinforce` and `engine.aiming`: each secondary weapon
box goes where it is worth most (at the drone or missile whose expected damage it
removes best, else kept for the enemy craft); proton cannons and beams meet liquid metal
bolts first (2.4). Orders go to `State.orders[side]` in the reference's order, with
`State.spent` standing for its dict of boxes already given to small targets.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from shipyard.core.compiled import inline_kernel, lean_kernel
from shipyard.rulesets.pentagon_war.fast import damage, judgement, policy
from shipyard.rulesets.pentagon_war.fast.columns import (
    AF_CHANCE,
    AF_SURVIVAL,
    AF_WORTH,
    AI_COUNT,
    AI_GAP,
    AI_INDEX,
    AI_KIND,
    B_ALIVE,
    BEST,
    BLF_T,
    BLI_T,
    BOX,
    CHANCE,
    COSTED,
    COVERING,
    CRASHING,
    D_ALIVE,
    D_DISTANCE,
    D_ESCORT,
    D_WEAPON,
    DIRECTION,
    DORDERS_T,
    DRF_T,
    DRI_T,
    EVADING,
    EVASIVE,
    G_BOXES,
    G_TYPE,
    GN_T,
    KILLERS,
    LOCKED,
    M_ALIVE,
    M_DISTANCE,
    MEAN,
    MSF_T,
    MSI_T,
    N_BOLTS,
    N_DRONE_ORDERS,
    N_DRONES,
    N_GUNS,
    N_MISSILES,
    N_ORDERS,
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
    SPENT_T,
    T_BOLT,
    T_CRAFT,
    T_DRONE,
    T_MISSILE,
    TO_LIVE,
    W_ARCS,
    W_BOXES,
    W_FIRED,
    W_TYPE,
    WANTED_RANGE,
    WG_T,
)
from shipyard.rulesets.pentagon_war.fast.lists import foe
from shipyard.rulesets.pentagon_war.rules import race
from shipyard.rulesets.pentagon_war.rules.figures import (
    ACID,
    BEAM,
    COSTS,
    LIQUID,
    POINT_DEFENSE,
    PROTON,
    SCREEN,
)
from shipyard.rulesets.pentagon_war.rules.fire import firing_range
from shipyard.rulesets.pentagon_war.rules.flight import bolt_reach, secondary_shots_left

if TYPE_CHECKING:
    import numpy as np

    from shipyard.rulesets.pentagon_war.fast.arrays import Tables
    from shipyard.rulesets.pentagon_war.fast.state import State


@inline_kernel
def add_order(st: State, side: int, index: int, gun: bool, target: int, target_index: int,
              pull: bool, double: bool, boxes: int) -> None:
    k = st.ci[side, N_ORDERS]
    row = st.it[side, ORDERS_T, k]
    row[O_INDEX], row[O_GUN], row[O_TARGET], row[O_TARGET_INDEX] = index, gun, target, target_index
    row[O_PULL], row[O_DOUBLE], row[O_BOXES] = pull, double, boxes
    st.ci[side, N_ORDERS] = k + 1


@inline_kernel
def small_targets(st: State, tb: Tables, side: int) -> int:
    """Drones and missiles coming at `side` into the aiming scratch; how many (aiming)."""
    enemy, size = foe(st, side), st.ci[side, SIZE]
    ai, af = st.xi, st.xf
    n, total = 0, 0.0
    for i in range(st.ci[enemy, N_DRONES]):
        gap = abs(st.ft[enemy, DRF_T, i, D_DISTANCE])
        weapon = st.it[enemy, DRI_T, i, D_WEAPON]
        drone = st.it[enemy, DRI_T, i]
        if (drone[D_ALIVE] and not drone[D_ESCORT] and gap <= tb.f.watch
                and tb.kinds[COSTED, weapon]):
            station = max(1, int(gap))
            worth = tb.odds[MEAN, weapon, min(station, tb.f.rcap), size, 0]
            af[AF_WORTH, n], ai[AI_GAP, n], ai[AI_KIND, n], ai[AI_INDEX, n] = worth, int(gap), \
                T_DRONE, i
            total += worth
            n += 1
    found = 0
    if total > 0:
        past_screens = max(0.0, total - st.ci[side, BOX + SCREEN]) / total
        for t in range(n):
            worth = af[AF_WORTH, t]
            if worth * past_screens > 0:
                af[AF_WORTH, found] = worth * past_screens * tb.f.horizon
                ai[AI_GAP, found], ai[AI_INDEX, found] = ai[AI_GAP, t], ai[AI_INDEX, t]
                ai[AI_KIND, found] = T_DRONE
                found += 1
    near = 0
    for i in range(st.ci[enemy, N_MISSILES]):
        distance = st.ft[enemy, MSF_T, i, M_DISTANCE]
        if st.it[enemy, MSI_T, i, M_ALIVE] and 1 <= distance <= tb.f.watch / 2:
            near += 1
    if near > st.ci[side, BOX + POINT_DEFENSE] // 2:  # more than point defense can stop
        first = found
        for i in range(st.ci[enemy, N_MISSILES]):  # by distance, then list order
            distance = st.ft[enemy, MSF_T, i, M_DISTANCE]
            if not (st.it[enemy, MSI_T, i, M_ALIVE] and 1 <= distance <= tb.f.watch / 2):
                continue
            t = found
            while t > first and st.ft[enemy, MSF_T, ai[AI_INDEX, t - 1], M_DISTANCE] > distance:
                ai[AI_INDEX, t] = ai[AI_INDEX, t - 1]
                t -= 1
            ai[AI_INDEX, t] = i
            found += 1
        for t in range(first, found):
            af[AF_WORTH, t] = float(tb.f.warhead)
            ai[AI_GAP, t] = int(st.ft[enemy, MSF_T, ai[AI_INDEX, t], M_DISTANCE])
            ai[AI_KIND, t] = T_MISSILE
    return found


@inline_kernel
def aim_at_small_craft(st: State, tb: Tables, side: int, now: bool) -> None:
    """Orders at bolts, drones and missiles; the boxes they take go to `State.spent`."""
    ci, wg, ai, af, spent = st.ci, st.it[:, WG_T], st.xi, st.xf, st.it[side, SPENT_T, :, 0]
    enemy = foe(st, side)
    arcs = tb.seqs[COVERING, ci[side, DIRECTION]]
    limit = tb.f.secondary_shots
    left_power = policy.power(st, side)
    bolt, closest = -1, 0.0
    for i in range(ci[enemy, N_BOLTS]):
        if st.it[enemy, BLI_T, i, B_ALIVE] and (bolt < 0 or st.ft[enemy, BLF_T, i, 0] < closest):
            bolt, closest = i, st.ft[enemy, BLF_T, i, 0]
    if bolt >= 0:
        for g in range(ci[side, N_WEAPONS]):
            left = wg[side, g, W_BOXES] * limit - wg[side, g, W_FIRED]
            kind = wg[side, g, W_TYPE]
            if left > 0 and wg[side, g, W_ARCS] & arcs and kind in (PROTON, BEAM):
                add_order(st, side, g, False, T_BOLT, bolt, True, False, 0)
                spent[g] = left
    n = small_targets(st, tb, side)
    if n == 0:
        return
    for t in range(n):
        af[AF_SURVIVAL, t] = 1.0
    evaders = int(ci[side, EVADING])
    locked = ci[side, LOCKED] != 0
    hexes = firing_range(tb.f, int(st.rangef[RANGE]), locked)
    for g in range(ci[side, N_WEAPONS]):
        kind = wg[side, g, W_TYPE]
        if not tb.kinds[KILLERS, kind] or spent[g] >= 0 or not wg[side, g, W_ARCS] & arcs:
            continue
        cost = tb.kinds[COSTS, kind]
        keep = tb.odds[MEAN, kind, min(hexes, tb.f.rcap), ci[enemy, SIZE], evaders]
        keep *= 1.0 if now else tb.f.later
        for t in range(n):
            gap = firing_range(tb.f, ai[AI_GAP, t], locked)
            af[AF_CHANCE, t] = tb.odds[CHANCE, kind, min(gap, tb.f.rcap), 0, evaders]
            ai[AI_COUNT, t] = 0
        for _ in range(wg[side, g, W_BOXES] * limit - wg[side, g, W_FIRED]):
            if left_power < cost:
                break
            best, gain = 0, af[AF_WORTH, 0] * af[AF_SURVIVAL, 0] * af[AF_CHANCE, 0]
            for t in range(1, n):
                value = af[AF_WORTH, t] * af[AF_SURVIVAL, t] * af[AF_CHANCE, t]
                if value > gain:
                    best, gain = t, value
            if gain <= keep:
                break
            ai[AI_COUNT, best] += 1
            af[AF_SURVIVAL, best] *= 1.0 - af[AF_CHANCE, best]
            left_power -= cost
        for t in range(n):
            count = ai[AI_COUNT, t]
            if count:
                add_order(st, side, g, False, ai[AI_KIND, t], ai[AI_INDEX, t], True, False, count)
                spent[g] = count if spent[g] < 0 else spent[g] + count


@lean_kernel
def fire(st: State, tb: Tables, pol: np.ndarray, side: int, turn: int, impulse: int) -> None:
    """This impulse's fire orders of `side` (Policy.fire)."""
    ci, wg, gn, spent = st.ci, st.it[:, WG_T], st.it[:, GN_T], st.it[side, SPENT_T, :, 0]
    enemy = foe(st, side)
    ci[side, N_ORDERS] = 0
    for g in range(ci[side, N_WEAPONS]):
        spent[g] = -1
    now = policy.fire_now(st, tb, pol, side, turn, impulse)
    # 2.8, 2.3: one target a turn without control or while evading.
    if policy.has_control(st, side) and not ci[side, CRASHING] and not ci[side, EVASIVE]:
        aim_at_small_craft(st, tb, side, now)
    if not now:
        return
    evaders = int(ci[side, EVADING]) + int(ci[enemy, EVADING])
    locked = ci[side, LOCKED] != 0
    rng = st.rangef[RANGE]
    hexes = min(firing_range(tb.f, int(rng), locked), tb.f.rcap)
    size = ci[enemy, SIZE]
    # No volley the target's screens stop at the best rolls, with those it can still raise
    # (on the last impulse, whose power is lost after it, those already up).
    clock = (turn - 1) * tb.f.impulses + impulse
    passes = judgement.strike_now(st, tb, enemy, turn, clock, impulse != tb.f.impulses) > 0.0
    for g in range(ci[side, N_WEAPONS]):
        kind = wg[side, g, W_TYPE]
        left = secondary_shots_left(tb.f, wg[side, g, W_BOXES], wg[side, g, W_FIRED]) \
            - max(spent[g], 0)
        if left <= 0:
            continue
        if kind == BEAM:
            if tb.odds[BEST, kind, hexes, size, evaders]:
                pull = rng > st.cf[side, WANTED_RANGE]
                add_order(st, side, g, False, T_CRAFT, 0, pull, True, 0)
        elif passes and tb.odds[BEST, kind, hexes, size, evaders] > 0:
            add_order(st, side, g, False, T_CRAFT, 0, True, False, left if spent[g] >= 0 else 0)
    for g in range(ci[side, N_GUNS]):
        if not policy.gun_ready(st, tb, side, g, turn):
            continue
        kind = gn[side, g, G_TYPE]
        if kind == LIQUID:
            if rng <= bolt_reach(tb.f):
                add_order(st, side, g, True, T_CRAFT, 0, True, False, 0)
        elif kind == ACID:  # limited boxes: not on long odds, unless they get no better
            # where it goes or it expects to die first
            there = min(firing_range(tb.f, int(st.cf[side, WANTED_RANGE]), locked), tb.f.rcap)
            least = race.ammunition_floor(tb.f.acid_gum_chance,
                                          gn[side, g, G_BOXES] // tb.f.acid_boxes, 1.0,
                                          st.cf[side, TO_LIVE],
                                          tb.odds[CHANCE, kind, there, size, evaders])
            odds = tb.odds[CHANCE, kind, hexes, size, evaders]
            if passes and odds > 0.0 and odds >= least:
                add_order(st, side, g, True, T_CRAFT, 0, True, False, 0)
        elif passes and tb.odds[BEST, kind, hexes, size, evaders] > 0:
            add_order(st, side, g, True, T_CRAFT, 0, True, False, 0)


@inline_kernel
def reinforce(st: State, tb: Tables, side: int, attackers: np.ndarray, n: int,
              ranges: np.ndarray, arriving: int, last: bool) -> int:
    """More screen points for what the enemy announced, up to the mean of it on top of the
    boxes and never past its best case, from power the unfired weapons leave
    (Policy.reinforce); on the last impulse of a turn the best case, from power its own
    orders leave. What is announced: the orders of `attackers[:n]` (on the track the
    enemy alone), each priced as the reference's captain prices them: with the weapons,
    lock-on and evasion of the craft that gave it, from `ranges[a]` hexes away."""
    ci = st.ci
    announced = 0
    for a in range(n):
        announced += ci[attackers[a], N_ORDERS] + ci[attackers[a], N_DRONE_ORDERS]
    if announced == 0 and arriving == 0:
        return 0
    expected, best = float(arriving), float(arriving)
    size = ci[side, SIZE]
    for a in range(n):
        source = attackers[a]
        hexes = firing_range(tb.f, int(ranges[a]), ci[source, LOCKED] != 0)
        evaders = int(ci[source, EVADING]) + int(ci[side, EVADING])
        expected, best = announced_fire(st, tb, source, hexes, size, evaders, expected, best)
    for a in range(n):
        attacker = attackers[a]
        for k in range(ci[attacker, N_DRONE_ORDERS]):
            d = st.it[attacker, DORDERS_T, k, 0]
            gap = firing_range(tb.f, int(abs(st.ft[attacker, DRF_T, d, D_DISTANCE])),
                               ci[attacker, LOCKED] != 0)  # 2.6: the launcher's lock-on
            mean, top = judgement.screened(tb, st.it[attacker, DRI_T, d, D_WEAPON], 1, gap,
                                           size, int(ci[side, EVADING]))
            expected, best = expected + mean, best + top
    return reinforcement_wanted(st, tb, side, expected, best, last)


@inline_kernel
def announced_fire(st: State, tb: Tables, source: int, hexes: int, size: int,
                   evaders: int, expected: float, best: float) -> tuple[float, float]:
    """`expected` and `best` with the mean and best case of `source`'s fire orders at the
    craft added, each order's weapon looked up on `source`, the craft that gave it."""
    ci = st.ci
    for k in range(ci[source, N_ORDERS]):
        order = st.it[source, ORDERS_T, k]
        if order[O_TARGET] != T_CRAFT:
            continue
        index = order[O_INDEX]
        if order[O_GUN] and 0 <= index < ci[source, N_GUNS]:
            mean, top = judgement.screened(tb, st.it[source, GN_T, index, G_TYPE],
                                           st.it[source, GN_T, index, G_BOXES], hexes, size,
                                           evaders)
        elif not order[O_GUN] and 0 <= index < ci[source, N_WEAPONS]:
            boxes = order[O_BOXES]
            if not boxes:
                boxes = st.it[source, WG_T, index, W_BOXES] - st.it[source, WG_T, index, W_FIRED]
            mean, top = judgement.screened(tb, st.it[source, WG_T, index, W_TYPE], boxes, hexes,
                                           size, evaders)
        else:
            continue
        expected, best = expected + mean, best + top
    return expected, best


@inline_kernel
def reinforcement_wanted(st: State, tb: Tables, side: int, expected: float, best: float,
                         last: bool) -> int:
    """The screen points `side` raises for `expected` damage, `best` at most (reinforce)."""
    ci = st.ci
    wanted = min(best, ci[side, BOX + SCREEN] + math.ceil(expected))
    unfired = 0
    if last:  # power left now is lost (2.2): only this impulse's own orders draw on it
        wanted = best
        for k in range(ci[side, N_ORDERS]):
            order = st.it[side, ORDERS_T, k]
            if not order[O_GUN] and 0 <= order[O_INDEX] < ci[side, N_WEAPONS]:
                group = st.it[side, WG_T, order[O_INDEX]]
                boxes = order[O_BOXES]
                if not boxes:
                    boxes = max(group[W_BOXES] - group[W_FIRED], 0)
                unfired += boxes * tb.kinds[COSTS, group[W_TYPE]]
    else:
        for g in range(ci[side, N_WEAPONS]):
            group = st.it[side, WG_T, g]
            unfired += max(group[W_BOXES] - group[W_FIRED], 0) * tb.kinds[COSTS, group[W_TYPE]]
    more = wanted - damage.screen_strength(st, tb, side)
    spare = policy.power(st, side) - unfired
    return int(max(0, min(spare // tb.f.reinforcement_cost, more)))
