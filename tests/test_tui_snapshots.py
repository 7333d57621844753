"""The designer's look at a fixed terminal size: editor, catalog and preview.

Snapshots live in `tests/__snapshots__/`; after a deliberate change of look,
run `pytest tests/test_tui_snapshots.py --snapshot-update` and review the SVGs.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from textual import events
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import DataTable, Input, Static

from shipyard.services import warming
from shipyard.services.session import open_session
from shipyard.tui import engine
from shipyard.tui.app import ShipyardApp
from shipyard.tui.screens.catalog import CatalogScreen
from shipyard.tui.screens.export import ExportDialog
from tests.monkey import handled

SIZE = (120, 40)
Compare = Callable[..., bool]


@pytest.fixture(autouse=True)
def _engine_ready(monkeypatch: pytest.MonkeyPatch) -> None:
    """The engine line reads "ready" whatever this machine has compiled, and however soon
    after launch the picture is taken (the app first looks a second after launch)."""
    monkeypatch.setattr(warming, "start", lambda ruleset: "ready")
    ready = engine.engine_line("ready")
    monkeypatch.setattr(engine, "engine_line", lambda state: ready)


def _app(tmp_path: Path, file: str | None = None) -> ShipyardApp:
    return ShipyardApp(open_session(None if file is None else Path(file), recovery_dir=tmp_path))


def shown(keys: list[str], screen: type[Screen[Any]],
          ready: Callable[[Any], bool]) -> Callable[[Pilot[None]], Awaitable[None]]:
    """What a test does before its picture: the keys, each taken to the end by the designer's
    ordered key path, then a wait until the screen on top is a `screen` that `ready` says
    is drawn whole (waited on what it shows, never on time). The focused input's cursor
    then stays drawn: it blinks every half second, and a picture taken late on a busy
    machine used to catch it off."""
    async def before(pilot: Pilot[None]) -> None:
        app = pilot.app
        assert isinstance(app, ShipyardApp)
        await pilot.pause()
        for key in keys:
            app.post_message(events.Key(key, None))
        await handled(app)
        for _ in range(SETTLE_LOOKS):
            top = app.screen
            if isinstance(top, screen) and ready(top) and not app.keys_waiting:
                break
            await pilot.pause()
        else:
            raise AssertionError(f"{screen.__name__} was not drawn whole: {app.screen!r}")
        for field in app.screen.query(Input):
            field.cursor_blink = False
        await pilot.pause()
    return before


SETTLE_LOOKS = 500  # pauses at most (each a look at the screen, the app idle in between)


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


def _catalog_table_focused(screen: CatalogScreen) -> bool:
    table = screen.query_one("#prices", DataTable)
    return table.has_focus and table.cursor_row == 0 and table.row_count > 0 \
        and screen.fitted_to == table.size.width > 0


def test_catalog_screen(snap_compare: Compare, tmp_path: Path,
                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SHIPYARD_STATE_DIR", str(tmp_path / "state"))  # no saved audit
    assert snap_compare(_app(tmp_path), terminal_size=SIZE,
                        run_before=shown(["f3", "down"], CatalogScreen, _catalog_table_focused))


def test_preview_screen(snap_compare: Compare, tmp_path: Path) -> None:
    assert snap_compare(_app(tmp_path, "sample:lancer"), terminal_size=SIZE, press=["f2"])


# 80 x 24: every screen and dialog fits, the footer keeps help and quit.
SMALL = (80, 24)


def test_small_designer(snap_compare: Compare, tmp_path: Path) -> None:
    assert snap_compare(_app(tmp_path, "sample:lancer"), terminal_size=SMALL)


def _export_ready(dialog: ExportDialog) -> bool:
    path = dialog.query_one("#path", Input)
    return path.has_focus and path.value == "starter.pdf" and dialog.is_running


def test_small_export_dialog(snap_compare: Compare, tmp_path: Path) -> None:
    assert snap_compare(_app(tmp_path), terminal_size=SMALL,
                        run_before=shown(["ctrl+e"], ExportDialog, _export_ready))


def test_small_duel_screen(snap_compare: Compare, tmp_path: Path) -> None:
    assert snap_compare(_app(tmp_path), terminal_size=SMALL, press=["f4"])


def _catalog_ready(screen: CatalogScreen) -> bool:
    table = screen.query_one("#prices", DataTable)
    return screen.query_one("#search", Input).has_focus and table.row_count > 0 \
        and screen.fitted_to == table.size.width > 0 \
        and "R1 Arc multiplier" in str(screen.query_one("#rulings", Static).content)


def test_small_catalog_screen(snap_compare: Compare, tmp_path: Path,
                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SHIPYARD_STATE_DIR", str(tmp_path / "state"))  # no saved audit
    assert snap_compare(_app(tmp_path), terminal_size=SMALL,
                        run_before=shown(["f3"], CatalogScreen, _catalog_ready))


def test_small_preview_screen(snap_compare: Compare, tmp_path: Path) -> None:
    assert snap_compare(_app(tmp_path, "sample:lancer"), terminal_size=SMALL, press=["f2"])


def test_small_help_screen(snap_compare: Compare, tmp_path: Path) -> None:
    assert snap_compare(_app(tmp_path), terminal_size=SMALL, press=["f1"])


# The fleet and compare screens, at 120 x 40 and at 80 x 24.


async def _fleet_772(pilot: Any) -> None:
    """Three lancers and a starter against 800 points (772, 28 left)."""
    from shipyard.services.fleet_session import FLEET_STATE
    from shipyard.tui.screens.fleet import FleetScreen

    await pilot.press("f8")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, FleetScreen)
    fleet = getattr(pilot.app, FLEET_STATE)
    from shipyard.services.fleet_session import add_ship, set_count, set_field

    for change in (set_field("name", "Home fleet"), set_field("budget", 800),
                   add_ship("sample:lancer"), set_count(0, 3), add_ship("sample:starter")):
        fleet.apply(change)
    screen.refresh_view()
    await pilot.pause()


async def _compare_two(pilot: Any) -> None:
    from shipyard.services.registry import evaluate, read_design
    from shipyard.services.samples import resolve
    from shipyard.tui.screens.compare import CompareScreen

    await pilot.press("f9")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, CompareScreen)
    path = resolve("sample:starter")
    screen.picked.append(("sample:starter", evaluate(read_design(path), file=str(path))))
    screen.refresh_view()
    await pilot.pause()


def test_fleet_screen(snap_compare: Compare, tmp_path: Path) -> None:
    assert snap_compare(_app(tmp_path), terminal_size=SIZE, run_before=_fleet_772)


def test_small_fleet_screen(snap_compare: Compare, tmp_path: Path) -> None:
    assert snap_compare(_app(tmp_path), terminal_size=SMALL, run_before=_fleet_772)


def test_compare_screen(snap_compare: Compare, tmp_path: Path) -> None:
    assert snap_compare(_app(tmp_path, "sample:lancer"), terminal_size=SIZE,
                        run_before=_compare_two)


def test_small_compare_screen(snap_compare: Compare, tmp_path: Path) -> None:
    assert snap_compare(_app(tmp_path, "sample:lancer"), terminal_size=SMALL,
                        run_before=_compare_two)


def test_fleet_battle_screen(snap_compare: Compare, tmp_path: Path,
                             monkeypatch: pytest.MonkeyPatch) -> None:
    """Night Watch against Blue Flight, four battles of seed 1 (the reference engine fights
    the compiled one's battles, with no compile to wait for): figures and both charts."""
    from shipyard.services.fleet_session import FLEET_STATE, open_fleet_session
    from shipyard.services.samples import resolve_fleet
    from shipyard.tui.screens import fleet_battle, fleet_battle_form
    from shipyard.tui.screens.fleet_battle import FleetBattleScreen

    monkeypatch.setattr(fleet_battle_form, "ENGINE", "reference")
    monkeypatch.setattr(fleet_battle, "WORKERS", 1)
    app = _app(tmp_path, "sample:valkyrie")
    setattr(app, FLEET_STATE, open_fleet_session(resolve_fleet("sample-fleet:night-watch"),
                                                 tmp_path))

    async def fought(pilot: Pilot[None]) -> None:
        await pilot.press("f8", "b")
        screen = pilot.app.screen
        assert isinstance(screen, FleetBattleScreen)
        screen.query_one("#battle-runs", Input).value = "4"
        await pilot.press("ctrl+r")
        for _ in range(SETTLE_LOOKS * 10):  # the battles are fought on a thread
            if screen.outcome is not None and not screen.running:
                break
            await pilot.pause()
        assert screen.outcome is not None and len(screen.outcome.results) == 4
        for field in screen.query(Input):
            field.cursor_blink = False
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=fought)
