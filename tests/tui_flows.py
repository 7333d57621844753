"""Driving the designer with keys in Pilot tests: a burst, a field, a copy of a sample.

Keys are posted in one burst (`burst`: no pause between them, as a terminal
sends them) and the flow goes on once the app has handled every one of them
to the end; duels are fought by a coin (`tests/monkey.py`).
"""

from __future__ import annotations

import asyncio
import shutil
from collections.abc import Awaitable, Callable
from pathlib import Path

from textual import events
from textual.pilot import Pilot

from shipyard.core.catalog_files import catalog_root
from shipyard.services.session import open_session
from shipyard.tui.app import ShipyardApp
from shipyard.tui.widgets.fields import Field
from tests.monkey import cheap_engines, handled

Flow = Callable[[ShipyardApp, Pilot[None]], Awaitable[None]]
WIDE, SMALL = (140, 45), (80, 24)


def drive(app: ShipyardApp, flow: Flow, size: tuple[int, int] = WIDE) -> None:
    async def main() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await flow(app, pilot)
    with cheap_engines():
        asyncio.run(main())


def copy_of(tmp_path: Path, game: str, name: str) -> Path:
    target = tmp_path / f"{name}.ship.json"
    shutil.copy(catalog_root() / game / "designs" / f"{name}.ship.json", target)
    return target


def designer(tmp_path: Path, file: str | Path | None, budget: int | None = None) -> ShipyardApp:
    return ShipyardApp(open_session(None if file is None else Path(file), budget=budget,
                                    recovery_dir=tmp_path / "state"))


async def burst(app: ShipyardApp, pilot: Pilot[None], *keys: str) -> None:
    """Keys posted all at once, then wait until the app has handled them to the end."""
    characters = {"plus": "+", "minus": "-", "space": " "}
    for key in keys:
        app.post_message(events.Key(key, characters.get(key, key if len(key) == 1 else None)))
    await handled(app)
    await pilot.pause()


async def focus(app: ShipyardApp, pilot: Pilot[None], path: str) -> Field:
    field = app.designer.go_to(path)
    assert field is not None, path
    await pilot.pause()
    return field
