"""Damage assessment in a compiled fleet battle on the hex map (rules 2.7, R27): each
craft's hits and crash mishaps, then the blasts of the craft destroyed, striking every
craft in reach on the side facing it and then what flies (`map_flight.blast_objects`), a
craft a blast destroys blowing up in turn (`engine.map_battle.MapBattle.explode`, its
recursion kept on a stack).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from shipyard.core.compiled import inline_kernel, lean_kernel
from shipyard.rulesets.pentagon_war.fast import damage, hexmap, map_flight
from shipyard.rulesets.pentagon_war.fast.columns import (
    CAUSE_CRASH,
    CAUSE_EXPLOSION,
    DESTROYED,
    DIRECTION,
    EXPLOSION,
    FELL,
    H_CAUSE,
    H_POINTS,
    H_SCREENED,
    H_SIDE,
    HEX_A,
    HEX_C,
    HITS_T,
    MISHAPS,
    N_BOLTS,
    N_DRONES,
    N_HITS,
    N_MISSILES,
    S_BLAST,
    S_FRESH,
    S_NEXT,
    W_STRENGTH,
)
from shipyard.rulesets.pentagon_war.rules.explosions import blast_points

if TYPE_CHECKING:
    from shipyard.rulesets.pentagon_war.fast.arrays import Tables
    from shipyard.rulesets.pentagon_war.fast.fleet_state import MapState
    from shipyard.rulesets.pentagon_war.fast.state import State


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
