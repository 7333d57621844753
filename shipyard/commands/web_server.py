"""The web server of `shipyard serve`: textual-serve's, on a socket bound beforehand.

It prints only the address (no banner, no request log). On Ctrl+C or SIGTERM it
closes every tab's session: each designer gets "quit" and stops as it would when its
tab closes, its unsaved work kept by its recovery file; the page then says where the
recovery files are.
"""

from __future__ import annotations

import asyncio
import html
import logging
import re
import signal
import socket
import sys
from typing import Any

from aiohttp import web
from textual_serve import download_manager
from textual_serve.server import Server

from shipyard.commands.terminal import show
from shipyard.core.visible import visible
from shipyard.services.session import state_folder

SHUTDOWN_SECONDS = 5.0  # how long Ctrl+C waits for the designers to stop
# How long a download waits for each piece of the file from the tab's designer.
# textual-serve waits 4 s, then ends the download early: on a busy machine (a duel
# batch on every core) a designer can take longer than that to answer.
DOWNLOAD_SECONDS = 60
HOST_HEADER = re.compile(r"[A-Za-z0-9.\-]+(:[0-9]+)?|\[[0-9A-Fa-f:.]+\](:[0-9]+)?")


ENDED = b"Session ended."  # textual-serve's words when a tab's designer stops


def ended_words() -> str:
    """What the page says when its designer stops: where unsaved work was kept (each tab's
    designer keeps it in a recovery file of its own in that folder)."""
    folder = html.escape(visible(str((state_folder() / "recovery").resolve())))
    return (f"Session ended. Unsaved work is kept in a recovery file in {folder} and is "
            "offered back the next time this design is opened.")


class DesignerServer(Server):
    """textual-serve's server on a socket bound beforehand, quiet in the terminal, and
    stopping every designer it started when it stops."""

    def __init__(self, command: str, sock: socket.socket, url: str) -> None:
        super().__init__(command, port=sock.getsockname()[1], public_url=url,
                         title="Shipyard")
        self.sock, self.url = sock, url
        self.sessions: set[asyncio.Task[Any]] = set()

    def initialize_logging(self) -> None:
        logging.basicConfig(level=logging.WARNING, format="shipyard serve: %(message)s")

    async def on_startup(self, app: web.Application) -> None:
        show(f"Shipyard designer at {self.url}  (Ctrl+C stops it)")
        sys.stdout.flush()

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        # The page connects back to the address the browser used (a host name, the
        # loopback or the machine's address when serving on 0.0.0.0).
        host = request.host
        if HOST_HEADER.fullmatch(host):
            self.public_url = f"http://{host}"
        response: web.StreamResponse = await super().handle_index(request)
        if isinstance(response, web.Response) and isinstance(response.body, bytes):
            response.body = response.body.replace(ENDED, ended_words().encode())
        return response

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        task = asyncio.current_task()
        assert task is not None
        self.sessions.add(task)
        try:
            response: web.WebSocketResponse = await super().handle_websocket(request)
            return response
        finally:
            self.sessions.discard(task)

    async def on_shutdown(self, app: web.Application) -> None:
        """Close every tab's session: its designer gets "quit" and stops."""
        sessions = list(self.sessions)
        for task in sessions:
            task.cancel()
        if sessions:
            await asyncio.wait(sessions, timeout=SHUTDOWN_SECONDS)

    def serve(self, debug: bool = False) -> None:
        self.debug = debug
        download_manager.DOWNLOAD_TIMEOUT = DOWNLOAD_SECONDS
        self.initialize_logging()
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        for stop in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(stop, self.request_exit)
        web.run_app(self._make_app(), sock=self.sock, handle_signals=False, loop=loop,
                    access_log=None, shutdown_timeout=SHUTDOWN_SECONDS,
                    print=lambda *args: None)
