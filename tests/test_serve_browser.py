"""`shipyard serve` in a real browser: Chromium (Debian's, never a downloaded one) opens
the page and plays the designer with the keyboard (`pytest -m browser` runs these alone).

The page draws the terminal on a canvas; the tests read the screen from the terminal's
own buffer (the page's script is served with its terminal made reachable as
`window.shipyardTerminal`), and look at the page only as a player would.
SHIPYARD_UPDATE_SCREENSHOT=1 writes the README's docs/serve.png from the first test.

Every wait is on what the screen shows, never on time: a key is pressed, then the test
waits for the screen it brings (or for the one it leaves to be gone). The limits are
generous (`PATIENCE`): on a machine kept busy the tests are slower, never flaky
(docs/testing.md says how that is checked).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import textual_serve

CHROMIUM = Path("/usr/bin/chromium")
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason=(
        "the browser tests need Chromium at /usr/bin/chromium: "
        "sudo apt-get install -y chromium")),
]

TERMINAL_JS = Path(textual_serve.__file__).parent / "static" / "js" / "textual.js"
MADE = "this.terminal=new v.Terminal("
SCREEN_JS = """() => { const t = window.shipyardTerminal; if (!t) return "";
  const rows = []; for (let i = 0; i < t.rows; i++) {
    const line = t.buffer.active.getLine(i); rows.push(line ? line.translateToString(true) : "");
  } return rows.join("\\n"); }"""
TOTAL = re.compile(r"Total (\d+) points")
FOCUSED = re.compile(r"│ ▶ (\S+(?: \S+)*)")  # the editor's focused field, by its label
DOCS = Path(__file__).resolve().parents[1] / "docs"

PATIENCE = 120  # seconds a screen may take to come on a busy machine before a test fails
PAGE_MS = PATIENCE * 1000  # the same for Playwright's own waits

# Hive (sample:hive) costs 1095 points (tests/test_samples.py); its screen generator has
# 10 boxes priced 230, so one more screen box is +23 (price list 1.2): 1118.
HIVE, ONE_MORE_SCREEN = 1095, 23


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """`shipyard serve sample:hive` in a folder of its own: the address and the folder."""
    folder = tmp_path_factory.mktemp("served")
    env = {**os.environ, "SHIPYARD_STATE_DIR": str(folder / ".state")}
    # Its warnings go to a file (a pipe nobody reads could fill and stop the server).
    with (folder.parent / f"{folder.name}.stderr").open("w") as stderr:
        process = subprocess.Popen([sys.executable, "-m", "shipyard", "serve",
                                    "sample:hive", "--port", "0"], cwd=folder, env=env,
                                   text=True, stdout=subprocess.PIPE, stderr=stderr)
    assert process.stdout is not None
    line = process.stdout.readline()
    try:
        assert line.startswith("Shipyard designer at http://127.0.0.1:"), line
        yield line.split()[3], folder
    finally:
        process.send_signal(signal.SIGINT)
        process.wait(timeout=30)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True,
                                              args=["--no-sandbox"])
        yield chromium
        chromium.close()


class Tab:
    """One browser tab on the served designer: its screen as text, and keys."""

    def __init__(self, browser: Any, url: str) -> None:
        self.context = browser.new_context(viewport={"width": 1400, "height": 900},
                                           accept_downloads=True)
        self.downloads: list[Any] = []
        self.served: list[tuple[dict[str, str], bytes]] = []  # each download's headers, body
        # A download opens in a new tab: listen on every tab the page opens.
        self.context.on("page", lambda tab: tab.on("download", self._downloaded))
        self.context.route("**/download/**", self._download_served)
        self.page = self.context.new_page()
        script = TERMINAL_JS.read_text(encoding="utf-8")
        assert MADE in script, "textual-serve's page script changed: update MADE"
        reachable = script.replace(MADE, "this.terminal=window.shipyardTerminal=new v.Terminal(")
        self.page.route("**/static/js/textual.js", lambda route: route.fulfill(
            body=reachable, content_type="application/javascript"))
        self.page.route("https://fonts.googleapis.com/**", lambda route: route.abort())
        self.page.goto(url, wait_until="domcontentloaded", timeout=PAGE_MS)
        self.wait_for(TOTAL)  # the designer has started and drawn its sheet
        self.page.focus("textarea.xterm-helper-textarea", timeout=PAGE_MS)

    def _downloaded(self, download: Any) -> None:
        self.downloads.append(download)

    def _download_served(self, route: Any) -> None:
        """What the server sent for a download, read on its way to the browser (the
        browser's own copy lands in a folder Chromium may still be writing)."""
        response = route.fetch(timeout=PAGE_MS)
        body = response.body()
        self.served.append((response.headers, body))
        route.fulfill(response=response, body=body)

    def screen(self) -> str:
        text: str = self.page.evaluate(SCREEN_JS)
        return text

    def seen(self, pattern: str | re.Pattern[str], seconds: float) -> re.Match[str] | None:
        """The pattern once it is on the screen, None if it is not there in time."""
        deadline = time.monotonic() + seconds
        while True:
            found = re.search(pattern, self.screen())
            if found or time.monotonic() > deadline:
                return found
            self.page.wait_for_timeout(50)

    def wait_for(self, pattern: str | re.Pattern[str],
                 seconds: float = PATIENCE) -> re.Match[str]:
        found = self.seen(pattern, seconds)
        if found is None:
            pytest.fail(f"no {pattern!r} on the screen:\n{self.screen()}")
        return found

    def wait_gone(self, pattern: str | re.Pattern[str], seconds: float = PATIENCE) -> None:
        """Until the pattern has left the screen (a screen closed, a dialog answered)."""
        deadline = time.monotonic() + seconds
        while re.search(pattern, self.screen()):
            if time.monotonic() > deadline:
                pytest.fail(f"{pattern!r} still on the screen:\n{self.screen()}")
            self.page.wait_for_timeout(50)

    def focused(self) -> str:
        """The editor's field with the focus (marked ▶), "" while none has it."""
        found = FOCUSED.search(self.screen())
        return found.group(1) if found else ""

    def next_field(self, seconds: float = PATIENCE) -> str:
        """ArrowDown, then wait until the focus mark is on another field; that field."""
        before = self.focused()
        self.press("ArrowDown")
        deadline = time.monotonic() + seconds
        while (now := self.focused()) == before:
            if time.monotonic() > deadline:
                pytest.fail(f"ArrowDown moved to no other field:\n{self.screen()}")
            self.page.wait_for_timeout(50)
        return now

    def total(self) -> int:
        return int(self.wait_for(TOTAL).group(1))

    def press(self, *keys: str) -> None:
        for key in keys:
            self.page.keyboard.press(key)

    def close(self) -> None:
        self.context.close()


@pytest.fixture
def tab(browser: Any, served: tuple[str, Path]) -> Iterator[Tab]:
    opened = Tab(browser, served[0])
    yield opened
    opened.close()


def test_edit_undo_save_and_export_in_the_browser(tab: Tab, served: tuple[str, Path],
                                                   tmp_path: Path) -> None:
    folder = served[1]
    assert tab.total() == HIVE
    shot = tmp_path / "serve.png"
    tab.page.screenshot(path=str(shot))
    assert shot.read_bytes().startswith(b"\x89PNG")
    if os.environ.get("SHIPYARD_UPDATE_SCREENSHOT"):
        shutil.copyfile(shot, DOCS / "serve.png")

    # Down to Screens, one more: the sheet and the hint line follow each key.
    tab.press("ArrowDown", "ArrowDown", "ArrowDown")
    tab.wait_for(r"one more screen: \+23 points \(total 1118\)")
    tab.press("+")
    tab.wait_for(f"Total {HIVE + ONE_MORE_SCREEN} points")
    tab.press("Control+z")
    tab.wait_for(f"Total {HIVE} points")
    tab.press("Control+y")
    tab.wait_for(f"Total {HIVE + ONE_MORE_SCREEN} points")

    # A sample saves under a new name, in the folder `serve` was started in.
    tab.press("Control+s")
    tab.wait_for(r"hive\.ship\.json")
    tab.press("Enter")
    saved = folder / "hive.ship.json"
    tab.wait_for(r"Shipyard — hive\.ship\.json")
    assert json.loads(saved.read_text(encoding="utf-8"))["systems"]["screen"] == 11

    # The export downloads in the browser; nothing is written beside the design.
    tab.press("Control+e")
    tab.wait_for(r"hive\.pdf")
    tab.press("Enter")
    deadline = time.monotonic() + PATIENCE
    while not (tab.downloads and tab.served) and time.monotonic() < deadline:
        tab.page.wait_for_timeout(50)
    assert [d.suggested_filename for d in tab.downloads] == ["hive.pdf"]
    [(headers, body)] = tab.served
    assert headers["content-disposition"] == "attachment; filename=hive.pdf"
    assert headers["content-type"] == "application/pdf"
    assert body.startswith(b"%PDF-") and body.rstrip().endswith(b"%%EOF")
    tab.wait_for(r"Downloading hive\.pdf")
    assert not (folder / "hive.pdf").exists()


def test_every_screen_opens_and_each_tab_has_its_own_designer(tab: Tab, browser: Any,
                                                              served: tuple[str, Path]) -> None:
    home = r"Shipyard — sample:hive"
    for key, title in (("F1", r"Ctrl\+P opens the command palette"),  # help, over the designer
                       ("F4", r"Shipyard — Duel: Hive"), ("F8", r"Shipyard — Fleet"),
                       ("F9", r"Shipyard — Compare designs")):
        tab.press(key)
        tab.wait_for(title)
        tab.press("Escape")
        tab.wait_gone(title)  # left: the next key goes to the designer, not to this screen
        tab.wait_for(home)
    tab.press("Control+p")
    tab.page.keyboard.type("optimiz")
    tab.press("Enter")
    tab.wait_for(r"Shipyard — Optimize")
    tab.press("Escape")
    tab.wait_gone(r"Shipyard — Optimize")
    tab.wait_for(home)

    # The palette starts a Tacship design: the other game, edited in the browser.
    tab.press("Control+p")
    tab.page.keyboard.type("new design")
    tab.press("Enter")
    tab.wait_for("Tacship")
    tab.press("ArrowRight", "Enter")
    tab.wait_for(r"one-man fighter")
    # The new fighter: damage boxes 10, thrust 6 and a Laser-1, a point each (rules
    # section 4): 17 points; one more damage box is 18.
    assert tab.total() == 17
    # The editor is rebuilt for the other game's fields after the sheet shows the new
    # design: keys wait until the old form is gone (Pentagon War's Manned field) and a
    # field of the new one has the focus (marked ▶).
    tab.wait_gone(r"│ .{2}Manned ")
    tab.wait_for(FOCUSED)
    for _ in range(8):  # down to the damage boxes, a field at a time
        if tab.next_field() == "Damage boxes":
            break
    else:
        pytest.fail(f"no damage boxes field below the name:\n{tab.screen()}")
    tab.wait_for(r"(?m)^ \+ one more damage box: \+1 point \(total 18\)")  # the hint line
    tab.press("+")
    tab.wait_for(r"Total 18 points")
    second = Tab(browser, served[0])  # a tab of its own still shows the sample
    try:
        assert second.total() == HIVE
    finally:
        second.close()
    assert tab.total() == 18
