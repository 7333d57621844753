"""A new player's faults in the designer, each driven through Pilot.

Keys sent in one burst (as a held key repeats, or fast typing), the issues
panel reached with F6, an 80 x 24 terminal, a hint that warns before the
press that breaks the design, and house-rules catalogs.
"""

from __future__ import annotations

import asyncio
import io
import shutil
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.text import Text
from textual import events
from textual.pilot import Pilot
from textual.widgets import Button, Static

from shipyard.core.catalog_files import catalog_root
from shipyard.services.session import open_session
from shipyard.tui.app import ShipyardApp
from shipyard.tui.screens.catalog import CatalogScreen
from shipyard.tui.screens.duel import DuelScreen
from shipyard.tui.screens.export import ExportDialog
from shipyard.tui.widgets.arcs import ArcSetPicker
from shipyard.tui.widgets.armor import HexagonSides
from shipyard.tui.widgets.editor import Editor
from shipyard.tui.widgets.fields import Field
from shipyard.tui.widgets.footer import KeysFooter
from shipyard.tui.widgets.issues import IssuesPanel, issue_text
from shipyard.tui.widgets.marked import MarkedRadioButton
from shipyard.tui.widgets.sheet import SheetPanel, fit

Flow = Callable[[ShipyardApp, Pilot[None]], Awaitable[None]]


def drive(app: ShipyardApp, flow: Flow, size: tuple[int, int] = (130, 45)) -> None:
    async def main() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await flow(app, pilot)
    asyncio.run(main())


def designer(tmp_path: Path, file: str | None = None, catalog: Path | None = None) -> ShipyardApp:
    return ShipyardApp(open_session(None if file is None else Path(file),
                                    recovery_dir=tmp_path, catalog=catalog))


async def focus(app: ShipyardApp, pilot: Pilot[None], path: str) -> Field:
    field = app.designer.go_to(path)
    assert field is not None, path
    await pilot.pause()
    return field


async def burst(app: ShipyardApp, pilot: Pilot[None], key: str, character: str | None,
                times: int) -> None:
    """Keys posted all at once, no pause between them (a held key, fast fingers)."""
    for _ in range(times):
        app.post_message(events.Key(key, character))
    await pilot.pause()
    await pilot.pause()


def value(app: ShipyardApp, *path: str) -> Any:
    node: Any = app.session.workbench.design.to_data()
    for step in path:
        node = node.get(step, 0) if isinstance(node, dict) else 0
    return node


def notes(app: ShipyardApp) -> list[str]:
    """Every notification the app shows from now on."""
    shown: list[str] = []

    def notify(message: str, **_: Any) -> None:
        shown.append(message)
    app.notify = notify  # type: ignore[method-assign]
    return shown


def plain(text: Text, width: int = 200) -> str:
    console = Console(width=width, record=True, file=io.StringIO())
    console.print(text)
    return console.export_text()


# 11. Key presses in a burst -------------------------------------------------------------

def test_ten_plus_in_one_burst_add_ten_armor_boxes(tmp_path: Path) -> None:
    # The starter has 2 boxes on side 1; ten quick + make 12, not 3.
    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        armor = await focus(app, pilot, "armor.1")
        assert isinstance(armor, HexagonSides) and armor.side == "1"
        assert value(app, "armor", "1") == 2
        await burst(app, pilot, "plus", "+", 10)
        assert value(app, "armor", "1") == 12
        assert armor.count("1") == 12  # and the picture shows it
    drive(designer(tmp_path), flow)


def test_three_quick_lefts_lower_a_count_by_three(tmp_path: Path) -> None:
    # The starter has 4 capacitors; three quick ← leave 1.
    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        await focus(app, pilot, "systems.capacitor")
        await burst(app, pilot, "left", None, 3)
        assert value(app, "systems", "capacitor") == 1
        await burst(app, pilot, "left", None, 3)  # never below none
        assert value(app, "systems", "capacitor") == 0
    drive(designer(tmp_path), flow)


def test_quick_flag_flips_and_arc_toggles_each_count(tmp_path: Path) -> None:
    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        await focus(app, pilot, "manned")
        before = value(app, "manned")
        await burst(app, pilot, "space", " ", 3)  # three flips: the other way
        assert value(app, "manned") is (not before)
        await focus(app, pilot, "weapons[0].arcs")
        picker = app.focused
        assert isinstance(picker, ArcSetPicker)
        arcs = list(picker.arcs)
        await burst(app, pilot, "space", " ", 2)  # on and off again: as it was
        assert sorted(picker.arcs) == sorted(arcs)
    drive(designer(tmp_path, "sample:lancer"), flow)


# 12. The issues panel -------------------------------------------------------------------

def test_f6_then_enter_goes_to_the_first_error_at_once(tmp_path: Path) -> None:
    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        armor = await focus(app, pilot, "armor.4")
        assert isinstance(armor, HexagonSides) and armor.side == "4"
        await pilot.press("plus")  # R11: the first error appears
        await focus(app, pilot, "systems.screen")
        await pilot.press("f6")
        panel = app.designer.query_one(IssuesPanel)
        assert app.focused is panel and panel.highlighted == 0
        await pilot.press("enter")
        await pilot.pause()
        assert app.focused is armor and armor.side == "4"
    drive(designer(tmp_path), flow)


def test_enter_on_the_budget_issue_says_what_to_cut(tmp_path: Path) -> None:
    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        shown = notes(app)
        await pilot.press("ctrl+b")
        await pilot.pause()
        await pilot.press("ctrl+a", *"100", "enter")  # the starter is 127
        await pilot.pause()
        issues = app.session.workbench.evaluation.issues
        assert [i.code for i in issues] == ["over-budget"]
        await pilot.press("f6", "enter")
        await pilot.pause()
        lines = sorted(app.session.workbench.evaluation.sheet.lines,
                       key=lambda line: line.price, reverse=True)
        assert shown and shown[-1].startswith("27 points over the budget")
        assert lines[0].item in shown[-1] and lines[1].item in shown[-1]
    drive(designer(tmp_path), flow)


def test_removable_issues_are_the_forms_word() -> None:
    from shipyard.core.issues import Issue

    odd = Issue("unknown-system", "error", "'bogus' is not a system", "systems.bogus", "1.2")
    assert "Del removes it" in issue_text(odd, ("unknown-system",)).plain
    assert "Del removes it" not in issue_text(odd).plain  # a game that names none


# 13. 80 x 24 ------------------------------------------------------------------------------

SMALL = (80, 24)


def inside(app: ShipyardApp, widget: Any) -> bool:
    region = widget.region
    screen = app.screen.region
    return region.width > 0 and region.height > 0 and screen.contains_region(region)


def footer_keys(app: ShipyardApp) -> list[str]:
    """The keys the footer shows in full at the bottom of the screen."""
    footer = app.screen.query_one(KeysFooter)
    assert inside(app, footer)
    footer.render()  # the keys as drawn at its width, each whole
    return [key.action.removeprefix("app.") for _, _, key in footer.spans]


def test_the_export_dialog_fits_80_by_24(tmp_path: Path) -> None:
    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        assert {"help", "quit"} <= set(footer_keys(app))  # the designer's footer
        await pilot.press("ctrl+e")
        await pilot.pause()
        assert isinstance(app.screen, ExportDialog)
        for button in app.screen.query(Button):
            assert inside(app, button), button.id
        assert "dismiss" in " ".join(footer_keys(app))  # the dialog's own keys: Esc
        await pilot.press("escape")
    drive(designer(tmp_path), flow, SMALL)


def test_the_duel_screen_fits_80_by_24(tmp_path: Path) -> None:
    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        await pilot.press("f4")
        await pilot.pause()
        assert isinstance(app.screen, DuelScreen)
        for button in app.screen.query("#duel-buttons Button"):
            assert inside(app, button), button.id
        table = app.screen.query_one("#duel-results DataTable")
        assert table.virtual_size.width <= table.region.width  # the interval column too
        assert {"help", "quit"} <= set(footer_keys(app))
    drive(designer(tmp_path), flow, SMALL)


def test_every_screen_keeps_help_and_quit_at_80_columns(tmp_path: Path) -> None:
    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        for key in ("f2", "f3"):
            await pilot.press(key)
            await pilot.pause()
            assert {"help", "quit"} <= set(footer_keys(app)), key
            await pilot.press("escape")
            await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        assert "dismiss" in footer_keys(app)  # the help screen says how to close it
    drive(designer(tmp_path), flow, SMALL)


# 14. The hint line warns ---------------------------------------------------------------

def test_the_hint_warns_before_the_press_that_breaks_the_design(tmp_path: Path) -> None:
    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        await focus(app, pilot, "armor.4")
        hint = app.designer.hint.plain
        assert hint.startswith("+ one more armor box on side 4: +5 points")
        assert "→ R11: " in hint and "R11: R11" not in hint
        await focus(app, pilot, "armor.1")  # a front box is legal: no warning
        assert "→" not in app.designer.hint.plain
    drive(designer(tmp_path), flow)


def test_the_hint_warns_before_going_over_budget(tmp_path: Path) -> None:
    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        await pilot.press("ctrl+b")
        await pilot.pause()
        await pilot.press("ctrl+a", *"130", "enter")  # 127 of 130
        await pilot.pause()
        await focus(app, pilot, "armor.1")  # +4 or so: over 130
        assert "→ 1.1: " in app.designer.hint.plain
        assert "over the budget of 130" in app.designer.hint.plain
    drive(designer(tmp_path), flow)


def test_a_hint_too_long_ends_with_an_ellipsis_at_a_word() -> None:
    text = Text("one more armor box on side 4: +5 points (total 132) → R11: rear "
                "armor is only for bases")
    shown = fit(text, 40, 1).plain
    assert shown.endswith("…") and len(shown) <= 40
    assert shown == "one more armor box on side 4: +5 points…"
    two = fit(text, 40, 2).plain.splitlines()
    assert two[-1].endswith("…") and not two[-1].endswith(" …")
    assert fit(Text("short"), 40, 1).plain == "short"


def test_selections_are_marked_by_a_character(tmp_path: Path) -> None:
    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        armor = await focus(app, pilot, "armor.4")
        assert "4 ◀  0▶" in plain(armor.render())
        picker = await focus(app, pilot, "weapons[0].arcs")
        drawn = plain(picker.render())
        assert "✓" in drawn and "▸" in drawn
        await pilot.press("ctrl+e")
        await pilot.pause()
        radios = list(app.screen.query(MarkedRadioButton))
        on = [r for r in radios if r.value]
        off = [r for r in radios if not r.value]
        assert on and off
        assert "●" in on[0]._button.plain and "●" not in off[0]._button.plain
    drive(designer(tmp_path, "sample:lancer"), flow)


# 5. House rules -----------------------------------------------------------------------

def house_catalog(tmp_path: Path) -> Path:
    folder = tmp_path / "house"
    shutil.copytree(catalog_root() / "pentagon-war", folder)
    prices = folder / "prices.toml"
    prices.write_text(prices.read_text() + "\n")  # the same prices, another file digest
    return folder


def test_a_house_catalog_prices_and_says_so(tmp_path: Path) -> None:
    folder = house_catalog(tmp_path)

    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        evaluation = app.session.workbench.evaluation
        assert Path(evaluation.catalog.folder) == folder
        shown = plain(app.designer.query_one(SheetPanel).shown)
        assert f"House rules: {folder}" in shown.replace("\n", "")
        await pilot.press("plus")  # an edit keeps the house catalog
        await pilot.pause()
        assert Path(app.session.workbench.evaluation.catalog.folder) == folder
        await pilot.press("f3")
        await pilot.pause()
        assert isinstance(app.screen, CatalogScreen)
        info = str(app.screen.query_one("#catalog-info", Static).render())
        assert "house rules" in info and str(folder) in info
        assert evaluation.catalog.digest[:12] in info
    drive(designer(tmp_path, catalog=folder), flow)


def test_the_bundled_catalog_is_named_bundled(tmp_path: Path) -> None:
    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        assert "House rules" not in plain(app.designer.query_one(SheetPanel).shown)
        await pilot.press("f3")
        await pilot.pause()
        info = str(app.screen.query_one("#catalog-info", Static).render())
        assert "(bundled)" in info
    drive(designer(tmp_path), flow)


def test_the_editor_is_unchanged_by_the_ruleset_scan(tmp_path: Path) -> None:
    # A smoke check that the designer still opens on every sample it is given.
    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        assert app.designer.query_one(Editor).stops()
    drive(designer(tmp_path, "sample:lancer"), flow)
