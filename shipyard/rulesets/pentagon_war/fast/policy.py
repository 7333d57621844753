"""The compiled captains' decisions (the twin of `engine.policy` and the captain base).

The four captains of the reference (`default`, `brawler`, `sniper`, `carrier`) share
their reasoning and differ in a few figures, held per side in `Duelists.pol`. Each function
answers what the method of the same name answers; the duel loop checks every answer
against the rules, as it does for the readable engine. Fire orders are in `aiming`.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from shipyard.core.compiled import inline_kernel, lean_kernel
from shipyard.rulesets.pentagon_war.fast import damage, judgement
from shipyard.rulesets.pentagon_war.fast import thrust as thrusting
from shipyard.rulesets.pentagon_war.fast.columns import (
    AIM_BOXES,
    AIM_DIRECTION,
    AIM_HEXES,
    AIM_REACHES,
    AIM_SIZE,
    ARMOR,
    BAY_END,
    BAY_HEAD,
    BEST,
    BOX,
    CAN_INVISIBLE,
    CHARGE,
    D_ACCELERATIONS,
    D_ALIVE,
    D_DISTANCE,
    D_ESCORT,
    D_SPEED,
    D_WEAPON,
    DIRECTION,
    DRF_T,
    DRI_T,
    ECCM,
    ECM,
    ENGAGED,
    EVASIVE,
    G_BOXES,
    G_LAST_TURN,
    G_TYPE,
    GN_T,
    INVISIBILITY_COST,
    IS_BASE,
    LAST_ROTATION,
    MANNED,
    N_DRONES,
    N_GUNS,
    N_WEAPONS,
    NETS,
    NETS_KEY,
    NETS_KEYS,
    P_ADAPTIVE,
    P_CRASH_FAR,
    P_DRONE_HOLD,
    P_DRONE_RANGE,
    P_EVADE,
    P_FIRE_RANGE,
    P_MISSILE_RANGE,
    P_MISSILES_PER_IMPULSE,
    P_PREFERRED,
    PLANNED,
    RADAR_END,
    RADAR_T,
    RADAR_TOP,
    RANGE,
    RANGES,
    RUNNING,
    SIZE,
    SPECIAL_ELECTRONICS,
    SPENT,
    TO_LIVE,
    VELOCITY,
    W_BOXES,
    W_FIRED,
    W_TYPE,
    WANTED_RANGE,
    WENT_INVISIBLE,
    WG_T,
)
from shipyard.rulesets.pentagon_war.fast.lists import foe
from shipyard.rulesets.pentagon_war.rules import flight, movement, race
from shipyard.rulesets.pentagon_war.rules.electronics import jammed_box
from shipyard.rulesets.pentagon_war.rules.figures import (
    AUX_CONTROL,
    BEAM,
    CAPACITOR,
    COSTS,
    MAIN_CONTROL,
    MISSILE,
    RESTS,
    SCREEN,
)
from shipyard.rulesets.pentagon_war.rules.fire import firing_range

if TYPE_CHECKING:
    import numpy as np

    from shipyard.rulesets.pentagon_war.fast.arrays import Tables
    from shipyard.rulesets.pentagon_war.fast.state import State

# The captains' rules of thumb written as literals in engine.policy (named here).
TURN_ONE_ECM_POWER = 4  # allocate: turn 1 expects the enemy's capacitor // 4 of ECM
ECCM_SHARE = 3  # allocate: ECCM may take a third of the power when spare is short
ECM_LEAD = 2  # allocate: ECM up to the enemy's ECCM + 2
WEAPON_POWER_SLACK = 24  # weapon_power: no volley if nearer than this past the plan
RATING_DIGITS = 6  # best_direction rounds firepower to this many digits
BASE_MARGIN = 1e-9  # base_direction: a better score by more than this
REAR = 4  # the rear side and the direction away from the enemy
AHEAD = 1  # the enemy dead ahead


@inline_kernel
def has_control(st: State, side: int) -> bool:
    return bool(st.ci[side, BOX + MAIN_CONTROL] + st.ci[side, BOX + AUX_CONTROL] > 0)


@inline_kernel
def power(st: State, side: int) -> int:
    return int(st.ci[side, CHARGE] - st.ci[side, SPENT])


@inline_kernel
def beam_boxes(st: State, side: int) -> int:
    total = 0
    for g in range(st.ci[side, N_WEAPONS]):
        if st.it[side, WG_T, g, W_TYPE] == BEAM:
            total += st.it[side, WG_T, g, W_BOXES]
    return total


@lean_kernel
def nets(st: State, tb: Tables, side: int, drones: float) -> None:
    """`judgement.net_per_turn` of `side` at each range a captain weighs, with `drones` its
    drones' damage: worked out afresh only when its weapon and gun boxes, the enemy's
    screen boxes or `drones` changed since (boxes are only ever lost, so their count
    says whether any changed), as engine.judgement remembers races and bearings. They
    are kept in `cf[side, NETS:]`."""
    cf, n = st.cf[side], tb.f.n_ranges
    found, key = cf[NETS:NETS + n], cf[NETS_KEY:NETS_KEY + NETS_KEYS]
    arms = float(judgement.arms_boxes(st, side))
    enemy = foe(st, side)
    screens = float(st.ci[enemy, BOX + SCREEN])
    against = 1.0 + enemy  # whom they were worked out against (on the map it changes)
    if key[0] == against and key[1] == arms and key[2] == screens and key[3] == drones:
        return
    ranges = tb.seqs[RANGES, :n]
    for r in range(n):
        found[r] = judgement.net_per_turn(st, tb, side, ranges[r], drones, 0)
    key[0], key[1], key[2], key[3] = against, arms, screens, drones


@lean_kernel
def plan(st: State, tb: Tables, pol: np.ndarray, side: int, turn: int) -> None:
    """The range to hold this turn (Policy.plan), worked out once a turn."""
    ci = st.ci
    if ci[side, PLANNED] == turn:
        return
    ci[side, PLANNED] = turn
    enemy = foe(st, side)
    carrier = ci[side, BAY_END] > ci[side, BAY_HEAD]
    for k in range(ci[side, N_DRONES]):
        if st.it[side, DRI_T, k, D_ALIVE] and not st.it[side, DRI_T, k, D_ESCORT]:
            carrier = True
    preferred = float(pol[side, P_PREFERRED])
    mine_drones = judgement.drone_damage(st, tb, side, 0)
    theirs_drones = judgement.drone_damage(st, tb, enemy, 0)
    mine_boxes = judgement.durability(st, side)
    theirs_boxes = judgement.durability(st, enemy)
    mine_blast = damage.explosion_strength(st, tb, side)
    theirs_blast = damage.explosion_strength(st, tb, enemy)
    best_ratio, best_range = 0.0, preferred
    n = tb.f.n_ranges
    ranges = tb.seqs[RANGES, :n]
    # What each side's weapons put past the other's screens, per range, is remembered
    # while its weapons, the other's screens and its drones stay (nets).
    nets(st, tb, side, mine_drones)
    nets(st, tb, enemy, theirs_drones)
    mine_nets, theirs_nets = st.cf[side, NETS:NETS + n], st.cf[enemy, NETS:NETS + n]
    st.xf[2, :n] = 0.0
    mines, theirs_all, used = st.xf[0], st.xf[1], st.xf[2]  # scratch rows (no PD in a plan)
    for r in range(n):
        hexes = ranges[r]
        if carrier and hexes > tb.f.carrier_reach:
            continue  # its drones must get there
        mine = mine_nets[r] / theirs_boxes
        theirs = theirs_nets[r] / mine_boxes
        # 2.7: whoever destroys the other meets its death explosion (judgement.races).
        mines[r], theirs_all[r], used[r] = (
            mine + theirs * judgement.blast_share(st, tb, mine_blast, enemy, hexes),
            theirs + mine * judgement.blast_share(st, tb, theirs_blast, side, hexes), 1.0)
    speed, rate = judgement.closing(st, tb, side)
    now = st.rangef[RANGE]
    for r in range(n):  # the race where it stands: the turns it expects to live
        if used[r] != 0.0 and (ranges[r] <= now or r == 0):
            st.cf[side, TO_LIVE] = race.turns_to_live(theirs_all[r])
    for r in range(n):
        if used[r] == 0.0:
            continue
        hexes, mine, theirs = ranges[r], mines[r], theirs_all[r]
        ratio = race.race_ratio(mine, theirs)
        if hexes < now:  # no charge it would not live through (rules.race.after_approach)
            ratio = race.after_approach(ratio, hexes, now, ranges, mines, theirs_all, used, n,
                                        speed, rate)
        if ratio > best_ratio:
            best_ratio, best_range = ratio, float(hexes)
    # A draw is better than a loss it cannot avoid: running avoids it only from an enemy
    # that can move but cannot catch up.
    still, losing = not judgement.can_close(st, enemy), best_ratio < tb.f.flee_ratio
    running = (losing and not still and judgement.can_run(st, side)
               and judgement.outruns(st, tb, side))
    engaged = not running and best_ratio > 0.0
    ci[side, RUNNING] = running
    if running:
        wanted = tb.f.far
    elif still and losing:  # it holds where it cannot be hurt, if anywhere
        index = race.stand_off(ranges, theirs_all, used, n, now)
        wanted, engaged = float(ranges[index]), mines[index] > 0.0
    elif losing:  # no charge; and one that cannot get away keeps the range
        wanted = max(st.rangef[RANGE], preferred)
    elif pol[side, P_ADAPTIVE]:
        wanted = best_range
    else:
        wanted = preferred
    if beam_boxes(st, side) and not losing:
        wanted = min(wanted, float(tb.f.beam_max_range))  # in reach of its beams
    if still and not running and wanted > now + 1.0 and judgement.can_run(st, side):
        running, engaged = True, False  # it withdraws as a runner does, to stand off
        ci[side, RUNNING] = running
    st.cf[side, WANTED_RANGE] = wanted
    ci[side, ENGAGED] = engaged


@inline_kernel
def nearest(st: State, side: int) -> float:
    """The nearest the two craft can come this turn at their present speeds."""
    return float(race.nearest(st.rangef[RANGE], st.cf[side, VELOCITY],
                              st.cf[foe(st, side), VELOCITY]))


@inline_kernel
def in_reach(st: State, pol: np.ndarray, side: int) -> bool:
    """Whether a volley this turn is worth its power at all (Policy._in_reach)."""
    gap = race.nearest(st.rangef[RANGE], st.cf[side, VELOCITY], st.cf[foe(st, side), VELOCITY])
    return bool(gap <= max(float(pol[side, P_FIRE_RANGE]), st.cf[side, WANTED_RANGE])
                + WEAPON_POWER_SLACK)


@lean_kernel
def weapon_power(st: State, tb: Tables, pol: np.ndarray, side: int) -> int:
    """Power this turn's volleys will need, beams at double strength included."""
    if not in_reach(st, pol, side):
        return 0
    need = 0
    for g in range(st.ci[side, N_WEAPONS]):
        need += st.it[side, WG_T, g, W_BOXES] * tb.kinds[COSTS, st.it[side, WG_T, g, W_TYPE]]
    return int(need + beam_boxes(st, side) * tb.f.beam_double)


@inline_kernel
def radar_at(st: State, side: int, short: int) -> int:
    """The radar track `short` boxes down from its top (at most its last box)."""
    top, end = st.ci[side, RADAR_TOP], st.ci[side, RADAR_END]
    return int(st.it[side, RADAR_T, top + jammed_box(end - top, short), 0])


@lean_kernel
def eccm_needed(st: State, tb: Tables, side: int, ecm: int) -> int:
    """The least ECCM that keeps the radar as good as it can be against `ecm`."""
    best = radar_at(st, side, 0)
    for eccm in range(ecm + 1):
        if radar_at(st, side, (ecm - eccm) * tb.f.ecm_step) >= min(best, tb.f.lock_always):
            return eccm
    return ecm


@lean_kernel
def allocate(st: State, tb: Tables, pol: np.ndarray, side: int,
             turn: int) -> tuple[int, int, bool, bool, bool]:
    """ECM, ECCM, invisibility, radar on, evasion: power only where it pays off
    (Policy.allocate)."""
    ci, enemy = st.ci, foe(st, side)
    plan(st, tb, pol, side, turn)
    weapons = weapon_power(st, tb, pol, side)
    fires = weapons > 0 or (in_reach(st, pol, side) and gun_ready_any(st, tb, side, turn))
    hexes = int(nearest(st, side))  # where the enemy may fire from
    drones = judgement.drone_damage(st, tb, enemy, 0)
    threat = judgement.net_per_turn(st, tb, enemy, hexes, drones, 0)
    # 2.3: evasion is declared for the whole turn, at the range it means to fight at.
    evade = (pol[side, P_EVADE] != 0 and has_control(st, side) and not ci[side, IS_BASE]
             and judgement.evasion_pays(st, tb, side, int(st.cf[side, WANTED_RANGE])))
    left = power(st, side)
    spare = left - weapons
    cost = ci[side, INVISIBILITY_COST]
    if ci[side, CAN_INVISIBLE] and 0 < cost <= spare and (
            (not fires and threat > 0.0) or judgement.hiding_pays(st, tb, side, hexes)):
        return 0, 0, True, False, evade
    reserve = min(ci[side, BOX + SCREEN] * tb.f.reinforcement_limit, math.ceil(threat))
    spare -= reserve * tb.f.reinforcement_cost
    limit = radar_at(st, side, 0) * (tb.f.special_factor if ci[side, SPECIAL_ELECTRONICS] else 1)
    # The enemy's choices are secret until the lock-on phase: expect last turn's again.
    hides = ci[enemy, WENT_INVISIBLE] != 0 if turn > 1 else ci[enemy, CAN_INVISIBLE] != 0
    eccm = 0
    if not hides and (fires or judgement.lock_matters(st, side)):
        if turn > 1:
            expected_ecm = ci[enemy, ECM]
        else:
            expected_ecm = min(radar_at(st, enemy, 0),
                               ci[enemy, BOX + CAPACITOR] // TURN_ONE_ECM_POWER)
        eccm = eccm_needed(st, tb, side, expected_ecm)
        if eccm * tb.f.eccm_point > max(spare, 0):  # lock-on is worth a shot or two
            eccm = min(eccm, max(left // ECCM_SHARE, spare) // tb.f.eccm_point)
        eccm = max(0, min(limit, eccm))
        spare -= eccm * tb.f.eccm_point
    ecm = 0
    can_lock = not hides and radar_at(st, enemy, 0) > tb.f.lock_never
    if (can_lock and threat > 0.0
            and not (pol[side, P_CRASH_FAR] and st.rangef[RANGE] > pol[side, P_FIRE_RANGE] * 2)):
        enemy_eccm = ci[enemy, ECCM] if turn > 1 else 0
        ecm = max(0, min(limit, enemy_eccm + ECM_LEAD, spare // tb.f.ecm_point))
        if ecm <= enemy_eccm:
            ecm = 0  # jamming no better than its ECCM does nothing
    return ecm, eccm, False, True, evade


@inline_kernel
def best_direction(st: State, tb: Tables, side: int, hexes: int) -> int:
    """The direction whose weapons deal the most now; ties go to thicker armor. Remembered
    while the range and every box of the craft stay (engine.judgement.bearings)."""
    boxes = judgement.total_boxes(st, side)
    size = st.ci[foe(st, side), SIZE]
    if (st.ci[side, AIM_BOXES] == boxes and st.ci[side, AIM_HEXES] == hexes
            and st.ci[side, AIM_SIZE] == size):
        return int(st.ci[side, AIM_DIRECTION])
    best, score, armor = 1, -1.0, -1
    for direction in range(1, 7):
        weapons, guns = judgement.bearing(st, tb, side, direction, hexes, size, 0)
        rating = round(weapons + guns, RATING_DIGITS)
        thick = st.ci[side, ARMOR + direction]
        if rating > score or (rating == score and thick > armor):
            best, score, armor = direction, rating, thick
    ci = st.ci
    ci[side, AIM_BOXES], ci[side, AIM_HEXES], ci[side, AIM_DIRECTION] = boxes, hexes, best
    ci[side, AIM_SIZE] = size
    ci[side, AIM_REACHES] = score > 0.0
    return best


@inline_kernel
def reaches(st: State, tb: Tables, side: int, hexes: int) -> bool:
    """Whether any weapon could do damage at `hexes`, facing the best way
    (judgement.reaches: best_direction's firepower)."""
    best_direction(st, tb, side, hexes)
    return bool(st.ci[side, AIM_REACHES] != 0)


@inline_kernel
def base_worth(st: State, tb: Tables, side: int, direction: int, hexes: int, size: int,
               incoming: float) -> float:
    """What showing `direction` is worth to a base (Policy.base_direction)."""
    weapons, guns = judgement.bearing(st, tb, side, direction, hexes, size, 0)
    return float(weapons + guns + min(float(st.ci[side, ARMOR + direction]), incoming))


@inline_kernel
def base_direction(st: State, tb: Tables, side: int, hexes: int, clock: int) -> int:
    """The side a base shows next, one hexside round at most (Policy.base_direction)."""
    here = int(st.ci[side, DIRECTION])
    if clock - st.ci[side, LAST_ROTATION] < tb.f.base_rotation:
        return here  # it cannot turn this impulse anyway
    enemy = foe(st, side)
    drones = judgement.drone_damage(st, tb, enemy, 0)
    incoming = judgement.net_per_turn(st, tb, enemy, hexes, drones, 0)
    size = st.ci[enemy, SIZE]
    best, score = here, base_worth(st, tb, side, here, hexes, size, incoming)
    for direction in range(1, 7):
        steps = (direction - here) % 6
        if 0 < min(steps, 6 - steps) <= tb.f.base_rotation_steps:
            candidate = base_worth(st, tb, side, direction, hexes, size, incoming)
            if candidate > score + BASE_MARGIN:
                best, score = direction, candidate
    return best


@inline_kernel
def loaded(st: State, tb: Tables, side: int, turn: int) -> bool:
    for g in range(st.ci[side, N_WEAPONS]):
        boxes = st.it[side, WG_T, g, W_BOXES]
        if boxes > 0 and flight.secondary_shots_left(tb.f, boxes,
                                                     st.it[side, WG_T, g, W_FIRED]) > 0:
            return True
    return gun_ready_any(st, tb, side, turn)


@inline_kernel
def gun_ready(st: State, tb: Tables, side: int, g: int, turn: int) -> bool:
    gun = st.it[side, GN_T, g]
    return bool(gun[G_BOXES] > 0
                and flight.gun_rested(gun[G_LAST_TURN], turn, tb.kinds[RESTS, gun[G_TYPE]]))


@inline_kernel
def gun_ready_any(st: State, tb: Tables, side: int, turn: int) -> bool:
    for g in range(st.ci[side, N_GUNS]):  # noqa: SIM110 - a loop the kernel compiles
        if gun_ready(st, tb, side, g, turn):
            return True
    return False


@inline_kernel
def fire_now(st: State, tb: Tables, pol: np.ndarray, side: int, turn: int,
             impulse: int) -> bool:
    """Fire at the planned range, else on the last impulse; without control only once the
    best weapons bear or time runs out (Policy.fire_now)."""
    rng = st.rangef[RANGE]
    near = (st.ci[side, ENGAGED] != 0
            and rng <= max(float(pol[side, P_FIRE_RANGE]), st.cf[side, WANTED_RANGE] + 1)
            and reaches(st, tb, side, int(rng)))  # else nothing holds it still
    if not near and impulse != tb.f.impulses:
        return False
    if not loaded(st, tb, side, turn):
        return False
    if not has_control(st, side):
        best = best_direction(st, tb, side, int(rng))
        here = st.ci[side, DIRECTION]
        steps = min((best - here) % 6, (here - best) % 6)
        return bool(here == best or tb.f.impulses - impulse < steps)
    return True


@inline_kernel
def wanted_velocity(st: State, tb: Tables, side: int) -> float:
    """Close (or open) the gap to the planned range, braking in time."""
    return float(race.wanted_velocity(tb.f, st.rangef[RANGE], st.cf[side, WANTED_RANGE],
                                      st.cf[foe(st, side), VELOCITY]))


@inline_kernel
def may_show_rear(st: State, tb: Tables, side: int, turn: int, impulse: int) -> bool:
    """Thrust rear to the enemy only for a useful change of speed, and then with the rear as
    well armored as the best side, when nothing that could strike this impulse gets past
    the screens, or when running (not into the last-impulse volley) (Policy.may_show_rear)."""
    size = movement.rate_size(st.ci[side, SIZE])
    engines = judgement.working_engines(st, side)
    if st.ci[side, RUNNING]:  # any speed away helps it; not into the last-impulse volley
        if impulse != tb.f.impulses:
            return True
    elif tb.accel[st.ci[side, MANNED], engines, size, 0] * tb.f.impulses < tb.f.brake_worth:
        return False  # showing the rear for almost no change of speed
    rear = st.ci[side, ARMOR + REAR]
    thickest = st.ci[side, ARMOR + 1]
    for direction in range(2, 7):
        thickest = max(thickest, st.ci[side, ARMOR + direction])
    if rear >= thickest:
        return True
    clock = (turn - 1) * tb.f.impulses + impulse
    return bool(judgement.strike_now(st, tb, side, turn, clock, False) <= 0.0)


@lean_kernel
def maneuver(st: State, tb: Tables, pol: np.ndarray, side: int, turn: int,
             impulse: int) -> tuple[int, int, bool]:
    """Direction, thrust (+1 toward, -1 away), crash (Policy.maneuver)."""
    hexes = int(st.rangef[RANGE])
    if st.ci[side, IS_BASE]:
        return base_direction(st, tb, side, hexes, (turn - 1) * tb.f.impulses + impulse), 0, \
            False
    aiming = best_direction(st, tb, side, hexes)
    if not has_control(st, side) or fire_now(st, tb, pol, side, turn, impulse):
        return aiming, 0, False
    wanted = wanted_velocity(st, tb, side)
    velocity = st.cf[side, VELOCITY]
    # 2.3, R20: thrust only where the engines (and fuel) allow it.
    if velocity < wanted - tb.f.half_step:
        if thrusting.engines_pushing(st, side, AHEAD, 1):
            if ((pol[side, P_CRASH_FAR] or st.ci[side, MANNED]) and not st.ci[side, EVASIVE]
                    and st.rangef[RANGE] > pol[side, P_FIRE_RANGE] * 2):
                return AHEAD, 1, True  # 2.3: none while evading; no risk when manned
            return AHEAD, 1, False
        if (thrusting.engines_pushing(st, side, REAR, 1)
                and may_show_rear(st, tb, side, turn, impulse)):
            return REAR, 1, False  # a ramscoop braking nose-first
    elif velocity > wanted + tb.f.half_step:
        if thrusting.engines_pushing(st, side, AHEAD, -1):
            return AHEAD, -1, False  # a ramscoop braking nose-first
        if (thrusting.engines_pushing(st, side, REAR, -1)
                and may_show_rear(st, tb, side, turn, impulse)):
            return REAR, -1, bool(st.ci[side, MANNED] and not st.ci[side, EVASIVE])
    # Between volleys, the side with the most armor faces the enemy (ties: aiming).
    best, thick = 1, st.ci[side, ARMOR + 1]
    for direction in range(2, 7):
        armor = st.ci[side, ARMOR + direction]
        if armor > thick or (armor == thick and direction == aiming and best != aiming):
            best, thick = direction, armor
    return best, 0, False


@inline_kernel
def launch(st: State, tb: Tables, pol: np.ndarray, side: int) -> tuple[int, int, int]:
    """Missiles, of those by rail, drones to launch this impulse (Policy.launch)."""
    ci = st.ci
    aboard = ci[side, BOX + MISSILE]
    bays = ci[side, BAY_END] - ci[side, BAY_HEAD]
    if not aboard and not bays:
        return 0, 0, 0
    rng = st.rangef[RANGE]
    missiles = 0
    per_turn = float(pol[side, P_MISSILES_PER_IMPULSE] * tb.f.impulses)
    closing = st.cf[foe(st, side), VELOCITY]
    if aboard > 0 and race.launch_missiles(tb.f, rng, float(pol[side, P_MISSILE_RANGE]),
                                           st.cf[side, WANTED_RANGE], closing,
                                           aboard, per_turn, st.cf[side, TO_LIVE]):
        missiles = min(pol[side, P_MISSILES_PER_IMPULSE], aboard)
    drones = bays if bays and race.launch_drones(
        tb.f, rng, float(pol[side, P_DRONE_RANGE]), st.cf[side, VELOCITY], closing) else 0
    if not missiles and not drones:
        return 0, 0, 0
    spare = power(st, side) - weapon_power(st, tb, pol, side)
    rail = max(0, min(missiles, spare // max(tb.f.rail_launch, 1)))
    return missiles, rail, drones


@lean_kernel
def drone_thrust(st: State, tb: Tables, pol: np.ndarray, side: int, k: int) -> int:
    """+1 toward the enemy, -1 away, 0 to drift (Captain.drone_thrust, 2.6)."""
    distance, speed = st.ft[side, DRF_T, k, D_DISTANCE], st.ft[side, DRF_T, k, D_SPEED]
    if st.it[side, DRI_T, k, D_ESCORT]:
        gap, relative = distance - st.rangef[RANGE], speed - st.cf[side, VELOCITY]
    else:
        gap, relative = distance - pol[side, P_DRONE_HOLD], speed + st.cf[foe(st, side), VELOCITY]
    return int(race.station_thrust(tb.f, gap, relative, st.it[side, DRI_T, k, D_ACCELERATIONS],
                                   tb.f.drone_reserve))


@lean_kernel
def drone_fires(st: State, tb: Tables, pol: np.ndarray, side: int, k: int, locked: bool,
                evading: bool, impulse: int) -> bool:
    """A drone fires once at its station, when it drifts away, or on the last impulse."""
    enemy = foe(st, side)
    gap = abs(st.ft[side, DRF_T, k, D_DISTANCE])
    hexes = firing_range(tb.f, int(gap), locked)
    weapon = st.it[side, DRI_T, k, D_WEAPON]
    if tb.odds[BEST, weapon, min(hexes, tb.f.rcap), st.ci[enemy, SIZE], int(evading)] <= 0:
        return False
    last = impulse == tb.f.impulses
    drifting = (st.it[side, DRI_T, k, D_ACCELERATIONS] == 0
                and st.ft[side, DRF_T, k, D_SPEED] + st.cf[enemy, VELOCITY] < 0)
    return bool(gap <= pol[side, P_DRONE_HOLD] + 1 or last or drifting)
