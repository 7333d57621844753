"""Recovery files: one a session, so that no session's unsaved work replaces another's.

Every designer (a terminal, each tab of `shipyard serve`) keeps its unsaved
work in a recovery file of its own, named by what it edits (the digest of
the file's path, `key`) and by the session: `recovery/<key>.<session>.json`.
While its work is there, the session holds a lock on `<key>.<session>.lock`,
which the system lets go of however the process ends (a clean quit, a crash,
kill -9, Ctrl+C on `serve`). Another launch on the same file therefore tells
the files of sessions still at work from those left behind, and offers only
those. A session writes and removes its own file only. No user interface
here.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import secrets
from pathlib import Path
from typing import IO

try:
    import fcntl
except ImportError:  # no advisory locks here: every other session's file counts as left
    fcntl = None  # type: ignore[assignment]

FOLDER = "recovery"


def new_session() -> str:
    """A name for this session, unique among those on the machine: the process and a few
    random characters (a process may hold more than one session, as the tests do)."""
    return f"{os.getpid()}-{secrets.token_hex(3)}"


def key_of(what: str) -> str:
    """The part of a recovery file's name that says what it is for (a file, or untitled)."""
    return hashlib.sha256(what.encode()).hexdigest()[:16]


def recovery_path(folder: Path, key: str, session: str) -> Path:
    return folder / FOLDER / f"{key}.{session}.json"


def lock_path(recovery: Path) -> Path:
    return recovery.with_suffix(".lock")


class Claim:
    """A session's hold on its recovery file while it is at work (an advisory lock)."""

    def __init__(self, recovery: Path) -> None:
        self.path = lock_path(recovery)
        self.handle: IO[bytes] | None = None
        if fcntl is None:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.handle = self.path.open("ab")
        fcntl.flock(self.handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)

    def release(self, remove: bool = False) -> None:
        """Let go (the session's work is over); `remove` the lock file too (nothing left)."""
        if remove:
            self.path.unlink(missing_ok=True)
        if self.handle is not None:
            self.handle.close()
            self.handle = None


def at_work(recovery: Path) -> bool:
    """Whether the session of a recovery file is still running (holds its lock)."""
    lock = lock_path(recovery)
    if fcntl is None or not lock.exists():
        return False
    try:
        with lock.open("ab") as handle:
            try:
                fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                return True
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)
    except OSError:
        return False
    return False


def left_behind(folder: Path, key: str, session: str) -> list[Path]:
    """The recovery files for `key` of sessions no longer at work (an older Shipyard's
    `<key>.json` included), never this session's own."""
    found = []
    place = folder / FOLDER
    with contextlib.suppress(OSError):
        for path in sorted(place.glob(f"{key}.*json")):
            owner = path.name[len(key) + 1:-len(".json")] if path.name != f"{key}.json" else ""
            if owner == session or "." in owner or not path.is_file():
                continue
            if not at_work(path):
                found.append(path)
    return found


def forget(recovery: Path) -> None:
    """Remove a recovery file and its lock file (its work saved, discarded or taken up)."""
    recovery.unlink(missing_ok=True)
    lock_path(recovery).unlink(missing_ok=True)


class Keeper:
    """What a session (a design's, a fleet's) does with recovery files: its own, named by
    `recovery_key` and its `name`, held while it exists; and those others left behind."""

    recovery_dir: Path
    name: str
    claim: Claim | None

    def recovery_key(self) -> str:
        raise NotImplementedError

    def recovery_file(self) -> Path:
        """This session's own recovery file (no other session writes it)."""
        return recovery_path(self.recovery_dir, self.recovery_key(), self.name)

    def hold(self, target: Path) -> None:
        """Hold this session's lock while its recovery file `target` exists."""
        if self.claim is None or self.claim.path != lock_path(target):
            if self.claim is not None:
                self.claim.release(remove=True)
            self.claim = Claim(target)

    def let_go(self, recovery: Path) -> None:
        """Remove this session's recovery file `recovery` (saved or discarded) and its lock."""
        forget(recovery)
        if self.claim is not None and self.claim.path == lock_path(recovery):
            self.claim.release(remove=True)
            self.claim = None

    def end(self) -> None:
        """The session is over: its recovery file (if any) is left for the next launch."""
        if self.claim is not None:
            self.claim.release()
            self.claim = None

    def others(self) -> list[Path]:
        """The recovery files other sessions left for what this session edits."""
        return left_behind(self.recovery_dir, self.recovery_key(), self.name)
