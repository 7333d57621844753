"""Column names of the flat arrays the compiled Tacship engine works on (rules 4).

The kernels read plain int64 and float64 arrays; these module constants name
their columns, so that `state[SPEED]` reads like `craft.speed`. numba folds
module-level integers into the compiled code as constants.
"""

from __future__ import annotations

# -- the combat tables, one int64 vector (`packing.combat_array`) -------------
TO_HIT_DIE = 0  # lasers.to_hit_die
POINT_BLANK = 1  # point_blank.counts_as (T1)
LOCATION_DIE = 2  # damage_track.location_die
SPEED_PER_THRUST = 3  # manoeuvre
TURN_DIVISOR = 4
TURN_MINIMUM = 5
TURN_ROUNDING = 6  # turn_rounding.mode (T2): ROUND_DOWN, ROUND_UP or ROUND_NEAREST
MISSILE_SPEED_BONUS = 7  # missile
LAUNCH_DISTANCE = 8
MISSILE_TURNS = 9
MISSILE_GAP = 10  # straight_between_turns
DETONATION_RANGE = 11
MINE_REAR = 12  # mine.rear_distance
MINE_TRIGGER = 13  # mine.trigger_range
DECOY_DIE = 14  # decoy.opposed_die
ARMED_LIMIT = 15  # ordnance.armed_limit
SLOT_RANGE = 16  # slot.max_range
INITIATIVE_DIE = 17
REROLL_TIES = 18
START_RANGE = 19  # the lineup's scenario (T3 defaults)
START_SPEED = 20
TURN_LIMIT = 21
START_STRAIGHT = 22  # straight hexes a fighter counts at the start (state.py `Craft`)
COMBAT_FIELDS = 23

ROUND_DOWN = 0
ROUND_UP = 1
ROUND_NEAREST = 2

# -- the blast table, int64 (distances, 3): one row per distance ---------------
BLAST_FIXED = 0
BLAST_D6 = 1
BLAST_HALVE = 2  # 1: halve, rounding up

# -- a fighter's record chart, int64 (2, FIGHTER_FIELDS) ------------------------
DAMAGE_BOXES = 0
SURVIVABILITY = 1
THRUST = 2
FIXED_TOTAL = 3
FIXED_COUNT = 4
TURRET_COUNT = 5
STORED = 6  # STORED + item: missiles, mines, decoys carried
FIGHTER_FIELDS = 9

# ordnance items, in the reference's order
MISSILE = 0
MINE = 1
DECOY = 2

# turret arcs (the turrets array is (2, n, 2): factor, arc)
FORE = 0
AFT = 1

# -- one fighter in one duel, int64 (2, CRAFT_FIELDS) --------------------------
Q = 0
R = 1
HEADING = 2
SPEED = 3
INITIATIVE = 4
STRAIGHT = 5
DESTROYED = 6
KILLED_BY = 7  # a cause code below
TAKEN = 8
STORES = 9  # STORES + item
ARMED = 12  # ARMED + item
MOVED = 15  # 1 once it has moved this turn
CRAFT_FIELDS = 16

# causes of a kill, as `Result.cause` names them
CAUSE_NONE = 0
CAUSE_LASER = 1
CAUSE_MISSILE = 2
CAUSE_MINE = 3
CAUSES = ("", "laser", "missile", "mine")

# -- missiles in play, int64 (n, MISSILE_FIELDS) ---------------------------------
M_OWNER = 0
M_TARGET = 1
M_Q = 2
M_R = 3
M_HEADING = 4
M_SPEED = 5
M_LAUNCHED = 6
MISSILE_FIELDS = 7

# -- mines in play, int64 (n, MINE_FIELDS) ---------------------------------------
N_OWNER = 0
N_Q = 1
N_R = 2
MINE_FIELDS = 3

# -- counters of the board, int64 vector -----------------------------------------
MISSILES_IN_PLAY = 0
MINES_IN_PLAY = 1
DECOYS = 2  # DECOYS + side: decoys of that side this turn
BOARD_FIELDS = 4

# -- a move, int64 row: speed, number of turns, then (flown, side) per turn ------
PLAN_SPEED = 0
PLAN_TURNS = 1
PLAN_FIRST = 2  # PLAN_FIRST + 2 * k: hexes flown before turn k; + 1: its side
MOST_TURNS = 3  # the pilot's longest candidate (policy.py); missiles add their own

# -- a pilot, float64 (2, PILOT_FIELDS) (policy.py `Pilot` and its heuristics) ----
NEXT_SHOT = 0
EXPOSURE = 1
SLOT_WEIGHT = 2
IDEAL_RANGE = 3
RANGE_WEIGHT = 4
MISSILE_FEAR = 5
EAGER_FUSE = 6
LAUNCH_VALUE = 7  # a move ending where a launched missile is sure to arrive
ARM_MINE_WITHIN = 8  # arm a mine with the enemy astern and this close
MINE_RELEASE_EXTRA = 9  # drop a mine with the enemy within rear distance + this
CHANCE_CAP = 10  # ranges beyond this read the chance at it
SPOT_GAP = 11  # fixed-laser spots looked for up to this range
MINE_PENALTY = 12  # per hex of the move near an enemy mine
BEARS_DEAD_AHEAD = 13  # the enemy's fixed lasers bear: exactly, in its fore arc, else
BEARS_FORE = 14
BEARS_ELSE = 15
TURRET_THREAT = 16
AHEAD_FORE = 17  # a shot next move: enemy in my fore arc, else
AHEAD_ELSE = 18
TURN_PENALTY = 19  # per thrust point two turns would overdraw
SLOW_PENALTY = 20
SLOW_BELOW = 21
CRUISE_FACTOR = 22  # cruise speed: this times half the thrust (at least 1), less one
CLOSEST_START = 23  # a missile run's closest distance before it is measured
PILOT_FIELDS = 24
