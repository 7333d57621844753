"""The setup forms of the duel screen and the fleet's battle screen, pinned widget by widget.

Both screens lay out the same form (an opponent, a grid of options, the buttons, a
progress bar) and read it the same way. Here every widget of both forms is pinned
(its kind, id, classes, words and first value, in order and nesting), with each
screen's keys and the few things its form does (a preset fills the start, a typed
opponent clears the bundled pick, Enter in an option runs and a bad number gets
its one line, the form is kept for the next visit), so that the two screens can
share their code and still show and do exactly what they did.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Input, ProgressBar, Select, Static

from shipyard.services.fleet_session import FLEET_STATE, open_fleet_session
from shipyard.services.samples import resolve
from shipyard.services.session import open_session
from shipyard.tui.app import ShipyardApp
from shipyard.tui.engine import EngineLine
from shipyard.tui.screens.duel import DuelScreen
from shipyard.tui.screens.fleet import FleetScreen
from shipyard.tui.screens.fleet_battle import FleetBattleScreen
from shipyard.tui.widgets.battle_results import BattleResults
from shipyard.tui.widgets.duel_chart import DuelResults

SIZE = (130, 45)
Row = tuple[Any, ...]
OPENED = (Horizontal, Vertical, VerticalScroll, Grid, DuelResults, BattleResults)


def describe(widget: Widget, depth: int) -> Row:
    """What a widget of the form is and shows: its depth, kind, id, classes and words."""
    row: list[Any] = [depth, type(widget).__name__, widget.id, sorted(widget.classes)]
    if widget.tooltip is not None:
        row.append(("tooltip", str(widget.tooltip)))
    if widget.disabled:
        row.append("disabled")
    if isinstance(widget, Button):
        row += [str(widget.label), widget.variant, widget.action]
    elif isinstance(widget, Checkbox):
        row += [str(widget.label), widget.value]
    elif isinstance(widget, Input):
        row += [widget.value, widget.placeholder, widget.type]
    elif isinstance(widget, Select):
        row += [widget.prompt, widget.value if isinstance(widget.value, str) else None,
                widget._allow_blank,
                [value if isinstance(value, str) else None for _, value in widget._options]]
    elif isinstance(widget, ProgressBar):
        row += [widget.total, widget.show_eta]
    elif isinstance(widget, Static) and not isinstance(widget, EngineLine):
        row.append(str(widget.content))  # the engine's line says how its compile is going
    return tuple(row)


def signature(screen: Screen[Any]) -> list[Row]:
    """Every widget of the screen, depth first (the form's own containers opened; the
    library's widgets, a select's parts and the charts taken whole)."""
    rows: list[Row] = []

    def walk(node: Widget, depth: int) -> None:
        for child in node.children:
            rows.append(describe(child, depth))
            if isinstance(child, OPENED) and not isinstance(child, Select):
                walk(child, depth + 1)

    walk(screen, 0)
    return rows


def keys(screen: Screen[Any]) -> list[Row]:
    return [(b.key, b.action, b.description, b.show, b.priority)
            for b in screen.BINDINGS if not isinstance(b, tuple)]


def fleet_file(tmp_path: Path) -> Path:
    """Two Valkyries (30 points each), budget 60."""
    path = tmp_path / "duo.fleet.json"
    path.write_text(json.dumps({
        "schema": "shipyard.fleet/1", "name": "Duo", "ruleset": "tacship", "budget": 60,
        "ships": [{"design": "sample:valkyrie", "count": 2, "names": ["Red 1", "Red 2"]}]}))
    return path


def duel_app(tmp_path: Path) -> ShipyardApp:
    """The designer on the bundled starter design (F4 opens its duel screen)."""
    return ShipyardApp(open_session(None, recovery_dir=tmp_path))


def battle_app(tmp_path: Path) -> ShipyardApp:
    """The designer on a Valkyrie, the fleet of two open on the fleet screen (F8, then b)."""
    app = ShipyardApp(open_session(resolve("sample:valkyrie"), recovery_dir=tmp_path))
    setattr(app, FLEET_STATE, open_fleet_session(fleet_file(tmp_path), tmp_path))
    return app


async def open_duel(pilot: Pilot[Any]) -> DuelScreen:
    await pilot.press("f4")
    await pilot.pause()
    assert isinstance(pilot.app.screen, DuelScreen)
    return pilot.app.screen


async def open_battle(pilot: Pilot[Any]) -> FleetBattleScreen:
    await pilot.press("f8")
    assert isinstance(pilot.app.screen, FleetScreen)
    await pilot.press("b")
    await pilot.pause()
    assert isinstance(pilot.app.screen, FleetBattleScreen)
    return pilot.app.screen


def drive(app: ShipyardApp, steps: Callable[[Pilot[Any]], Awaitable[None]]) -> None:
    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await steps(pilot)

    asyncio.run(run())


DUEL_KEYS = [("escape", "back", "Back / stop", True, False),
             ("f4", "leave", "Back to the designer", False, False),
             ("ctrl+r", "run", "Run", True, False),
             ("ctrl+l", "log", "Duel log", True, False)]

BATTLE_KEYS = [("escape", "back", "Back / stop", True, False),
               ("f4", "leave", "Back to the fleet", False, False),
               ("ctrl+r", "run", "Fight", True, False),
               ("ctrl+l", "log", "Battle log", True, False),
               ("ctrl+e", "replay", "Export replay", True, True)]

DUEL_FORM: list[Row] = [
    (0, 'TitleBar', None, []),
    (0, 'Horizontal', 'duel-main', []),
    (1, 'VerticalScroll', 'duel-setup', []),
    (2, 'Static', 'duel-own', [], 'Your design: Starter, 127 points'),
    (2, 'Static', None, ['section'], 'Opponent'),
    (2, 'Select', 'duel-sample', [], 'a bundled sample', 'sample:starter', True,
     [None, 'sample:ceres-station', 'sample:hammer', 'sample:hive', 'sample:lancer',
      'sample:mercurand', 'sample:shade', 'sample:starter', 'sample:stinger', 'sample:sunspear',
      'sample:zelta-dee']),
    (2, 'Input', 'duel-opponent', ['-valid'], 'sample:starter',
     'sample:NAME or path/to/design.ship.json', 'text'),
    (2, 'Static', 'duel-opponent-status', [], 'Starter: 127 points'),
    (2, 'Static', None, ['section'], 'Options'),
    (2, 'Grid', 'duel-options', []),
    (3, 'Label', None, [], 'Runs'),
    (3, 'Input', 'duel-runs', ['-valid'], '1000', '', 'integer'),
    (3, 'Label', None, [], 'Seed'),
    (3, 'Input', 'duel-seed', ['-valid'], '1', '', 'integer'),
    (3, 'Label', None, [], 'Scenario'),
    (3, 'Select', 'duel-scenario', [], 'custom', 'meeting', True,
     [None, 'meeting', 'standoff', 'ambush', 'chase']),
    # Pentagon War duels are fought on the range track or the hex map: the form offers both.
    (3, 'Label', None, [], 'Geometry'),
    (3, 'Select', 'duel-geometry', [],
     ('tooltip', 'Where the duels are fought, as shipyard duel --geometry takes it (track, '
      'map; the first is the default)'), 'Select', 'track', False, ['track', 'map']),
    (3, 'Label', None, [], 'Start range'),
    (3, 'Input', 'duel-range', ['-valid'], '30', '', 'integer'),
    (3, 'Label', None, [], 'Your speed'),
    (3, 'Input', 'duel-speed-a', ['-valid'], '3', '', 'integer'),
    (3, 'Label', None, [], 'Their speed'),
    (3, 'Input', 'duel-speed-b', ['-valid'], '3', '', 'integer'),
    (3, 'Label', None, [], 'Turn limit'),
    (3, 'Input', 'duel-turns', ['-valid'], '30', '', 'integer'),
    (3, 'Label', None, [], 'Your policy'),
    (3, 'Select', 'duel-policy-a', [], 'Select', 'default', False,
     ['default', 'brawler', 'sniper', 'carrier']),
    (3, 'Label', None, [], "Opponent's"),
    (3, 'Select', 'duel-policy-b', [], 'Select', 'default', False,
     ['default', 'brawler', 'sniper', 'carrier']),
    (2, 'Horizontal', 'duel-buttons', []),
    (3, 'Button', 'duel-run', ['-primary', '-style-default'], 'Run', 'primary', 'screen.run'),
    (3, 'Button', 'duel-stop', ['-style-default'], 'disabled', 'Stop', 'default', 'screen.stop'),
    (3, 'Button', 'duel-log-button', ['-style-default'], 'Log', 'default', 'screen.log'),
    (2, 'ProgressBar', 'duel-progress', [], 1000, False),
    (2, 'Static', 'duel-problem', [], ''),
    (2, 'EngineLine', 'engine-line', []),
    (1, 'DuelResults', 'duel-results', []),
    (2, 'Static', 'duel-heading', [], 'Choose an opponent and run the duels (Ctrl+R).'),
    (2, 'DataTable', 'duel-outcomes', []),
    (2, 'Static', 'duel-figures', [], ''),
    (2, 'Horizontal', 'duel-charts', []),
    (3, 'OutcomeChart', 'duel-outcome-chart', []),
    (3, 'Vertical', 'duel-kill-box', []),
    (4, 'KillTurnsChart', 'duel-kill-chart', []),
    (4, 'Static', 'duel-kill-legend', [], ''),
    (0, 'KeysFooter', None, []),
]

BATTLE_FORM: list[Row] = [
    (0, 'TitleBar', None, []),
    (0, 'Horizontal', 'battle-main', []),
    (1, 'VerticalScroll', 'battle-setup', []),
    (2, 'Static', 'battle-own', [], 'Your fleet: Duo, 2 ships, 60 points (budget 60)'),
    (2, 'Static', None, ['section'], 'Opponent'),
    (2, 'Select', 'battle-sample', [], 'a bundled fleet', 'sample-fleet:blue-flight', True,
     [None, 'sample-fleet:blue-flight', 'sample-fleet:grey-flight', 'sample-fleet:heavy-section',
      'sample-fleet:hornet-swarm', 'sample-fleet:lance-flight', 'sample-fleet:night-watch']),
    (2, 'Input', 'battle-opponent', ['-valid'], 'sample-fleet:blue-flight',
     'sample-fleet:NAME or path/to/fleet.fleet.json', 'text'),
    (2, 'Static', 'battle-opponent-status', [], 'Blue Flight: 4 ships, 120 points (budget 120)'),
    (2, 'Static', None, ['section'], 'Options'),
    (2, 'Grid', 'battle-options', []),
    (3, 'Label', None, [], 'Battles'),
    (3, 'Input', 'battle-runs', ['-valid'], '1000', '', 'integer'),
    (3, 'Label', None, [], 'Seed'),
    (3, 'Input', 'battle-seed', ['-valid'], '1', '', 'integer'),
    (3, 'Label', None, [], 'Scenario'),
    (3, 'Select', 'battle-scenario', [], 'custom', 'meeting', True,
     [None, 'meeting', 'standoff', 'ambush', 'chase']),
    (3, 'Label', None, [], 'Start range'),
    (3, 'Input', 'battle-range', ['-valid'], '20', '', 'integer'),
    (3, 'Label', None, [], 'Your speed'),
    (3, 'Input', 'battle-speed-a', ['-valid'], '4', '', 'integer'),
    (3, 'Label', None, [], 'Their speed'),
    (3, 'Input', 'battle-speed-b', ['-valid'], '4', '', 'integer'),
    (3, 'Label', None, [], 'Turn limit'),
    (3, 'Input', 'battle-turns', ['-valid'], '20', '', 'integer'),
    (3, 'Label', None, [], 'Your pilots'),
    (3, 'Select', 'battle-policy-a', [], 'Select', 'default', False,
     ['default', 'brawler', 'sniper']),
    (3, 'Label', None, [], 'Theirs'),
    (3, 'Select', 'battle-policy-b', [], 'Select', 'default', False,
     ['default', 'brawler', 'sniper']),
    (3, 'Label', None, [], 'Budget'),
    (3, 'Input', 'battle-budget', [], '', 'the larger of the two', 'integer'),
    (3, 'Label', None, [], 'Battle no.'),
    (3, 'Input', 'battle-battle', ['-valid'],
     ('tooltip', 'The battle of the batch that Ctrl+L tells and Ctrl+E draws (1 is the first)'),
     '1', '', 'integer'),
    (2, 'MarkedCheckbox', 'battle-draft', ['-textual-compact'],
     'Fight over the budget as a draft', False),
    (2, 'Horizontal', 'battle-buttons', []),
    (3, 'Button', 'battle-run', ['-primary', '-style-default'], 'Fight', 'primary', 'screen.run'),
    (3, 'Button', 'battle-stop', ['-style-default'], 'disabled', 'Stop', 'default', 'screen.stop'),
    (3, 'Button', 'battle-log-button', ['-style-default'], 'Log', 'default', 'screen.log'),
    (3, 'Button', 'battle-replay-button', ['-style-default'], 'Replay', 'default',
     'screen.replay'),
    (2, 'ProgressBar', 'battle-progress', [], 1000, False),
    (2, 'Static', 'battle-problem', [], ''),
    (2, 'EngineLine', 'engine-line', []),
    (1, 'BattleResults', 'battle-results', []),
    (2, 'Static', 'battle-heading', [], 'Choose an opponent and fight the battles (Ctrl+R).'),
    (2, 'Static', 'battle-figures', [], ''),
    (2, 'Horizontal', 'battle-charts', []),
    (3, 'BattleOutcomeChart', 'battle-outcome-chart', []),
    (3, 'Vertical', 'battle-survivor-box', []),
    (4, 'SurvivorsChart', 'battle-survivor-chart', []),
    (4, 'Static', 'battle-survivor-legend', [], ''),
    (0, 'KeysFooter', None, []),
]


@dataclass(frozen=True)
class Case:
    """One of the two screens, and what its form says in its own words."""

    prefix: str
    app: Callable[[Path], ShipyardApp]
    opener: Callable[[Pilot[Any]], Awaitable[DuelScreen | FleetBattleScreen]]
    form: list[Row]  # the pinned widgets
    keys: list[Row]  # the pinned key bindings
    sub_title: str
    again: str  # the key that opens the screen again from where Escape leaves
    too_few: str
    not_whole: str
    other: str  # a bundled opponent other than the first


CASES = [
    Case("duel", duel_app, open_duel, DUEL_FORM, DUEL_KEYS,
         "Duel: Starter against an opponent", "f4", "Runs: at least 1",
         "Opponent's speed: '-' is not a whole number", "sample:lancer"),
    Case("battle", battle_app, open_battle, BATTLE_FORM, BATTLE_KEYS,
         "Battle: Duo against another fleet", "b", "Battles: at least 1",
         "Their speed: '-' is not a whole number", "sample-fleet:night-watch"),
]


async def fill_read_check_keep(pilot: Pilot[Any], case: Case) -> None:
    screen = await case.opener(pilot)
    assert signature(screen) == case.form
    assert keys(screen) == case.keys
    assert screen.sub_title == case.sub_title
    assert screen.focused is not None and screen.focused.id == f"{case.prefix}-sample"

    def field(key: str) -> Any:
        return screen.query_one(f"#{case.prefix}-{key}")

    assert field("scenario").value == "meeting"
    before = [field(key).value for key in ("range", "speed-a", "speed-b")]
    field("scenario").value = "standoff"
    await pilot.pause()
    preset = screen.presets["standoff"]
    speeds = preset.start_speeds((True, True))
    filled = [field(key).value for key in ("range", "speed-a", "speed-b")]
    assert filled == [str(preset.start_range), str(int(speeds[0])), str(int(speeds[1]))]
    assert filled != before

    field("sample").value = case.other
    await pilot.pause()
    assert field("opponent").value == case.other
    field("opponent").value = case.other + "x"
    await pilot.pause()
    assert field("sample").value == Select.NULL
    field("opponent").value = case.other
    await pilot.pause()

    field("runs").value = "0"
    field("runs").focus()
    await pilot.press("enter")
    assert str(field("problem").content) == case.too_few
    field("runs").value = "3"
    field("speed-b").value = "-"
    field("seed").focus()
    await pilot.press("enter")
    assert str(field("problem").content) == case.not_whole
    assert not screen.running

    field("seed").value = "42"
    await pilot.pause()
    await pilot.press("escape")
    assert pilot.app.screen is not screen
    await pilot.press(case.again)
    await pilot.pause()
    again = pilot.app.screen
    assert again is not screen and type(again) is type(screen)
    kept = {key: getattr(again.query_one(f"#{case.prefix}-{key}"), "value", None)
            for key in ("seed", "runs", "speed-b", "opponent", "scenario")}
    # every edit kept: a speed typed after the preset was chosen, even one not yet a number
    assert kept == {"seed": "42", "runs": "3", "speed-b": "-", "opponent": case.other,
                    "scenario": "standoff"}


@pytest.mark.parametrize("case", CASES, ids=[case.prefix for case in CASES])
def test_each_form_is_as_pinned_and_fills_reads_checks_and_keeps(tmp_path: Path,
                                                               case: Case) -> None:
    """On either screen: every widget, key, the title and the focus as pinned; a preset
    fills the start range and both speeds; an opponent typed clears the bundled pick;
    Enter in an option runs, and a bad number gets its one line (in each screen's
    words); the form is there again on the next visit."""

    async def steps(pilot: Pilot[Any]) -> None:
        await fill_read_check_keep(pilot, case)

    drive(case.app(tmp_path), steps)
