"""The readable engine's lists, as arrays with a count: appending and dropping the dead.

The reference drops dead drones, missiles, bolts and spent acid gum at set moments
(`[d for d in drones if d.alive]`); list positions are what fire orders name, so the
compiled engine drops them at the same moments, keeping the order of the survivors.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from shipyard.core.compiled import inline_kernel, lean_kernel
from shipyard.rulesets.pentagon_war.fast.columns import (
    B_ALIVE,
    B_EROSION,
    B_FLOATS,
    B_FLOWN,
    B_INTS,
    BLF_T,
    BLI_T,
    D_ACCELERATIONS,
    D_ALIVE,
    D_DISTANCE,
    D_ESCORT,
    D_FIRED_TURN,
    D_FLOATS,
    D_INTS,
    D_SPEED,
    D_WEAPON,
    DIRECTION,
    DIRECTIONAL_SCREENS,
    DRF_T,
    DRI_T,
    FACES_PARTNER,
    H_CAUSE,
    H_POINTS,
    H_SCREENED,
    H_SIDE,
    HITS_T,
    L_DAMAGE,
    L_IMPULSES,
    L_INTS,
    L_SIDE,
    LG_T,
    M_ALIVE,
    M_DISTANCE,
    M_FLOATS,
    M_FLOWN,
    M_FUEL,
    M_INTS,
    M_SPEED,
    MSF_T,
    MSI_T,
    N_BOLTS,
    N_DRONES,
    N_HITS,
    N_LINGERING,
    N_MISSILES,
    PARTNER,
)

if TYPE_CHECKING:
    from shipyard.rulesets.pentagon_war.fast.state import State


@inline_kernel
def foe(st: State, side: int) -> int:
    """The craft `side` faces in the pair being played (its `PARTNER` column): on the range
    track always the other one; on the map the one it was last viewed with."""
    return int(st.ci[side, PARTNER])


@lean_kernel
def add_hit_on(st: State, side: int, points: int, cause: int, screened: bool,
               armor_side: int) -> None:
    """Damage points arriving at `side` for the next damage assessment, striking armor side
    `armor_side` (0: the side it shows the enemy then)."""
    n = st.ci[side, N_HITS]
    st.it[side, HITS_T, n, H_POINTS] = points
    st.it[side, HITS_T, n, H_CAUSE] = cause
    st.it[side, HITS_T, n, H_SCREENED] = screened
    st.it[side, HITS_T, n, H_SIDE] = armor_side
    st.ci[side, N_HITS] = n + 1


@lean_kernel
def add_hit(st: State, side: int, points: int, cause: int, screened: bool) -> None:
    """Damage points arriving at `side` for the next damage assessment, on the armor side it
    shows its attacker now (as the reference stamps each hit when it is sent)."""
    add_hit_on(st, side, points, cause, screened, st.ci[side, DIRECTION])


@lean_kernel
def send_hit(st: State, target: int, points: int, cause: int, screened: bool) -> None:
    """Damage points sent to `target` by the craft it faces: its directional screens meet
    them only when they face that craft (R29; on the track they always do)."""
    if st.ci[target, DIRECTIONAL_SCREENS] and not st.ci[target, FACES_PARTNER]:
        screened = False
    add_hit(st, target, points, cause, screened)


@lean_kernel
def add_missile(st: State, side: int, distance: float, speed: int, fuel: float) -> None:
    n = st.ci[side, N_MISSILES]
    st.ft[side, MSF_T, n, M_DISTANCE], st.ft[side, MSF_T, n, M_FUEL] = distance, fuel
    st.it[side, MSI_T, n, M_SPEED], st.it[side, MSI_T, n, M_ALIVE] = speed, 1
    st.it[side, MSI_T, n, M_FLOWN] = 0
    st.ci[side, N_MISSILES] = n + 1


@lean_kernel
def add_drone(st: State, side: int, weapon: int, distance: float, speed: float,
              accelerations: int, escort: bool) -> None:
    n = st.ci[side, N_DRONES]
    st.ft[side, DRF_T, n, D_DISTANCE], st.ft[side, DRF_T, n, D_SPEED] = distance, speed
    row = st.it[side, DRI_T, n]
    row[D_WEAPON], row[D_ACCELERATIONS], row[D_ESCORT] = weapon, accelerations, escort
    row[D_FIRED_TURN], row[D_ALIVE] = -1, 1
    st.ci[side, N_DRONES] = n + 1


@lean_kernel
def add_bolt(st: State, side: int, distance: float) -> None:
    n = st.ci[side, N_BOLTS]
    st.ft[side, BLF_T, n, 0] = distance
    bolt = st.it[side, BLI_T, n]
    bolt[B_FLOWN], bolt[B_EROSION], bolt[B_ALIVE] = 0, 0, 1
    st.ci[side, N_BOLTS] = n + 1


@lean_kernel
def add_lingering(st: State, side: int, damage: int, impulses: int, armor_side: int) -> None:
    n = st.ci[side, N_LINGERING]
    st.it[side, LG_T, n, L_DAMAGE], st.it[side, LG_T, n, L_IMPULSES] = damage, impulses
    st.it[side, LG_T, n, L_SIDE] = armor_side
    st.ci[side, N_LINGERING] = n + 1


@lean_kernel
def move_row(rows: np.ndarray, to: int, source: int, width: int) -> None:
    """The first `width` columns of row `source` of a 2-D array copied to row `to`."""
    for c in range(width):
        rows[to, c] = rows[source, c]


@lean_kernel
def drop_dead(st: State, side: int, ints: int, floats: int, alive: int, count: int,
              int_width: int, float_width: int) -> None:
    """Keep the living rows of one list (its int and float tables), in order."""
    kept = 0
    for i in range(st.ci[side, count]):
        if st.it[side, ints, i, alive]:
            if kept != i:
                move_row(st.it[side, ints], kept, i, int_width)
                move_row(st.ft[side, floats], kept, i, float_width)
            kept += 1
    st.ci[side, count] = kept


@lean_kernel
def drop_dead_missiles(st: State, side: int) -> None:
    drop_dead(st, side, MSI_T, MSF_T, M_ALIVE, N_MISSILES, M_INTS, M_FLOATS)


@lean_kernel
def drop_dead_drones(st: State, side: int) -> None:
    drop_dead(st, side, DRI_T, DRF_T, D_ALIVE, N_DRONES, D_INTS, D_FLOATS)


@lean_kernel
def drop_dead_bolts(st: State, side: int) -> None:
    drop_dead(st, side, BLI_T, BLF_T, B_ALIVE, N_BOLTS, B_INTS, B_FLOATS)


@lean_kernel
def drop_spent_lingering(st: State, side: int) -> None:
    kept = 0
    for i in range(st.ci[side, N_LINGERING]):
        if st.it[side, LG_T, i, L_IMPULSES] > 0:
            if kept != i:
                move_row(st.it[side, LG_T], kept, i, L_INTS)
            kept += 1
    st.ci[side, N_LINGERING] = kept
