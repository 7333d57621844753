"""Plain answers where a new user met a silent or unclear one: a sheet a game does not
print, a Tacship fighter's crew and its missing ruleset, the fleet roster's key figures,
and messages that name what is wrong in the user's words."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from shipyard.cli import app
from shipyard.services.samples import resolve

runner = CliRunner()
ROOT = Path(__file__).resolve().parent.parent


# -- a sheet the design's game does not print -------------------------------------------

@pytest.mark.parametrize(("design", "sheet"), [("sample:lancer", "chart"),
                                                ("sample:valkyrie", "ssd")])
def test_a_sheet_of_the_other_game_is_refused(tmp_path: Path, design: str, sheet: str) -> None:
    out = tmp_path / "x.pdf"
    result = runner.invoke(app, ["export", design, "--sheets", sheet, "-o", str(out)])
    assert result.exit_code == 2, result.output
    assert f"nothing to export with --sheets {sheet}" in result.stderr
    assert not out.exists()


def test_a_fleet_asked_for_another_games_sheet_is_refused(tmp_path: Path) -> None:
    fleet = ROOT / "catalog" / "pentagon-war" / "fleets" / "home-guard.fleet.json"
    out = tmp_path / "x.pdf"
    result = runner.invoke(app, ["export", str(fleet), "--sheets", "chart", "-o", str(out)])
    assert result.exit_code == 2, result.output
    assert "has no 'chart' sheet" in result.stderr
    assert not out.exists()


# -- Tacship: the crew as it is, and a file without its ruleset --------------------------

def valkyrie(**changes: object) -> dict[str, object]:
    data: dict[str, object] = json.loads(resolve("sample:valkyrie").read_text())
    data.update(changes)
    return data


def test_a_crew_of_three_is_not_called_a_one_man_fighter(tmp_path: Path) -> None:
    path = tmp_path / "three.ship.json"
    path.write_text(json.dumps(valkyrie(crew=3)))
    result = runner.invoke(app, ["validate", str(path)])
    assert result.exit_code == 1
    assert result.stdout.startswith(f"{path}: illegal (30 points, 0 left of 30, 3-man fighter)")
    assert "one-man" not in result.stdout
    assert "a fighter has a crew of 1 or 2, not 3" in result.stdout


def test_a_fighter_without_its_ruleset_is_told_how_to_name_it(tmp_path: Path) -> None:
    data = valkyrie()
    del data["ruleset"]
    path = tmp_path / "fighter.ship.json"
    path.write_text(json.dumps(data))
    result = runner.invoke(app, ["validate", str(path)])
    assert result.exit_code == 2
    assert result.stderr.strip() == (
        f'shipyard: {path}: crew: unknown field (the file names no "ruleset", so it was read '
        'for The Pentagon War; add "ruleset": "tacship" to read it for Tacship)')


def test_an_unknown_field_of_no_game_gets_no_hint(tmp_path: Path) -> None:
    path = tmp_path / "odd.ship.json"
    path.write_text('{"schema": "shipyard.design/1", "name": "x", "warp": 1}')
    result = runner.invoke(app, ["validate", str(path)])
    assert result.stderr.strip() == f"shipyard: {path}: warp: unknown field"


# -- the fleet roster keeps every key figure ------------------------------------------

@pytest.mark.parametrize("fmt", ["text", "md"])
def test_the_roster_shows_every_key_figure_whole(tmp_path: Path, fmt: str) -> None:
    long_name = "The Very Long Name Of A Ship That Takes Two Lines Or More In The Roster"
    fleet = tmp_path / "f.fleet.json"
    fleet.write_text(json.dumps({"schema": "shipyard.fleet/1", "name": "F", "ships": [
        {"design": "sample:hive", "names": [long_name]}]}))
    result = runner.invoke(app, ["export", str(fleet), "-f", fmt])
    assert result.exit_code == 0, result.output
    roster = result.stdout.split("roster - page 1")[0].splitlines()
    header = next(line for line in roster if line.startswith("Ship"))
    at = header.index("Key figures")
    below = roster[roster.index(header) + 1:]
    column = " ".join(line[at:].strip() for line in below if line[at:].strip())
    assert "..." not in "\n".join(roster)
    # The hive's figures (tests/test_samples.py): every one, whole, in order.
    assert column.startswith("boxes 168, hull 47, final damage 10, mass class 2, "
                             "radar rating 6")
    # The long name is whole too, over three lines of its column.
    assert re.search("The Very Long Name Of A Ship .*That Takes Two Lines Or More In .*The "
                     "Roster", " ".join(below))


# -- messages in the user's words ------------------------------------------------------

def fleet_file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "f.fleet.json"
    path.write_text(text)
    return path


@pytest.mark.parametrize(("text", "message"), [
    ('{"schema": "shipyard.fleet/1", "budget": -5, "ships": []}',
     "budget: must be at least 0, got -5"),
    ('{"schema": "shipyard.fleet/1", "budget": 1e300, "ships": []}',
     "budget: expected a whole number, got 1e+300"),
    ('{"schema": "shipyard.fleet/1", "ships": [{"design": "sample:lancer", "count": 2.5}]}',
     "ships[0].count: expected a whole number, got 2.5"),
    ('[{"design": "sample:lancer"}]',
     'expected a fleet, an object with "schema": "shipyard.fleet/1" and its ships, got a list'),
])
def test_a_bad_fleet_is_told_in_plain_words(tmp_path: Path, text: str, message: str) -> None:
    path = fleet_file(tmp_path, text)
    result = runner.invoke(app, ["fleet", str(path)])
    assert result.exit_code == 2
    assert result.stderr.strip() == f"shipyard: {path}: {message}"


def test_a_design_given_to_fleet_gets_a_pointer() -> None:
    result = runner.invoke(app, ["fleet", str(resolve("sample:lancer"))])
    assert result.exit_code == 2
    assert "schema: this is a design file, not a fleet (shipyard cost, validate and export " \
        "read it" in result.stderr


def test_a_huge_number_in_a_design_is_shown(tmp_path: Path) -> None:
    path = tmp_path / "x.ship.json"
    path.write_text('{"schema": "shipyard.design/1", "name": "x", "manned": 1e300}')
    result = runner.invoke(app, ["cost", str(path)])
    assert result.stderr.strip() == f"shipyard: {path}: manned: expected true or false, " \
        "got 1e+300"


def test_catalog_names_a_house_catalog(tmp_path: Path) -> None:
    house = tmp_path / "house"
    shutil.copytree(ROOT / "catalog" / "tacship", house)
    result = runner.invoke(app, ["catalog", "--catalog", str(house)])
    assert result.exit_code == 0, result.output
    first, second = result.stdout.splitlines()[:2]
    assert first.startswith(f"catalog: house rules from {house.resolve()} (tacship catalog")
    assert second == "Tacship catalog 1.0.0"
    data = json.loads(runner.invoke(app, ["catalog", "--catalog", str(house), "--json"]).stdout)
    assert data["catalog"]["bundled"] is False
    assert "catalog" not in json.loads(runner.invoke(app, ["catalog", "--json"]).stdout)
