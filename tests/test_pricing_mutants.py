"""Whole priced sheets, worked by hand from rules 1.2-1.5 and 2.7.

`tests/test_prices.py` checks one price-list row at a time; these cases pin
every line of a sheet (key, item, boxes, price, source, rule, path) and every
derived figure, so that a lost label or path, a skipped entry or a default
that leaks into a count fails. See docs/testing.md (`make mutate`).
"""

from __future__ import annotations

from fractions import Fraction as F

from shipyard.rulesets.pentagon_war.catalog import load_catalog
from shipyard.rulesets.pentagon_war.pricing import Sheet, tiered
from tests.conftest import sheet_of


def rows(sheet: Sheet) -> list[tuple[str, str, int, F, str, str, str]]:
    return [(line.key, line.item, line.boxes, line.price, line.source, line.rule, line.path)
            for line in sheet.lines]


def every_line() -> Sheet:
    """An unmanned craft with one of nearly everything, and unknown entries in between."""
    return sheet_of(
        systems={"screen": 1, "cargo": 1, "fuel_tank": 1, "capacitor": 1, "point_defense": 1,
                 "engine": 2, "aux_control": 1, "repair": 1, "missile": 1,
                 "ramming_weight": 1, "extra_hull": 1, "extra_final_damage": 1},
        armor={"1": 2, "3": 1},
        radar=[2],
        # Unknown entries come first: pricing skips them and goes on (1.6 reports them).
        drones=[{"weapon": "phaser"}, {"weapon": "laser"}],
        weapons=[{"type": "phaser", "arcs": ["RF"]}, {"type": "laser", "arcs": []},
                 {"type": "proton_cannon", "arcs": ["LF", "RF"]}],
        guns=[{"type": "blaster", "boxes": 2, "arcs": ["LF", "RF"]},
              {"type": "radiation_gun", "boxes": 2, "arcs": ["LF", "RF"]}],
        scoop="magnascoop",
        options={"special_electronics": True, "suicide_bomb": True},
        hull_split={"forward": 1, "aft": 2},
    )


def test_every_line_of_a_sheet() -> None:
    # 1.2 prices; a laser with no arcs is priced as one arc, 7 x 3/4 = 21/4 (R1), and
    # its price rests on the reconstructed R1 table, so the line cites R1.
    assert rows(every_line()) == [
        ("screen", "Screen generator", 1, F(23), "seed", "1.2", "systems.screen"),
        ("armor", "Armor side 1", 2, F(9), "seed", "1.2", "armor.1"),  # 5 + 4
        ("armor", "Armor side 3", 1, F(5), "seed", "1.2", "armor.3"),
        ("cargo", "Cargo", 1, F(3), "seed", "1.2", "systems.cargo"),
        ("fuel_tank", "Fuel tank", 1, F(3), "seed", "1.2", "systems.fuel_tank"),
        ("capacitor", "Capacitor", 1, F(7), "seed", "1.2", "systems.capacitor"),
        ("point_defense", "Point defense", 1, F(5), "seed", "1.2", "systems.point_defense"),
        ("engine", "Engine", 2, F(10), "seed", "1.2", "systems.engine"),  # 2 x 5
        ("radar", "Radar track 2-0", 2, F(2), "seed", "R7", "radar"),  # 2 + 0
        ("main_control", "Main control", 1, F(0), "seed", "1.2", ""),
        ("aux_control", "Aux control", 1, F(4), "seed", "1.2", "systems.aux_control"),
        ("repair", "Repair", 1, F(3), "seed", "1.2", "systems.repair"),
        ("missile", "Missile", 1, F(4), "seed", "1.2", "systems.missile"),
        ("drone", "Laser drone", 1, F(12), "ruling", "R9", "drones[1]"),  # 5 + 7
        ("laser", "Laser (no arcs)", 1, F(21, 4), "reconstructed", "R1", "weapons[1]"),
        ("proton_cannon", "Proton cannon (LF, RF)", 1, F(11), "seed", "1.2", "weapons[2]"),
        ("radiation_gun", "Radiation gun (LF, RF)", 2, F(22), "seed", "1.2", "guns[1]"),  # 18+4
        ("ramming_weight", "Ramming weight", 1, F(2), "ruling", "R8", "systems.ramming_weight"),
        ("magnascoop", "Magnascoop", 0, F(33), "ruling", "R6", "scoop"),
        ("special_electronics", "Special electronics", 0, F(20), "seed", "1.2",
         "options.special_electronics"),
        ("suicide_bomb", "Suicide bomb", 0, F(10), "seed", "1.2", "options.suicide_bomb"),
        ("free_hull", "Hull (free)", 2, F(0), "seed", "R3", ""),
        ("extra_hull", "Hull (extra)", 1, F(2), "seed", "1.2", "systems.extra_hull"),
        ("free_final_damage", "Final damage (free)", 1, F(0), "seed", "R4", ""),
        ("extra_final_damage", "Final damage (extra)", 1, F(4), "seed", "1.2",
         "systems.extra_final_damage"),
    ]


def test_every_figure_of_a_sheet() -> None:
    sheet = every_line()
    # Price: 23 + 9 + 5 + 3 + 3 + 7 + 5 + 10 + 2 + 0 + 4 + 3 + 4 + 12 + 11 + 22 + 2 + 33
    # + 20 + 10 + 2 + 4 = 194, + 21/4 = 797/4 = 199.25 -> 199 (R2).
    assert (sheet.exact_total, sheet.total) == (F(797, 4), 199)
    # 1.4: before hull 1 + 3 + 1 + 1 + 1 + 1 + 2 + radar 2 + control 2 + 1 + 1 + drone 1
    # + laser 1 + proton 1 + gun 2 + ramming 1 = 22 -> free hull ceil(22/16) = 2, + 1 = 3;
    # non-radar 20 + 3 = 23 -> free FD ceil(23/30) = 1, + 1 = 2; non-radar 25: class I.
    assert sheet.box_counts == {
        "screen": 1, "armor": 3, "cargo": 1, "fuel_tank": 1, "capacitor": 1,
        "point_defense": 1, "engine": 2, "radar": 2, "control": 2, "repair": 1, "missile": 1,
        "drone": 1, "laser": 1, "proton_cannon": 1, "gun": 2, "ramming_weight": 1, "hull": 3,
        "final_damage": 2,
    }
    assert (sheet.boxes, sheet.non_radar_boxes, sheet.radar_boxes) == (27, 25, 2)
    assert (sheet.free_hull, sheet.hull_boxes) == (2, 3)
    assert (sheet.free_final_damage, sheet.final_damage_boxes) == (1, 2)
    # The owner's split 1 + 2 adds up to the 3 hull boxes, so it is kept (1.2).
    assert (sheet.hull_forward, sheet.hull_aft) == (1, 2)
    assert sheet.armor_by_side == {"1": 2, "2": 0, "3": 1, "4": 0, "5": 0, "6": 0}
    assert (sheet.size_class, sheet.engines_for_standard) == (1, 1)
    # Mass: ramming 60 + armor 3 x 4 + other (25 - 3 - 1 = 21) x 2 = 114 -> 114/300 = 19/50.
    assert (sheet.mass_points, sheet.mass_class_exact, sheet.mass_class) == (114, F(19, 50), 1)
    assert (sheet.radar_track, sheet.radar_rating) == ((2, 0), 2)
    assert not sheet.is_base
    assert sheet.radar_invisibility_power == 0
    assert sheet.drones_per_impulse == 1  # 1 per size class, one drone box (2.6)
    # 2.7: engines 2 x 2 + fuel 1 + capacitor 1 + screen 1 + gun boxes 2
    # + (laser 1 + proton 1) x 1/2 + suicide bomb 10 = 20.
    assert sheet.explosion_strength == 20


def test_empty_base_figures() -> None:
    # Nothing bought: no explosion, no drones to launch, no invisibility to power.
    # Mass: main control + free hull + free FD = 3 other boxes x 2 = 6 -> 6/300 = 1/50.
    sheet = sheet_of()
    assert sheet.explosion_strength == 0
    assert (sheet.drones_per_impulse, sheet.radar_invisibility_power) == (0, 0)
    assert (sheet.mass_points, sheet.mass_class_exact, sheet.mass_class) == (6, F(1, 50), 1)
    assert (sheet.hull_forward, sheet.hull_aft) == (1, 0)  # 1 hull box: forward gets it
    assert (sheet.radar_track, sheet.radar_rating) == ((0,), 0)


def test_invisible_ramscoop_drone_carrier_of_class_two() -> None:
    # Engine 5 + ramscoop 33 + laser drone 12 = 50; invisibility 3/20 x 50 = 15/2 (R10).
    # Boxes before hull: engine 1 + radar 0 + main 1 + drone 1 = 4 -> hull 1; 4 -> FD 1;
    # non-radar 5: class I, + 1 for the ramscoop = II (R5).
    sheet = sheet_of(systems={"engine": 1}, scoop="ramscoop", drones=[{"weapon": "laser"}],
                     options={"radar_invisibility": True})
    assert rows(sheet)[-1] == ("radar_invisibility", "Radar invisibility", 0, F(15, 2),
                               "ruling", "R10", "options.radar_invisibility")
    assert (sheet.exact_total, sheet.total) == (F(115, 2), 57)
    assert sheet.size_class == 2
    assert sheet.radar_invisibility_power == 10  # 5 x size class II (2.2)
    assert sheet.drones_per_impulse == 2  # 1 x size class II
    # Mass: no armor, no ramming weight: 5 other boxes x 2 = 10 -> 10/300 = 1/30.
    assert (sheet.mass_points, sheet.mass_class_exact) == (10, F(1, 30))
    assert sheet.explosion_strength == 2  # one engine x 2 (2.7)


def test_bombs_are_priced_per_bomb_and_have_no_boxes() -> None:
    # Hyper bombs 2 x 50000 (R15); two suicide bombs 2 x 10 (illegal, 1.6, yet priced).
    sheet = sheet_of(systems={"hyper_bomb": 2}, options={"suicide_bomb": 2})
    assert rows(sheet)[2:4] == [
        ("suicide_bomb", "Suicide bomb", 0, F(20), "seed", "1.2", "options.suicide_bomb"),
        ("hyper_bomb", "Hyper bomb x2", 0, F(100000), "ruling", "R15", "systems.hyper_bomb"),
    ]
    assert sheet.exact_total == 100020
    assert sheet.boxes == 4  # main control, radar 0, free hull, free FD: bombs add none
    assert sheet.explosion_strength == 20  # 2 suicide bombs x 10 (2.7)


def test_both_scoops_written_as_a_list_are_both_priced() -> None:
    # Engine 5 + ramscoop 33 + magnascoop 33 = 71 (1.6 reports the pair); the ramscoop
    # raises class I to II.
    sheet = sheet_of(systems={"engine": 1}, scoop=["ramscoop", "magnascoop"])
    assert sheet.exact_total == 71
    assert sheet.size_class == 2


def test_radar_boxes_outside_the_track_are_priced_as_nothing() -> None:
    # Only the 1 box is a real radar box (R7): track 1-0 costs 1.
    sheet = sheet_of(radar=[7, 2.5, 1])
    assert sheet.radar_track == (1, 0)
    assert sheet.exact_total == 1


def test_unknown_entries_before_good_ones_are_skipped_not_stopped_at() -> None:
    # Acid gum gun of 0 boxes, then one of 2: 10 + 5 = 15 (1.2).
    guns = sheet_of(guns=[{"type": "acid_gum_gun", "boxes": 0, "arcs": ["F2"]},
                          {"type": "acid_gum_gun", "boxes": 2, "arcs": ["F2"]}])
    assert guns.exact_total == 15
    # A laser of 0 boxes, then an electron cannon on 2 arcs: 8.
    weapons = sheet_of(weapons=[{"type": "laser", "arcs": ["RF"], "count": 0},
                                {"type": "electron_cannon", "arcs": ["F2"]}])
    assert weapons.exact_total == 8
    # A drone bay of 0, then a proton cannon drone: 5 + 11 = 16 (R9).
    drones = sheet_of(drones=[{"weapon": "laser", "count": 0},
                              {"weapon": "proton_cannon"}])
    assert drones.exact_total == 16


def test_tiered_price_of_no_boxes_is_nothing() -> None:
    # 1.2: armor 5 then 4, liquid metal 39 then 15 per pair; none bought costs 0.
    prices = load_catalog().prices
    assert tiered(prices.armor, 0) == 0
    assert tiered(prices.liquid_metal_gun, 0) == 0
    assert tiered(prices.liquid_metal_gun, 4) == 54  # 39 + 15
