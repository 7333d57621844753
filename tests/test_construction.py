"""Free hull, free final damage, size class and mass (rules 1.4), by hand.

An empty design already has two boxes: the free main control and the free 0
radar box. The cargo-only bases below make the arithmetic easy to follow.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.conftest import sheet_of


def test_empty_design() -> None:
    # Boxes before hull: main control + radar 0 = 2 -> free hull ceil(2/16) = 1.
    # Non-radar so far: 1 + 1 = 2 -> free final damage ceil(2/30) = 1. Non-radar 3.
    sheet = sheet_of()
    assert (sheet.free_hull, sheet.free_final_damage) == (1, 1)
    assert (sheet.boxes, sheet.non_radar_boxes, sheet.radar_boxes) == (4, 3, 1)
    assert sheet.size_class == 1
    assert sheet.is_base
    assert sheet.total == 0


@pytest.mark.parametrize(
    ("cargo", "manned", "free_hull"),
    [
        # cargo + main + radar 0 boxes before hull, / 16 unmanned, / 8 manned, rounded up.
        (14, False, 1),  # 16 / 16 = 1
        (15, False, 2),  # 17 / 16 -> 2
        (14, True, 2),  # 16 / 8 = 2
        (15, True, 3),  # 17 / 8 -> 3
        (6, True, 1),  # 8 / 8 = 1
        (7, True, 2),  # 9 / 8 -> 2
    ],
)
def test_free_hull(cargo: int, manned: bool, free_hull: int) -> None:
    sheet = sheet_of(manned=manned, systems={"cargo": cargo})
    assert sheet.free_hull == free_hull


def test_free_hull_counts_the_radar_track() -> None:
    # R3: cargo 12 + main + radar 5-4-3-0 (3 bought + 0) = 17 -> ceil(17/16) = 2.
    sheet = sheet_of(systems={"cargo": 12}, radar=[5, 4, 3])
    assert sheet.free_hull == 2


def test_free_final_damage_counts_hull_not_radar() -> None:
    # R4: cargo 26 + main = 27 non-radar, radar 6-0 = 2 -> 29 before hull ->
    # free hull ceil(29/16) = 2; non-radar so far 27 + 2 = 29 -> ceil(29/30) = 1.
    # One more extra hull box: 30 -> still 1; two more: 31 -> 2.
    assert sheet_of(systems={"cargo": 26}, radar=[6]).free_final_damage == 1
    assert sheet_of(systems={"cargo": 26, "extra_hull": 1}, radar=[6]).free_final_damage == 1
    assert sheet_of(systems={"cargo": 26, "extra_hull": 2}, radar=[6]).free_final_damage == 2


@pytest.mark.parametrize(
    ("cargo", "extra_fd", "non_radar", "size_class"),
    [
        # cargo 70: 72 before hull -> hull 5; 76 so far -> final damage 3; 79 non-radar.
        (70, 1, 80, 1),
        (70, 2, 81, 2),
        # cargo 143: 145 -> hull 10; 154 -> final damage 6; 160.
        (143, 0, 160, 2),
        (143, 1, 161, 3),
        # cargo 289: 291 -> hull 19; 309 -> final damage 11; 320. Cargo 290: 321.
        (289, 0, 320, 3),
        (290, 0, 321, 4),
        # cargo 581: 583 -> hull 37; 619 -> final damage 21; 640. Cargo 582: 641.
        (581, 0, 640, 4),
        (582, 0, 641, 5),
    ],
)
def test_size_class_borders(cargo: int, extra_fd: int, non_radar: int, size_class: int) -> None:
    sheet = sheet_of(systems={"cargo": cargo, "extra_final_damage": extra_fd})
    assert sheet.non_radar_boxes == non_radar
    assert sheet.size_class == size_class


def test_ramscoop_adds_a_size_class_magnascoop_does_not() -> None:
    # cargo 69 + engine 1: the same 79 + 1 extra final damage = 80 non-radar boxes.
    fields = {"systems": {"cargo": 69, "engine": 1, "extra_final_damage": 1}}
    assert sheet_of(**fields).size_class == 1
    assert sheet_of(scoop="ramscoop", **fields).size_class == 2
    assert sheet_of(scoop="magnascoop", **fields).size_class == 1


def test_mass() -> None:
    # Ramming weight 2 (120) + armor 3 (12) + other non-radar boxes x 2.
    # Boxes before hull: 2 + 3 + engine 1 + main 1 + radar 0 = 8 -> hull 1;
    # non-radar so far 8 - 1 + 1 = 8 -> final damage 1; non-radar 9.
    # Other = 9 - 2 - 3 = 4 -> 8. Mass 140, class 140/300 = 7/15 -> 1.
    sheet = sheet_of(systems={"ramming_weight": 2, "engine": 1}, armor={"1": 3})
    assert sheet.mass_points == 140
    assert sheet.mass_class_exact == Fraction(7, 15)
    assert sheet.mass_class == 1


def test_derived_figures() -> None:
    # Engines 3, fuel 2, capacitors 4, screens 2, radiation gun 3, 2 lasers,
    # magnetic beam 1, suicide bomb: 6 + 2 + 4 + 2 + 3 + 1 + 2/2 + 10 = 29 (2.7).
    sheet = sheet_of(
        systems={"engine": 3, "fuel_tank": 2, "capacitor": 4, "screen": 2},
        guns=[{"type": "radiation_gun", "boxes": 3, "arcs": ["LF", "RF"]}],
        weapons=[{"type": "laser", "arcs": ["LF", "RF"], "count": 2},
                 {"type": "magnetic_beam", "arcs": ["LF", "RF"]}],
        drones=[{"weapon": "laser", "count": 2}],
        radar=[4, 2],
        options={"suicide_bomb": True, "radar_invisibility": True},
    )
    assert sheet.explosion_strength == 29
    assert sheet.radar_rating == 4
    assert sheet.size_class == 1
    assert sheet.radar_invisibility_power == 5  # 5 x size class I
    assert sheet.drones_per_impulse == 1
    assert not sheet.is_base


def test_hull_split_default_gives_forward_the_larger_half() -> None:
    # cargo 15 + main + radar 0 = 17 -> 2 free hull; + 2 extra = 4, split 2 / 2.
    sheet = sheet_of(systems={"cargo": 15, "extra_hull": 2})
    assert sheet.hull_boxes == 4
    assert (sheet.hull_forward, sheet.hull_aft) == (2, 2)
    odd = sheet_of(systems={"cargo": 15, "extra_hull": 1})  # 3 hull: 2 forward, 1 aft
    assert (odd.hull_forward, odd.hull_aft) == (2, 1)
