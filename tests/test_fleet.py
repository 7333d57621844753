"""Fleet files: totals and budget worked out by hand, issues, broken files, validate."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from typer.testing import CliRunner

from shipyard.cli import app
from shipyard.core.catalog_files import catalog_root
from shipyard.services.fleet import FleetReadError, judge, read_fleet

runner = CliRunner()
FLEETS = sorted(catalog_root().glob("*/fleets/*.fleet.json"))
SAMPLE_FLEETS = {p.name.removesuffix(".fleet.json"): p for p in FLEETS}

# Worked by hand (rules 1.2, 1.4): screens 2 x 23 = 46, engines 2 x 5 = 10, one fuel tank
# 3; the radar track is the free 0 box and the main control is free. Seven boxes before
# hull give ceil(7 / 8) = 1 free hull box, and free final damage: nothing else is bought.
PICKET = {"schema": "shipyard.design/1", "name": "Picket", "ruleset": "pentagon-war",
          "manned": True, "systems": {"screen": 2, "engine": 2, "fuel_tank": 1}}
PICKET_POINTS = 46 + 10 + 3
LANCER, SHADE = 215, 210  # the samples, worked by hand in tests/test_samples.py


def write_fleet(folder: Path, budget: int | None, *ships: dict[str, Any],
                name: str = "home.fleet.json", **extra: Any) -> Path:
    data: dict[str, Any] = {"schema": "shipyard.fleet/1", "name": "Home Guard",
                            "ruleset": "pentagon-war", "ships": list(ships), **extra}
    if budget is not None:
        data["budget"] = budget
    path = folder / name
    path.write_text(json.dumps(data))
    return path


def mixed(folder: Path, budget: int | None) -> Path:
    return write_fleet(folder, budget, {"design": "sample:lancer", "count": 3},
                       {"design": "sample:shade"}, {"design": PICKET})


def nested(depth: int) -> Any:
    value: Any = {}
    for _ in range(depth):
        value = [value]
    return value


HAND_TOTAL = 3 * LANCER + SHADE + PICKET_POINTS  # 914


def test_picket_costs_what_the_hand_says(tmp_path: Path) -> None:
    report = judge(read_fleet(write_fleet(tmp_path, None, {"design": PICKET})))
    assert report.total == PICKET_POINTS == 59


def test_fleet_exactly_at_its_budget_is_legal(tmp_path: Path) -> None:
    report = judge(read_fleet(mixed(tmp_path, HAND_TOTAL)))
    assert (report.total, report.left, report.legal) == (914, 0, True)
    assert [s.name for s in report.ships] == ["Lancer 1", "Lancer 2", "Lancer 3", "Shade",
                                              "Picket"]
    assert [s.points for s in report.ships] == [LANCER] * 3 + [SHADE, PICKET_POINTS]


def test_one_point_over_budget_is_an_error(tmp_path: Path) -> None:
    report = judge(read_fleet(mixed(tmp_path, HAND_TOTAL - 1)))
    assert not report.legal and report.left == -1
    [issue] = [i for i in report.issues if i.code == "over-budget"]
    assert issue.path == "budget"
    assert "1 over its budget of 913" in issue.message


def test_budget_option_overrides_the_file(tmp_path: Path) -> None:
    path = mixed(tmp_path, 100)
    result = runner.invoke(app, ["fleet", "--json", "--budget", str(HAND_TOTAL), str(path)])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert list(data) == ["name", "ruleset", "budget", "total", "left", "legal", "ships",
                          "issues"]
    assert (data["budget"], data["total"], data["left"]) == (914, 914, 0)
    assert list(data["ships"][0]) == ["name", "design", "points", "legal"]
    over = runner.invoke(app, ["fleet", str(path)])
    assert over.exit_code == 1
    assert "814 over" in over.stdout


def test_names_given_and_numbered_through_the_fleet(tmp_path: Path) -> None:
    path = write_fleet(tmp_path, None, {"design": "sample:lancer"},
                       {"design": "sample:shade", "count": 2, "names": ["Ghost", "Wraith"]},
                       {"design": "sample:lancer"})
    assert [s.name for s in judge(read_fleet(path)).ships] == [
        "Lancer 1", "Ghost", "Wraith", "Lancer 2"]


def test_an_illegal_design_brings_its_issues_under_the_entry_path(tmp_path: Path) -> None:
    bad = {**PICKET, "weapons": [{"type": "laser", "arcs": ["XX"], "count": 1}]}
    report = judge(read_fleet(write_fleet(tmp_path, None, {"design": "sample:lancer"},
                                          {"design": bad})))
    assert not report.legal
    errors = [i for i in report.issues if i.severity == "error"]
    assert errors and all(i.path.startswith("ships[1].design: weapons[0]") for i in errors)
    assert [s.legal for s in report.ships] == [True, False]


def test_a_design_of_another_game_is_an_issue(tmp_path: Path) -> None:
    report = judge(read_fleet(write_fleet(tmp_path, None, {"design": "sample:lancer"},
                                          {"design": "sample:valkyrie"})))
    [issue] = [i for i in report.issues if i.code == "other-ruleset"]
    assert issue.path == "ships[1].design"
    assert "tacship design in a pentagon-war fleet" in issue.message
    result = runner.invoke(app, ["validate", str(tmp_path / "home.fleet.json")])
    assert result.exit_code == 1


def test_design_paths_are_relative_to_the_fleet_file(tmp_path: Path) -> None:
    (tmp_path / "ships").mkdir()
    (tmp_path / "ships" / "picket.ship.json").write_text(json.dumps(PICKET))
    (tmp_path / "fleets").mkdir()
    path = write_fleet(tmp_path / "fleets", None, {"design": "../ships/picket.ship.json"})
    assert judge(read_fleet(path)).total == PICKET_POINTS


def test_a_toml_fleet_is_read(tmp_path: Path) -> None:
    path = tmp_path / "home.fleet.toml"
    path.write_text('schema = "shipyard.fleet/1"\nname = "T"\nbudget = 500\n'
                    '[[ships]]\ndesign = "sample:lancer"\ncount = 2\n')
    result = runner.invoke(app, ["validate", str(path)])
    assert result.exit_code == 0, result.output
    assert "legal fleet" in result.stdout and "430 of 500" in result.stdout


BROKEN = {
    "missing design file": ({"ships": [{"design": "lancer.ship.json"}]},
                            "home.fleet.json: ships[0].design: lancer.ship.json: no such file"),
    "count zero": ({"ships": [{"design": "sample:lancer", "count": 0}]},
                   "ships[0].count: at least 1 ship"),
    "count as text": ({"ships": [{"design": "sample:lancer", "count": "3"}]},
                      "ships[0].count: expected a whole number"),
    "count huge": ({"ships": [{"design": "sample:lancer", "count": 10**9}]},
                   "ships[0].count: at most 1,000 ships"),
    "unknown field": ({"ships": [{"design": "sample:lancer", "colour": "red"}]},
                      "ships[0].colour: unknown field"),
    "unknown top field": ({"ships": [], "admiral": "X"}, "admiral: unknown field"),
    "wrong schema": ({"schema": "shipyard.fleet/9", "ships": []},
                     "schema: expected 'shipyard.fleet/1'"),
    "names miscounted": ({"ships": [{"design": "sample:lancer", "count": 2, "names": ["A"]}]},
                         "ships[0].names: 1 names for 2 ships"),
    "a fleet in a fleet": ({"ships": [{"design": "home.fleet.json"}]},
                           "a fleet cannot hold a fleet"),
    "deep path": ({"ships": [{"design": "a/" * 2000 + "x.ship.json"}]},
                  "ships[0].design: path is longer than"),
    "deep nesting": ({"ships": [{"design": {"a": nested(60)}}]},
                     "ships[0].design: nested too deeply"),
    "broken inline design": ({"ships": [{"design": {**PICKET, "weapons": [{"arcs": 3}]}}]},
                             "ships[0].design: weapons[0]"),
    "unknown ruleset": ({"ruleset": "chess", "ships": []}, "ruleset: unknown ruleset"),
}


@pytest.mark.parametrize("case", list(BROKEN))
@pytest.mark.parametrize("command", ["fleet", "validate"])
def test_a_broken_fleet_is_one_clear_line(tmp_path: Path, case: str, command: str) -> None:
    fields, expected = BROKEN[case]
    data = {"schema": "shipyard.fleet/1", "name": "Home", **fields}
    path = tmp_path / "home.fleet.json"
    path.write_text(json.dumps(data))
    result = runner.invoke(app, [command, str(path)])
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(f"shipyard: {path}: ")
    assert expected in lines[0], lines[0]


def test_missing_design_line_names_fleet_entry_and_design(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch,
                                                         ) -> None:
    monkeypatch.chdir(tmp_path)
    write_fleet(tmp_path, None, {"design": "lancer.ship.json"})
    result = runner.invoke(app, ["fleet", "home.fleet.json"])
    assert result.stderr.strip() == ("shipyard: home.fleet.json: ships[0].design: "
                                     "lancer.ship.json: no such file")
    with pytest.raises(FleetReadError):
        read_fleet(Path("home.fleet.json"))


def test_a_folder_of_designs_and_fleets_reports_every_file(tmp_path: Path) -> None:
    (tmp_path / "picket.ship.json").write_text(json.dumps(PICKET))
    (tmp_path / "broken.ship.json").write_text("{")
    mixed(tmp_path, 2000)
    write_fleet(tmp_path, 100, {"design": "picket.ship.json"}, {"design": "sample:lancer"},
                name="over.fleet.json")
    write_fleet(tmp_path, None, {"design": "gone.ship.json"}, name="lost.fleet.json")
    result = runner.invoke(app, ["validate", str(tmp_path)])
    assert result.exit_code == 2
    out = result.stdout
    assert f"{tmp_path / 'home.fleet.json'}: legal fleet" in out
    assert f"{tmp_path / 'over.fleet.json'}: illegal fleet" in out
    assert f"{tmp_path / 'picket.ship.json'}: legal" in out
    errors = result.stderr.strip().splitlines()
    assert len(errors) == 2 and "Traceback" not in result.stderr
    assert "broken.ship.json: not valid JSON" in errors[0]
    assert "lost.fleet.json: ships[0].design: gone.ship.json: no such file" in errors[1]
    as_json = json.loads(runner.invoke(app, ["validate", "--json", str(tmp_path)]).stdout)
    assert [Path(item["file"]).name for item in as_json] == [
        "broken.ship.json", "home.fleet.json", "lost.fleet.json", "over.fleet.json",
        "picket.ship.json"]
    assert as_json[1]["total"] == HAND_TOTAL and as_json[3]["legal"] is False


def test_validate_exit_codes_for_fleets(tmp_path: Path) -> None:
    assert runner.invoke(app, ["validate", str(mixed(tmp_path, None))]).exit_code == 0
    assert runner.invoke(app, ["validate", "--budget", "10",
                               str(tmp_path / "home.fleet.json")]).exit_code == 1


def test_fleet_schema_describes_the_sample_fleets() -> None:
    result = runner.invoke(app, ["schema", "fleet"])
    assert result.exit_code == 0
    schema = json.loads(result.stdout)
    assert schema["title"] == "shipyard.fleet/1"
    assert len(FLEETS) >= 4
    for path in FLEETS:
        jsonschema.validate(json.loads(path.read_text()), schema)


def test_sample_fleets_are_legal_and_within_budget() -> None:
    games = {}
    for path in FLEETS:
        report = judge(read_fleet(path))
        assert report.legal, (path, report.issues)
        assert report.left is not None and report.left >= 0
        games.setdefault(report.fleet.ruleset.name, []).append(report)
    assert len(games["pentagon-war"]) >= 2 and len(games["tacship"]) >= 2
    assert judge(read_fleet(SAMPLE_FLEETS["home-guard"])).budget == 2000
