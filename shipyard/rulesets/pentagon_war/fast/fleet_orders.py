"""Who fights whom in a compiled fleet battle on the hex map: `engine.fleet_orders` and the
target-keeping of `engine.map_battle.MapBattle`, as kernels.

The craft still in the battle and those attacking one craft (`acting`, `attackers`, into
scratch rows), each craft's threat (weapon and gun boxes, missiles, drones), targets
allotted without overkill (`retarget`, R33), whether the battle is over, the attacker a
craft turns its armor to (`heaviest`, R34), and a side losing four to one disengaging
(`judge_running`, `disengage`, R33), step for step as the reference has them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from shipyard.core.compiled import inline_kernel, lean_kernel
from shipyard.rulesets.pentagon_war.fast import hexmap, judgement, policy
from shipyard.rulesets.pentagon_war.fast.columns import (
    BAY_END,
    BAY_HEAD,
    BOX,
    BOXES_LEFT,
    DESTROYED,
    FLEET,
    G_BOXES,
    GN_T,
    GONE,
    HOMING_ON,
    IS_BASE,
    N_BOLTS,
    N_DRONES,
    N_GUNS,
    N_MISSILES,
    N_WEAPONS,
    NEEDS_FUEL,
    RANGE,
    RUNNING_AWAY,
    S_ACTING,
    S_ATTACKERS,
    S_CHANGED,
    S_LOAD,
    S_NEED,
    S_ORDER,
    START_BOXES,
    TARGET,
    W_WORTH,
    WG_T,
)
from shipyard.rulesets.pentagon_war.rules import movement
from shipyard.rulesets.pentagon_war.rules.figures import ENGINE, FUEL_TANK, MISSILE, SCREEN

FOUR_TO_ONE = 4  # a side this many times weaker in boxes left disengages (R33)

if TYPE_CHECKING:
    from shipyard.rulesets.pentagon_war.fast.arrays import Tables
    from shipyard.rulesets.pentagon_war.fast.fleet_state import MapState
    from shipyard.rulesets.pentagon_war.fast.state import State


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


# -- disengaging (R33) ----------------------------------------------------------------------
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
