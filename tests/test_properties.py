"""Properties of pricing and validation over generated designs."""

from __future__ import annotations

import copy
import json
import math
import tomllib
from fractions import Fraction
from typing import Any

import tomli_w
from hypothesis import given
from hypothesis import strategies as st

from shipyard.core.issues import is_legal
from shipyard.rulesets.pentagon_war.catalog import load_catalog
from shipyard.rulesets.pentagon_war.design import parse_design
from shipyard.rulesets.pentagon_war.pricing import price
from shipyard.services.registry import evaluate, validate
from tests.strategies import ARCS, SIMPLE, json_values, legal_designs


def _price(data: dict[str, Any]) -> Fraction:
    return price(parse_design(data), load_catalog()).exact_total


def add_one_box(data: dict[str, Any], where: str, index: int) -> dict[str, Any]:
    """The same design with one more box of the chosen kind."""
    grown = copy.deepcopy(data)
    if where in SIMPLE:
        grown["systems"][where] += 1
    elif where == "armor":
        side = sorted(grown["armor"])[index % len(grown["armor"])]
        grown["armor"][side] += 1
    elif where == "radar":
        grown["radar"].append(1)  # 1 is never above the last box
    elif where == "weapon" and grown["weapons"]:
        grown["weapons"][index % len(grown["weapons"])]["count"] += 1
    elif where == "gun" and grown["guns"]:
        gun = grown["guns"][index % len(grown["guns"])]
        gun["boxes"] += 2 if gun["type"] == "liquid_metal_gun" else 1
    elif where == "drone" and grown["drones"]:
        grown["drones"][index % len(grown["drones"])]["count"] += 1
    else:
        grown["weapons"].append({"type": "laser", "arcs": [ARCS[index % 6]], "count": 1})
    return grown


KINDS = [*SIMPLE, "armor", "radar", "weapon", "gun", "drone"]


@given(legal_designs(), st.sampled_from(KINDS), st.integers(0, 10))
def test_adding_a_box_never_lowers_the_total(data: dict[str, Any], where: str,
                                             index: int) -> None:
    before = price(parse_design(data), load_catalog())
    after = price(parse_design(add_one_box(data, where, index)), load_catalog())
    assert after.exact_total >= before.exact_total
    assert after.total >= before.total
    assert after.boxes > before.boxes


@given(legal_designs())
def test_total_is_the_floor_of_the_exact_lines(data: dict[str, Any]) -> None:
    sheet = price(parse_design(data), load_catalog())
    exact = sum((line.price for line in sheet.lines), Fraction(0))
    assert sheet.exact_total == exact
    assert sheet.total == math.floor(exact)


@given(legal_designs())
def test_box_counts_add_up(data: dict[str, Any]) -> None:
    sheet = price(parse_design(data), load_catalog())
    assert sum(line.boxes for line in sheet.lines) == sheet.boxes
    assert sum(sheet.box_counts.values()) == sheet.boxes
    assert sheet.boxes == sheet.non_radar_boxes + sheet.radar_boxes
    assert sheet.hull_forward + sheet.hull_aft == sheet.hull_boxes
    assert sheet.hull_boxes >= sheet.free_hull >= 1
    assert sheet.final_damage_boxes >= sheet.free_final_damage >= 1


@given(legal_designs())
def test_generated_legal_designs_are_legal(data: dict[str, Any]) -> None:
    result = evaluate(parse_design(data))
    assert is_legal(list(result.issues)), result.issues


@given(legal_designs())
def test_json_and_toml_round_trip(data: dict[str, Any]) -> None:
    design = parse_design(data)
    from_json = parse_design(json.loads(design.to_json()))
    from_toml = parse_design(tomllib.loads(tomli_w.dumps(design.to_data())))
    assert from_json == design
    assert from_toml == design


@given(json_values)
def test_validate_never_raises_on_any_json(value: object) -> None:
    found = validate(value)
    assert found and all(i.severity == "error" for i in found)


@given(legal_designs(), st.data())
def test_validate_never_raises_on_a_damaged_design(data: dict[str, Any],
                                                   draw: st.DataObject) -> None:
    """Replace one value anywhere in a real design by any JSON value."""
    damaged = copy.deepcopy(data)
    node: Any = damaged
    while True:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        if not keys:
            break
        key = draw.draw(st.sampled_from(keys))
        child = node[key]
        if isinstance(child, dict | list) and child and draw.draw(st.booleans()):
            node = child
            continue
        node[key] = draw.draw(json_values)
        break
    found = validate(damaged)
    assert isinstance(found, list)
