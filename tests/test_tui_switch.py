"""Another design (Ctrl+N, Ctrl+O, another game): the designer never looks at the old one's
fields, and its first frame shows the new design whole.

Each test drives the designer through Pilot with the keys posted in one burst
(`tests/tui_flows.py`). Frames are read as the screen draws them: every time
the designer screen is drawn, its text is kept (`frames`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from textual import events
from textual.pilot import Pilot
from textual.screen import Screen

from shipyard.tui.app import ShipyardApp
from shipyard.tui.screens.designer import DesignerScreen
from shipyard.tui.screens.dialogs import ChoiceDialog
from shipyard.tui.widgets.editor import Editor
from shipyard.tui.widgets.fields import Field
from shipyard.tui.widgets.name import NameInput
from shipyard.tui.widgets.sheet import SheetPanel
from tests.monkey import cheap_engines
from tests.tui_flows import burst, designer, drive, focus

# The keys that switch to a design of another game: Ctrl+N and the game (The Pentagon War
# is offered first, Tacship second), or Ctrl+O and a sample of the other game.
TO_TACSHIP = ("ctrl+n", "right", "enter")
TO_PENTAGON_WAR = ("ctrl+n", "enter")


def open_keys(name: str) -> tuple[str, ...]:
    return ("ctrl+o", *f"sample:{name}", "enter")


@contextmanager
def frames() -> Iterator[list[str]]:
    """Every frame of the designer screen drawn while the block runs, as text."""
    drawn: list[str] = []
    draw = Screen._compositor_refresh

    def recording(screen: Screen[object]) -> None:
        draw(screen)
        if isinstance(screen, DesignerScreen) and screen is screen.app.screen:
            drawn.append("\n".join(strip.text for strip in screen._compositor.render_strips()))
    Screen._compositor_refresh = recording  # type: ignore[method-assign]
    try:
        yield drawn
    finally:
        Screen._compositor_refresh = draw  # type: ignore[method-assign]


def shows_one_design(app: ShipyardApp, name: str, game: str) -> None:
    """The editor, the sheet, the hint and the focus are all of the design named `name`."""
    designer = app.designer
    assert app.is_running and app.crash is None
    assert isinstance(app.screen, DesignerScreen)
    assert app.session.design.name == name and app.session.design.ruleset == game
    editors = list(designer.query(Editor))
    assert editors == [designer.editor], "the old design's editor is still there"
    assert designer.query_one(NameInput).value == name
    assert designer.query_one(SheetPanel).shown.plain.startswith(name)
    focused = app.focused
    assert isinstance(focused, Field) and designer.editor.shows(focused)
    assert designer.current is focused  # the hint is the focused field's, of this design
    assert focused.hint_label() in designer.hint.plain


@pytest.mark.parametrize(("sample", "path", "keys", "name", "game"), [
    ("starter", "weapons[0].arcs", TO_TACSHIP, "New design", "tacship"),
    ("valkyrie", "fixed_lasers[0].factor", TO_PENTAGON_WAR, "New design", "pentagon-war"),
    ("starter", "weapons[0].arcs", open_keys("nightjar"), "Nightjar", "tacship"),
    ("nightjar", "turret_lasers[1].arc", open_keys("hive"), "Hive", "pentagon-war"),
], ids=["arcs-to-tacship", "factor-to-pentagon-war", "open-nightjar", "open-hive"])
def test_a_switch_of_game_from_a_list_entry_keeps_the_designer_running(
        tmp_path: Path, sample: str, path: str, keys: tuple[str, ...], name: str,
        game: str) -> None:
    # The hint used to price the old game's field against the new design: IndexError in
    # services/editing.py, and the designer stopped (exit 3).
    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        await focus(app, pilot, path)
        await burst(app, pilot, *keys)
        await pilot.pause()
        shows_one_design(app, name, game)
    drive(designer(tmp_path, f"sample:{sample}"), flow)


def test_every_frame_of_a_switch_shows_one_design_whole(tmp_path: Path) -> None:
    # From Valkyrie (a fixed Laser-2 entry of two guns) to Nightjar (a fore and an aft
    # turret, no fixed laser): each frame shows Valkyrie everywhere, or Nightjar everywhere
    # with both turrets; the editor is never blank.
    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        await focus(app, pilot, "fixed_lasers[0].count")
        with frames() as drawn:
            await burst(app, pilot, *open_keys("nightjar"))
            await pilot.pause()
        shows_one_design(app, "Nightjar", "tacship")
        designer_frames = [frame for frame in drawn if "Craft" in frame]
        assert designer_frames, "no frame of the designer was drawn"
        assert drawn[-1] in designer_frames
        for frame in drawn:
            assert "Craft" in frame and "Name" in frame, "the editor was blank"
            old, new = frame.count("Valkyrie"), frame.count("Nightjar")
            assert (old >= 2 and new == 0) or (new >= 2 and old == 0), frame
            if new:
                assert "Turret laser 1" in frame and "Turret laser 2" in frame, frame
                assert "Fixed laser 1" not in frame, frame
    drive(designer(tmp_path, "sample:valkyrie"), flow)


def test_the_first_frame_shows_every_entry_and_the_name(tmp_path: Path) -> None:
    # Hawk: a fixed Laser-2 and an aft turret Laser-1. They used to be mounted after the
    # first frame, which showed the Lasers section empty.
    app = designer(tmp_path, "sample:hawk")

    async def main() -> None:
        with frames() as drawn:
            async with app.run_test(size=(140, 45)) as pilot:
                await pilot.pause()
        first = drawn[0]
        assert "Hawk" in first.split("Name", 1)[1].split("\n", 1)[0]
        assert "Fixed laser 1" in first and "Turret laser 1" in first
        assert "Laser-2" in first and "◂ aft ▸" in first
    with cheap_engines():
        asyncio.run(main())


def test_the_hint_follows_the_focus_to_the_name_and_back(tmp_path: Path) -> None:
    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        await focus(app, pilot, "manned")
        assert "removing manned" in app.designer.hint.plain
        await burst(app, pilot, "up")
        assert isinstance(app.focused, NameInput)
        assert app.designer.hint.plain.startswith("name: type the design's name")
        await burst(app, pilot, "down")
        assert "removing manned" in app.designer.hint.plain
    drive(designer(tmp_path, "sample:starter"), flow)


def test_digits_typed_count_before_a_new_design_is_started(tmp_path: Path) -> None:
    # 12 typed on the starter's 4 capacitors, then Ctrl+N at once: the 12 is set first, so
    # the designer asks about the unsaved change instead of dropping it unasked.
    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        await focus(app, pilot, "systems.capacitor")
        await burst(app, pilot, "1", "2", "ctrl+n")
        assert app.session.design.to_data()["systems"]["capacitor"] == 12
        assert isinstance(app.screen, ChoiceDialog)
        assert app.screen.title_text == "Unsaved changes"
    drive(designer(tmp_path, "sample:starter"), flow)


def test_keys_and_settling_after_the_designer_closed_do_nothing(tmp_path: Path) -> None:
    # Issue 28: a test's wait (or a key still queued) met the app with no screen left while
    # it closed, and raised ScreenStackError from `self.screen`.
    app = designer(tmp_path, "sample:lancer")

    async def main() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
        assert app.top_screen() is None
        await app.settle()
        await app.take_key(events.Key("f2", None))
        assert app.late_settles == 0
    with cheap_engines():
        asyncio.run(main())
