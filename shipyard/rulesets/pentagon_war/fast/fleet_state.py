"""Two fleets on the hex map as arrays, and the working arrays one battle plays on.

A fleet battle plays on the duel's arrays (`state.State`), one row per craft, beside a
`MapState`: each craft's hex, facing, velocity, chart columns and target (`columns.HEX_A`
...) and scratch rows for the battle's own loops. The start of the map is worked out
once by the reference's own `engine.hexmap.HexMap` (R33: fleets abreast, the layout
turned or mirrored), so both engines start every battle from the very same map.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import numpy as np
from numpy.typing import NDArray

from shipyard.core.outcome import DuelScenario
from shipyard.rulesets.pentagon_war.catalog import Catalog
from shipyard.rulesets.pentagon_war.engine.fleet_orders import blast_room
from shipyard.rulesets.pentagon_war.engine.hexmap import HexMap
from shipyard.rulesets.pentagon_war.engine.quick_reference import catalog_charts
from shipyard.rulesets.pentagon_war.engine.state import Craft
from shipyard.rulesets.pentagon_war.engine.tables import Combat
from shipyard.rulesets.pentagon_war.fast import columns as C
from shipyard.rulesets.pentagon_war.map_movement import map_figures
from shipyard.rulesets.pentagon_war.rules.vector import MapFigures

Ints = NDArray[np.int64]
Floats = NDArray[np.float64]


class MapState(NamedTuple):
    """One fleet battle's map: `mi[craft, column]` (`columns.HEX_A` ...), its start, the
    movement figures in whole units, each fleet's boxes and whether it runs
    (`fleets[columns.START_BOXES, side]` ...), and scratch rows (`columns.S_ACTING` ...)."""

    mi: Ints
    start: Ints
    m: MapFigures
    fleets: Ints
    beams: Ints  # this turn's attached magnetic beams (`columns.B_BEAMER` ...), 2.4
    counts: Ints  # [0]: how many beams; [1], [2]: a beam's engines, normal and double
    xs: Ints
    xw: Floats


def start_map(crafts: Sequence[Craft], sides: Sequence[int], places: Sequence[int],
              scenario: DuelScenario, combat: Combat, catalog: Catalog,
              layout: tuple[int, bool] = (0, False)) -> tuple[Ints, MapFigures]:
    """Every craft's row of the map as the battle starts (`MapBattle.start`, R33), with
    its blast reach (`fleet_orders.blast_room`, R34)."""
    rates = catalog_charts(catalog)[1]
    m = map_figures(combat.turn, combat.movement)
    hexmap = HexMap(m, len(crafts))
    speeds = [0.0 if craft.is_base else scenario.start_speeds((True, True))[side]
              for craft, side in zip(crafts, sides, strict=True)]
    hexmap.place(sides, places, scenario.start_range, speeds)
    hexmap.turned(*layout)
    start = np.zeros((len(crafts), C.MI_COLUMNS), dtype=np.int64)
    for i in range(len(crafts)):
        start[i, C.HEX_A], start[i, C.HEX_C] = hexmap.a[i], hexmap.c[i]
        start[i, C.FACING] = hexmap.facing[i]
        start[i, C.VEL_A], start[i, C.VEL_C] = hexmap.va[i], hexmap.vc[i]
        start[i, C.TARGET] = start[i, C.AIM] = -1
        start[i, C.REACH] = blast_room(crafts[i], rates)
    return start, m


def new_map(start: Ints, m: MapFigures, beams: int, engines: tuple[int, int]) -> MapState:
    """Working arrays for one battle at a time from `start` (the kernel resets them), room
    for `beams` magnetic beams attached in a turn, a beam's `engines` (normal, double)."""
    count = len(start)
    return MapState(mi=start.copy(), start=start, m=m,
                    fleets=np.zeros((C.FLEET_ROWS, 2), dtype=np.int64),
                    beams=np.zeros((max(1, beams), C.BEAM_COLUMNS), dtype=np.int64),
                    counts=np.array([0, *engines], dtype=np.int64),
                    xs=np.zeros((C.XS_ROWS, count), dtype=np.int64),
                    xw=np.zeros((C.XW_ROWS, count)))


def beam_room(crafts: Sequence[Craft], combat: Combat) -> int:
    """The most magnetic beams that can attach in one turn: each beam box fires its
    shots a turn (2.2)."""
    shots = combat.fire_limits.secondary_shots_per_turn
    return sum(g.boxes * shots for c in crafts for g in c.weapons if g.type == "magnetic_beam")
