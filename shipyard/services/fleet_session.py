"""The fleet being edited in the designer: its data, undo, atomic save, autosave, recovery.

Like `session.py` for designs, with no user interface: the fleet is its
`shipyard.fleet/1` data (a plain dict, written back as it was read), every
edit goes through `FleetSession.apply`, which records undo and re-judges the
fleet with `services.fleet`; a save goes to a temporary file moved into
place, and every edit is also written to a recovery file under the same
state folder as the designs' (one a session, `services/recovery.py`), offered
back if the designer did not close cleanly. As for designs, a fleet file
changed on disk since the session read or wrote it is never written over
unasked (`services/on_disk.py`).
"""

from __future__ import annotations

import copy
import json
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from shipyard.core.errors import DesignReadError, ShipyardError, WriteError
from shipyard.core.files import digest, json_text, write_atomic
from shipyard.services import recovery as recovery_files
from shipyard.services.fleet import (
    MAX_SHIPS,
    SCHEMA,
    Fleet,
    FleetReadError,
    FleetReport,
    judge,
    parse_fleet,
)
from shipyard.services.fleet_paths import rebased
from shipyard.services.on_disk import DiskChange, look, read_with_digest
from shipyard.services.session import state_folder

UNDO_DEPTH = 500
RECOVERY_SCHEMA = "shipyard.fleet-recovery/1"
_ENTRY = re.compile(r"ships\[(\d+)\]")

FleetChange = Callable[[dict[str, Any]], None]


FLEET_STATE = "shipyard_fleet"  # the app attribute that keeps the designer's `FleetSession`

def new_fleet_data(ruleset: str, name: str = "", budget: int | None = None) -> dict[str, Any]:
    """An empty fleet of one game."""
    data: dict[str, Any] = {"schema": SCHEMA, "name": name, "ruleset": ruleset}
    if budget is not None:
        data["budget"] = budget
    data["ships"] = []
    return data


def entry_of(path: str) -> int | None:
    """The entry an issue's path points into (`ships[2].design: armor.4` -> 2)."""
    found = _ENTRY.match(path)
    return int(found.group(1)) if found else None


# Edits -------------------------------------------------------------------------


def _ships(data: dict[str, Any]) -> list[dict[str, Any]]:
    ships = data.setdefault("ships", [])
    return ships if isinstance(ships, list) else []


def add_ship(design: str | dict[str, Any], count: int = 1) -> FleetChange:
    """A new entry at the end: a design reference (path, sample:NAME) or inline design data."""
    def change(data: dict[str, Any]) -> None:
        _ships(data).append({"design": copy.deepcopy(design), "count": count})
    return change


def remove_ship(index: int) -> FleetChange:
    def change(data: dict[str, Any]) -> None:
        ships = _ships(data)
        if 0 <= index < len(ships):
            del ships[index]
    return change


def set_count(index: int, count: int) -> FleetChange:
    """How many ships of an entry (1 to MAX_SHIPS); names given per ship are kept in step."""
    count = max(1, min(MAX_SHIPS, count))

    def change(data: dict[str, Any]) -> None:
        ships = _ships(data)
        if not 0 <= index < len(ships):
            return
        entry = ships[index]
        entry["count"] = count
        names = entry.get("names")
        if isinstance(names, list):
            if len(names) > count:
                entry["names"] = names[:count]
            else:
                base = str(names[-1]) if names else "Ship"
                entry["names"] = names + [f"{base} {i + 1}" for i in range(len(names), count)]
    return change


def set_names(index: int, names: list[str] | None) -> FleetChange:
    """The entry's ship names (None: the default names); the count follows the names."""
    def change(data: dict[str, Any]) -> None:
        ships = _ships(data)
        if not 0 <= index < len(ships):
            return
        if names:
            ships[index]["names"] = list(names)
            ships[index]["count"] = len(names)
        else:
            ships[index].pop("names", None)
    return change


def set_field(key: str, value: object) -> FleetChange:
    """The fleet's name or budget (None removes the key)."""
    def change(data: dict[str, Any]) -> None:
        if value is None:
            data.pop(key, None)
        else:
            data[key] = value
    return change


# The session --------------------------------------------------------------------


@dataclass
class FleetRecovery:
    """Fleet data autosaved for a file (or for an unsaved fleet), when, and the recovery
    file that holds it (`source`)."""

    file: Path | None
    data: dict[str, Any]
    saved_at: float
    source: Path | None = None


@dataclass
class FleetSession(recovery_files.Keeper):
    """The fleet being edited: its data, where it is saved, its history and its judgement."""

    data: dict[str, Any]
    path: Path | None
    title: str
    recovery_dir: Path = field(default_factory=state_folder)
    undo_stack: list[dict[str, Any]] = field(default_factory=list)
    redo_stack: list[dict[str, Any]] = field(default_factory=list)
    saved: dict[str, Any] | None = None
    report: FleetReport = field(init=False)
    known: str | None = None  # the digest of the file as last read or written here
    name: str = field(default_factory=recovery_files.new_session)  # this session's own
    claim: recovery_files.Claim | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        self.report = judge(self.parse(self.data))
        if self.saved is None:
            self.saved = copy.deepcopy(self.data)

    @property
    def folder(self) -> Path:
        return self.path.parent if self.path is not None else Path(".")

    def parse(self, data: dict[str, Any]) -> Fleet:
        """The fleet the data describes (`FleetReadError` if it names an unreadable design)."""
        file = str(self.path) if self.path is not None else "(new fleet)"
        return parse_fleet(data, file, self.folder)

    @property
    def changed(self) -> bool:
        return self.data != self.saved

    def apply(self, change: FleetChange) -> None:
        """Apply one edit with undo; a `FleetReadError` (an unreadable design) changes nothing."""
        after = copy.deepcopy(self.data)
        change(after)
        if after == self.data:
            return
        self.report = judge(self.parse(after))
        self.undo_stack.append(self.data)
        del self.undo_stack[:-UNDO_DEPTH]
        self.redo_stack.clear()
        self.data = after

    def undo(self) -> bool:
        if not self.undo_stack:
            return False
        self.redo_stack.append(self.data)
        self.data = self.undo_stack.pop()
        self.report = judge(self.parse(self.data))
        return True

    def redo(self) -> bool:
        if not self.redo_stack:
            return False
        self.undo_stack.append(self.data)
        self.data = self.redo_stack.pop()
        self.report = judge(self.parse(self.data))
        return True

    def reread(self) -> None:
        """Judge the fleet again from its designs' files as they are now (a design saved
        since, in the designer, is seen); `FleetReadError` if one can no longer be read."""
        self.report = judge(self.parse(self.data))

    def to_json(self) -> str:
        return json_text(self.data) + "\n"

    # Files ---------------------------------------------------------------------

    def recovery_key(self) -> str:
        key = str(self.path.resolve()) if self.path is not None else "(untitled fleet)"
        return "fleet-" + recovery_files.key_of(f"fleet:{key}")

    def save(self, path: Path | None = None) -> Path:
        """Write the fleet as JSON, atomically; the session then names that file.

        Designs named by a relative path are read from the fleet file's folder:
        saved to another folder, each is named anew from there (relative when
        beside or below it, else absolute) and checked first. It does not look
        at what the file holds now: `look_on_disk` first.
        """
        target = path if path is not None else self.path
        if target is None:
            raise WriteError("no file to save to: use save as")
        if target.parent.resolve() != self.folder.resolve():
            # Saved to another folder: its designs named from there (relative when beside
            # or below it); checked before anything is written.
            moved = rebased(self.data, self.folder, target.parent)
            parse_fleet(moved, str(target), target.parent)  # FleetReadError if one is gone
            self.data = moved
            self.undo_stack = [rebased(d, self.folder, target.parent) for d in self.undo_stack]
            self.redo_stack = [rebased(d, self.folder, target.parent) for d in self.redo_stack]
        old_recovery = self.recovery_file()
        content = self.to_json().encode()
        write_atomic(target, content)
        self.path = target
        self.known = digest(content)
        self.title = str(target)
        self.saved = copy.deepcopy(self.data)
        self._forget(old_recovery)
        self._forget(self.recovery_file())
        return target

    def look_on_disk(self) -> DiskChange | None:
        """The fleet file as it is on disk now, if it changed since this session read or
        wrote it (by its content); None if it did not, or there is no file."""
        return look(self.path, self.known)

    def reload(self, change: DiskChange) -> None:
        """Take the fleet file as it is on disk, as one edit (undo returns to the fleet as it
        was here), counted as saved; `FleetReadError` if it is no readable fleet."""
        data = change.data
        if not isinstance(data, dict):
            raise FleetReadError(str(change.path), change.problem or "not a fleet file")
        self.parse(data)
        replacement = copy.deepcopy(data)

        def take(fleet: dict[str, Any]) -> None:
            fleet.clear()
            fleet.update(replacement)

        self.apply(take)
        self.saved = copy.deepcopy(self.data)
        self.known = change.digest
        self._forget(self.recovery_file())

    def autosave(self) -> None:
        """Keep the working fleet in the recovery file (or clear it when saved)."""
        target = self.recovery_file()
        if not self.changed:
            target.unlink(missing_ok=True)
            return
        self.hold(target)
        record = {"schema": RECOVERY_SCHEMA,
                  "file": str(self.path) if self.path is not None else None,
                  "saved_at": time.time(), "session": self.name, "fleet": self.data}
        target.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(target, json.dumps(record).encode())

    def _forget(self, recovery: Path) -> None:
        self.let_go(recovery)

    def discard_recovery(self) -> None:
        self._forget(self.recovery_file())

    def pending_recoveries(self) -> list[FleetRecovery]:
        """The recovery files other sessions left for this fleet file (or for an unsaved
        fleet) that still read and differ from the fleet here, newest first."""
        found = []
        for source in self.others():
            recovery = self._read_recovery(source)
            if recovery is not None and recovery.data != self.data:
                found.append(recovery)
        return sorted(found, key=lambda r: r.saved_at, reverse=True)

    def pending_recovery(self) -> FleetRecovery | None:
        """The newest of `pending_recoveries`, if any."""
        found = self.pending_recoveries()
        return found[0] if found else None

    def _read_recovery(self, source: Path) -> FleetRecovery | None:
        try:
            record: Any = json.loads(source.read_text(encoding="utf-8"))
            data = record["fleet"]
            saved_at = float(record["saved_at"])
            if not isinstance(data, dict):
                return None
            self.parse(data)
        except (OSError, ValueError, KeyError, TypeError, ShipyardError):
            return None
        file = record.get("file")
        return FleetRecovery(Path(file) if isinstance(file, str) else None, data, saved_at,
                             source)

    def recover(self, recovery: FleetRecovery) -> None:
        """Take the recovered fleet as one edit, so that undo returns to the file; the work
        then lives in this session's own recovery file, and its source goes."""
        replacement = recovery.data

        def change(data: dict[str, Any]) -> None:
            data.clear()
            data.update(copy.deepcopy(replacement))

        self.apply(change)
        self.autosave()
        if recovery.source is not None:
            recovery_files.forget(recovery.source)

    def discard(self, recoveries: list[FleetRecovery]) -> None:
        """Remove recovery files left behind (the player chose to discard them)."""
        for recovery in recoveries:
            if recovery.source is not None:
                recovery_files.forget(recovery.source)


def open_fleet_session(path: Path, recovery_dir: Path) -> FleetSession:
    """A fleet file opened for editing; `FleetReadError` if it (or a design it names) is
    unreadable."""
    try:
        data, known = read_with_digest(path)
    except DesignReadError as exc:
        raise FleetReadError(exc.file, exc.problem, exc.field) from None
    if not isinstance(data, dict):
        raise FleetReadError(str(path), "expected a table of names and values")
    return FleetSession(data, path, str(path), recovery_dir, known=known)


def new_fleet_session(ruleset: str, recovery_dir: Path, budget: int | None = None,
                      name: str = "New fleet") -> FleetSession:
    return FleetSession(new_fleet_data(ruleset, name, budget), None, "new fleet", recovery_dir)
