"""A file saved elsewhere (another tab, terminal or program) is never written over unasked.

The designer knows what its file held when it read or wrote it (by content, not
by time): a save over a file changed on disk since asks first, showing in one
line what differs (overwrite, save as, or reload); the file is also looked at now
and then, so that a designer with nothing unsaved shows the file as it now is,
and one with unsaved work says the file changed. The same for fleet files.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Input

from shipyard.core.catalog_files import catalog_root
from shipyard.services.fleet_session import FLEET_STATE, open_fleet_session
from shipyard.services.on_disk import look, summary
from shipyard.services.registry import read_design
from shipyard.services.session import open_session
from shipyard.tui.app import ShipyardApp
from shipyard.tui.file_watch import WATCH
from shipyard.tui.screens.designer import DesignerScreen
from shipyard.tui.screens.dialogs import ChoiceDialog, TextDialog
from shipyard.tui.screens.fleet import FleetScreen
from tests.tui_flows import burst, copy_of, designer, drive, focus


def written_elsewhere(file: Path, **systems: int) -> None:
    """Another program saves the design with other systems (and keeps the rest)."""
    data = json.loads(file.read_text())
    data["systems"].update(systems)
    file.write_text(json.dumps(data))


async def look_now(app: ShipyardApp, pilot: Pilot[None]) -> None:
    """The designer's look at its file, now rather than at the next tick. The tick may
    start a look of its own meanwhile (the group is exclusive: it cancels this one), so
    every look running is waited for, until none is left."""
    app.look_at_file()
    while running := [w for w in app.workers if w.group == WATCH and not w.is_finished]:
        await app.workers.wait_for_complete(running)
    await pilot.pause()
    await pilot.pause()


def test_a_file_is_changed_by_its_content_not_its_time(tmp_path: Path) -> None:
    file = copy_of(tmp_path, "pentagon-war", "lancer")
    session = open_session(file, recovery_dir=tmp_path / "state")
    os.utime(file, (1, 1))  # touched: the same bytes, another time
    assert session.look_on_disk() is None
    stat = file.stat()
    written_elsewhere(file, capacitor=8)  # rewritten, then its time put back as it was
    os.utime(file, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    change = session.look_on_disk()
    assert change is not None and change.data is not None and not change.removed
    file.write_text("{")
    broken = session.look_on_disk()
    assert broken is not None and broken.data is None and "not valid JSON" in str(broken.problem)
    file.unlink()
    gone = session.look_on_disk()
    assert gone is not None and gone.removed
    assert look(tmp_path / "new.ship.json", None) is None  # no file, none known


def test_what_differs_fits_one_line() -> None:
    here = {"name": "Lancer", "systems": {"capacitor": 6, "screen": 3},
            "weapons": [{"type": "laser", "arcs": ["LF", "RF"]}]}
    there = {"name": "Lancer II", "systems": {"capacitor": 8, "screen": 3},
             "weapons": [{"type": "laser", "arcs": ["LF"]}], "armor": {"2": 1}}
    assert summary(here, there) == ("name 'Lancer II' (here 'Lancer'), systems.capacitor 8 "
                                    "(here 6), weapons[0].arcs [LF] (here [LF, RF]) and 1 more")
    assert summary(here, here) == ""


def test_a_save_over_a_file_changed_elsewhere_asks_and_enter_keeps_it(tmp_path: Path) -> None:
    # Lancer: 6 capacitors at 7 points each. Here one more screen (+23); elsewhere 8
    # capacitors (+14): 215 + 14 = 229 on disk.
    file = copy_of(tmp_path, "pentagon-war", "lancer")

    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        await focus(app, pilot, "systems.screen")
        await burst(app, pilot, "plus")
        written_elsewhere(file, capacitor=8)
        elsewhere = file.read_bytes()
        await burst(app, pilot, "ctrl+s")
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog) and dialog.title_text == "Changed on disk"
        assert "On disk: 229 points (here 238); systems.screen 3 (here 4), " \
               "systems.capacitor 8 (here 6)." in dialog.question
        await burst(app, pilot, "enter")  # Cancel: the file stays as saved elsewhere
        assert file.read_bytes() == elsewhere and app.session.workbench.changed
        await burst(app, pilot, "ctrl+s")
        await pilot.click("#answer-overwrite")
        await pilot.pause()
        assert read_design(file).systems.screen == 4 == app.session.design.systems.screen
        assert read_design(file).systems.capacitor == 6
        assert not app.session.workbench.changed
        await burst(app, pilot, "plus", "ctrl+s")  # saved here last: no question now
        assert isinstance(app.screen, DesignerScreen) and read_design(file).systems.screen == 5
    drive(designer(tmp_path, file), flow)


def test_reload_takes_the_file_and_undo_brings_the_work_back(tmp_path: Path) -> None:
    file = copy_of(tmp_path, "pentagon-war", "lancer")

    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        await focus(app, pilot, "systems.screen")
        await burst(app, pilot, "plus")
        written_elsewhere(file, capacitor=8)
        await burst(app, pilot, "ctrl+s")
        await pilot.click("#answer-reload")
        await pilot.pause()
        design = app.session.design
        assert (design.systems.capacitor, design.systems.screen) == (8, 3)
        assert not app.session.workbench.changed
        assert not app.designer.sub_title.endswith("●")
        await burst(app, pilot, "ctrl+z")
        assert app.session.design.systems.screen == 4 and app.session.workbench.changed
    drive(designer(tmp_path, file), flow)


def test_save_as_from_the_question_keeps_both(tmp_path: Path) -> None:
    file = copy_of(tmp_path, "pentagon-war", "lancer")

    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        await focus(app, pilot, "systems.screen")
        await burst(app, pilot, "plus")
        written_elsewhere(file, capacitor=8)
        await burst(app, pilot, "ctrl+s")
        await pilot.click("#answer-save_as")
        await pilot.pause()
        assert isinstance(app.screen, TextDialog)
        app.screen.query_one("#text", Input).value = str(tmp_path / "mine")
        await burst(app, pilot, "enter")
        assert read_design(tmp_path / "mine.ship.json").systems.screen == 4
        assert read_design(file).systems.capacitor == 8
    drive(designer(tmp_path, file), flow)


def test_the_watch_reloads_a_file_with_nothing_unsaved_here(tmp_path: Path) -> None:
    # Another tab saved the file; this one had nothing unsaved: it shows the file as saved
    # there at once (it used to go on showing the old design as saved).
    file = copy_of(tmp_path, "pentagon-war", "lancer")

    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        written_elsewhere(file, capacitor=8)
        await look_now(app, pilot)
        assert app.session.design.systems.capacitor == 8
        assert not app.session.workbench.changed
        sheet = app.designer.query_one("#sheet").shown.plain  # type: ignore[attr-defined]
        assert "Total 229 points" in sheet
        assert any("reloaded" in n.message for n in app._notifications)
    drive(designer(tmp_path, file), flow)


def test_the_watch_marks_a_file_changed_under_unsaved_work(tmp_path: Path) -> None:
    file = copy_of(tmp_path, "pentagon-war", "lancer")

    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        await focus(app, pilot, "systems.screen")
        await burst(app, pilot, "plus")
        written_elsewhere(file, capacitor=8)
        await look_now(app, pilot)
        assert app.session.design.systems.screen == 4  # the work here is kept
        assert app.designer.sub_title.endswith("● (changed on disk)")
        assert any("Ctrl+S asks before writing over" in n.message
                   for n in app._notifications)
        await burst(app, pilot, "ctrl+s")
        assert isinstance(app.screen, ChoiceDialog)
    drive(designer(tmp_path, file), flow)


def test_a_fleet_saved_elsewhere_is_not_written_over_unasked(tmp_path: Path) -> None:
    fleet_file = tmp_path / "fleets" / "home.fleet.json"  # its designs: ../designs/NAME
    shutil.copytree(catalog_root() / "pentagon-war" / "designs", tmp_path / "designs")
    fleet_file.parent.mkdir()
    shutil.copy(catalog_root() / "pentagon-war" / "fleets" / "home-guard.fleet.json",
                fleet_file)

    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        setattr(app, FLEET_STATE, open_fleet_session(fleet_file, tmp_path / "state"))
        await burst(app, pilot, "f8")
        assert isinstance(app.screen, FleetScreen)
        await burst(app, pilot, "plus")  # one more ship of the first entry
        data = json.loads(fleet_file.read_text())
        data["name"] = "Home Guard II"
        fleet_file.write_text(json.dumps(data))
        elsewhere = fleet_file.read_bytes()
        await burst(app, pilot, "ctrl+s")
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog) and dialog.title_text == "Changed on disk"
        assert "name 'Home Guard II' (here 'Home Guard')" in dialog.question
        await burst(app, pilot, "enter")
        assert fleet_file.read_bytes() == elsewhere
    drive(designer(tmp_path, "sample:lancer"), flow)
