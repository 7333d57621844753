"""The command line run in this process, answering as the real entry point does.

`shipyard(...)` runs `shipyard ARGS` through Typer's test runner and hands back what a
subprocess would (`returncode`, `stdout`, `stderr`), so a test of the command line costs
milliseconds instead of a Python start. A command that raised an error of its own (not
the exit it chose) fails the test at once, since a real process would have printed a
traceback. The tests that are about the process itself (its pipes, its signals, its
start-up) run `python -m shipyard` for real.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

from typer.testing import CliRunner

from shipyard.cli import app


@dataclass(frozen=True)
class Ran:
    """What a run of the command line came to, as `subprocess.CompletedProcess` says it."""

    returncode: int
    stdout: str
    stderr: str


@contextlib.contextmanager
def _inside(cwd: Path | None) -> Iterator[None]:
    if cwd is None:
        yield
        return
    with contextlib.chdir(cwd):
        yield


def shipyard(*args: str | Path, cwd: Path | None = None,
             env: Mapping[str, str] | None = None, stdin: str | None = None) -> Ran:
    """`shipyard ARGS`, in this process."""
    with _inside(cwd):
        result = CliRunner().invoke(app, [str(a) for a in args], env=dict(env or {}),
                                    input=stdin, catch_exceptions=True)
    error = result.exception
    if error is not None and not isinstance(error, SystemExit):
        raise AssertionError(f"shipyard {' '.join(map(str, args))} raised {error!r}") from error
    return Ran(result.exit_code, result.stdout, result.stderr)


__all__ = ["Ran", "shipyard"]
