"""Reading a user's JSON or TOML file safely: one clear line for anything wrong.

Hostile files are refused with a reason (over 2 MB, binary, not UTF-8, a
folder or a pipe, NaN or Infinity, duplicate keys, nesting too deep) before
any ruleset looks at them.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import tempfile
import tomllib
from pathlib import Path
from typing import Any, Literal

from shipyard.core.errors import DesignReadError, WriteError

MAX_FILE_BYTES = 2_000_000


def _reject_constant(name: str) -> None:
    raise ValueError(f"{name} is not a number JSON allows")


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"duplicate key {key!r}")
        out[key] = value
    return out


def load_text(text: str, file: str, fmt: Literal["json", "toml"]) -> object:
    """Parse JSON or TOML text; raise `DesignReadError` with the reason."""
    if not text.strip():
        raise DesignReadError(file, "file is empty")
    if fmt == "toml":
        try:
            return tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise DesignReadError(file, f"not valid TOML ({exc})") from None
        except RecursionError:
            raise DesignReadError(file, "not valid TOML (nested too deeply)") from None
    try:
        return json.loads(text, parse_constant=_reject_constant, object_pairs_hook=_no_duplicates)
    except json.JSONDecodeError as exc:
        where = f"line {exc.lineno}, column {exc.colno}"
        raise DesignReadError(file, f"not valid JSON ({where}: {exc.msg})") from None
    except RecursionError:
        raise DesignReadError(file, "not valid JSON (nested too deeply)") from None
    except ValueError as exc:
        raise DesignReadError(file, f"not valid JSON ({exc})") from None


def read_raw(path: Path) -> bytes:
    """The bytes of a user's file, refusing a folder, a pipe or one too large to be a design,
    with a clear reason."""
    file = str(path)
    try:
        if path.is_dir():
            raise DesignReadError(file, "is a folder, not a file")
        if path.exists() and not path.is_file():
            raise DesignReadError(file, "not a regular file")
        with path.open("rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        raise DesignReadError(file, "no such file") from None
    except PermissionError:
        raise DesignReadError(file, "permission denied") from None
    except OSError as exc:
        raise DesignReadError(file, f"cannot read ({exc.strerror or exc})") from None
    if len(raw) > MAX_FILE_BYTES:
        raise DesignReadError(file, f"file is larger than {MAX_FILE_BYTES // 1_000_000} MB")
    return raw


def text_of(raw: bytes, file: str) -> str:
    """A file's bytes as text, refusing binary data and what is not UTF-8."""
    if b"\0" in raw:
        raise DesignReadError(file, "not a text file (binary data)")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise DesignReadError(file, "not a text file (not UTF-8)") from None


def read_text(path: Path) -> str:
    """Read a user's text file, refusing what is not one, with a clear reason."""
    return text_of(read_raw(path), str(path))


def digest(content: bytes) -> str:
    """What a file holds, in a few characters: equal digests, equal contents."""
    return hashlib.sha256(content).hexdigest()


def file_format(path: Path) -> Literal["json", "toml"]:
    return "toml" if path.suffix.lower() == ".toml" else "json"


def read_data(path: Path) -> object:
    """Read a JSON or TOML file (by its suffix) into plain data."""
    return load_text(read_text(path), str(path), file_format(path))


_SURROGATE = re.compile("[\ud800-\udfff]")


def encodable(text: str) -> str:
    """`text` with each lone surrogate, which UTF-8 cannot carry, as its `\\ud800` escape."""
    return _SURROGATE.sub(lambda match: f"\\u{ord(match.group()):04x}", text)


def json_text(data: object) -> str:
    """JSON as a person reads it (every script as written), indented; a lone surrogate
    stays a `\\ud800` escape (which reads back as the same text), so it always encodes."""
    return encodable(json.dumps(data, indent=2, ensure_ascii=False))


def check_writable(path: Path) -> None:
    """Raise `WriteError` unless `write_atomic(path, ...)` can succeed: the target is no
    folder, its folder exists, and a file can be made there (tried, then removed)."""
    folder = path.parent if str(path.parent) else Path(".")
    try:
        if path.is_dir():
            raise WriteError(f"{path}: is a folder; give a file name")
        if path.exists() and not path.is_file():
            raise WriteError(f"{path}: not a regular file")
        if not folder.is_dir():
            raise WriteError(f"{path}: no such folder {folder}")
        handle, probe = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise WriteError(f"{path}: cannot write ({exc.strerror or exc})") from None
    os.close(handle)
    Path(probe).unlink(missing_ok=True)


def write_atomic(path: Path, content: bytes) -> None:
    """Write `content` to `path` through a temporary file and `os.replace`."""
    folder = path.parent if str(path.parent) else Path(".")
    try:
        handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp",
                                             dir=folder)
    except OSError as exc:
        raise WriteError(f"{path}: cannot write ({exc.strerror or exc})") from None
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(content)
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temporary, 0o644)
        os.replace(temporary, path)
    except OSError as exc:
        Path(temporary).unlink(missing_ok=True)
        raise WriteError(f"{path}: cannot write ({exc.strerror or exc})") from None
