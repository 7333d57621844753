"""The designer app: owns the session and its one edit function.

Screens and dialogs live in `tui/screens`, widgets in `tui/widgets`; the
file actions (open, save, quit) are in `tui/actions.py`, those that open a
screen (export, duel, fleet...) in `tui/screen_actions.py`.
"""

from __future__ import annotations

import gc
from collections.abc import Awaitable, Callable, Iterable
from typing import ClassVar

from textual.app import SystemCommand
from textual.binding import Binding, BindingType
from textual.command import CommandPalette
from textual.driver import Driver
from textual.reactive import reactive
from textual.screen import Screen

import shipyard.tui.safe_text  # noqa: F401  (what is drawn shows no control codes)
from shipyard.core.errors import ShipyardError
from shipyard.services.autosave import Autosaver
from shipyard.services.editing import Change, entry_exists
from shipyard.services.fleet_session import FLEET_STATE, FleetSession
from shipyard.services.session import Session
from shipyard.tui.browser import in_browser
from shipyard.tui.engine import watch_engine
from shipyard.tui.file_watch import WATCH_SECONDS
from shipyard.tui.guard import Crash, rescue
from shipyard.tui.mending import mend
from shipyard.tui.screen_actions import ScreenActions
from shipyard.tui.screens.designer import DesignerScreen

mend()

ENGINE_WATCH_DELAY = 1.0  # seconds after launch


class ShipyardApp(ScreenActions):
    """Shipyard's designer."""

    CSS_PATH = "app.tcss"
    TITLE = "Shipyard"
    # Below 108 columns the sheet and issues go under the editor.
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (108, "-wide")]  # noqa: RUF012
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "quit", "Quit", priority=True),
        Binding("f1", "help", "Help"),
        Binding("ctrl+t", "toggle_theme", "Theme", show=False),
    ]

    engine_state: reactive[str] = reactive("")  # `services.warming.State`; "" until seen

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.autosave_problem = False
        self.crash: Crash | None = None
        self.palettes = 0
        session.writer = Autosaver()

    # The crash guard (`tui/guard.py`) ------------------------------------------------

    def _handle_exception(self, error: Exception) -> None:
        """Any unexpected error: keep the work first, then stop (Textual's way)."""
        if self.crash is None:
            self.crash = rescue(self.session, self, error)
        super()._handle_exception(error)

    def _print_error_renderables(self) -> None:
        """Not the traceback page: the command prints the crash's one line instead."""
        if self.crash is None:
            super()._print_error_renderables()
        else:
            self._exit_renderables.clear()

    def get_driver_class(self) -> type[Driver]:
        driver = super().get_driver_class()
        if in_browser():  # the web driver, its packets written whole (tui/web_packets.py)
            from shipyard.tui.web_packets import WholePacketWebDriver

            if issubclass(WholePacketWebDriver, driver):
                return WholePacketWebDriver
        return driver

    def get_default_screen(self) -> Screen[None]:
        return DesignerScreen()

    @property
    def designer(self) -> DesignerScreen:
        return next(s for s in self.screen_stack if isinstance(s, DesignerScreen))

    def on_mount(self) -> None:
        self.theme = "textual-dark"
        self.offer_recovery()
        # Someone else may save the open file (another tab, window or program): look now
        # and then, so that this designer never shows a stale file as saved.
        self.set_interval(WATCH_SECONDS, self.look_at_file)
        # Compile the game's fast engine in a separate process from launch (duels never
        # wait for it: the reference engine fights the same duels until it is ready).
        # After the first screen is up: the look at the engine imports numba.
        self.set_timer(ENGINE_WATCH_DELAY, self._watch_engine)
        # What start-up built lives as long as the app: keep it out of the garbage
        # collector's full passes, which otherwise stall a keypress now and then.
        self.call_after_refresh(gc.freeze)

    def on_unmount(self) -> None:
        """The designer is gone: its sessions' recovery files (unsaved work, if any) are
        left for the next launch, no longer held as at work."""
        self.session.end()
        fleet = getattr(self, FLEET_STATE, None)
        if isinstance(fleet, FleetSession):
            fleet.end()

    def _watch_engine(self) -> None:
        if not self.is_running:  # the timer fired while the app shut down
            return
        self.run_worker(lambda: watch_engine(self), thread=True, group="engine",
                        exit_on_error=False)

    def set_engine_state(self, state: str) -> None:
        self.engine_state = state

    def edit(self, change: Change, path: str | None = None, merge: str | None = None) -> bool:
        """The one edit function: record undo, re-price, show, autosave.

        Applied at once, in the order the keys came (`tui/ordered.py`): what the
        next key, a save or an export sees is the design after this edit. An
        edit from a field whose list entry is gone is dropped.
        """
        workbench = self.session.workbench
        if path is not None and not entry_exists(workbench.data, path):
            return False
        applied = workbench.apply(change, merge)
        if not applied:
            self.notify("That edit would not make a readable design; nothing changed.",
                        severity="warning")
        self.design_changed()
        return applied

    def design_changed(self) -> None:
        self.designer.refresh_view()
        self.call_after_refresh(self.autosave)

    def autosave(self) -> None:
        if self.leaving:
            return
        try:
            self.session.autosave()
        except (OSError, ShipyardError) as exc:
            self.autosave_failed(str(exc))
        writer = self.session.writer
        if writer is not None and writer.problem is not None:
            self.autosave_failed(writer.problem)

    def autosave_failed(self, problem: str) -> None:
        if not self.autosave_problem:
            self.autosave_problem = True
            self.notify(f"Autosave failed: {problem}", severity="error")

    def go_to_issue(self, path: str) -> None:
        self.designer.go_to(path)

    def action_undo(self) -> None:
        if self.session.workbench.undo():
            self.design_changed()
        else:
            self.notify("Nothing to undo.")

    def action_redo(self) -> None:
        if self.session.workbench.redo():
            self.design_changed()
        else:
            self.notify("Nothing to redo.")

    def action_command_palette(self) -> None:
        """The palette, unless it is open already under another screen. Each palette has
        an id of its own: Textual gives them all one, and stops when the next is opened
        before the last one closed is gone."""
        if self.use_command_palette and not any(
                isinstance(screen, CommandPalette) for screen in self.screen_stack):
            self.palettes += 1
            self.push_screen(CommandPalette(id=f"command-palette-{self.palettes}"))

    def action_toggle_theme(self) -> None:
        self.theme = "textual-light" if self.theme == "textual-dark" else "textual-dark"

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        for title, help_text, action in self.commands():
            yield SystemCommand(title, help_text, self._runner(action))

    def _runner(self, action: str) -> Callable[[], Awaitable[None]]:
        async def run() -> None:
            await self.run_action(action)
        return run
