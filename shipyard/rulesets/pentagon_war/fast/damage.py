"""Taking damage in the compiled engine (rules 2.7, R14, R16).

The hits a side took this impulse (`State.hits`) are resolved together: screens subtract
once from the total (R14: directional screens from each hit), armor of the struck side
next, then the allocation chart point by point, with R16 catching hits on systems that
are gone. `assess` is the duel loop's damage assessment, explosions included. Every
step is a rule function of `rules.damage`, which the reference engine calls too; the
loops over the hits and interior points and the dice they roll are this module's and
`engine.damage`'s, in the same order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from shipyard.core.compiled import lean_kernel
from shipyard.rulesets.pentagon_war.fast import dice
from shipyard.rulesets.pentagon_war.fast.columns import (
    ARMOR,
    BAY_END,
    BAY_HEAD,
    BOX,
    CAUSE_CRASH,
    CAUSE_EXPLOSION,
    CHARGE,
    DESTROYED,
    DIRECTION,
    DIRECTIONAL_SCREENS,
    EXPLOSION,
    G_BOXES,
    GN_T,
    H_CAUSE,
    H_POINTS,
    H_SCREENED,
    H_SIDE,
    HITS_T,
    KILLED_BY,
    MISHAPS,
    N_GUNS,
    N_HITS,
    N_WEAPONS,
    RADAR_END,
    RADAR_TOP,
    RANGE,
    REAR_STRUCK,
    REINFORCEMENT,
    SCREENS_USED,
    SPENT,
    SUICIDE_BOMBS,
    TAKEN_ARMOR,
    TAKEN_INTERIOR,
    TAKEN_SCREENS,
    TAKEN_WASTED,
    W_BOXES,
    W_TYPE,
    WG_T,
)
from shipyard.rulesets.pentagon_war.fast.lists import foe
from shipyard.rulesets.pentagon_war.rules import damage as rules
from shipyard.rulesets.pentagon_war.rules.figures import (
    BEAM,
    CAPACITOR,
    CHART_ANY_WEAPON,
    CHART_GUN,
    CHART_RADAR,
    CHART_WEAPON,
    DRONE,
    ENGINE,
    FINAL_DAMAGE,
    FUEL_TANK,
    HULL_AFT,
    HULL_FORWARD,
    SCREEN,
)

if TYPE_CHECKING:
    from shipyard.rulesets.pentagon_war.fast.arrays import Tables
    from shipyard.rulesets.pentagon_war.fast.state import State


@lean_kernel
def fall_through(st: State, tb: Tables, side: int, forward: bool) -> None:
    """R16: the rolled half of the hull, else the other half, else final damage."""
    ci = st.ci
    taken = rules.fall_through(tb.f, tb.seqs, ci[side, BOX + HULL_FORWARD],
                               ci[side, BOX + HULL_AFT], ci[side, BOX + FINAL_DAMAGE], forward)
    if taken == rules.DESTROYED:
        ci[side, DESTROYED] = 1  # R16: a final-damage hit with none left
    else:
        ci[side, BOX + taken] -= 1


@lean_kernel
def destroy_box(st: State, side: int, system: int) -> bool:
    """One box of a plain count; False if none was left (a drone box takes its drone)."""
    ci = st.ci
    left = ci[side, BOX + system]
    if left <= 0:
        return False
    ci[side, BOX + system] = left - 1
    if system == DRONE and ci[side, BAY_END] - ci[side, BAY_HEAD] > left - 1:
        ci[side, BAY_END] -= 1  # the bay's drone goes with it
    return True


@lean_kernel
def destroy(st: State, side: int, system: int) -> bool:
    """One box of a system with its own track or rule; False if none was left."""
    ci = st.ci
    if system == CHART_RADAR:  # 2.7: the highest box goes; the free 0 box never does
        if ci[side, RADAR_END] - ci[side, RADAR_TOP] <= 1:
            return False
        ci[side, RADAR_TOP] += 1
        return True
    if system == CAPACITOR:  # 2.7: an empty capacitor box goes first (2.2)
        hit, charged = rules.capacitor_hit(ci[side, BOX + CAPACITOR],
                                           ci[side, CHARGE] - ci[side, SPENT])
        if hit:
            ci[side, BOX + CAPACITOR] -= 1
            if charged:
                ci[side, CHARGE] -= 1
        return hit
    if system >= CHART_WEAPON:  # the fullest group of that weapon (the first of equals)
        kind = system - CHART_WEAPON
        best = -1
        for g in range(ci[side, N_WEAPONS]):
            if st.it[side, WG_T, g, W_TYPE] == kind and st.it[side, WG_T, g, W_BOXES] > 0 and (
                    best < 0 or st.it[side, WG_T, g, W_BOXES] > st.it[side, WG_T, best, W_BOXES]):
                best = g
        if best < 0:
            return False
        st.it[side, WG_T, best, W_BOXES] -= 1
        return True
    if system == CHART_GUN:
        best = -1
        for g in range(ci[side, N_GUNS]):
            if st.it[side, GN_T, g, G_BOXES] > 0 and (
                    best < 0 or st.it[side, GN_T, g, G_BOXES] > st.it[side, GN_T, best, G_BOXES]):
                best = g
        if best < 0:
            return False
        st.it[side, GN_T, best, G_BOXES] -= 1
        return True
    return destroy_box(st, side, system)


@lean_kernel
def any_weapon(st: State, side: int) -> bool:
    """Any weapon box, each remaining box (groups, then guns) equally likely."""
    ci = st.ci
    total = 0
    for g in range(ci[side, N_WEAPONS]):
        total += st.it[side, WG_T, g, W_BOXES]
    for g in range(ci[side, N_GUNS]):
        total += st.it[side, GN_T, g, G_BOXES]
    if total <= 0:
        return False
    chosen = dice.pick(st.rng, total)
    for g in range(ci[side, N_WEAPONS]):
        if chosen < st.it[side, WG_T, g, W_BOXES]:
            st.it[side, WG_T, g, W_BOXES] -= 1
            return True
        chosen -= st.it[side, WG_T, g, W_BOXES]
    for g in range(ci[side, N_GUNS]):
        if chosen < st.it[side, GN_T, g, G_BOXES]:
            st.it[side, GN_T, g, G_BOXES] -= 1
            return True
        chosen -= st.it[side, GN_T, g, G_BOXES]
    return False


@lean_kernel
def interior_hit(st: State, tb: Tables, side: int) -> None:
    """Roll the damage allocation chart once and destroy what it names (2.7, R16)."""
    row = dice.d6(st.rng)  # 2.7: the first die picks the row, the second the column
    system, forward = rules.chart_cell(tb.chart, row, dice.d6(st.rng))
    if system == HULL_FORWARD:
        fall_through(st, tb, side, True)
        return
    if system == HULL_AFT:
        fall_through(st, tb, side, False)
        return
    gone = any_weapon(st, side) if system == CHART_ANY_WEAPON else destroy(st, side, system)
    if not gone:
        fall_through(st, tb, side, forward)


@lean_kernel
def screen_strength(st: State, tb: Tables, side: int) -> int:
    """Screen points up: the boxes, and the reinforcement they can still carry (2.2)."""
    return int(rules.screen_strength(tb.f, st.ci[side, BOX + SCREEN],
                                     st.ci[side, REINFORCEMENT]))


@lean_kernel
def take_damage(st: State, tb: Tables, side: int, first: int, stop: int,
                armor_side: int) -> None:
    """Hits `first` to `stop` of `side`'s list, striking armor side `armor_side` unless a
    hit names its own; screens once per impulse, the rear engine once per impulse (2.7)."""
    ci, hits = st.ci, st.it[:, HITS_T]
    screens = max(0, screen_strength(st, tb, side) - ci[side, SCREENS_USED])
    for h in range(first, stop):
        points = hits[side, h, H_POINTS]
        struck = hits[side, h, H_SIDE] if hits[side, h, H_SIDE] else armor_side
        if ci[side, DESTROYED]:
            ci[side, TAKEN_WASTED] += points
            continue
        stopped, armor, absorbed, points = rules.strike(tb.f, points,
                                                        hits[side, h, H_SCREENED] != 0, screens,
                                                        ci[side, ARMOR + struck])
        spent = rules.screens_spent(ci[side, DIRECTIONAL_SCREENS] != 0, stopped)  # R14
        screens -= spent
        ci[side, SCREENS_USED] += spent
        ci[side, ARMOR + struck] -= armor
        ci[side, TAKEN_SCREENS] += stopped
        ci[side, TAKEN_ARMOR] += absorbed
        while points > 0:
            points -= 1
            ci[side, TAKEN_INTERIOR] += 1
            if rules.rear_engine_first(tb.f, struck, ci[side, REAR_STRUCK] != 0):  # 2.7
                ci[side, REAR_STRUCK] = 1
                if ci[side, BOX + tb.f.rear_first] > 0:
                    ci[side, BOX + tb.f.rear_first] -= 1
                    continue
            interior_hit(st, tb, side)
            if ci[side, DESTROYED]:
                if ci[side, KILLED_BY] == 0:
                    ci[side, KILLED_BY] = hits[side, h, H_CAUSE]
                ci[side, TAKEN_WASTED] += points
                break


@lean_kernel
def interior_hits(st: State, tb: Tables, side: int, points: int, cause: int) -> None:
    """Interior hits that bypass screens and armor (crash acceleration mishaps)."""
    ci = st.ci
    for left in range(points, 0, -1):
        if ci[side, DESTROYED]:
            ci[side, TAKEN_WASTED] += left
            break
        ci[side, TAKEN_INTERIOR] += 1
        interior_hit(st, tb, side)
        if ci[side, DESTROYED] and ci[side, KILLED_BY] == 0:
            ci[side, KILLED_BY] = cause


@lean_kernel
def explosion_strength(st: State, tb: Tables, side: int) -> float:
    """2.7: what a destroyed craft's remaining systems blow up with."""
    ci = st.ci
    secondary, beams, guns = 0, 0, 0
    for g in range(ci[side, N_WEAPONS]):
        if st.it[side, WG_T, g, W_TYPE] == BEAM:
            beams += st.it[side, WG_T, g, W_BOXES]
        else:
            secondary += st.it[side, WG_T, g, W_BOXES]
    for g in range(ci[side, N_GUNS]):
        guns += st.it[side, GN_T, g, G_BOXES]
    return rules.explosion_strength(tb.fv[EXPLOSION], ci[side, BOX + ENGINE],
                                    ci[side, BOX + FUEL_TANK], ci[side, CHARGE] - ci[side, SPENT],
                                    beams, ci[side, BOX + SCREEN], guns, secondary,
                                    ci[side, SUICIDE_BOMBS])


@lean_kernel
def explode(st: State, tb: Tables, side: int) -> None:
    """2.7: full strength in the craft's hex, less by the falloff per hex away."""
    strength = explosion_strength(st, tb, side)
    points = rules.explosion_points(tb.fv[EXPLOSION], strength, int(st.rangef[RANGE]))
    enemy = foe(st, side)
    if points > 0 and not st.ci[enemy, DESTROYED]:
        n = st.ci[enemy, N_HITS]  # resolved at once, apart from the hits already taken
        st.it[enemy, HITS_T, n, H_POINTS] = points
        st.it[enemy, HITS_T, n, H_CAUSE] = CAUSE_EXPLOSION
        st.it[enemy, HITS_T, n, H_SCREENED] = 1
        st.it[enemy, HITS_T, n, H_SIDE] = 0
        take_damage(st, tb, enemy, n, n + 1, st.ci[enemy, DIRECTION])


@lean_kernel
def assess(st: State, tb: Tables) -> None:
    """Damage assessment: each side's hits, crash mishaps, then explosions (2.7)."""
    ci = st.ci
    fresh0, fresh1 = not ci[0, DESTROYED], not ci[1, DESTROYED]
    for side in range(2):
        n = ci[side, N_HITS]
        ci[side, N_HITS] = 0
        if n:
            take_damage(st, tb, side, 0, n, ci[side, DIRECTION])
        if ci[side, MISHAPS]:
            interior_hits(st, tb, side, ci[side, MISHAPS], CAUSE_CRASH)
            ci[side, MISHAPS] = 0
    if fresh0 and ci[0, DESTROYED]:
        explode(st, tb, 0)
    if fresh1 and ci[1, DESTROYED]:
        explode(st, tb, 1)
