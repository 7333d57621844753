"""`shipyard serve` without a browser: the address, the warning, bad ports, the command
each tab runs, and Ctrl+C stopping the designers (the browser tests drive a real page)."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import aiohttp
import pytest
import typer

from shipyard.commands.serve import (
    designer_argv,
    is_loopback,
    parse_port,
    shell_command,
    url_host,
)
from shipyard.tui import in_browser
from shipyard.tui.delivery import download_name

HOSTILE = ["a b.ship.json", "$(touch pwned).json", "`touch pwned`.json", "x; touch pwned",
           "it's \"here\".json", "--help", "-x.json", "new\nline.json", "ünï €.json", "*"]


def run(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "shipyard", "serve", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=60)


def one_line_exit_2(result: subprocess.CompletedProcess[str], *words: str) -> None:
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    assert lines[0].startswith("shipyard: ")
    for word in words:
        assert word in lines[0]


@contextmanager
def serving(*args: str, cwd: Path) -> Iterator[tuple[subprocess.Popen[str], str]]:
    """`shipyard serve --port 0 ARGS` in `cwd`; the process and the address it printed."""
    env = {**os.environ, "SHIPYARD_STATE_DIR": str(cwd / "state")}
    process = subprocess.Popen([sys.executable, "-m", "shipyard", "serve", "--port", "0",
                                *args], cwd=cwd, env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert line.startswith("Shipyard designer at http://"), line + process.stderr.read()
        yield process, line.split()[3]
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGINT)
            process.wait(timeout=20)


def test_serves_loopback_by_default_and_prints_the_address(tmp_path: Path) -> None:
    with serving(cwd=tmp_path) as (process, url):
        assert url.startswith("http://127.0.0.1:")
        port = int(url.rsplit(":", 1)[1])
        assert 0 < port < 65536
        with urllib.request.urlopen(url + "/", timeout=10) as page:
            html = page.read().decode()
        assert "Shipyard" in html and f"ws://127.0.0.1:{port}/ws" in html
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=20) == 0
        assert process.stderr is not None and process.stderr.read() == ""  # no warning


def test_serving_the_network_warns_who_reads_and_writes_files(tmp_path: Path) -> None:
    with serving("--host", "0.0.0.0", cwd=tmp_path) as (process, url):
        assert url.startswith("http://127.0.0.1:")  # how to open it on this machine
        process.send_signal(signal.SIGINT)
        process.wait(timeout=20)
        assert process.stderr is not None
        warning = process.stderr.read().strip().splitlines()
        assert len(warning) == 1
        assert warning[0].startswith("shipyard: warning: serving on 0.0.0.0")
        assert "reads and writes files" in warning[0] and str(tmp_path) in warning[0]


def test_a_bad_port_is_one_line_and_exit_2() -> None:
    one_line_exit_2(run("--port", "80000"), "--port", "0 to 65535", "'80000'")


@pytest.mark.parametrize("port", ["abc", "-1", "65536", "8o", "", " 80", "١٢"])
def test_every_bad_port_is_refused(port: str) -> None:
    with pytest.raises(typer.Exit) as stop:
        parse_port(port)
    assert stop.value.exit_code == 2


def test_ports_from_0_to_65535_are_taken() -> None:
    assert [parse_port(p) for p in ("0", "80", "8000", "065535")] == [0, 80, 8000, 65535]


def test_an_address_in_use_is_one_line_and_exit_2() -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        one_line_exit_2(run("--port", str(port)), f"127.0.0.1:{port}", "address already in use")


def test_an_unknown_host_is_one_line_and_exit_2() -> None:
    one_line_exit_2(run("--host", "no-such-host.invalid"), "no-such-host.invalid",
                    "unknown address")


def test_a_bad_design_is_one_line_before_serving(tmp_path: Path) -> None:
    (tmp_path / "broken.ship.json").write_text("{ not json")
    one_line_exit_2(run("broken.ship.json", cwd=tmp_path), "broken.ship.json")


def test_loopback_and_address_shapes() -> None:
    assert is_loopback("127.0.0.1") and is_loopback("localhost") and is_loopback("::1")
    assert not is_loopback("0.0.0.0") and not is_loopback("192.168.1.4")
    assert not is_loopback("::") and not is_loopback("example.org")
    assert url_host("0.0.0.0") == "127.0.0.1" and url_host("::") == "[::1]"
    assert url_host("::1") == "[::1]" and url_host("localhost") == "localhost"


@pytest.mark.parametrize("name", HOSTILE)
def test_each_tab_runs_the_designer_on_the_file_exactly(name: str, tmp_path: Path) -> None:
    argv = designer_argv(name, 300, Path("my house"))
    assert argv[:4] == [sys.executable, "-m", "shipyard", "design"]
    assert argv[4:] == ["--budget", "300", "--catalog", "my house", "--", name]
    # Run through the shell as textual-serve does, with a program that prints its arguments.
    printer = [sys.executable, "-c", "import sys; print(repr(sys.argv[1:]))"]
    shown = subprocess.run(["/bin/sh", "-c", shell_command([*printer, *argv[4:]], tmp_path)],
                           capture_output=True, text=True, timeout=30)
    assert shown.stdout.strip() == repr(argv[4:])
    assert list(tmp_path.iterdir()) == []  # nothing ran but the printer, in the serve folder


def test_the_tab_command_runs_in_the_serve_folder(tmp_path: Path) -> None:
    odd = tmp_path / "a folder; $(x) 'q'"
    odd.mkdir()
    pwd = subprocess.run(["/bin/sh", "-c", shell_command(["pwd"], odd)],
                         capture_output=True, text=True, timeout=30)
    assert pwd.stdout.strip() == str(odd)


def test_no_file_serves_the_starter_design() -> None:
    assert designer_argv(None, None, None)[-2:] == ["--", "sample:starter"]


def test_the_web_driver_is_recognised(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TEXTUAL_DRIVER", raising=False)
    assert not in_browser()
    monkeypatch.setenv("TEXTUAL_DRIVER", "textual.drivers.web_driver:WebDriver")
    assert in_browser()
    monkeypatch.setenv("TEXTUAL_DRIVER", "textual.drivers.headless_driver:HeadlessDriver")
    assert not in_browser()


def test_download_names_are_safe_in_a_header() -> None:
    assert download_name(Path("out/hive.pdf")) == "hive.pdf"
    assert download_name(Path("ünï €;\"x.svg")) == "n-----x.svg"
    assert download_name(Path("...")) == "export"


def children(pid: int) -> set[int]:
    path = Path(f"/proc/{pid}/task/{pid}/children")
    return {int(p) for p in path.read_text().split()} if path.exists() else set()


def running(pid: int) -> bool:
    """The process is there and not a zombie (stopped, not yet reaped)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs Linux /proc")
def test_ctrl_c_stops_the_server_and_every_designer(tmp_path: Path) -> None:
    with serving("sample:hive", cwd=tmp_path) as (process, url):
        async def two_tabs() -> set[int]:
            async with aiohttp.ClientSession() as client:
                tabs = [await client.ws_connect(url.replace("http", "ws") + "/ws?width=80&"
                                                "height=24") for _ in range(2)]
                first = [await tab.receive(timeout=60) for tab in tabs]  # each drew a screen
                assert all(m.type == aiohttp.WSMsgType.BINARY for m in first)
                designers = children(process.pid)
                process.send_signal(signal.SIGINT)
                for tab in tabs:  # the server closes each tab
                    while (await tab.receive(timeout=20)).type not in (
                            aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED):
                        pass
                return designers
        designers = asyncio.run(two_tabs())
        assert len(designers) == 2
        assert process.wait(timeout=20) == 0
        deadline = time.monotonic() + 10
        while any(map(running, designers)) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not any(map(running, designers))
