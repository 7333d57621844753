"""Both craft of a lineup as arrays, and the working arrays one duel plays on.

`duelists` copies two fresh craft (engine.state.craft_from) and the two captains' figures
into a `Duelists` once per lineup; `new_state` sizes a `State` for it, and the kernel
resets that state from them before each duel, so a batch allocates nothing per
duel. Every list of the readable engine (drones, missiles, bolts, acid gum, hits, fire
orders) is a fixed-size array with its length in a count column; the sizes are bounds
worked out from what the two craft carry.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import numpy as np
from numpy.typing import NDArray

from shipyard.core.compiled_dice import new_rng
from shipyard.core.outcome import DuelScenario
from shipyard.rulesets.pentagon_war.engine.judgement import RANGES
from shipyard.rulesets.pentagon_war.engine.orders import Captain
from shipyard.rulesets.pentagon_war.engine.state import Craft
from shipyard.rulesets.pentagon_war.engine.tables import Combat
from shipyard.rulesets.pentagon_war.fast import columns as C
from shipyard.rulesets.pentagon_war.rules.figures import KINDS, SYSTEMS

Ints = NDArray[np.int64]
Floats = NDArray[np.float64]


class Duelists(NamedTuple):
    """What every duel of a lineup starts from."""

    ci: Ints
    cf: Floats
    radar: Ints
    wg: Ints
    gn: Ints
    bays: Ints
    pol: Ints
    scenario: Ints
    capacity: Ints  # drones, missiles, bolts, acid gum, hits, orders, pd targets, aim targets


class State(NamedTuple):
    """One duel in progress: a few arrays, so a kernel call passes a few pointers.

    `ci`/`cf` hold each craft's values (one row per craft: two on the track, a fleet's on the
    map) (named in `columns`); `it`/`ft` hold every list
    of the readable engine as a table of rows (`columns.RADAR_T` ...); `xi`/`xf` are
    scratch rows for point defense and aiming.
    """

    ci: Ints
    cf: Floats
    it: Ints
    ft: Floats
    xi: Ints
    xf: Floats
    rangef: Floats
    rng: NDArray[np.uint64]


def _craft_row(craft: Craft) -> tuple[Ints, Floats]:
    ci = np.zeros(C.CI_COLUMNS, dtype=np.int64)
    ci[C.SIZE] = craft.size_class
    ci[C.MANNED] = craft.manned
    ci[C.IS_BASE] = craft.is_base
    ci[C.NEEDS_FUEL] = craft.needs_fuel
    ci[C.CAN_INVISIBLE] = craft.can_be_invisible
    ci[C.SPECIAL_ELECTRONICS] = craft.special_electronics
    ci[C.DIRECTIONAL_SCREENS] = craft.directional_screens
    ci[C.SUICIDE_BOMBS] = craft.suicide_bombs
    ci[C.INVISIBILITY_COST] = craft.invisibility_cost
    ci[C.DRONE_LAUNCH] = craft.drone_launch
    ci[C.DIRECTION] = 1
    ci[C.LOCKED] = 1
    ci[C.FIRED_IMPULSE] = -1
    ci[C.LAST_ROTATION] = craft.last_rotation
    ci[C.CRASHED_AT] = craft.crashed_at
    ci[C.RADAR_END] = len(craft.radar)
    ci[C.N_WEAPONS] = len(craft.weapons)
    ci[C.N_GUNS] = len(craft.guns)
    ci[C.BAY_END] = len(craft.drone_bays)
    ci[C.TURN_KIND] = ci[C.IMPULSE_KIND] = C.T_NONE
    ci[C.PLANNED] = -1
    ci[C.AIM_BOXES] = -1  # no facing remembered yet
    ci[C.FACES_PARTNER] = 1
    for i, name in enumerate(SYSTEMS):
        ci[C.BOX + i] = craft.boxes[name]
    ci[C.ARMOR:C.ARMOR + 7] = craft.armor
    cf = np.zeros(C.CF_COLUMNS)
    cf[C.VELOCITY] = craft.velocity
    return ci, cf


def _mask(arcs: frozenset[str], bits: dict[str, int]) -> int:
    return sum(bits[a] for a in arcs)


def captain_row(captain: Captain) -> Ints:
    """The figures a captain of `engine.policy` decides by (its class attributes)."""
    row = np.zeros(C.POL_COLUMNS, dtype=np.int64)
    for column, name in ((C.P_PREFERRED, "preferred_range"), (C.P_ADAPTIVE, "adaptive_range"),
                         (C.P_FIRE_RANGE, "fire_range"), (C.P_EVADE, "evasive"),
                         (C.P_CRASH_FAR, "crash_when_far"), (C.P_MISSILE_RANGE, "missile_range"),
                         (C.P_DRONE_RANGE, "drone_range"),
                         (C.P_MISSILES_PER_IMPULSE, "missiles_per_impulse"),
                         (C.P_DRONE_HOLD, "drone_hold")):
        row[column] = int(getattr(captain, name))
    return row


def duelists(crafts: Sequence[Craft], captains: Sequence[Captain], scenario: DuelScenario,
             combat: Combat, bits: dict[str, int],
             fleets: Sequence[int] | None = None) -> Duelists:
    """Fresh craft (never fought) and their captains, as arrays: the two of a duel on the
    range track at the scenario's start speeds, or, with `fleets` (each craft's side), every
    craft of a fleet battle on the map (whose speeds are its velocity components)."""
    count = len(crafts)
    rows = [_craft_row(c) for c in crafts]
    for side, (ci, _) in enumerate(rows):
        ci[C.FLEET] = side if fleets is None else fleets[side]
        ci[C.PARTNER] = 1 - side if fleets is None else -1  # on the map: set by each view
        ci[C.HOMING_ON] = 1 - side if fleets is None else -1  # on the map: its target
    if fleets is None:
        speeds = scenario.start_speeds((not crafts[0].is_base, not crafts[1].is_base))
        for (_, cf), speed in zip(rows, speeds, strict=True):
            cf[C.VELOCITY] = speed  # the scenario's start speed (the kernel's reset copies it)
    groups = max(1, *(len(c.weapons) for c in crafts))
    guns = max(1, *(len(c.guns) for c in crafts))
    radar = max(len(c.radar) for c in crafts)
    bays = max(1, *(len(c.drone_bays) for c in crafts))
    wg = np.zeros((count, groups, C.WG_COLUMNS), dtype=np.int64)
    gn = np.zeros((count, guns, C.GN_COLUMNS), dtype=np.int64)
    radars = np.zeros((count, radar), dtype=np.int64)
    bay = np.zeros((count, bays), dtype=np.int64)
    for side, craft in enumerate(crafts):
        for g, group in enumerate(craft.weapons):
            wg[side, g] = (KINDS.index(group.type), _mask(group.arcs, bits), group.boxes, 0)
        for g, gun in enumerate(craft.guns):
            gn[side, g] = (KINDS.index(gun.type), _mask(gun.arcs, bits), gun.boxes, -99, -99, 0)
        radars[side, :len(craft.radar)] = craft.radar
        bay[side, :len(craft.drone_bays)] = [KINDS.index(w) for w in craft.drone_bays]
    limits = combat.fire_limits
    missiles = max(1, *(c.boxes["missile"] for c in crafts))
    bolts = 1 + sum(g.boxes // limits.liquid_metal_boxes_per_shot for c in crafts for g in c.guns
                    if g.type == "liquid_metal_gun")
    acid = 1 + sum(g.boxes // limits.acid_gum_boxes_per_shot for c in crafts for g in c.guns
                   if g.type == "acid_gum_gun")
    boxes = sum(g.boxes for c in crafts for g in c.weapons)
    shots = boxes * combat.fire_limits.secondary_shots_per_turn
    gun_tracks = sum(len(c.guns) for c in crafts)
    # Hits one side can take in one impulse: each source at most once per object.
    landing, launched = missiles, bays  # on the map every enemy's may land on one craft
    if fleets is not None:
        landing = max(1, sum(c.boxes["missile"] for c in crafts))
        launched = max(1, sum(len(c.drone_bays) for c in crafts))
    hits = acid + 3 * landing + 2 * launched + bolts + shots + gun_tracks + 8
    orders = 2 * groups + shots + guns + 4
    pd_targets = missiles + bays + 2
    aim_targets = missiles + bays + 2
    capacity = np.array([bays, missiles, bolts, acid, hits, orders, pd_targets, aim_targets],
                        dtype=np.int64)
    return Duelists(
        ci=np.stack([r[0] for r in rows]), cf=np.stack([r[1] for r in rows]), radar=radars,
        wg=wg, gn=gn, bays=bay, pol=np.stack([captain_row(c) for c in captains]),
        scenario=np.array([scenario.start_range, scenario.closing_speed, scenario.turn_limit],
                          dtype=np.int64),
        capacity=capacity)


def new_state(pair: Duelists) -> State:
    """Working arrays sized for the duelists; the kernel fills them before each duel."""
    capacity = [int(n) for n in pair.capacity]
    rows = max(*capacity, pair.wg.shape[1], pair.gn.shape[1], pair.radar.shape[1],
               pair.bays.shape[1])
    scratch = max(capacity[6], capacity[7], len(RANGES))  # RANGES: the captain's plan
    assert len(RANGES) <= C.RACE_RANGES  # the plan's races are remembered in `cf`
    return State(
        ci=pair.ci.copy(), cf=pair.cf.copy(),
        it=np.zeros((len(pair.ci), C.INT_TABLES, rows, C.INT_COLUMNS), dtype=np.int64),
        ft=np.zeros((len(pair.ci), C.FLOAT_TABLES, rows, C.FLOAT_COLUMNS)),
        xi=np.zeros((C.XI_ROWS, scratch), dtype=np.int64), xf=np.zeros((C.XF_ROWS, scratch)),
        rangef=np.zeros(1), rng=new_rng())
