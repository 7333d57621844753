"""Keys in one burst, as a terminal sends them: each acts on the design after the last.

The faults a demanding player found by sending keys faster than the designer
drew them, each driven through Pilot with the keys posted all at once.
Every figure is worked by hand in the comment beside it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual import events
from textual.pilot import Pilot
from textual.widgets import Input, RadioButton, Select

from shipyard.rulesets.pentagon_war.design import read_design
from shipyard.tui.app import ShipyardApp
from shipyard.tui.screens.designer import DesignerScreen
from shipyard.tui.screens.dialogs import ChoiceDialog
from shipyard.tui.screens.duel import DuelScreen
from shipyard.tui.screens.export import ExportDialog
from shipyard.tui.screens.fleet import FleetScreen
from shipyard.tui.widgets.editor import Editor
from shipyard.tui.widgets.fields import Field
from tests.tui_flows import burst, copy_of, designer, drive, focus

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


# 7, 9. The export dialog: the extension, the text typed ----------------------------------------

def test_a_typed_extension_chooses_the_format(tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.chdir(tmp_path)

    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        # Ctrl+E and the name at once: the name replaces the one offered (selected), and
        # ".svg" turns the format from PDF to SVG.
        await burst(app, pilot, "ctrl+e", *"gnat.svg", "enter")
        assert isinstance(app.screen, DesignerScreen)
        written = (tmp_path / "gnat.svg").read_text()
        assert written.startswith("<?xml") and "<svg" in written
        # End, then typing: the name offered is kept and added to. A format picked after
        # gives the file that format's extension.
        await burst(app, pilot, "ctrl+e", "end", "backspace", "backspace", "backspace",
                    "backspace", *"-2")
        dialog = app.screen
        assert isinstance(dialog, ExportDialog)
        path = dialog.query_one("#path", Input)
        assert path.value == "lancer-2"
        dialog.query_one("#format-text", RadioButton).value = True
        await pilot.pause()
        assert path.value == "lancer-2"  # no extension of a format yet: none added here
        await burst(app, pilot, *".md")
        assert dialog.fmt == "md" and dialog.query_one("#format-md", RadioButton).value
        await burst(app, pilot, "enter")
        assert (tmp_path / "lancer-2.md").read_text().startswith("#")
    drive(designer(tmp_path, "sample:lancer"), flow)


def test_escape_read_as_alt_with_the_next_key_is_both_keys(tmp_path: Path) -> None:
    # A terminal sends Escape then F3 at once as one chord, alt+f3; Shipyard has no Alt
    # chords, so it takes the two keys: Escape leaves the preview, F3 opens the catalog.
    from shipyard.tui.ordered import unburst
    from shipyard.tui.screens.catalog import CatalogScreen

    assert [(k.key, k.character) for k in unburst(events.Key("alt+d", "d"))] == [
        ("escape", "\x1b"), ("d", "d")]
    assert [k.key for k in unburst(events.Key("plus", "+"))] == ["plus"]

    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        await burst(app, pilot, "f2", "alt+f3")
        assert isinstance(app.screen, CatalogScreen)
        assert len(app.screen_stack) == 2
    drive(designer(tmp_path, "sample:lancer"), flow)


def test_switch_game_then_open_every_screen_in_one_burst(tmp_path: Path,
                                                         monkeypatch: Any) -> None:
    # Ctrl+N, Right (to Tacship), Enter, then every screen opened and left with Escape,
    # all in one burst: each screen opens on the Tacship design, none stops the designer.
    from shipyard.tui.screens.catalog import CatalogScreen
    from shipyard.tui.screens.compare import CompareScreen
    from shipyard.tui.screens.dialogs import TextDialog
    from shipyard.tui.screens.help import HelpScreen
    from shipyard.tui.screens.preview import PreviewScreen

    opened: list[tuple[str, str]] = []
    push = ShipyardApp.push_screen

    def recording(self: ShipyardApp, screen: Any, *args: Any, **kwargs: Any) -> Any:
        opened.append((type(screen).__name__, self.session.design.ruleset))
        return push(self, screen, *args, **kwargs)
    monkeypatch.setattr(ShipyardApp, "push_screen", recording)

    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        keys = ["ctrl+n", "right", "enter"]
        for opener in (["f1"], ["f2"], ["f3"], ["f4"], ["f8"], ["f9"], ["ctrl+e"],
                       ["ctrl+b"]):
            keys += [*opener, "escape"]
        await burst(app, pilot, *keys)
        assert isinstance(app.screen, DesignerScreen) and app.is_running
        assert app.session.design.ruleset == "tacship"
        after = [name for name, game in opened if game == "tacship"]
        assert after == [HelpScreen.__name__, PreviewScreen.__name__, CatalogScreen.__name__,
                         DuelScreen.__name__, FleetScreen.__name__, CompareScreen.__name__,
                         ExportDialog.__name__, TextDialog.__name__]
    drive(designer(tmp_path, "sample:lancer"), flow)
