"""Exact Tacship issue lists of rules 4, strong enough to kill legality mutants.

Each case is worked by hand from rules 4 and the catalog, and compares the
whole list (code, severity, message, path, rule and order), so a changed
message, a lost rule id or a check that stops at the first bad entry fails.
The house catalog gives every entry its own rule id and two items to a
hardpoint, so that an issue citing the wrong entry, or a capacity worked
out the wrong way, fails too. See docs/testing.md (`make mutate-tacship`).
"""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path
from typing import Any

import pytest
import tomli_w

from shipyard.core.catalog_files import catalog_root
from shipyard.core.issues import Issue
from shipyard.rulesets.tacship.catalog import TacshipCatalog, load_tacship_catalog
from shipyard.rulesets.tacship.legality import check
from shipyard.rulesets.tacship.pricing import price
from tests.tacship.conftest import make
from tests.tacship.test_legality import GOOD, TWO_MAN


def error(code: str, message: str, path: str, rule: str = "4") -> Issue:
    return Issue(code, "error", f"{message} ({rule})", path, rule)


def warning(code: str, message: str, path: str, rule: str = "4") -> Issue:
    return Issue(code, "warning", f"{message} ({rule})", path, rule)


def issues(base: dict[str, Any], budget: int | None = None,
           catalog: TacshipCatalog | None = None, **changes: Any) -> list[Issue]:
    design = make(**{**base, **changes})
    rules = catalog or load_tacship_catalog()
    return check(design, price(design, rules), rules, budget)


NO_WEAPONS = warning("no-weapons", "no lasers, missiles or mines: this fighter cannot do damage",
                     "")


def test_every_bad_count_in_field_order() -> None:
    # GOOD with every count broken: each is named once, in the design's field order.
    # What is left prices as 2 (survivability +2 only) and carries no weapon.
    result = issues(GOOD, damage_boxes=-1, thrust=2.5, hardpoints=-1,
                    fixed_lasers=[{"factor": 2, "count": -2}, {"factor": 2, "count": 0.5}],
                    ordnance={"missile": -1, "mine": -0.5, "decoy": 1.5})
    assert result == [
        error("negative-count", "count -1 is below zero", "damage_boxes"),
        error("non-integer-count", "2.5 is not a whole number", "thrust"),
        error("negative-count", "count -1 is below zero", "hardpoints"),
        error("negative-count", "count -2 is below zero", "fixed_lasers[0].count"),
        error("non-integer-count", "0.5 is not a whole number", "fixed_lasers[1].count"),
        error("negative-count", "count -1 is below zero", "ordnance.missile"),
        # -0.5 is not whole: that is its one error, not also "below zero"
        error("non-integer-count", "-0.5 is not a whole number", "ordnance.mine"),
        error("non-integer-count", "1.5 is not a whole number", "ordnance.decoy"),
        NO_WEAPONS,
    ]


def test_survivability_factors_and_crew_out_of_range() -> None:
    # Priced: 8 boxes + 6 thrust + fixed Laser-4 (4) + turret Laser-3 (3 + 1) + 1 hardpoint (2)
    # = 24; the bad survivability, Laser-0 and fractional factors price as nothing.
    result = issues(TWO_MAN, survivability=-1, crew=1.5,
                    fixed_lasers=[{"factor": 0}, {"factor": 2.5}, {"factor": 4}],
                    turret_lasers=[{"factor": 3, "arc": "fore"}, {"factor": 1.5, "arc": "aft"}])
    assert result == [
        error("survivability-range", "survivability -1 is outside +0 to +4", "survivability"),
        error("laser-factor", "Laser-0 does not exist; lasers are Laser-1 to Laser-3",
              "fixed_lasers[0].factor"),
        error("non-integer-count", "2.5 is not a whole number", "fixed_lasers[1].factor"),
        error("laser-factor", "Laser-4 does not exist; lasers are Laser-1 to Laser-3",
              "fixed_lasers[2].factor"),
        error("non-integer-count", "1.5 is not a whole number", "turret_lasers[1].factor"),
        # a crew of 1.5 is not an allowed crew, so the turrets are not also flagged
        error("non-integer-count", "1.5 is not a whole number", "crew"),
    ]


def test_crew_of_three() -> None:
    assert issues(TWO_MAN, crew=3) == [
        error("crew", "a fighter has a crew of 1 or 2, not 3", "crew")]


def test_turrets_on_a_one_man_fighter() -> None:
    # Every mount is named, each with its own arc problem: "left", none, then a good "aft".
    # 8 + 6 + turret Laser-1 (2) + Laser-1 (2) + Laser-2 (3) + 1 hardpoint (2) = 23.
    result = issues(TWO_MAN, crew=1, turret_lasers=[
        {"factor": 1, "arc": "left"}, {"factor": 1}, {"factor": 2, "arc": "aft"}])
    need = "turret lasers need a crew of 2; this fighter has 1"
    assert result == [
        error("turret-crew", need, "turret_lasers[0]"),
        error("turret-arc", "a turret covers fore or aft, not arc 'left'",
              "turret_lasers[0].arc"),
        error("turret-crew", need, "turret_lasers[1]"),
        error("turret-arc", "a turret covers fore or aft, not no arc", "turret_lasers[1].arc"),
        error("turret-crew", need, "turret_lasers[2]"),
    ]


def test_unknown_ordnance_and_overload() -> None:
    # 3 missiles + 1 mine + 2 of an unknown kind = 6 items on 3 hardpoints.
    result = issues(GOOD, ordnance={"missile": 3, "mine": 1, "nuke": 2})
    assert result == [
        error("unknown-ordnance", "'nuke' is not ordnance; a hardpoint carries missile, mine, "
              "decoy", "ordnance.nuke"),
        error("ordnance-overload", "6 items of ordnance on 3 hardpoint(s): one item per "
              "hardpoint", "ordnance"),
    ]


def test_every_craft_error_and_warning_at_once() -> None:
    # GOOD with no boxes, no thrust, no lasers and one decoy: 2 (survivability +2)
    # + 3 hardpoints (6) = 8 points, over a budget of 7; 2 hardpoints carry nothing.
    result = issues(GOOD, budget=7, damage_boxes=0, thrust=0, fixed_lasers=[],
                    ordnance={"decoy": 1})
    assert result == [
        error("over-budget", "8 points is over the budget of 7", ""),
        error("no-damage-boxes", "a fighter needs at least one damage box", "damage_boxes"),
        NO_WEAPONS,
        warning("empty-hardpoints", "2 of 3 hardpoint(s) carry nothing this mission",
                "hardpoints"),
        warning("no-thrust", "no thrust: this fighter can neither change speed nor turn",
                "thrust"),
    ]


def test_unreachable_boxes_message() -> None:
    # 25 boxes at +2: a hit starts at most at 20 + 2 = 22, so boxes 23 to 25 buy nothing.
    assert issues(GOOD, budget=100, damage_boxes=25) == [
        warning("unreachable-boxes", "boxes above 22 can never be hit (a hit starts at most at "
                "20 + survivability 2 and only slides down): 3 point(s) buy nothing",
                "damage_boxes")]


def test_a_missile_and_a_mine_are_weapons() -> None:
    # No lasers, but one missile and one mine: armed; the third hardpoint is empty.
    assert issues(GOOD, fixed_lasers=[], ordnance={"missile": 1, "mine": 1}) == [
        warning("empty-hardpoints", "1 of 3 hardpoint(s) carry nothing this mission",
                "hardpoints")]


# A house catalog: every entry cites its own rule, and a hardpoint takes two items.
HOUSE_RULES = {
    "construction.toml": {"budget": "H1", "survivability": "H2", "laser_factor": "H3",
                          "turret": "H4", "crew": "H5", "ordnance": "H6", "damage_track": "H7"},
    "prices.toml": {"damage_box": "H8", "survivability": "H9", "thrust": "H10",
                    "fixed_laser": "H11", "turret_laser": "H12", "hardpoint": "H13"},
}


@pytest.fixture(scope="module")
def house(tmp_path_factory: pytest.TempPathFactory) -> TacshipCatalog:
    folder = tmp_path_factory.mktemp("house") / "tacship"
    shutil.copytree(catalog_root() / "tacship", folder)
    for name, rules in HOUSE_RULES.items():
        path = Path(folder, name)
        tables = tomllib.loads(path.read_text("utf-8"))
        for table, rule in rules.items():
            tables[table]["rule"] = rule
        if name == "construction.toml":
            tables["ordnance"]["per_hardpoint"] = 2
        path.write_text(tomli_w.dumps(tables), "utf-8")
    return load_tacship_catalog(str(folder))


def test_house_errors_cite_their_entries(house: TacshipCatalog) -> None:
    # 5 (survivability) + fixed Laser-4 (4) + turret Laser-1 (1 + 1) + 1 hardpoint (2) = 13,
    # over a budget of 10; 3 missiles on 1 hardpoint of 2 places.
    result = issues(GOOD, budget=10, catalog=house, crew=3, survivability=5, damage_boxes=0,
                    thrust=0, fixed_lasers=[{"factor": 4}],
                    turret_lasers=[{"factor": 1, "arc": "left"}], hardpoints=1,
                    ordnance={"missile": 3})
    assert result == [
        error("survivability-range", "survivability 5 is outside +0 to +4", "survivability",
              "H2"),
        error("laser-factor", "Laser-4 does not exist; lasers are Laser-1 to Laser-3",
              "fixed_lasers[0].factor", "H3"),
        error("crew", "a fighter has a crew of 1 or 2, not 3", "crew", "H5"),
        error("turret-arc", "a turret covers fore or aft, not arc 'left'",
              "turret_lasers[0].arc", "H4"),
        error("ordnance-overload", "3 items of ordnance on 1 hardpoint(s): 2 items per "
              "hardpoint", "ordnance", "H6"),
        error("over-budget", "13 points is over the budget of 10", "", "H1"),
        error("no-damage-boxes", "a fighter needs at least one damage box", "damage_boxes",
              "H8"),
        warning("no-thrust", "no thrust: this fighter can neither change speed nor turn",
                "thrust", "H10"),
    ]


def test_house_warnings_cite_their_entries(house: TacshipCatalog) -> None:
    # 22 boxes at +1 (reach 20 + 1 = 21); a one-man turret; 1 decoy and 2 of an unknown
    # kind: 3 items in the 3 x 2 = 6 places.
    result = issues(GOOD, budget=100, catalog=house, crew=1, damage_boxes=22, survivability=1,
                    thrust=5, fixed_lasers=[], turret_lasers=[{"factor": 2, "arc": "fore"}],
                    ordnance={"decoy": 1, "nuke": 2})
    assert result == [
        error("turret-crew", "turret lasers need a crew of 2; this fighter has 1",
              "turret_lasers[0]", "H4"),
        error("unknown-ordnance", "'nuke' is not ordnance; a hardpoint carries missile, mine, "
              "decoy", "ordnance.nuke", "H6"),
        warning("unreachable-boxes", "boxes above 21 can never be hit (a hit starts at most at "
                "20 + survivability 1 and only slides down): 1 point(s) buy nothing",
                "damage_boxes", "H7"),
        warning("empty-hardpoints", "3 of 6 places on 3 hardpoint(s) carry nothing this "
                "mission", "hardpoints", "H6"),
    ]


def test_house_hardpoints_take_two(house: TacshipCatalog) -> None:
    # The 30-point Valkyrie with 6 items on its 3 hardpoints: full, and quiet.
    assert issues(GOOD, catalog=house, ordnance={"missile": 4, "mine": 1, "decoy": 1}) == []
