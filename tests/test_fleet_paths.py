"""Fleets name their designs relative to the fleet file when beside or below it (README),
by an absolute path only when the design is elsewhere, and a fleet saved to another
folder names them anew from there (it used to refuse: "no such file")."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Input
from typer.testing import CliRunner

from shipyard.cli import app as cli
from shipyard.core.catalog_files import catalog_root
from shipyard.services.fleet_paths import design_reference, rebased
from shipyard.services.fleet_session import add_ship, new_fleet_session
from shipyard.tui.app import ShipyardApp
from shipyard.tui.screens.dialogs import TextDialog
from shipyard.tui.screens.fleet import FleetScreen
from tests.tui_flows import burst, designer, drive


def designs(tmp_path: Path) -> Path:
    folder = tmp_path / "designs"
    folder.mkdir()
    for name in ("lancer", "shade"):
        shutil.copy(catalog_root() / "pentagon-war" / "designs" / f"{name}.ship.json", folder)
    return folder


def references(fleet: Path) -> list[str]:
    return [ship["design"] for ship in json.loads(fleet.read_text())["ships"]]


def test_a_design_is_named_from_the_fleets_folder(tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.chdir(tmp_path)
    folder = designs(tmp_path)
    assert design_reference("designs/lancer.ship.json", tmp_path) == "designs/lancer.ship.json"
    assert design_reference(str(folder / "shade.ship.json"), folder) == "shade.ship.json"
    elsewhere = design_reference("designs/lancer.ship.json", tmp_path / "fleets")
    assert elsewhere == str((folder / "lancer.ship.json").resolve())
    assert design_reference("sample:hive", tmp_path) == "sample:hive"
    data = {"ships": [{"design": "designs/lancer.ship.json"}, {"design": "sample:hive"},
                      {"design": {"schema": "shipyard.design/1", "name": "inline"}}]}
    down = rebased(data, tmp_path, folder)
    assert [s["design"] for s in down["ships"][:2]] == ["lancer.ship.json", "sample:hive"]
    assert down["ships"][2] == data["ships"][2]
    assert rebased(down, folder, tmp_path)["ships"][0]["design"] == "designs/lancer.ship.json"


def test_a_new_fleet_saved_in_another_folder_keeps_its_designs(tmp_path: Path,
                                                                monkeypatch: Any) -> None:
    monkeypatch.chdir(tmp_path)
    designs(tmp_path)
    fleet = new_fleet_session("pentagon-war", tmp_path / "state")
    fleet.apply(add_ship(design_reference("designs/lancer.ship.json", fleet.folder)))
    (tmp_path / "fleets").mkdir()
    fleet.save(Path("fleets/home.fleet.json"))  # used to refuse: designs/... no such file
    assert references(tmp_path / "fleets" / "home.fleet.json") == [
        str((tmp_path / "designs" / "lancer.ship.json").resolve())]  # elsewhere: absolute
    fleet.save(Path("designs/home.fleet.json"))  # beside it: relative again
    assert references(tmp_path / "designs" / "home.fleet.json") == ["lancer.ship.json"]
    fleet.undo()  # the history names the designs from the new folder too
    assert fleet.data["ships"] == []
    fleet.redo()
    assert fleet.data["ships"][0]["design"] == "lancer.ship.json"
    result = CliRunner().invoke(cli, ["fleet", "designs/home.fleet.json"])
    assert result.exit_code == 0, result.output


def test_the_fleet_screen_saves_a_design_below_the_fleet_by_a_relative_path(
        tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.chdir(tmp_path)
    designs(tmp_path)

    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        await burst(app, pilot, "f8", "d", "ctrl+s")  # this design, by its file; save as
        assert isinstance(app.screen, TextDialog)
        app.screen.query_one("#text", Input).value = "home"
        await burst(app, pilot, "enter")
        assert isinstance(app.screen, FleetScreen)
        assert references(tmp_path / "home.fleet.json") == ["designs/lancer.ship.json"]
    drive(designer(tmp_path, Path("designs/lancer.ship.json")), flow)
