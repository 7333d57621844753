"""The designer's main flows, driven with Textual's Pilot, asserting real figures.

Every figure is worked by hand from docs/rules.md in the comments next to it.
"""

from __future__ import annotations

import asyncio
import io
import json
from collections.abc import Awaitable, Callable
from fractions import Fraction
from pathlib import Path

from rich.console import Console
from textual.pilot import Pilot
from textual.widgets import Button, Input, RadioButton, Static

from shipyard.rulesets.pentagon_war.design import read_design
from shipyard.services.session import open_session
from shipyard.tui.app import ShipyardApp
from shipyard.tui.screens.catalog import CatalogScreen
from shipyard.tui.screens.designer import DesignerScreen
from shipyard.tui.screens.dialogs import ChoiceDialog, ConfirmDialog
from shipyard.tui.screens.export import ExportDialog
from shipyard.tui.screens.help import GROUPS, HelpScreen
from shipyard.tui.widgets.armor import HexagonSides
from shipyard.tui.widgets.editor import Editor
from shipyard.tui.widgets.fields import Field
from shipyard.tui.widgets.issues import IssuesPanel
from shipyard.tui.widgets.sheet import SheetPanel

SIZE = (130, 45)
Flow = Callable[[ShipyardApp, Pilot[None]], Awaitable[None]]


def drive(app: ShipyardApp, flow: Flow) -> None:
    async def main() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await flow(app, pilot)
    asyncio.run(main())


def designer_app(file: str | Path | None, state: Path) -> ShipyardApp:
    return ShipyardApp(open_session(None if file is None else Path(file), recovery_dir=state))


async def focus(app: ShipyardApp, pilot: Pilot[None], path: str) -> Field:
    field = app.designer.query_one(Editor).field_for(path)
    assert field is not None, path
    field.focus()
    await pilot.pause()
    return field


def sheet_text(app: ShipyardApp) -> str:
    """The live sheet as the player reads it."""
    console = Console(width=60, record=True, file=io.StringIO())
    console.print(app.designer.query_one(SheetPanel).shown)
    return console.export_text()


def total(app: ShipyardApp) -> int:
    return app.session.workbench.evaluation.sheet.total


def test_adding_a_four_arc_proton_cannon_to_the_lancer(tmp_path: Path) -> None:
    # Lancer: 431/2 -> 215. A proton cannon box is 11 at 2 arcs; at 4 arcs (R1) x 3/2
    # = 33/2. Boxes before hull 32 -> 33: free hull ceil(33/16) = 3 (+1, free); non-radar
    # 27 + 1 + 3 hull = 31 -> free final damage ceil(31/30) = 2 (+1, free).
    # Total 431/2 + 33/2 = 232.
    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        assert total(app) == 215
        await focus(app, pilot, "weapons")  # the "add a secondary weapon" line
        await pilot.press("enter")  # a new laser on LF+RF; the focus moves to its type
        await pilot.pause()
        assert isinstance(app.focused, Field) and app.focused.path == "weapons[2].type"
        await pilot.press("right", "right")  # laser -> electron cannon -> proton cannon
        await focus(app, pilot, "weapons[2].arcs")
        await pilot.press("right", "space")  # cursor RF -> R, add R
        await pilot.press("right", "right", "right", "space")  # R -> RR -> LR -> L, add L
        await pilot.pause()
        design = app.session.design
        assert design.weapons[2].type == "proton_cannon"
        assert set(design.weapons[2].arcs) == {"LF", "RF", "R", "L"}
        sheet = app.session.workbench.evaluation.sheet
        assert sheet.exact_total == Fraction(431, 2) + Fraction(33, 2)
        assert sheet.total == 232
        assert (sheet.free_hull, sheet.free_final_damage) == (3, 2)
        assert "Total 232 points" in sheet_text(app)
    drive(designer_app("sample:lancer", tmp_path), flow)


def test_typing_extra_hull_crosses_the_size_class_border(tmp_path: Path) -> None:
    # Starter: 17 non-radar boxes before hull, free hull 3. 57 extra hull -> hull 60,
    # 77 non-radar -> free FD ceil(77/30) = 3 -> 80 non-radar: class I, 127 + 114 = 241.
    # One more (58) -> 78 -> FD 3 -> 81: class II, 243.
    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        await focus(app, pilot, "systems.extra_hull")
        await pilot.press("5", "7", "enter")
        sheet = app.session.workbench.evaluation.sheet
        assert (sheet.non_radar_boxes, sheet.size_class, sheet.total) == (80, 1, 241)
        assert "I · 1 box to II" in sheet_text(app)
        hint = app.designer.hint.plain
        assert "+2 points" in hint and "size class I → II" in hint
        await pilot.press("plus")
        sheet = app.session.workbench.evaluation.sheet
        assert (sheet.non_radar_boxes, sheet.size_class, sheet.total) == (81, 2, 243)
        assert "Size class   II · 80 boxes to III" in sheet_text(app)  # 160 - 81 + 1
    drive(designer_app(None, tmp_path), flow)


def test_rear_armor_error_points_to_the_field_and_undo_restores(tmp_path: Path) -> None:
    # Starter (127 points) has an engine, so armor on side 4 is an error (R11).
    # One rear box costs 5: 132. Two undos (two edits) give 127 back.
    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        armor = await focus(app, pilot, "armor.1")
        assert isinstance(armor, HexagonSides)
        await pilot.press("right", "right", "right")  # side 1 -> 2 -> 3 -> 4
        assert armor.side == "4"
        await pilot.press("plus")
        assert total(app) == 132
        issues = app.session.workbench.evaluation.issues
        assert [(i.rule, i.path) for i in issues if i.severity == "error"] == [
            ("R11", "armor.4")]
        panel = app.designer.query_one(IssuesPanel)
        assert "R11" in str(panel.get_option_at_index(0).prompt)
        await focus(app, pilot, "systems.screen")  # look elsewhere first
        await pilot.press("plus")  # a second edit: 132 + 23 = 155
        assert total(app) == 155
        panel.focus()
        await pilot.pause()
        panel.highlighted = 0
        await pilot.press("enter")
        await pilot.pause()
        assert app.focused is armor and armor.side == "4"
        await pilot.press("ctrl+z", "ctrl+z")
        await pilot.pause()
        assert total(app) == 127
        assert not [i for i in app.session.workbench.evaluation.issues]
        await pilot.press("ctrl+y")
        assert total(app) == 132
    drive(designer_app(None, tmp_path), flow)


def test_save_and_reopen_gives_the_same_design(tmp_path: Path) -> None:
    target = tmp_path / "escort.ship.json"

    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        assert app.session.path == target and app.session.workbench.changed
        await focus(app, pilot, "systems.capacitor")
        await pilot.press("plus", "plus")  # 4 -> 6 capacitors: 127 + 14 = 141
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not app.session.workbench.changed
        assert json.loads(target.read_text())["systems"]["capacitor"] == 6
    drive(designer_app(target, tmp_path), flow)
    assert not list(tmp_path.glob(".escort*.tmp"))  # the atomic write left nothing behind
    saved = read_design(target)

    async def reopen(app: ShipyardApp, pilot: Pilot[None]) -> None:
        assert app.session.design == saved
        assert total(app) == 141
        assert not app.session.workbench.changed
    drive(designer_app(target, tmp_path), reopen)


def test_quit_with_unsaved_changes_asks_first(tmp_path: Path) -> None:
    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        await focus(app, pilot, "systems.screen")
        await pilot.press("plus")
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog)
        await pilot.press("escape")  # cancel: still designing
        await pilot.pause()
        assert isinstance(app.screen, DesignerScreen) and app.is_running
        await pilot.press("ctrl+q")
        await pilot.pause()
        await pilot.click("#answer-discard")
        await pilot.pause()
        assert not app.is_running
    drive(designer_app(None, tmp_path), flow)


def test_recovery_is_offered_after_a_crash(tmp_path: Path) -> None:
    target = tmp_path / "crash.ship.json"
    target.write_text(read_design(Path(str(_sample("lancer")))).to_json())

    async def edit_and_crash(app: ShipyardApp, pilot: Pilot[None]) -> None:
        await focus(app, pilot, "systems.screen")
        await pilot.press("plus")  # 215 + 23 = 238, autosaved
        await pilot.pause()
        assert app.session.recovery_file().exists()
    drive(designer_app(target, tmp_path), edit_and_crash)  # no quit: as if it crashed

    async def restore(app: ShipyardApp, pilot: Pilot[None]) -> None:
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.click("#answer-yes")
        await pilot.pause()
        assert total(app) == 238 and app.session.workbench.changed
        await pilot.press("ctrl+z")  # undo goes back to the file
        assert total(app) == 215
    drive(designer_app(target, tmp_path), restore)


def _sample(name: str) -> Path:
    from shipyard.services.samples import resolve

    return resolve(f"sample:{name}")


def test_an_illegal_design_exports_only_as_a_confirmed_draft(tmp_path: Path) -> None:
    target = tmp_path / "draft.txt"

    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        app.designer.go_to("armor.4")
        await pilot.press("plus")  # rear armor on a craft with engines: illegal (R11)
        assert not app.session.workbench.evaluation.legal
        await pilot.press("ctrl+e")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ExportDialog)
        assert dialog.query_one("#export", Button).disabled  # not without confirming
        dialog.query_one("#format-text", RadioButton).value = True
        dialog.query_one("#path", Input).value = str(target)
        await pilot.pause()
        await pilot.click("#draft")
        await pilot.pause()
        assert not dialog.query_one("#export", Button).disabled
        await pilot.click("#export")
        await pilot.pause()
        await pilot.pause()
    drive(designer_app(None, tmp_path), flow)
    text = target.read_text()
    assert "DRAFT" in text and "Starter" in text


def test_catalog_search_help_and_palette(tmp_path: Path) -> None:
    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        await pilot.press("f3")
        await pilot.pause()
        catalog = app.screen
        assert isinstance(catalog, CatalogScreen)
        await pilot.press(*"magnascoop")
        await pilot.pause()
        assert [row["key"] for row in catalog.shown] == ["magnascoop"]
        assert "R6" in str(catalog.query_one("#rulings", Static).content)
        await pilot.press("escape")
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await pilot.pause()
        titles = [command.title for command in app.get_system_commands(app.screen)]
        for expected in ("Save", "Open…", "Undo", "Export record sheets…", "Duel…",
                         "Light or dark theme"):
            assert expected in titles
        await pilot.press("ctrl+t")
        assert app.theme == "textual-light"
    drive(designer_app(None, tmp_path), flow)


def test_changing_a_gun_type_keeps_the_focus_and_steps_in_pairs(tmp_path: Path) -> None:
    # Stinger's first gun: an acid gum gun. Liquid metal guns come in pairs (1.2).
    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        field = await focus(app, pilot, "guns[0].type")
        await pilot.press("right")  # acid gum -> liquid metal
        await pilot.pause()
        assert app.session.design.guns[0].type == "liquid_metal_gun"
        assert app.focused is field
        boxes = await focus(app, pilot, "guns[0].boxes")
        before = app.session.design.guns[0].boxes
        await pilot.press("plus")
        assert app.session.design.guns[0].boxes in (before + 1, before + 2)
        assert app.session.design.guns[0].boxes % 2 == 0
        assert isinstance(boxes, Field)
    drive(designer_app("sample:stinger", tmp_path), flow)


def test_a_narrow_terminal_still_shows_the_sheet_and_issues(tmp_path: Path) -> None:
    async def main() -> None:
        app = designer_app(None, tmp_path)
        async with app.run_test(size=(90, 30)) as pilot:
            await pilot.pause()
            for selector in ("Editor", "#sheet-scroll", "#issues"):
                region = app.designer.query_one(selector).region
                assert region.width >= 30 and region.height >= 5, (selector, region)
                assert region.right <= 90 and region.bottom <= 30
    asyncio.run(main())


def test_unknown_systems_are_removed_from_the_issues_panel(tmp_path: Path) -> None:
    odd = tmp_path / "odd.ship.json"
    data = json.loads(read_design(_sample("lancer")).to_json())
    data["systems"]["bogus"] = 2
    odd.write_text(json.dumps(data))

    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        issues = app.session.workbench.evaluation.issues
        assert [i.code for i in issues] == ["unknown-system"]
        panel = app.designer.query_one(IssuesPanel)
        panel.focus()
        panel.highlighted = 0
        await pilot.press("delete")
        await pilot.pause()
        assert app.session.workbench.evaluation.legal
        assert total(app) == 215
    drive(designer_app(odd, tmp_path), flow)


def test_save_as_adds_the_design_extension_and_undo_to_saved_is_clean(tmp_path: Path) -> None:
    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        await focus(app, pilot, "systems.screen")
        await pilot.press("plus")
        assert app.session.workbench.changed
        await pilot.press("ctrl+z")
        assert not app.session.workbench.changed  # back to the design as opened
        await pilot.press("ctrl+y", "f12")
        await pilot.pause()
        dialog = app.screen
        dialog.query_one(Input).value = str(tmp_path / "escort")
        await pilot.press("enter")
        await pilot.pause()
        assert app.session.path == tmp_path / "escort.ship.json"
        assert read_design(tmp_path / "escort.ship.json") == app.session.design
        assert not app.session.workbench.changed
    drive(designer_app(None, tmp_path), flow)


def test_deleting_the_entry_under_the_cursor_keeps_the_designer_going(tmp_path: Path) -> None:
    # Lancer has two secondary weapons; Del on the last one's boxes removes it. The focus
    # moves at once to the same field of the weapon kept, and the hint prices that one,
    # never the weapon that is gone (it used to crash).
    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        await focus(app, pilot, "weapons[1].count")
        await pilot.press("delete")
        await pilot.pause()
        assert len(app.session.design.weapons) == 1
        assert app.is_running and isinstance(app.focused, Field)
        assert app.focused.path == "weapons[0].count"
        assert app.designer.current is app.focused
        assert app.designer.hint.plain.startswith("+ one more weapon box")
        await pilot.press("ctrl+z")
        assert len(app.session.design.weapons) == 2
    drive(designer_app("sample:lancer", tmp_path), flow)


def test_the_form_names_the_help_screen_and_the_add_commands(tmp_path: Path) -> None:
    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        titles = [command.title for command in app.get_system_commands(app.screen)]
        adds = [t for t in titles if t.startswith("Add a")]
        assert adds == ["Add a secondary weapon", "Add a gun", "Add a drone bay"]
        await pilot.press("f1")
        await pilot.pause()
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        shown = [help_screen.title_of(title, spec) for title, _, spec in GROUPS]
        for name in ("Armor by side", "Radar track", "Secondary weapon arcs", "Gun arcs",
                     "Forward hull"):
            assert name in shown
        assert any(b.description == "Save" for b in help_screen.designer)
    drive(designer_app(None, tmp_path), flow)
