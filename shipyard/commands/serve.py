"""`shipyard serve`: the designer in a web browser, a designer of its own for each tab.

textual-serve starts a shell command for every browser tab that connects. Here that
command runs `python -m shipyard design ...` on the same file, catalog and budget, in
the folder `serve` was started in (where saves go), with Textual's web driver. It is
built from an argument list with `shlex.quote`: a file name is data, never shell.

The listening socket is bound before the server starts, so a bad port or an address
in use is one line and exit 2. The server itself is `commands/web_server.py`.
"""

from __future__ import annotations

import errno
import getpass
import ipaddress
import shlex
import socket
import sys
from pathlib import Path
from typing import Annotated

import typer

from shipyard.commands.designer import RulesetOpt
from shipyard.commands.options import BudgetOpt, CatalogOpt, HyperOpt
from shipyard.commands.terminal import fail, problem
from shipyard.core.errors import ShipyardError
from shipyard.services.session import STARTER, open_session

DEFAULT_HOST, DEFAULT_PORT = "127.0.0.1", 8000


def designer_argv(file: str | None, budget: int | None, catalog: Path | None,
                  ruleset: str | None = None, hyper_bombs: bool = False) -> list[str]:
    """The designer as one tab runs it: this Python, this package, the same options.

    `--` ends the options, so a file named like an option is still the file.
    """
    argv = [sys.executable, "-m", "shipyard", "design"]
    if budget is not None:
        argv += ["--budget", str(budget)]
    if catalog is not None:
        argv += ["--catalog", str(catalog)]
    if ruleset is not None:
        argv += ["--ruleset", ruleset]
    if hyper_bombs:
        argv += ["--allow-hyper-bombs"]
    if file is None and ruleset is not None:  # a new design of that game, in no file yet
        return argv
    return [*argv, "--", file if file is not None else f"sample:{STARTER}"]


def shell_command(argv: list[str], folder: Path) -> str:
    """The shell line textual-serve runs: every word quoted, the designer exec'd (so
    stopping the tab's process stops the designer itself)."""
    return f"cd {shlex.quote(str(folder))} && exec {shlex.join(argv)}"


def is_loopback(host: str) -> bool:
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def url_host(host: str) -> str:
    """The host as a browser types it: a wildcard is reached here on loopback, and an
    IPv6 address goes in brackets."""
    try:
        address = ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return host
    if address.is_unspecified:
        address = ipaddress.ip_address("::1" if address.version == 6 else "127.0.0.1")
    return f"[{address}]" if address.version == 6 else str(address)


def parse_port(text: str) -> int:
    """A TCP port, 0 (any free one) to 65535; anything else is one line and exit 2."""
    if not text.isascii() or not text.isdigit() or int(text) > 65535:
        fail(f"serve: --port must be a whole number from 0 to 65535, not {text!r}")
    return int(text)


def bind(host: str, port: int) -> socket.socket:
    """The listening socket, bound now: an unknown address, one not on this machine or
    a port in use is one line and exit 2."""
    where = f"{host}:{port}"
    try:
        family, kind, proto, _, address = socket.getaddrinfo(
            host.strip("[]"), port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)[0]
    except (socket.gaierror, UnicodeError) as exc:
        fail(f"serve: cannot serve on {where}: unknown address ({getattr(exc, 'strerror', exc)})")
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(128)
    except OSError as exc:
        sock.close()
        reason = "address already in use" if exc.errno == errno.EADDRINUSE \
            else exc.strerror or str(exc)
        fail(f"serve: cannot serve on {where}: {reason}")
    sock.setblocking(False)
    return sock


HostOpt = Annotated[str, typer.Option(
    "--host", metavar="H",
    help="Address to listen on. The default serves this machine only; 0.0.0.0 serves "
         "the network (read the warning).")]
PortOpt = Annotated[str, typer.Option(
    "--port", metavar="N", help="Port to listen on (0: any free port).")]
FileArg = Annotated[str | None, typer.Argument(
    metavar="[FILE]", show_default=False,
    help="Design file (or sample:NAME) each tab opens; none: the starter design.")]


def serve_command(file: FileArg = None, host: HostOpt = DEFAULT_HOST,
                  port: PortOpt = str(DEFAULT_PORT), catalog: CatalogOpt = None,
                  budget: BudgetOpt = None, ruleset: RulesetOpt = None,
                  allow_hyper_bombs: HyperOpt = False) -> None:
    """Serve the designer to web browsers: each tab gets a designer of its own."""
    number = parse_port(port)
    try:  # a bad file or catalog is one line now, not an error in every tab
        open_session(None if file is None else Path(file), budget=budget, catalog=catalog,
                     ruleset=ruleset, hyper_bombs=allow_hyper_bombs)
    except ShipyardError as exc:
        fail(str(exc))
    sock = bind(host, number)
    url = f"http://{url_host(host)}:{sock.getsockname()[1]}"
    if not is_loopback(host):
        problem(f"warning: serving on {host}: anyone who can reach this port gets a "
                f"designer that reads and writes files as {_user()} (saves go to "
                f"{Path.cwd()}); serve only a network you trust")
    from shipyard.commands.web_server import DesignerServer  # aiohttp: only when serving

    command = shell_command(designer_argv(file, budget, catalog, ruleset, allow_hyper_bombs),
                            Path.cwd())
    DesignerServer(command, sock, url).serve()


def _user() -> str:
    try:
        return getpass.getuser()
    except (OSError, KeyError):
        return "the user who started it"
