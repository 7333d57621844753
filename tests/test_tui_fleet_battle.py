"""The fleet screen's battles, driven with Pilot: fight, figures, log, replay, refusals.

Every figure the screen shows is checked against the battle service run directly
with the same fleets and seeds (`engage`, `run_battles`, `summarize_battles`), and
its lines against `shipyard battle`'s own output: the screen is a face on the
service and adds nothing of its own. Battles are fought on the reference engine on
one worker (the same battles as the compiled one, without waiting for a compile),
with two fighters a side and a few battles, so each test takes a second or two. The
tests are sync: each drives the app inside `asyncio.run`.
"""

from __future__ import annotations

import asyncio
import inspect
import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from textual import events
from textual.pilot import Pilot
from textual.widgets import Button, Checkbox, Input, ProgressBar, Select, Static
from typer.testing import CliRunner

from shipyard.cli import app as cli
from shipyard.commands.battle import battle_command
from shipyard.services import batch
from shipyard.services.battle import engage, run_battles, summarize_battles, told_battle
from shipyard.services.fleet_session import FLEET_STATE, open_fleet_session
from shipyard.services.samples import resolve
from shipyard.services.session import open_session
from shipyard.tui.app import ShipyardApp
from shipyard.tui.screens import fleet_battle, fleet_battle_form
from shipyard.tui.screens.dialogs import ConfirmDialog, TextDialog
from shipyard.tui.screens.fleet import FleetScreen
from shipyard.tui.screens.fleet_battle import FleetBattleScreen
from shipyard.tui.screens.fleet_battle_one import BattleLogScreen
from shipyard.tui.screens.help import HelpScreen
from shipyard.tui.widgets.battle_results import (
    destroyed_rows,
    figure_lines,
    outcome_rows,
    ship_rows,
    survivor_shares,
)
from tests.monkey import handled

SIZE = (150, 50)
OPPONENT = "sample-fleet:night-watch"  # three fighters, 83 points, budget 90
RUNS, SEED = 6, 5


@pytest.fixture(autouse=True)
def _reference_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    """The reference engine on one worker: the very battles of the compiled engine, at
    once (no compile waited for, no worker process started)."""
    monkeypatch.setattr(fleet_battle_form, "ENGINE", "reference")
    monkeypatch.setattr(fleet_battle, "WORKERS", 1)


def fleet_file(tmp_path: Path, name: str = "duo", budget: int = 60,
               ships: list[dict[str, Any]] | None = None, ruleset: str = "tacship") -> Path:
    """A fleet file of two Valkyries (30 points each, worked from their sheet) unless
    `ships` says otherwise."""
    path = tmp_path / f"{name}.fleet.json"
    path.write_text(json.dumps({
        "schema": "shipyard.fleet/1", "name": name.title(), "ruleset": ruleset,
        "budget": budget,
        "ships": ships if ships is not None else [{"design": "sample:valkyrie", "count": 2,
                                                   "names": ["Red 1", "Red 2"]}]}))
    return path


def designer(tmp_path: Path, fleet: Path, design: str = "sample:valkyrie") -> ShipyardApp:
    """The designer on a design of the fleet's game, the fleet file open on its fleet
    screen (as Ctrl+O there leaves it)."""
    app = ShipyardApp(open_session(resolve(design), recovery_dir=tmp_path))
    setattr(app, FLEET_STATE, open_fleet_session(fleet, tmp_path))
    return app


def drive(app: ShipyardApp, steps: Callable[[Pilot[Any]], Awaitable[None]]) -> None:
    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await steps(pilot)

    asyncio.run(run())


async def open_battle(pilot: Pilot[Any], pick: bool = True) -> FleetBattleScreen:
    """F8 opens the fleet screen, b its battle screen; Night Watch is picked from the
    bundled fleets (the list has the focus)."""
    await pilot.press("f8")
    assert isinstance(pilot.app.screen, FleetScreen)
    await pilot.press("b")
    screen = pilot.app.screen
    assert isinstance(screen, FleetBattleScreen)
    picker = screen.query_one("#battle-sample", Select)
    assert picker.has_focus
    if not pick:
        return screen
    picker.value = OPPONENT
    await pilot.pause()
    assert screen.query_one("#battle-opponent", Input).value == OPPONENT
    return screen


async def fill(pilot: Pilot[Any], screen: FleetBattleScreen, **values: str) -> None:
    for key, value in values.items():
        screen.query_one(f"#battle-{key}", Input).value = value
    await pilot.pause()


async def until(pilot: Pilot[Any], done: Callable[[], bool]) -> None:
    """Wait for a condition (a worker thread's message, a dialog), never for a time."""
    async with asyncio.timeout(30):
        while not done():
            await asyncio.sleep(0.01)
    await pilot.pause()


async def finish(pilot: Pilot[Any], screen: FleetBattleScreen) -> None:
    await until(pilot, lambda: not screen.running)


def text_of(screen: FleetBattleScreen, selector: str) -> str:
    """What a Static shows, as plain text (tables drawn as a terminal draws them)."""
    console = Console(width=200, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(screen.query_one(selector, Static).content)
    return console.export_text()


def cells(text: str, first: str) -> list[str]:
    """The cells of the table row that starts with `first`."""
    line = next(line for line in text.splitlines() if line.startswith(first))
    return [cell.strip() for cell in line.split("│")]


def test_the_defaults_are_those_of_shipyard_battle() -> None:
    parameters = inspect.signature(battle_command, eval_str=True).parameters
    assert (fleet_battle_form.RUNS, fleet_battle_form.SEED) == \
        (parameters["runs"].default, parameters["seed"].default) == (1000, 1)
    assert parameters["policy_a"].default is None  # the game's first, as the form's


def test_a_batch_shows_the_figures_of_the_battle_service(tmp_path: Path) -> None:
    path = fleet_file(tmp_path)
    engagement = engage(path, OPPONENT, engine="reference")
    results = run_battles(engagement, RUNS, SEED)
    expected = summarize_battles(engagement, results)
    printed = CliRunner(env={"COLUMNS": "200"}).invoke(
        cli, ["battle", str(path), OPPONENT, "--runs", str(RUNS), "--seed", str(SEED),
              "--engine", "reference"]).output

    async def steps(pilot: Pilot[Any]) -> None:
        screen = await open_battle(pilot)
        assert "Night Watch: 3 ships, 83 points (budget 90)" in \
            text_of(screen, "#battle-opponent-status")
        await fill(pilot, screen, runs=str(RUNS), seed=str(SEED))
        await pilot.press("ctrl+r")
        await finish(pilot, screen)
        assert screen.outcome is not None and not screen.outcome.stopped
        assert screen.outcome.summary == expected
        assert screen.query_one(ProgressBar).progress == RUNS
        heading = text_of(screen, "#battle-heading")
        assert heading.startswith(f"Duo (2 ships, 60 points, default) against Night Watch "
                                  f"(3 ships, 83 points, default): {RUNS} battles, seed {SEED}, "
                                  "budget 90")
        shown = text_of(screen, "#battle-figures")
        names = ("Duo", "Night Watch")
        for row in outcome_rows(names, expected) + destroyed_rows(names, expected):
            assert cells(shown, row[0] + " ") == list(row)
        wins = expected.wins
        assert cells(shown, "Duo wins") == ["Duo wins", str(wins.count), f"{wins.share:.1%}",
                                            f"{wins.low:.1%} - {wins.high:.1%}"]
        ships = ship_rows(engagement, expected)
        assert [row[1] for row in ships] == ["Red 1", "Red 2", "Nightjar", "Hawk", "Bulwark"]
        rows = [[cell.strip() for cell in line.split("│")] for line in shown.splitlines()]
        assert all(list(row) in rows for row in ships)
        # Every row of every table, in order, as `shipyard battle` prints it.
        def table_rows(text: str) -> list[list[str]]:
            return [[cell.strip() for cell in line.split("│")] for line in text.splitlines()
                    if "│" in line]

        assert table_rows(shown) == table_rows(printed) and len(table_rows(shown)) == 3 + 2 + 5
        # The lines under the tables, word for word as `shipyard battle` prints them.
        lines = figure_lines(engagement, expected)
        assert len(lines) == 6  # exchange, two survivor lines, two kill lines, turns
        for line in lines:
            assert line in shown.splitlines() and line in printed.splitlines()
        assert [line for line in printed.splitlines() if line.startswith("Kills by cause")] \
            == lines[3:5]
        assert text_of(screen, "#battle-problem").strip() == ""
        labels, a, b = survivor_shares(expected)  # the chart: Duo never ends with 3 flying
        assert labels == ["0", "1", "2", "3"] and a[3] == 0
        assert abs(sum(a) - 100) < 1e-9 and abs(sum(b) - 100) < 1e-9

    drive(designer(tmp_path, path), steps)


def test_the_log_is_battle_k_of_the_batch_shown(tmp_path: Path) -> None:
    path = fleet_file(tmp_path)
    engagement = engage(path, OPPONENT, engine="reference")
    told = told_battle(engagement, SEED, 3)

    async def steps(pilot: Pilot[Any]) -> None:
        screen = await open_battle(pilot)
        await fill(pilot, screen, runs=str(RUNS), seed=str(SEED), battle="3")
        await pilot.press("ctrl+r")
        await finish(pilot, screen)
        await pilot.press("ctrl+l")
        await until(pilot, lambda: isinstance(pilot.app.screen, BattleLogScreen))
        log = pilot.app.screen
        assert isinstance(log, BattleLogScreen)
        assert log.lines == told.log and len(told.log) > 5
        assert log.sub_title == "Battle log"
        assert log.title_line == (f"Battle 3 of the {RUNS} battles shown (seed {SEED}): Duo "
                                  "(default) against Night Watch (default)")
        await pilot.press("escape")
        assert pilot.app.screen is screen
        await fill(pilot, screen, battle=str(RUNS + 1))
        await pilot.press("ctrl+l")
        assert pilot.app.screen is screen
        assert text_of(screen, "#battle-problem").strip() == \
            f"Battle no.: the batch has {RUNS} battles"

    drive(designer(tmp_path, path), steps)


def test_the_replay_is_written_atomically_and_never_over_a_file_unasked(
        tmp_path: Path) -> None:
    path = fleet_file(tmp_path)
    picture = tmp_path / "out" / "battle.svg"
    picture.parent.mkdir()
    kept = path.read_bytes()
    written = tmp_path / "command.svg"
    assert CliRunner().invoke(cli, ["battle", str(path), OPPONENT, "--runs", "2", "--seed",
                                    str(SEED), "--replay", "2", "-o", str(written)]
                              ).exit_code == 0

    async def export(pilot: Pilot[Any], screen: FleetBattleScreen, target: str) -> None:
        await pilot.press("ctrl+e")
        await until(pilot, lambda: isinstance(pilot.app.screen, TextDialog))
        dialog = pilot.app.screen
        assert isinstance(dialog, TextDialog)
        dialog.query_one("#text", Input).value = target
        await pilot.press("enter")

    async def steps(pilot: Pilot[Any]) -> None:
        screen = await open_battle(pilot)
        await fill(pilot, screen, runs="2", seed=str(SEED), battle="2")
        await pilot.press("ctrl+e")  # before any batch: battle 2 of the batch the form says
        await until(pilot, lambda: isinstance(pilot.app.screen, TextDialog))
        offered = pilot.app.screen.query_one("#text", Input).value
        assert offered == str(tmp_path / "duo-battle-2.svg")
        assert "Battle 2 of a batch of 2 battles with seed 5 (not fought yet)" in \
            str(pilot.app.screen.query_one(".dialog-text", Static).content)
        await pilot.press("escape")
        await export(pilot, screen, str(picture.with_suffix("")))  # .svg added
        await until(pilot, picture.exists)
        svg = picture.read_text(encoding="utf-8")
        assert svg.removeprefix('<?xml version="1.0" encoding="UTF-8"?>\n').startswith("<svg")
        assert "Red 1" in svg and "Nightjar" in svg
        assert picture.read_bytes() == written.read_bytes()  # as `shipyard battle` draws it
        assert not [p for p in picture.parent.iterdir() if p != picture]  # no temp file left
        # Again over it: asked first, and Cancel (Enter's answer) leaves it as it was.
        picture.write_text("mine")
        await export(pilot, screen, str(picture))
        await until(pilot, lambda: isinstance(pilot.app.screen, ConfirmDialog))
        await pilot.press("enter")
        await until(pilot, lambda: pilot.app.screen is screen)
        assert picture.read_text() == "mine"
        # A fleet file is never replaced (a copy of it, under a name that says .svg).
        fleet_copy = tmp_path / "fleet.svg"
        fleet_copy.write_bytes(kept)
        await export(pilot, screen, str(fleet_copy))
        await until(pilot, lambda: pilot.app.screen is screen)
        assert fleet_copy.read_bytes() == kept
        # Another extension is refused: a replay is an SVG picture.
        await export(pilot, screen, str(tmp_path / "battle.pdf"))
        await until(pilot, lambda: pilot.app.screen is screen)
        assert not (tmp_path / "battle.pdf").exists()
        assert path.read_bytes() == kept

    drive(designer(tmp_path, path), steps)


def test_a_pentagon_war_fleet_is_offered_its_games_fleets_to_fight(tmp_path: Path) -> None:
    """Pentagon War fleets fight on the hex map now: no refusal, its own game's bundled
    fleets to choose from, Fight ready (tests/test_tui_geometry.py fights them)."""
    path = fleet_file(tmp_path, "guard", 2000, [{"design": "sample:lancer"}], "pentagon-war")
    assert CliRunner().invoke(cli, ["battle", str(path), str(path), "--runs", "1"]).exit_code \
        == 0

    async def steps(pilot: Pilot[Any]) -> None:
        screen = await open_battle(pilot, pick=False)
        assert text_of(screen, "#battle-own").strip() == \
            "Your fleet: Guard, 1 ship, 215 points (budget 2000)"
        assert not screen.query_one("#battle-run", Button).disabled
        assert text_of(screen, "#battle-heading").startswith("Choose an opponent")
        offered = [value for _, value in screen.query_one("#battle-sample", Select)._options]
        assert offered[1:] == ["sample-fleet:gunships", "sample-fleet:home-guard",
                               "sample-fleet:picket-line", "sample-fleet:superhulk"]
        assert "Gunships: 8 ships, 2000 points" in text_of(screen, "#battle-opponent-status")

    drive(designer(tmp_path, path, "sample:starter"), steps)


def test_an_illegal_fleet_gets_the_services_line_instead_of_a_battle(tmp_path: Path) -> None:
    data = json.loads(resolve("sample:valkyrie").read_text())
    data["fixed_lasers"] = [{"factor": 4}]
    path = fleet_file(tmp_path, "bad", 60, [{"design": "sample:valkyrie"}, {"design": data}])
    printed = CliRunner().invoke(cli, ["battle", str(path), OPPONENT])
    assert printed.exit_code == 2
    line = printed.output.strip().removeprefix("shipyard: ")
    assert "ships[1].design" in line

    async def steps(pilot: Pilot[Any]) -> None:
        screen = await open_battle(pilot)
        assert text_of(screen, "#battle-own").replace("\n", " ").strip() == line
        assert screen.query_one("#battle-run", Button).disabled
        await pilot.press("ctrl+r")
        await pilot.press("ctrl+l")
        assert screen.outcome is None and pilot.app.screen is screen
        assert text_of(screen, "#battle-problem").replace("\n", " ").strip() == line

    drive(designer(tmp_path, path), steps)


def test_over_the_budget_it_fights_only_as_a_draft_and_says_so(tmp_path: Path) -> None:
    path = fleet_file(tmp_path, budget=50)  # 60 points: 10 over its own budget
    printed = CliRunner().invoke(cli, ["battle", str(path), OPPONENT, "--budget", "50"])
    line = printed.output.strip().removeprefix("shipyard: ")
    assert printed.exit_code == 2 and line.endswith("60 points, 10 over the agreed budget of 50")
    engagement = engage(path, OPPONENT, budget=50, draft=True, engine="reference")
    expected = summarize_battles(engagement, run_battles(engagement, 3, SEED))

    async def steps(pilot: Pilot[Any]) -> None:
        screen = await open_battle(pilot)
        assert line in text_of(screen, "#battle-own").replace("\n", " ")
        await fill(pilot, screen, runs="3", seed=str(SEED), budget="50")
        await pilot.press("ctrl+r")
        assert screen.outcome is None and not screen.running
        problem = text_of(screen, "#battle-problem").replace("\n", " ")
        assert problem.startswith(line) and "as a draft" in problem
        screen.query_one("#battle-draft", Checkbox).value = True
        await pilot.press("ctrl+r")
        await finish(pilot, screen)
        assert screen.outcome is not None and screen.outcome.summary == expected
        shown = text_of(screen, "#battle-figures")
        assert f"{line}: the sides were unequal" in shown.replace("\n", " ")

    drive(designer(tmp_path, path), steps)


def test_escape_stops_a_batch_and_keeps_every_battle_fought(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(batch, "CHUNK", 2)  # reference battles between two looks at Stop
    path = fleet_file(tmp_path)

    async def steps(pilot: Pilot[Any]) -> None:
        screen = await open_battle(pilot)
        await fill(pilot, screen, runs="100000", seed=str(SEED))
        screen.action_run()  # straight to the action: keys wait for an idle screen
        progress = screen.query_one(ProgressBar)
        await until(pilot, lambda: bool(progress.progress))
        screen.action_back()  # while battles are fought, Escape stops them
        await finish(pilot, screen)
        assert pilot.app.screen is screen and screen.outcome is not None
        fought = len(screen.outcome.results)
        assert screen.outcome.stopped and fought % 2 == 0 and 0 < fought < 100000
        engagement = screen.outcome.engagement
        assert screen.outcome.summary == summarize_battles(
            engagement, run_battles(engagement, fought, SEED))
        assert f"(stopped after {fought} of 100000)" in text_of(screen, "#battle-heading")

    drive(designer(tmp_path, path), steps)


def test_results_come_back_and_say_when_the_fleet_changed_and_no_edit_is_lost(
        tmp_path: Path) -> None:
    path = fleet_file(tmp_path)

    async def steps(pilot: Pilot[Any]) -> None:
        screen = await open_battle(pilot)
        await fill(pilot, screen, runs="2", seed=str(SEED))
        await pilot.press("ctrl+r")
        await finish(pilot, screen)
        await pilot.press("escape")
        fleet = pilot.app.screen
        assert isinstance(fleet, FleetScreen)
        await pilot.press("plus")  # a third Valkyrie: an edit, autosaved
        assert fleet.fleet.changed and fleet.fleet.report.total == 90
        assert fleet.fleet.recovery_file().exists()
        await pilot.press("b")
        again = pilot.app.screen
        assert isinstance(again, FleetBattleScreen) and again is not screen
        assert again.outcome is screen.outcome
        assert "it has changed since" in text_of(again, "#battle-heading")
        assert again.query_one("#battle-runs", Input).value == "2"
        assert "Your fleet: Duo, 3 ships, 90 points" in text_of(again, "#battle-own")
        await pilot.press("f1")  # every key of the screen, from its bindings
        help_screen = pilot.app.screen
        assert isinstance(help_screen, HelpScreen)
        assert help_screen.screen_title == "Fleet battle"
        assert {"Fight", "Battle log", "Export replay", "Back / stop"} <= \
            {binding.description for binding in help_screen.designer}
        await pilot.press("escape")
        await pilot.press("f4")  # F4 goes back to the fleet, as Escape does
        assert fleet.fleet.changed
        assert pilot.app.screen is fleet

    drive(designer(tmp_path, path), steps)


def test_a_burst_of_keys_fights_the_fleet_as_edited_by_every_key_before(
        tmp_path: Path) -> None:
    """+ then b then Ctrl+R sent at once: the battles are the fleet's with its third ship,
    on the form as last left (two battles against Night Watch)."""
    path = fleet_file(tmp_path)
    app = designer(tmp_path, path)
    setattr(app, fleet_battle_form.LAST_BATTLE, fleet_battle_form.LastBattle(
        {"game": "tacship", "sample": OPPONENT, "opponent": OPPONENT, "runs": "2",
         "seed": str(SEED)}, None))

    async def steps(pilot: Pilot[Any]) -> None:
        await pilot.press("f8")
        fleet = pilot.app.screen
        assert isinstance(fleet, FleetScreen)
        for key in ("plus", "b", "ctrl+r"):
            pilot.app.post_message(events.Key(key, None))
        assert isinstance(pilot.app, ShipyardApp)
        await handled(pilot.app)
        screen = pilot.app.screen
        assert isinstance(screen, FleetBattleScreen)
        await until(pilot, lambda: screen.outcome is not None)
        assert screen.outcome is not None
        fought = screen.outcome.engagement.a
        assert (len(fought.ships), fought.total) == (3, 90) == \
            (len(fleet.fleet.report.ships), fleet.fleet.report.total)
        assert screen.outcome.summary.runs == 2

    drive(app, steps)


def test_names_with_control_characters_are_drawn_as_escapes(tmp_path: Path) -> None:
    """A fleet and ships named with ESC and a bidi override: every line of the screen
    shows them as `\\x1b` and `\\u202e` (as the command prints them), never raw."""
    path = fleet_file(tmp_path, ships=[{"design": "sample:valkyrie", "count": 2,
                                        "names": ["Red\x1b[31m", "\u202eBlue"]}])
    data = json.loads(path.read_text())
    data["name"] = "Esc\x1b[2J"
    path.write_text(json.dumps(data))

    async def steps(pilot: Pilot[Any]) -> None:
        screen = await open_battle(pilot)
        await fill(pilot, screen, runs="2", seed=str(SEED))
        await pilot.press("ctrl+r")
        await finish(pilot, screen)
        shown = "".join(text_of(screen, selector) for selector in
                        ("#battle-own", "#battle-heading", "#battle-figures"))
        assert "Esc\\x1b[2J wins" in shown and "Red\\x1b[31m" in shown
        assert "\\u202eBlue" in shown
        assert "\x1b" not in shown and "\u202e" not in shown
        assert screen.sub_title == "Battle: Esc\\x1b[2J against another fleet"

    drive(designer(tmp_path, path), steps)
