"""A design or fleet file changed on disk by someone else: never written over unasked.

Another tab of `shipyard serve`, another terminal or another program may save
the file the designer has open. The designer looks at the file now and then
(`WATCH_SECONDS`, by its content: `services/on_disk.py`): unchanged here, it
takes the new file at once (one Ctrl+Z goes back); changed here too, it says
so and marks the title. A save over the file asks first, showing in one line
what differs: overwrite it, save as another file, or reload it (the work here
stays one Ctrl+Z away).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

from shipyard.core.errors import ShipyardError
from shipyard.core.visible import visible
from shipyard.services.on_disk import DiskChange, summary
from shipyard.services.session import Session
from shipyard.tui.screens.dialogs import ChoiceDialog

Ask = Callable[[ChoiceDialog], Awaitable[str | None]]

WATCH_SECONDS = 2.0  # how often the open file is looked at
WATCH = "file-watch"  # the worker group that looks (on a thread: a slow disk never waits a key)
OVERWRITE, SAVE_AS, RELOAD, CANCEL = "overwrite", "save_as", "reload", "cancel"


@dataclass(frozen=True)
class Differs:
    """What the file on disk holds against what is here, in words."""

    what: str  # "design", "fleet"
    line: str  # one line of what differs ("" if it cannot be read)
    problem: str | None  # why the file does not read, if it does not


def design_differs(session: Session, change: DiskChange) -> Differs:
    """The design file on disk against the design here."""
    if change.removed:
        return Differs("design", "", None)
    try:
        theirs = session.disk_design(change)
    except ShipyardError as exc:
        return Differs("design", "", getattr(exc, "problem", str(exc)))
    line = summary(session.design.to_data(), theirs.to_data())
    total, here = session.workbench.evaluate(theirs).sheet.total, \
        session.workbench.evaluation.sheet.total
    if total != here:
        line = f"{total} points (here {here})" + (f"; {line}" if line else "")
    return Differs("design", line or "the same design, written differently", None)


def fleet_differs(here: dict[str, object], change: DiskChange) -> Differs:
    """The fleet file on disk against the fleet here."""
    if change.removed:
        return Differs("fleet", "", None)
    if not isinstance(change.data, dict):
        return Differs("fleet", "", change.problem or "not a fleet file")
    return Differs("fleet", summary(here, change.data) or "the same fleet, written differently",
                   None)


def disk_dialog(path: Path, change: DiskChange, differs: Differs) -> ChoiceDialog:
    """The question before a save over a file changed on disk (Cancel answers Enter)."""
    name = visible(str(path))
    if change.removed:
        return ChoiceDialog(
            "File gone", f"{name} was removed or moved away since it was opened or saved "
            f"here. Write the {differs.what} here to it again, or save it as another file?",
            [(OVERWRITE, "Write it again"), (SAVE_AS, "Save as…"), (CANCEL, "Cancel")],
            default=CANCEL)
    if differs.problem is not None:
        return ChoiceDialog(
            "Changed on disk", f"{name} was changed on disk since it was opened or saved here, "
            f"and no longer reads as a {differs.what} ({differs.problem}). Write over it with "
            f"the {differs.what} here, or save the {differs.what} here as another file?",
            [(OVERWRITE, "Overwrite"), (SAVE_AS, "Save as…"), (CANCEL, "Cancel")],
            default=CANCEL)
    return ChoiceDialog(
        "Changed on disk", f"{name} was changed on disk since it was opened or saved here "
        f"(another tab, window or program saved it). On disk: {differs.line}.\n"
        f"Overwrite it with the {differs.what} here, save the {differs.what} here as another "
        f"file, or reload the file (the {differs.what} here stays one Ctrl+Z away)?",
        [(OVERWRITE, "Overwrite"), (SAVE_AS, "Save as…"), (RELOAD, "Reload"),
         (CANCEL, "Cancel")], default=CANCEL)


def noticed(path: Path, differs: Differs, reloaded: bool) -> str:
    """The notice when the watch finds the file changed on disk."""
    name = visible(str(path))
    if reloaded:
        return (f"{name} was changed on disk (another tab, window or program saved it): "
                f"reloaded. Ctrl+Z goes back to the {differs.what} as it was here.")
    if differs.line:
        return (f"{name} was changed on disk since it was opened or saved here. On disk: "
                f"{differs.line}. Your changes here are kept; Ctrl+S asks before writing over "
                "the file.")
    gone = "removed" if differs.problem is None else "changed into something unreadable"
    return (f"{name} was {gone} on disk since it was opened or saved here. Your "
            f"{differs.what} is kept here; Ctrl+S asks before writing it.")


async def save_over(ask: Ask, path: Path, change: DiskChange, differs: Differs,
                    save_as: Callable[[], Awaitable[bool]],
                    reload: Callable[[DiskChange], bool], write: Callable[[], bool]) -> bool:
    """Saving over a file changed on disk since it was read or written here: ask, then
    overwrite, save as, reload (which saves nothing) or cancel; whether it was saved."""
    answer = await ask(disk_dialog(path, change, differs))
    if answer == SAVE_AS:
        return await save_as()
    if answer == RELOAD:
        reload(change)
        return False
    return answer == OVERWRITE and write()
