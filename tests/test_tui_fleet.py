"""The designer's fleet screen, driven with Pilot: build, total, save, reopen, issues, recovery.

The figures are worked by hand from the samples' sheets (lancer 215, starter
127): three lancers and a starter cost 3 x 215 + 127 = 772 points, 28 left
of an 800-point budget. The tests are sync: each drives the app inside
`asyncio.run`.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import DataTable, Input, OptionList, Static

from shipyard.render.fleet_pack import render_pack, ship_documents
from shipyard.services.fleet import judge, read_fleet
from shipyard.services.fleet_paths import design_reference
from shipyard.services.fleet_session import (
    FLEET_STATE,
    FleetSession,
    add_ship,
    entry_of,
    new_fleet_session,
    set_count,
    set_names,
)
from shipyard.services.samples import sample_name, sample_paths
from shipyard.services.session import open_session
from shipyard.tui.app import ShipyardApp
from shipyard.tui.screens.dialogs import ConfirmDialog, TextDialog
from shipyard.tui.screens.fleet import FleetScreen
from shipyard.tui.screens.fleet_add import AddDesignDialog
from shipyard.tui.screens.fleet_export import FleetExportDialog
from shipyard.tui.widgets.issues import IssuesPanel

SIZE = (120, 40)


def drive(app: ShipyardApp, steps: Callable[[Pilot[Any]], Awaitable[None]],
          size: tuple[int, int] = SIZE) -> None:
    async def run() -> None:
        async with app.run_test(size=size) as pilot:
            await steps(pilot)

    asyncio.run(run())


def designer(tmp_path: Path, file: str | None = None) -> ShipyardApp:
    return ShipyardApp(open_session(None if file is None else Path(file), recovery_dir=tmp_path))


async def open_fleet(pilot: Pilot[Any]) -> FleetScreen:
    await pilot.press("f8")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, FleetScreen)
    return screen


async def add_sample(pilot: Pilot[Any], name: str) -> None:
    await pilot.press("a")
    await pilot.pause()
    dialog = pilot.app.screen
    assert isinstance(dialog, AddDesignDialog)
    names = [sample_name(p) for p in sample_paths(dialog.ruleset)]
    dialog.query_one("#picker-samples", OptionList).highlighted = names.index(name)
    await pilot.press("enter")
    await pilot.pause()


async def answer(pilot: Pilot[Any], text: str) -> None:
    """Type `text` into the text dialog on top and accept it."""
    dialog = pilot.app.screen
    assert isinstance(dialog, TextDialog)
    dialog.query_one("#text", Input).value = text
    await pilot.press("enter")
    await pilot.pause()


def summary(screen: FleetScreen) -> str:
    return str(screen.query_one("#fleet-summary", Static).render())


async def build_772(pilot: Pilot[Any]) -> FleetScreen:
    """Three lancers and a starter, against a budget of 800 points."""
    screen = await open_fleet(pilot)
    await add_sample(pilot, "lancer")
    await pilot.press("plus", "plus")
    await add_sample(pilot, "starter")
    await pilot.press("ctrl+b")
    await pilot.pause()
    await answer(pilot, "800")
    return screen


def test_a_fleet_of_two_samples_totals_as_worked_by_hand(tmp_path: Path) -> None:
    async def steps(pilot: Pilot[Any]) -> None:
        screen = await build_772(pilot)
        report = screen.fleet.report
        assert [(e.reference, e.count) for e in report.fleet.entries] == [
            ("sample:lancer", 3), ("sample:starter", 1)]
        assert (report.total, report.budget, report.left) == (772, 800, 28)
        assert "Total 772 of 800 points, 28 left" in summary(screen)
        assert report.legal and not report.issues
        roster = screen.query_one("#fleet-roster", DataTable)
        assert [str(c) for c in roster.get_row_at(0)[1:5]] == ["Lancer", "3", "215", "645"]
        assert [str(c) for c in roster.get_row_at(1)[1:5]] == ["Starter", "1", "127", "127"]
        # Undo takes back the budget, redo brings it again.
        await pilot.press("ctrl+z")
        assert screen.fleet.report.budget is None
        await pilot.press("ctrl+y")
        assert screen.fleet.report.left == 28

    drive(designer(tmp_path), steps)


def test_save_and_reopen_gives_the_same_json(tmp_path: Path) -> None:
    target = tmp_path / "home.fleet.json"

    async def steps(pilot: Pilot[Any]) -> None:
        screen = await build_772(pilot)
        await pilot.press("up", "n")  # the lancers' names
        await pilot.pause()
        await answer(pilot, "Ajax, Hector, Paris")
        await pilot.press("ctrl+s")  # a new fleet: save asks where
        await pilot.pause()
        await answer(pilot, str(tmp_path / "home"))
        assert screen.fleet.path == target and not screen.fleet.changed
        saved = json.loads(target.read_text(encoding="utf-8"))
        assert saved == screen.fleet.data
        assert saved["ships"][0]["names"] == ["Ajax", "Hector", "Paris"]
        assert not list((tmp_path / "recovery").glob("fleet-*.json"))  # saved: no recovery
        # The CLI's reader judges the file the same way.
        report = judge(read_fleet(target))
        assert (report.total, report.left) == (772, 28)
        assert [s.name for s in report.ships] == ["Ajax", "Hector", "Paris", "Starter"]
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert screen.fleet.report.total == 0
        await pilot.press("ctrl+o")
        await pilot.pause()
        await answer(pilot, str(target))
        assert screen.fleet.data == saved and screen.fleet.path == target
        assert screen.fleet.report.total == 772
        before = target.read_bytes()
        screen.fleet.save()
        assert target.read_bytes() == before

    drive(designer(tmp_path), steps)


def test_over_budget_and_enter_goes_to_the_entry(tmp_path: Path) -> None:
    async def steps(pilot: Pilot[Any]) -> None:
        # The lancer with one armor box too many on side 4: an illegal design.
        pilot.app.designer.go_to("armor.4")
        await pilot.press("plus")
        await pilot.pause()
        assert not pilot.app.session.workbench.evaluation.legal
        screen = await build_772(pilot)
        await pilot.press("d")  # the design being edited, inline
        await pilot.pause()
        report = screen.fleet.report
        assert report.fleet.entries[2].reference == "inline"
        assert report.total > 800 and report.left is not None and report.left < 0
        codes = [issue.code for issue in report.issues]
        assert "over-budget" in codes
        over = next(i for i in report.issues if i.code == "over-budget")
        assert over.message == (f"the fleet costs {report.total} points, "
                                f"{report.total - 800} over its budget of 800")
        assert f"{report.total - 800} over" in summary(screen)
        roster = screen.query_one("#fleet-roster", DataTable)
        await pilot.press("up")
        assert roster.cursor_row == 1
        # Enter on the design's own error goes to its entry (the third).
        panel = screen.query_one(IssuesPanel)
        await pilot.press("f6")
        assert panel.issues is not None
        entry_issue = next(i for i, issue in enumerate(panel.issues)
                           if entry_of(issue.path) == 2)
        panel.highlighted = entry_issue
        await pilot.press("enter")
        await pilot.pause()
        assert roster.has_focus and roster.cursor_row == 2
        # Enter on the over-budget issue goes to the dearest entry (3 lancers, 645 points).
        await pilot.press("f6")
        panel.highlighted = next(i for i, issue in enumerate(panel.issues)
                                 if issue.code == "over-budget")
        await pilot.press("enter")
        await pilot.pause()
        assert roster.has_focus and roster.cursor_row == 0
        # An illegal fleet exports only as a ticked draft.
        await pilot.press("ctrl+e")
        await pilot.pause()
        assert isinstance(pilot.app.screen, FleetExportDialog)
        await pilot.press("escape")

    drive(designer(tmp_path, "sample:lancer"), steps)


def test_every_edit_is_autosaved_and_offered_back(tmp_path: Path) -> None:
    async def first(pilot: Pilot[Any]) -> None:
        await build_772(pilot)

    drive(designer(tmp_path), first)  # closed without saving
    assert list((tmp_path / "recovery").glob("fleet-*.json"))

    async def second(pilot: Pilot[Any]) -> None:
        await pilot.press("f8")
        await pilot.pause()
        screen = pilot.app.screen_stack[-2]
        assert isinstance(screen, FleetScreen)
        dialog = pilot.app.screen
        assert isinstance(dialog, ConfirmDialog)
        await pilot.click("#answer-yes")
        await pilot.pause()
        assert screen.fleet.report.total == 772 and screen.fleet.changed
        await pilot.press("ctrl+z")  # undo returns to the empty fleet
        assert screen.fleet.report.total == 0

    drive(designer(tmp_path), second)


def test_the_fleet_stays_for_the_session(tmp_path: Path) -> None:
    async def steps(pilot: Pilot[Any]) -> None:
        await build_772(pilot)
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(pilot.app.screen, FleetScreen)
        screen = await open_fleet(pilot)
        assert screen.fleet.report.total == 772
        assert isinstance(getattr(pilot.app, FLEET_STATE), FleetSession)

    drive(designer(tmp_path), steps)


def test_export_writes_the_fleet_pack(tmp_path: Path) -> None:
    target = tmp_path / "pack.md"

    async def steps(pilot: Pilot[Any]) -> None:
        screen = await build_772(pilot)
        await pilot.press("ctrl+e")
        await pilot.pause()
        dialog = pilot.app.screen
        assert isinstance(dialog, FleetExportDialog)
        await pilot.click("#format-md")
        dialog.query_one("#path", Input).value = str(target)
        dialog.query_one("#path", Input).focus()
        await pilot.press("enter")
        await pilot.pause()
        report = screen.fleet.report
        expected = render_pack(report, ship_documents(report), "md", "a4",
                               report.fleet.ruleset.sheets)
        assert target.read_bytes() == expected

    drive(designer(tmp_path), steps)


def test_the_session_helpers(tmp_path: Path) -> None:
    session = new_fleet_session("pentagon-war", tmp_path, budget=800)
    session.apply(add_ship("sample:lancer"))
    session.apply(set_count(0, 3))
    session.apply(set_names(0, ["A", "B"]))
    assert session.data["ships"][0] == {"design": "sample:lancer", "count": 2,
                                        "names": ["A", "B"]}
    session.apply(set_count(0, 3))
    assert session.data["ships"][0]["names"] == ["A", "B", "B 3"]
    assert entry_of("ships[12].design: armor.4") == 12 and entry_of("budget") is None
    assert design_reference("sample:hive", tmp_path) == "sample:hive"
    assert design_reference(str(tmp_path / "a" / "x.ship.json"), tmp_path) == "a/x.ship.json"


def test_quitting_with_an_unsaved_fleet_asks_first(tmp_path: Path) -> None:
    from shipyard.tui.screens.dialogs import ChoiceDialog

    async def steps(pilot: Pilot[Any]) -> None:
        await build_772(pilot)
        await pilot.press("escape")  # back to the designer, the fleet still unsaved
        await pilot.pause()
        await pilot.press("ctrl+q")
        await pilot.pause()
        dialog = pilot.app.screen
        assert isinstance(dialog, ChoiceDialog)
        assert dialog.title_text == "Unsaved fleet"
        assert [key for key, _ in dialog.answers] == ["keep", "discard", "cancel"]  # no file yet
        await pilot.press("escape")  # Cancel: stay
        await pilot.pause()
        assert pilot.app.is_running
        fleet = getattr(pilot.app, FLEET_STATE)
        assert fleet.changed  # nothing was lost or saved
    drive(designer(tmp_path), steps)


def test_quitting_and_discarding_the_fleet_leaves_no_recovery(tmp_path: Path) -> None:
    async def steps(pilot: Pilot[Any]) -> None:
        await build_772(pilot)
        await pilot.press("escape")
        await pilot.pause()
        assert list((tmp_path / "recovery").glob("fleet-*.json"))  # every edit was kept
        await pilot.press("ctrl+q")
        await pilot.pause()
        dialog = pilot.app.screen
        dialog.dismiss("discard")  # type: ignore[arg-type]
        await pilot.pause()
    drive(designer(tmp_path), steps)
    assert not list((tmp_path / "recovery").glob("fleet-*.json"))
