"""A battle's replay in a real browser: Debian's Chromium (never a downloaded one) opens
the SVG file as a player would, plays it, and shows every craft (`pytest -m browser`).

The battle is a real one: Blue Flight against Night Watch (the bundled sample fleets)
on seed 7, drawn by `tools/replay_picture.py` as the README's picture is. The tests
never sleep: they stop the picture's own clock (`pauseAnimations`, `setCurrentTime`)
at the moment they look at, wait for the browser to draw it, and read the pixels.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

CHROMIUM = Path("/usr/bin/chromium")
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason=(
        "the browser tests need Chromium at /usr/bin/chromium: "
        "sudo apt-get install -y chromium")),
]

PATIENCE_MS = 120_000  # a page may take this long on a busy machine before a test fails
SEED = 7
SIDES = ((0x56, 0xB4, 0xE9), (0xE6, 0x9F, 0x00))  # sky blue, orange (Okabe & Ito)
WRECK = (0x7D, 0x84, 0x93)

# Stop the clock at `time`, then resolve once the browser has drawn two frames since.
AT = """(time) => new Promise(done => {
  const svg = document.documentElement; svg.pauseAnimations(); svg.setCurrentTime(time);
  requestAnimationFrame(() => requestAnimationFrame(() => done(svg.getCurrentTime())));
})"""

# Each craft's name on the map as drawn now: the one label of its token that shows
# (itself and every group around it visible), its box on the page and its colour.
LABELS = """() => [...document.querySelectorAll("g.token.craft")].map(token => {
  const shown = [...token.querySelectorAll("text.name")].filter(text => {
    for (let e = text; e && e.tagName !== "svg"; e = e.parentElement)
      if (getComputedStyle(e).visibility === "hidden" || getComputedStyle(e).display === "none")
        return false;
    return true;
  });
  return shown.map(text => { const box = text.getBoundingClientRect();
    return {key: token.dataset.key, words: text.textContent, fill: getComputedStyle(text).fill,
            box: [box.left, box.top, box.width, box.height]}; });
})"""


@pytest.fixture(scope="module")
def replay_file(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Any]:
    from shipyard.render.replay_svg import replay_svg
    from tools.replay_picture import FLEETS, battle_replay

    replay = battle_replay(FLEETS / "blue-flight.fleet.json", FLEETS / "night-watch.fleet.json",
                           SEED)
    path = tmp_path_factory.mktemp("replay") / "battle.svg"
    path.write_text(replay_svg(replay), encoding="utf-8")
    return path, replay


@pytest.fixture(scope="module")
def page(replay_file: tuple[Path, Any]) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True,
                                             args=["--no-sandbox"])
        try:
            tab = browser.new_page()
            tab.set_default_timeout(PATIENCE_MS)
            tab.asked = []  # every address the page asks for
            tab.on("request", lambda request: tab.asked.append(request.url))
            tab.goto(replay_file[0].as_uri(), wait_until="load")
            width, height = tab.evaluate("() => [document.documentElement.width.baseVal.value,"
                                         " document.documentElement.height.baseVal.value]")
            tab.set_viewport_size({"width": int(width + 0.99), "height": int(height + 0.99)})
            yield tab
        finally:
            browser.close()


def frame_times(tab: Any) -> list[float]:
    """The middle of each frame, seconds on the picture's clock."""
    starts = tab.evaluate("() => [...document.querySelectorAll('g.frame')]"
                          ".map(g => parseFloat(g.dataset.start))")
    loop = tab.evaluate("() => parseFloat(document.documentElement.dataset.loop)")
    ends = [*starts[1:], loop]
    return [(start + end) / 2 for start, end in zip(starts, ends, strict=True)]


def picture(tab: Any, time: float) -> np.ndarray:
    """The page at `time` on the picture's clock, as rows of RGB pixels."""
    from PIL import Image

    assert tab.evaluate(AT, time) == pytest.approx(time, abs=0.01)
    shot = Image.open(io.BytesIO(tab.screenshot(animations="allow"))).convert("RGB")
    return np.asarray(shot).astype(int)


def changed(a: np.ndarray, b: np.ndarray) -> int:
    assert a.shape == b.shape
    return int(np.any(a != b, axis=2).sum())


def rgb(colour: str) -> tuple[int, ...]:
    assert colour.startswith("rgb("), colour
    return tuple(int(part) for part in colour[4:-1].split(","))


def test_the_replay_plays_by_itself(page: Any) -> None:
    """No script in the file, nothing fetched: the browser's own clock runs the animation."""
    page.evaluate("() => document.documentElement.unpauseAnimations()")
    start = page.evaluate("() => document.documentElement.getCurrentTime()")
    page.wait_for_function(f"() => document.documentElement.getCurrentTime() > {start + 0.2}")
    assert page.evaluate("() => document.scripts.length") == 0
    assert page.asked == [page.url]  # the file itself, and nothing from anywhere else


def test_frames_change_as_the_battle_goes(page: Any, replay_file: tuple[Path, Any]) -> None:
    times = frame_times(page)
    assert len(times) == len(replay_file[1].frames) > 2
    first, middle, last = (picture(page, times[k]) for k in (0, len(times) // 2, -1))
    for a, b in ((first, middle), (middle, last)):
        assert changed(a, b) > 2000  # craft moved, shots drawn, words changed
    assert changed(picture(page, times[0]), first) < 200  # the same moment, again


@pytest.mark.parametrize("which", ["first", "last"])
def test_every_craft_is_named_on_the_map(page: Any, replay_file: tuple[Path, Any],
                                         which: str) -> None:
    replay = replay_file[1]
    times = frame_times(page)
    index = 0 if which == "first" else len(times) - 1
    shot = picture(page, times[index])
    labels = page.evaluate(LABELS)
    crafts = {t.key: t for t in replay.frames[index].tokens if t.kind == "craft"}
    assert len(crafts) == 7  # Blue Flight's four, Night Watch's three
    assert [len(found) for found in labels] == [1] * len(crafts)  # one name each, no more
    for (label,) in labels:
        token = crafts[label["key"]]
        words = label["words"]
        assert words == (f"{token.label} {token.speed}" if token.alive else token.label)
        # a side's colour for a craft flying, grey for a wreck
        assert rgb(label["fill"]) == (SIDES[token.side] if token.alive else WRECK)
        left, top, width, height = label["box"]
        assert width > 10 and height > 6
        rows, columns = shot.shape[:2]
        assert left >= 0 and left + width <= columns and 0 <= top <= rows - height
        box = shot[int(top):int(top + height + 1), int(left):int(left + width + 1)]
        inked = int(np.all(np.abs(box - np.array(rgb(label["fill"]))) < 48, axis=2).sum())
        assert inked >= 20, (words, inked)  # its letters drawn in its colour, not hidden
