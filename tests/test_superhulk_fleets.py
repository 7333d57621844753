"""The original rules' own question as two bundled fleets (rules 1.1: "2000 points could
buy one monstrous size class IV superhulk or several small, but deadly, size class I
gunspacecraft"): `sample-fleet:superhulk` and `sample-fleet:gunships`, each legal, within
its 2000 points, and priced as rules 1.2-1.5 say (worked by hand below)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from shipyard.core.catalog_files import catalog_root
from shipyard.services.fleet import FleetReport, judge, read_fleet
from shipyard.services.samples import resolve_fleet
from tests.entry import shipyard

FLEETS = catalog_root() / "pentagon-war" / "fleets"
SUPERHULK, GUNSHIPS = "sample-fleet:superhulk", "sample-fleet:gunships"


def report(name: str) -> FleetReport:
    return judge(read_fleet(resolve_fleet(name)))


@pytest.mark.parametrize("name", [SUPERHULK, GUNSHIPS])
def test_each_fleet_is_legal_within_its_2000_points(name: str) -> None:
    fleet = report(name)
    assert fleet.fleet.ruleset.name == "pentagon-war"
    assert fleet.budget == 2000
    assert fleet.legal and fleet.issues == ()
    assert all(ship.legal for ship in fleet.ships)
    assert fleet.total <= 2000 and fleet.total == 2000  # the whole budget, never over
    assert all(not ship.evaluation.issues for ship in fleet.ships)  # not even a warning


def test_the_superhulk_is_one_mobile_size_class_iv_craft_priced_by_hand() -> None:
    fleet = report(SUPERHULK)
    assert len(fleet.ships) == 1
    sheet = fleet.ships[0].evaluation.sheet
    counts = sheet.box_counts
    # Mobile (rules 1.1, 2.3): engines, so not a base; standard acceleration needs at
    # least as many engines as the size class (8 >= 4: crash acceleration too, 2x); fuel.
    assert not sheet.is_base and not fleet.ships[0].evaluation.design.manned
    assert sheet.size_class == 4 and sheet.engines_for_standard == 4
    assert counts["engine"] == 8 >= 2 * sheet.size_class
    assert counts["fuel_tank"] == 4
    # Rules 1.2, price by price:
    #   screens 26 x 23 = 598
    #   armor (first box of a side 5, each further 4): side 1 30 boxes 5 + 29*4 = 121,
    #     sides 2 and 6 24 boxes 5 + 23*4 = 97 each, sides 3 and 5 16 boxes 5 + 15*4 = 65
    #     each: 445 (no side 4: the craft has engines)
    #   cargo 3 x 3 = 9, fuel 4 x 3 = 12, capacitors 41 x 7 = 287, point defense 16 x 5 = 80,
    #   engines 8 x 5 = 40, radar 6+5+4+3+2+1 = 21 (the 0 box free), main control 0,
    #   aux control 2 x 4 = 8, missiles 24 x 4 = 96, laser drones 4 x (5 + 7) = 48 (R9)
    #   proton cannons 8 x 11 x (4+2)/4 = 132 and lasers 8 x 7 x (4+2)/4 = 84 (4 arcs, R1)
    #   special electronics 20, extra hull 40 x 2 = 80, extra final damage 10 x 4 = 40
    #   total 598+445+9+12+287+80+40+21+8+96+48+132+84+20+80+40 = 2000
    assert sheet.exact_total == Fraction(2000) and sheet.total == 2000
    # Rules 1.4: 262 boxes before hull (radar with its 0 box and the main control among
    # them): free hull 262/16 = 16.375, up to 17 (R2, R3), 57 with the 40 extra; 255
    # non-radar + 57 hull = 312: free final damage 312/30 = 10.4, up to 11 (R4), 21 with
    # the 10 extra; 312 + 21 = 333 non-radar boxes: size class IV (321-640, R5).
    assert (sheet.free_hull, sheet.hull_boxes) == (17, 57)
    assert (sheet.free_final_damage, sheet.final_damage_boxes) == (11, 21)
    assert sheet.non_radar_boxes == 333 and sheet.radar_boxes == 7
    # Mass: 110 armor boxes x 4 + 223 others x 2 = 886 points, class 886/300.
    assert sheet.mass_points == 886 and sheet.mass_class_exact == Fraction(886, 300)
    # Every arc is covered: cannons ahead and abeam, lasers abeam and astern.
    covered = {arc for weapon in fleet.ships[0].evaluation.design.weapons
               for arc in weapon.arcs}
    assert covered == {"LF", "RF", "R", "RR", "LR", "L"}


def test_the_gunships_are_copies_of_one_size_class_i_design_priced_by_hand() -> None:
    fleet = report(GUNSHIPS)
    assert len(fleet.fleet.entries) == 1 and fleet.fleet.entries[0].count == 8
    assert fleet.fleet.entries[0].reference == "inline"  # no sample design file added
    assert len(fleet.ships) == 8
    assert {ship.evaluation.sheet.size_class for ship in fleet.ships} == {1}
    assert {ship.name for ship in fleet.ships} == {f"Jackal {k}" for k in range(1, 9)}
    sheet = fleet.ships[0].evaluation.sheet
    assert not sheet.is_base and sheet.box_counts["engine"] == 2  # 2 >= size class I
    assert sheet.box_counts["fuel_tank"] == 1
    # Rules 1.2, price by price (unmanned Jackal):
    #   screens 3 x 23 = 69
    #   armor side 1 4 boxes 5 + 3*4 = 17, sides 2 and 6 2 boxes 5 + 4 = 9 each: 35
    #   fuel 1 x 3 = 3, capacitors 6 x 7 = 42, point defense 2 x 5 = 10, engines 2 x 5 = 10
    #   radar 5 + 4 = 9 (the 0 box free), main control 0
    #   proton cannons 2 x 11 (2 arcs, LF RF: multiplier 1, R1) = 22
    #   radiation gun of 5 boxes: 18 + 4 x 4 = 34
    #   extra hull 4 x 2 = 8, extra final damage 2 x 4 = 8
    #   total 69 + 35 + 3 + 42 + 10 + 10 + 9 + 22 + 34 + 8 + 8 = 250; 8 of them 2000
    assert sheet.exact_total == Fraction(250) and sheet.total == 250
    assert [ship.points for ship in fleet.ships] == [250] * 8
    # Rules 1.4: 33 boxes before hull (3 radar with the 0 box, 1 main control): free hull
    # 33/16, up to 3; 7 with the 4 extra; 30 non-radar + 7 = 37: free final damage 37/30,
    # up to 2; 4 with the 2 extra; 41 non-radar boxes: size class I (up to 80).
    assert (sheet.free_hull, sheet.hull_boxes) == (3, 7)
    assert (sheet.free_final_damage, sheet.final_damage_boxes) == (2, 4)
    assert sheet.non_radar_boxes == 41


def test_samples_lists_both_and_fleet_prints_their_rosters() -> None:
    listing = shipyard("samples").stdout
    assert "sample-fleet:superhulk" in listing and "sample-fleet:gunships" in listing
    roster = shipyard("fleet", SUPERHULK)
    assert roster.returncode == 0
    assert "Behemoth" in roster.stdout and "size class IV" in roster.stdout
    assert "Total 2000 of 2000 points, 0 left" in roster.stdout
    verdict = shipyard("validate", str(FLEETS / "superhulk.fleet.json"))
    assert verdict.returncode == 0
    assert verdict.stdout.startswith(f"{FLEETS / 'superhulk.fleet.json'}: legal fleet "
                                     "(Total 2000 of 2000 points, 0 left, 1 ship)\n")
    gunships = shipyard("fleet", GUNSHIPS)
    assert gunships.returncode == 0 and gunships.stdout.count("size class I ") == 8


def test_the_pack_roster_of_one_ship_says_one_ship() -> None:
    text = shipyard("export", SUPERHULK, "-f", "text", "--sheets", "ssd").stdout
    assert "The Pentagon War fleet, budget 2000 points, 1 ship\n" in text
    assert "budget 2000 points, 8 ships\n" in shipyard("export", GUNSHIPS, "-f", "text",
                                                       "--sheets", "ssd").stdout


def test_their_battle_is_fought_on_the_map_and_written(tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    ran = shipyard("battle", SUPERHULK, GUNSHIPS, "--runs", "6", "--csv", out / "b.csv",
                   cwd=tmp_path)
    assert ran.returncode == 0, (ran.stdout, ran.stderr)
    assert ran.stdout.startswith("Superhulk (1 ship, 2000 points, default) against Gunships "
                                 "(8 ships, 2000 points, default): 6 battles")
    rows = (out / "b.csv").read_text(encoding="utf-8").splitlines()
    assert len(rows) == 1 + 6  # a header, then one row a battle
