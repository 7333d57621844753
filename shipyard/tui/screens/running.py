"""A screen that runs a batch on a thread worker: its Stop, its Escape and its way out.

The duel, battle and compare screens run their duels or battles in a thread worker
of one group (named as the screen's ids begin: "duel", "battle", "compare"). While
one runs, the run buttons are off and Stop is on; Stop (or Escape) cancels the
group, and the batch ends between two blocks, keeping what was fought; Escape with
nothing running goes back, and the screen's leave key stops any run and goes back.
"""

from __future__ import annotations

from typing import ClassVar

from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Button


class RunScreen(Screen[None]):
    """A screen with a batch that may be running (`running`) in the worker group `GROUP`."""

    GROUP: ClassVar[str]  # the worker group, and the first word of the buttons' ids
    RUN_BUTTONS: ClassVar[tuple[str, ...]] = ("run",)  # the buttons off while a batch runs
    STOPPING: ClassVar[str] = "Stopping…"  # what Stop says until the batch has ended

    running: reactive[bool] = reactive(False)

    def show_problem(self, text: str) -> None:
        """Say in the screen's problem line why a key did nothing ("" clears it)."""
        raise NotImplementedError

    def cannot_run(self) -> bool:
        """Whether nothing can be run at all (the run buttons stay off)."""
        return False

    def watch_running(self, running: bool) -> None:
        for name in self.RUN_BUTTONS:
            self.query_one(f"#{self.GROUP}-{name}", Button).disabled = \
                running or self.cannot_run()
        self.query_one(f"#{self.GROUP}-stop", Button).disabled = not running

    def action_stop(self) -> None:
        if self.running:
            self.workers.cancel_group(self, self.GROUP)
            self.show_problem(self.STOPPING)

    def action_back(self) -> None:
        """Escape stops a run first; pressed again (or with nothing running) it goes back."""
        if self.running:
            self.action_stop()
        else:
            self.app.pop_screen()

    def action_leave(self) -> None:
        self.workers.cancel_group(self, self.GROUP)
        self.app.pop_screen()
