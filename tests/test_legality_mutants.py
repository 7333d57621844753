"""Exact issue lists of rules 1.6, strong enough to kill legality mutants.

`tests/test_legality.py` checks that each issue is found; these cases pin the
whole list (code, severity, message, path, rule, and order), so a changed
message, a lost rule id or a loop that stops at the first bad entry fails.
See docs/testing.md (`make mutate`).
"""

from __future__ import annotations

from typing import Any

import pytest

from shipyard.core.issues import Agreement, Issue
from shipyard.rulesets.pentagon_war.catalog import load_catalog
from shipyard.rulesets.pentagon_war.design import Design
from shipyard.rulesets.pentagon_war.legality import check
from shipyard.rulesets.pentagon_war.pricing import price
from tests.conftest import make

# A legal, quiet mobile craft (as in test_legality.py): engines 2, fuel 1, screens 2,
# radar 3-1-0, armor 2 on side 1. 2 x 5 + 3 + 2 x 23 + 4 + (5 + 4) = 72 points.
GOOD: dict[str, Any] = {
    "systems": {"engine": 2, "fuel_tank": 1, "screen": 2},
    "radar": [3, 1],
    "armor": {"1": 2},
}
SYSTEMS = GOOD["systems"]


def error(code: str, message: str, path: str, rule: str) -> Issue:
    return Issue(code, "error", f"{message} ({rule})", path, rule)


def warning(code: str, message: str, path: str, rule: str) -> Issue:
    return Issue(code, "warning", f"{message} ({rule})", path, rule)


def issues_of(design: Design, scenario: Agreement | None = None) -> list[Issue]:
    catalog = load_catalog()
    return check(design, price(design, catalog), catalog, scenario)


def issues(scenario: Agreement | None = None, **changes: Any) -> list[Issue]:
    return issues_of(make(**{**GOOD, **changes}), scenario)


NO_RELOADS = warning("no-reloads", "drones or missiles but no cargo for reloads (campaign play)",
                     "systems.cargo", "1.2")

CASES: list[tuple[str, dict[str, Any], list[Issue]]] = [
    (
        # 1.6: negative and fractional counts, wherever a count is written.
        # Hull: 2 + 1 + 2 + 2 armor + radar 3 + main 1 = 11 before hull -> 1 free (R3).
        "bad counts everywhere",
        {"systems": {**SYSTEMS, "repair": -2, "missile": 1.5, "phaser": 1},
         "hull_split": {"forward": -1, "aft": 2.5}, "options": {"suicide_bomb": 3}},
        [
            error("negative-count", "count -2 is below zero", "systems.repair", "1.6"),
            error("non-integer-count", "count 1.5 is not a whole number", "systems.missile",
                  "1.6"),
            error("negative-count", "count -1 is below zero", "hull_split.forward", "1.6"),
            error("non-integer-count", "count 2.5 is not a whole number", "hull_split.aft",
                  "1.6"),
            error("unknown-system", "'phaser' is not a system of the price list",
                  "systems.phaser", "1.2"),
            error("suicide-bombs", "at most 1 suicide bomb per craft, not 3",
                  "options.suicide_bomb", "1.2"),
            warning("hull-split", "hull split -1 + 2.5 does not add up to the 1 hull boxes: "
                    "0 forward and 1 aft are used", "hull_split", "R23"),
        ],
    ),
    (
        "unknown names",
        {"armor": {"1": 2, "7": 1}, "scoop": "bussard",
         "weapons": [{"type": "phaser", "arcs": ["RF"]}],
         "guns": [{"type": "blaster", "boxes": 3, "arcs": ["LF", "RF"]}],
         "drones": [{"weapon": "missile"}]},
        [
            error("unknown-armor-side", "armor side '7' is not one of 1-6", "armor.7", "R13"),
            error("unknown-system",
                  "'phaser' is not one of laser, electron_cannon, proton_cannon, magnetic_beam",
                  "weapons[0].type", "1.2"),
            # An unknown gun is not judged as a liquid metal gun: 3 boxes raise no pair error.
            error("unknown-system",
                  "'blaster' is not one of radiation_gun, acid_gum_gun, liquid_metal_gun",
                  "guns[0].type", "1.2"),
            error("unknown-system",
                  "'missile' is not one of laser, electron_cannon, proton_cannon, point_defense",
                  "drones[0].weapon", "1.2"),
            error("unknown-system", "scoop 'bussard' is not one of none, ramscoop, magnascoop",
                  "scoop", "1.2"),
            NO_RELOADS,  # the unknown drone still counts 1 box of ordnance
        ],
    ),
    (
        "radar boxes out of range",
        {"radar": [2.5, 7, 0]},
        [
            error("non-integer-count", "radar box 2.5 is not a whole number", "radar[0]", "1.6"),
            error("radar-box-range", "radar box 7 is outside 1-6; the free 0 box is implied",
                  "radar[1]", "R7"),
            error("radar-box-range", "radar box 0 is outside 1-6; the free 0 box is implied",
                  "radar[2]", "R7"),
            error("radar-order", "radar track must not increase: 2.5 then 7", "radar[1]", "R7"),
        ],
    ),
    (
        # R7: each rise names the box before it, not the one two places back.
        "radar track rising twice",
        {"radar": [1, 2, 3]},
        [
            error("radar-order", "radar track must not increase: 1 then 2", "radar[1]", "R7"),
            error("radar-order", "radar track must not increase: 2 then 3", "radar[2]", "R7"),
        ],
    ),
    (
        # A weapon with no arcs must not stop the check of the weapons after it.
        "weapon arcs",
        {"weapons": [{"type": "laser", "arcs": []},
                     {"type": "laser", "arcs": ["RF", "UP", "RF"]}]},
        [
            error("arcs-missing", "a weapon needs at least one firing arc", "weapons[0].arcs",
                  "1.3"),
            error("arcs-unknown", "unknown arc 'UP'; arcs are RF, R, RR, LR, L, LF or F2",
                  "weapons[1].arcs", "R12"),
            error("arcs-repeated", "arcs given more than once: RF", "weapons[1].arcs", "1.3"),
            # Issue 29: lasers with no capacitor never fire (2.2).
            warning("never-hurts", "it can never hurt anything in range of its own guns: its "
                    "lasers and cannons fire on capacitor power and it has no capacitor "
                    "(2.2)", "weapons", "2.4"),
        ],
    ),
    (
        "several repeated arcs are listed together",
        {"weapons": [{"type": "laser", "arcs": ["RF", "RF", "L", "L"]}]},
        [error("arcs-repeated", "arcs given more than once: RF, L", "weapons[0].arcs", "1.3"),
         warning("never-hurts", "it can never hurt anything in range of its own guns: its "
                    "lasers and cannons fire on capacitor power and it has no capacitor "
                    "(2.2)", "weapons", "2.4")],
    ),
    (
        # 1.2: a liquid metal gun of 1 box is an odd count, as much as 3.
        "guns",
        {"guns": [{"type": "radiation_gun", "boxes": 0, "arcs": []},
                  {"type": "liquid_metal_gun", "boxes": 1, "arcs": ["LF", "RF"]}]},
        [
            error("gun-arcs", "a gun covers exactly two adjacent arcs, not none",
                  "guns[0].arcs", "1.3"),
            error("gun-no-boxes", "a gun needs at least one box", "guns[0].boxes", "1.2"),
            error("gun-odd-boxes", "a liquid metal gun's boxes come in pairs, not 1",
                  "guns[1].boxes", "1.2"),
        ],
    ),
    (
        "gun arcs listed",
        {"guns": [{"type": "acid_gum_gun", "boxes": 1, "arcs": ["LF", "RR"]}]},
        [error("gun-arcs", "a gun covers exactly two adjacent arcs, not ['LF', 'RR']",
               "guns[0].arcs", "1.3")],
    ),
    (
        # Hull: GOOD's 11 boxes before hull + 1 armor + 2 drones = 14 -> ceil(14/16) = 1.
        # The first drone has no rating: the check must go on to the next ones (R9).
        "craft errors",
        {"armor": {"1": 2, "4": 1}, "options": {"suicide_bomb": 2},
         "scoop": ["ramscoop", "ramscoop"], "systems": {**SYSTEMS, "hyper_bomb": 1},
         "hull_split": {"forward": 1, "aft": 1},
         "drones": [{"weapon": "laser"}, {"weapon": "laser", "rating": 5},
                    {"weapon": "point_defense", "rating": 4}]},
        [
            error("rear-armor",
                  "rear (side 4) armor is only for bases; this craft has 2 engine(s)",
                  "armor.4", "R11"),
            error("suicide-bombs", "at most 1 suicide bomb per craft, not 2",
                  "options.suicide_bomb", "1.2"),
            error("scoop-both", "a craft has one scoop: ramscoop or magnascoop", "scoop", "1.2"),
            error("drone-rating", "only point-defense drones have a rating",
                  "drones[1].rating", "R9"),
            error("drone-pd-rating", "a point-defense drone has a 5-box rating, not 4",
                  "drones[2].rating", "R9"),
            error("hyper-bomb", "hyper bombs need a scenario that allows them "
                  "(--allow-hyper-bombs)", "systems.hyper_bomb", "R15"),
            warning("hull-split", "hull split 1 + 1 does not add up to the 1 hull boxes: "
                    "1 forward and 0 aft are used", "hull_split", "R23"),
            NO_RELOADS,
        ],
    ),
    (
        "ramscoop on a base",
        {"systems": {"cargo": 1}, "scoop": "ramscoop"},
        [error("scoop-on-base", "a base (no engines) cannot have a ramscoop", "scoop", "1.2")],
    ),
    (
        "magnascoop on a base, written as a list",
        {"systems": {"cargo": 1}, "scoop": ["magnascoop"]},
        [error("scoop-on-base", "a base (no engines) cannot have a magnascoop", "scoop",
               "1.2")],
    ),
    # No "no-fuel" warning for a scoop; issue 29: it cannot start from rest without one (R20).
    ("a magnascoop needs no fuel either", {"scoop": "magnascoop", "systems": {"engine": 2}},
     [warning("never-starts", "a ramscoop with no fuel tank can never start moving from "
                      "rest nor brake: in a duel starting at rest it never moves",
                      "systems.fuel_tank", "R20")]),
    ("a scoop written as a list counts too", {"scoop": ["magnascoop"], "systems": {"engine": 2}},
     [warning("never-starts", "a ramscoop with no fuel tank can never start moving from "
                      "rest nor brake: in a duel starting at rest it never moves",
                      "systems.fuel_tank", "R20")]),
    (
        "engines but no fuel",
        {"systems": {"engine": 2}},
        [warning("no-fuel", "engines but no fuel tank: the engines cannot work",
                 "systems.fuel_tank", "1.2")],
    ),
    (
        "a bought 0 radar box does not let a craft lock on",
        {"radar": [0]},
        [
            error("radar-box-range", "radar box 0 is outside 1-6; the free 0 box is implied",
                  "radar[0]", "R7"),
            warning("no-radar", "a mobile craft with only the 0 radar box can never lock on",
                    "radar", "R17"),
        ],
    ),
    ("a radar box 1 is enough to lock on", {"radar": [1]}, []),
    (
        # Non-radar: 2 + 1 + 2 + cargo 160 + repair 1 + missile 1 + armor 2 + main 1
        # + drone 1 = 171, + radar 3 = 174 -> hull ceil(174/16) = 11; 182 -> FD 7;
        # 189 non-radar boxes: size class III (161-320) > 2 engines (2.3).
        "slow and idle",
        {"systems": {**SYSTEMS, "cargo": 160, "repair": 1, "missile": 1},
         "drones": [{"weapon": "laser"}]},
        [
            warning("slow-acceleration",
                    "2 engines for size class III: slower than standard acceleration",
                    "systems.engine", "2.3"),
            warning("idle-repair",
                    "repair boxes do nothing on an unmanned craft with no attachment",
                    "systems.repair", "1.1"),
        ],
    ),
    (
        # One drone and one missile: 1 + 1 = 2 reloads wanted, no cargo.
        "one drone and one missile",
        {"systems": {**SYSTEMS, "missile": 1}, "drones": [{"weapon": "laser"}]},
        [NO_RELOADS],
    ),
]


@pytest.mark.parametrize(("label", "changes", "expected"), CASES, ids=[c[0] for c in CASES])
def test_exact_issues(label: str, changes: dict[str, Any], expected: list[Issue]) -> None:
    assert issues(**changes) == expected


def test_mass_class_is_named_under_the_mass_rule() -> None:
    # Ramming weight 10 = 600 mass points alone: mass class >= 2.
    # Mass: 60 x 10 + 4 x 2 armor + 2 x (other non-radar boxes). Non-radar before hull:
    # 2 + 1 + 2 + 2 + 10 + main 1 = 18, radar 3 -> 21 -> hull 2; 20 -> FD 1; 21 non-radar.
    # Other = 21 - 2 - 10 = 9 -> 18. 600 + 8 + 18 = 626 -> 626/300 -> class 3.
    found = issues(Agreement(mass_rule=True), systems={**SYSTEMS, "ramming_weight": 10})
    assert found == [warning("slow-acceleration",
                             "2 engines for mass class 3: slower than standard acceleration",
                             "systems.engine", "2.3")]


def test_over_budget() -> None:
    # GOOD costs 72 (see above): one point over a budget of 71.
    assert issues(Agreement(budget=71)) == [
        error("over-budget", "72 points is over the budget of 71", "", "1.1")]


def test_missiles_with_cargo_need_no_warning() -> None:
    assert issues(systems={**SYSTEMS, "missile": 2, "cargo": 1}) == []


def test_counts_set_by_code_are_checked_too() -> None:
    """check() never raises: counts that bypassed parsing are reported (1.6)."""
    design = make(**GOOD)
    design = design.model_copy(update={
        "systems": design.systems.model_copy(update={"cargo": True, "capacitor": "two"}),
        "options": design.options.model_copy(update={"suicide_bomb": "x"}),
    })
    assert issues_of(design) == [
        error("bad-count", "a count must be a whole number", "systems.cargo", "1.6"),
        error("bad-count", "a count must be a whole number", "systems.capacitor", "1.6"),
        error("bad-count", "a count must be a whole number", "options.suicide_bomb", "1.6"),
    ]
