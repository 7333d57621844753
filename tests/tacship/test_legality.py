"""Every Tacship error and warning of rules 4, with its code, field path and rule."""

from __future__ import annotations

from typing import Any

import pytest

from shipyard.core.issues import Issue, is_legal
from shipyard.rulesets.tacship.catalog import load_tacship_catalog
from shipyard.rulesets.tacship.legality import check
from shipyard.rulesets.tacship.pricing import price
from tests.tacship.conftest import make

# The Valkyrie of rules 4 (30 points, quiet) to break one rule at a time.
GOOD: dict[str, Any] = {
    "damage_boxes": 10, "survivability": 2, "thrust": 8,
    "fixed_lasers": [{"factor": 2, "count": 2}], "hardpoints": 3,
    "ordnance": {"missile": 2, "decoy": 1},
}
# A quiet two-man fighter with a turret: 8 + 0 + 6 + turret Laser-2 (3) + 1 hp (2) = 19.
TWO_MAN: dict[str, Any] = {
    "crew": 2, "damage_boxes": 8, "thrust": 6,
    "turret_lasers": [{"factor": 2, "arc": "fore"}], "hardpoints": 1,
    "ordnance": {"missile": 1},
}


def issues(base: dict[str, Any] | None = None, budget: int | None = None,
           **changes: Any) -> list[Issue]:
    design = make(**{**(GOOD if base is None else base), **changes})
    catalog = load_tacship_catalog()
    return check(design, price(design, catalog), catalog, budget)


def found(issues_: list[Issue], severity: str) -> set[tuple[str, str, str]]:
    return {(i.code, i.path, i.rule) for i in issues_ if i.severity == severity}


def test_good_designs_are_quiet() -> None:
    assert issues() == []
    assert issues(TWO_MAN) == []


ERRORS: list[tuple[str, dict[str, Any], dict[str, Any], tuple[str, str]]] = [
    ("over 30 points", GOOD, {"damage_boxes": 11}, ("over-budget", "")),  # 31 points
    ("survivability +5", GOOD, {"survivability": 5, "damage_boxes": 7}, (
        "survivability-range", "survivability")),
    ("survivability -1", GOOD, {"survivability": -1}, ("survivability-range", "survivability")),
    ("survivability 1.5", GOOD, {"survivability": 1.5}, ("non-integer-count", "survivability")),
    ("Laser-4", GOOD, {"fixed_lasers": [{"factor": 4}]}, ("laser-factor",
                                                          "fixed_lasers[0].factor")),
    ("Laser-0", GOOD, {"fixed_lasers": [{"factor": 0}]}, ("laser-factor",
                                                          "fixed_lasers[0].factor")),
    ("factor omitted", GOOD, {"fixed_lasers": [{"count": 1}]}, ("laser-factor",
                                                                "fixed_lasers[0].factor")),
    ("turret Laser-4", TWO_MAN, {"turret_lasers": [{"factor": 4, "arc": "aft"}]},
     ("laser-factor", "turret_lasers[0].factor")),
    ("Laser-2.5", GOOD, {"fixed_lasers": [{"factor": 2.5}]}, ("non-integer-count",
                                                              "fixed_lasers[0].factor")),
    ("turret on a one-man fighter", TWO_MAN, {"crew": 1}, ("turret-crew", "turret_lasers[0]")),
    ("turret crew omitted", TWO_MAN, {"crew": 1, "turret_lasers": [
        {"factor": 1, "arc": "fore"}, {"factor": 1, "arc": "aft"}]},
     ("turret-crew", "turret_lasers[1]")),
    ("turret arc left", TWO_MAN, {"turret_lasers": [{"factor": 1, "arc": "left"}]},
     ("turret-arc", "turret_lasers[0].arc")),
    ("turret without arc", TWO_MAN, {"turret_lasers": [{"factor": 1}]},
     ("turret-arc", "turret_lasers[0].arc")),
    ("4 items on 3 hardpoints", GOOD, {"ordnance": {"missile": 2, "mine": 1, "decoy": 1}},
     ("ordnance-overload", "ordnance")),
    ("ordnance without hardpoints", GOOD, {"hardpoints": 0}, ("ordnance-overload", "ordnance")),
    ("no damage boxes", GOOD, {"damage_boxes": 0}, ("no-damage-boxes", "damage_boxes")),
    ("crew of 3", GOOD, {"crew": 3}, ("crew", "crew")),
    ("crew of 0", GOOD, {"crew": 0}, ("crew", "crew")),
    ("crew of 1.5", GOOD, {"crew": 1.5}, ("non-integer-count", "crew")),
    ("negative damage boxes", GOOD, {"damage_boxes": -1}, ("negative-count", "damage_boxes")),
    ("negative thrust", GOOD, {"thrust": -2}, ("negative-count", "thrust")),
    ("negative hardpoints", GOOD, {"hardpoints": -1, "ordnance": {}},
     ("negative-count", "hardpoints")),
    ("negative laser count", GOOD, {"fixed_lasers": [{"factor": 2, "count": -1}]},
     ("negative-count", "fixed_lasers[0].count")),
    ("negative turret count", TWO_MAN, {"turret_lasers": [{"factor": 2, "arc": "aft",
                                                           "count": -2}]},
     ("negative-count", "turret_lasers[0].count")),
    ("negative mines", GOOD, {"ordnance": {"missile": 2, "mine": -1}},
     ("negative-count", "ordnance.mine")),
    ("fractional thrust", GOOD, {"thrust": 7.5}, ("non-integer-count", "thrust")),
    ("fractional laser count", GOOD, {"fixed_lasers": [{"factor": 2, "count": 1.5}]},
     ("non-integer-count", "fixed_lasers[0].count")),
    ("fractional missiles", GOOD, {"ordnance": {"missile": 0.5}},
     ("non-integer-count", "ordnance.missile")),
    ("unknown ordnance", GOOD, {"ordnance": {"missile": 2, "nuke": 1}},
     ("unknown-ordnance", "ordnance.nuke")),
]


@pytest.mark.parametrize(("case", "base", "changes", "expected"), ERRORS,
                         ids=[case for case, *_ in ERRORS])
def test_errors(case: str, base: dict[str, Any], changes: dict[str, Any],
                expected: tuple[str, str]) -> None:
    result = issues(base, **changes)
    assert (*expected, "4") in found(result, "error"), result
    assert not is_legal(result)
    for issue in result:
        assert issue.message.endswith(f"({issue.rule})")


def test_one_error_per_problem() -> None:
    # A crew of 3 with a turret is a crew error, not also a turret one.
    assert found(issues(TWO_MAN, crew=3), "error") == {("crew", "crew", "4")}
    # A negative box count is not also "no damage boxes".
    assert found(issues(damage_boxes=-1), "error") == {("negative-count", "damage_boxes", "4")}
    # Three turret problems on two mounts: each named at its own path.
    result = issues(TWO_MAN, crew=1, turret_lasers=[{"factor": 1, "arc": "left"},
                                                    {"factor": 1, "arc": "aft"}])
    assert found(result, "error") == {
        ("turret-crew", "turret_lasers[0]", "4"), ("turret-arc", "turret_lasers[0].arc", "4"),
        ("turret-crew", "turret_lasers[1]", "4")}


def test_budget_message_and_override() -> None:
    over = [i for i in issues(damage_boxes=11) if i.code == "over-budget"]
    assert over[0].message == "31 points is over the budget of 30 (4)"
    assert issues(damage_boxes=11, budget=31) == []  # 31 points, 31 allowed
    low = issues(budget=25)  # the 30-point Valkyrie in a 25-point scenario
    assert found(low, "error") == {("over-budget", "", "4")}
    assert low[0].message == "30 points is over the budget of 25 (4)"


WARNINGS: list[tuple[str, dict[str, Any], dict[str, Any], tuple[str, str]]] = [
    ("lasers none, decoys only", GOOD, {"fixed_lasers": [], "ordnance": {"decoy": 3}},
     ("no-weapons", "")),
    # 20 (top of the D20 track) + survivability 2 = 22: box 23 can never be hit.
    ("23 boxes at +2", GOOD, {"damage_boxes": 23}, ("unreachable-boxes", "damage_boxes")),
    # 20 + 0 = 20: box 21 can never be hit.
    ("21 boxes at +0", GOOD, {"damage_boxes": 21, "survivability": 0},
     ("unreachable-boxes", "damage_boxes")),
    ("one hardpoint empty", GOOD, {"ordnance": {"missile": 2}},
     ("empty-hardpoints", "hardpoints")),
    ("no ordnance", GOOD, {"ordnance": {}}, ("empty-hardpoints", "hardpoints")),
    ("no thrust", GOOD, {"thrust": 0}, ("no-thrust", "thrust")),
    ("thrust omitted", GOOD, {"thrust": 0.0}, ("no-thrust", "thrust")),
]


@pytest.mark.parametrize(("case", "base", "changes", "expected"), WARNINGS,
                         ids=[case for case, *_ in WARNINGS])
def test_warnings(case: str, base: dict[str, Any], changes: dict[str, Any],
                  expected: tuple[str, str]) -> None:
    result = issues(base, budget=100, **changes)
    assert found(result, "warning") == {(*expected, "4")}
    assert found(result, "error") == set()
    assert is_legal(result)
    for issue in result:
        assert issue.message.endswith("(4)")


def test_reachable_boxes_are_quiet() -> None:
    # 22 boxes at +2: a roll of 20 + 2 starts at box 22, the top one.
    assert issues(damage_boxes=22, budget=100) == []
    # 24 boxes at +4: 20 + 4 = 24.
    assert issues(damage_boxes=24, survivability=4, budget=100) == []
    warning = issues(damage_boxes=23, budget=100)[0]
    assert "1 point(s) buy nothing" in warning.message  # box 23 only


def test_weapons_count_mines_and_missiles() -> None:
    assert issues(fixed_lasers=[], ordnance={"mine": 3}) == []
    assert issues(fixed_lasers=[], ordnance={"missile": 1, "decoy": 2}) == []
    turret_only = issues(TWO_MAN, ordnance={"decoy": 1})
    assert turret_only == []
