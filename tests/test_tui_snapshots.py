"""The designer's look at a fixed terminal size: editor, catalog and preview.

Snapshots live in `tests/__snapshots__/`; after a deliberate change of look,
run `pytest tests/test_tui_snapshots.py --snapshot-update` and review the SVGs.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from shipyard.services.session import open_session
from shipyard.tui.app import ShipyardApp

SIZE = (120, 40)
Compare = Callable[..., bool]


def _app(tmp_path: Path, file: str | None = None) -> ShipyardApp:
    return ShipyardApp(open_session(None if file is None else Path(file), recovery_dir=tmp_path))


def test_editor_on_the_starter_design(snap_compare: Compare, tmp_path: Path) -> None:
    assert snap_compare(_app(tmp_path), terminal_size=SIZE)


def test_editor_with_an_error_on_the_lancer(snap_compare: Compare, tmp_path: Path) -> None:
    async def rear_armor(pilot: Any) -> None:
        await pilot.pause()
        pilot.app.designer.go_to("armor.4")
        await pilot.press("plus")
        await pilot.pause()

    assert snap_compare(_app(tmp_path, "sample:lancer"), terminal_size=SIZE,
                        run_before=rear_armor)


def test_catalog_screen(snap_compare: Compare, tmp_path: Path) -> None:
    assert snap_compare(_app(tmp_path), terminal_size=SIZE, press=["f3", "down"])


def test_preview_screen(snap_compare: Compare, tmp_path: Path) -> None:
    assert snap_compare(_app(tmp_path, "sample:lancer"), terminal_size=SIZE, press=["f2"])
