"""One recovery file a session: no designer's unsaved work ever replaces another's.

Two designers on one file (two terminals, two tabs of `shipyard serve`) each
keep their own recovery file; the next launch offers every one left behind,
newest first, with its time and a line on what it holds; a session still at
work is not offered (it holds a lock the system lets go of however the process
ends, kill -9 included); the offer never touches the files it offers until the
player answers, and Escape keeps them all.
"""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

from textual.pilot import Pilot

from shipyard.services.editing import bump
from shipyard.services.session import Session, open_session
from shipyard.tui.app import ShipyardApp
from shipyard.tui.screens.dialogs import ConfirmDialog, ListDialog
from tests.tui_flows import burst, copy_of, designer, drive


def left_work(file: Path, state: Path, capacitors: int, at: float) -> Session:
    """A designer on `file` that added capacitors, autosaved (at the time `at`) and
    stopped without saving."""
    session = open_session(file, recovery_dir=state)
    session.workbench.apply(bump("systems.capacitor", capacitors))
    session.autosave()
    record = json.loads(session.recovery_file().read_text())
    record["saved_at"] = at
    session.recovery_file().write_text(json.dumps(record))
    session.end()
    return session


def test_two_sessions_on_one_file_keep_two_recovery_files(tmp_path: Path) -> None:
    file = copy_of(tmp_path, "pentagon-war", "lancer")
    state = tmp_path / "state"
    first, second = open_session(file, recovery_dir=state), open_session(file, recovery_dir=state)
    first.workbench.apply(bump("systems.capacitor", 1))
    second.workbench.apply(bump("systems.screen", 1))
    for session in (first, second, first, second):  # each autosaves after every edit
        session.autosave()
    assert first.recovery_file() != second.recovery_file()
    assert first.pending_recoveries() == [] == second.pending_recoveries()  # both at work
    first.end()
    [found] = second.pending_recoveries()  # the first stopped: its work is offered
    assert found.design == first.design and found.source == first.recovery_file()
    assert second.recovery_file().exists()


def test_the_next_launch_offers_each_newest_first(tmp_path: Path) -> None:
    # Lancer has 6 capacitors (7 points each): 215 points. One session left 7 (222),
    # a later one 9 (236).
    file = copy_of(tmp_path, "pentagon-war", "lancer")
    state = tmp_path / "state"
    older = left_work(file, state, 1, time.time() - 3600)
    newer = left_work(file, state, 3, time.time() - 60)

    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        dialog = app.screen
        assert isinstance(dialog, ListDialog)
        lines = dialog.lines
        assert len(lines) == 3 and lines[2] == "Discard all 2"
        assert "Lancer, 236 points, 1 change (systems.capacitor)" in lines[0]
        assert "Lancer, 222 points, 1 change (systems.capacitor)" in lines[1]
        assert lines[0][:16] > lines[1][:16]  # newest first, each with its time
        assert older.recovery_file().exists() and newer.recovery_file().exists()
        await burst(app, pilot, "down", "enter")  # the older one
        assert app.session.design.systems.capacitor == 7 and app.session.workbench.changed
        assert not older.recovery_file().exists()  # taken up: kept in this session's own
        assert app.session.recovery_file().exists()
        assert newer.recovery_file().exists()  # the other is kept, and the player told
        assert any("1 other unsaved version" in n.message for n in app._notifications)
        await burst(app, pilot, "ctrl+z")
        assert app.session.design.systems.capacitor == 6
    drive(designer(tmp_path, file), flow)


def test_escape_keeps_them_all_and_discard_removes_them(tmp_path: Path) -> None:
    file = copy_of(tmp_path, "pentagon-war", "lancer")
    state = tmp_path / "state"
    left = [left_work(file, state, count, time.time() - count) for count in (1, 2)]

    async def escape(app: ShipyardApp, pilot: Pilot[None]) -> None:
        assert isinstance(app.screen, ListDialog)
        await burst(app, pilot, "escape")
        assert all(session.recovery_file().exists() for session in left)

    async def discard(app: ShipyardApp, pilot: Pilot[None]) -> None:
        assert isinstance(app.screen, ListDialog)
        await burst(app, pilot, "end", "enter")
        assert not any(session.recovery_file().exists() for session in left)
    drive(designer(tmp_path, file), escape)
    drive(designer(tmp_path, file), discard)


def test_the_offer_leaves_the_work_offered_alone_until_answered(tmp_path: Path) -> None:
    # The old single recovery file was removed by the new launch's own first autosave (it
    # had nothing unsaved) while its offer was still open: closed then, the work was gone.
    file = copy_of(tmp_path, "pentagon-war", "lancer")
    state = tmp_path / "state"
    before = left_work(file, state, 2, time.time() - 60)

    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        assert isinstance(app.screen, ConfirmDialog)
        assert "Lancer, 229 points, 1 change (systems.capacitor)" in app.screen.question
        app.autosave()  # what each edit or the first screen does
        await pilot.pause()
        assert before.recovery_file().exists()
    drive(designer(tmp_path, file), flow)  # closed with the question open
    assert before.recovery_file().exists()
    assert open_session(file, recovery_dir=state).pending_recovery() is not None


HOLDER = """
import sys, time
from pathlib import Path
from shipyard.services.editing import bump
from shipyard.services.session import open_session
session = open_session(Path(sys.argv[1]), recovery_dir=Path(sys.argv[2]))
session.workbench.apply(bump("systems.capacitor", 1))
session.autosave()
print(session.recovery_file(), flush=True)
time.sleep(120)
"""


def test_a_designer_at_work_is_not_offered_until_it_is_killed(tmp_path: Path) -> None:
    file = copy_of(tmp_path, "pentagon-war", "lancer")
    state = tmp_path / "state"
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(file), str(state)],
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None
        kept = Path(holder.stdout.readline().strip())
        assert kept.exists()
        assert open_session(file, recovery_dir=state).pending_recoveries() == []
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait(timeout=30)
    [found] = open_session(file, recovery_dir=state).pending_recoveries()
    assert found.source == kept and found.design.systems.capacitor == 7  # type: ignore[attr-defined]
