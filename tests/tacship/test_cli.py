"""Tacship through every command, as a player types them; bad files give one line.

Prices are worked by hand from docs/rules.md section 4.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from shipyard.cli import app

runner = CliRunner()


def run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.output


def test_cost_of_valkyrie_is_thirty_points() -> None:
    # 10 damage boxes (10) + survivability +2 (2) + thrust 8 (8)
    # + 2 x Laser-2 fixed (2 x 2 = 4) + 3 hardpoints (3 x 2 = 6) = 30
    code, output = run("cost", "sample:valkyrie")
    assert code == 0
    assert "Total 30 of 30 points" in output
    code, output = run("cost", "--json", "sample:valkyrie")
    data = json.loads(output)
    assert (data["ruleset"], data["total"], data["damage_boxes"], data["laser_factors"]) == \
        ("tacship", 30, 10, 4)


def test_validate_hawk_is_legal_with_its_crew_figure() -> None:
    # 9 + 1 + 6 + Laser-2 fixed 2 + Laser-1 turret (1 + 1) + 2 hardpoints 4 = 24
    code, output = run("validate", "sample:hawk")
    assert code == 0
    assert output.startswith("sample:hawk: legal (24 points, 6 left of 30, two-man fighter)")


def test_samples_list_both_games() -> None:
    code, output = run("samples", "--json")
    assert code == 0
    rows = {row["name"]: row for row in json.loads(output)}
    assert rows["valkyrie"]["ruleset"] == "tacship"
    assert rows["valkyrie"]["total"] == 30
    assert rows["lancer"]["ruleset"] == "pentagon-war"


def test_catalog_and_schema_of_tacship() -> None:
    code, output = run("catalog", "--ruleset", "tacship", "--json")
    assert code == 0
    data = json.loads(output)
    assert data["ruleset"] == "tacship"
    hardpoint = next(row for row in data["entries"] if row["key"] == "hardpoint")
    assert hardpoint["price"] == "2"
    code, output = run("schema", "--ruleset", "tacship")
    assert code == 0
    schema = json.loads(output)
    assert {"crew", "damage_boxes", "fixed_lasers", "turret_lasers", "hardpoints",
            "ordnance"} <= set(schema["properties"])


def test_a_duel_of_fighters_is_seeded_and_told_in_words() -> None:
    code, first = run("duel", "sample:valkyrie", "sample:kestrel", "--runs", "8", "--seed",
                      "5", "--json")
    assert code == 0
    _, again = run("duel", "sample:valkyrie", "sample:kestrel", "--runs", "8", "--seed", "5",
                   "--json")
    assert first == again
    data = json.loads(first)
    assert data["scenario"]["start_range"] == 20  # the Tacship catalog's own start range
    code, log = run("duel", "sample:valkyrie", "sample:kestrel", "--log", "--seed", "5")
    assert code == 0 and "Turn 1" in log


def test_a_fighter_cannot_duel_a_capital_ship() -> None:
    code, output = run("duel", "sample:valkyrie", "sample:lancer", "--runs", "2")
    assert code == 2
    assert "cannot duel" in output


@pytest.mark.parametrize("fmt, head", [("pdf", b"%PDF"), ("svg", b"<"), ("ssd-json", b"{"),
                                       ("text", b""), ("md", b"")])
def test_export_the_record_chart(fmt: str, head: bytes, tmp_path: Path) -> None:
    out = tmp_path / "valkyrie.out"
    code, output = run("export", "sample:valkyrie", "-f", fmt, "-o", str(out))
    assert code == 0, output
    assert out.read_bytes().startswith(head)
    if fmt == "ssd-json":
        ids = [box["id"] for box in json.loads(out.read_text())["boxes"]]
        assert len(ids) == len(set(ids))
        assert sum(1 for i in ids if i.startswith("damage#")) == 10
        assert sum(1 for i in ids if i.startswith("hardpoint#")) == 3


BAD = {
    "survivability": ({"survivability": 5}, "survivability-range", "survivability"),
    "factor": ({"fixed_lasers": [{"factor": 4}]}, "laser-factor", "fixed_lasers[0].factor"),
    "turret one-man": ({"turret_lasers": [{"factor": 1, "arc": "aft"}]}, "turret-crew",
                       "turret_lasers[0]"),
    "ordnance": ({"hardpoints": 1, "ordnance": {"missile": 2}}, "ordnance-overload",
                 "ordnance"),
    "crew": ({"crew": 3}, "crew", "crew"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_each_illegal_fighter_names_its_field_and_rule(case: str, tmp_path: Path) -> None:
    change, code_name, path = BAD[case]
    design = {"schema": "shipyard.design/1", "ruleset": "tacship", "name": "Bad",
              "damage_boxes": 8, "thrust": 4, "fixed_lasers": [{"factor": 1}], **change}
    file = tmp_path / "bad.ship.json"
    file.write_text(json.dumps(design))
    code, output = run("validate", "--json", str(file))
    assert code == 1
    issues = json.loads(output)["issues"]
    found = [i for i in issues if i["code"] == code_name]
    assert found and found[0]["path"].startswith(path) and found[0]["rule"] == "4"


@pytest.mark.parametrize("text, where", [
    ('{"schema": "shipyard.design/1", "ruleset": "tacship", "wings": 2}', "wings"),
    ('{"schema": "shipyard.design/1", "ruleset": "tacship", "thrust": "fast"}', "thrust"),
    ('{"schema": "shipyard.design/1", "ruleset": "tacship", "thrust": 4', "not valid JSON"),
    ("", "file is empty"),
])
def test_unreadable_fighters_are_one_line_and_exit_2(text: str, where: str,
                                                     tmp_path: Path) -> None:
    file = tmp_path / "broken.ship.json"
    file.write_text(text)
    for command in ("cost", "validate", "export"):
        result = runner.invoke(app, [command, str(file), "-o", str(tmp_path / "x.pdf")]
                               if command == "export" else [command, str(file)])
        assert result.exit_code == 2
        lines = [line for line in result.output.splitlines() if line.strip()]
        assert any(where in line and str(file) in line for line in lines), result.output
        assert "Traceback" not in result.output
