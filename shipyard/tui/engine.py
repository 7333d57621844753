"""The duel engine's state, watched from launch: the designer starts compiling the
game's fast engine in a separate process (`services/warming.py`) and shows where it
stands on the screens that fight duels until it is ready.

Duels never wait for it: until the compiled engine is ready, batches are fought by
the reference engine, which fights the very same duels, more slowly.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, Protocol

from textual.widgets import Static
from textual.worker import get_current_worker

from shipyard.services import warming
from shipyard.services.session import Session


class Watcher(Protocol):
    """What the watch needs of the app: its session, and a way to tell it the state."""

    session: Session

    @property
    def is_running(self) -> bool: ...

    def call_from_thread(self, callback: Callable[..., Any], *args: Any) -> Any: ...

    def set_engine_state(self, state: str) -> None: ...

POLL = 1.0  # seconds between two looks at the engine while it is not ready
IDLE = 5.0  # seconds between two looks once it is ready (a game switch may change it)
STEP = 0.2  # how often the watching thread checks that the app still runs


def engine_line(state: str) -> str:
    """The line the duel, compare and optimize screens show."""
    if state not in warming.WORDS:
        return "Engine: looking…"
    return f"Engine: {warming.WORDS[state]}."


def watch_engine(app: Watcher) -> None:
    """Run in a thread worker for the app's life: start warming the game being edited
    when its engine is cold, and keep `app.engine_state` up to date."""
    worker = get_current_worker()
    watch(app, lambda: worker.is_cancelled)


def watch(app: Watcher, cancelled: Callable[[], bool]) -> None:
    """`watch_engine`'s loop, until it is cancelled or the app stops running (a worker
    started while the app shuts down is never cancelled, and the app's exit waits for
    its thread)."""

    def over() -> bool:
        return cancelled() or not app.is_running

    while not over():
        ruleset = app.session.workbench.evaluation.ruleset
        try:
            now = warming.start(ruleset)
        except OSError:  # no process could be started: duels stay on the reference engine
            now = warming.state(ruleset)
        if over():
            return
        app.call_from_thread(app.set_engine_state, now)
        waited, wait = 0.0, IDLE if now in ("ready", "none") else POLL
        while waited < wait and not over():
            if app.session.workbench.evaluation.ruleset.name != ruleset.name:
                break  # a game switch: look at the new game now
            time.sleep(STEP)
            waited += STEP


class EngineLine(Static):
    """One line: the engine's state, as the app last saw it."""

    DEFAULT_CSS = """
    EngineLine {
        height: auto;
        color: $text-muted;
    }
    """

    def __init__(self, **kwargs: object) -> None:
        super().__init__(markup=False, **kwargs)  # type: ignore[arg-type]

    def on_mount(self) -> None:
        self.watch(self.app, "engine_state", self._changed, init=True)

    def _changed(self, state: str) -> None:
        self.update(engine_line(state))
