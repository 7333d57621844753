"""A demanding player's faults, each driven through Pilot as it was found in a terminal.

Keys are posted in one burst (`burst`: no pause between them, as tmux sends
them) unless the fault needs a pause. Every figure is worked by hand in the
comment beside it.
"""

from __future__ import annotations

import asyncio
import json
import shutil
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from textual import events
from textual.pilot import Pilot
from textual.widgets import Input, Select

from shipyard.core.catalog_files import catalog_root
from shipyard.rulesets.pentagon_war.design import read_design
from shipyard.services.registry import read_design as read_any
from shipyard.services.session import open_session
from shipyard.tui.app import ShipyardApp
from shipyard.tui.screens.designer import DesignerScreen
from shipyard.tui.screens.dialogs import ChoiceDialog, ConfirmDialog
from shipyard.tui.screens.duel import DuelScreen
from shipyard.tui.screens.fleet import FleetScreen, pack_stem
from shipyard.tui.widgets.editor import Editor, EntryBox
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


# 2. The duel screen after switching game ------------------------------------------------

def test_the_duel_screen_after_switching_game_offers_the_new_games_opponents(
        tmp_path: Path) -> None:
    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        await burst(app, pilot, "f4", "escape", "ctrl+n")
        assert isinstance(app.screen, ChoiceDialog)
        pentagon = next(key for key, label in app.screen.answers
                        if label == "The Pentagon War")
        await pilot.click(f"#answer-{pentagon}")
        await pilot.pause()
        await burst(app, pilot, "f4")
        screen = app.screen
        assert isinstance(screen, DuelScreen) and app.session.design.ruleset == "pentagon-war"
        sample = screen.query_one("#duel-sample", Select)
        assert sample.value == "sample:starter"  # the Pentagon War default, not bulwark
        assert screen.query_one("#duel-opponent", Input).value == "sample:starter"
    drive(designer(tmp_path, "sample:bulwark"), flow)


# 3. Delete then + on the only gun ----------------------------------------------------------

def test_delete_then_plus_on_the_only_guns_boxes(tmp_path: Path) -> None:
    # Hammer has one gun. Del removes it; the focus moves at once to "+ add gun", where the
    # + of the same burst adds a gun again (the game's new gun), at no index that is gone.
    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        await focus(app, pilot, "guns[0].boxes")
        new_gun = app.form().group("guns")
        assert new_gun is not None
        await burst(app, pilot, "delete", "plus")
        assert app.is_running
        assert app.session.design.to_data()["guns"] == [dict(new_gun.new)]
        assert isinstance(app.focused, Field) and app.focused.path == "guns[0].type"
    drive(designer(tmp_path, "sample:hammer"), flow)


# 4. A stale save ---------------------------------------------------------------------------

def test_five_minus_then_save_in_one_burst_saves_what_the_screen_shows(tmp_path: Path) -> None:
    # Hive has 14 capacitors: 13 after one -, then five - and Ctrl+S at once: 8 saved.
    file = copy_of(tmp_path, "pentagon-war", "hive")

    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        await focus(app, pilot, "systems.capacitor")
        await burst(app, pilot, "minus")
        await burst(app, pilot, "minus", "minus", "minus", "minus", "minus", "ctrl+s")
        assert read_design(file).systems.capacitor == 8 == app.session.design.systems.capacitor
        assert not app.session.workbench.changed
        assert not app.designer.sub_title.endswith("●")
        field = app.designer.query_one(Editor).field_for("systems.capacitor")
        assert field is not None and "  8 " in field.value_text().plain
    drive(designer(tmp_path, file), flow)


# 5. The optimized design -------------------------------------------------------------------

def test_an_optimized_design_is_unsaved_and_asked_about(tmp_path: Path) -> None:
    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        optimized = read_any(catalog_root() / "pentagon-war" / "designs" / "hive.ship.json")
        app.start_over(optimized, None, "optimized design", unsaved=True)
        await pilot.pause()
        assert app.session.workbench.changed
        assert app.designer.sub_title == "optimized design ●"
        await burst(app, pilot, "ctrl+q")  # quitting asks first
        assert isinstance(app.screen, ChoiceDialog)
        assert app.screen.title_text == "Unsaved changes"
        await burst(app, pilot, "escape", "ctrl+o")  # so does opening another
        assert isinstance(app.screen, ChoiceDialog)
        assert app.screen.title_text == "Unsaved changes"
    drive(designer(tmp_path, "sample:lancer"), flow)


# 6. The budget after switching game ---------------------------------------------------------

def test_a_budget_of_one_game_is_dropped_for_another(tmp_path: Path) -> None:
    # --budget 300 for the Lancer (The Pentagon War), then Ctrl+N, Tacship: the fighter's
    # own 30 points apply. The starter fighter is 17 points; 14 more damage boxes make 31:
    # over by 1, an error, DRAFT.
    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        assert app.session.workbench.scenario.budget == 300
        await burst(app, pilot, "ctrl+n")
        assert isinstance(app.screen, ChoiceDialog)
        tacship = next(key for key, label in app.screen.answers if label == "Tacship")
        await pilot.click(f"#answer-{tacship}")
        await pilot.pause()
        workbench = app.session.workbench
        assert app.session.design.ruleset == "tacship" and workbench.scenario.budget is None
        await focus(app, pilot, "damage_boxes")
        await burst(app, pilot, "1", "4", "enter")  # 10 -> 14 damage boxes: 17 + 4 = 21
        await burst(app, pilot, *["plus"] * 10)  # 24 boxes: 31 points
        evaluation = workbench.evaluation
        assert evaluation.sheet.total == 31 and not evaluation.legal
        assert [i.code for i in evaluation.issues if i.severity == "error"] == ["over-budget"]
        shown = app.designer.query_one("#sheet").shown.plain  # type: ignore[attr-defined]
        assert "31 / 30, over by 1" in shown and "DRAFT: 1 error" in shown
        assert "300" not in shown
    drive(designer(tmp_path, "sample:lancer", budget=300), flow)


# 8. Keys that went into the name ------------------------------------------------------------

def test_down_down_plus_plus_down_plus_from_the_name(tmp_path: Path) -> None:
    # Name -> Manned -> Movable base; + + flips it twice (back to no); Down -> Suicide
    # bomb; + makes it 1. The name is untouched.
    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        await focus(app, pilot, "systems.screen")
        app.designer.query_one("#name").focus()
        await pilot.pause()
        await burst(app, pilot, "down", "down", "plus", "plus", "down", "plus")
        design = app.session.design
        assert design.name == "Barnard Stinger"
        assert (design.options.movable_base, design.options.suicide_bomb) == (False, 1)
        assert isinstance(app.focused, Field) and app.focused.path == "options.suicide_bomb"
    drive(designer(tmp_path, "sample:stinger"), flow)


def test_a_name_typed_then_saved_at_once_is_saved(tmp_path: Path) -> None:
    file = copy_of(tmp_path, "pentagon-war", "stinger")

    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        app.designer.query_one("#name").focus()
        await pilot.pause()
        await burst(app, pilot, "end", " ", "I", "I", "ctrl+s")
        assert read_design(file).name == "Barnard Stinger II"
        await burst(app, pilot, "ctrl+z")  # the letters typed are one undo step
        assert app.session.design.name == "Barnard Stinger"
    drive(designer(tmp_path, file), flow)


# 10. The fleet's d, and the pack's file -------------------------------------------------------

def test_d_adds_the_design_by_its_file_and_its_saves_reach_the_fleet(tmp_path: Path) -> None:
    # Lancer (215 points) from a file: the fleet names the file, relative to the fleet's
    # folder (the working folder while the fleet is new). One more screen (R1: 23 points
    # a box at 215 -> the sheet says 238) saved in the designer reaches the fleet.
    file = copy_of(tmp_path, "pentagon-war", "lancer")

    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        await burst(app, pilot, "f8", "d")
        screen = app.screen
        assert isinstance(screen, FleetScreen)
        entry = screen.fleet.report.fleet.entries[0]
        assert entry.reference == str(file.resolve())
        assert screen.fleet.report.total == 215
        await burst(app, pilot, "f8")  # back to the designer
        await focus(app, pilot, "systems.screen")
        await burst(app, pilot, "plus", "ctrl+s")
        total = app.session.workbench.evaluation.sheet.total
        assert total > 215
        await burst(app, pilot, "f8")
        assert isinstance(app.screen, FleetScreen)
        assert app.screen.fleet.report.total == total
    drive(designer(tmp_path, file), flow)


def test_the_pack_is_named_after_the_saved_fleet(tmp_path: Path) -> None:
    assert pack_stem({"name": "New fleet"}, None) == Path("new-fleet")
    assert pack_stem({"name": "New fleet"}, tmp_path / "home.fleet.json") == tmp_path / "home"
    assert pack_stem({}, tmp_path / "raid.fleet.toml") == tmp_path / "raid"


# 16. Wording ---------------------------------------------------------------------------------

def test_a_new_design_is_named_new_design(tmp_path: Path) -> None:
    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        await burst(app, pilot, "ctrl+n")
        assert isinstance(app.screen, ChoiceDialog)
        await burst(app, pilot, "enter")  # the default game
        assert isinstance(app.screen, DesignerScreen)
        assert app.session.design.name == "New design"
    drive(designer(tmp_path, "sample:hive"), flow)


# The recovery dialog names the design it came from ------------------------------------------

def test_the_recovery_names_what_was_recovered(tmp_path: Path) -> None:
    # Autosaved while editing sample:hammer, offered on the next launch on the starter.
    first = open_session(Path("sample:hammer"), recovery_dir=tmp_path / "state")
    first.workbench.apply(lambda data: data.update(name="Hammer II"))
    first.autosave()
    record = json.loads(first.recovery_file().read_text())
    assert record["title"] == "sample:hammer"

    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        assert isinstance(app.screen, ConfirmDialog)
        assert "sample:hammer" in app.screen.question
        assert "they replace starter design" in app.screen.question
    drive(designer(tmp_path, None), flow)


def _entry_boxes(app: ShipyardApp, group: str) -> list[Any]:
    return [box for box in app.designer.query(EntryBox)
            if box.group.path == group and not box.leaving]
