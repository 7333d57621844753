"""A new player's first evening: what the terminal shows reads as written, every
file key can be found, and numbers come out as players write them."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from typer.testing import CliRunner

from shipyard.cli import app
from shipyard.commands.serve import designer_argv
from shipyard.core.catalog_files import catalog_root
from shipyard.core.errors import DesignReadError
from shipyard.services import samples
from shipyard.services.registry import evaluate, read_design
from shipyard.services.samples import resolve, sample_paths
from shipyard.tui.widgets.sheet import sheet_view

runner = CliRunner()


def shipyard(*args: str) -> str:
    """The command's standard output; it must have succeeded."""
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.mark.parametrize("game", ["pentagon-war", "tacship"])
def test_the_catalog_shows_no_escaped_newline(game: str) -> None:
    text = shipyard("catalog", "--ruleset", game)
    assert "\\n" not in text
    assert "\n\nRulings\n" in text


def test_compare_with_duels_shows_no_escaped_newline() -> None:
    text = shipyard("compare", "sample:valkyrie", "sample:hawk", "--duel", "4")
    assert "\\n" not in text
    assert "\n\nHead to head: 4 duels a pair" in text


def schema_of(game: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(shipyard("schema", "--ruleset", game))
    return data


def test_the_design_schema_lists_every_name_a_file_must_spell() -> None:
    defs = schema_of("pentagon-war")["$defs"]
    assert defs["Weapon"]["properties"]["type"]["enum"] == [
        "laser", "electron_cannon", "proton_cannon", "magnetic_beam"]
    assert defs["Gun"]["properties"]["type"]["enum"] == [
        "radiation_gun", "acid_gum_gun", "liquid_metal_gun"]
    assert defs["Drone"]["properties"]["weapon"]["enum"] == [
        "laser", "electron_cannon", "proton_cannon", "point_defense"]
    arcs = ["RF", "R", "RR", "LR", "L", "LF", "F2"]  # R12: clockwise from dead ahead, F2
    assert defs["Weapon"]["properties"]["arcs"]["items"]["enum"] == arcs
    assert defs["Gun"]["properties"]["arcs"]["items"]["enum"] == arcs
    tacship = schema_of("tacship")["$defs"]
    assert tacship["TurretLaser"]["properties"]["arc"]["enum"] == ["fore", "aft"]
    assert tacship["Ordnance"]["propertyNames"] == {"enum": ["missile", "mine", "decoy"]}


@pytest.mark.parametrize("game", ["pentagon-war", "tacship"])
def test_every_sample_meets_its_schema_and_a_misspelt_name_does_not(game: str) -> None:
    schema = schema_of(game)
    samples = [json.loads(path.read_text()) for path in sample_paths()]
    ours = [data for data in samples if data.get("ruleset", "pentagon-war") == game]
    assert ours
    for data in ours:
        jsonschema.validate(data, schema)
    wrong = dict(ours[0])
    if game == "tacship":
        wrong["turret_lasers"] = [{"factor": 1, "arc": "left"}]
    else:
        wrong["weapons"] = [{"type": "Proton Cannon", "arcs": ["LF", "RF"]}]
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(wrong, schema)


def table_rows(text: str, columns: int) -> dict[str, list[str]]:
    """A table as {first cell: the other cells}, at whatever width it was printed: a
    line whose last cell is empty carries on the cells of the row above (a wrapped label)."""
    rows: list[list[str]] = []
    for line in text.splitlines():
        cells = [cell.strip() for cell in line.split("│")]
        if len(cells) != columns:
            continue
        if cells[-1] or not rows:
            rows.append(cells)
        else:
            rows[-1] = [f"{a} {b}".strip() for a, b in zip(rows[-1], cells, strict=True)]
    found: dict[str, list[str]] = {}
    for row in rows:
        found.setdefault(row[0], row[1:])
    return found


def catalog_rows(*args: str) -> dict[str, list[str]]:
    """`shipyard catalog` as {item: [key, figures, source]}."""
    return table_rows(shipyard("catalog", *args), 4)


def test_the_catalog_shows_each_file_key_beside_its_label() -> None:
    rows = catalog_rows()
    assert rows["Proton cannon"][0] == "weapons: proton_cannon"
    assert rows["Proton cannon drone"][0] == "drones: proton_cannon"
    assert rows["Liquid metal gun"][0] == "guns: liquid_metal_gun"
    assert rows["Screen generator"][0] == "systems.screen"
    assert rows["Radar invisibility"][0] == "options.radar_invisibility"
    assert rows["Magnascoop"][0] == "scoop: magnascoop"
    tacship = catalog_rows("--ruleset", "tacship")
    assert tacship["Hardpoint"][0] == "hardpoints"
    assert tacship["Turret"][0] == "turret_lasers: arc"
    entries = json.loads(shipyard("catalog", "--json"))["entries"]
    assert {e["key"]: e["file"] for e in entries if e["section"] == "price"}["laser"] \
        == "weapons: laser"


def test_the_source_says_rules_or_ruling_never_seed() -> None:
    rows = catalog_rows()
    assert rows["Screen generator"][2] == "rules 1.2"  # seed, section 1.2
    assert rows["Radar box"][2] == "ruling R7 *"  # seed, ruling R7
    assert rows["Magnascoop"][2] == "ruling R6 *"  # ruling R6
    assert rows["Arc multiplier (by arcs)"][2] == "reconstructed R1 *"
    assert catalog_rows("--ruleset", "tacship")["Hardpoint"][2] == "rules 4"
    for text in (shipyard("catalog"), shipyard("catalog", "--ruleset", "tacship"),
                 shipyard("cost", "sample:lancer", "sample:valkyrie")):
        assert "seed" not in text


@pytest.fixture
def house(tmp_path: Path) -> Path:
    """The bundled catalog with the screen at 25 points instead of 23."""
    folder = tmp_path / "house"
    shutil.copytree(catalog_root() / "pentagon-war", folder)
    prices = folder / "prices.toml"
    text = prices.read_text()
    start = text.index("[screen]")
    end = text.index("price = 23", start)
    prices.write_text(text[:end] + "price = 25" + text[end + len("price = 23"):])
    return folder


def test_a_house_price_says_house_rules_on_its_line(house: Path) -> None:
    rows = catalog_rows("--catalog", str(house))
    assert rows["Screen generator"][1:] == ["25 / box", "house rules"]
    assert rows["Cargo"][2] == "rules 1.2"  # unchanged: still the rules' own
    cells = table_rows(shipyard("cost", "sample:lancer", "--catalog", str(house)), 4)
    assert cells["Screen generator"] == ["3", "75", "house rules"]  # 3 screens at 25
    assert cells["Capacitor"] == ["6", "42", "rules 1.2"]


@pytest.fixture
def bomber(tmp_path: Path) -> Path:
    """The lancer with one hyper bomb: illegal unless the scenario allows them (R15)."""
    data = json.loads(resolve("sample:lancer").read_text())
    data["systems"]["hyper_bomb"] = 1
    path = tmp_path / "bomber.ship.json"
    path.write_text(json.dumps(data))
    return path


def test_the_hyper_bomb_error_names_the_option_that_allows_them(bomber: Path) -> None:
    refused = runner.invoke(app, ["validate", str(bomber)])
    assert refused.exit_code == 1
    assert "hyper bombs need a scenario that allows them (--allow-hyper-bombs) (R15)" \
        in refused.output
    assert runner.invoke(app, ["validate", str(bomber), "--allow-hyper-bombs"]).exit_code == 0
    sheet = runner.invoke(app, ["export", str(bomber), "-f", "text", "--allow-hyper-bombs"])
    assert sheet.exit_code == 0 and "DRAFT" not in sheet.stdout
    duel = runner.invoke(app, ["duel", str(bomber), "sample:lancer", "--runs", "2",
                               "--allow-hyper-bombs"])
    assert duel.exit_code == 0, duel.output


@pytest.mark.parametrize("command", ["cost", "validate", "export", "fleet", "compare", "duel",
                                     "tournament", "optimize", "design", "new", "serve"])
def test_every_command_that_judges_a_design_takes_that_option(command: str) -> None:
    result = runner.invoke(app, [command, "--help"], env={"COLUMNS": "200"})
    assert "--allow-hyper-bombs" in result.stdout


def test_new_refuses_a_file_that_exists(tmp_path: Path) -> None:
    mine = tmp_path / "mine.ship.json"
    mine.write_text("{}")
    result = runner.invoke(app, ["new", str(mine), "--ruleset", "tacship"])
    assert result.exit_code == 2
    assert result.stderr.strip() == (f"shipyard: {mine}: already exists; open it with "
                                     f"`shipyard design {mine}`")
    assert mine.read_text() == "{}"


def test_sample_names_are_found_whatever_their_case() -> None:
    assert resolve("sample:Hive") == resolve("sample:hive") == resolve("sample:HIVE")
    hive = json.loads(shipyard("cost", "--json", "sample:Hive"))
    assert hive["total"] == 1095 and hive["name"] == "Hive"
    assert "Tacship catalog" in shipyard("catalog", "--ruleset", "Tacship")
    assert "Spacecraft Systems Display" in shipyard("export", "sample:Lancer", "-f", "TEXT")


def test_a_name_two_samples_share_but_for_case_is_refused(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    twins = [tmp_path / "a" / "Hive.ship.json", tmp_path / "b" / "hive.ship.json"]
    monkeypatch.setattr(samples, "sample_paths", lambda ruleset=None: twins)
    assert samples.resolve("sample:Hive") == twins[0]  # an exact match always wins
    with pytest.raises(DesignReadError, match="two samples or more are called 'HIVE' "
                                              r"\(samples: Hive, hive\)"):
        samples.resolve("sample:HIVE")


def test_rules_searches_by_word() -> None:
    text = shipyard("rules", "hyper", "bomb")
    assert text.splitlines()[0] == ("3 sections of the rules mention 'hyper bomb' "
                                    "(shipyard rules ID prints one):")
    assert [line.split()[0] for line in text.splitlines()[1::2]] == ["1.2", "1.6", "R15"]
    assert "| hyper bomb | 50000 each |" in text
    armor = shipyard("rules", "ARMOR")
    assert " R13  Armor sides\n" in armor and " 1.2  Price list\n" in armor
    assert all(len(line) <= 100 for line in armor.splitlines())
    assert shipyard("rules", "r15").startswith("### R15 Hyper bombs")  # an id is printed
    missing = runner.invoke(app, ["rules", "warp", "drive"])
    assert missing.exit_code == 2
    assert "no section or ruling mentions 'warp drive'" in missing.stderr


def test_validate_sums_up_a_folder_and_names_what_it_skipped(tmp_path: Path) -> None:
    folder = tmp_path / "fleet"
    folder.mkdir()
    for name in ("lancer", "mercurand"):
        shutil.copy(resolve(f"sample:{name}"), folder / f"{name}.ship.json")
    (folder / "odd.ship.json").mkdir()  # a folder named like a design
    (folder / "raider.json").write_text("{}")  # a design not named *.ship.json
    (folder / "notes.txt").write_text("not a design")  # plainly no design: not named
    result = runner.invoke(app, ["validate", str(folder), "--budget", "500"])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [
        f"{folder / 'lancer.ship.json'}: legal (215 points, 285 left of 500, size class I)",
        f"{folder / 'mercurand.ship.json'}: legal (492 points, 8 left of 500, size class II)",
        f"skipped {folder / 'odd.ship.json'}: a folder, not a file (folders inside are not "
        "read)",
        f"skipped {folder / 'raider.json'}: not named *.ship.json, *.ssd.json or *.fleet.json",
        "2 files checked: 2 legal, 0 illegal, 0 unreadable; 2 skipped (above)"]
    as_json = runner.invoke(app, ["validate", str(folder), "--json"])
    assert len(json.loads(as_json.stdout)) == 2  # the JSON stays one entry per file
    assert f"shipyard: skipped {folder / 'raider.json'}" in as_json.stderr


def test_validate_says_what_is_left_of_the_budget() -> None:
    assert shipyard("validate", "sample:lancer", "--budget", "217") == \
        "sample:lancer: legal (215 points, 2 left of 217, size class I)\n"
    over = runner.invoke(app, ["validate", "sample:lancer", "--budget", "200"])
    assert over.exit_code == 1
    assert over.stdout.startswith("sample:lancer: illegal (215 points, 15 over 200, ")
    assert shipyard("validate", "sample:hawk") == \
        "sample:hawk: legal (24 points, 6 left of 30, two-man fighter)\n"  # rules 4: 30
    assert shipyard("validate", "sample:hammer") == \
        ("sample:hammer: legal (378 points, size class II)\n"
        "  warning systems.fuel_tank: a ramscoop with no fuel tank can never start moving "
        "from rest nor brake: in a duel starting at rest it never moves (R20)\n")  # no budget


FLEETS = sorted(str(path) for path in (catalog_root()).glob("*/fleets/*.fleet.json"))


@pytest.mark.parametrize("source", [*(f"sample:{p.name.removesuffix('.ship.json')}"
                                      for p in sample_paths()), *FLEETS])
def test_text_exports_fit_100_columns(source: str) -> None:
    text = shipyard("export", source, "-f", "text", "--draft")
    widest = max(text.splitlines(), key=len)
    assert len(widest) <= 100, widest


def test_a_paragraph_cut_to_fit_runs_on_and_keeps_its_words() -> None:
    letter = shipyard("export", "sample:valkyrie", "-f", "md", "--paper", "letter")
    assert max(len(line) for line in letter.splitlines()) <= 100
    words = " ".join(letter.split())
    # The rules in brief, wrapped to their column, keep every word of their sentences.
    assert ("A 60-degree turn costs 1/4 of the speed (at least 1), one hexside at a time, "
            "with that many straight hexes before and after it." in words)
    assert ("For each hit roll D20 + survivability for the first box (above the top box: "
            "the top box)." in words)


def test_each_served_tab_starts_the_designer_with_the_same_game_and_scenario() -> None:
    argv = designer_argv(None, None, None, "tacship", True)
    assert argv[1:] == ["-m", "shipyard", "design", "--ruleset", "tacship",
                        "--allow-hyper-bombs"]  # a new fighter, in no file yet
    assert designer_argv("new.ship.json", 30, None, "tacship")[-4:] == [
        "--ruleset", "tacship", "--", "new.ship.json"]


def test_the_designer_sheet_says_house_on_a_line_a_house_catalog_changed(house: Path) -> None:
    evaluation = evaluate(read_design(resolve("sample:lancer")), catalog_root=str(house))
    lines = {line.split()[0] + " " + line.split()[1]: line
             for line in sheet_view(evaluation, None, 60).plain.splitlines()
             if len(line.split()) > 2}
    assert lines["Screen generator"].rstrip().endswith(" 75  house")
    assert lines["Fuel tank"].rstrip().endswith(" 6  1.2")
