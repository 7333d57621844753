"""`shipyard handicap A B`: the table, the answer and the chart in plain text; the JSON
document and its schema; bad input as one line and exit 2.

These tests fight on the stand-in engine (`tests/battle_fake.py`): they are about the
command, not the rules of a battle.
"""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from shipyard.core.catalog_files import catalog_root
from shipyard.services.handicap_schema import HANDICAP_SCHEMA, handicap_result_schema
from tests.battle_fake import use_fake_engine
from tests.entry import shipyard

HARPY, VALKYRIE = "sample:harpy", "sample:valkyrie"
FAST = ("--runs", "40", "--max-copies", "4")


@pytest.fixture(autouse=True)
def fake_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    use_fake_engine(monkeypatch)


def test_the_text_has_a_row_a_k_the_answer_and_the_chart_without_control_codes() -> None:
    ran = shipyard("handicap", HARPY, VALKYRIE, *FAST, "--seed", "3")
    assert ran.returncode == 0, ran.stderr
    text = ran.stdout
    assert text.startswith("Harpy \u00d7k (30 points each, default) against Valkyrie "
                           "(30 points, default), k = 1 to 4: 40 battles a row, seed 3\n")
    assert "The sides are unequal on purpose: no budget applies." in text
    rows = [line.split("\u2502")[:2] for line in text.splitlines() if "\u2502" in line]
    assert [(k.strip(), points.strip()) for k, points in rows] == [
        ("1", "30"), ("2", "60"), ("3", "90"), ("4", "120")]
    assert "Harpy wins" in text and "Valkyrie survives" in text
    assert "The win rate first passes 50% at k = " in text or "passes 50% at no k" in text
    assert "Win rate of k Harpy against one Valkyrie" in text
    assert "\x1b" not in text and all(ch.isprintable() or ch == "\n" for ch in text)
    assert ran.stderr == ""


def test_the_json_document_keeps_its_schema_and_says_the_answer() -> None:
    ran = shipyard("handicap", HARPY, VALKYRIE, *FAST, "--json")
    assert ran.returncode == 0, ran.stderr
    data = json.loads(ran.stdout)
    jsonschema.validate(data, handicap_result_schema())
    assert data["schema"] == HANDICAP_SCHEMA == "shipyard.handicap-result/1"
    assert list(data) == ["schema", "ruleset", "seed", "runs", "max_copies", "engine",
                          "scenario", "a", "b", "rows", "answer", "notes"]
    assert (data["ruleset"], data["runs"], data["max_copies"]) == ("tacship", 40, 4)
    assert data["a"] == {"name": "Harpy", "design": "Harpy", "file": HARPY, "points": 30,
                         "policy": "default"}
    assert [row["copies"] for row in data["rows"]] == [1, 2, 3, 4]
    assert [row["points"] for row in data["rows"]] == [30, 60, 90, 120]
    for row in data["rows"]:
        assert row["wins"]["count"] + row["draws"]["count"] + row["losses"]["count"] == 40
    equal = data["answer"]["equal"]
    firsts = [row["copies"] for row in data["rows"] if row["wins"]["ci95"][0] > 0.5]
    assert equal == (firsts[0] if firsts else None)
    assert len(data["answer"]["words"]) == 2


def test_the_same_document_for_any_worker_count() -> None:
    one = shipyard("handicap", HARPY, VALKYRIE, *FAST, "--json", "--seed", "9")
    two = shipyard("handicap", HARPY, VALKYRIE, *FAST, "--json", "--seed", "9",
                   "--workers", "2")
    assert one.returncode == two.returncode == 0 and one.stdout == two.stdout


def test_the_schema_is_printed() -> None:
    ran = shipyard("schema", "handicap-result")
    assert ran.returncode == 0 and json.loads(ran.stdout) == handicap_result_schema()


def bad_inputs(tmp: Path) -> dict[str, tuple[list[str], str]]:
    broken = tmp / "broken.ship.json"
    broken.write_text('{"schema": "shipyard.design/1", "name": "Br', encoding="utf-8")
    laser4 = tmp / "laser4.ship.json"
    laser4.write_text(json.dumps({"schema": "shipyard.design/1", "name": "Laser Four",
                                  "ruleset": "tacship", "damage_boxes": 10, "thrust": 6,
                                  "fixed_lasers": [{"factor": 4}]}), encoding="utf-8")
    fleet = catalog_root() / "tacship" / "fleets" / "blue-flight.fleet.json"
    return {
        "missing": ([str(tmp / "nowhere.ship.json"), VALKYRIE],
                    "nowhere.ship.json: no such file"),
        "broken": ([HARPY, str(broken)], "broken.ship.json: not valid JSON"),
        "a bundled fleet": (["sample-fleet:blue-flight", VALKYRIE],
                            "sample-fleet:blue-flight: a fleet of several designs, not a design"),
        "a fleet file": ([HARPY, str(fleet)],
                         "blue-flight.fleet.json: a fleet of several designs, not a design"),
        "two games": ([HARPY, "sample:lancer"],
                      "sample:lancer: a pentagon-war design cannot fight a tacship design"),
        "illegal": ([str(laser4), VALKYRIE], "laser4.ship.json: the design is not legal: "
                    "fixed_lasers[0].factor: Laser-4 does not exist"),
        "a folder": ([HARPY, str(tmp)], "a folder, not a design file"),
        "unknown policy": ([HARPY, VALKYRIE, "--policy-b", "nope"], "unknown policy 'nope'"),
    }


@pytest.mark.parametrize("case", ["missing", "broken", "a bundled fleet", "a fleet file",
                                  "two games", "illegal", "a folder",
                                  "unknown policy"])
def test_bad_input_is_one_line_and_exit_2(tmp_path: Path, case: str) -> None:
    arguments, words = bad_inputs(tmp_path)[case]
    for extra in ((), ("--json",)):
        ran = shipyard("handicap", *arguments, "--runs", "5", *extra)
        assert ran.returncode == 2 and ran.stdout == ""
        assert ran.stderr.count("\n") == 1 and words in ran.stderr, ran.stderr


@pytest.mark.parametrize("most", ["0", "21"])
def test_copies_outside_one_to_twenty_are_refused(most: str) -> None:
    ran = shipyard("handicap", HARPY, VALKYRIE, "--max-copies", most)
    assert ran.returncode == 2 and ran.stdout == "" and "--max-copies" in ran.stderr


def test_battle_given_designs_points_to_handicap() -> None:
    ran = shipyard("battle", HARPY, VALKYRIE, "--runs", "5")
    assert ran.returncode == 2 and ran.stdout == ""
    assert "sample:harpy: a sample design, not a fleet" in ran.stderr
    assert "shipyard handicap fights copies of one design against another" in ran.stderr


def test_a_fleet_of_one_design_stands_for_it() -> None:
    # The superhulk fleet is one Behemoth; the gunships, eight Jackals: each one design.
    ran = shipyard("handicap", "sample-fleet:gunships", "sample-fleet:superhulk", "--runs",
                   "2", "--max-copies", "2", "--json")
    assert ran.returncode == 0, ran.stderr
    data = json.loads(ran.stdout)
    assert data["a"]["name"] == "Jackal" and data["b"]["name"] == "Behemoth"
    assert data["a"]["points"] == 250 and data["b"]["points"] == 2000
    assert [row["copies"] for row in data["rows"]] == [1, 2]
