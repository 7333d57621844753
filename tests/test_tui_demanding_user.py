"""A demanding player's faults in the designer's screens, each driven through Pilot.

Keys are posted in one burst unless the fault needs a pause (`tests/tui_flows.py`).
Every figure is worked by hand in the comment beside it.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import DataTable, Input, Static

from shipyard.core.catalog_files import catalog_root
from shipyard.services.registry import read_design as read_any
from shipyard.services.session import open_session
from shipyard.tui.app import ShipyardApp
from shipyard.tui.screens.designer import DesignerScreen
from shipyard.tui.screens.dialogs import ChoiceDialog, ConfirmDialog
from shipyard.tui.screens.duel import DuelScreen
from shipyard.tui.screens.export import ExportDialog
from shipyard.tui.screens.fleet import FleetScreen
from shipyard.tui.screens.fleet_export import pack_stem
from shipyard.tui.screens.optimize import OptimizeScreen
from shipyard.tui.widgets.duel_chart import DuelResults
from shipyard.tui.widgets.editor import Editor
from shipyard.tui.widgets.footer import KeysFooter
from shipyard.tui.widgets.issues import IssuesPanel, issues_title
from shipyard.tui.widgets.radar import NumberedTrack
from shipyard.tui.widgets.sheet import sheet_view
from tests.monkey import cheap_engines
from tests.tui_flows import SMALL, burst, copy_of, designer, drive, focus

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
    first.end()  # the process stops without saving (its lock goes with it)
    record = json.loads(first.recovery_file().read_text())
    assert record["title"] == "sample:hammer"

    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        assert isinstance(app.screen, ConfirmDialog)
        assert "sample:hammer" in app.screen.question
        assert "they replace starter design" in app.screen.question
    drive(designer(tmp_path, None), flow)


# 11. Export: a file replaced only once confirmed, an illegal design only as a draft ----------

def test_export_asks_before_replacing_a_file(tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mine.txt").write_text("my notes")

    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        await burst(app, pilot, "ctrl+e", *"mine.txt", "enter")
        assert isinstance(app.screen, ConfirmDialog) and "mine.txt exists" in app.screen.question
        await burst(app, pilot, "escape")
        assert (tmp_path / "mine.txt").read_text() == "my notes"  # not replaced
        await burst(app, pilot, "ctrl+e", *"mine.txt", "enter")
        await pilot.click("#answer-yes")
        await pilot.pause()
        await pilot.pause()
        assert "Lancer" in (tmp_path / "mine.txt").read_text()
    drive(designer(tmp_path, "sample:lancer"), flow)


def test_enter_on_an_illegal_design_without_draft_says_why(tmp_path: Path,
                                                           monkeypatch: Any) -> None:
    monkeypatch.chdir(tmp_path)

    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        app.session.workbench.apply(lambda data: data["armor"].update({"4": 1}))  # R11
        app.design_changed()
        await pilot.pause()
        assert not app.session.workbench.evaluation.legal
        await burst(app, pilot, "ctrl+e", "enter")
        assert isinstance(app.screen, ExportDialog)  # still open, nothing written
        assert list(tmp_path.glob("*.pdf")) == []
        assert any("DRAFT" in str(n.message) for n in app._notifications)
    drive(designer(tmp_path, "sample:lancer"), flow)


# 12. A run under way ----------------------------------------------------------------------------

def test_a_run_clears_the_last_results_and_counts_its_duels(tmp_path: Path) -> None:
    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        await burst(app, pilot, "f4")
        screen = app.screen
        assert isinstance(screen, DuelScreen)
        screen.query_one("#duel-runs", Input).value = "40"
        await burst(app, pilot, "ctrl+r")
        while screen.running:
            await asyncio.sleep(0.01)
        await pilot.pause()
        results = screen.query_one(DuelResults)
        assert results.shown is not None and results.query_one(DataTable).row_count == 3
        screen.query_one("#duel-runs", Input).value = "1000"
        screen.action_run()  # what a new run shows at once, before any duel is fought
        heading = results.query_one("#duel-heading", Static)
        first_line = str(heading.render()).splitlines()[0]
        assert first_line == "Running: 0 of 1000 duels fought (Escape stops)."
        assert results.query_one(DataTable).row_count == 0 and results.shown is None
        while screen.running:
            await asyncio.sleep(0.01)
        await pilot.pause()
        assert str(heading.render()).startswith("Lancer (default) against Starter (default):"
                                                " 1000 duels")
    drive(designer(tmp_path, "sample:lancer"), flow, SMALL)


# 13. Optimize stopped --------------------------------------------------------------------------

def test_optimize_says_where_it_stopped_and_why_nothing_opens(tmp_path: Path) -> None:
    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        app.action_optimize()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, OptimizeScreen)
        screen.stage = "generation 2 of 5"
        screen.running = True
        screen.on_optimize_screen_finished(OptimizeScreen.Finished(None))
        await pilot.pause()
        stage = str(screen.query_one("#optimize-stage", Static).render())
        assert stage == "Stopped during generation 2 of 5"
        await burst(app, pilot, "ctrl+o")
        assert app.screen is screen
        assert any("No design found yet" in str(n.message) for n in app._notifications)
    drive(designer(tmp_path, "sample:lancer"), flow)


# 15. Nothing cut short --------------------------------------------------------------------------

def test_at_80_by_24_the_footer_has_the_screens_and_the_editor_eleven_rows(
        tmp_path: Path) -> None:
    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        footer = app.screen.query_one(KeysFooter)
        footer.render()
        shown = [key.shown for _, _, key in footer.spans]
        # The palette's key (every command by name, F9's compare included) keeps its place
        # at the right end; the screens' keys fill the rest.
        assert shown == ["f1", "^q", "^s", "f2", "f3", "f4", "f8", "^p"]
        editor = app.designer.query_one(Editor)
        assert editor.content_size.height == 11
        assert app.designer.query_one(IssuesPanel).border_title == "Issues: none"
    drive(designer(tmp_path, "sample:lancer"), flow, SMALL)


def test_titles_and_help_lines_fit_their_room() -> None:
    assert issues_title(2, 1, 60) == "Issues: 2 errors, 1 warning"
    assert issues_title(2, 1, 30) == "2 errors, 1 warning"  # 24 columns of room
    assert issues_title(12, 10, 20) == "Issues: 12 ✖ 10 !"
    assert issues_title(1, 0) == "Issues: 1 error"


def test_the_radar_help_and_the_catalog_title_are_whole(tmp_path: Path) -> None:
    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        track = app.designer.query_one(NumberedTrack)
        assert track.keys_help(60).endswith("(0 is free)")
        assert track.keys_help(40) == "←/→ box  +/- or 1-6 number  a add"
        room = track.size.width - len(track.prefix()) - 2
        assert len(track.keys_help(room)) <= room
        await burst(app, pilot, "f3")
        assert app.screen.sub_title == "The Pentagon War catalog 1.0.0"
    drive(designer(tmp_path, "sample:lancer"), flow, SMALL)


# 16. Wording -------------------------------------------------------------------------------------

def test_the_wording_of_sheets_warnings_and_reports() -> None:
    # A Lancer with 200 extra hull and 1 engine: size class III or more, too few engines.
    # The warning names the class in Roman numerals, as the sheet does, and says "1 engine".
    from shipyard.core.sheet import roman
    from shipyard.services.registry import evaluate

    lancer = read_any(catalog_root() / "pentagon-war" / "designs" / "lancer.ship.json")
    data = lancer.to_data()
    data["systems"]["extra_hull"] = 200
    data["systems"]["engine"] = 1
    from shipyard.services.registry import parse_design
    evaluation = evaluate(parse_design(data))
    warning = next(i for i in evaluation.issues if i.code == "slow-acceleration")
    size = evaluation.sheet.size_class
    assert warning.message.startswith(f"1 engine for size class {roman(size)}: slower than "
                                      "standard acceleration")
    # The sheet's * note only under a * line: the Tacship fighter has none.
    bulwark = evaluate(read_any(catalog_root() / "tacship" / "designs" / "bulwark.ship.json"))
    assert "* rests on" not in sheet_view(bulwark, None).plain
    assert "* rests on" in sheet_view(evaluation, None).plain  # its radar track is R7*


def test_the_wording_of_the_fleet_the_fighter_and_the_keys(tmp_path: Path) -> None:
    from shipyard.core.issues import Issue
    from shipyard.render.export import render
    from shipyard.services.fleet import RULE
    from shipyard.services.registry import evaluate
    from shipyard.tui.widgets.roster import FleetIssues

    # The fleet's own issue has no rule of the game to name before it.
    over = Issue("over-budget", "error", "the fleet costs 900 points, 100 over its budget of "
                 "800", "budget", RULE)
    assert FleetIssues().text_of(over).plain == ("✖ The fleet costs 900 points, 100 over its "
                                                 "budget of 800")
    # A fighter with 5 missiles, 1 mine and 1 decoy: plurals on its record sheet.
    harpy = evaluate(read_any(catalog_root() / "tacship" / "designs" / "harpy.ship.json"))
    sheet = render([harpy.ruleset.document(harpy)], "text", "a4", harpy.ruleset.sheets)
    assert "load: 5 missiles, 1 mine, 1 decoy" in sheet.decode()
    # The fighter's panel leaves the points to the budget bar (which knows a house budget).
    assert "Points left" not in [label for label, _ in harpy.ruleset.panel_rows(harpy)]


def test_the_optimize_report_names_the_design_once() -> None:
    # A one-generation search of The Pentagon War at 300 points (duels by coin): the
    # report's ranking calls the design found "Found by this search", not
    # "Optimized (300 points) (this search)".
    from shipyard.services.optimize import Settings, field_of, optimize
    from shipyard.services.registry import get_ruleset
    from shipyard.tui.screens.optimize import report

    ruleset = get_ruleset("pentagon-war")
    with cheap_engines():
        result = optimize(ruleset, field_of(ruleset, 300), Settings(300, 1, 4, 1))
    lines = report(result).splitlines()
    assert any(line.strip().startswith("Found by this search") for line in lines)
    assert not any("(this search)" in line for line in lines)


def test_at_80_by_24_labels_and_intervals_are_whole(tmp_path: Path) -> None:
    from textual.widgets import Label

    from shipyard.tui.screens.compare import CompareScreen

    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        app.action_optimize()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, OptimizeScreen)
        label = next(w for w in screen.query(Label) if str(w.render()) == "Generations")
        field = screen.query_one("#optimize-generations", Input)
        assert label.region.right <= field.region.x  # a space between, not run into it
        await burst(app, pilot, "escape", "f9")
        compare = app.screen
        assert isinstance(compare, CompareScreen)
        ceres = read_any(catalog_root() / "pentagon-war" / "designs" / "ceres-station.ship.json")
        from shipyard.services.registry import evaluate
        compare.pick("sample:ceres-station", evaluate(ceres))
        await burst(app, pilot, "ctrl+r")
        while compare.running:
            await asyncio.sleep(0.01)
        await pilot.pause()
        table = compare.query_one("#duel-outcomes", DataTable)
        intervals = [str(table.get_row_at(i)[3]) for i in range(table.row_count)]
        assert intervals and all(cell.endswith("%") for cell in intervals)
        assert table.virtual_size.width <= table.region.width  # nothing cut off the right
        names = [str(table.get_row_at(i)[0]) for i in range(table.row_count)]
        assert names[1].startswith("Ceres S") and names[1].endswith("… wins")  # shortened
    drive(designer(tmp_path, "sample:lancer"), flow, SMALL)
