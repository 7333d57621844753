"""Things that fly on the range track, compiled: missiles, drones, bolts (rules 2.4-2.6).

The compiled twin of `engine.flight` (its gun fire is in `gunnery`): movement, point
defense in each craft's hex, missiles landing, launching, the drones' fire and bolts
striking, in the reference's order, turning what lands into hits for the next damage
assessment. Every figure and formula is a rule function (`rules.flight`,
`rules.pointdefense`, `rules.fire`) the reference calls too; the loops over the arrays
and the dice they roll are this module's and the reference's, in the same order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from shipyard.core.compiled import inline_kernel, lean_kernel
from shipyard.rulesets.pentagon_war.fast import dice, fire, lists, policy
from shipyard.rulesets.pentagon_war.fast.columns import (
    B_ALIVE,
    B_EROSION,
    B_FLOWN,
    BAY_END,
    BAY_HEAD,
    BAYS_T,
    BLF_T,
    BLI_T,
    BOX,
    CAUSE_BOLT,
    CAUSE_DRONE,
    CAUSE_MISSILE,
    CAUSE_PD,
    D_ACCELERATIONS,
    D_ALIVE,
    D_DISTANCE,
    D_ESCORT,
    D_ESCORTING,
    D_FIRED_TURN,
    D_SPEED,
    D_WEAPON,
    DESTROYED,
    DORDERS_T,
    DRF_T,
    DRI_T,
    DRONE_GUNS,
    DRONE_LAUNCH,
    EVADING,
    FLEET,
    H_POINTS,
    H_SCREENED,
    HITS_T,
    HOMING_ON,
    INVISIBLE,
    LOCKED,
    M_ALIVE,
    M_DISTANCE,
    M_FUEL,
    M_SPEED,
    MSF_T,
    MSI_T,
    N_BOLTS,
    N_DRONE_ORDERS,
    N_DRONES,
    N_HITS,
    N_MISSILES,
    ON_MAP,
    PD_ALIVE,
    PD_INDEX,
    PD_KILLABLE,
    PD_KIND,
    PD_ORDER,
    PD_SIZE,
    RANGE,
    SIZE,
    SPENT,
    T_CRAFT,
    T_DRONE,
    T_MISSILE,
    VELOCITY,
)
from shipyard.rulesets.pentagon_war.fast.lists import foe
from shipyard.rulesets.pentagon_war.rules import flight as rules
from shipyard.rulesets.pentagon_war.rules import pointdefense
from shipyard.rulesets.pentagon_war.rules.figures import (
    MISSILE,
    PD_WEAPON,
    POINT_DEFENSE,
)
from shipyard.rulesets.pentagon_war.rules.fire import bolt_damage, firing_range
from shipyard.rulesets.pentagon_war.rules.launch import drones_launched
from shipyard.rulesets.pentagon_war.rules.movement import same_hex

if TYPE_CHECKING:
    import numpy as np

    from shipyard.rulesets.pentagon_war.fast.arrays import Tables
    from shipyard.rulesets.pentagon_war.fast.state import State


@inline_kernel
def busy(st: State) -> bool:
    """Whether anything is in flight, or the two craft share a hex."""
    ci = st.ci
    flying = (ci[0, N_MISSILES] + ci[0, N_DRONES] + ci[0, N_BOLTS] + ci[1, N_MISSILES]
              + ci[1, N_DRONES] + ci[1, N_BOLTS])
    return bool(flying > 0 or st.rangef[RANGE] < 1)


@lean_kernel
def move(st: State, tb: Tables, pol: np.ndarray) -> None:
    """Missiles burn fuel, bolts fly their lifetime, drones spend accelerations (2.6)."""
    if not busy(st):
        return
    for side in range(2):
        move_side(st, tb, pol, side)


@inline_kernel
def move_side(st: State, tb: Tables, pol: np.ndarray, side: int) -> None:
    """What `side` has in flight against the craft it faces moves one impulse."""
    if st.ci[side, N_MISSILES]:
        move_missiles(st, tb, side)
    if st.ci[side, N_BOLTS]:
        move_bolts(st, tb, side)
    if st.ci[side, N_DRONES]:
        move_drones(st, tb, pol, side)


@inline_kernel
def move_missiles(st: State, tb: Tables, side: int) -> None:
    """2.6: each missile closes on the craft `side` faces along the line, burning fuel."""
    f = tb.f
    closing = st.cf[foe(st, side), VELOCITY]
    for i in range(st.ci[side, N_MISSILES]):
        speed = st.it[side, MSI_T, i, M_SPEED]
        distance = rules.missile_distance(f, st.ft[side, MSF_T, i, M_DISTANCE], speed,
                                          closing)
        st.ft[side, MSF_T, i, M_DISTANCE] = distance
        fuel = rules.missile_fuel(f, st.ft[side, MSF_T, i, M_FUEL], speed)
        st.ft[side, MSF_T, i, M_FUEL] = fuel
        if rules.missile_lost(fuel, distance):
            st.it[side, MSI_T, i, M_ALIVE] = 0  # 2.6: out of fuel short of the target
    lists.drop_dead_missiles(st, side)


@inline_kernel
def move_bolts(st: State, tb: Tables, side: int) -> None:
    """2.4: each bolt closes on the craft `side` faces along the line for 12 impulses."""
    f = tb.f
    closing = st.cf[foe(st, side), VELOCITY]
    bli, blf = st.it[side, BLI_T], st.ft[side, BLF_T]
    for i in range(st.ci[side, N_BOLTS]):
        blf[i, 0] = rules.bolt_distance(f, blf[i, 0], closing)
        bli[i, B_FLOWN] += 1
        if rules.bolt_spent(f, bli[i, B_FLOWN], blf[i, 0]):
            bli[i, B_ALIVE] = 0
    lists.drop_dead_bolts(st, side)


@inline_kernel
def move_drones(st: State, tb: Tables, pol: np.ndarray, side: int) -> None:
    """2.6: each drone spends an acceleration as its captain asks, then closes."""
    f = tb.f
    closing = st.cf[foe(st, side), VELOCITY]
    dri, drf = st.it[side, DRI_T], st.ft[side, DRF_T]
    for k in range(st.ci[side, N_DRONES]):
        if not dri[k, D_ALIVE]:
            continue
        # 2.6: each change of velocity spends one of the drone's accelerations.
        thrust = policy.drone_thrust(st, tb, pol, side, k)
        if thrust and dri[k, D_ACCELERATIONS] > 0:
            changed = rules.drone_speed(f, drf[k, D_SPEED], thrust)
            if rules.within_top_speed(f, changed):
                drf[k, D_SPEED] = changed
                dri[k, D_ACCELERATIONS] -= 1
        # A drone may fly past its target: the distance then goes below 0.
        drf[k, D_DISTANCE] = rules.drone_distance(f, drf[k, D_DISTANCE], drf[k, D_SPEED],
                                                  closing)
    lists.drop_dead_drones(st, side)


@lean_kernel
def battery(st: State, tb: Tables, n: int, boxes: int) -> int:
    """One battery's shot at each live target in the order given, while boxes last (2.5:
    never twice at one target in an impulse); the damage points scored on a craft in the
    hex. Killed targets are marked in the point-defense scratch."""
    pd = st.xi
    scored, unused = 0, boxes
    for j in range(n):
        if unused <= 0:
            break
        t = pd[PD_ORDER, j]
        if not pd[PD_ALIVE, t]:
            continue
        number = pointdefense.kill_number(tb.f, unused, pd[PD_SIZE, t])
        unused -= 1
        if pointdefense.succeeds(dice.d6(st.rng), number):
            if pd[PD_KILLABLE, t]:
                pd[PD_ALIVE, t] = 0
            else:
                scored += tb.f.pd_damage
    return scored


@lean_kernel
def point_defense(st: State, tb: Tables) -> None:
    """Each side's point defense at what is in its hex, then the missiles that land."""
    for side in range(2):
        defend(st, tb, side)


@inline_kernel
def defend(st: State, tb: Tables, side: int) -> None:
    """`side`'s point defense at what the craft it faces has in its hex, then what lands."""
    pd, ci = st.xi, st.ci
    close = same_hex(st.rangef[RANGE])
    enemy = foe(st, side)
    n = 0
    for i in range(ci[enemy, N_MISSILES]):
        if same_hex(st.ft[enemy, MSF_T, i, M_DISTANCE]):
            pd[PD_KIND, n], pd[PD_INDEX, n], pd[PD_SIZE, n] = T_MISSILE, i, tb.f.missile_size
            pd[PD_KILLABLE, n] = 1
            n += 1
    for k in range(ci[enemy, N_DRONES]):
        if st.it[enemy, DRI_T, k, D_ALIVE] and same_hex(abs(st.ft[enemy, DRF_T, k,
                                                                 D_DISTANCE])):
            pd[PD_KIND, n], pd[PD_INDEX, n], pd[PD_SIZE, n] = T_DRONE, k, tb.f.drone_size
            pd[PD_KILLABLE, n] = 1
            n += 1
    if close:
        pd[PD_KIND, n], pd[PD_INDEX, n], pd[PD_SIZE, n] = T_CRAFT, 0, ci[enemy, SIZE]
        pd[PD_KILLABLE, n] = 0
        n += 1
    if n == 0 or ci[side, DESTROYED]:
        missiles_land(st, tb, side)
        return
    # Captain.point_defense: missiles first, then drones, then a craft in the hex.
    for t in range(n):
        pd[PD_ALIVE, t] = 1
        j = t
        while j > 0 and _before(pd, t, pd[PD_ORDER, j - 1]):
            pd[PD_ORDER, j] = pd[PD_ORDER, j - 1]
            j -= 1
        pd[PD_ORDER, j] = t
    locked = ci[side, LOCKED] != 0
    scored = battery(st, tb, n, pointdefense.working_boxes(
        tb.f, ci[side, BOX + POINT_DEFENSE], locked, ci[side, EVADING] != 0))
    for k in range(ci[side, N_DRONES]):  # escorts in the launcher's hex (2.6)
        if not (st.it[side, DRI_T, k, D_ESCORT] and st.it[side, DRI_T, k, D_ALIVE]):
            continue
        if (st.it[side, DRI_T, k, D_ESCORTING] if ci[side, ON_MAP]  # R31: in its hex
                else same_hex(abs(st.ft[side, DRF_T, k, D_DISTANCE] - st.rangef[RANGE]))):
            scored += battery(st, tb, n, pointdefense.working_boxes(tb.f, tb.f.drone_pd,
                                                                    locked, False))
    for t in range(n):
        if pd[PD_ALIVE, t] or pd[PD_KIND, t] == T_CRAFT:
            continue
        if pd[PD_KIND, t] == T_MISSILE:
            st.it[enemy, MSI_T, pd[PD_INDEX, t], M_ALIVE] = 0
            # 2.6: a destroyed missile explodes for half its warhead in its hex, its
            # launcher struck too when there.
            lists.add_hit(st, side, rules.shot_down_points(tb.f), CAUSE_MISSILE, True)
            if rules.blast_reaches_launcher(st.rangef[RANGE]):
                lists.send_hit(st, enemy, rules.shot_down_points(tb.f), CAUSE_MISSILE, True)
        else:
            st.it[enemy, DRI_T, pd[PD_INDEX, t], D_ALIVE] = 0
    if scored:
        lists.send_hit(st, enemy, scored, CAUSE_PD, True)
    missiles_land(st, tb, side)


@lean_kernel
def _before(pd: np.ndarray, a: int, b: int) -> bool:
    """Whether target `a` comes before target `b`: (not killable, size class, index)."""
    key_a, key_b = 1 - pd[PD_KILLABLE, a], 1 - pd[PD_KILLABLE, b]
    if key_a != key_b:
        return bool(key_a < key_b)
    return bool(pd[PD_SIZE, a] < pd[PD_SIZE, b])


@lean_kernel
def missiles_land(st: State, tb: Tables, side: int) -> None:
    """2.6: a missile in its target's hex hits for its full warhead; the hex takes half."""
    enemy = foe(st, side)
    for i in range(st.ci[enemy, N_MISSILES]):
        if st.it[enemy, MSI_T, i, M_ALIVE] and same_hex(st.ft[enemy, MSF_T, i, M_DISTANCE]):
            st.it[enemy, MSI_T, i, M_ALIVE] = 0
            # 2.4: it misses an evading craft 1 time in 6, and is detonated beside it.
            if st.ci[side, EVADING] and rules.seeker_misses(tb.f, dice.d6(st.rng)):
                lists.add_hit(st, side, rules.shot_down_points(tb.f), CAUSE_MISSILE, True)
                if rules.blast_reaches_launcher(st.rangef[RANGE]):
                    lists.send_hit(st, enemy, rules.shot_down_points(tb.f), CAUSE_MISSILE, True)
                continue
            lists.add_hit(st, side, tb.f.warhead, CAUSE_MISSILE, True)
            if same_hex(st.rangef[RANGE]):
                lists.send_hit(st, enemy, rules.hex_share(tb.f), CAUSE_MISSILE, True)
    lists.drop_dead_missiles(st, enemy)
    if st.ci[enemy, N_DRONES]:
        lists.drop_dead_drones(st, enemy)


@lean_kernel
def lose_tracks(st: State, tb: Tables, side: int) -> None:
    """2.9: as `side` turns radar invisibility on, each enemy missile, then each
    bolt, homing on it rolls a die and loses its tracking on 1-4 (`engine.invisibility`)."""
    for enemy in range(st.ci.shape[0]):  # every craft of the other fleet whose seekers
        if (st.ci[enemy, FLEET] != st.ci[side, FLEET]  # home on `side` (the reference's
                and st.ci[enemy, HOMING_ON] == side):  # `homing_on`), in order
            lose_tracks_of(st, tb, enemy)


@lean_kernel
def lose_tracks_of(st: State, tb: Tables, enemy: int) -> None:
    """Each of `enemy`'s missiles, then bolts, rolls to keep its track (2.9)."""
    for i in range(st.ci[enemy, N_MISSILES]):
        if st.it[enemy, MSI_T, i, M_ALIVE] and rules.tracking_lost(tb.f, dice.d6(st.rng)):
            st.it[enemy, MSI_T, i, M_ALIVE] = 0
    for i in range(st.ci[enemy, N_BOLTS]):
        if st.it[enemy, BLI_T, i, B_ALIVE] and rules.tracking_lost(tb.f, dice.d6(st.rng)):
            st.it[enemy, BLI_T, i, B_ALIVE] = 0
    lists.drop_dead_missiles(st, enemy)
    lists.drop_dead_bolts(st, enemy)


@lean_kernel
def seeker_lost(st: State, tb: Tables, side: int) -> bool:
    """2.4: a seeking weapon launched by an evading craft fails to acquire its target 1 time
    in 6 (a die is rolled only for an evader)."""
    return bool(st.ci[side, EVADING] and rules.seeker_lost(tb.f, dice.d6(st.rng)))


@lean_kernel
def launch(st: State, tb: Tables, side: int, missiles: int, rail: int, drones: int) -> None:
    """Missiles (some by rail) and drones leave the craft (2.6)."""
    ci = st.ci
    if ci[side, DESTROYED] or not (missiles or drones):
        return
    missiles = max(0, min(missiles, ci[side, BOX + MISSILE]))
    rail = rules.rail_launches(tb.f, rail, missiles, policy.power(st, side))
    ci[side, SPENT] += rail * tb.f.rail_launch
    for k in range(missiles):
        speed = rules.missile_launch_speed(tb.f, k < rail)
        ci[side, BOX + MISSILE] -= 1
        if not seeker_lost(st, tb, side):
            lists.add_missile(st, side, st.rangef[RANGE], speed, tb.f.missile_fuel)
    drones = drones_launched(ci[side, DRONE_LAUNCH], ci[side, BAY_END] - ci[side, BAY_HEAD],
                             drones)
    for _ in range(drones):
        weapon = st.it[side, BAYS_T, ci[side, BAY_HEAD], 0]
        ci[side, BAY_HEAD] += 1
        escort = weapon == PD_WEAPON
        # 2.6: launched within 3 of the launcher's speed; escorts keep its speed.
        lists.add_drone(st, side, weapon, st.rangef[RANGE],
                        rules.drone_launch_speed(tb.f, st.cf[side, VELOCITY], escort),
                        tb.f.drone_accelerations, escort)
    if missiles or drones:
        ci[side, INVISIBLE] = 0  # R22: launching gives it away for the rest of the turn


@lean_kernel
def drone_orders(st: State, tb: Tables, pol: np.ndarray, side: int, turn: int,
                 impulse: int) -> None:
    """The drones that will fire this impulse, decided with the craft's own fire (2.1)."""
    ci, enemy = st.ci, foe(st, side)
    n = 0
    if not ci[enemy, DESTROYED]:
        locked, evading = ci[side, LOCKED] != 0, ci[enemy, EVADING] != 0
        for k in range(ci[side, N_DRONES]):
            if (not st.it[side, DRI_T, k, D_ESCORT] and st.it[side, DRI_T, k, D_ALIVE]
                    and st.it[side, DRI_T, k, D_FIRED_TURN] != turn
                    and tb.kinds[DRONE_GUNS, st.it[side, DRI_T, k, D_WEAPON]]
                    and policy.drone_fires(st, tb, pol, side, k, locked, evading, impulse)):
                st.it[side, DORDERS_T, n, 0] = k
                n += 1
    ci[side, N_DRONE_ORDERS] = n


@lean_kernel
def drone_fire(st: State, tb: Tables, side: int, turn: int) -> None:
    """Each announced drone fires its weapon, at most once per turn (2.6)."""
    ci, enemy = st.ci, foe(st, side)
    locked = ci[side, LOCKED] != 0  # 2.6: the launcher's lock
    for j in range(ci[side, N_DRONE_ORDERS]):
        k = st.it[side, DORDERS_T, j, 0]
        if not st.it[side, DRI_T, k, D_ALIVE] or st.it[side, DRI_T, k, D_FIRED_TURN] == turn or ci[
                enemy, DESTROYED]:
            continue
        st.it[side, DRI_T, k, D_FIRED_TURN] = turn
        hexes = int(abs(st.ft[side, DRF_T, k, D_DISTANCE]))
        effective = firing_range(tb.f, hexes, locked)
        _, damage, _ = fire.volley(tb, st.rng, st.it[side, DRI_T, k, D_WEAPON], effective,
                                        ci[enemy, SIZE], int(ci[enemy, EVADING]))
        if damage > 0:
            lists.send_hit(st, enemy, damage, CAUSE_DRONE, True)


@lean_kernel
def bolts_strike(st: State, tb: Tables) -> None:
    """A bolt reaching its target strikes for the damage of the hexes it flew (2.4)."""
    for side in range(2):
        bolts_land(st, tb, side)


@inline_kernel
def bolts_land(st: State, tb: Tables, side: int) -> None:
    """`side`'s bolts that reached the hex of the craft it faces strike it (2.4)."""
    enemy = foe(st, side)
    for i in range(st.ci[side, N_BOLTS]):
        if st.it[side, BLI_T, i, B_ALIVE] and same_hex(st.ft[side, BLF_T, i, 0]):
            st.it[side, BLI_T, i, B_ALIVE] = 0
            # 2.4: a seeking weapon misses an evading craft 1 time in 6.
            if st.ci[enemy, EVADING] and rules.seeker_misses(tb.f, dice.d6(st.rng)):
                continue
            damage = rules.bolt_strikes_for(tb.f, tb.seqs, st.it[side, BLI_T, i, B_FLOWN],
                                            st.it[side, BLI_T, i, B_EROSION])
            if damage:
                lists.send_hit(st, enemy, damage, CAUSE_BOLT, True)
    lists.drop_dead_bolts(st, side)


@inline_kernel
def arriving(st: State, tb: Tables, side: int) -> int:
    """Points already on their way to `side` that its screens will meet: missiles that
    reached its hex (and those shot down there), bolts striking this impulse."""
    points = 0
    for h in range(st.ci[side, N_HITS]):
        if st.it[side, HITS_T, h, H_SCREENED]:
            points += st.it[side, HITS_T, h, H_POINTS]
    return points + bolts_arriving(st, tb, foe(st, side))


@inline_kernel
def bolts_arriving(st: State, tb: Tables, enemy: int) -> int:
    """Points `enemy`'s bolts reaching their target's hex strike for this impulse."""
    points = 0
    for i in range(st.ci[enemy, N_BOLTS]):
        if st.it[enemy, BLI_T, i, B_ALIVE] and same_hex(st.ft[enemy, BLF_T, i, 0]):
            points += max(1, bolt_damage(tb.f, tb.seqs, st.it[enemy, BLI_T, i, B_FLOWN])
                          - st.it[enemy, BLI_T, i, B_EROSION])
    return points
