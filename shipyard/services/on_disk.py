"""Whether the file a session edits changed on disk since the session read or wrote it.

Another tab of `shipyard serve`, another terminal or another program may write
the file a designer has open. A session keeps the digest of the bytes it last
read or wrote (`known`); `look` reads the file again and compares contents,
never times alone: a file merely touched is unchanged, a file rewritten within
the same second is changed. `differences` says in one line what differs
between the design (or fleet) here and the one on disk. No user interface here.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from shipyard.core.errors import ReadError, ShipyardError
from shipyard.core.files import digest, file_format, load_text, read_raw, text_of
from shipyard.core.visible import visible

SHOWN = 3  # differences named in one line; the rest are counted
LONGEST = 24  # characters of a value shown before "…"


@dataclass(frozen=True)
class DiskChange:
    """The file as it is on disk now, when it is no longer what the session knows."""

    path: Path
    digest: str | None  # of its bytes; None: the file is gone
    data: object | None  # what it holds, when it reads as JSON or TOML
    problem: str | None  # why it does not read

    @property
    def removed(self) -> bool:
        return self.digest is None


def read_with_digest(path: Path) -> tuple[object, str]:
    """A user's JSON or TOML file as data, and the digest of its bytes (`DesignReadError`
    if it cannot be read)."""
    raw = read_raw(path)
    return load_text(text_of(raw, str(path)), str(path), file_format(path)), digest(raw)


def digest_of(path: Path | None) -> str | None:
    """The digest of the file at `path` now; None when there is no file to read."""
    if path is None:
        return None
    try:
        return digest(read_raw(path))
    except ShipyardError:
        return None


def look(path: Path | None, known: str | None) -> DiskChange | None:
    """The file at `path` if it no longer holds what the session knows (`known`: the digest
    of what it last read or wrote, None for no file); None if it is unchanged."""
    if path is None:
        return None
    try:
        raw = read_raw(path)
    except ReadError:
        if not path.exists() and not path.is_symlink():
            return None if known is None else DiskChange(path, None, None, None)
        return None  # there, but not to be read now (a folder, no permission): no news
    now = digest(raw)
    if now == known:
        return None
    try:
        data = load_text(text_of(raw, str(path)), str(path), file_format(path))
    except ReadError as exc:
        return DiskChange(path, now, None, exc.problem)
    return DiskChange(path, now, data, None)


def differences(here: object, there: object, path: str = "") -> list[tuple[str, object, object]]:
    """Every place where two designs' (or fleets') data differ: (path, here, there), in the
    order of the data, a list of plain values (arcs) compared whole."""
    if isinstance(here, dict) and isinstance(there, dict):
        found = []
        for key in [*here, *(k for k in there if k not in here)]:
            inner = f"{path}.{key}" if path else str(key)
            found += differences(here.get(key), there.get(key), inner)
        return found
    if isinstance(here, list) and isinstance(there, list) and len(here) == len(there) \
            and any(isinstance(item, dict | list) for item in [*here, *there]):
        found = []
        for index, (mine, theirs) in enumerate(zip(here, there, strict=True)):
            found += differences(mine, theirs, f"{path}[{index}]")
        return found
    return [] if here == there else [(path or "(all)", here, there)]


def shown(value: object) -> str:
    """A value as one line shows it, cut short."""
    if value is None:
        text = "none"
    elif isinstance(value, str):
        text = repr(value)
    elif isinstance(value, list) and all(not isinstance(v, dict | list) for v in value):
        text = "[" + ", ".join(str(v) for v in value) + "]"
    elif isinstance(value, list):
        text = f"{len(value)} entries"
    else:
        text = str(value)
    text = visible(text)
    return text if len(text) <= LONGEST else text[:LONGEST - 1] + "…"


def summary(here: object, there: object) -> str:
    """What differs between the data here and on disk, in one line: "systems.capacitor 8
    (here 6), name 'Lancer II' (here 'Lancer') and 2 more"; "" when nothing does."""
    found = differences(here, there)
    parts = [f"{path} {shown(theirs)} (here {shown(mine)})"
             for path, mine, theirs in found[:SHOWN]]
    text = ", ".join(parts)
    if len(found) > SHOWN:
        text += f" and {len(found) - SHOWN} more"
    return text
