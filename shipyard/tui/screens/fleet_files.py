"""The fleet screen's files: the fleet kept on the app, save, save as, open, new, recover
and the pack export. Saves are atomic; an unsaved fleet is offered back after a crash."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from textual import work
from textual.screen import Screen

from shipyard.core.errors import ShipyardError
from shipyard.core.neutral import Evaluation
from shipyard.services.fleet_session import (
    FLEET_STATE,
    FleetSession,
    fleet_path,
    new_fleet_session,
    open_fleet_session,
    suggested_fleet_path,
)
from shipyard.tui.delivery import hand_over
from shipyard.tui.host import host_of
from shipyard.tui.saving import ask_save_path
from shipyard.tui.screens.dialogs import ChoiceDialog, ConfirmDialog, TextDialog
from shipyard.tui.screens.export import may_replace
from shipyard.tui.screens.fleet_export import FleetExportDialog, pack_content, pack_stem

SAVE_CHOICES = [("save", "Save"), ("discard", "Discard changes"), ("cancel", "Cancel")]
FLEET_DIALOG = "fleet-dialog"  # the worker group of the fleet's dialogs, one at a time


class FleetFiles(Screen[None]):
    """What the fleet screen does with files; the screen shows the fleet and edits it."""

    current: Evaluation  # the design being edited, whose game a new fleet plays
    recovery_dir: Path

    def refresh_view(self) -> None:
        """Show the fleet as it is now (the screen's own)."""

    def changed(self) -> None:
        """After a change to the fleet: show it, autosave it (the screen's own)."""

    def go_to_entry(self, index: int) -> None:
        """Put the roster's cursor on an entry (the screen's own)."""

    @property
    def fleet(self) -> FleetSession:
        found: Any = getattr(self.app, FLEET_STATE, None)  # the app does not declare it
        if not isinstance(found, FleetSession):
            found = new_fleet_session(self.current.design.ruleset, self.recovery_dir)
            setattr(self.app, FLEET_STATE, found)
        return found  # type: ignore[no-any-return]

    @fleet.setter
    def fleet(self, session: FleetSession) -> None:
        setattr(self.app, FLEET_STATE, session)

    def write(self, path: Path | None = None) -> bool:
        try:
            target = self.fleet.save(path)
        except (OSError, ShipyardError) as exc:
            self.notify(str(exc), title="Not saved", severity="error")
            return False
        self.notify(f"Saved {target}")
        self.refresh_view()
        return True

    async def save(self) -> bool:
        path = self.fleet.path
        if path is not None and path.name.lower().endswith(".json"):
            return self.write()
        return await self.save_as()

    async def save_as(self) -> bool:
        path = await ask_save_path(
            host_of(self), "Save fleet as", "File to save the fleet to (.fleet.json):",
            suggested_fleet_path(self.fleet.data, self.fleet.path), self.fleet.path, fleet_path)
        return path is not None and self.write(path)

    @work(group=FLEET_DIALOG)
    async def action_save(self) -> None:
        if host_of(self).asking_already(FLEET_DIALOG):
            return
        await self.save()

    @work(group=FLEET_DIALOG)
    async def action_save_as(self) -> None:
        if host_of(self).asking_already(FLEET_DIALOG):
            return
        await self.save_as()

    async def settle(self, doing: str) -> bool:
        """Before leaving the fleet: save, discard or stay. True to go on."""
        if not self.fleet.changed:
            return True
        answer = await host_of(self).ask(ChoiceDialog(
            "Unsaved fleet", f"{self.fleet.title} has unsaved changes. Save them before "
            f"{doing}?", SAVE_CHOICES))
        if answer == "save":
            return await self.save()
        if answer == "discard":
            self.fleet.discard_recovery()
            return True
        return False

    @work(group=FLEET_DIALOG)
    async def action_open(self) -> None:
        if host_of(self).asking_already(FLEET_DIALOG):
            return
        if not await self.settle("opening another fleet"):
            return
        answer = await host_of(self).ask(TextDialog(
            "Open fleet", "A fleet file (.fleet.json or .fleet.toml):",
            placeholder="path/to/home.fleet.json"))
        if not answer or not answer.strip():
            return
        try:
            session = open_fleet_session(Path(answer.strip()).expanduser(), self.recovery_dir)
        except ShipyardError as exc:
            self.notify(str(exc), title="Cannot open", severity="error")
            return
        self.fleet = session
        self.refresh_view()
        self.go_to_entry(0)
        await self.recover()

    @work(group=FLEET_DIALOG)
    async def action_new(self) -> None:
        if host_of(self).asking_already(FLEET_DIALOG):
            return
        if not await self.settle("starting a new fleet"):
            return
        self.fleet = new_fleet_session(self.current.design.ruleset, self.recovery_dir)
        self.refresh_view()

    @work(group=FLEET_DIALOG)
    async def offer_recovery(self) -> None:
        if host_of(self).asking_already(FLEET_DIALOG):
            return
        await self.recover()

    async def recover(self) -> None:
        """Offer back a fleet autosaved but never saved, for this file (or an untitled one)."""
        recovery = self.fleet.pending_recovery()
        if recovery is None:
            return
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(recovery.saved_at))
        answer = await host_of(self).ask(ConfirmDialog(
            "Recover unsaved fleet?",
            f"Shipyard closed at {when} without saving changes to {self.fleet.title}. "
            "Restore them? (Undo goes back to the file.)", "Restore", "Discard"))
        if answer == "yes":
            try:
                self.fleet.recover(recovery)
            except ShipyardError as exc:
                self.notify(str(exc), title="Not recovered", severity="error")
            self.changed()
        else:
            self.fleet.discard_recovery()

    @work(group=FLEET_DIALOG)
    async def action_export(self) -> None:
        if host_of(self).asking_already(FLEET_DIALOG):
            return
        report = self.fleet.report
        if not report.ships:
            self.notify("The fleet has no ships to export yet (A adds a design).")
            return
        stem = pack_stem(self.fleet.data, self.fleet.path)
        request = await host_of(self).ask(FleetExportDialog(report, stem))
        if request is None or not (self.app.is_web
                                   or await may_replace(host_of(self), request.path)):
            return
        try:
            notice = hand_over(self.app, request.path, pack_content(request, report))
        except (OSError, ShipyardError) as exc:
            self.notify(str(exc), title="Not exported", severity="error")
            return
        self.notify(notice + (" (marked DRAFT)" if request.draft else ""))
