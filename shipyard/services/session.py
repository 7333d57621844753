"""The designer's working file: open, save atomically, autosave and recover.

No user interface here, so the file rules can be tested on their own: a save
goes to a temporary file that is moved into place; every edit is also
written to a recovery file of this session's own (`services/recovery.py`),
offered back on the next launch if the designer did not close cleanly. The
session knows what the file held when it read or wrote it last (its digest),
so that a file changed on disk since (another tab, terminal or program) is
never written over unasked (`services/on_disk.py`).
"""

from __future__ import annotations

import json
import os
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from shipyard.core.errors import DesignReadError, WriteError
from shipyard.core.files import digest, write_atomic
from shipyard.core.issues import Agreement
from shipyard.core.neutral import Ruleset
from shipyard.core.protocol import Design
from shipyard.services import recovery as recovery_files
from shipyard.services.autosave import Autosaver
from shipyard.services.editing import Workbench
from shipyard.services.on_disk import DiskChange, digest_of, look, read_with_digest
from shipyard.services.registry import parse_design, read_design, ruleset_option
from shipyard.services.samples import resolve, sample_name, sample_paths

STARTER = "starter"
NEW_NAME = "New design"
RECOVERY_SCHEMA = "shipyard.recovery/1"


def state_folder() -> Path:
    """Where recovery files live: $SHIPYARD_STATE_DIR, else the XDG state folder."""
    explicit = os.environ.get("SHIPYARD_STATE_DIR")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base) / "shipyard"


def is_sample(path: Path) -> bool:
    try:
        return path.resolve() in {sample.resolve() for sample in sample_paths()}
    except OSError:
        return False


def saves_in_place(path: Path | None) -> bool:
    """A file the designer may overwrite: a JSON design of the player's own."""
    if path is None or is_sample(path):
        return False
    name = path.name.lower()
    return name.endswith(".json") and not name.endswith(".ssd.json")


def file_stem(name: str) -> str:
    """A name as a file name: letters, digits, dashes and underscores kept, every run of
    other characters one dash ("Optimized (299 points)" -> "optimized-299-points")."""
    stem = re.sub(r"[^\w-]+", "-", name.lower())
    return re.sub(r"-{2,}", "-", stem).strip("-")


def why_a_new_name(path: Path | None, title: str) -> str:
    """Why a save asks for a file name rather than writing over the design's own file."""
    if path is None:
        if title.startswith("sample:"):
            return f"{title} is a bundled sample, which Shipyard never writes over."
        return "The design is in no file yet."
    if is_sample(path):
        return f"{path.name} is a bundled sample, which Shipyard never writes over."
    name = path.name.lower()
    if name.endswith(".ssd.json"):
        return (f"{path.name} is a record-sheet document (an export); the design is saved "
                "as a design file of its own.")
    if name.endswith(".toml"):
        return (f"{path.name} is a TOML design: Shipyard saves designs as JSON, and never "
                "writes over the file you gave it in another format.")
    return f"{path.name} is not a JSON design file."


def suggested_path(design: Design, current: Path | None) -> Path:
    """Where save-as proposes to write: `<name>.ship.json` beside the current file."""
    stem = file_stem(design.name) or "design"
    folder = Path(".") if current is None or is_sample(current) else current.parent
    return folder / f"{stem}.ship.json"


def design_path(answer: str) -> Path:
    """A file name typed for a design, with `.ship.json` added when it has no JSON suffix."""
    path = Path(answer.strip()).expanduser()
    if not path.name.lower().endswith(".json"):
        path = path.with_name(path.name + ".ship.json")  # the design format is JSON
    return path


def starter_design(name: str = "") -> Design:
    design = read_design(resolve(f"sample:{STARTER}"))
    if not name:
        return design
    data = design.to_data()
    data["name"] = name
    return parse_design(data)


def fresh_design(ruleset: Ruleset, name: str = NEW_NAME) -> Design:
    """A game's new design: its bundled starter sample if it has one, else its own blank."""
    for path in ruleset.samples():
        if sample_name(path) == STARTER:
            data = read_design(path).to_data()
            data["name"] = name
            return parse_design(data, str(path))
    return ruleset.new_design(name)


def name_of_file(path: Path) -> str:
    """A new design's name from its file: `heavy-raider.ship.json` is "Heavy Raider"."""
    return path.name.split(".")[0].replace("-", " ").replace("_", " ").title() or NEW_NAME


@dataclass
class Recovery:
    """A design autosaved for a file (or for an unsaved design) by a session that did not
    close cleanly, when, what the designer called it then (the file, or e.g.
    `sample:hive`), and the recovery file that holds it (`source`)."""

    file: Path | None
    design: Design
    saved_at: float
    title: str
    source: Path | None = None


@dataclass
class Session(recovery_files.Keeper):
    """The file being designed: its path (None: not saved yet) and its workbench."""

    workbench: Workbench
    path: Path | None
    title: str
    recovery_dir: Path = field(default_factory=state_folder)
    writer: Autosaver | None = None  # autosaves on a thread of their own; None: at once
    fresh: bool = False  # a design just started (a new file, a new design), not one opened
    known: str | None = None  # the digest of the file as last read or written here
    name: str = field(default_factory=recovery_files.new_session)  # this session's own
    claim: recovery_files.Claim | None = field(default=None, repr=False)
    outside: DiskChange | None = None  # the file as found changed on disk, told, not settled

    @property
    def design(self) -> Design:
        return self.workbench.design

    @property
    def untouched(self) -> bool:
        """A design just started and not edited since: starting another loses nothing."""
        return self.fresh and not self.workbench.undo_stack

    @property
    def can_save_in_place(self) -> bool:
        return saves_in_place(self.path)

    def recovery_key(self) -> str:
        return recovery_files.key_of(str(self.path.resolve()) if self.path is not None
                                     else "(untitled)")

    def save(self, path: Path | None = None) -> Path:
        """Write the design as JSON, atomically; the session then names that file.

        It does not look at what the file holds now: `look_on_disk` first (the
        designer asks before writing over a file changed on disk).
        """
        target = path if path is not None else self.path
        if target is None:
            raise WriteError("no file to save to: use save as")
        old_recovery = self.recovery_file()
        content = self.design.to_json().encode()
        write_atomic(target, content)
        self.path = target
        self.known = digest(content)
        self.outside = None
        self.title = str(target)
        self.workbench.mark_saved()
        self._forget(old_recovery)
        self._forget(self.recovery_file())
        return target

    def look_on_disk(self) -> DiskChange | None:
        """The file as it is on disk now, if it changed since this session read or wrote it
        (by its content); None if it did not, or there is no file."""
        return look(self.path, self.known)

    def disk_design(self, change: DiskChange) -> Design:
        """The design a changed file holds (`DesignReadError` if it is not one)."""
        if change.data is None:
            raise DesignReadError(str(change.path), change.problem or "the file is gone")
        return parse_design(change.data, str(change.path))

    def reload(self, change: DiskChange) -> None:
        """Take the file as it is on disk, as one edit (undo returns to the design as it was
        here), and count it as saved; `DesignReadError` if it is not a design."""
        design = self.disk_design(change)
        replacement = design.to_data()

        def take(data: dict[str, Any]) -> None:
            data.clear()
            data.update(replacement)

        self.workbench.apply(take)
        self.workbench.mark_saved()
        self.known = change.digest
        self.outside = None
        self._forget(self.recovery_file())

    def recovery_record(self) -> bytes:
        """What the recovery file holds: the design, its file, its title and when."""
        record = {"schema": RECOVERY_SCHEMA,
                  "file": str(self.path) if self.path is not None else None,
                  "title": self.title, "saved_at": time.time(), "session": self.name,
                  "design": self.design.to_data()}
        return json.dumps(record).encode()

    def autosave(self) -> None:
        """Keep the working design in the recovery file (or clear it when saved)."""
        target = self.recovery_file()
        content = self.recovery_record() if self.workbench.changed else None
        if content is not None:
            self.hold(target)
        if self.writer is not None:
            self.writer.put(target, content)
            return
        if content is None:
            target.unlink(missing_ok=True)
            return
        target.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(target, content)

    def rescue(self) -> Path | None:
        """Write the recovery file now, on this thread (the designer is stopping on an
        error); the file, or None if there is nothing unsaved to keep."""
        target = self.recovery_file()
        if self.writer is not None:
            self.writer.drop(target)
        if not self.workbench.changed:
            return None
        self.hold(target)
        target.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(target, self.recovery_record())
        return target

    def _forget(self, recovery: Path) -> None:
        if self.writer is not None:
            self.writer.drop(recovery)
        self.let_go(recovery)

    def discard_recovery(self) -> None:
        self._forget(self.recovery_file())

    def pending_recoveries(self) -> list[Recovery]:
        """The recovery files other sessions left for this file (or for an unsaved design)
        and that differ from the design here, newest first."""
        found = []
        for source in self.others():
            recovery = read_recovery(source, self.title)
            if recovery is not None and recovery.design != self.design:
                found.append(recovery)
        return sorted(found, key=lambda r: r.saved_at, reverse=True)

    def pending_recovery(self) -> Recovery | None:
        """The newest of `pending_recoveries`, if any."""
        found = self.pending_recoveries()
        return found[0] if found else None

    def recover(self, recovery: Recovery) -> None:
        """Take the recovered design as one edit, so that undo returns to the file; the
        work then lives in this session's own recovery file, and its source goes."""
        replacement = recovery.design.to_data()

        def change(data: dict[str, Any]) -> None:
            data.clear()
            data.update(replacement)

        self.workbench.apply(change)
        self.rescue()  # kept here before the source goes
        if recovery.source is not None:
            recovery_files.forget(recovery.source)

    def discard(self, recoveries: list[Recovery]) -> None:
        """Remove recovery files left behind (the player chose to discard them)."""
        for recovery in recoveries:
            if recovery.source is not None:
                recovery_files.forget(recovery.source)

    def replace(self, design: Design, path: Path | None, title: str,
                fresh: bool = False) -> None:
        """Start over on another design (open / new), with a fresh history."""
        self.workbench = Workbench(design, self.workbench.scenario,
                                   catalog_root=self.workbench.catalog_root)
        self.path = path
        self.known = digest_of(path)
        self.outside = None
        self.title = title
        self.fresh = fresh


def read_recovery(source: Path, title: str) -> Recovery | None:
    """A recovery file's design, file, time and title; None if it cannot be read."""
    try:
        record: Any = json.loads(source.read_text(encoding="utf-8"))
        design = parse_design(record["design"], str(source))
        saved_at = float(record["saved_at"])
    except (OSError, ValueError, KeyError, TypeError, DesignReadError):
        return None
    file = record.get("file")
    named = record.get("title")
    return Recovery(Path(file) if isinstance(file, str) else None, design, saved_at,
                    named if isinstance(named, str) else title, source)


def open_session(file: Path | None, budget: int | None = None,
                 recovery_dir: Path | None = None, catalog: Path | None = None,
                 ruleset: str | None = None, hyper_bombs: bool = False) -> Session:
    """The session for `shipyard` (starter) or `shipyard design FILE`.

    An unreadable FILE raises `DesignReadError`; a missing one starts a new
    design (the game's starter, named after the file) that will be saved there.
    `ruleset` is the game of that new design (default: the default game); given
    for a file that exists, it must be that design's game. `catalog` is a
    house-rules catalog folder that prices the design instead of the bundled one
    (a `CatalogError` if it cannot be read). `hyper_bombs`: the scenario allows them.
    """
    scenario = Agreement(budget=budget, hyper_bombs_allowed=hyper_bombs)
    folder = recovery_dir if recovery_dir is not None else state_folder()
    root = None if catalog is None else str(catalog)
    game = None if ruleset is None else ruleset_option(ruleset)

    def bench(design: Design) -> Workbench:
        return Workbench(design, scenario, catalog_root=root)

    def opened(design: Design, argument: str) -> Design:
        if game is not None and design.ruleset != game.name:
            raise DesignReadError(argument, f"is a {design.ruleset} design, not {game.name} "
                                  "(--ruleset chooses the game of a new design only)",
                                  "ruleset")
        return design
    if file is None:
        if game is not None:
            workbench = bench(fresh_design(game))
            workbench.mark_unsaved()
            return Session(workbench, None, "new design", folder, fresh=True)
        return Session(bench(starter_design()), None, "starter design", folder)
    path = resolve(str(file))
    if str(file).startswith("sample:"):
        return Session(bench(opened(read_design(path), str(file))), None, str(file), folder)
    if not path.exists() and not path.is_symlink():
        if not path.parent.is_dir():
            raise DesignReadError(str(file), "no such folder to start a new design in")
        name = name_of_file(path)
        workbench = bench(fresh_design(game, name) if game is not None
                          else starter_design(name))
        workbench.mark_unsaved()
        return Session(workbench, path, f"{path} (new)", folder, fresh=True)
    data, known = read_with_digest(path)
    return Session(bench(opened(parse_design(data, str(path)), str(file))), path, str(path),
                   folder, known=known)

