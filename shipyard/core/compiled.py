"""Compiled duel kernels: where numba keeps their machine code, and whether it is ready.

numba compiles a kernel on its first call, about a minute of one core for a whole
engine, and keeps the machine code in a cache. Every kernel of Shipyard (and of a game
installed as a package of its own) is compiled through `kernel` here. Its machine code
goes to a build folder named after a stamp of the kernel's package: Shipyard's version,
numba's and Python's, and the content of every kernel source (every file in a folder
named `fast` or `rules`: rule functions, column layouts and kernels alike, with
Shipyard's own kernel sources for a game of another package). The stamp reads content,
never file times, and numba's index is keyed on content too (`KernelLocator`), so a
fresh clone or a second install of the same sources loads the build another made, and
an edited kernel never loads stale code. The folders live under `NUMBA_CACHE_DIR` when
that is set, else the user's cache folder (a read-only home falls back to the temp
folder).

Sharing builds safely:
- Readiness is a marker file in the build folder, written by the first process that has
  called an engine's batch kernel: `ready` reads it.
- One process at a time compiles an engine of a build: it holds the engine's compiling
  lock there (`compiling`); another about to compile it waits for that lock
  (`await_compiling`), then loads the machine code instead of building it again.
- A process using a build holds a shared lock on the folder's `in-use` file for its
  life; `prune` removes the folders of other builds beyond the `KEEP` most recently
  used, and only those it can lock alone: never a build a running process uses.

`NUMBA_DISABLE_JIT=1` runs the kernels as plain Python (slowly, but they fight the same
duels), so they can be stepped in a debugger and measured for coverage.
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
import threading
import time
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
KEEP = 4  # build folders of other builds kept, the most recently used first
IN_USE = "in-use"  # the file a process using a build holds a shared lock on


def interpreted() -> bool:
    """Whether kernels run as plain Python (`NUMBA_DISABLE_JIT=1`)."""
    return os.environ.get("NUMBA_DISABLE_JIT", "0").strip() not in ("", "0")


# -- which sources make a build -----------------------------------------------------------
def package_root(path: Path) -> Path:
    """The top package folder a source file belongs to (the last parent with an
    `__init__.py`, walking up)."""
    root = path.resolve().parent
    while (root.parent / "__init__.py").exists():
        root = root.parent
    return root


def _kernel_files(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob("*.py")
                  if any(folder in p.relative_to(root).parts[:-1] for folder in KERNEL_FOLDERS))


def kernel_sources(root: Path | None = None) -> list[Path]:
    """Every file whose text goes into the machine code of the package at `root` (None:
    Shipyard), in a fixed order: Shipyard's own kernel sources first."""
    here = PACKAGE / "core"
    own = [here / "compiled.py", here / "compiled_dice.py", here / "dice.py",
           here / "rules.py", here / "columns.py", *_kernel_files(PACKAGE)]
    if root is None or root.resolve() == PACKAGE:
        return own
    return [*own, *_kernel_files(root.resolve())]


@cache
def numba_version() -> str:
    return importlib.metadata.version("numba")


@cache
def stamp(root: Path | None = None) -> str:
    """A build in a few characters: versions, platform, the content of its kernel sources
    (never their times: a copy of the same sources anywhere has the same stamp)."""
    base = PACKAGE if root is None else root.resolve()
    digest = hashlib.sha256()
    for part in (__version__, numba_version(), sys.version, platform.machine(), base.name):
        digest.update(part.encode() + b"\0")
    for path in kernel_sources(base):
        name = (path.relative_to(PACKAGE) if path.is_relative_to(PACKAGE)
                else path.relative_to(base.parent))
        digest.update(name.as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


# -- where builds live, and who uses them ---------------------------------------------------
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


_HELD: dict[Path, Any] = {}  # build folders this process uses: their locked in-use files
_HELD_LOCK = threading.Lock()


def _hold(folder: Path) -> None:
    """Mark `folder` as used by this process for its life (a shared lock on its in-use
    file), creating it if a prune removed it meanwhile."""
    if fcntl is None:  # pragma: no cover
        return
    for _ in range(20):
        folder.mkdir(parents=True, exist_ok=True)
        try:
            handle = open(folder / IN_USE, "ab")  # noqa: SIM115 - held for the process's life
        except OSError:
            return  # a folder we cannot write: nothing to mark, nothing prunes it here
        fcntl.flock(handle, fcntl.LOCK_SH)
        try:
            same = os.fstat(handle.fileno()).st_ino == (folder / IN_USE).stat().st_ino
        except OSError:
            same = False
        if same:
            _HELD[folder] = handle
            return
        handle.close()  # pruned between the open and the lock: make it again
    raise OSError(f"cannot hold the kernel folder {folder}")


def build_folder(root: Path | None = None) -> Path:
    """The folder of the build of the package at `root` (None: Shipyard), created and
    marked as used by this process (and as used now, for pruning)."""
    name = f"kernels-{stamp(root)}"
    with _HELD_LOCK:
        folder = _base() / name
        fallback = Path(tempfile.gettempdir()) / f"shipyard-{os.getuid()}" / name
        for known in (folder, fallback):
            if known in _HELD:
                return known
        if not _writable(folder):  # a read-only home: a folder of this user's in the temp folder
            folder = fallback
            folder.mkdir(parents=True, exist_ok=True)
        _hold(folder)
        with contextlib.suppress(OSError):
            os.utime(folder)
            prune(folder.parent, keep=KEEP)
        return folder


def cache_folder() -> Path:
    """Shipyard's own build folder (`build_folder`)."""
    return build_folder(None)


def prune(base: Path, keep: int) -> list[Path]:
    """Remove the `kernels-*` folders in `base` beyond the `keep` most recently used, but
    never one a running process holds (`_hold`): the folders removed."""
    found = []
    for entry in base.glob("kernels-*"):
        with contextlib.suppress(OSError):
            if entry.is_dir() and not entry.is_symlink():
                found.append((entry.stat().st_mtime, entry))
    found.sort(reverse=True)
    removed = []
    for _, path in found[keep:]:
        if path in _HELD or not _remove_unused(path):
            continue
        removed.append(path)
    return removed


def _remove_unused(folder: Path) -> bool:
    """Remove `folder` if no process holds it: it is first renamed away under an
    exclusive lock, so a process arriving meanwhile makes a fresh folder instead."""
    if fcntl is None:  # pragma: no cover
        shutil.rmtree(folder, ignore_errors=True)
        return True
    try:
        handle = open(folder / IN_USE, "ab")  # noqa: SIM115 - closed below
    except OSError:
        return False
    try:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False  # in use by a running process
        doomed = folder.with_name(f".removing-{folder.name}-{os.getpid()}")
        try:
            folder.rename(doomed)
        except OSError:
            return False
    finally:
        handle.close()
    shutil.rmtree(doomed, ignore_errors=True)
    return True


# -- numba's cache, keyed on content ------------------------------------------------------
_ROOTS: set[Path] = set()  # package folders whose kernels `KernelLocator` keeps


def _locator_class() -> type:
    from numba.core import caching

    class KernelLocator(caching._CacheLocator):
        """numba's cache for a kernel of a known package: in that package's build folder,
        under a path relative to the package (the same in every checkout), keyed on the
        content of the kernel's file."""

        def __init__(self, py_func: Any, py_file: str, root: Path) -> None:
            self._py_file = py_file
            self._lineno = py_func.__code__.co_firstlineno
            relative = Path(py_file).resolve().parent.relative_to(root.parent)
            self._cache_path = str(build_folder(root) / "_".join(relative.parts))

        def get_cache_path(self) -> str:
            return self._cache_path

        def get_source_stamp(self) -> str:
            return hashlib.sha256(Path(self._py_file).read_bytes()).hexdigest()

        def get_disambiguator(self) -> str:
            return str(self._lineno)

        @classmethod
        def from_function(cls, py_func: Any, py_file: str) -> Any:
            path = Path(py_file).resolve()
            for root in _ROOTS:
                if path.is_relative_to(root):
                    locator = cls(py_func, py_file, root)
                    try:
                        locator.ensure_cache_path()  # type: ignore[no-untyped-call]
                    except OSError:
                        return None
                    return locator
            return None

    return KernelLocator


@cache
def _numba() -> Any:
    """numba, its cache keyed on content for known packages, every rule function
    registered (`core.rules`)."""
    import numba
    from numba.core import caching
    from numba.extending import register_jitable

    impl = getattr(caching, "CacheImpl", None) or getattr(caching, "_CacheImpl")  # noqa: B009
    impl._locator_classes.insert(0, _locator_class())
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


@contextlib.contextmanager
def words_wrap() -> Iterator[None]:
    """Around a batch kernel's call: run as plain Python (`interpreted`), numpy's unsigned
    words wrap round as numba's do, and say nothing of it (the dice's arithmetic)."""
    import numpy as np

    with np.errstate(over="ignore"):
        yield


def _compile(function: Function, **options: Any) -> Function:
    _ROOTS.add(package_root(Path(function.__code__.co_filename)))
    numba = _numba()
    if interpreted():
        return function  # plain Python: stepped in a debugger, measured for coverage
    compiled = numba.njit(cache=True, nogil=True, **options)(function)
    return cast(Function, _one_build_for_any_value(compiled))


def kernel(function: Function) -> Function:
    """Compile with numba on first call, cached in the build folder, releasing the GIL.
    Reference counting is asked for outright: called from a `lean_kernel`, numba would
    otherwise build it without, and a kernel that allocates would not compile."""
    return _compile(function, _nrt=True)


def lean_kernel(function: Function) -> Function:
    """`kernel` without numba's reference counting, for kernels that only read and write
    arrays their caller owns."""
    return _compile(function, _nrt=False)


def inline_kernel(function: Function) -> Function:
    """`lean_kernel`, also inlined where it is called (small helpers of hot loops)."""
    return _compile(function, _nrt=False, inline="always")


# -- engines: compiled, ready, compiling ----------------------------------------------------
_ENGINES: dict[str, Path] = {}  # engine name -> the package folder of its kernels


def engine(name: str, batch_kernel: Callable[..., Any]) -> None:
    """Name the engine whose batch kernel is `batch_kernel`: its markers and locks live in
    that kernel's build folder."""
    _ENGINES[name] = package_root(Path(batch_kernel.__code__.co_filename))


def _folder_of(name: str) -> Path:
    return build_folder(_ENGINES.get(name))


def _marker(name: str) -> Path:
    return _folder_of(name) / f"ready-{name}"


def compiled_here(function: Callable[..., Any]) -> bool:
    """Whether a kernel has been compiled (or loaded from the cache) in this process; a
    kernel run as Python always has."""
    return interpreted() or bool(getattr(function, "signatures", ()))


def ready(name: str) -> bool:
    """Whether the engine `name` is compiled and its machine code cached for this build."""
    return interpreted() or _marker(name).exists()


def mark_ready(name: str) -> None:
    """Record that the engine `name` has been compiled (its batch kernel has run)."""
    if interpreted():
        return  # nothing was compiled
    marker = _marker(name)
    if not marker.exists():
        # A cache that cannot be written: the next process compiles again.
        with contextlib.suppress(OSError):
            marker.write_text(f"{__version__} {numba_version()}\n")


_HOLDING: set[str] = set()  # engines whose compiling lock this process holds


def _lock_path(name: str) -> Path:
    return _folder_of(name) / f"warming-{name}.lock"


@contextlib.contextmanager
def compiling(name: str, wait: bool, give_up: Callable[[], bool] | None = None
              ) -> Iterator[bool]:
    """The engine's compiling lock: yields True when held here, False when another
    process holds it (`wait` False, or `give_up` answered True while waiting); with
    `wait`, blocks until it is free."""
    if fcntl is None:  # pragma: no cover
        yield True
        return
    handle = open(_lock_path(name), "ab")  # noqa: SIM115 - held till the end
    try:
        held = _take(handle, wait, give_up)
        if not held:
            yield False
            return
        _HOLDING.add(name)
        try:
            yield True
        finally:
            _HOLDING.discard(name)
    finally:
        handle.close()  # releases the lock


def _take(handle: Any, wait: bool, give_up: Callable[[], bool] | None) -> bool:
    while True:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            if not wait or (give_up is not None and give_up()):
                return False
        time.sleep(0.1)


def await_compiling(name: str, lock: str | None = None) -> None:
    """Before an engine compiles on its first call: if another process is compiling it,
    wait until that one is done, so that its machine code is loaded from the cache.
    `lock` names the compiling lock its builder holds, when that is not the engine's own
    (a game's warming builds every engine of the game under the game's lock)."""
    held = lock or name
    if held in _HOLDING or ready(name):
        return
    with compiling(held, wait=True):
        pass
