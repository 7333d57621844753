"""Compiled duel kernels: where numba keeps their machine code, and whether it is ready.

numba compiles a kernel on its first call, about a minute of one core for a whole
engine, and keeps the machine code in a cache. Every kernel of Shipyard is compiled
through `kernel` here, which first points numba's cache at a folder of its own, named
after a stamp of this build: Shipyard's version, numba's and Python's, and a hash of
every kernel source file. A new install or an edited kernel gets a fresh folder, so a
stale cache can never be loaded, and the folder is under `NUMBA_CACHE_DIR` when that is
set (else the user's cache folder), so a read-only install works too.

Readiness is a marker file in that folder, written by the first process that has
called an engine's batch kernel (its machine code is then in the cache): `ready`
reads it, never guessing from numba's own file names.

One process at a time compiles an engine: it holds the engine's compiling lock
(`compiling`), and an engine about to compile in another process first waits for
that lock (`await_compiling`), then loads the machine code from the cache instead
of building it a second time.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.metadata
import os
import platform
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any, TypeVar, cast

from shipyard import __version__
from shipyard.core import rules

try:  # POSIX: a lock that dies with the process holding it
    import fcntl
except ImportError:  # pragma: no cover - not on the machines Shipyard is tested on
    fcntl = None  # type: ignore[assignment]

Function = TypeVar("Function", bound=Callable[..., Any])
# numba itself is imported only where a kernel is made: a command that fights no duel
# (cost, validate, export) starts without it.
PACKAGE = Path(__file__).resolve().parent.parent  # the `shipyard` package folder
KERNEL_FOLDERS = ("fast", "rules")  # package folders of these names hold kernel sources


def kernel_sources() -> list[Path]:
    """Every file whose text goes into compiled machine code, in a fixed order."""
    here = Path(__file__).resolve()
    fixed = [here, here.with_name("compiled_dice.py"), here.with_name("dice.py"),
             here.with_name("rules.py")]
    found = sorted(p for p in PACKAGE.rglob("*.py")
                   if any(folder in p.parent.parts for folder in KERNEL_FOLDERS))
    return fixed + found


@cache
def numba_version() -> str:
    return importlib.metadata.version("numba")


@cache
def stamp() -> str:
    """This build's kernels in a few characters: versions, platform, kernel sources."""
    digest = hashlib.sha256()
    for part in (__version__, numba_version(), sys.version, platform.machine()):
        digest.update(part.encode() + b"\0")
    for path in kernel_sources():
        # The file's time too: numba's own cache index keys on it, and an engine marked
        # ready must load from the cache, never compile again in the first duel.
        stat = path.stat()
        digest.update(f"{path.relative_to(PACKAGE).as_posix()}:{stat.st_mtime_ns}:"
                      f"{stat.st_size}".encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def _base() -> Path:
    given = os.environ.get("NUMBA_CACHE_DIR")
    if given:
        return Path(given)
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg else Path.home() / ".cache") / "shipyard"


def _writable(folder: Path) -> bool:
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".probe-"):
            pass
    except OSError:
        return False
    return True


@cache
def cache_folder() -> Path:
    """Where this build's machine code and readiness markers live (created on first use).

    Each use marks the folder as used now, and the folders of other builds beyond the
    `KEEP` most recently used are removed (every install or kernel edit makes a new
    folder of some 40 MB)."""
    folder = _base() / f"kernels-{stamp()}"
    if not _writable(folder):  # a read-only home: a folder of this user's in the temp folder
        folder = Path(tempfile.gettempdir()) / f"shipyard-{os.getuid()}" / f"kernels-{stamp()}"
        folder.mkdir(parents=True, exist_ok=True)
    with contextlib.suppress(OSError):
        os.utime(folder)
        prune(folder.parent, keep=KEEP)
    return folder


KEEP = 4  # kernel folders of other builds kept, the most recently used first


def prune(base: Path, keep: int) -> list[Path]:
    """Remove the `kernels-*` folders in `base` beyond the `keep` most recently used
    (the build using one marks it on each start); the folders removed."""
    found = []
    for entry in base.glob("kernels-*"):
        with contextlib.suppress(OSError):
            if entry.is_dir() and not entry.is_symlink():
                found.append((entry.stat().st_mtime, entry))
    found.sort(reverse=True)
    removed = [path for _, path in found[keep:]]
    for path in removed:
        shutil.rmtree(path, ignore_errors=True)
    return removed


def _point_numba_here() -> Any:
    """numba, its cache pointed at `cache_folder`."""
    import numba
    from numba.extending import register_jitable

    numba.config.CACHE_DIR = str(cache_folder())  # type: ignore[attr-defined]
    rules.register_all(register_jitable)  # every rule function compiles into kernels
    return numba


def _one_build_for_any_value(dispatcher: Any) -> Any:
    """Compile a kernel called from another kernel once for its argument types, not once
    for every constant a caller passes (numba's default builds a copy for `side=0` and
    another for `side=1`, which doubled the compile time of an engine). A kernel that
    needs a constant (to index a tuple, say) still gets its copy per constant."""
    from numba.core import errors, types

    by_constant = dispatcher.get_call_template
    unliteral: Callable[[Any], Any] = types.unliteral

    def get_call_template(args: tuple[Any, ...], kws: dict[str, Any]) -> Any:
        plain = tuple(unliteral(arg) for arg in args)
        plain_kws = {key: unliteral(value) for key, value in kws.items()}
        try:
            return by_constant(plain, plain_kws)
        except errors.TypingError:
            return by_constant(args, kws)

    dispatcher.get_call_template = get_call_template
    return dispatcher


def kernel(function: Function) -> Function:
    """Compile with numba on first call, cached in `cache_folder`, releasing the GIL."""
    numba = _point_numba_here()
    compiled = numba.njit(cache=True, nogil=True)(function)
    return cast(Function, _one_build_for_any_value(compiled))


def lean_kernel(function: Function) -> Function:
    """`kernel` without numba's reference counting, for kernels that only read and write
    arrays their caller owns."""
    numba = _point_numba_here()
    compiled = numba.njit(cache=True, nogil=True, _nrt=False)(function)
    return cast(Function, _one_build_for_any_value(compiled))


def inline_kernel(function: Function) -> Function:
    """`lean_kernel`, also inlined where it is called (small helpers of hot loops)."""
    numba = _point_numba_here()
    compiled = numba.njit(cache=True, nogil=True, _nrt=False, inline="always")(function)
    return cast(Function, _one_build_for_any_value(compiled))


def _marker(name: str) -> Path:
    return cache_folder() / f"ready-{name}"


def compiled_here(function: Callable[..., Any]) -> bool:
    """Whether a kernel has been compiled (or loaded from the cache) in this process."""
    return bool(getattr(function, "signatures", ()))


def ready(name: str) -> bool:
    """Whether the engine `name` is compiled and its machine code cached for this build."""
    return _marker(name).exists()


def mark_ready(name: str) -> None:
    """Record that the engine `name` has been compiled (its batch kernel has run)."""
    marker = _marker(name)
    if not marker.exists():
        # A cache that cannot be written: the next process compiles again.
        with contextlib.suppress(OSError):
            marker.write_text(f"{__version__} {numba_version()}\n")


_HOLDING: set[str] = set()  # engines whose compiling lock this process holds


def _lock_path(name: str) -> Path:
    return cache_folder() / f"warming-{name}.lock"


@contextlib.contextmanager
def compiling(name: str, wait: bool) -> Iterator[bool]:
    """The engine's compiling lock: yields True when held here, False when another
    process holds it (`wait` False) ; with `wait`, blocks until it is free."""
    if fcntl is None:  # pragma: no cover
        yield True
        return
    handle = open(_lock_path(name), "ab")  # noqa: SIM115 - held till the end
    try:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
        except BlockingIOError:
            yield False
            return
        _HOLDING.add(name)
        try:
            yield True
        finally:
            _HOLDING.discard(name)
    finally:
        handle.close()  # releases the lock


def await_compiling(name: str) -> None:
    """Before an engine compiles on its first call: if another process is compiling it,
    wait until that one is done, so that its machine code is loaded from the cache."""
    if name in _HOLDING or ready(name):
        return
    with compiling(name, wait=True):
        pass
