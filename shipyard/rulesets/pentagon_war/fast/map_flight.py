"""Missiles and bolts homing, drones flying across the hex map, compiled (2.4, 2.6, R30,
R31).

The compiled twin of `engine.map_flight`: each seeker's hex, heading and hexes flown are
columns of its row (`M_A` ... `M_FLOWN`, `B_A` ... `B_HEADING`; a bolt's hexes flown is
its `B_FLOWN`), and each drone's hex, facing, components and chart columns (`D_A` ...),
are columns of its row, moved by the rule functions of `rules.homing`, `rules.launch` and
`rules.impulses` the reference calls, in its order. No die is rolled here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from shipyard.core.compiled import inline_kernel, lean_kernel
from shipyard.rulesets.pentagon_war.fast import dice, lists, policy
from shipyard.rulesets.pentagon_war.fast.columns import (
    B_A,
    B_ALIVE,
    B_C,
    B_FLOWN,
    B_HEADING,
    BLF_T,
    BLI_T,
    CAUSE_MISSILE,
    COL_A,
    COL_C,
    D_A,
    D_ACCELERATIONS,
    D_ALIVE,
    D_C,
    D_COL_A,
    D_COL_C,
    D_DISTANCE,
    D_ESCORT,
    D_ESCORTING,
    D_FACING,
    D_SPEED,
    D_VA,
    D_VC,
    DESTROYED,
    DRF_T,
    DRI_T,
    EXPLOSION,
    FACING,
    GONE,
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
    N_DRONES,
    N_MISSILES,
    VEL_A,
    VEL_C,
)
from shipyard.rulesets.pentagon_war.fast.lists import foe
from shipyard.rulesets.pentagon_war.rules.bearing import bearing, closing_speed
from shipyard.rulesets.pentagon_war.rules.explosions import (
    BLAST_ROLL,
    BLAST_SURVIVED,
    SURVIVAL_DICE,
    blast_points,
    blast_survival,
    blast_survives,
)
from shipyard.rulesets.pentagon_war.rules.flight import shot_down_points
from shipyard.rulesets.pentagon_war.rules.homing import (
    homing_spent,
    launch_heading,
    missile_impulse,
)
from shipyard.rulesets.pentagon_war.rules.impulses import body_move, column_after, column_at_start
from shipyard.rulesets.pentagon_war.rules.launch import (
    drone_push,
    launch_spread,
    launch_velocity,
)
from shipyard.rulesets.pentagon_war.rules.vector import hexes_apart

TOWARD = 1  # R32: a blast in a craft's own hex lies dead ahead of it

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


# -- drones (R31) ------------------------------------------------------------------------------
@inline_kernel
def gauge(st: State, mp: MapState, side: int, k: int, j: int) -> None:
    """What drone `k` of craft `side`'s captain reads: its hex distance to craft `j` and its
    speed toward it along the line between them."""
    row, mi = st.it[side, DRI_T, k], mp.mi
    da, dc = mi[j, HEX_A] - row[D_A], mi[j, HEX_C] - row[D_C]
    st.ft[side, DRF_T, k, D_DISTANCE] = float(hexes_apart(row[D_A], row[D_C], mi[j, HEX_A],
                                                          mi[j, HEX_C]))
    st.ft[side, DRF_T, k, D_SPEED] = closing_speed(row[D_VA], row[D_VC], da, dc, mp.m.unit)
    row[D_ESCORTING] = row[D_A] == mi[side, HEX_A] and row[D_C] == mi[side, HEX_C]


@lean_kernel
def launched(st: State, tb: Tables, mp: MapState, side: int, first: int, turn: int) -> None:
    """Drones `first` on of craft `side`, just launched: in its hex, facing the craft it
    faces, with the components `rules.launch.launch_velocity` gives, counting in the
    carrier's chart columns as they change to their own (`MapFlight.launched`)."""
    mi, m, j = mp.mi, mp.m, foe(st, side)
    a, c, va, vc = mi[side, HEX_A], mi[side, HEX_C], mi[side, VEL_A], mi[side, VEL_C]
    da, dc = mi[j, HEX_A] - a, mi[j, HEX_C] - c
    spread = launch_spread(tb.f.drone_spread, m.unit)
    for k in range(first, st.ci[side, N_DRONES]):
        row = st.it[side, DRI_T, k]
        row[D_A], row[D_C], row[D_FACING] = a, c, bearing(da, dc)
        row[D_VA], row[D_VC] = launch_velocity(va, vc, da, dc, spread, m.top,
                                               row[D_ESCORT] != 0)
        row[D_COL_A] = column_after(mi[side, COL_A], va, row[D_VA], m.unit, turn, True)
        row[D_COL_C] = column_after(mi[side, COL_C], vc, row[D_VC], m.unit, turn, True)
        gauge(st, mp, side, k, j)


@lean_kernel
def start_turn(st: State, mp: MapState, turn: int) -> None:
    """2.1: each drone's columns of the impulse chart for the turn (R25), as a craft's."""
    unit = mp.m.unit
    for side in range(st.ci.shape[0]):
        for k in range(st.ci[side, N_DRONES]):
            row = st.it[side, DRI_T, k]
            row[D_COL_A] = column_at_start(row[D_VA], unit, turn, True)
            row[D_COL_C] = column_at_start(row[D_VC], unit, turn, True)


@inline_kernel
def escort(st: State, mp: MapState, side: int, k: int) -> None:
    """A point-defense drone with accelerations left keeps to its carrier's hex, facing,
    components and columns; each impulse they changed costs it one (`MapFlight.escort`)."""
    row, mi = st.it[side, DRI_T, k], mp.mi
    if row[D_VA] != mi[side, VEL_A] or row[D_VC] != mi[side, VEL_C]:
        row[D_ACCELERATIONS] -= 1
    row[D_A], row[D_C], row[D_FACING] = mi[side, HEX_A], mi[side, HEX_C], mi[side, FACING]
    row[D_VA], row[D_VC] = mi[side, VEL_A], mi[side, VEL_C]
    row[D_COL_A], row[D_COL_C] = mi[side, COL_A], mi[side, COL_C]


@lean_kernel
def move_drones(st: State, tb: Tables, pol: np.ndarray, mp: MapState, side: int, turn: int,
                impulse: int) -> None:
    """R31: each drone of craft `side` thrusts as its captain asks and moves on the chart;
    an escort keeps to its carrier's hex while it can (`MapFlight.move_drones`)."""
    mi, m, j = mp.mi, mp.m, foe(st, side)
    for k in range(st.ci[side, N_DRONES]):
        row = st.it[side, DRI_T, k]
        if not row[D_ALIVE]:
            continue
        if row[D_ESCORT] and row[D_ACCELERATIONS] > 0:
            escort(st, mp, side, k)
        else:
            before_a, before_c = row[D_VA], row[D_VC]
            thrust = 0 if row[D_ESCORT] else policy.drone_thrust(st, tb, pol, side, k)
            if thrust and row[D_ACCELERATIONS] > 0:
                va, vc, facing = drone_push(m, row[D_VA], row[D_VC], mi[j, HEX_A] - row[D_A],
                                            mi[j, HEX_C] - row[D_C], thrust)
                if va != row[D_VA] or vc != row[D_VC]:
                    row[D_VA], row[D_VC], row[D_FACING] = va, vc, facing
                    row[D_ACCELERATIONS] -= 1
            row[D_COL_A], row[D_COL_C], da, dc = body_move(
                row[D_COL_A], row[D_COL_C], before_a, before_c, row[D_VA], row[D_VC], m.unit,
                turn, impulse, m.impulses)
            row[D_A] += da
            row[D_C] += dc
        gauge(st, mp, side, k, j)
    lists.drop_dead_drones(st, side)


# -- a blast against what flies (R27) ---------------------------------------------------------
@inline_kernel
def destroyed_by(st: State, points: int) -> bool:
    """R27: whether a size class 0 object struck for `points` is destroyed (two dice, rolled
    only when the result is not certain; `engine.map_blasts`)."""
    verdict = blast_survival(points, SURVIVAL_DICE)
    if verdict == BLAST_SURVIVED:
        return False
    if verdict == BLAST_ROLL:
        return not blast_survives(points, dice.d6(st.rng) + dice.d6(st.rng))
    return True


@inline_kernel
def blasted(st: State, rates: np.ndarray, strength: float, ea: int, ec: int, row: np.ndarray,
            a: int, c: int, alive: int) -> bool:
    """Whether the object of int `row` (its hex at columns `a`, `c`), alive, is in reach of
    a blast of `strength` in `(ea, ec)` and destroyed by it; it is marked dead if so."""
    if not row[alive]:
        return False
    points = blast_points(rates, strength, ea, ec, row[a], row[c])
    if points <= 0 or not destroyed_by(st, points):
        return False
    row[alive] = 0
    return True


@lean_kernel
def missile_blast(st: State, mp: MapState, a: int, c: int, points: int) -> None:
    """Half a warhead exploding in hex `(a, c)`: every craft there takes it at the next
    damage assessment (`MapBattle.missile_blast`)."""
    ci, mi = st.ci, mp.mi
    for q in range(ci.shape[0]):
        if (not ci[q, DESTROYED] and not mi[q, GONE] and mi[q, HEX_A] == a
                and mi[q, HEX_C] == c):
            lists.add_hit_on(st, q, points, CAUSE_MISSILE, True, TOWARD)


@lean_kernel
def blast_objects(st: State, tb: Tables, mp: MapState, blast: int, strength: float) -> None:
    """R27: the missiles and drones in reach of craft `blast`'s explosion, craft by craft,
    missiles first, roll to survive; a missile destroyed explodes for half its warhead
    (`engine.map_blasts.objects_struck`)."""
    ci, mi, rates = st.ci, mp.mi, tb.fv[EXPLOSION]
    ea, ec = mi[blast, HEX_A], mi[blast, HEX_C]
    for k in range(ci.shape[0]):
        if not (ci[k, N_MISSILES] or ci[k, N_DRONES]):
            continue
        for i in range(ci[k, N_MISSILES]):
            row = st.it[k, MSI_T, i]
            if blasted(st, rates, strength, ea, ec, row, M_A, M_C, M_ALIVE):
                missile_blast(st, mp, row[M_A], row[M_C], shot_down_points(tb.f))
        for i in range(ci[k, N_DRONES]):
            blasted(st, rates, strength, ea, ec, st.it[k, DRI_T, i], D_A, D_C, D_ALIVE)
        lists.drop_dead_missiles(st, k)
        lists.drop_dead_drones(st, k)
