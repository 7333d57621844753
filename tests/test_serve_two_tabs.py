"""Two browser tabs of `shipyard serve` on one file: neither writes over the other unasked,
and Ctrl+C on the server keeps the unsaved work of both (`pytest -m browser`).

The tabs are played in Chromium as in `tests/test_serve_browser.py` (whose tab and
browser it uses). One tab saves; the other, with nothing unsaved, shows the file as
saved there; with unsaved work, it is asked before its save writes over the file.
Then both have unsaved work when the server is stopped: each tab's is in a recovery
file of its own, and the next launch offers both.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from shipyard.core.catalog_files import catalog_root
from shipyard.services.session import open_session
from tests.test_serve_browser import Tab, browser, pytestmark  # noqa: F401

# Lancer (sample:lancer) costs 215 points; its screen generator has 3 boxes, and one more
# is +23 (price list 1.2): 238; two more 261.
LANCER, SCREEN = 215, 23


@pytest.fixture
def served_file(tmp_path: Path) -> Iterator[tuple[str, Path, subprocess.Popen[str]]]:
    """`shipyard serve lancer.ship.json` on a copy of the Lancer in a folder of its own:
    the address, the file and the server (stopped by the test, or at the end)."""
    file = tmp_path / "lancer.ship.json"
    file.write_bytes((catalog_root() / "pentagon-war" / "designs" / file.name).read_bytes())
    env = {**os.environ, "SHIPYARD_STATE_DIR": str(tmp_path / ".state")}
    with (tmp_path / "serve.stderr").open("w") as stderr:
        process = subprocess.Popen([sys.executable, "-m", "shipyard", "serve", file.name,
                                    "--port", "0"], cwd=tmp_path, env=env, text=True,
                                   stdout=subprocess.PIPE, stderr=stderr)
    assert process.stdout is not None
    line = process.stdout.readline()
    try:
        assert line.startswith("Shipyard designer at http://127.0.0.1:"), line
        yield line.split()[3], file, process
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGINT)
            process.wait(timeout=30)


def screens_in(file: Path) -> int:
    return int(json.loads(file.read_text(encoding="utf-8"))["systems"]["screen"])


def saved(tab: Tab, file: Path, screens: int, seconds: float = 20) -> None:
    """Until the file holds `screens` screens (a save from `tab`), or fail."""
    deadline = time.monotonic() + seconds
    while screens_in(file) != screens:
        if time.monotonic() > deadline:
            pytest.fail(f"{file} not saved with {screens} screens:\n{tab.screen()}")
        tab.page.wait_for_timeout(50)


def test_two_tabs_on_one_file(browser: Any,  # noqa: F811
                              served_file: tuple[str, Path, subprocess.Popen[str]]) -> None:
    url, file, server = served_file
    first, second = Tab(browser, url), Tab(browser, url)
    try:
        assert first.total() == LANCER == second.total()
        for tab in (first, second):  # down to Screens
            tab.press("ArrowDown", "ArrowDown", "ArrowDown")
            tab.wait_for(r"one more screen: \+23 points")

        # The first tab saves one more screen; the second, with nothing unsaved, shows
        # the file as saved there (it used to go on showing 215 as saved).
        first.press("+", "Control+s")
        saved(first, file, 4)
        second.wait_for(f"Total {LANCER + SCREEN} points", 30)
        second.wait_for(r"reloaded")

        # Both edit; the first saves again; the second's save asks, and Enter keeps the
        # first's file.
        second.press("+")
        second.wait_for(f"Total {LANCER + 2 * SCREEN} points")
        first.press("-", "Control+s")
        first.wait_for(f"Total {LANCER} points")
        saved(first, file, 3)
        second.wait_for(r"changed on disk", 30)
        second.press("Control+s")
        second.wait_for(r"Changed on disk")
        second.wait_for(r"On disk: 215")  # the line wraps: "points (here 261); ..."
        second.wait_for(r"systems\.screen 3 \(here 5\)")
        second.press("Enter")
        second.wait_for(f"Total {LANCER + 2 * SCREEN} points")
        assert screens_in(file) == 3

        # Unsaved work in both tabs (4 and 5 screens), then Ctrl+C on the server: each
        # tab's work is kept in a recovery file of its own, and the next launch offers both.
        first.press("+")
        first.wait_for(f"Total {LANCER + SCREEN} points")
        server.send_signal(signal.SIGINT)
        server.wait(timeout=30)
        # Each page then says where the work is kept.
        ended = first.page.locator(".closed-dialog .message")
        ended.wait_for(state="visible", timeout=30_000)
        words = ended.inner_text()
        assert words.startswith("Session ended. Unsaved work is kept in a recovery file in ")
        assert str((file.parent / ".state" / "recovery").resolve()) in words
    finally:
        first.close()
        second.close()
    state = file.parent / ".state"
    kept = sorted(screens_in_recovery(path) for path in (state / "recovery").glob("*.json"))
    assert kept == [4, 5]
    offered = open_session(file, recovery_dir=state).pending_recoveries()
    assert sorted(r.design.systems.screen for r in offered) == [4, 5]  # type: ignore[attr-defined]


def screens_in_recovery(path: Path) -> int:
    return int(json.loads(path.read_text(encoding="utf-8"))["design"]["systems"]["screen"])
