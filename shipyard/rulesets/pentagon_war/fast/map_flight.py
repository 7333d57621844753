"""Missiles and liquid metal bolts homing across the hex map, compiled (2.4, 2.6, R30).

The compiled twin of `engine.map_flight`: each seeker's hex, heading and hexes flown are
columns of its row (`M_A` ... `M_FLOWN`, `B_A` ... `B_HEADING`; a bolt's hexes flown is
its `B_FLOWN`), moved by the rule functions of `rules.homing` the reference calls, in its
order. No die is rolled here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from shipyard.core.compiled import inline_kernel, lean_kernel
from shipyard.rulesets.pentagon_war.fast import lists
from shipyard.rulesets.pentagon_war.fast.columns import (
    B_A,
    B_ALIVE,
    B_C,
    B_FLOWN,
    B_HEADING,
    BLF_T,
    BLI_T,
    FACING,
    HEX_A,
    HEX_C,
    M_A,
    M_ALIVE,
    M_C,
    M_DISTANCE,
    M_FLOWN,
    M_FUEL,
    M_HEADING,
    M_SPEED,
    MSF_T,
    MSI_T,
    N_BOLTS,
    N_MISSILES,
)
from shipyard.rulesets.pentagon_war.fast.lists import foe
from shipyard.rulesets.pentagon_war.rules.homing import (
    homing_spent,
    launch_heading,
    missile_impulse,
)
from shipyard.rulesets.pentagon_war.rules.vector import hexes_apart

if TYPE_CHECKING:
    import numpy as np

    from shipyard.rulesets.pentagon_war.fast.arrays import Tables
    from shipyard.rulesets.pentagon_war.fast.fleet_state import MapState
    from shipyard.rulesets.pentagon_war.fast.state import State


@inline_kernel
def home(row: np.ndarray, a: int, c: int, heading: int, flown: int, ta: int, tc: int,
         speed: int, fuel: int, impulse: int, impulses: int) -> bool:
    """One impulse of a seeker homing on the hex `(ta, tc)`, written into its int `row`
    at columns `a` ... `flown`; whether it is spent."""
    h, na, nc, n = missile_impulse(row[heading], row[a], row[c], ta, tc, row[flown], fuel,
                                   speed, impulse, impulses)
    row[heading], row[a], row[c], row[flown] = h, na, nc, n
    return homing_spent(na, nc, ta, tc, n, fuel)


@lean_kernel
def home_missiles(st: State, tb: Tables, mp: MapState, side: int, impulse: int) -> None:
    """2.6, R30: each missile of craft `side` homes one impulse on the craft it faces."""
    f, j = tb.f, foe(st, side)
    ta, tc = mp.mi[j, HEX_A], mp.mi[j, HEX_C]
    fuel = int(f.missile_fuel)
    for i in range(st.ci[side, N_MISSILES]):
        row = st.it[side, MSI_T, i]
        if home(row, M_A, M_C, M_HEADING, M_FLOWN, ta, tc, row[M_SPEED], fuel, impulse,
                f.impulses):
            row[M_ALIVE] = 0
        st.ft[side, MSF_T, i, M_DISTANCE] = float(hexes_apart(row[M_A], row[M_C], ta, tc))
        st.ft[side, MSF_T, i, M_FUEL] = f.missile_fuel - row[M_FLOWN]
    lists.drop_dead_missiles(st, side)


@lean_kernel
def home_bolts(st: State, tb: Tables, mp: MapState, side: int, impulse: int) -> None:
    """2.4, R30: each bolt of craft `side` homes one impulse on the craft it faces."""
    f, j = tb.f, foe(st, side)
    ta, tc = mp.mi[j, HEX_A], mp.mi[j, HEX_C]
    for i in range(st.ci[side, N_BOLTS]):
        row = st.it[side, BLI_T, i]
        if home(row, B_A, B_C, B_HEADING, B_FLOWN, ta, tc, int(f.metal_speed),
                f.metal_lifetime, impulse, f.impulses):
            row[B_ALIVE] = 0
        st.ft[side, BLF_T, i, 0] = float(hexes_apart(row[B_A], row[B_C], ta, tc))
    lists.drop_dead_bolts(st, side)


@lean_kernel
def place(st: State, mp: MapState, side: int, table: int, first: int, last: int, a: int,
          c: int, heading: int) -> None:
    """Rows `first` to `last` of craft `side`'s list `table`, just launched: in its hex,
    heading toward the craft it faces (columns `a`, `c`, `heading` of the rows)."""
    mi, j = mp.mi, foe(st, side)
    sa, sc = mi[side, HEX_A], mi[side, HEX_C]
    toward = launch_heading(mi[side, FACING], sa, sc, mi[j, HEX_A], mi[j, HEX_C])
    for k in range(first, last):
        row = st.it[side, table, k]
        row[a], row[c], row[heading] = sa, sc, toward


@inline_kernel
def place_missiles(st: State, mp: MapState, side: int, first: int) -> None:
    place(st, mp, side, MSI_T, first, st.ci[side, N_MISSILES], M_A, M_C, M_HEADING)


@inline_kernel
def place_bolts(st: State, mp: MapState, side: int, first: int) -> None:
    place(st, mp, side, BLI_T, first, st.ci[side, N_BOLTS], B_A, B_C, B_HEADING)
