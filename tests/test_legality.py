"""Every error and warning of rules 1.6, with the field it points at."""

from __future__ import annotations

from typing import Any

import pytest

from shipyard.core.issues import Agreement, Issue
from shipyard.services.registry import evaluate
from tests.conftest import make

# A legal, quiet mobile craft to break one rule at a time.
GOOD: dict[str, Any] = {
    "systems": {"engine": 2, "fuel_tank": 1, "screen": 2},
    "radar": [3, 1],
    "armor": {"1": 2},
}


def issues(scenario: Agreement | None = None, **changes: Any) -> list[Issue]:
    fields = {**GOOD, **changes}
    return list(evaluate(make(**fields), scenario).issues)


def codes(found: list[Issue], severity: str = "error") -> set[tuple[str, str]]:
    return {(i.code, i.path) for i in found if i.severity == severity}


def test_good_design_is_quiet() -> None:
    assert issues() == []


ERRORS: list[tuple[str, dict[str, Any], tuple[str, str], str]] = [
    ("negative count", {"systems": {**GOOD["systems"], "cargo": -1}},
     ("negative-count", "systems.cargo"), "1.6"),
    ("fractional count", {"systems": {**GOOD["systems"], "capacitor": 2.5}},
     ("non-integer-count", "systems.capacitor"), "1.6"),
    ("fractional weapon count", {"weapons": [{"type": "laser", "arcs": ["RF"], "count": 1.5}]},
     ("non-integer-count", "weapons[0].count"), "1.6"),
    ("unknown system", {"systems": {**GOOD["systems"], "phaser": 2}},
     ("unknown-system", "systems.phaser"), "1.2"),
    ("unknown weapon", {"weapons": [{"type": "phaser", "arcs": ["RF"]}]},
     ("unknown-system", "weapons[0].type"), "1.2"),
    ("unknown gun", {"guns": [{"type": "blaster", "boxes": 2, "arcs": ["LF", "RF"]}]},
     ("unknown-system", "guns[0].type"), "1.2"),
    ("unknown drone weapon", {"drones": [{"weapon": "missile"}]},
     ("unknown-system", "drones[0].weapon"), "1.2"),
    ("rear armor with engines", {"armor": {"1": 2, "4": 1}}, ("rear-armor", "armor.4"), "R11"),
    ("radar box 7", {"radar": [7, 1]}, ("radar-box-range", "radar[0]"), "R7"),
    ("radar box 0 bought", {"radar": [3, 0]}, ("radar-box-range", "radar[1]"), "R7"),
    ("radar increasing", {"radar": [2, 4]}, ("radar-order", "radar[1]"), "R7"),
    ("weapon without arcs", {"weapons": [{"type": "laser", "arcs": []}]},
     ("arcs-missing", "weapons[0].arcs"), "1.3"),
    ("magnetic beam without arcs", {"weapons": [{"type": "magnetic_beam"}]},
     ("arcs-missing", "weapons[0].arcs"), "1.3"),
    ("repeated arc", {"weapons": [{"type": "laser", "arcs": ["RF", "RF"]}]},
     ("arcs-repeated", "weapons[0].arcs"), "1.3"),
    ("F2 repeats LF", {"weapons": [{"type": "laser", "arcs": ["F2", "LF"]}]},
     ("arcs-repeated", "weapons[0].arcs"), "1.3"),
    ("unknown arc", {"weapons": [{"type": "laser", "arcs": ["UP"]}]},
     ("arcs-unknown", "weapons[0].arcs"), "R12"),
    ("gun with one arc", {"guns": [{"type": "radiation_gun", "boxes": 1, "arcs": ["LF"]}]},
     ("gun-arcs", "guns[0].arcs"), "1.3"),
    ("gun with opposite arcs",
     {"guns": [{"type": "radiation_gun", "boxes": 1, "arcs": ["LF", "RR"]}]},
     ("gun-arcs", "guns[0].arcs"), "1.3"),
    ("gun with three arcs",
     {"guns": [{"type": "acid_gum_gun", "boxes": 1, "arcs": ["LF", "RF", "R"]}]},
     ("gun-arcs", "guns[0].arcs"), "1.3"),
    ("odd liquid metal gun",
     {"guns": [{"type": "liquid_metal_gun", "boxes": 3, "arcs": ["LF", "RF"]}]},
     ("gun-odd-boxes", "guns[0].boxes"), "1.2"),
    ("gun with no boxes", {"guns": [{"type": "acid_gum_gun", "boxes": 0, "arcs": ["F2"]}]},
     ("gun-no-boxes", "guns[0].boxes"), "1.2"),
    ("two suicide bombs", {"options": {"suicide_bomb": 2}},
     ("suicide-bombs", "options.suicide_bomb"), "1.2"),
    ("two scoops", {"scoop": ["ramscoop", "magnascoop"]}, ("scoop-both", "scoop"), "1.2"),
    ("point-defense drone rated 4", {"drones": [{"weapon": "point_defense", "rating": 4}]},
     ("drone-pd-rating", "drones[0].rating"), "R9"),
    ("hyper bomb without the scenario", {"systems": {**GOOD["systems"], "hyper_bomb": 1}},
     ("hyper-bomb", "systems.hyper_bomb"), "R15"),
    ("armor side 7", {"armor": {"7": 1}}, ("unknown-armor-side", "armor.7"), "R13"),
]


@pytest.mark.parametrize(("label", "changes", "expected", "rule"), ERRORS,
                         ids=[e[0] for e in ERRORS])
def test_error(label: str, changes: dict[str, Any], expected: tuple[str, str],
               rule: str) -> None:
    found = issues(**changes)
    assert expected in codes(found)
    issue = next(i for i in found if (i.code, i.path) == expected)
    assert issue.rule == rule
    assert rule in issue.message


def test_scoop_on_a_base() -> None:
    for scoop in ("ramscoop", "magnascoop"):
        found = list(evaluate(make(scoop=scoop, systems={"cargo": 1})).issues)
        assert ("scoop-on-base", "scoop") in codes(found)


def test_base_may_armor_its_rear() -> None:
    found = list(evaluate(make(armor={"4": 3}, systems={"screen": 1})).issues)
    assert codes(found) == set()


def test_budget() -> None:
    # GOOD costs 2 x 5 + 3 + 2 x 23 + radar 4 + armor 9 = 72.
    assert codes(issues(Agreement(budget=72))) == set()
    over = issues(Agreement(budget=71))
    assert ("over-budget", "") in codes(over)


def test_hyper_bomb_with_the_scenario() -> None:
    found = issues(Agreement(hyper_bombs_allowed=True),
                   systems={**GOOD["systems"], "hyper_bomb": 1})
    assert codes(found) == set()


WARNINGS: list[tuple[str, dict[str, Any], tuple[str, str]]] = [
    # 2 engines; cargo 160 -> 171 before hull, hull 11, FD 6: 185 boxes, class III.
    ("fewer engines than size class", {"systems": {**GOOD["systems"], "cargo": 160}},
     ("slow-acceleration", "systems.engine")),
    ("engines but no fuel", {"systems": {"engine": 2}}, ("no-fuel", "systems.fuel_tank")),
    ("idle repair", {"systems": {**GOOD["systems"], "repair": 1}},
     ("idle-repair", "systems.repair")),
    ("blind craft", {"radar": []}, ("no-radar", "radar")),
    ("missiles without cargo", {"systems": {**GOOD["systems"], "missile": 2}},
     ("no-reloads", "systems.cargo")),
    ("drones without cargo", {"drones": [{"weapon": "laser"}]}, ("no-reloads", "systems.cargo")),
    # R23: a split that no longer adds up is priced as the forward boxes and the rest aft.
    ("hull split off by one", {"hull_split": {"forward": 1, "aft": 1}},
     ("hull-split", "hull_split")),
    # 2.2: size class I needs 5 capacitors to switch radar invisibility on.
    ("invisibility the capacitors cannot power",
     {"options": {"radar_invisibility": True}, "systems": {**GOOD["systems"], "capacitor": 4}},
     ("invisibility-power", "options.radar_invisibility")),
]


@pytest.mark.parametrize(("label", "changes", "expected"), WARNINGS,
                         ids=[w[0] for w in WARNINGS])
def test_warning(label: str, changes: dict[str, Any], expected: tuple[str, str]) -> None:
    found = issues(**changes)
    assert expected in codes(found, "warning")
    assert codes(found) == set(), "a warning alone leaves the design legal"


def test_no_warning_when_the_rule_is_met() -> None:
    # A ramscoop needs no fuel to run its engines; without a tank it cannot start from
    # rest (R20, issue 29), the one warning left.
    assert [i.code for i in issues(scoop="ramscoop", systems={"engine": 2})] == ["never-starts"]
    assert issues(scoop="ramscoop", systems={"engine": 2, "fuel_tank": 1}) == []
    assert issues(manned=True, systems={**GOOD["systems"], "repair": 1}) == []
    base = list(evaluate(make(systems={"screen": 1})).issues)
    assert base == []  # a base needs no radar, engines or fuel


def test_mass_rule_judges_engines_by_mass_class() -> None:
    # Ramming weight 10 = 600 mass points alone: mass class 3 > 2 engines.
    fields = {"systems": {**GOOD["systems"], "ramming_weight": 10}}
    assert ("slow-acceleration", "systems.engine") not in codes(issues(**fields), "warning")
    found = issues(Agreement(mass_rule=True), **fields)
    assert ("slow-acceleration", "systems.engine") in codes(found, "warning")


def test_every_rise_and_every_repeat_is_reported() -> None:
    found = issues(radar=[1, 2, 1, 3], weapons=[{"type": "laser",
                                                 "arcs": ["RF", "RF", "L", "L"]}])
    assert {p for c, p in codes(found) if c == "radar-order"} == {"radar[1]", "radar[3]"}
    repeat = next(i for i in found if i.code == "arcs-repeated")
    assert "RF" in repeat.message and "L" in repeat.message


def test_fractional_radar_box_is_a_count_error() -> None:
    found = issues(radar=[2.5])
    assert ("non-integer-count", "radar[0]") in codes(found)
    assert not codes(found, "warning")


def test_a_split_that_no_longer_adds_up_keeps_its_forward_boxes() -> None:
    # GOOD: 2 engines, 1 fuel tank, 2 screens, 2 armor, radar 3-1-0 and main control: 11
    # boxes before hull -> 1 free hull (R3); 7 extra make 8 hull boxes. A split of 2 + 1
    # (set for 3) keeps its 2 forward boxes and puts the other 6 aft (R23); a split of 12
    # forward is no more than the hull: 8 forward, none aft.
    design = make(**{**GOOD, "systems": {**GOOD["systems"], "extra_hull": 7},
                     "hull_split": {"forward": 2, "aft": 1}})
    evaluation = evaluate(design)
    sheet = evaluation.sheet
    assert (sheet.hull_boxes, sheet.hull_forward, sheet.hull_aft) == (8, 2, 6)
    [warning] = [i for i in evaluation.issues if i.code == "hull-split"]
    assert warning.severity == "warning" and warning.rule == "R23"
    assert warning.message == ("hull split 2 + 1 does not add up to the 8 hull boxes: 2 "
                               "forward and 6 aft are used (R23)")
    wide = evaluate(make(**{**GOOD, "systems": {**GOOD["systems"], "extra_hull": 7},
                            "hull_split": {"forward": 12, "aft": 0}})).sheet
    assert (wide.hull_forward, wide.hull_aft) == (8, 0)


def test_radar_invisibility_needs_five_capacitors_per_size_class() -> None:
    # 2.2: radar invisibility takes 5 power per size class at the start of a turn, and each
    # capacitor holds 1. GOOD is size class I: 5 capacitors switch it on, 4 never can.
    # With 160 cargo it is size class III (185 non-radar boxes): 15 are needed.
    on = {"radar_invisibility": True}
    assert issues(options=on, systems={**GOOD["systems"], "capacitor": 5}) == []
    [short] = issues(options=on, systems={**GOOD["systems"], "capacitor": 4})
    assert short.message == ("radar invisibility takes 5 capacitor power a turn at size "
                             "class I, and 4 capacitors can never switch it on (2.2)")
    large = {**GOOD["systems"], "cargo": 160, "engine": 3, "capacitor": 14}
    found = [i for i in issues(options=on, systems=large) if i.code == "invisibility-power"]
    assert [i.message for i in found] == [
        "radar invisibility takes 15 capacitor power a turn at size class III, and 14 "
        "capacitors can never switch it on (2.2)"]
    assert issues(systems={**GOOD["systems"], "capacitor": 0}) == []  # none bought: no word
