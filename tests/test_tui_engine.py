"""The designer starts warming the game's fast engine at launch and shows its state.

`services.warming.start` is replaced by a stand-in that records each call and answers
the state the test sets: the real one starts a compiling process (its own tests are in
`test_warming.py`).
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from shipyard.services import warming
from shipyard.services.session import open_session
from shipyard.tui import engine as engine_module
from shipyard.tui.app import ShipyardApp
from shipyard.tui.engine import EngineLine, engine_line
from shipyard.tui.screens.dialogs import ChoiceDialog
from shipyard.tui.screens.duel import DuelScreen


class Stand:
    """A stand-in for `warming.start`: the state to answer, and the games asked about."""

    def __init__(self, state: str) -> None:
        self.state = state
        self.games: list[str] = []

    def __call__(self, ruleset: Any) -> str:
        self.games.append(ruleset.name)
        return self.state


async def until(condition: Any, pilot: Pilot[Any]) -> None:
    async with asyncio.timeout(10):
        while not condition():
            await asyncio.sleep(0.02)
    await pilot.pause()


def test_the_line_words_every_state() -> None:
    assert engine_line("") == "Engine: looking…"
    assert engine_line("compiling") == f"Engine: {warming.WORDS['compiling']}."
    assert engine_line("ready") == "Engine: compiled engine ready."
    assert engine_line("none") == "Engine: this game has one duel engine."


def test_warming_starts_at_launch_and_the_duel_screen_shows_it_until_ready(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    stand = Stand("compiling")
    monkeypatch.setattr(warming, "start", stand)
    monkeypatch.setattr(engine_module, "POLL", 0.2)
    app = ShipyardApp(open_session("sample:lancer", recovery_dir=tmp_path))

    async def steps(pilot: Pilot[Any]) -> None:
        await until(lambda: app.engine_state == "compiling", pilot)
        assert stand.games[0] == "pentagon-war"  # asked at launch, before any duel
        await pilot.press("f4")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DuelScreen)
        line = screen.query_one(EngineLine)
        assert "compiling the fast engine in the background" in str(line.content)
        assert screen.run_heading(1000) == (
            "Running: 0 of 1000 duels fought (Escape stops).\nOn the reference engine "
            "while the fast one compiles: the same duels, more slowly.")
        stand.state = "ready"
        await until(lambda: app.engine_state == "ready", pilot)
        assert str(line.content) == "Engine: compiled engine ready."
        assert screen.run_heading(1000) == "Running: 0 of 1000 duels fought (Escape stops)."

    async def run() -> None:
        async with app.run_test(size=(130, 45)) as pilot:
            await steps(pilot)

    asyncio.run(run())


def test_a_game_switch_warms_the_new_game(tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    stand = Stand("ready")
    monkeypatch.setattr(warming, "start", stand)
    app = ShipyardApp(open_session("sample:lancer", recovery_dir=tmp_path))

    async def steps(pilot: Pilot[Any]) -> None:
        await until(lambda: stand.games, pilot)
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog)
        tacship = next(key for key, label in app.screen.answers if label == "Tacship")
        await pilot.click(f"#answer-{tacship}")
        await until(lambda: app.session.design.ruleset == "tacship", pilot)
        # Ready engines are looked at every few seconds; a switch is seen at once.
        await until(lambda: "tacship" in stand.games, pilot)

    async def run() -> None:
        async with app.run_test(size=(130, 45)) as pilot:
            await steps(pilot)

    asyncio.run(run())
    assert stand.games[0] == "pentagon-war"


class Stopping:
    """An app stand-in for `engine.watch`: it stops running once it has been told the
    engine's state, and no one ever cancels the watch (a worker started while the app
    shut down)."""

    def __init__(self, session: Any) -> None:
        self.session = session
        self.is_running = True
        self.states: list[str] = []

    def call_from_thread(self, callback: Any, *args: Any) -> Any:
        return callback(*args)

    def set_engine_state(self, state: str) -> None:
        self.states.append(state)
        self.is_running = False


def test_the_watch_ends_when_the_app_stops_even_if_never_cancelled(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import threading

    monkeypatch.setattr(warming, "start", Stand("ready"))
    app = Stopping(open_session("sample:lancer", recovery_dir=tmp_path))
    thread = threading.Thread(target=engine_module.watch, args=(app, lambda: False),
                              daemon=True)
    thread.start()
    # The app's exit waits for this thread: it must end within a step, not watch on
    # for IDLE seconds or forever.
    thread.join(timeout=engine_module.STEP * 5)
    assert not thread.is_alive()
    assert app.states == ["ready"]
