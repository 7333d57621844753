"""Column names of the flat arrays the compiled Tacship engine works on (rules 4).

The kernels read plain int64 and float64 arrays (and the figures of the combat tables
as a record, `rules.figures`); these module constants name the arrays' columns, so that
`state[SPEED]` reads like `craft.speed`. numba folds
module-level integers into the compiled code as constants. Columns are numbered in
the order they are named here (`core.columns`), so each array's width is counted,
never typed.
"""

from __future__ import annotations

from shipyard.core.columns import Columns

# -- the lineup's scenario, one int64 vector (`packing.scenario_array`; T3 defaults) --
_scenario = Columns()
START_RANGE = _scenario()
START_SPEED = _scenario()
TURN_LIMIT = _scenario()
START_STRAIGHT = _scenario()  # straight hexes a fighter counts at the start (state.py `Craft`)
SPEED_A = _scenario()  # each fighter's start speed toward the other (negative: facing away)
SPEED_B = _scenario()
SCENARIO_FIELDS = _scenario.count

# -- the blast table, int64 (distances, 3): one row per distance, its columns
# `rules.figures` BLAST_FIXED, BLAST_D6 and BLAST_HALVE.

# ordnance items, in the reference's order
_items = Columns()
MISSILE = _items()
MINE = _items()
DECOY = _items()
ITEMS = _items.count

# -- each fighter's record chart, int64 (fighters, FIGHTER_FIELDS) -----------------
_fighter = Columns()
DAMAGE_BOXES = _fighter()
SURVIVABILITY = _fighter()
THRUST = _fighter()
FIXED_TOTAL = _fighter()
FIXED_COUNT = _fighter()
TURRET_COUNT = _fighter()
STORED = _fighter(ITEMS)  # STORED + item: missiles, mines, decoys carried
FIGHTER_FIELDS = _fighter.count

# the turrets array is (fighters, n, 2): factor, arc (`rules.hexes` FORE or AFT)

# -- each fighter in one battle, int64 (fighters, CRAFT_FIELDS) ------------------
# Rows in battle order: side A's fighters in fleet order, then side B's (a duel: 0, 1).
_craft = Columns()
Q = _craft()
R = _craft()
HEADING = _craft()
SPEED = _craft()
INITIATIVE = _craft()
STRAIGHT = _craft()
DESTROYED = _craft()
KILLED_BY = _craft()  # a cause code below
TAKEN = _craft()
STORES = _craft(ITEMS)  # STORES + item
ARMED = _craft(ITEMS)  # ARMED + item
MOVED = _craft()  # 1 once it has moved this turn
SIDE = _craft()  # 0 for side A, 1 for side B
TIEBREAK = _craft()  # initiative tie-break digits (rules.squadron, ruling TB1)
KILLED_ON = _craft()  # the turn it was destroyed
CRAFT_FIELDS = _craft.count

# causes of a kill, as `Result.cause` names them
CAUSES = ("", "laser", "missile", "mine")
CAUSE_NONE, CAUSE_LASER, CAUSE_MISSILE, CAUSE_MINE = range(len(CAUSES))

# -- missiles in play, int64 (n, MISSILE_FIELDS) ---------------------------------
_missile = Columns()
M_OWNER = _missile()  # the launcher's side
M_TARGET = _missile()  # the row of the fighter it homes on
M_Q = _missile()
M_R = _missile()
M_HEADING = _missile()
M_SPEED = _missile()
M_LAUNCHED = _missile()
M_SHOOTER = _missile()  # the row of the fighter that launched it
MISSILE_FIELDS = _missile.count

# -- mines in play, int64 (n, MINE_FIELDS) ---------------------------------------
_mine = Columns()
N_OWNER = _mine()  # the layer's side
N_Q = _mine()
N_R = _mine()
MINE_FIELDS = _mine.count

# -- counters of the board, int64 vector -----------------------------------------
_board = Columns()
MISSILES_IN_PLAY = _board()
MINES_IN_PLAY = _board()
DECOYS = _board(2)  # DECOYS + side: decoys of that side this turn
BOARD_FIELDS = _board.count

# -- a move is an int64 row (`rules.movement`: PLAN_SPEED, PLAN_TURNS, PLAN_FIRST) ----
MOST_TURNS = 3  # the pilot's longest candidate (policy.py); missiles add their own

# -- each side's pilot, float64 (2, PILOT_FIELDS) (policy.py `Pilot` and heuristics) --
_pilot = Columns()
NEXT_SHOT = _pilot()
EXPOSURE = _pilot()
SLOT_WEIGHT = _pilot()
IDEAL_RANGE = _pilot()
RANGE_WEIGHT = _pilot()
MISSILE_FEAR = _pilot()
EAGER_FUSE = _pilot()
LAUNCH_VALUE = _pilot()  # a move ending where a launch would reach the enemy now
HOLD_VALUE = _pilot()  # expected boxes a missile kept armed is worth
ARM_MINE_WITHIN = _pilot()  # arm a mine with the enemy astern and this close
MINE_RELEASE_EXTRA = _pilot()  # drop a mine with the enemy within rear distance + this
CHANCE_CAP = _pilot()  # ranges beyond this read the chance at it
SPOT_GAP = _pilot()  # fixed-laser spots looked for up to this range
MINE_PENALTY = _pilot()  # per hex of the move near an enemy mine
BEARS_DEAD_AHEAD = _pilot()  # the enemy's fixed lasers bear: exactly, in its fore arc, else
BEARS_FORE = _pilot()
BEARS_ELSE = _pilot()
TURRET_THREAT = _pilot()
AHEAD_FORE = _pilot()  # a shot next move: enemy in my fore arc, else
AHEAD_ELSE = _pilot()
TURN_PENALTY = _pilot()  # per thrust point two turns would overdraw
SLOW_PENALTY = _pilot()
SLOW_BELOW = _pilot()
CRUISE_FACTOR = _pilot()  # cruise speed: this times half the thrust (at least 1), less one
CLOSEST_START = _pilot()  # a missile run's closest distance before it is measured
STAND_OFF_CAP = _pilot()  # the longest run of the enemy a stand-off spot allows for
PILOT_FIELDS = _pilot.count
