"""`shipyard battle`: bad input is one line and exit 2 with nothing written; the JSON
document keeps its schema; CSV, --draft, --log-battle and --replay say what they should.

These tests fight on a stand-in engine (`tests/battle_fake.py`): they are about the
command, not the rules of a battle.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from shipyard.core.catalog_files import catalog_root
from shipyard.core.dice import duel_seed
from tests.battle_fake import use_fake_engine
from tests.entry import shipyard

FLEETS = catalog_root() / "tacship" / "fleets"
BLUE, WATCH = "sample-fleet:blue-flight", "sample-fleet:night-watch"


@pytest.fixture(autouse=True)
def fake_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    use_fake_engine(monkeypatch)


def fleet_file(folder: Path, name: str, ships: list[Any], budget: int | None = 120,
               ruleset: str = "tacship") -> Path:
    path = folder / f"{name}.fleet.json"
    data: dict[str, Any] = {"schema": "shipyard.fleet/1", "name": name, "ruleset": ruleset,
                            "ships": ships}
    if budget is not None:
        data["budget"] = budget
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def bad_inputs(tmp: Path) -> dict[str, tuple[list[str], str]]:
    """Each bad input: the command's fleet arguments and the words of its one line."""
    broken = tmp / "broken.fleet.json"
    broken.write_text('{"schema": "shipyard.fleet/1", "ships": [,]}', encoding="utf-8")
    whole = (FLEETS / "blue-flight.fleet.json").read_text(encoding="utf-8")
    truncated = tmp / "truncated.fleet.json"
    truncated.write_text(whole[: len(whole) // 2], encoding="utf-8")
    five = fleet_file(tmp, "five", [{"design": "sample:valkyrie", "count": 5}])
    empty = fleet_file(tmp, "empty", [])
    laser4 = {"schema": "shipyard.design/1", "name": "Laser Four", "ruleset": "tacship",
              "damage_boxes": 10, "thrust": 6, "fixed_lasers": [{"factor": 4}]}
    illegal = fleet_file(tmp, "illegal", [{"design": "sample:hawk"}, {"design": laser4}])
    mixed = fleet_file(tmp, "mixed", [{"design": "sample:hawk"}, {"design": "sample:lancer"}])
    return {
        "missing": ([str(tmp / "nowhere.fleet.json"), BLUE], "nowhere.fleet.json"),
        "broken": ([BLUE, str(broken)], "broken.fleet.json"),
        "truncated": ([str(truncated), WATCH], "truncated.fleet.json"),
        "other game": ([BLUE, "sample-fleet:home-guard"],
                       "a pentagon-war fleet cannot fight a tacship fleet"),
        "over budget": ([str(five), BLUE], "five costs 150 points, 30 over the agreed budget "
                                           "of 120"),
        "empty": ([BLUE, str(empty)], "empty.fleet.json: the fleet has no ships"),
        "illegal": ([str(illegal), BLUE], "illegal.fleet.json: ships[1].design: "
                                          "fixed_lasers[0].factor: Laser-4 does not exist"),
        "a design of the other game": ([BLUE, str(mixed)], "mixed.fleet.json: ships[1].design: "
                                       "a pentagon-war design in a tacship fleet"),
        "unknown sample": (["sample-fleet:nowhere", BLUE],
                           "no bundled sample fleet is called 'nowhere'"),
        "a design": (["sample:hawk", BLUE], "sample:hawk: a sample design, not a fleet"),
    }


CASES = ["missing", "broken", "truncated", "other game", "over budget", "empty", "illegal",
         "a design of the other game", "unknown sample", "a design"]


@pytest.mark.parametrize("case", CASES)
def test_bad_input_is_one_line_exit_2_and_nothing_written(tmp_path: Path, case: str) -> None:
    fleets, words = bad_inputs(tmp_path)[case]
    out = tmp_path / "out"
    out.mkdir()
    ran = shipyard("battle", *fleets, "--runs", "20", "--csv", out / "b.csv",
                   "--replay", "1", "-o", out / "b.svg")
    assert ran.returncode == 2, (ran.stdout, ran.stderr)
    lines = ran.stderr.strip().splitlines()
    assert len(lines) == 1, ran.stderr
    assert lines[0].startswith("shipyard: ") and words in lines[0], lines[0]
    assert "Traceback" not in ran.stderr and ran.stdout == ""
    assert list(out.iterdir()) == []


def test_over_the_budget_given_and_draft_says_unequal_everywhere(tmp_path: Path) -> None:
    refused = shipyard("battle", BLUE, WATCH, "--budget", "100", "--runs", "10")
    assert refused.returncode == 2
    assert refused.stderr == ("shipyard: sample-fleet:blue-flight: Blue Flight costs 120 "
                              "points, 20 over the agreed budget of 100\n")
    table = tmp_path / "b.csv"
    ran = shipyard("battle", BLUE, WATCH, "--budget", "100", "--draft", "--runs", "10",
                   "--csv", table)
    assert ran.returncode == 0, ran.stderr
    assert ("sample-fleet:blue-flight: Blue Flight costs 120 points, 20 over the agreed "
            "budget of 100: the sides were unequal") in ran.stdout
    rows = list(csv.DictReader(io.StringIO(table.read_text(encoding="utf-8"))))
    assert len(rows) == 10 and {row["unequal"] for row in rows} == {"yes"}
    data = json.loads(shipyard("battle", BLUE, WATCH, "--budget", "100", "--draft",
                               "--runs", "10", "--json").stdout)
    assert data["draft"] is True and data["budget"] == 100
    assert data["unequal"] == ["sample-fleet:blue-flight: Blue Flight costs 120 points, 20 "
                               "over the agreed budget of 100: the sides were unequal"]
    assert data["unequal"][0] in data["notes"]


def test_the_agreed_budget_is_the_larger_of_the_two() -> None:
    # Blue Flight (120 of 120) meets Night Watch (83 of 90): both within 120.
    data = json.loads(shipyard("battle", WATCH, BLUE, "--runs", "5", "--json").stdout)
    assert data["budget"] == 120 and data["unequal"] == [] and data["draft"] is False
    assert (data["a"]["budget"], data["b"]["budget"]) == (90, 120)
    assert (data["a"]["points"], data["b"]["points"]) == (83, 120)


def test_json_keeps_its_schema_and_says_everything() -> None:
    schema = json.loads(shipyard("schema", "battle-result").stdout)
    assert schema["title"] == "shipyard.battle-result/1"
    ran = shipyard("battle", BLUE, WATCH, "--runs", "40", "--seed", "3", "--json",
                   "--log-battle", "2")
    assert ran.returncode == 0, ran.stderr
    data = json.loads(ran.stdout)
    jsonschema.validate(data, schema)
    assert data["schema"] == "shipyard.battle-result/1"
    assert data["runs"] == 40 and data["seed"] == 3
    assert data["wins"]["count"] + data["losses"]["count"] + data["draws"]["count"] == 40
    assert [s["name"] for s in data["a"]["ships"]] == ["Blue 1", "Blue 2", "Blue 3", "Blue 4"]
    assert [s["points"] for s in data["b"]["ships"]] == [29, 24, 30]
    assert data["log_battle"] == 2 and data["log"]
    assert len(data["battle"]["fates"]) == 7
    with pytest.raises(jsonschema.ValidationError):  # the schema does hold the document
        jsonschema.validate({**data, "runs": "forty"}, schema)


def test_csv_has_a_row_per_battle_with_each_ships_fate(tmp_path: Path) -> None:
    table = tmp_path / "b.csv"
    ran = shipyard("battle", BLUE, WATCH, "--runs", "12", "--seed", "9", "--csv", table)
    assert ran.returncode == 0 and f"wrote {table}" in ran.stderr
    rows = list(csv.reader(io.StringIO(table.read_text(encoding="utf-8"))))
    header, body = rows[0], rows[1:]
    assert header[:5] == ["battle", "seed", "winner", "turns", "unequal"]
    assert header[5:8] == ["A1 Blue 1 turn", "A1 Blue 1 cause", "A1 Blue 1 taken"]
    assert header[-3:] == ["B3 Bulwark turn", "B3 Bulwark cause", "B3 Bulwark taken"]
    assert len(header) == 5 + 3 * 7 and len(body) == 12
    assert [int(r[0]) for r in body] == list(range(1, 13))
    assert [int(r[1]) for r in body] == [duel_seed(9, k) for k in range(12)]
    assert {r[2] for r in body} <= {"A", "B", "draw"}
    data = json.loads(shipyard("battle", BLUE, WATCH, "--runs", "12", "--seed", "9",
                               "--json").stdout)
    assert sum(1 for r in body if r[2] == "A") == data["wins"]["count"]


def test_text_output_reads_as_a_table(tmp_path: Path) -> None:
    ran = shipyard("battle", BLUE, WATCH, "--runs", "30")
    assert ran.returncode == 0
    text = ran.stdout
    for words in ("Blue Flight (4 ships, 120 points, default) against Night Watch (3 ships, "
                  "83 points, default): 30 battles, seed 1, budget 120",
                  "Blue Flight wins", "Night Watch wins", "draws", "95% interval",
                  "by Blue Flight", "Exchange ratio", "Blue Flight survivors: mean",
                  "Kills by cause, Night Watch", "Turns: mean"):
        assert words in text, words


def test_a_fleet_of_one_is_one_ship(tmp_path: Path) -> None:
    lone = fleet_file(tmp_path, "Lone", [{"design": "sample:valkyrie"}])
    ran = shipyard("battle", str(lone), BLUE, "--runs", "3")
    assert ran.returncode == 0
    assert "Lone (1 ship, 30 points, default) against Blue Flight (4 ships, " in ran.stdout


def test_a_fleet_meeting_its_copy_is_told_apart() -> None:
    data = json.loads(shipyard("battle", BLUE, BLUE, "--runs", "5", "--json").stdout)
    assert (data["a"]["name"], data["b"]["name"]) == ("Blue Flight (A)", "Blue Flight (B)")


def test_control_codes_in_names_never_reach_the_terminal(tmp_path: Path) -> None:
    evil = fleet_file(tmp_path, "evil", [
        {"design": "sample:valkyrie", "count": 2, "names": ["\x1b[31mRed\x1b[0m", "[bold]x"]}])
    ran = shipyard("battle", str(evil), WATCH, "--runs", "5")
    assert ran.returncode == 0, ran.stderr
    assert "\x1b" not in ran.stdout and "\\x1b[31mRed\\x1b[0m" in ran.stdout
    assert "[bold]x" in ran.stdout  # printed as written, not read as markup


def test_log_battle_tells_that_battle_and_bounds_are_checked() -> None:
    ran = shipyard("battle", BLUE, WATCH, "--runs", "10", "--log-battle", "4")
    assert "Battle 4 of the batch (seed 1):" in ran.stdout
    too_far = shipyard("battle", BLUE, WATCH, "--runs", "10", "--log-battle", "11")
    assert too_far.returncode == 2
    assert too_far.stderr == "shipyard: --log-battle 11: the batch has 10 battle(s) (--runs 10)\n"


def test_unknown_policy_and_engine_are_one_line() -> None:
    policy = shipyard("battle", BLUE, WATCH, "--policy-b", "coward")
    assert policy.returncode == 2 and "unknown policy 'coward' (known: " in policy.stderr
    engine = shipyard("battle", BLUE, WATCH, "--engine", "warp")
    assert engine.returncode == 2 and "unknown engine 'warp' (known: fast, reference)" in \
        engine.stderr


def test_outputs_that_are_inputs_or_fleets_are_refused_before_any_battle(
        tmp_path: Path) -> None:
    mine = fleet_file(tmp_path, "mine", [{"design": "sample:valkyrie", "count": 4}])
    before = mine.read_bytes()
    ran = shipyard("battle", str(mine), WATCH, "--csv", mine)
    assert ran.returncode == 2 and "is one of the input files" in ran.stderr
    assert mine.read_bytes() == before
    other = fleet_file(tmp_path, "other", [])
    ran = shipyard("battle", BLUE, WATCH, "--replay", "1", "-o", other)
    assert ran.returncode == 2 and "an existing fleet" in ran.stderr
    assert shipyard("battle", BLUE, WATCH, "-o", tmp_path / "x.svg").returncode == 2


def test_replay_writes_an_svg_atomically(tmp_path: Path) -> None:
    picture = tmp_path / "b.svg"
    picture.write_text("an earlier replay", encoding="utf-8")  # an export: written again
    ran = shipyard("battle", BLUE, WATCH, "--runs", "5", "--replay", "2", "-o", picture)
    assert ran.returncode == 0, ran.stderr
    assert f"wrote {picture}" in ran.stderr
    text = picture.read_text(encoding="utf-8")
    assert text.lstrip().startswith(("<svg", "<?xml")) and "<svg" in text[:200]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b.svg"]  # no temporary left


def test_rulesets_and_samples_name_the_battle_engines_and_the_fleets() -> None:
    rows = {row["name"]: row for row in json.loads(shipyard("rulesets", "--json").stdout)}
    assert rows["tacship"]["battle_engines"] == ["fast", "reference"]  # the stand-in's
    assert rows["pentagon-war"]["battle_engines"] == ["fast", "reference"]  # on the hex map
    assert rows["pentagon-war"]["geometries"] == ["track", "map"]
    assert rows["tacship"]["geometries"] == ["map"]
    listing = shipyard("samples").stdout
    for name in ("blue-flight", "night-watch", "lance-flight", "heavy-section",
                 "hornet-swarm", "grey-flight", "home-guard"):
        assert f"sample-fleet:{name}" in listing
    assert shipyard("fleet", "sample-fleet:LANCE-flight").stdout.startswith("Lance Flight")


def test_the_replay_names_the_fleets_the_battle_and_a_draft(tmp_path: Path) -> None:
    picture = tmp_path / "b.svg"
    ran = shipyard("battle", BLUE, WATCH, "--runs", "5", "--seed", "7", "--replay", "2",
                   "-o", picture)
    assert ran.returncode == 0, ran.stderr
    text = picture.read_text(encoding="utf-8")
    assert "<title>Blue Flight against Night Watch: battle 2, seed 7</title>" in text
    assert ">Blue Flight</tspan><tspan> against </tspan>" in text and ">Night Watch<" in text
    assert "Side A" not in text and 'class="note"' not in text
    drafted = tmp_path / "d.svg"
    ran = shipyard("battle", BLUE, WATCH, "--budget", "100", "--draft", "--replay", "1",
                   "-o", drafted)
    assert ran.returncode == 0, ran.stderr
    assert ('class="note" x="24" y="74">sample-fleet:blue-flight: Blue Flight costs 120 '
            "points, 20 over the agreed budget of 100: the sides were unequal</text>"
            ) in drafted.read_text(encoding="utf-8")
