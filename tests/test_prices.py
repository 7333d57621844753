"""Hand-worked prices, one or more per row of the rules 1.2 price list.

Every design here is otherwise empty: the free main control and the free 0
radar box cost nothing, so the total is the row's price alone.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from tests.conftest import sheet_of

ENGINE = {"engine": 1}  # 5 points, so a scoop has a craft to sit on

ROWS: list[tuple[str, dict[str, Any], Fraction]] = [
    ("screen 3 x 23", {"systems": {"screen": 3}}, Fraction(69)),
    ("directional screens 2 x 33", {"systems": {"screen": 2},
                                    "options": {"directional_screens": True}}, Fraction(66)),
    ("armor one box on side 1: 5", {"armor": {"1": 1}}, Fraction(5)),
    ("armor 3 on side 1: 5 + 4 + 4", {"armor": {"1": 3}}, Fraction(13)),
    ("armor 2 on sides 2 and 6: (5 + 4) x 2", {"armor": {"2": 2, "6": 2}}, Fraction(18)),
    ("base rear armor 4: 5 + 3 x 4", {"armor": {"4": 4}}, Fraction(17)),
    ("extra hull 3 x 2", {"systems": {"extra_hull": 3}}, Fraction(6)),
    ("cargo 2 x 3", {"systems": {"cargo": 2}}, Fraction(6)),
    ("fuel tank 2 x 3", {"systems": {"fuel_tank": 2}}, Fraction(6)),
    ("ramscoop 33 + engine 5", {"scoop": "ramscoop", "systems": ENGINE}, Fraction(38)),
    ("magnascoop 33 + engine 5 (R6)", {"scoop": "magnascoop", "systems": ENGINE}, Fraction(38)),
    ("capacitor 3 x 7", {"systems": {"capacitor": 3}}, Fraction(21)),
    ("point defense 2 x 5", {"systems": {"point_defense": 2}}, Fraction(10)),
    ("radar 6-4-0: 6 + 4", {"radar": [6, 4]}, Fraction(10)),
    ("radar 1-1-1: 3", {"radar": [1, 1, 1]}, Fraction(3)),
    ("engine 2 x 5", {"systems": {"engine": 2}}, Fraction(10)),
    ("extra final damage 3 x 4", {"systems": {"extra_final_damage": 3}}, Fraction(12)),
    ("missile 5 x 4", {"systems": {"missile": 5}}, Fraction(20)),
    ("laser drone: 5 + 7", {"drones": [{"weapon": "laser"}]}, Fraction(12)),
    ("electron cannon drones 2 x (5 + 8)", {"drones": [{"weapon": "electron_cannon",
                                                        "count": 2}]}, Fraction(26)),
    ("proton cannon drone: 5 + 11", {"drones": [{"weapon": "proton_cannon"}]}, Fraction(16)),
    ("point-defense drone: 5 + 6 (R9)", {"drones": [{"weapon": "point_defense"}]}, Fraction(11)),
    ("main control is free", {}, Fraction(0)),
    ("aux control 2 x 4", {"systems": {"aux_control": 2}}, Fraction(8)),
    ("repair 2 x 3", {"systems": {"repair": 2}}, Fraction(6)),
    ("laser, 2 arcs: 7", {"weapons": [{"type": "laser", "arcs": ["LF", "RF"]}]}, Fraction(7)),
    ("electron cannon, 2 arcs: 8",
     {"weapons": [{"type": "electron_cannon", "arcs": ["LF", "RF"]}]}, Fraction(8)),
    ("proton cannon, 2 arcs: 11",
     {"weapons": [{"type": "proton_cannon", "arcs": ["LF", "RF"]}]}, Fraction(11)),
    ("magnetic beam, 2 arcs: 7 (R1)",
     {"weapons": [{"type": "magnetic_beam", "arcs": ["LF", "RF"]}]}, Fraction(7)),
    ("magnetic beam, 4 arcs: 7 x 3/2 (R1)",
     {"weapons": [{"type": "magnetic_beam", "arcs": ["LF", "RF", "R", "L"]}]}, Fraction(21, 2)),
    ("radiation gun 1 box: 18", {"guns": [{"type": "radiation_gun", "boxes": 1,
                                           "arcs": ["LF", "RF"]}]}, Fraction(18)),
    ("radiation gun 3 boxes: 18 + 4 + 4", {"guns": [{"type": "radiation_gun", "boxes": 3,
                                                     "arcs": ["LF", "RF"]}]}, Fraction(26)),
    ("two radiation guns of 2: (18 + 4) x 2",
     {"guns": [{"type": "radiation_gun", "boxes": 2, "arcs": ["LF", "RF"]},
               {"type": "radiation_gun", "boxes": 2, "arcs": ["R", "RR"]}]}, Fraction(44)),
    ("acid gum gun 1 box: 10", {"guns": [{"type": "acid_gum_gun", "boxes": 1,
                                          "arcs": ["LF", "RF"]}]}, Fraction(10)),
    ("acid gum gun 4 boxes: 10 + 3 x 5", {"guns": [{"type": "acid_gum_gun", "boxes": 4,
                                                    "arcs": ["F2"]}]}, Fraction(25)),
    ("liquid metal gun 1 pair: 39", {"guns": [{"type": "liquid_metal_gun", "boxes": 2,
                                               "arcs": ["LF", "RF"]}]}, Fraction(39)),
    ("liquid metal gun 3 pairs: 39 + 15 + 15",
     {"guns": [{"type": "liquid_metal_gun", "boxes": 6, "arcs": ["LF", "RF"]}]}, Fraction(69)),
    ("special electronics 20", {"options": {"special_electronics": True}}, Fraction(20)),
    ("suicide bomb 10", {"options": {"suicide_bomb": True}}, Fraction(10)),
    ("hyper bomb 50000 (R15)", {"systems": {"hyper_bomb": 1}}, Fraction(50000)),
    ("ramming weight 3 x 2 (R8)", {"systems": {"ramming_weight": 3}}, Fraction(6)),
    ("radar invisibility: 15% of 23 screen", {"systems": {"screen": 1},
                                             "options": {"radar_invisibility": True}},
     Fraction(23) * Fraction(23, 20)),
    ("movable base costs nothing", {"options": {"movable_base": True}}, Fraction(0)),
    ("manned costs nothing", {"manned": True}, Fraction(0)),
]


@pytest.mark.parametrize(("label", "fields", "expected"), ROWS, ids=[r[0] for r in ROWS])
def test_price_list_row(label: str, fields: dict[str, Any], expected: Fraction) -> None:
    sheet = sheet_of(**fields)
    assert sheet.exact_total == expected
    assert sheet.total == int(expected)  # floor, all positive


@pytest.mark.parametrize(
    ("arcs", "expected"),
    [
        # Four lasers at 7 x (n + 2) / 4 each: 7 x (n + 2) in all (R1).
        (["LF"], 21),
        (["LF", "RF"], 28),
        (["LF", "RF", "R"], 35),
        (["LF", "RF", "R", "L"], 42),
        (["LF", "RF", "R", "L", "RR"], 49),
        (["LF", "RF", "R", "L", "RR", "LR"], 56),
    ],
)
def test_arc_count_multiplier(arcs: list[str], expected: int) -> None:
    sheet = sheet_of(weapons=[{"type": "laser", "arcs": arcs, "count": 4}])
    assert sheet.exact_total == expected


def test_f2_shorthand_is_two_arcs() -> None:
    sheet = sheet_of(weapons=[{"type": "proton_cannon", "arcs": ["F2"]}])
    assert sheet.exact_total == 11


def test_one_arc_proton_rounds_down() -> None:
    # 11 x 3/4 = 33/4 = 8.25: the builder pays 8 (R2).
    sheet = sheet_of(weapons=[{"type": "proton_cannon", "arcs": ["RF"]}])
    assert sheet.exact_total == Fraction(33, 4)
    assert sheet.total == 8


def test_fractions_add_up_before_rounding() -> None:
    # Two one-arc lasers in separate mounts: 21/4 + 21/4 = 21/2 -> 10, not 5 + 5.
    sheet = sheet_of(weapons=[{"type": "laser", "arcs": ["RF"]},
                              {"type": "laser", "arcs": ["LF"]}])
    assert sheet.exact_total == Fraction(21, 2)
    assert sheet.total == 10


def test_radar_invisibility_on_fractional_subtotal() -> None:
    # One-arc laser: 21/4. Invisibility 3/20 x 21/4 = 63/80 (R10, on the exact figure).
    # Total 21/4 + 63/80 = 483/80 = 6.0375 -> 6. On a rounded 5 it would be 5.75 -> 5.
    sheet = sheet_of(weapons=[{"type": "laser", "arcs": ["RF"]}],
                     options={"radar_invisibility": True})
    assert sheet.exact_total == Fraction(483, 80)
    assert sheet.total == 6


def test_radar_invisibility_includes_everything_else() -> None:
    # Three-arc laser 35/4 + special electronics 20 + extra hull 2 = 123/4;
    # x 23/20 = 2829/80 = 35.3625 -> 35.
    sheet = sheet_of(weapons=[{"type": "laser", "arcs": ["RF", "R", "RR"]}],
                     systems={"extra_hull": 1},
                     options={"radar_invisibility": True, "special_electronics": True})
    assert sheet.exact_total == Fraction(2829, 80)
    assert sheet.total == 35


def test_lines_carry_provenance() -> None:
    sheet = sheet_of(scoop="magnascoop", systems={"engine": 1},
                     weapons=[{"type": "laser", "arcs": ["RF"]}])
    by_key = {line.key: line for line in sheet.lines}
    assert (by_key["magnascoop"].source, by_key["magnascoop"].rule) == ("ruling", "R6")
    assert by_key["laser"].price == Fraction(21, 4)
    assert by_key["laser"].path == "weapons[0]"
