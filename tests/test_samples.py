"""The bundled sample designs, priced by hand from docs/rules.md.

Each worked example lists the boxes before hull (R3), the free hull, the free
final damage (R4), the size class (R5) and the price, line by line.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from shipyard.core.issues import is_legal
from shipyard.rulesets.pentagon_war.catalog import load_catalog
from shipyard.rulesets.pentagon_war.design import read_design
from shipyard.services.registry import evaluate
from shipyard.services.samples import sample_name, sample_paths

# name: (exact total, total, size class, free hull, hull, free FD, FD, non-radar boxes)
WORKED = {
    # Lancer, unmanned. Boxes: screen 3 + armor 7 + fuel 2 + cap 6 + PD 3 + engine 2
    # + radar 5 (4-3-2-1-0) + main 1 + proton 2 + laser 1 = 32 -> hull ceil(32/16) = 2;
    # non-radar 27 + 2 = 29 -> FD 1; non-radar 30: class I.
    # Price: 69 + armor (13 + 9 + 9) + 6 + 42 + 15 + 10 + radar 10 + proton 22
    # + laser 7 x 3/2 (4 arcs) = 431/2 -> 215.
    "lancer": (Fraction(431, 2), 215, 1, 2, 2, 1, 1, 30),
    # Mercurand-leader, manned magnascoop. Boxes: screen 6 + armor 14 + cap 10 + PD 7
    # + engine 4 + fuel 1 + cargo 2 + radar 5 + main 1 + aux 1 + repair 2 + missile 12
    # + laser 2 + proton 2 = 69 -> hull ceil(69/8) = 9, + 6 extra = 15;
    # non-radar 64 + 15 = 79 -> FD 3; 82: class II (no bonus for a magnascoop).
    # Price: 138 + armor (17 + 13 + 9 + 9 + 13) + 70 + 35 + 20 + 3 + 6 + radar 15 + 4 + 6
    # + 48 + laser 14 + proton 2 x 11 x 5/4 + magnascoop 33 + extra hull 12 = 985/2 -> 492.
    "mercurand": (Fraction(985, 2), 492, 2, 9, 15, 3, 3, 82),
    # Zelta Dee, manned, directional screens. Boxes: 2 + 2 + 4 + 2 + 1 + 1 + radar 3
    # + main 1 + laser 2 = 18 -> hull ceil(18/8) = 3; 15 + 3 = 18 -> FD 1; 19: class I.
    # Price: 2 x 33 + 9 + 28 + 10 + 3 + 5 + radar 4 + 2 x 7 x 3/4 = 271/2 -> 135.
    "zelta-dee": (Fraction(271, 2), 135, 1, 3, 3, 1, 1, 19),
    # Hive, unmanned drone carrier. Boxes: screen 10 + armor 18 + cap 14 + PD 6 + engine 4
    # + fuel 3 + cargo 10 + radar 7 + main 1 + aux 2 + drones 34 + laser 2 = 111
    # -> hull ceil(111/16) = 7, + 40 = 47; 104 + 47 = 151 -> FD ceil(151/30) = 6, + 4 = 10;
    # 161: class III, one box over the border.
    # Price: 230 + armor 77 + 98 + 30 + 20 + 9 + 30 + radar 21 + aux 8
    # + drones (12 x 12 + 10 x 16 + 6 x 11 + 6 x 13 = 448) + laser 2 x 7 x 2 + 80 + 16 = 1095.
    "hive": (Fraction(1095), 1095, 3, 7, 47, 6, 10, 161),
    # Sunspear, unmanned radiation gunship. Boxes: screen 8 + armor 18 + cap 6 + PD 4
    # + engine 3 + fuel 2 + radar 5 + main 1 + aux 1 + guns 14 = 62 -> hull 4, + 10 = 14;
    # 57 + 14 = 71 -> FD 3, + 8 = 11; 82: class II.
    # Price: 184 + armor (25 + 17 + 9 + 9 + 17) + 42 + 20 + 15 + 6 + 13 + 4
    # + guns (18 + 5 x 4) + (18 + 3 x 4) x 2 + 20 + 32 = 511.
    "sunspear": (Fraction(511), 511, 2, 4, 14, 3, 11, 82),
    # Barnard Stinger, manned acid gum gunship. Boxes: 3 + 5 + 2 + 2 + 1 + 1 + 2 + radar 3
    # + main 1 + guns 8 = 28 -> hull ceil(28/8) = 4; 25 + 4 = 29 -> FD 1; 30: class I.
    # Price: 69 + armor (13 + 5 + 5) + 14 + 10 + 3 + 3 + 10 + 6 + (10 + 4 x 5)
    # + (10 + 2 x 5) = 188.
    "stinger": (Fraction(188), 188, 1, 4, 4, 1, 1, 30),
    # Centauri Hammer, unmanned ramscoop. Boxes: screen 6 + armor 8 + cap 6 + engine 4
    # + PD 3 + ramming 2 + aux 1 + radar 4 + main 1 + gun 6 + beam 1 = 42 -> hull 3;
    # 38 + 3 = 41 -> FD 2; 43: class I, + 1 for the ramscoop = II.
    # Price: 138 + 35 + 42 + 20 + 15 + 4 + 4 + radar 11 + (39 + 15 + 15) + 7 + 33 = 378.
    "hammer": (Fraction(378), 378, 2, 3, 3, 2, 2, 43),
    # Ceres Station, manned base. Boxes: screen 20 + armor 90 + cap 30 + PD 12 + cargo 20
    # + missile 60 + aux 3 + repair 4 + radar 9 + main 1 + weapons 20 = 269
    # -> hull ceil(269/8) = 34, + 20 = 54; 260 + 54 = 314 -> FD 11, + 10 = 21; 335: IV.
    # Price: 460 + armor 6 x (5 + 14 x 4) + 210 + 60 + 60 + 240 + 12 + 12 + radar 32
    # + proton 6 x 11 x 2 + laser 8 x 7 x 5/4 + electron 6 x 8 + 40 + 40 = 1782.
    "ceres-station": (Fraction(1782), 1782, 4, 34, 54, 11, 21, 335),
    # Shade, unmanned, radar invisible. Boxes: 2 + 1 + 10 + 2 + 1 + 1 + radar 4 + main 1
    # + 2 = 24 -> hull 2; 20 + 2 = 22 -> FD 1; 23: class I.
    # Everything else: 46 + 5 + 70 + 10 + 3 + 5 + 7 + 8 + 7 x 5/4 + 20 = 731/4;
    # invisibility 3/20 of it: total 731/4 x 23/20 = 16813/80 = 210.16 -> 210.
    "shade": (Fraction(16813, 80), 210, 1, 2, 2, 1, 1, 23),
    # Starter (the designer's first design), manned. Boxes: screen 2 + armor 4 + fuel 2
    # + cap 4 + PD 2 + engine 1 + radar 4 (3-2-1-0) + main 1 + laser 1 = 21
    # -> hull ceil(21/8) = 3; non-radar 17 + 3 = 20 -> FD 1; 21: class I.
    # Price: 46 + armor (5 + 4) + 5 + 5 + 6 + 28 + 10 + 5 + radar 6 + laser 7 = 127.
    "starter": (Fraction(127), 127, 1, 3, 3, 1, 1, 21),
}


def _sample(name: str) -> Path:
    return next(p for p in sample_paths("pentagon-war") if sample_name(p) == name)


def test_every_sample_is_worked_by_hand() -> None:
    assert {sample_name(p) for p in sample_paths("pentagon-war")} == set(WORKED)


@pytest.mark.parametrize("name", sorted(WORKED))
def test_sample_figures(name: str) -> None:
    result = evaluate(read_design(_sample(name)))
    sheet = result.sheet
    exact, total, size, free_hull, hull, free_fd, fd, non_radar = WORKED[name]
    assert sheet.exact_total == exact
    assert sheet.total == total
    assert sheet.size_class == size
    assert (sheet.free_hull, sheet.hull_boxes) == (free_hull, hull)
    assert (sheet.free_final_damage, sheet.final_damage_boxes) == (free_fd, fd)
    assert sheet.non_radar_boxes == non_radar


@pytest.mark.parametrize("path", sample_paths("pentagon-war"), ids=sample_name)
def test_every_sample_is_legal(path: Path) -> None:
    result = evaluate(read_design(path))
    assert is_legal(list(result.issues)), result.issues


def test_samples_span_what_the_issue_asks_for() -> None:
    catalog = load_catalog()
    designs = [read_design(p) for p in sample_paths("pentagon-war")]
    sheets = [evaluate(d).sheet for d in designs]
    assert len(designs) >= 8
    assert {s.size_class for s in sheets} >= {1, 2, 3, 4}
    assert {d.manned for d in designs} == {True, False}
    assert any(s.is_base for s in sheets)
    assert {d.scoop for d in designs} >= {"ramscoop", "magnascoop"}
    assert any(d.drones for d in designs)
    assert {g.type for d in designs for g in d.guns} == {
        "radiation_gun", "acid_gum_gun", "liquid_metal_gun"}
    assert any(d.options.radar_invisibility for d in designs)
    assert any(d.options.directional_screens for d in designs)
    assert catalog.manifest.ruleset == "pentagon-war"
