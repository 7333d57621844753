"""The Tacship record chart as data: a `shipyard.ssd/1` document.

The chart (rules 4) is a numbered damage track, a laser diagram, hardpoint,
armed and running boxes for ordnance, and a row of velocity boxes, one per
turn. Every box a player marks has a stable id, so a game aid can mark it by
id: `damage#n` is damage box n, `critical#1` box 0 (reaching it destroys the
fighter), `fixed_lasers[i]#k` and `turret_lasers[i]#k` one gun each,
`hardpoint#k` one hardpoint (labelled with its load item), `armed#1-2`,
`running#1` and `velocity#t` the speed written in turn t.

The document lists only the boxes this fighter has: damage boxes above the
design's count are not boxes of the fighter, so a game aid never marks them;
the printed chart still shows the full track up to `damage_track_top` (the
top of the location die) with those boxes crossed out, as players fill in a
blank chart. Pure core code: no renderer is imported here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from shipyard.core.defaults import record_document
from shipyard.core.document import Box, BoxRows, Group, SsdDocument
from shipyard.core.issues import Issue, is_legal
from shipyard.core.sheet import Line
from shipyard.rulesets.tacship.design import TacshipDesign
from shipyard.rulesets.tacship.pricing import TacshipEvaluation, TacshipSheet, whole

ARC_ORDER = ["fore", "aft"]  # the two turret arcs, ahead first (rules 4)
ARMED_BOXES = 2  # rules 4: at most two items of ordnance armed at one time
RUNNING_BOXES = 1  # rules 4: the missile's speed is written in the Running box
VELOCITY_TURNS = 20  # a chart's row of velocity boxes: one per turn
EMPTY = "empty"  # a hardpoint with no load item chosen


def line_data(line: Line) -> dict[str, Any]:
    return {
        "key": line.key,
        "item": line.item,
        "boxes": line.boxes,
        "price": str(line.price),
        "source": line.source,
        "rule": line.rule,
        "path": line.path,
    }


def sheet_data(sheet: TacshipSheet, issues: Sequence[Issue] = ()) -> dict[str, Any]:
    """Every figure of a priced fighter, with its lines and issues (`cost --json`)."""
    return {
        "total": sheet.total,
        "exact_total": str(sheet.total),  # Tacship prices are whole points: exact already
        "damage_boxes": sheet.damage_boxes,
        "survivability": sheet.survivability,
        "thrust": sheet.thrust,
        "fixed_laser_factors": sheet.fixed_laser_factors,
        "turret_laser_factors": sheet.turret_laser_factors,
        "laser_factors": sheet.laser_factors,
        "guns": sheet.guns,
        "hardpoints": sheet.hardpoints,
        "crew": sheet.crew,
        "ordnance_load": sheet.ordnance_load,
        "legal": is_legal(issues),
        "lines": [line_data(line) for line in sheet.lines],
        "issues": [issue.to_data() for issue in issues],
    }


def laser_name(factor: int) -> str:
    return f"Laser-{factor}"


def hardpoint_loads(design: TacshipDesign, hardpoints: int) -> list[str]:
    """The load item of each hardpoint: known kinds first, then any other; else empty."""
    items: list[str] = []
    for kind, count in design.ordnance.items():
        items.extend([kind] * whole(count))
        if len(items) >= hardpoints:
            break
    items = items[:hardpoints]
    return items + [EMPTY] * (hardpoints - len(items))


def _add_hardpoints(rows: BoxRows, loads: list[str]) -> None:
    """One box per hardpoint, each labelled with its own load item."""
    if not loads:
        return
    rows.groups.append(Group(id="hardpoint", system="hardpoint", label="Hardpoints",
                             boxes=len(loads)))
    rows.boxes.extend(Box(id=f"hardpoint#{k}", system="hardpoint", group="hardpoint",
                          label=load) for k, load in enumerate(loads, start=1))


def groups_of(design: TacshipDesign, sheet: TacshipSheet) -> BoxRows:
    """Every box of the record chart, row by row, counted exactly as pricing counts it."""
    rows = BoxRows()
    count = sheet.damage_boxes
    rows.add("critical", "critical", "Box 0: critical damage, destroyed", "Damage box", 1,
             numbers=(0,))
    rows.add("damage", "damage", "Damage track", "Damage box", count,
             numbers=tuple(range(1, count + 1)))
    for i, laser in enumerate(design.fixed_lasers):
        factor, guns = whole(laser.factor), whole(laser.count)
        if factor:
            name = laser_name(factor)
            rows.add(f"fixed_lasers[{i}]", "fixed_laser", f"{name} (fixed)", name, guns,
                     weapon=name)
    for i, mount in enumerate(design.turret_lasers):
        factor, guns = whole(mount.factor), whole(mount.count)
        if factor:
            name = laser_name(factor)
            arcs = [mount.arc] if mount.arc else []
            rows.add(f"turret_lasers[{i}]", "turret_laser",
                     f"{name} (turret, {mount.arc or 'no arc'})", name, guns, arcs=arcs,
                     weapon=name)
    _add_hardpoints(rows, hardpoint_loads(design, sheet.hardpoints))
    rows.add("armed", "armed", "Armed", "Armed", ARMED_BOXES)
    rows.add("running", "running", "Missile running", "Running", RUNNING_BOXES)
    rows.add("velocity", "velocity", "Velocity", "Velocity turn", VELOCITY_TURNS,
             numbers=tuple(range(1, VELOCITY_TURNS + 1)))
    return rows


def build_document(evaluation: TacshipEvaluation, *, budget: int | None = None,
                   draft: bool = False) -> SsdDocument:
    """The record chart document of an evaluated Tacship fighter."""
    design, sheet, catalog = evaluation.design, evaluation.sheet, evaluation.catalog
    rows = groups_of(design, sheet)
    figures = sheet_data(sheet, evaluation.issues)
    # The printed track runs to the top of the location die, or further for a
    # draft with more boxes than that.
    figures["damage_track_top"] = max(catalog.construction.damage_track.top, sheet.damage_boxes)
    return record_document(evaluation, rows, sheet=figures, arc_order=ARC_ORDER, budget=budget,
                           draft=draft)
