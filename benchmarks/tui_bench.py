"""The designer's speed: keypress to updated sheet, and start-up to first paint.

Run: python benchmarks/tui_bench.py
Targets: a keypress updates the sheet in under 50 ms on the largest sample;
`shipyard` shows its first screen within 1.5 s.

Both run the real `shipyard` command on a pseudo-terminal, as a player
would. Keypress: "+" and "-" on the screens field of the largest sample; the
clock stops when the new total is drawn. Start-up: the clock stops when the
sheet's total first appears.
"""

from __future__ import annotations

import fcntl
import os
import pty
import select
import shutil
import statistics
import struct
import sys
import tempfile
import termios
import time
from pathlib import Path

LARGEST = "sample:ceres-station"
PRESSES = 40
STARTS = 5
DOWN, PLUS, MINUS, QUIT = b"\x1b[B", b"+", b"-", b"\x11"


class Terminal:
    """`shipyard` on a pseudo-terminal: write keys, wait for text to be drawn."""

    def __init__(self, command: list[str], state: Path) -> None:
        env = {**os.environ, "SHIPYARD_STATE_DIR": str(state), "COLUMNS": "130",
               "LINES": "45", "TERM": "xterm-256color"}
        self.started = time.perf_counter()
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: the designer on the terminal
            os.execvpe(command[0], command, env)
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", 45, 130, 0, 0))
        self.seen = b""

    def wait_for(self, text: bytes, limit: float = 20.0) -> float:
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
        self.seen = b""
        os.write(self.fd, key)
        return self.wait_for(then)

    def close(self) -> None:
        os.kill(self.pid, 9)
        os.waitpid(self.pid, 0)
        os.close(self.fd)


def _shipyard() -> str:
    return shutil.which("shipyard") or str(Path(sys.executable).with_name("shipyard"))


def first_paint(state: Path) -> float:
    """Seconds from running `shipyard` until the sheet's total is on the screen."""
    terminal = Terminal([_shipyard()], state)
    try:
        terminal.wait_for(b"Total")
        return time.perf_counter() - terminal.started
    finally:
        terminal.close()


def keypresses(state: Path) -> list[float]:
    """Milliseconds from a +/- key on the screens field to the new total drawn."""
    terminal = Terminal([_shipyard(), "design", LARGEST], state)
    try:
        terminal.wait_for(b"Total 1782 points")
        time.sleep(1.0)  # let start-up settle
        for _ in range(3):  # Manned -> Movable base -> Suicide bomb -> Screens
            os.write(terminal.fd, DOWN)
        terminal.wait_for(b"one more screen")
        time.sleep(0.2)
        timings = []
        for index in range(PRESSES):
            key, total = (PLUS, b"Total 1805 points") if index % 2 == 0 else (
                MINUS, b"Total 1782 points")
            timings.append(terminal.press(key, total) * 1000)
            time.sleep(0.05)
        return timings
    finally:
        terminal.close()


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        state = Path(folder)
        timings = keypresses(state)
        ordered = sorted(timings)
        print(f"keypress -> redrawn sheet on {LARGEST} ({PRESSES} presses of +/-): "
              f"median {statistics.median(timings):.1f} ms, "
              f"p95 {ordered[int(len(ordered) * 0.95) - 1]:.1f} ms, "
              f"max {ordered[-1]:.1f} ms (target < 50 ms)")
        starts = [first_paint(state) for _ in range(STARTS)]
        print(f"`shipyard` start-up to first paint ({STARTS} runs): "
              f"median {statistics.median(starts):.2f} s, worst {max(starts):.2f} s "
              f"(target < 1.5 s)")


if __name__ == "__main__":
    main()
