"""The figures of the Tacship combat tables (rules 4, T1-T5) as one value both engines read.

`Figures` names every single figure a rule function reads; `engine.tables.Combat.figures`
fills it once from the catalog (`catalog/tacship/combat.toml`, where each figure keeps its
provenance), and the compiled engine hands the same names to its kernels as a numpy
record (`core.records.record_of`). A rule function reads a figure as `f.to_hit_die`
either way, so each figure is read by the function of its rule and nowhere else.
"""

from __future__ import annotations

from typing import NamedTuple

# T2: how a quarter of the speed is rounded (`Figures.turn_rounding`).
ROUND_DOWN, ROUND_UP, ROUND_NEAREST = 0, 1, 2
ROUNDING = {"down": ROUND_DOWN, "up": ROUND_UP, "nearest": ROUND_NEAREST}

# Columns of the blast table (warhead damage by distance, rules 4): one row per distance.
BLAST_FIXED, BLAST_D6, BLAST_HALVE = 0, 1, 2


class Figures(NamedTuple):
    """Every figure of the combat tables a Tacship rule reads (rules 4)."""

    to_hit_die: int  # lasers: one die of this many faces per weapon
    point_blank: int  # T1: the range a target in the same hex counts as
    location_die: int  # damage track: the start box die
    speed_per_thrust: int  # manoeuvre
    turn_divisor: int  # a turn costs speed / this
    turn_minimum: int  # and at least this
    turn_rounding: int  # T2: ROUND_DOWN, ROUND_UP or ROUND_NEAREST
    missile_speed_bonus: int  # added to the launcher's speed
    launch_distance: int  # hexes straight ahead a missile starts
    missile_turns: int  # one-hexside turns of a homing move
    missile_gap: int  # straight hexes between them
    detonation_range: int
    mine_rear: int  # hexes behind the layer a mine stops
    mine_trigger: int
    decoy_range: int  # hexes a decoy may be placed from its launcher
    decoy_die: int  # the opposed roll
    armed_limit: int  # items armed at once
    slot_range: int  # the slot: directly behind, this close or closer
    initiative_die: int
    reroll_ties: int  # 1: tied initiative is rolled again
