"""The designer in a browser writes its packets whole, one at a time.

Textual's web driver sends the screen, its notices and the pieces of a download to
the server as packets on one pipe, from two threads (the screen from the app, the
download from the driver's input thread), each with one `os.write`. A write longer
than the pipe can take at once goes in parts, and on a busy machine another thread's
packet lands between them: the server then reads garbage, the download never ends and
the browser cancels it. Here every packet is written whole, under one lock.
"""

from __future__ import annotations

import os
import select
import threading
from collections.abc import Callable

from textual.drivers.web_driver import WebDriver


def whole_writer(fileno: int) -> Callable[[bytes], None]:
    """A write function for `fileno` that writes each packet whole, never two at once."""
    lock = threading.Lock()

    def write(packet: bytes) -> None:
        view = memoryview(packet)
        with lock:
            while view:
                try:
                    written = os.write(fileno, view)
                except BlockingIOError:  # a pipe left non-blocking: wait for room
                    select.select([], [fileno], [])
                    continue
                view = view[written:]

    return write


class WholePacketWebDriver(WebDriver):
    """Textual's web driver, writing through `whole_writer`."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self._write = whole_writer(self.fileno)  # type: ignore[assignment]
