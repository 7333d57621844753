"""The figures and charts of The Pentagon War's combat tables (rules 2), as both engines read
them.

`Figures` names every single figure a rule function reads, `Charts` every table it
reads by index (a step table, a figure by range, the damage allocation chart), each
row a tuple: `engine.quick_reference` fills both once from the catalog's `combat.toml`
(where every figure keeps its provenance; the explosion rates of `construction.toml`
are one more row, `ExplosionRates`), and
the compiled engine hands the same figures to its kernels as a numpy record and the
same tables as arrays of the same shape. A rule function reads `f.pd_limit` or
`charts_row[i]` in either engine, so each figure is read by the function of its rule.
Tables are indexed `[row][column]`, which tuples and arrays both take.

The codes below stand for weapon kinds, chart systems and hit causes in every rule
function (the reference engine names them in words, `KINDS`, `SYSTEMS`, `CAUSES`).
"""

from __future__ import annotations

from typing import NamedTuple

# -- weapon kinds (weapon groups, guns, drone weapons) --------------------------------------
KINDS = ("laser", "electron_cannon", "proton_cannon", "magnetic_beam", "radiation_gun",
         "acid_gum_gun", "liquid_metal_gun", "point_defense")
LASER, ELECTRON, PROTON, BEAM, RADIATION, ACID, LIQUID, PD_WEAPON = range(len(KINDS))
DIRECT_KINDS = ACID + 1  # the kinds `rules.fire.judge` resolves (laser to acid gum gun)
KIND = {name: code for code, name in enumerate(KINDS)}

# -- systems kept as plain box counts (engine.state.SIMPLE_SYSTEMS, same order) -------------
SYSTEMS = ("screen", "cargo", "fuel_tank", "capacitor", "point_defense", "engine",
           "main_control", "aux_control", "repair", "missile", "drone", "hull_forward",
           "hull_aft", "final_damage")
(SCREEN, CARGO, FUEL_TANK, CAPACITOR, POINT_DEFENSE, ENGINE, MAIN_CONTROL, AUX_CONTROL,
 REPAIR, MISSILE, DRONE, HULL_FORWARD, HULL_AFT, FINAL_DAMAGE) = range(len(SYSTEMS))
# Chart cells beyond the plain box counts: radar, gun, any weapon, then the weapon groups.
CHART_RADAR = len(SYSTEMS)
CHART_GUN = CHART_RADAR + 1
CHART_ANY_WEAPON = CHART_GUN + 1
CHART_WEAPON = CHART_ANY_WEAPON + 1  # + LASER..BEAM: the weapon-group systems
STAGE_HULL, STAGE_FINAL = 0, 1  # R16 fall-through stages

# -- rows of the tables (`Charts`) ----------------------------------------------------------
URM = 0  # by_range[URM][hexes]; by_range[ELECTRON] and [PROTON]: cannon damage by range
(LASER_BOUNDS, LASER_VALUES, RADIATION_BOUNDS, RADIATION_VALUES, BOLT_DAMAGE,
 FALLTHROUGH) = range(6)  # steps[row][i]
COSTS, HIT_ON, RESTS = range(3)  # kinds[row][kind]
# The catalog's explosion rates (construction.toml, 2.7), one row read by index:
(EX_ENGINE, EX_FUEL_TANK, EX_CAPACITOR, EX_BEAM, EX_SCREEN, EX_GUN_BOX, EX_SECONDARY, EX_BOMB,
 EX_FALLOFF) = range(9)
CHART_SYSTEM, CHART_FORWARD = range(2)  # chart[CHART_SYSTEM][first die][second die]


class Figures(NamedTuple):
    """Every single figure of the combat tables a Pentagon War rule reads (rules 2)."""

    impulses: int  # 2.1
    secondary_shots: int  # 2.2: secondary weapon shots per turn
    beam_double: int  # power: magnetic beam at double strength
    beam_at_bolt: int  # power: magnetic beam fired at a bolt
    rail_launch: int  # power: a rail launch
    reinforcement_cost: int  # power: +1 screen
    reinforcement_limit: int  # reinforcement up to this times the screens left (R19)
    ecm_point: int
    eccm_point: int
    special_factor: int  # special electronics multiply the ECM / ECCM limit
    acid_gap: int  # 2.2: impulses between acid gum shots
    acid_boxes: int  # track boxes an acid gum shot uses
    metal_boxes: int  # track boxes a liquid metal shot uses
    metal_min_range: int
    top: float  # 2.3: top speed
    step: float  # standard acceleration a turn, spread over the impulses
    half_step: float
    brake: float  # from this speed a craft brakes to a stop over `gap` hexes: sqrt(brake gap)
    crash_roll: int  # 2.3: the crash mishap roll on 2d6
    crash_dice: int  # its interior hits, in d6
    base_rotation: int  # impulses between a base's turns
    base_rotation_steps: int  # hexsides a base turns at once
    evasion_spare: int  # engines an evader needs beyond those thrusting
    rotation_steps: int  # 2.8, 2.3: hexsides a limited turn reaches
    rays_on: int  # 2.3 optional cosmic rays
    rays_limit: float
    rays_damage: int
    fire_dice: int  # 2.4: dice of a direct-fire roll
    rcap: int  # the first range from which no table changes any more
    laser_steps: int  # steps of the laser table, then its figure beyond them
    laser_beyond: int
    laser_kill: int  # the kill number against size class 0
    radiation_steps: int
    radiation_beyond: int
    radiation_kill: int
    acid_impact: int
    acid_lingering: int
    acid_lingering_impulses: int
    metal_speed: float  # liquid metal bolts
    metal_lifetime: int
    bolt_hexes: int  # entries of the bolt damage table
    bolt_size: int
    erosion_points: int
    beam_attach_on: int
    beam_max_range: int
    lock_range_factor: int  # a failed lock-on multiplies firing ranges
    lock_pd_divisor: int  # and divides point-defense boxes
    evasion_modifier: int  # on fire made by or at an evader
    evasion_pd_boxes: int
    seeking_lost: int  # a missile or bolt launched by an evader is lost on this or less
    seeking_miss: int  # one reaching an evader misses on this or less
    pd_limit: int  # 2.5: the rating limit
    pd_damage: int  # a success against a spacecraft
    missile_speed: int  # 2.6
    missile_rail_speed: int
    warhead: int
    missile_fuel: float
    hex_share: int  # the rest of the hex takes the warhead divided by this
    destroyed_divisor: int  # a missile shot down explodes for the warhead divided by this
    missile_size: int
    drone_size: int
    drone_accelerations: int
    drone_spread: float  # launched within this of the launcher's speed
    drone_pd: int  # a point-defense drone's rating
    armor_per_box: int  # 2.7
    rear_side: int
    rear_first: int  # the system the rear's first interior point takes (a SYSTEMS code)
    fallthrough_stages: int  # R16 stages
    lock_always: int  # R17: a rating this high always locks on
    lock_never: int  # and this low never does
    ecm_step: int  # 2.9: radar boxes lost per point of ECM short
    tracking_lost: int  # 2.9: a homing weapon loses an invisible craft on this


class Charts(NamedTuple):
    """Every table of the rules a rule function reads by index (rows as above)."""

    by_range: tuple[tuple[int, ...], ...]  # [URM | ELECTRON | PROTON][range 0..rcap]
    steps: tuple[tuple[int, ...], ...]  # [LASER_BOUNDS ... FALLTHROUGH][i]
    kinds: tuple[tuple[int, ...], ...]  # [COSTS | HIT_ON | RESTS][kind]
    chart: tuple[tuple[tuple[int, ...], ...], ...]  # [system | forward][first][second]
