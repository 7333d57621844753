"""Tacship prices worked by hand from rules 4: each row, the Valkyrie and the Hawk."""

from __future__ import annotations

import json
from typing import Any

import pytest

from shipyard.core.sheet import Line
from shipyard.rulesets.tacship.catalog import TacshipCatalog
from shipyard.rulesets.tacship.design import parse_tacship_design
from shipyard.rulesets.tacship.pricing import price
from tests.tacship.conftest import HAWK_JSON, sheet_of

# One row of the price list at a time: (fields, key, path, count, points).
ROWS: list[tuple[dict[str, Any], str, str, int, int]] = [
    ({"damage_boxes": 12}, "damage_box", "damage_boxes", 12, 12),  # 12 x 1
    ({"survivability": 3}, "survivability", "survivability", 3, 3),  # +3 x 1
    ({"thrust": 9}, "thrust", "thrust", 9, 9),  # 9 x 1
    ({"fixed_lasers": [{"factor": 1}]}, "fixed_laser", "fixed_lasers[0]", 1, 1),  # 1 x 1
    ({"fixed_lasers": [{"factor": 3, "count": 2}]}, "fixed_laser", "fixed_lasers[0]", 2, 6),
    # 2 guns x factor 3 x 1 = 6
    ({"turret_lasers": [{"factor": 2, "arc": "fore"}]}, "turret_laser", "turret_lasers[0]", 1, 3),
    # turret Laser-2: fixed 2 x 1 = 2, plus 1 for the gun = 3
    ({"turret_lasers": [{"factor": 1, "arc": "aft", "count": 2}]}, "turret_laser",
     "turret_lasers[0]", 2, 4),  # 2 guns x (1 + 1) = 4
    ({"turret_lasers": [{"factor": 3, "arc": "fore"}]}, "turret_laser", "turret_lasers[0]", 1, 4),
    # turret Laser-3: 3 + 1 = 4
    ({"hardpoints": 3}, "hardpoint", "hardpoints", 3, 6),  # 3 x 2 = 6
]


@pytest.mark.parametrize(("fields", "key", "path", "count", "points"), ROWS)
def test_price_rows(fields: dict[str, Any], key: str, path: str, count: int,
                    points: int) -> None:
    sheet = sheet_of(**fields)
    assert len(sheet.lines) == 1
    line = sheet.lines[0]
    assert (line.key, line.path, line.boxes, line.price) == (key, path, count, points)
    assert (line.source, line.rule) == ("seed", "4")
    assert sheet.total == points


def test_turret_laser_2_costs_3() -> None:
    # rules 4: fixed price of a Laser-2 (2 x 1 = 2) plus 1 per gun = 3
    assert sheet_of(crew=2, turret_lasers=[{"factor": 2, "arc": "aft"}]).total == 3


def test_ordnance_is_free() -> None:
    # The hardpoints are paid for; what they carry is picked per mission.
    sheet = sheet_of(hardpoints=2, ordnance={"missile": 1, "mine": 1})
    assert sheet.total == 4  # 2 x 2
    assert [line.key for line in sheet.lines] == ["hardpoint"]
    assert sheet.ordnance_load == 2


def test_valkyrie_is_30(catalog: TacshipCatalog) -> None:
    # rules 4: 10 boxes (10) + survivability +2 (2) + thrust 8 (8) + 2 x Laser-2 fixed (4)
    # + 3 hardpoints (6) = 30
    sheet = sheet_of(damage_boxes=10, survivability=2, thrust=8,
                     fixed_lasers=[{"factor": 2, "count": 2}], hardpoints=3,
                     ordnance={"missile": 2, "decoy": 1})
    assert [(line.key, line.price) for line in sheet.lines] == [
        ("damage_box", 10), ("survivability", 2), ("thrust", 8), ("fixed_laser", 4),
        ("hardpoint", 6)]
    assert sheet.total == 30 == catalog.construction.budget.points


def test_hawk_is_24(catalog: TacshipCatalog) -> None:
    # 9 boxes (9) + survivability +1 (1) + thrust 6 (6) + fixed Laser-2 (2)
    # + turret Laser-1 (1 + 1 = 2) + 2 hardpoints (4) = 24
    sheet = price(parse_tacship_design(json.loads(HAWK_JSON)), catalog)
    assert sheet.lines == (
        Line("damage_box", "Damage boxes", 9, 9, "seed", "4", "damage_boxes"),
        Line("survivability", "Survivability +1", 1, 1, "seed", "4", "survivability"),
        Line("thrust", "Thrust", 6, 6, "seed", "4", "thrust"),
        Line("fixed_laser", "Laser-2 (fixed)", 1, 2, "seed", "4", "fixed_lasers[0]"),
        Line("turret_laser", "Laser-1 (turret, aft)", 1, 2, "seed", "4", "turret_lasers[0]"),
        Line("hardpoint", "Hardpoints", 2, 4, "seed", "4", "hardpoints"),
    )
    assert sheet.total == 24
    assert sheet.figures() == {
        "damage_boxes": 9, "survivability": 1, "thrust": 6,
        "laser_factors": 3,  # fixed 2 + turret 1
        "guns": 2, "hardpoints": 2, "crew": 2,
        "ordnance_load": 2,  # 1 missile + 1 decoy
    }
    assert (sheet.fixed_laser_factors, sheet.turret_laser_factors) == (2, 1)


def test_empty_design_costs_nothing() -> None:
    sheet = sheet_of()
    assert sheet.lines == ()
    assert sheet.total == 0
    assert sheet.crew == 1


@pytest.mark.parametrize("fields", [
    {"damage_boxes": -3},
    {"thrust": 2.5},
    {"fixed_lasers": [{"factor": 2, "count": -1}]},
    {"fixed_lasers": [{"factor": 1.5}]},
    {"turret_lasers": [{"factor": 0, "arc": "fore"}]},
    {"hardpoints": -1},
])
def test_bad_counts_are_priced_as_nothing(fields: dict[str, Any]) -> None:
    assert sheet_of(**fields).total == 0


def test_out_of_range_values_keep_their_plain_price() -> None:
    # Legality flags these; pricing still shows what they would cost.
    assert sheet_of(survivability=6).total == 6  # 6 x 1
    assert sheet_of(fixed_lasers=[{"factor": 4}]).total == 4  # Laser-4: 4 x 1
    assert sheet_of(turret_lasers=[{"factor": 2, "arc": "left"}]).lines[0].item == (
        "Laser-2 (turret, left)")
    assert sheet_of(turret_lasers=[{"factor": 2}]).lines[0].item == "Laser-2 (turret, no arc)"


def test_lasers_without_a_factor_or_a_gun_get_no_line() -> None:
    # Laser-0 (factor omitted) and zero guns buy nothing and show no line; a good
    # Laser-3 after them keeps its index: 1 x 3 = 3.
    sheet = sheet_of(crew=2, fixed_lasers=[{"count": 2}, {"factor": 2, "count": 0},
                                           {"factor": 3}],
                     turret_lasers=[{"arc": "fore"}, {"factor": 1, "arc": "aft", "count": 0}])
    assert sheet.lines == (
        Line("fixed_laser", "Laser-3 (fixed)", 1, 3, "seed", "4", "fixed_lasers[2]"),)
    assert (sheet.total, sheet.guns, sheet.laser_factors) == (3, 1, 3)
