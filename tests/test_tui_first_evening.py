"""Starting a design of either game from the command line, Ctrl+N on a design just
started, and renaming a fleet: driven with Pilot as a new player would."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Static

from shipyard.core.errors import DesignReadError
from shipyard.services.session import open_session
from shipyard.tui.app import ShipyardApp
from shipyard.tui.screens.dialogs import ChoiceDialog, TextDialog
from shipyard.tui.screens.fleet import FleetScreen
from tests.tui_flows import burst, drive


def test_a_new_file_of_either_game_from_the_command_line(tmp_path: Path) -> None:
    target = tmp_path / "night-owl.ship.json"
    session = open_session(target, recovery_dir=tmp_path, ruleset="tacship")
    assert session.design.ruleset == "tacship" and session.design.name == "Night Owl"
    assert session.path == target and session.workbench.changed and session.untouched
    assert not target.exists()  # nothing is written until the player saves
    session.save()
    assert json.loads(target.read_text())["ruleset"] == "tacship"
    plain = open_session(tmp_path / "raider.ship.json", recovery_dir=tmp_path)
    assert plain.design.ruleset == "pentagon-war" and plain.design.name == "Raider"
    untitled = open_session(None, recovery_dir=tmp_path, ruleset="tacship")
    assert untitled.design.ruleset == "tacship" and untitled.path is None


def test_ruleset_must_be_the_game_of_a_file_that_exists(tmp_path: Path) -> None:
    with pytest.raises(DesignReadError, match="is a pentagon-war design, not tacship"):
        open_session(Path("sample:hive"), recovery_dir=tmp_path, ruleset="tacship")
    assert open_session(Path("sample:hive"), recovery_dir=tmp_path,
                        ruleset="pentagon-war").design.name == "Hive"


def test_ctrl_n_on_an_untouched_new_file_asks_only_the_game_and_keeps_the_file(
        tmp_path: Path) -> None:
    target = tmp_path / "night-owl.ship.json"

    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        assert app.session.design.ruleset == "pentagon-war"
        await burst(app, pilot, "ctrl+n")
        assert isinstance(app.screen, ChoiceDialog)
        assert "Which game" in app.screen.question  # not "unsaved changes"
        await burst(app, pilot, "right", "enter")  # Tacship
        assert app.session.design.ruleset == "tacship"
        assert app.session.path == target and app.session.design.name == "Night Owl"
        await burst(app, pilot, "ctrl+s")  # saved where the player said, no question
        assert json.loads(target.read_text())["ruleset"] == "tacship"
    drive(ShipyardApp(open_session(target, recovery_dir=tmp_path)), flow)


def test_ctrl_n_after_an_edit_still_asks_about_the_changes(tmp_path: Path) -> None:
    target = tmp_path / "raider.ship.json"

    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        app.designer.go_to("systems.screen")
        await burst(app, pilot, "plus", "ctrl+n")
        assert isinstance(app.screen, ChoiceDialog)
        assert "unsaved changes" in app.screen.question
    drive(ShipyardApp(open_session(target, recovery_dir=tmp_path)), flow)


async def type_answer(app: ShipyardApp, pilot: Pilot[None], text: str) -> None:
    """Replace the text of the dialog on top, and accept it."""
    assert isinstance(app.screen, TextDialog)
    app.screen.query_one("#text", Input).value = text
    await burst(app, pilot, "enter")


def test_a_fleet_is_renamed_on_its_screen_and_in_its_file(tmp_path: Path) -> None:
    fleet = tmp_path / "home.fleet.json"
    fleet.write_text(json.dumps({"schema": "shipyard.fleet/1", "name": "Home Guard",
                                 "ruleset": "pentagon-war", "budget": 2000,
                                 "ships": [{"design": "sample:lancer"}]}))

    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        await burst(app, pilot, "f8")
        screen = app.screen
        assert isinstance(screen, FleetScreen)
        await burst(app, pilot, "ctrl+o")
        await type_answer(app, pilot, str(fleet))
        assert screen.fleet.path == fleet
        await pilot.click("#fleet-rename")
        await pilot.pause()
        assert isinstance(app.screen, TextDialog)
        assert app.screen.query_one("#text", Input).value == "Home Guard"
        await type_answer(app, pilot, "Far Patrol")
        assert "Far Patrol" in str(screen.query_one("#fleet-summary", Static).render())
        await burst(app, pilot, "ctrl+s")
        assert json.loads(fleet.read_text())["name"] == "Far Patrol"
    drive(ShipyardApp(open_session(Path("sample:lancer"), recovery_dir=tmp_path)), flow)
