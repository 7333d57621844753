"""The crash guard: an unexpected error never loses an edit, and never ends quietly.

Whatever raises where it should not (a handler, a worker, a screen being
drawn), the app first writes the work in hand to the recovery files (the
design, and the fleet of the fleet screen), then stops. Instead of Textual's
page of traceback, the player reads one line: what happened, where in
Shipyard, and where the work is kept; the full traceback goes to a crash log
beside the recovery files for whoever fixes it. The command exits with
`EXIT_CRASH`, and the next launch on the same file (or on an unsaved design)
offers the work back.
"""

from __future__ import annotations

import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from shipyard.core.errors import ShipyardError
from shipyard.core.files import write_atomic
from shipyard.services.fleet_session import FLEET_STATE, FleetSession
from shipyard.services.session import Session

EXIT_CRASH = 3  # the designer stopped on an unexpected error (its work kept, see README)
LOG_NAME = "crash.log"


@dataclass(frozen=True)
class Crash:
    """An unexpected error, where it was raised, and what was kept of the work."""

    error: BaseException
    where: str  # the innermost Shipyard line, `shipyard/services/editing.py:58`
    kept: tuple[Path, ...]  # recovery files written
    trouble: str  # why some work could not be kept ("" if it all was)
    log: Path | None  # the full traceback

    def line(self) -> str:
        """The one line the player reads."""
        what = f"{type(self.error).__name__}: {self.error}".replace("\n", " ").strip()
        text = f"the designer stopped on an unexpected error ({what}, at {self.where})"
        if self.kept:
            text += "; your unsaved work is kept in " + " and ".join(map(str, self.kept)) + \
                " and is offered back the next time you open it"
        elif not self.trouble:
            text += "; there were no unsaved changes"
        if self.trouble:
            text += f"; the work could not be kept: {self.trouble}"
        if self.log is not None:
            text += f" (details: {self.log})"
        return text


def where(error: BaseException) -> str:
    """The innermost line of Shipyard's own code the error went through (else the last).

    Shipyard's frames are told by the module they run (`shipyard.tui`, ...), never by a
    folder name: a clone in a folder named `shipyard` holds the tests too.
    """
    steps = list(traceback.walk_tb(error.__traceback__))
    if not steps:
        return "start-up"
    own = [(frame, line) for frame, line in steps if _is_own(frame.f_globals.get("__name__"))]
    frame, line = (own or steps)[-1]
    return f"{_short(frame.f_code.co_filename, bool(own))}:{line}"


def _is_own(module: object) -> bool:
    return isinstance(module, str) and (module == PACKAGE or module.startswith(PACKAGE + "."))


def _short(filename: str, own: bool) -> str:
    """`shipyard/tui/__init__.py` for the package's own files, wherever it is installed."""
    if not own:
        return filename
    try:
        relative = Path(filename).resolve().relative_to(_PACKAGE_FOLDER.parent)
    except ValueError:
        return filename
    return relative.as_posix()


PACKAGE = __name__.split(".", 1)[0]  # "shipyard"
_PACKAGE_FOLDER = Path(__file__).resolve().parent.parent


def rescue(session: Session, app: Any, error: BaseException) -> Crash:
    """Keep the design (and the fleet) in their recovery files, log the traceback."""
    kept: list[Path] = []
    trouble: list[str] = []
    try:
        design = session.rescue()
        if design is not None:
            kept.append(design)
    except (OSError, ShipyardError) as exc:
        trouble.append(str(exc))
    fleet = getattr(app, FLEET_STATE, None)
    if isinstance(fleet, FleetSession) and fleet.changed:
        try:
            fleet.autosave()
            kept.append(fleet.recovery_file())
        except (OSError, ShipyardError) as exc:
            trouble.append(str(exc))
    log: Path | None = session.recovery_dir / LOG_NAME
    try:
        assert log is not None
        log.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(log, "".join(traceback.format_exception(error)).encode())
    except (OSError, ShipyardError):
        log = None
    return Crash(error, where(error), tuple(kept), "; ".join(trouble), log)
