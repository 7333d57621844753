"""What a compiled captain weighs: firepower by range and facing, threats, the race.

The compiled twin of `engine.judgement` (pure estimates from the odds tables and the
craft's boxes; nothing here rolls a die or changes a craft). Every formula is a function
of `rules.race` (and `rules.fire`, `rules.flight`) the reference calls too; the loops
over the arrays are this module's and the reference's, summing in the same order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from shipyard.core.compiled import inline_kernel, lean_kernel
from shipyard.rulesets.pentagon_war.fast import damage
from shipyard.rulesets.pentagon_war.fast import thrust as thrusting
from shipyard.rulesets.pentagon_war.fast.columns import (
    ARMOR,
    B_ALIVE,
    B_EROSION,
    B_FLOWN,
    BAY_END,
    BAY_HEAD,
    BAYS_T,
    BEST,
    BLF_T,
    BLI_T,
    BOX,
    CHANCE,
    CHARGE,
    COSTED,
    COVERING,
    D_ALIVE,
    D_DISTANCE,
    D_ESCORT,
    D_FIRED_TURN,
    D_WEAPON,
    DRF_T,
    DRI_T,
    EVADING,
    EXPLOSION,
    G_ARCS,
    G_BOXES,
    G_LAST_IMPULSE,
    G_LAST_TURN,
    G_SHOTS,
    G_TYPE,
    GN_T,
    IS_BASE,
    LOCKED,
    M_ALIVE,
    M_DISTANCE,
    M_SPEED,
    MANNED,
    MEAN,
    MSF_T,
    MSI_T,
    N_BOLTS,
    N_DRONES,
    N_GUNS,
    N_MISSILES,
    N_WEAPONS,
    NEEDS_FUEL,
    RADAR_END,
    RADAR_TOP,
    RANGE,
    REINFORCEMENT,
    SIZE,
    SPENT,
    VELOCITY,
    W_ARCS,
    W_BOXES,
    W_FIRED,
    W_TYPE,
    WG_T,
)
from shipyard.rulesets.pentagon_war.fast.lists import foe
from shipyard.rulesets.pentagon_war.rules import flight, movement, race
from shipyard.rulesets.pentagon_war.rules.figures import (
    ACID,
    BEAM,
    DIRECT_KINDS,
    ENGINE,
    FUEL_TANK,
    MISSILE,
    RADIATION,
    RESTS,
    SCREEN,
)
from shipyard.rulesets.pentagon_war.rules.fire import firing_range
from shipyard.rulesets.pentagon_war.rules.movement import same_hex
from shipyard.rulesets.pentagon_war.rules.power import reinforcement_room

if TYPE_CHECKING:

    from shipyard.rulesets.pentagon_war.fast.arrays import Tables
    from shipyard.rulesets.pentagon_war.fast.state import State

DRONE_STATION = 1  # the range judgement.drone_damage rates drones at (their station)


@inline_kernel
def group_damage(tb: Tables, kind: int, boxes: int, hexes: int, size: int,
                 evaders: int) -> float:
    """Mean damage of one shot of `boxes` weapons of `kind` at `hexes` (0 for beams), with
    `evaders` of firer and target evading (`rules.race.group_damage`)."""
    mean, chance = 0.0, 0.0
    if kind < DIRECT_KINDS:
        h = min(hexes, tb.f.rcap)
        mean, chance = tb.odds[MEAN, kind, h, size, evaders], tb.odds[CHANCE, kind, h, size,
                                                                      evaders]
    return race.group_damage(tb.f, tb.seqs, kind, boxes, hexes, mean, chance)


@lean_kernel
def screened(tb: Tables, kind: int, boxes: int, hexes: int, size: int,
             evaders: int) -> tuple[float, float]:
    """Mean and best-case damage one shot puts to the screens this impulse
    (`rules.race.screened`)."""
    if kind >= DIRECT_KINDS:
        return race.screened(tb.f, kind, boxes, 0.0, 0.0, 0)
    h = min(hexes, tb.f.rcap)
    return race.screened(tb.f, kind, boxes, tb.odds[MEAN, kind, h, size, evaders],
                         tb.odds[CHANCE, kind, h, size, evaders],
                         int(tb.odds[BEST, kind, h, size, evaders]))


@lean_kernel
def bearing(st: State, tb: Tables, side: int, direction: int, hexes: int, size: int,
            evaders: int) -> tuple[float, float]:
    """Mean damage of the secondary weapons, and of the guns, that bear in `direction`."""
    arcs = tb.seqs[COVERING, direction]
    weapons, guns = 0.0, 0.0
    for g in range(st.ci[side, N_WEAPONS]):
        if st.it[side, WG_T, g, W_ARCS] & arcs:
            weapons += group_damage(tb, st.it[side, WG_T, g, W_TYPE],
                                    st.it[side, WG_T, g, W_BOXES], hexes, size, evaders)
    for g in range(st.ci[side, N_GUNS]):
        boxes = st.it[side, GN_T, g, G_BOXES]
        if boxes > 0 and st.it[side, GN_T, g, G_ARCS] & arcs:
            kind = st.it[side, GN_T, g, G_TYPE]
            guns += group_damage(tb, kind, 1 if kind == RADIATION else boxes, hexes, size,
                                 evaders)
    return weapons, guns


@lean_kernel
def drone_damage(st: State, tb: Tables, side: int, evaders: int) -> float:
    """What a carrier's drones (aboard and out) may deal in a turn from their station."""
    ci = st.ci
    if ci[side, N_DRONES] == 0 and ci[side, BAY_END] == ci[side, BAY_HEAD]:
        return 0.0
    size = ci[foe(st, side), SIZE]
    total = 0.0
    for weapon in range(tb.kinds.shape[1]):  # the drone weapons that fire at craft (2.6)
        if not tb.kinds[COSTED, weapon]:
            continue
        count = 0
        for k in range(ci[side, N_DRONES]):
            if st.it[side, DRI_T, k, D_ALIVE] and st.it[side, DRI_T, k, D_WEAPON] == weapon:
                count += 1
        for b in range(ci[side, BAY_HEAD], ci[side, BAY_END]):
            if st.it[side, BAYS_T, b, 0] == weapon:
                count += 1
        if count:
            total += count * tb.odds[MEAN, weapon, DRONE_STATION, size, evaders]
    return float(tb.f.drone_survival * total)


@lean_kernel
def net_per_turn(st: State, tb: Tables, side: int, hexes: int, drones: float,
                 evaders: int) -> float:
    """Damage per turn past the enemy's screens at `hexes`, facing the best way; `drones`
    is `drone_damage` of the side (everything fires in one impulse; guns every other),
    `evaders` the count of evading craft on the side's own rolls."""
    screens = st.ci[foe(st, side), BOX + SCREEN]
    size = st.ci[foe(st, side), SIZE]
    best = 0.0
    for direction in range(1, 7):
        weapons, guns = bearing(st, tb, side, direction, hexes, size, evaders)
        best = max(best, race.net_volley(weapons, guns, drones, screens))
    return best


@lean_kernel
def evasion_pays(st: State, tb: Tables, side: int, hexes: int) -> bool:
    """Whether evading improves the damage race at `hexes` (judgement.evasion_pays)."""
    enemy = foe(st, side)
    mine = net_per_turn(st, tb, side, hexes, drone_damage(st, tb, side, 0), 0)
    theirs = net_per_turn(st, tb, enemy, hexes, drone_damage(st, tb, enemy, 0), 0)
    mine_evading = net_per_turn(st, tb, side, hexes, drone_damage(st, tb, side, 0), 1)
    theirs_evading = net_per_turn(st, tb, enemy, hexes, drone_damage(st, tb, enemy, 1), 1)
    return bool(mine_evading * theirs > mine * theirs_evading)


@lean_kernel
def hiding_pays(st: State, tb: Tables, side: int, hexes: int) -> bool:
    """Whether hiding, radar off, improves the race at `hexes` (judgement.hiding_pays)."""
    enemy = foe(st, side)
    far = firing_range(tb.f, hexes, False)
    mine = net_per_turn(st, tb, side, hexes, drone_damage(st, tb, side, 0), 0)
    theirs = net_per_turn(st, tb, enemy, hexes, drone_damage(st, tb, enemy, 0), 0)
    mine_hidden = net_per_turn(st, tb, side, far, drone_damage(st, tb, side, 0), 0)
    theirs_hidden = net_per_turn(st, tb, enemy, far, drone_damage(st, tb, enemy, 0), 0)
    return bool(mine_hidden * theirs > mine * theirs_hidden
                or (mine_hidden >= mine and theirs_hidden < theirs))


@lean_kernel
def lock_matters(st: State, side: int) -> bool:
    """Whether a lock-on matters beyond the craft's own fire (judgement.lock_matters)."""
    ci, enemy = st.ci, foe(st, side)
    return bool(ci[enemy, N_MISSILES] or ci[enemy, BOX + MISSILE] or ci[enemy, N_DRONES]
                or ci[enemy, BAY_END] > ci[enemy, BAY_HEAD] or ci[side, N_DRONES]
                or ci[side, BAY_END] > ci[side, BAY_HEAD])


@inline_kernel
def total_boxes(st: State, side: int) -> int:
    """Every destroyable box left (the free radar 0 box is not destroyable)."""
    ci = st.ci
    total = 0
    for i in range(14):
        total += ci[side, BOX + i]
    for i in range(7):
        total += ci[side, ARMOR + i]
    total += ci[side, RADAR_END] - ci[side, RADAR_TOP] - 1
    for g in range(ci[side, N_WEAPONS]):
        total += st.it[side, WG_T, g, W_BOXES]
    for g in range(ci[side, N_GUNS]):
        total += st.it[side, GN_T, g, G_BOXES]
    return int(total)


@inline_kernel
def arms_boxes(st: State, side: int) -> int:
    """The boxes of every weapon group and gun left: what its firepower depends on."""
    total = 0
    for g in range(st.ci[side, N_WEAPONS]):
        total += st.it[side, WG_T, g, W_BOXES]
    for g in range(st.ci[side, N_GUNS]):
        total += st.it[side, GN_T, g, G_BOXES]
    return int(total)


@inline_kernel
def durability(st: State, side: int) -> float:
    return float(max(total_boxes(st, side), 1))


@inline_kernel
def blast_share(st: State, tb: Tables, strength: float, victim: int, hexes: int) -> float:
    """Share of `victim` a death explosion of `strength` at `hexes` destroys past its
    screens (judgement.blast_share)."""
    return race.blast_share(tb.fv[EXPLOSION], strength, hexes, st.ci[victim, BOX + SCREEN],
                            durability(st, victim))


@lean_kernel
def strike_now(st: State, tb: Tables, me: int, turn: int, clock: int, raised: bool) -> float:
    """The most damage that could strike `me` this impulse past its screens, at best rolls;
    `raised` counts the screens it could still raise too (judgement.strike_now)."""
    ci, enemy, size = st.ci, foe(st, me), st.ci[me, SIZE]
    locked = ci[enemy, LOCKED] != 0
    hexes = min(firing_range(tb.f, int(st.rangef[RANGE]), locked), tb.f.rcap)
    evaders = int(ci[enemy, EVADING]) + int(ci[me, EVADING])
    screened, unscreened = 0.0, 0
    for g in range(ci[enemy, N_WEAPONS]):
        left = st.it[enemy, WG_T, g, W_BOXES] - st.it[enemy, WG_T, g, W_FIRED]
        kind = st.it[enemy, WG_T, g, W_TYPE]
        if left > 0 and kind != BEAM:
            screened += left * tb.odds[BEST, kind, hexes, size, evaders]
    for g in range(ci[enemy, N_GUNS]):
        gun = st.it[enemy, GN_T, g]
        kind = gun[G_TYPE]
        if (gun[G_BOXES] <= 0 or gun[G_SHOTS]
                or not flight.gun_rested(gun[G_LAST_TURN], turn, tb.kinds[RESTS, kind])):
            continue
        if kind == RADIATION:
            screened += tb.odds[BEST, kind, hexes, size, evaders]
        elif (kind == ACID and flight.acid_gum_ready(tb.f, clock, gun[G_LAST_IMPULSE],
                                                     gun[G_BOXES])
              and tb.odds[BEST, kind, hexes, size, evaders] > 0):
            screened += tb.f.acid_impact
            unscreened += tb.f.acid_lingering * tb.f.acid_lingering_impulses
    for k in range(ci[enemy, N_DRONES]):
        weapon = st.it[enemy, DRI_T, k, D_WEAPON]
        if (st.it[enemy, DRI_T, k, D_ALIVE] and not st.it[enemy, DRI_T, k, D_ESCORT]
                and st.it[enemy, DRI_T, k, D_FIRED_TURN] != turn and tb.kinds[COSTED, weapon]):
            gap = firing_range(tb.f, int(abs(st.ft[enemy, DRF_T, k, D_DISTANCE])), locked)
            screened += tb.odds[BEST, weapon, min(gap, tb.f.rcap), size, int(ci[me, EVADING])]
    velocity = st.cf[me, VELOCITY]
    for i in range(ci[enemy, N_MISSILES]):  # those that reach my hex this impulse
        if st.it[enemy, MSI_T, i, M_ALIVE] and same_hex(flight.missile_distance(
                tb.f, st.ft[enemy, MSF_T, i, M_DISTANCE], st.it[enemy, MSI_T, i, M_SPEED],
                velocity)):
            screened += tb.f.warhead
    for i in range(ci[enemy, N_BOLTS]):
        if st.it[enemy, BLI_T, i, B_ALIVE] and same_hex(flight.bolt_distance(
                tb.f, st.ft[enemy, BLF_T, i, 0], velocity)):
            screened += flight.bolt_strikes_for(tb.f, tb.seqs, st.it[enemy, BLI_T, i, B_FLOWN] + 1,
                                                st.it[enemy, BLI_T, i, B_EROSION])
    screens = damage.screen_strength(st, tb, me) + (raisable(st, tb, me) if raised else 0)
    return float(max(0.0, screened - screens) + unscreened)


@lean_kernel
def raisable(st: State, tb: Tables, side: int) -> int:
    """Screen points `side` could still buy this turn (judgement.raisable)."""
    ci = st.ci
    return int(reinforcement_room(tb.f, ci[side, BOX + SCREEN], ci[side, REINFORCEMENT],
                                  ci[side, CHARGE] - ci[side, SPENT]))


@inline_kernel
def working_engines(st: State, side: int) -> int:
    return int(movement.working_engines(st.ci[side, BOX + ENGINE], st.ci[side, BOX + FUEL_TANK],
                                        st.ci[side, NEEDS_FUEL] != 0, False))


@inline_kernel
def can_run(st: State, side: int) -> bool:
    return not st.ci[side, IS_BASE] and working_engines(st, side) > 0


@lean_kernel
def closing(st: State, tb: Tables, side: int) -> tuple[float, float]:
    """Speed toward the enemy now, and the speed a turn its engines add (judgement.closing)."""
    speed = max(0.0, st.cf[side, VELOCITY])
    if thrusting.engines_pushing(st, side, thrusting.AHEAD, 1) <= 0:
        return speed, 0.0
    size = movement.rate_size(st.ci[side, SIZE])
    engines = working_engines(st, side)
    return speed, float(tb.accel[st.ci[side, MANNED], engines, size, 0] * tb.f.impulses)


@inline_kernel
def can_close(st: State, side: int) -> bool:
    """Whether `side` can come nearer: engines pushing it toward, or drifting toward."""
    return bool(thrusting.engines_pushing(st, side, thrusting.AHEAD, 1) > 0
                or st.cf[side, VELOCITY] > 0.0)


@lean_kernel
def top_rate(st: State, tb: Tables, side: int, direction: int, thrust: int) -> float:
    """The speed a turn of thrust facing `direction` adds at best (judgement.top_rate)."""
    engines = thrusting.engines_pushing(st, side, direction, thrust)
    if engines <= 0:
        return 0.0
    manned, size = st.ci[side, MANNED], movement.rate_size(st.ci[side, SIZE])
    return float(race.top_rate(tb.accel[manned, engines, size, 0],
                               tb.accel[manned, engines, size, 1], manned != 0, tb.f.impulses))


@lean_kernel
def outruns(st: State, tb: Tables, side: int) -> bool:
    """Whether `side`, thrusting away but on the last impulse, gains on the enemy."""
    return bool(race.outruns(top_rate(st, tb, side, thrusting.ASTERN, -1),
                             top_rate(st, tb, foe(st, side), thrusting.AHEAD, 1), tb.f.impulses))
