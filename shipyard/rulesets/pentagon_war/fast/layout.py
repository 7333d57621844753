"""Where the compiled engine keeps each value: array columns and codes, nothing of the rules.

The readable engine keeps a duel as objects (`engine.state`); the compiled one keeps the
same values in flat numpy arrays, one row per side. This module names the columns and
the small integer codes that stand for weapon kinds, chart systems, hit causes and
target kinds. Every figure of the rules comes from the tables (`fast.tables`); these are
structural constants only.
"""

from __future__ import annotations

# -- weapon kinds (weapon groups, guns, drone weapons) --------------------------------------
LASER, ELECTRON, PROTON, BEAM, RADIATION, ACID, LIQUID, PD_WEAPON = range(8)
KINDS = ("laser", "electron_cannon", "proton_cannon", "magnetic_beam", "radiation_gun",
         "acid_gum_gun", "liquid_metal_gun", "point_defense")
DIRECT_KINDS = 6  # the kinds `odds.judge` resolves (laser to acid gum gun)

# -- simple box counts (engine.state.SIMPLE_SYSTEMS, same order) ----------------------------
(SCREEN, CARGO, FUEL_TANK, CAPACITOR, POINT_DEFENSE, ENGINE, MAIN_CONTROL, AUX_CONTROL,
 REPAIR, MISSILE, DRONE, HULL_FORWARD, HULL_AFT, FINAL_DAMAGE) = range(14)
SYSTEMS = ("screen", "cargo", "fuel_tank", "capacitor", "point_defense", "engine",
           "main_control", "aux_control", "repair", "missile", "drone", "hull_forward",
           "hull_aft", "final_damage")
# Chart cells beyond the plain box counts (codes 0-13 are the box counts above).
CHART_RADAR, CHART_GUN, CHART_ANY_WEAPON = 14, 15, 16
CHART_WEAPON = 17  # + LASER..BEAM: the weapon-group systems
STAGE_HULL, STAGE_FINAL = 0, 1  # R16 fall-through stages

# -- hit causes (the words of engine.words.cause_of and the hit sources) --------------------
(CAUSE_NONE, CAUSE_LASER, CAUSE_ELECTRON, CAUSE_PROTON, CAUSE_BEAM, CAUSE_RADIATION,
 CAUSE_ACID, CAUSE_MISSILE, CAUSE_PD, CAUSE_BOLT, CAUSE_DRONE, CAUSE_EXPLOSION, CAUSE_CRASH,
 CAUSE_RAYS) = range(14)
CAUSES = ("", "laser", "electron cannon", "proton cannon", "magnetic beam", "radiation gun",
          "acid gum", "missile", "point defense", "liquid metal bolt", "drone", "explosion",
          "crash acceleration", "cosmic rays")

# -- fire order targets ------------------------------------------------------------------------
T_CRAFT, T_DRONE, T_MISSILE, T_BOLT, T_NONE = range(5)

# -- one craft's integers: ci[side, column] -------------------------------------------------
(SIZE, MANNED, IS_BASE, NEEDS_FUEL, CAN_INVISIBLE, SPECIAL_ELECTRONICS, DIRECTIONAL_SCREENS,
 SUICIDE_BOMBS, INVISIBILITY_COST, DRONE_LAUNCH,
 DIRECTION, CHARGE, SPENT, ECM, ECCM, INVISIBLE, LOCKED, EVADING, CRASHING, REINFORCEMENT,
 DESTROYED, KILLED_BY, FIRED_IMPULSE, TAKEN_SCREENS, TAKEN_ARMOR, TAKEN_INTERIOR, TAKEN_WASTED,
 RADAR_TOP, RADAR_END, N_WEAPONS, N_GUNS, BAY_HEAD, BAY_END, N_DRONES, N_MISSILES, N_BOLTS,
 N_LINGERING, N_HITS, MISHAPS, TURN_KIND, TURN_INDEX, IMPULSE_KIND, IMPULSE_INDEX,
 PLANNED, RUNNING, N_ORDERS, N_DRONE_ORDERS, SCREENS_USED, REAR_STRUCK, LAST_ROTATION, EVASIVE,
 CRASHED_AT, RADAR_OFF, WENT_INVISIBLE) = range(54)
BOX = 54  # 14 box counts from here, in SYSTEMS order
ARMOR = BOX + 14  # 7 armor columns from here (index 1-6 = side; 0 unused)
CI_COLUMNS = ARMOR + 7

# -- one craft's floats: cf[side, column] ----------------------------------------------------
VELOCITY, BEAM_PUSH, WANTED_RANGE = range(3)
CF_COLUMNS = 3

# -- weapon groups wg[side, group, column]; guns gn[side, gun, column] -----------------------
W_TYPE, W_ARCS, W_BOXES, W_FIRED = range(4)
G_TYPE, G_ARCS, G_BOXES, G_LAST_TURN, G_LAST_IMPULSE, G_SHOTS = range(6)

# -- things in flight: int and float columns -------------------------------------------------
D_WEAPON, D_ACCELERATIONS, D_ESCORT, D_FIRED_TURN, D_ALIVE = range(5)
D_DISTANCE, D_SPEED = range(2)
M_SPEED, M_ALIVE = range(2)
M_DISTANCE, M_FUEL = range(2)
B_FLOWN, B_EROSION, B_ALIVE = range(3)
L_DAMAGE, L_IMPULSES, L_SIDE = range(3)
H_POINTS, H_CAUSE, H_SCREENED, H_SIDE = range(4)

# -- fire orders: orders[side, k, column] ----------------------------------------------------
O_INDEX, O_GUN, O_TARGET, O_TARGET_INDEX, O_PULL, O_DOUBLE, O_BOXES = range(7)

# -- the duel's own integers and floats ------------------------------------------------------
TURN, IMPULSE, CLOCK = range(3)
DI_COLUMNS = 3
RANGE = 0

# -- a captain's figures: pol[side, column] (the class attributes of engine.policy) ----------
(P_PREFERRED, P_ADAPTIVE, P_FIRE_RANGE, P_EVADE, P_CRASH_FAR, P_MISSILE_RANGE, P_DRONE_RANGE,
 P_MISSILES_PER_IMPULSE, P_DRONE_HOLD) = range(9)
POL_COLUMNS = 9

# -- the scenario: scenario[column] (rules 3) -------------------------------------------------
START_RANGE, CLOSING_SPEED, TURN_LIMIT = range(3)

# -- scratch rows for point defense (pd[row, target]) and aiming (ai[row, target]) -----------
PD_KIND, PD_INDEX, PD_SIZE, PD_KILLABLE, PD_ALIVE, PD_ORDER, PD_LIVE, PD_SHOT_ALIVE = range(8)
AI_GAP, AI_KIND, AI_INDEX, AI_COUNT = range(8, 12)  # after the point-defense rows
AF_WORTH, AF_SURVIVAL, AF_CHANCE = range(3)

# -- rows of the tables' arrays (fast.tables.Tables) ------------------------------------------
MEAN, CHANCE, BEST = range(3)  # odds[row, kind, range, size, evaders]
COSTS, COSTED, RESTS, HIT_ON, KILLERS, DRONE_GUNS = range(6)  # kinds[row, kind]
URM = 0  # by_range[row, range]: the URM, then the cannons' damage in their own kind's row
(LASER_BOUNDS, LASER_VALUES, RADIATION_BOUNDS, RADIATION_VALUES, METAL_DAMAGE, FALLTHROUGH,
 RANGES, COVERING) = range(8)  # seqs[row, i]
BEAM_PUSH_ROW, BEAM_PUSH_DOUBLE_ROW, EXPLOSION = range(3)  # fv[row, i]
(EX_ENGINE, EX_FUEL_TANK, EX_CAPACITOR, EX_BEAM, EX_SCREEN, EX_GUN_BOX, EX_SECONDARY, EX_BOMB,
 EX_FALLOFF) = range(9)

# -- the state's lists: it[side, table, i, column] (ints), ft[side, table, i, column] (floats)
(RADAR_T, BAYS_T, DORDERS_T, SPENT_T, WG_T, GN_T, DRI_T, MSI_T, BLI_T, LG_T, HITS_T,
 ORDERS_T) = range(12)
INT_TABLES, INT_COLUMNS = 12, 7
DRF_T, MSF_T, BLF_T = range(3)
FLOAT_TABLES, FLOAT_COLUMNS = 3, 2
