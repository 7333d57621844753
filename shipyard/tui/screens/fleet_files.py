"""The fleet screen's files: the fleet kept on the app, save, save as, open, new, recover
and the pack export. Saves are atomic; an unsaved fleet is offered back after a crash; a
fleet file changed on disk since it was opened or saved here is never written over unasked
(`tui/file_watch.py`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual import work
from textual.screen import Screen

from shipyard.core.errors import ShipyardError
from shipyard.core.neutral import Evaluation
from shipyard.core.visible import visible
from shipyard.services.fleet_paths import fleet_path, suggested_fleet_path
from shipyard.services.fleet_session import (
    FLEET_STATE,
    FleetSession,
    new_fleet_session,
    open_fleet_session,
)
from shipyard.services.on_disk import DiskChange, differences
from shipyard.tui.delivery import hand_over
from shipyard.tui.file_watch import WATCH, fleet_differs, noticed, save_over
from shipyard.tui.host import host_of
from shipyard.tui.recovering import plural, when
from shipyard.tui.saving import ask_save_path
from shipyard.tui.screens.dialogs import ChoiceDialog, ConfirmDialog, ListDialog, TextDialog
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
            return await self.write_own()
        return await self.save_as()

    async def save_as(self) -> bool:
        path = await ask_save_path(
            host_of(self), "Save fleet as", "File to save the fleet to (.fleet.json):",
            suggested_fleet_path(self.fleet.data, self.fleet.path), self.fleet.path, fleet_path)
        if path is None:
            return False
        if self.fleet.path is not None and path.resolve() == self.fleet.path.resolve():
            return await self.write_own()
        return self.write(path)

    async def write_own(self) -> bool:
        """Save over the fleet's own file; if it changed on disk since it was opened or saved
        here, ask first (overwrite, save as, or reload it)."""
        fleet = self.fleet
        change = fleet.look_on_disk()
        if change is not None and fleet.path is not None:
            return await save_over(host_of(self).ask, fleet.path, change,
                                   fleet_differs(fleet.data, change), self.save_as,
                                   self.reload, self.write)
        return self.write()

    def reload(self, change: DiskChange) -> bool:
        """Take the fleet file as it is on disk (one Ctrl+Z goes back to the fleet here)."""
        try:
            self.fleet.reload(change)
        except ShipyardError as exc:
            self.notify(str(exc), title="Not reloaded", severity="error")
            return False
        self.changed()
        return True

    def look_at_file(self) -> None:
        """Now and then: has the fleet's file changed on disk (looked at on a thread)?"""
        fleet = self.fleet
        if fleet.path is None:
            return
        self.run_worker(lambda: self.app.call_from_thread(self.seen_on_disk,
                                                          fleet.look_on_disk()),
                        thread=True, group=WATCH, exclusive=True, exit_on_error=False)

    def seen_on_disk(self, change: DiskChange | None) -> None:
        fleet = self.fleet
        if change is None or change.digest == fleet.known or fleet.path is None \
                or change.path != fleet.path or change.digest == self.told:
            return
        self.told = change.digest
        differs = fleet_differs(fleet.data, change)
        if self.app.screen is self and not fleet.changed and differs.problem is None \
                and not change.removed and self.reload(change):
            self.notify(noticed(fleet.path, differs, reloaded=True), title="Reloaded",
                        timeout=8)
            return
        self.notify(noticed(fleet.path, differs, reloaded=False), title="Changed on disk",
                    severity="warning", timeout=12)

    told: str | None = None  # the digest on disk the player was told of

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
        name = visible(self.fleet.title) if self.fleet.path is not None else "The new fleet"
        answer = await host_of(self).ask(ChoiceDialog(
            "Unsaved fleet", f"{name} has unsaved changes. Save them before {doing}?",
            SAVE_CHOICES))
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
        """Offer back the fleets other sessions autosaved but never saved, for this file (or
        an untitled one), newest first; Escape keeps them for another time."""
        found = self.fleet.pending_recoveries()
        if not found:
            return
        title = visible(self.fleet.title)
        lines = [f"{when(recovery.saved_at)}  {fleet_line(self.fleet.data, recovery.data)}"
                 for recovery in found]
        if len(found) == 1:
            answer = await host_of(self).ask(ConfirmDialog(
                "Recover unsaved fleet?",
                f"Shipyard closed at {when(found[0].saved_at)} without saving changes to "
                f"{title}: {fleet_line(self.fleet.data, found[0].data)}. Restore them? (Undo "
                "goes back to the file; Escape keeps them for another time.)",
                "Restore", "Discard"))
            chosen = 0 if answer == "yes" else (1 if answer == "no" else None)
        else:
            chosen = await host_of(self).ask(ListDialog(
                "Recover unsaved fleet?", [*lines, f"Discard all {len(found)}"],
                f"{len(found)} designers closed without saving their changes to {title} "
                "(newest first). Enter restores the one chosen (undo goes back to the file); "
                "Escape keeps them all for another time."))
        if chosen is None:
            return
        if chosen >= len(found):
            self.fleet.discard(found)
            return
        try:
            self.fleet.recover(found[chosen])
        except ShipyardError as exc:
            self.notify(str(exc), title="Not recovered", severity="error")
        self.changed()

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


def fleet_line(here: dict[str, Any], recovered: dict[str, Any]) -> str:
    """One line on a recovered fleet: its name, its ships and what it changes."""
    ships = recovered.get("ships")
    counts = [ship.get("count", 1) for ship in ships if isinstance(ship, dict)] \
        if isinstance(ships, list) else []
    count = sum(c if isinstance(c, int) else 1 for c in counts)
    changed = differences(here, recovered)
    name = visible(str(recovered.get("name") or "(unnamed fleet)"))
    return f"{name}, {plural(count, 'ship')}, {plural(len(changed), 'change')}"
