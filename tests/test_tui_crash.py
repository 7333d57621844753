"""The crash guard: an unexpected error keeps the work, says so in one line, exits 3.

The designer runs headless through `shipyard.tui.run` (as `shipyard design`
runs it), edits are made with keys, then a fault planted in a screen goes off.
The next launch on the same file offers the edits back.
"""

from __future__ import annotations

import asyncio
import importlib.util
import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from shipyard.core.catalog_files import catalog_root
from shipyard.rulesets.pentagon_war.design import read_design
from shipyard.services.session import open_session
from shipyard.tui import run
from shipyard.tui.app import ShipyardApp
from shipyard.tui.guard import EXIT_CRASH, where
from shipyard.tui.screens import preview
from shipyard.tui.screens.dialogs import ConfirmDialog
from shipyard.tui.widgets.editor import Editor


class Planted(RuntimeError):
    """The fault planted in the record-sheet preview."""


def lancer(tmp_path: Path) -> Path:
    target = tmp_path / "lancer.ship.json"
    shutil.copy(catalog_root() / "pentagon-war" / "designs" / "lancer.ship.json", target)
    return target


def boom(*args: Any, **kwargs: Any) -> str:
    raise Planted("the preview could not be drawn")


async def three_more_screens_then_f2(pilot: Pilot[None]) -> None:
    app = pilot.app
    assert isinstance(app, ShipyardApp)
    await pilot.pause()
    field = app.designer.query_one(Editor).field_for("systems.screen")
    assert field is not None
    field.focus()
    await pilot.press("plus", "plus", "plus", "f2")  # 3 -> 6 screens, then the preview
    await pilot.pause()


def test_an_unexpected_error_keeps_the_edits_and_is_one_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    file = lancer(tmp_path)
    state = tmp_path / "state"
    monkeypatch.setattr(preview, "preview_text", boom)
    session = open_session(file, recovery_dir=state)
    with pytest.raises(SystemExit) as stopped:
        run(session, headless=True, size=(120, 40), auto_pilot=three_more_screens_then_f2)
    assert stopped.value.code == EXIT_CRASH == 3
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    recovery = session.recovery_file()
    assert err.startswith("shipyard: the designer stopped on an unexpected error (Planted: "
                          "the preview could not be drawn, at shipyard/")
    assert f"your unsaved work is kept in {recovery}" in err
    assert f"(details: {state / 'crash.log'})" in err
    assert "Planted" in (state / "crash.log").read_text()
    kept = json.loads(recovery.read_text())
    assert kept["design"]["systems"]["screen"] == 6 and kept["title"] == str(file)
    assert read_design(file).systems.screen == 3  # the file itself is untouched

    async def reopen() -> None:  # the next launch offers the edits back
        app = ShipyardApp(open_session(file, recovery_dir=state))
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, ConfirmDialog)
            assert str(file) in app.screen.question
            await pilot.click("#answer-yes")
            await pilot.pause()
            assert app.session.design.systems.screen == 6 and app.session.workbench.changed
    asyncio.run(reopen())


def test_with_nothing_unsaved_the_line_says_so(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(preview, "preview_text", boom)

    async def f2(pilot: Pilot[None]) -> None:
        await pilot.pause()
        await pilot.press("f2")
        await pilot.pause()

    session = open_session(lancer(tmp_path), recovery_dir=tmp_path / "state")
    with pytest.raises(SystemExit) as stopped:
        run(session, headless=True, size=(120, 40), auto_pilot=f2)
    assert stopped.value.code == EXIT_CRASH
    err = capsys.readouterr().err
    assert "there were no unsaved changes" in err and len(err.strip().splitlines()) == 1
    assert not session.recovery_file().exists()


def test_an_error_outside_the_screens_is_caught_too(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    def broken_start(self: ShipyardApp, **options: Any) -> None:
        raise OSError("the terminal went away")

    monkeypatch.setattr(ShipyardApp, "run", broken_start)
    session = open_session(lancer(tmp_path), recovery_dir=tmp_path / "state")
    with pytest.raises(SystemExit) as stopped:
        run(session)
    assert stopped.value.code == EXIT_CRASH
    err = capsys.readouterr().err
    assert "(OSError: the terminal went away, at shipyard/tui/__init__.py:" in err
    assert len(err.strip().splitlines()) == 1


def test_the_place_is_found_by_module_even_in_a_folder_named_shipyard(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    # `git clone` names the folder `shipyard`: its tests then lie under `.../shipyard/tests/`,
    # and a fault raised in a test's own code must not be taken for Shipyard's.
    planted = tmp_path / "shipyard" / "tests" / "planted_start.py"
    planted.parent.mkdir(parents=True)
    planted.write_text("def broken_start(self, **options):\n"
                       "    raise OSError('the terminal went away')\n")
    spec = importlib.util.spec_from_file_location("planted_start", planted)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    monkeypatch.setattr(ShipyardApp, "run", module.broken_start)
    session = open_session(lancer(tmp_path), recovery_dir=tmp_path / "state")
    with pytest.raises(SystemExit) as stopped:
        run(session)
    assert stopped.value.code == EXIT_CRASH
    err = capsys.readouterr().err
    assert "(OSError: the terminal went away, at shipyard/tui/__init__.py:" in err
    assert "planted_start" not in err


def test_an_error_in_no_shipyard_code_names_its_own_file() -> None:
    try:
        exec(compile("raise KeyError('x')", "/elsewhere/shipyard/plugin.py", "exec"), {})
    except KeyError as error:
        assert where(error) == "/elsewhere/shipyard/plugin.py:1"


def test_a_clean_quit_exits_0_and_leaves_no_recovery(tmp_path: Path) -> None:
    async def edit_save_quit(pilot: Pilot[None]) -> None:
        app = pilot.app
        assert isinstance(app, ShipyardApp)
        await pilot.pause()
        field = app.designer.query_one(Editor).field_for("systems.screen")
        assert field is not None
        field.focus()
        await pilot.press("plus", "ctrl+s", "plus", "ctrl+z", "ctrl+q")
        await pilot.pause()

    file = lancer(tmp_path)
    session = open_session(file, recovery_dir=tmp_path / "state")
    run(session, headless=True, size=(120, 40), auto_pilot=edit_save_quit)  # no SystemExit
    assert read_design(file).systems.screen == 4
    assert not session.recovery_file().exists()
