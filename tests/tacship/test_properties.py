"""Properties of Tacship pricing and legality over generated designs."""

from __future__ import annotations

import copy
import json
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from shipyard.core.errors import DesignReadError
from shipyard.core.issues import Issue, is_legal
from shipyard.rulesets.tacship.catalog import load_tacship_catalog
from shipyard.rulesets.tacship.design import parse_tacship_design
from shipyard.rulesets.tacship.legality import check
from shipyard.rulesets.tacship.pricing import price

FIELDS = ["name", "ruleset", "crew", "damage_boxes", "survivability", "thrust",
          "fixed_lasers", "turret_lasers", "hardpoints", "ordnance"]
small = st.integers(0, 12)


@st.composite
def designs(draw: st.DrawFn) -> dict[str, Any]:
    """Designs whose values are all in range (the budget may be exceeded)."""
    crew = draw(st.sampled_from([1, 2]))
    hardpoints = draw(small)
    load = draw(st.lists(st.sampled_from(["missile", "mine", "decoy"]), max_size=hardpoints))
    turrets = st.fixed_dictionaries({"factor": st.integers(1, 3),
                                     "arc": st.sampled_from(["fore", "aft"]),
                                     "count": st.integers(1, 3)})
    return {
        "schema": "shipyard.design/1",
        "name": draw(st.text(max_size=12)),
        "ruleset": "tacship",
        "crew": crew,
        "damage_boxes": draw(st.integers(1, 24)),
        "survivability": draw(st.integers(0, 4)),
        "thrust": draw(small),
        "fixed_lasers": draw(st.lists(st.fixed_dictionaries(
            {"factor": st.integers(1, 3), "count": st.integers(1, 3)}), max_size=3)),
        "turret_lasers": draw(st.lists(turrets, max_size=2)) if crew == 2 else [],
        "hardpoints": hardpoints,
        "ordnance": {kind: load.count(kind) for kind in ("missile", "mine", "decoy")},
    }


def _total(data: dict[str, Any]) -> int:
    return price(parse_tacship_design(data), load_tacship_catalog()).total


GROWTHS = ["damage_boxes", "survivability", "thrust", "hardpoints", "fixed_count",
           "fixed_factor", "turret_count", "turret_factor", "new_fixed", "new_turret",
           "ordnance"]


def grow(data: dict[str, Any], where: str, index: int) -> dict[str, Any]:
    """The same design with one more of something."""
    grown = copy.deepcopy(data)
    fixed, turrets = grown["fixed_lasers"], grown["turret_lasers"]
    if where in ("damage_boxes", "survivability", "thrust", "hardpoints"):
        grown[where] += 1
    elif where == "fixed_count" and fixed:
        fixed[index % len(fixed)]["count"] += 1
    elif where == "fixed_factor" and fixed:
        fixed[index % len(fixed)]["factor"] += 1
    elif where == "turret_count" and turrets:
        turrets[index % len(turrets)]["count"] += 1
    elif where == "turret_factor" and turrets:
        turrets[index % len(turrets)]["factor"] += 1
    elif where == "new_fixed":
        fixed.append({"factor": 1 + index % 3})
    elif where == "new_turret":
        turrets.append({"factor": 1 + index % 3, "arc": "aft"})
    elif where == "ordnance":
        grown["ordnance"]["missile"] += 1
    return grown


@given(designs())
def test_total_is_the_sum_of_lines(data: dict[str, Any]) -> None:
    sheet = price(parse_tacship_design(data), load_tacship_catalog())
    assert sheet.total == sum(line.price for line in sheet.lines)
    assert all(line.price > 0 and line.boxes > 0 for line in sheet.lines)
    assert len({line.path for line in sheet.lines}) == len(sheet.lines)


@given(designs(), st.sampled_from(GROWTHS), st.integers(0, 10))
def test_adding_anything_never_lowers_the_price(data: dict[str, Any], where: str,
                                                index: int) -> None:
    assert _total(grow(data, where, index)) >= _total(data)


@given(designs())
def test_in_range_designs_within_budget_are_legal(data: dict[str, Any]) -> None:
    design = parse_tacship_design(data)
    catalog = load_tacship_catalog()
    sheet = price(design, catalog)
    found = check(design, sheet, catalog, budget=max(sheet.total, 1))
    assert is_legal(found), found


@given(designs())
def test_json_round_trip(data: dict[str, Any]) -> None:
    design = parse_tacship_design(data)
    assert parse_tacship_design(json.loads(design.to_json())) == design
    assert design.to_data() == data


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6)
    | st.floats(allow_nan=False, allow_infinity=False, width=32) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner,
                                                                max_size=3),
    max_leaves=10,
)
numbers = st.integers(-5, 30) | st.floats(-5, 30, allow_nan=False) | json_values
laser = st.dictionaries(st.sampled_from(["factor", "count", "arc"]),
                        numbers | st.sampled_from(["fore", "aft", "left", ""]), max_size=3)
ordnance = st.dictionaries(st.sampled_from(["missile", "mine", "decoy", "nuke"]) | st.text(
    max_size=5), numbers, max_size=4)
field_values = {
    "fixed_lasers": st.lists(laser, max_size=3) | json_values,
    "turret_lasers": st.lists(laser, max_size=3) | json_values,
    "ordnance": ordnance | json_values,
    "name": st.text(max_size=5) | json_values,
    "ruleset": st.just("tacship") | json_values,
}


@st.composite
def json_designs(draw: st.DrawFn) -> object:
    """Design-shaped data with arbitrary JSON where the values go."""
    if draw(st.integers(0, 9)) == 0:
        return draw(json_values)
    data: dict[str, object] = {"schema": "shipyard.design/1"}
    for name in draw(st.lists(st.sampled_from(FIELDS), unique=True)):
        data[name] = draw(field_values.get(name, numbers))
    return data


@given(json_designs())
def test_check_never_raises_after_parse(data: object) -> None:
    try:
        design = parse_tacship_design(data)
    except DesignReadError as exc:
        assert "\n" not in str(exc)
        return
    catalog = load_tacship_catalog()
    sheet = price(design, catalog)
    found = check(design, sheet, catalog, None)
    assert all(isinstance(issue, Issue) for issue in found)
    assert all(issue.severity in ("error", "warning") and issue.rule for issue in found)
    assert sheet.total == sum(line.price for line in sheet.lines)
