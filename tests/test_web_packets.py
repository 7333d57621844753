"""The designer in a browser writes its packets whole: two threads writing packets
larger than a pipe holds, to a pipe read slowly, never mix their bytes."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest

from shipyard.tui.web_packets import whole_writer

SIZE = 200_000  # bytes a packet: three times what a Linux pipe holds (64 KiB)
PACKETS = 6  # a thread


def packet(tag: int, number: int) -> bytes:
    body = bytes([tag]) * SIZE
    return b"P" + len(body).to_bytes(4, "big") + bytes([number]) + body[1:]


def test_packets_from_two_threads_arrive_whole() -> None:
    read_end, write_end = os.pipe()
    os.set_blocking(write_end, False)  # a full pipe refuses part of a write at once
    write = whole_writer(write_end)
    received = bytearray()

    def read_slowly() -> None:
        while True:
            data = os.read(read_end, 65536)
            if not data:
                return
            received.extend(data)
            time.sleep(0.001)

    reader = threading.Thread(target=read_slowly)
    reader.start()
    writers = [threading.Thread(target=lambda tag=tag: [write(packet(tag, n))
                                                       for n in range(PACKETS)])
               for tag in (65, 66)]
    for thread in writers:
        thread.start()
    for thread in writers:
        thread.join()
    os.close(write_end)
    reader.join()
    os.close(read_end)

    seen: dict[int, list[int]] = {65: [], 66: []}
    at = 0
    while at < len(received):
        assert received[at:at + 1] == b"P"
        size = int.from_bytes(received[at + 1:at + 5], "big")
        body = bytes(received[at + 5:at + 5 + size])
        tag = body[-1]
        assert body[1:] == bytes([tag]) * (size - 1), "two packets mixed"
        seen[tag].append(body[0])
        at += 5 + size
    assert seen == {65: list(range(PACKETS)), 66: list(range(PACKETS))}


def test_the_designer_in_a_browser_writes_through_whole_packets(
        tmp_path: object, monkeypatch: pytest.MonkeyPatch) -> None:
    from textual import constants
    from textual.drivers.web_driver import WebDriver

    from shipyard.services.session import open_session
    from shipyard.tui.app import ShipyardApp
    from shipyard.tui.web_packets import WholePacketWebDriver

    web = "textual.drivers.web_driver:WebDriver"
    monkeypatch.setenv("TEXTUAL_DRIVER", web)
    monkeypatch.setattr(constants, "DRIVER", web)
    app = ShipyardApp(open_session("sample:lancer", recovery_dir=Path(str(tmp_path))))
    assert app.get_driver_class() is WholePacketWebDriver
    assert issubclass(WholePacketWebDriver, WebDriver)
    monkeypatch.delenv("TEXTUAL_DRIVER")
    monkeypatch.setattr(constants, "DRIVER", None)
    assert app.get_driver_class() is not WholePacketWebDriver
