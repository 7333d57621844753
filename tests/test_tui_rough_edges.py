"""The rough edges a demanding player found: text cut with no "…", keys that did nothing
without saying why, words that read wrong, and what 80 x 24 shows without scrolling.

Each is driven through Pilot (keys in one burst, `tests/tui_flows.py`) or checked on the
function that words it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import DataTable, Input
from typer.testing import CliRunner

from shipyard.cli import app as cli
from shipyard.commands.web_server import ended_words
from shipyard.services.registry import read_design
from shipyard.services.samples import resolve
from shipyard.services.session import suggested_path, why_a_new_name
from shipyard.tui.app import ShipyardApp
from shipyard.tui.keys import NAMES
from shipyard.tui.screens.catalog import CatalogScreen
from shipyard.tui.screens.dialogs import ChoiceDialog, TextDialog
from shipyard.tui.screens.duel import DuelLogScreen
from shipyard.tui.screens.export import ExportDialog
from shipyard.tui.screens.help import HelpScreen
from shipyard.tui.widgets.compare_table import LABEL_WIDTH, fill_table
from shipyard.tui.widgets.fields import Field
from shipyard.tui.widgets.footer import KeysFooter
from shipyard.tui.widgets.sheet import SheetPanel
from tests.monkey import cheap_engines
from tests.tui_flows import SMALL, burst, designer, drive, focus


def notices(app: ShipyardApp) -> list[str]:
    return [notice.message for notice in app._notifications]


# Text cut with no ellipsis ------------------------------------------------------------------

def test_a_hint_names_each_error_once(tmp_path: Path) -> None:
    # Nightjar (two turrets) as a one-man fighter: both turrets break rule 4. The hint used
    # to name that error three times (once per turret in the notes, then as the error).
    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        await focus(app, pilot, "crew")
        hint = app.designer.hint.plain
        assert hint.count("turret lasers need a crew of 2") == 1, hint
        assert hint.endswith("→ 4: turret lasers need a crew of 2; this fighter has 1")
    drive(designer(tmp_path, "sample:nightjar"), flow)


def test_the_catalog_cuts_its_cells_with_an_ellipsis(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SHIPYARD_STATE_DIR", str(tmp_path / "state"))  # no Worth column
    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        await burst(app, pilot, "f3")
        screen = app.screen
        assert isinstance(screen, CatalogScreen)
        for _ in range(50):
            table = screen.query_one("#prices", DataTable)
            if screen.fitted_to == table.size.width > 0:
                break
            await pilot.pause()
        figures = screen.ruleset.row_figures
        cut = 0
        for index, row in enumerate(screen.shown):
            shown = [str(cell) for cell in table.get_row_at(index)]
            whole = [row["label"], screen.source(row), figures(row), str(row.get("file", ""))]
            assert len(whole[1]) > 12 or shown[1] == whole[1]  # a short source stays whole
            for cell, text in zip(shown, whole, strict=False):  # the key may be left out
                if cell != text:
                    cut += 1
                    assert cell.endswith("…") and text.startswith(cell[:-1]), (cell, text)
        assert cut > 0  # at 80 columns some are cut, each with "…"
        widths = sum(column.get_render_width(table) for column in table.columns.values())
        assert widths <= table.size.width  # no column runs off the edge
    drive(designer(tmp_path, "sample:lancer"), flow, SMALL)


def test_a_long_design_name_over_its_column_ends_with_an_ellipsis() -> None:
    from shipyard.services.compare import compare
    from shipyard.services.registry import evaluate

    class Columns:
        def __init__(self) -> None:
            self.labels: list[str] = []

        def add_column(self, label: str, **_: Any) -> None:
            self.labels.append(label)

        def add_row(self, *_: Any, **__: Any) -> None:
            pass

    table = Columns()
    lancer = evaluate(read_design(resolve("sample:lancer")))
    fill_table(table, ["Lancer of the Outer Marches", "Lancer"],  # type: ignore[arg-type]
               compare([lancer, lancer]))
    assert table.labels[1] == "Lancer of the…" and len(table.labels[1]) == LABEL_WIDTH
    assert table.labels[2] == "Lancer"


def test_the_duel_log_names_both_policies_whole_at_80_columns(tmp_path: Path) -> None:
    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        await burst(app, pilot, "f4", "ctrl+l")
        screen = app.screen
        assert isinstance(screen, DuelLogScreen)
        title = screen.query_one("#duel-log-title").render()
        words = str(title)
        assert "Lancer (default) against Starter (default)" in words
        assert screen.sub_title == "Duel log"
    with cheap_engines():
        drive(designer(tmp_path, "sample:lancer"), flow, SMALL)


@pytest.mark.parametrize("sample", ["lancer", "valkyrie"])
def test_the_footer_keeps_the_palette_on_every_field_at_80_columns(tmp_path: Path,
                                                                   sample: str) -> None:
    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        with app.batch_update():
            for field in list(app.designer.editor.fields()):
                app.designer.set_focus(field, scroll_visible=False)
                await pilot.pause()
                footer = app.designer.query_one(KeysFooter).render().plain
                assert footer.rstrip().endswith("^p palette"), (field.path, footer)
    drive(designer(tmp_path, f"sample:{sample}"), flow, SMALL)


# Keys that did nothing without saying why ---------------------------------------------------

def test_del_on_the_free_radar_box_says_why_nothing_went(tmp_path: Path) -> None:
    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        field = await focus(app, pilot, "radar")
        track = list(app.session.design.radar)  # type: ignore[attr-defined]
        field.cursor = len(track)  # type: ignore[attr-defined]  # on the free 0 box
        await burst(app, pilot, "delete")
        assert list(app.session.design.radar) == track  # type: ignore[attr-defined]
        assert any(n.startswith("The 0 box is free and always on the radar track")
                   for n in notices(app))
    drive(designer(tmp_path, "sample:lancer"), flow)


def test_a_bad_budget_says_the_budget_is_unchanged(tmp_path: Path) -> None:
    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        await burst(app, pilot, "ctrl+b")
        assert isinstance(app.screen, TextDialog)
        app.screen.query_one("#text", Input).value = "lots"
        await burst(app, pilot, "enter")
        assert app.session.workbench.scenario.budget == 300
        assert "budget: 'lots' is not a whole number of points: the budget stays 300 " \
               "points." in notices(app)
    drive(designer(tmp_path, "sample:lancer", budget=300), flow)


def test_ctrl_s_on_a_toml_design_says_why_it_asks_for_a_name(tmp_path: Path) -> None:
    toml = tmp_path / "lancer.toml"
    data = json.loads(resolve("sample:lancer").read_text())
    import tomli_w
    toml.write_text(tomli_w.dumps(data))

    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        await burst(app, pilot, "ctrl+s")
        dialog = app.screen
        assert isinstance(dialog, TextDialog)
        assert dialog.prompt.startswith("lancer.toml is a TOML design: Shipyard saves designs "
                                        "as JSON, and never writes over the file you gave it")
    drive(designer(tmp_path, toml), flow)
    assert why_a_new_name(None, "sample:hive") == \
        "sample:hive is a bundled sample, which Shipyard never writes over."
    assert why_a_new_name(None, "starter design") == "The design is in no file yet."


def test_the_cursor_is_in_sight_after_open(tmp_path: Path) -> None:
    # Far down the Hive's editor, then Ctrl+O of the Lancer: the new editor starts at its
    # top, its first field focused and in sight.
    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        await burst(app, pilot, "end")
        await burst(app, pilot, "ctrl+o", *"sample:lancer", "enter")
        assert app.session.design.name == "Lancer"
        focused = app.focused
        editor = app.designer.editor
        assert isinstance(focused, Field) and editor.shows(focused)
        assert editor.scroll_offset.y == 0
        assert editor.region.contains_region(focused.region)
    drive(designer(tmp_path, "sample:hive"), flow, SMALL)


# Words that read wrong ------------------------------------------------------------------------

def test_an_unsaved_new_fleet_is_the_new_fleet(tmp_path: Path) -> None:
    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        await burst(app, pilot, "f8", "d", "escape", "ctrl+q")
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        assert dialog.question.startswith("The new fleet has unsaved changes.")
    drive(designer(tmp_path, "sample:lancer"), flow)


def test_an_optimized_design_is_offered_one_dash_at_a_time() -> None:
    design = read_design(resolve("sample:lancer"))
    named = design.model_copy(update={"name": "Optimized (299 points)"})
    assert suggested_path(named, None) == Path("optimized-299-points.ship.json")


def test_a_fleet_of_two_games_totals_its_own_game_only(tmp_path: Path) -> None:
    # 215 (Lancer) + two Hawks of Tacship, whose 24 points are of another scale.
    fleet = tmp_path / "mixed.fleet.json"
    fleet.write_text(json.dumps({
        "schema": "shipyard.fleet/1", "name": "Mixed", "ruleset": "pentagon-war",
        "budget": 500, "ships": [{"design": "sample:lancer"},
                                 {"design": "sample:hawk", "count": 2}]}))
    result = CliRunner().invoke(cli, ["fleet", str(fleet)])
    assert result.exit_code == 1
    assert "Total 215 of 500 points, 285 left (2 ships of another game not counted)" \
        in result.output


def test_the_help_names_every_key_in_one_style(tmp_path: Path) -> None:
    shown = set(NAMES.values())

    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        await burst(app, pilot, "f1")
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        for table in help_screen.query("Static"):
            text = str(table.render())
            for word in ("escape", "pageup", "pagedown", "home", "ctrl+", "delete"):
                assert f" {word} " not in f" {text.lower() if word == 'ctrl+' else text} ", \
                    word
        assert "Esc" in shown and "PgUp" in shown
    drive(designer(tmp_path, "sample:lancer"), flow)


def test_a_base_has_no_standard_acceleration_row(tmp_path: Path) -> None:
    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        sheet = app.designer.query_one(SheetPanel).shown.plain
        assert "Std. accel." not in sheet and "base" in sheet
    drive(designer(tmp_path, "sample:ceres-station"), flow)


def test_the_page_says_where_unsaved_work_is_kept(tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.setenv("SHIPYARD_STATE_DIR", str(tmp_path / "state"))
    assert ended_words() == (f"Session ended. Unsaved work is kept in a recovery file in "
                             f"{tmp_path / 'state' / 'recovery'} and is offered back the next "
                             "time this design is opened.")


# What 80 x 24 shows without scrolling --------------------------------------------------------

def test_at_80_by_24_the_sheet_and_the_export_dialog_show_their_essentials(
        tmp_path: Path) -> None:
    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        panel = app.designer.query_one(SheetPanel)
        seen = panel.shown.plain.splitlines()[:panel.parent.content_size.height]  # type: ignore[union-attr]
        assert seen[0].startswith("Lancer") and "Total 215 points" in seen[1]
        assert "LEGAL" in seen and any(line.startswith("Size class") for line in seen)
        await burst(app, pilot, "ctrl+e")
        dialog = app.screen
        assert isinstance(dialog, ExportDialog)
        scroller = dialog.query_one(".dialog")
        assert scroller.max_scroll_y == 0  # nothing below the fold
        for widget in dialog.query("RadioButton, Checkbox, #path, #export, #cancel"):
            assert scroller.region.contains_region(widget.region), widget
    drive(designer(tmp_path, "sample:lancer"), flow, SMALL)

