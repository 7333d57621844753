"""The Tacship design file: the public contract, defaults, and one-line read errors."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema  # type: ignore[import-untyped]
import pytest

from shipyard.core.errors import DesignReadError
from shipyard.rulesets.tacship.design import (
    parse_tacship_design,
    read_tacship_design,
    tacship_schema,
)
from tests.tacship.conftest import HAWK_JSON, data


def test_contract_reads_and_round_trips() -> None:
    raw = json.loads(HAWK_JSON)
    design = parse_tacship_design(raw)
    assert design.name == "Hawk"
    assert design.crew == 2
    assert design.turret_lasers[0].arc == "aft"
    assert design.ordnance.decoy == 1
    # Same fields, same values, same order as the contract.
    assert list(design.to_data()) == list(raw)
    assert design.to_data() == raw
    assert json.loads(design.to_json()) == raw


def test_omitted_fields_take_defaults() -> None:
    design = parse_tacship_design(data(fixed_lasers=[{"factor": 2}],
                                       turret_lasers=[{"factor": 1, "arc": "fore"}]))
    assert design.crew == 1
    assert (design.damage_boxes, design.survivability, design.thrust, design.hardpoints) == (
        0, 0, 0, 0)
    assert design.fixed_lasers[0].count == 1
    assert design.turret_lasers[0].count == 1
    assert design.ordnance.items() == [("missile", 0), ("mine", 0), ("decoy", 0)]
    bare = parse_tacship_design({"schema": "shipyard.design/1"})
    assert bare.ruleset == "tacship"
    assert bare.fixed_lasers == []


def test_bad_values_are_kept_for_legality() -> None:
    design = parse_tacship_design(data(
        crew=3, damage_boxes=-2, survivability=1.5,
        fixed_lasers=[{"factor": 4, "count": 0.5}],
        turret_lasers=[{"factor": 1, "arc": "left"}],
        ordnance={"nuke": 1}))
    assert design.crew == 3
    assert design.damage_boxes == -2
    assert design.survivability == 1.5
    assert design.fixed_lasers[0].factor == 4
    assert design.turret_lasers[0].arc == "left"
    assert design.ordnance.unknown() == {"nuke": 1}
    assert json.loads(design.to_json())["ordnance"] == {
        "missile": 0, "mine": 0, "decoy": 0, "nuke": 1}


def test_whole_floats_read_as_whole_numbers() -> None:
    assert parse_tacship_design(data(thrust=6.0)).thrust == 6
    assert isinstance(parse_tacship_design(data(thrust=6.0)).thrust, int)


READ_ERRORS: list[tuple[object, str, str]] = [
    ([1, 2], "", "expected an object at the top level, got a list"),
    ("garbage", "", "expected an object"),
    ({"name": "x"}, "schema", "required field is missing"),
    ({"schema": "shipyard.ssd/1"}, "design", "an SSD document needs its design here"),
    (data(ruleset="pentagon-war"), "ruleset", "expected 'tacship', got 'pentagon-war'"),
    (data(shields=3), "shields", "unknown field"),
    (data(thrust="6"), "thrust", "expected a number, got text"),
    (data(crew=True), "crew", "expected a number, got true/false"),
    (data(damage_boxes=None), "damage_boxes", "expected a number, got null"),
    (data(hardpoints=10**9), "hardpoints", "out of range"),
    (data(name=7), "name", "expected text, got 7"),
    (data(fixed_lasers={"factor": 2}), "fixed_lasers", "expected a list"),
    (data(fixed_lasers=[2]), "fixed_lasers[0]", "a table"),
    (data(fixed_lasers=[{"factor": 2, "arc": "fore"}]), "fixed_lasers[0].arc", "unknown field"),
    (data(turret_lasers=[{"factor": 1, "arc": 3}]), "turret_lasers[0].arc", "expected text"),
    (data(turret_lasers=[{"factor": "two"}]), "turret_lasers[0].factor", "expected a number"),
    (data(ordnance=[1]), "ordnance", "a table"),
    (data(ordnance={"missile": "2"}), "ordnance.missile", "expected a number"),
    (data(ordnance={"nuke": [1]}), "ordnance.nuke", "expected a number"),
    (data(fixed_lasers=[{"factor": 1}] * 1001), "fixed_lasers", "too many entries"),
]


@pytest.mark.parametrize(("raw", "field", "problem"), READ_ERRORS)
def test_read_errors_name_the_field(raw: object, field: str, problem: str) -> None:
    with pytest.raises(DesignReadError) as caught:
        parse_tacship_design(raw, "fighter.ship.json")
    error = caught.value
    assert error.field == field
    assert problem in error.problem
    assert str(error).startswith("fighter.ship.json: ")
    assert "\n" not in str(error)


def _write(tmp_path: Path, name: str, text: str | bytes) -> Path:
    path = tmp_path / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text)
    return path


def test_read_file(tmp_path: Path) -> None:
    design = read_tacship_design(_write(tmp_path, "hawk.ship.json", HAWK_JSON))
    assert design.name == "Hawk"
    toml = 'schema = "shipyard.design/1"\nruleset = "tacship"\nthrust = 5\n'
    assert read_tacship_design(_write(tmp_path, "t.toml", toml)).thrust == 5


@pytest.mark.parametrize(("name", "text", "problem"), [
    ("empty.ship.json", "", "file is empty"),
    ("junk.ship.json", "{not json", "not valid JSON"),
    ("twice.ship.json", '{"schema": "shipyard.design/1", "thrust": 1, "thrust": 2}',
     "duplicate key 'thrust'"),
    ("nan.ship.json", '{"schema": "shipyard.design/1", "thrust": NaN}', "NaN"),
    ("bin.ship.json", b"\x00\x01", "binary data"),
    ("big.ship.json", " " * 2_000_001, "larger than 2 MB"),
])
def test_unreadable_files(tmp_path: Path, name: str, text: str | bytes, problem: str) -> None:
    path = _write(tmp_path, name, text)
    with pytest.raises(DesignReadError, match=problem) as caught:
        read_tacship_design(path)
    assert caught.value.file == str(path)


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(DesignReadError, match="no such file"):
        read_tacship_design(tmp_path / "gone.ship.json")


def test_schema_accepts_the_contract_and_refuses_bad_shapes() -> None:
    schema = tacship_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    assert validator.is_valid(json.loads(HAWK_JSON))
    assert schema["title"] == "shipyard.design/1 (tacship)"
    bad: list[dict[str, Any]] = [data(shields=1), data(thrust="6"),
                                 data(ordnance={"nuke": "x"}), data(ruleset="pentagon-war")]
    for raw in bad:
        assert not validator.is_valid(raw), raw
