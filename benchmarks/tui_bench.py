"""The designer's speed, as a player feels it: keypress to new total, hint line, start-up.

Run: python benchmarks/tui_bench.py [--before REV] [--presses N] [--starts N]

Targets, on the largest sample (ceres-station):

- a keypress (+ or - on the screens field) shows the new total: p95 at most 50 ms;
- the hint line follows the cursor (Down / Up between two fields): p95 at most 100 ms;
- `shipyard` shows its first screen (the sheet's total): at most 1.0 s (median).

Everything runs the real designer on a pseudo-terminal, as a player would; the
clock stops when the expected text has been written to the terminal. Python's
bytecode is written and read as after an install (a first start, not counted,
writes it), even where PYTHONDONTWRITEBYTECODE is set.

`--before REV` measures another version of the code in the same run, side by
side: a temporary `git worktree` of REV (e.g. `main`, or the commit before a
change) is made next to this one and run with the same Python and the same
installed packages; the two are measured turn about, so that the load of the
machine weighs on both alike. The worktree is removed afterwards.
"""

from __future__ import annotations

import argparse
import fcntl
import os
import pty
import select
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

LARGEST = "sample:ceres-station"
ROOT = Path(__file__).resolve().parent.parent
DOWN, UP, PLUS, MINUS = b"\x1b[B", b"\x1b[A", b"+", b"-"
COLUMNS, LINES = 130, 45
LAUNCH = "import sys; sys.argv[0] = 'shipyard'; from shipyard.cli import main; main()"


class Terminal:
    """The designer of one source tree on a pseudo-terminal: write keys, wait for text."""

    def __init__(self, tree: Path, args: list[str], state: Path) -> None:
        env = {**os.environ, "SHIPYARD_STATE_DIR": str(state), "COLUMNS": str(COLUMNS),
               "LINES": str(LINES), "TERM": "xterm-256color", "PYTHONPATH": str(tree)}
        # As installed (pip byte-compiles): the first run writes the bytecode, then it is
        # read, never compiled again at each start.
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        command = [sys.executable, "-c", LAUNCH, *args]
        self.started = time.perf_counter()
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: the designer on the terminal
            os.chdir(state)
            os.execvpe(command[0], command, env)
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", LINES, COLUMNS, 0, 0))
        self.seen = b""

    def wait_for(self, text: bytes, limit: float = 30.0) -> float:
        """Seconds until `text` is drawn (only output after the last wait counts)."""
        start = time.perf_counter()
        while time.perf_counter() - start < limit:
            ready, _, _ = select.select([self.fd], [], [], 0.02)
            if ready:
                self.seen += os.read(self.fd, 65536)
                if text in self.seen:
                    self.seen = b""
                    return time.perf_counter() - start
        raise RuntimeError(f"{text!r} was not drawn within {limit} s")

    def press(self, key: bytes, then: bytes) -> float:
        """Milliseconds from writing `key` until `then` is drawn."""
        self.seen = b""
        os.write(self.fd, key)
        return self.wait_for(then) * 1000

    def close(self) -> None:
        os.kill(self.pid, 9)
        os.waitpid(self.pid, 0)
        os.close(self.fd)


@dataclass
class Figures:
    """What one version measured."""

    keypress: list[float] = field(default_factory=list)  # ms
    hint: list[float] = field(default_factory=list)  # ms
    start: list[float] = field(default_factory=list)  # s


def on_screens(tree: Path, state: Path) -> Terminal:
    """The largest sample open, the cursor on its screens field, start-up settled."""
    terminal = Terminal(tree, ["design", LARGEST], state)
    terminal.wait_for(b"Total 1782 points")
    time.sleep(1.0)
    for _ in range(3):  # Manned -> Movable base -> Suicide bomb -> Screens
        os.write(terminal.fd, DOWN)
    terminal.wait_for(b"one more screen")
    time.sleep(0.2)
    return terminal


def keypresses(tree: Path, state: Path, presses: int, figures: Figures) -> None:
    """+ and - on the screens field: milliseconds until the new total is drawn."""
    terminal = on_screens(tree, state)
    try:
        for index in range(presses):
            key, total = (PLUS, b"Total 1805 points") if index % 2 == 0 else (
                MINUS, b"Total 1782 points")
            figures.keypress.append(terminal.press(key, total))
            time.sleep(0.05)
    finally:
        terminal.close()


def hints(tree: Path, state: Path, presses: int, figures: Figures) -> None:
    """Down and Up between screens and directional screens: ms until the hint follows."""
    terminal = on_screens(tree, state)
    try:
        for index in range(presses):
            key, hint = (DOWN, b"adding directional screens") if index % 2 == 0 else (
                UP, b"one more screen")
            figures.hint.append(terminal.press(key, hint))
            time.sleep(0.05)
    finally:
        terminal.close()


def first_paint(tree: Path, state: Path, figures: Figures) -> None:
    """Seconds from running `shipyard` until the sheet's total is on the screen."""
    terminal = Terminal(tree, [], state)
    try:
        terminal.wait_for(b"Total")
        figures.start.append(time.perf_counter() - terminal.started)
    finally:
        terminal.close()


@contextmanager
def worktree(rev: str) -> Iterator[Path]:
    """The code of `rev` in a temporary git worktree (removed afterwards)."""
    folder = Path(tempfile.mkdtemp(prefix="shipyard-before-"))
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "--quiet",
                    str(folder), rev], check=True)
    try:
        yield folder
    finally:
        subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(folder)],
                       check=False)


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[max(0, int(len(ordered) * 0.95) - 1)]


def report(name: str, figures: Figures) -> list[str]:
    return [
        f"{name}: keypress -> new total: median {statistics.median(figures.keypress):.1f} ms, "
        f"p95 {p95(figures.keypress):.1f} ms, max {max(figures.keypress):.1f} ms "
        "(target: p95 <= 50 ms)",
        f"{name}: hint line follows the cursor: median {statistics.median(figures.hint):.1f} ms, "
        f"p95 {p95(figures.hint):.1f} ms, max {max(figures.hint):.1f} ms (target: <= 100 ms)",
        f"{name}: start-up to first paint: median {statistics.median(figures.start):.2f} s, "
        f"worst {max(figures.start):.2f} s (target: <= 1.0 s)",
    ]


def measure(trees: dict[str, Path], presses: int, starts: int) -> dict[str, Figures]:
    """Each measure for each tree in turn, so that both see the same load."""
    results = {name: Figures() for name in trees}
    with tempfile.TemporaryDirectory() as folder:
        for tree in trees.values():  # bytecode written, as by an install (not counted)
            first_paint(tree, Path(folder), Figures())
        for name, tree in trees.items():
            keypresses(tree, Path(folder), presses, results[name])
        for name, tree in trees.items():
            hints(tree, Path(folder), presses, results[name])
        for _ in range(starts):
            for name, tree in trees.items():
                first_paint(tree, Path(folder), results[name])
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", metavar="REV",
                        help="also measure this git revision, side by side")
    parser.add_argument("--presses", type=int, default=40)
    parser.add_argument("--starts", type=int, default=5)
    options = parser.parse_args()
    load = os.getloadavg()[0]
    print(f"{LARGEST}, {COLUMNS} x {LINES}, {options.presses} presses, "
          f"{options.starts} starts; load average {load:.2f} on {os.cpu_count()} cores")
    if options.before is None:
        results = measure({"this tree": ROOT}, options.presses, options.starts)
    else:
        with worktree(options.before) as before:
            results = measure({f"before ({options.before})": before, "after (this tree)": ROOT},
                              options.presses, options.starts)
    for name, figures in results.items():
        print("\n".join(report(name, figures)))


if __name__ == "__main__":
    main()
