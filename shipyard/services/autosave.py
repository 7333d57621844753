"""Recovery files written on a thread of their own, the newest content only.

The designer autosaves after every edit; writing a file safely (a temporary
file, flushed to the disk, moved into place) takes milliseconds, tens of them
on a busy disk, which the player would feel between two keys. An `Autosaver`
takes the content to write and returns at once; its thread writes it. Content
given again for the same file before it was written replaces it: a burst of
keys is one write. `drop` waits for a write under way and cancels the one
waiting, so that a save (which removes the recovery file) is never followed by
an older autosave bringing it back. No user interface here.
"""

from __future__ import annotations

import threading
from pathlib import Path

from shipyard.core.errors import ShipyardError
from shipyard.core.files import write_atomic


class Autosaver:
    """One writer thread for recovery files; `None` as content removes the file."""

    def __init__(self) -> None:
        self.pending: dict[Path, bytes | None] = {}
        self.problem: str | None = None  # the last write that failed, in one line
        self._lock = threading.Lock()  # held while the thread writes
        self._changed = threading.Condition()
        self._thread: threading.Thread | None = None

    def put(self, path: Path, content: bytes | None) -> None:
        """Write `content` to `path` (or remove it) soon, on the writer thread."""
        with self._changed:
            self.pending[path] = content
            self._changed.notify()
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="autosave",
                                                daemon=True)
                self._thread.start()

    def drop(self, path: Path) -> None:
        """Forget what is waiting for `path`, and wait for a write of it under way."""
        with self._changed:
            self.pending.pop(path, None)
        with self._lock:
            pass

    def flush(self) -> None:
        """Write everything waiting, now, on the caller's thread."""
        with self._lock:
            with self._changed:
                waiting, self.pending = self.pending, {}
            for path, content in waiting.items():
                self._write(path, content)

    def _run(self) -> None:
        while True:
            with self._changed:
                while not self.pending:
                    self._changed.wait()
            with self._lock:
                with self._changed:
                    if not self.pending:
                        continue
                    path = next(iter(self.pending))
                    content = self.pending.pop(path)
                self._write(path, content)

    def _write(self, path: Path, content: bytes | None) -> None:
        try:
            if content is None:
                path.unlink(missing_ok=True)
            else:
                path.parent.mkdir(parents=True, exist_ok=True)
                write_atomic(path, content)
        except (OSError, ShipyardError) as exc:
            self.problem = str(exc)
