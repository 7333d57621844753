"""The designer's working file: open, save atomically, autosave and recover.

No user interface here, so the file rules can be tested on their own: a save
goes to a temporary file that is moved into place; every edit is also
written to a recovery file, offered back on the next launch if the designer
did not close cleanly.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from shipyard.core.errors import DesignReadError, WriteError
from shipyard.core.files import write_atomic
from shipyard.core.issues import Agreement
from shipyard.core.neutral import Ruleset
from shipyard.core.protocol import Design
from shipyard.services.autosave import Autosaver
from shipyard.services.editing import Workbench
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


def suggested_path(design: Design, current: Path | None) -> Path:
    """Where save-as proposes to write: `<name>.ship.json` beside the current file."""
    stem = "".join(c if c.isalnum() or c in "-_" else "-" for c in design.name.lower())
    stem = stem.strip("-") or "design"
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
    """A design autosaved for a file (or for an unsaved design), when, and what the
    designer called it then (the file, or e.g. `sample:hive`)."""

    file: Path | None
    design: Design
    saved_at: float
    title: str


@dataclass
class Session:
    """The file being designed: its path (None: not saved yet) and its workbench."""

    workbench: Workbench
    path: Path | None
    title: str
    recovery_dir: Path = field(default_factory=state_folder)
    writer: Autosaver | None = None  # autosaves on a thread of their own; None: at once
    fresh: bool = False  # a design just started (a new file, a new design), not one opened

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

    def recovery_file(self) -> Path:
        key = str(self.path.resolve()) if self.path is not None else "(untitled)"
        digest = hashlib.sha256(key.encode()).hexdigest()[:16]
        return self.recovery_dir / "recovery" / f"{digest}.json"

    def save(self, path: Path | None = None) -> Path:
        """Write the design as JSON, atomically; the session then names that file."""
        target = path if path is not None else self.path
        if target is None:
            raise WriteError("no file to save to: use save as")
        old_recovery = self.recovery_file()
        write_atomic(target, self.design.to_json().encode())
        self.path = target
        self.title = str(target)
        self.workbench.mark_saved()
        self._forget(old_recovery)
        self._forget(self.recovery_file())
        return target

    def recovery_record(self) -> bytes:
        """What the recovery file holds: the design, its file, its title and when."""
        record = {"schema": RECOVERY_SCHEMA,
                  "file": str(self.path) if self.path is not None else None,
                  "title": self.title, "saved_at": time.time(),
                  "design": self.design.to_data()}
        return json.dumps(record).encode()

    def autosave(self) -> None:
        """Keep the working design in the recovery file (or clear it when saved)."""
        target = self.recovery_file()
        content = self.recovery_record() if self.workbench.changed else None
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
        target.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(target, self.recovery_record())
        return target

    def _forget(self, recovery: Path) -> None:
        if self.writer is not None:
            self.writer.drop(recovery)
        recovery.unlink(missing_ok=True)

    def discard_recovery(self) -> None:
        self._forget(self.recovery_file())

    def pending_recovery(self) -> Recovery | None:
        """A recovery file that differs from the design on disk, if any."""
        target = self.recovery_file()
        try:
            record: Any = json.loads(target.read_text(encoding="utf-8"))
            design = parse_design(record["design"], str(target))
            saved_at = float(record["saved_at"])
        except (OSError, ValueError, KeyError, TypeError, DesignReadError):
            return None
        if design == self.design:
            return None
        file = record.get("file")
        title = record.get("title")
        return Recovery(Path(file) if isinstance(file, str) else None, design, saved_at,
                        title if isinstance(title, str) else self.title)

    def recover(self, recovery: Recovery) -> None:
        """Take the recovered design as one edit, so that undo returns to the file."""
        replacement = recovery.design.to_data()

        def change(data: dict[str, Any]) -> None:
            data.clear()
            data.update(replacement)

        self.workbench.apply(change)

    def replace(self, design: Design, path: Path | None, title: str,
                fresh: bool = False) -> None:
        """Start over on another design (open / new), with a fresh history."""
        self.workbench = Workbench(design, self.workbench.scenario,
                                   catalog_root=self.workbench.catalog_root)
        self.path = path
        self.title = title
        self.fresh = fresh


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
    return Session(bench(opened(read_design(path), str(file))), path, str(path), folder)
