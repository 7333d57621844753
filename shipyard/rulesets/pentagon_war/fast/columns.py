"""Where the compiled engine keeps each value: array columns and codes, nothing of the rules.

The readable engine keeps a duel as objects (`engine.state`); the compiled one keeps the
same values in flat numpy arrays, one row per side. This module names the columns and
the small integer codes that stand for weapon kinds, chart systems, hit causes and
target kinds. Every figure of the rules comes from the tables (`fast.tables`); these are
structural constants only. Columns are numbered in the order they are named here
(`core.columns`), so each array's width is counted, never typed.
"""

from __future__ import annotations

from shipyard.core.columns import Columns

# -- weapon kinds, systems and chart cells: the codes of `rules.figures` --------------------
from shipyard.rulesets.pentagon_war.rules.figures import (
    BOLT_DAMAGE,
    FALLTHROUGH,
    RESTS,
    SYSTEMS,
)

METAL_DAMAGE = BOLT_DAMAGE

# -- hit causes (the words of engine.words.cause_of and the hit sources) --------------------
CAUSES = ("", "laser", "electron cannon", "proton cannon", "magnetic beam", "radiation gun",
          "acid gum", "missile", "point defense", "liquid metal bolt", "drone", "explosion",
          "crash acceleration", "cosmic rays")
(CAUSE_NONE, CAUSE_LASER, CAUSE_ELECTRON, CAUSE_PROTON, CAUSE_BEAM, CAUSE_RADIATION,
 CAUSE_ACID, CAUSE_MISSILE, CAUSE_PD, CAUSE_BOLT, CAUSE_DRONE, CAUSE_EXPLOSION, CAUSE_CRASH,
 CAUSE_RAYS) = range(len(CAUSES))

# -- fire order targets ------------------------------------------------------------------------
T_CRAFT, T_DRONE, T_MISSILE, T_BOLT, T_NONE = range(5)

# -- one craft's integers: ci[side, column] -------------------------------------------------
_ci = Columns()
# the design, copied in before the duel
SIZE = _ci()
MANNED = _ci()
IS_BASE = _ci()
NEEDS_FUEL = _ci()
CAN_INVISIBLE = _ci()
SPECIAL_ELECTRONICS = _ci()
DIRECTIONAL_SCREENS = _ci()
SUICIDE_BOMBS = _ci()
INVISIBILITY_COST = _ci()
DRONE_LAUNCH = _ci()
FLEET = _ci()  # which side it fights on (on the track each craft is its own)
PARTNER = _ci()  # the craft it faces in the pair being played (`lists.foe`)
FACES_PARTNER = _ci()  # its directional screens meet its partner's fire (R29; track: 1)
HOMING_ON = _ci()  # where its missiles and bolts home (2.9): the other craft; map: its target
# the duel so far
DIRECTION = _ci()
CHARGE = _ci()
SPENT = _ci()
ECM = _ci()
ECCM = _ci()
INVISIBLE = _ci()
LOCKED = _ci()
EVADING = _ci()
CRASHING = _ci()
REINFORCEMENT = _ci()
DESTROYED = _ci()
KILLED_BY = _ci()
FIRED_IMPULSE = _ci()
TAKEN_SCREENS = _ci()
TAKEN_ARMOR = _ci()
TAKEN_INTERIOR = _ci()
TAKEN_WASTED = _ci()
RADAR_TOP = _ci()
RADAR_END = _ci()
N_WEAPONS = _ci()
N_GUNS = _ci()
BAY_HEAD = _ci()
BAY_END = _ci()
N_DRONES = _ci()
N_MISSILES = _ci()
N_BOLTS = _ci()
N_LINGERING = _ci()
N_HITS = _ci()
MISHAPS = _ci()
TURN_KIND = _ci()
TURN_INDEX = _ci()
IMPULSE_KIND = _ci()
IMPULSE_INDEX = _ci()
PLANNED = _ci()
RUNNING = _ci()
ENGAGED = _ci()  # the range it holds is one where it can hurt the enemy
AIM_BOXES = _ci()  # best_direction remembered: the craft's boxes and the range then, and it
AIM_HEXES = _ci()
AIM_DIRECTION = _ci()
AIM_REACHES = _ci()
AIM_SIZE = _ci()  # ... and the enemy's size class (on the map the enemy changes)
N_ORDERS = _ci()
N_DRONE_ORDERS = _ci()
SCREENS_USED = _ci()
REAR_STRUCK = _ci()
LAST_ROTATION = _ci()
EVASIVE = _ci()
CRASHED_AT = _ci()
RADAR_OFF = _ci()
WENT_INVISIBLE = _ci()
ON_MAP = _ci()  # 1: a craft of a battle on the hex map (its drones fly there, R31)
BOX = _ci(len(SYSTEMS))  # the box counts, in SYSTEMS order
ARMOR = _ci(7)  # the armor columns: index 1-6 = side; 0 unused
CI_COLUMNS = _ci.count

# -- one craft's floats: cf[side, column] ----------------------------------------------------
_cf = Columns()
VELOCITY = _cf()
BEAM_PUSH = _cf()
WANTED_RANGE = _cf()
TO_LIVE = _cf()  # turns the captain expects to live at the present range (plan)
RACE_RANGES = 16  # room for the ranges a captain weighs (engine.judgement.RANGES)
NETS_KEYS = 4  # what the remembered nets were worked out from (fast.policy.nets)
NETS_KEY = _cf(NETS_KEYS)
NETS = _cf(RACE_RANGES)  # the remembered damage per turn past the enemy's screens, by range
CF_COLUMNS = _cf.count

# -- weapon groups wg[side, group, column]; guns gn[side, gun, column] -----------------------
_wg = Columns()
W_TYPE = _wg()
W_ARCS = _wg()
W_BOXES = _wg()
W_FIRED = _wg()
WG_COLUMNS = _wg.count
_gn = Columns()
G_TYPE = _gn()
G_ARCS = _gn()
G_BOXES = _gn()
G_LAST_TURN = _gn()
G_LAST_IMPULSE = _gn()
G_SHOTS = _gn()
GN_COLUMNS = _gn.count

# -- things in flight (drones, missiles, bolts, lingering damage, hits): int and float columns
_di, _df = Columns(), Columns()
D_WEAPON = _di()
D_ACCELERATIONS = _di()
D_ESCORT = _di()
D_FIRED_TURN = _di()
D_ALIVE = _di()
D_A = _di()  # on the hex map (R31): its hex, facing, components and chart columns
D_C = _di()
D_FACING = _di()
D_VA = _di()
D_VC = _di()
D_COL_A = _di()
D_COL_C = _di()
D_ESCORTING = _di()  # a point-defense drone in its carrier's hex (set as it moves)
D_DISTANCE = _df()
D_SPEED = _df()
_mi, _mf = Columns(), Columns()
M_SPEED = _mi()
M_ALIVE = _mi()
M_A = _mi()  # on the hex map (R30): its hex, heading and hexes flown
M_C = _mi()
M_HEADING = _mi()
M_FLOWN = _mi()
M_DISTANCE = _mf()
M_FUEL = _mf()
_bi = Columns()
B_FLOWN = _bi()
B_EROSION = _bi()
B_ALIVE = _bi()
B_A = _bi()  # on the hex map (R30): its hex and heading
B_C = _bi()
B_HEADING = _bi()
_lg = Columns()
L_DAMAGE = _lg()
L_IMPULSES = _lg()
L_SIDE = _lg()
# each list's own width, int then float columns (rows move whole when the dead are dropped)
D_INTS, D_FLOATS = _di.count, _df.count
M_INTS, M_FLOATS = _mi.count, _mf.count
B_INTS, B_FLOATS = _bi.count, 1
L_INTS = _lg.count
_hits = Columns()
H_POINTS = _hits()
H_CAUSE = _hits()
H_SCREENED = _hits()
H_SIDE = _hits()

# -- fire orders: orders[side, k, column] ----------------------------------------------------
_orders = Columns()
O_INDEX = _orders()
O_GUN = _orders()
O_TARGET = _orders()
O_TARGET_INDEX = _orders()
O_PULL = _orders()
O_DOUBLE = _orders()
O_BOXES = _orders()

# -- the duel's own integers and floats ------------------------------------------------------
_duel = Columns()
TURN = _duel()
IMPULSE = _duel()
CLOCK = _duel()
DI_COLUMNS = _duel.count
RANGE = 0

# -- a captain's figures: pol[side, column] (the class attributes of engine.policy) ----------
_pol = Columns()
P_PREFERRED = _pol()
P_ADAPTIVE = _pol()
P_FIRE_RANGE = _pol()
P_EVADE = _pol()
P_CRASH_FAR = _pol()
P_MISSILE_RANGE = _pol()
P_DRONE_RANGE = _pol()
P_MISSILES_PER_IMPULSE = _pol()
P_DRONE_HOLD = _pol()
POL_COLUMNS = _pol.count

# -- the scenario: scenario[column] (rules 3) -------------------------------------------------
_scenario = Columns()
START_RANGE = _scenario()
CLOSING_SPEED = _scenario()
TURN_LIMIT = _scenario()

# -- scratch rows for point defense and aiming: xi[row, target] (ints), xf[row, target] ------
_xi = Columns()
PD_KIND = _xi()
PD_INDEX = _xi()
PD_SIZE = _xi()
PD_KILLABLE = _xi()
PD_ALIVE = _xi()
PD_ORDER = _xi()
PD_LIVE = _xi()
PD_SHOT_ALIVE = _xi()
AI_GAP = _xi()
AI_KIND = _xi()
AI_INDEX = _xi()
AI_COUNT = _xi()
XI_ROWS = _xi.count
_xf = Columns()
AF_WORTH = _xf()
AF_SURVIVAL = _xf()
AF_CHANCE = _xf()
XF_ROWS = _xf.count

# -- rows of the tables' arrays (fast.tables.Tables) ------------------------------------------
MEAN, CHANCE, BEST = range(3)  # odds[row, kind, range, size, evaders]
# kinds[row, kind]: COSTS, HIT_ON, RESTS (rules.figures), then the captains' masks
COSTED, KILLERS, DRONE_GUNS = RESTS + 1, RESTS + 2, RESTS + 3
# seqs[row, i]: the steps of rules.figures (LASER_BOUNDS ... FALLTHROUGH), then these
RANGES, COVERING = FALLTHROUGH + 1, FALLTHROUGH + 2
BEAM_PUSH_ROW, BEAM_PUSH_DOUBLE_ROW, EXPLOSION = range(3)  # fv[row, i]; EXPLOSION: EX_*

# -- the state's lists: it[side, table, i, column] (ints), ft[side, table, i, column] (floats)
_it = Columns()
RADAR_T = _it()
BAYS_T = _it()
DORDERS_T = _it()
SPENT_T = _it()
WG_T = _it()
GN_T = _it()
DRI_T = _it()
MSI_T = _it()
BLI_T = _it()
LG_T = _it()
HITS_T = _it()
ORDERS_T = _it()
INT_TABLES = _it.count
INT_COLUMNS = max(c.count for c in (_wg, _gn, _di, _mi, _bi, _lg, _hits, _orders))
_ft = Columns()
DRF_T = _ft()
MSF_T = _ft()
BLF_T = _ft()
FLOAT_TABLES = _ft.count
FLOAT_COLUMNS = max(c.count for c in (_df, _mf))

# -- one duel's result: out[k, column], in the order `core.outcome.results_from` reads -------
_result = Columns()
R_WINNER = _result()  # 0 or 1, -1 for a draw
R_TURNS = _result()
R_DEALT_A = _result()  # damage past the screens dealt by a, then by b
R_DEALT_B = _result()
R_CAUSE = _result()  # an index into CAUSES
R_DRAWS = _result()  # the dice drawn: the reference engine draws as many
RESULT_COLUMNS = _result.count

# -- the hex map (fleet battles): mi[craft, column] ------------------------------------------
_mi = Columns()
HEX_A = _mi()  # the craft's hex
HEX_C = _mi()
FACING = _mi()  # A = 0 ... F = 5
VEL_A = _mi()  # velocity components, in units of `MapFigures.unit` of a hex a turn
VEL_C = _mi()
COL_A = _mi()  # the components' impulse chart columns this turn (R25)
COL_C = _mi()
TARGET = _mi()  # the enemy it fights (`engine.fleet_orders`), -1 for none
FELL = _mi()  # the turn it blew up, 0 while it flies
GONE = _mi()  # disengaged: it has left the battle (R33)
AIM = _mi()  # the craft its directional screens are aimed at (R29), -1: its target
REACH = _mi()  # how far its strongest blast strikes, hexes: friends keep out (R34)
MI_COLUMNS = _mi.count
# each fleet's figures: fleets[row, side]
START_BOXES, RUNNING_AWAY, BOXES_LEFT = range(3)
FLEET_ROWS = 3

# -- scratch rows of a fleet battle: xs[row, craft] (ints), xw[row, craft] (floats) --------
_xs = Columns()
S_ACTING = _xs()  # the craft acting this impulse, in order
S_ATTACKERS = _xs()  # the craft attacking one craft, in order
S_WANT = _xs()  # each acting craft's maneuver: direction, thrust, crash
S_THRUST = _xs()
S_CRASH = _xs()
S_BEFORE_A = _xs()  # its velocity before this impulse's thrust
S_BEFORE_C = _xs()
S_ECM = _xs()  # turn-start allocations: ECM, ECCM, invisibility, radar, evasion
S_ECCM = _xs()
S_INVISIBLE = _xs()
S_RADAR = _xs()
S_EVADE = _xs()
S_ORDER = _xs()  # enemies ranked as targets (fleet_orders)
S_NEED = _xs()
S_LOAD = _xs()
S_CHANGED = _xs()  # 1: the craft took a new target this time (its flights are lost)
S_FRESH = _xs()  # not yet destroyed when a damage assessment began
S_BLAST = _xs()  # the craft blowing up, deepest last, and the next craft each one strikes
S_NEXT = _xs()
S_CELLS = _xs()  # a side's ECM, then the other's ECCM (R28)
S_CELLS_2 = _xs()
S_AIMERS = _xs()  # the attackers announcing fire at a craft, and how much (R29)
S_WEIGHTS = _xs()
S_THREAT = _xs()  # the attacker each acting craft turns its side to, -1: its target (R34)
XS_ROWS = _xs.count
_xw = Columns()
W_WORTH = _xw()  # each enemy's worth as a target
W_STRENGTH = _xw()  # each blowing-up craft's explosion strength
W_HEXES = _xw()  # the range from each attacker announcing fire to the craft it fires at
XW_ROWS = _xw.count

# -- one craft's fate in a fleet battle: fates[battle, craft, column] ----------------------
# a magnetic beam attached this turn: beams[k, column] (2.4 on the map)
B_BEAMER, B_TARGET, B_PULL, B_DOUBLE = range(4)
BEAM_COLUMNS = 4

_fate = Columns()
F_TURN = _fate()  # the turn it blew up, 0 if it survived
F_CAUSE = _fate()  # an index into CAUSES
F_TAKEN = _fate()  # damage past its screens
FATE_COLUMNS = _fate.count
