"""The designer's duel screen, driven with Pilot: runs, figures, problems, the log.

The figures the screen shows are checked against the engine run directly with
the same seed, so the screen is a face on the engine and adds nothing of its
own. The tests are sync (no async plugin is installed): each drives the app
inside `asyncio.run`.
"""

from __future__ import annotations

import asyncio
import inspect
import itertools
import json
import re
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from textual.app import App, ComposeResult
from textual.pilot import Pilot
from textual.widgets import Button, DataTable, Input, ProgressBar, Select, Static
from typer.testing import CliRunner

from shipyard.cli import app as cli
from shipyard.commands.duel import duel_command
from shipyard.core.dice import duel_seed
from shipyard.core.protocol import Evaluation
from shipyard.core.stats import kill_lines, summarize
from shipyard.rulesets.pentagon_war.design import parse_design, read_design
from shipyard.rulesets.pentagon_war.engine.duel import scenario_defaults
from shipyard.rulesets.pentagon_war.engine.tables import load_combat
from shipyard.services import duel_setup as duel_setup_module
from shipyard.services import warming
from shipyard.services.batch import Matchup, run_batch, run_one
from shipyard.services.registry import evaluate, get_ruleset
from shipyard.services.samples import resolve
from shipyard.services.session import open_session
from shipyard.tui.app import ShipyardApp
from shipyard.tui.screens import duel as screen_module
from shipyard.tui.screens.duel import DuelLogScreen, DuelScreen
from shipyard.tui.widgets.duel_chart import (
    KillTurnsChart,
    OutcomeChart,
    count_ticks,
    kills_by_turn,
    outcome_shares,
)

SIZE = (130, 45)

DEFAULT = scenario_defaults(load_combat())  # the game's default start, as the screen fills it


def versus_lancer() -> Matchup:
    """The Starter against the Lancer in the game's default start."""
    return Matchup(sample("starter"), sample("lancer"), scenario=DEFAULT)


def sample(name: str) -> Evaluation:
    path = resolve(f"sample:{name}")
    return evaluate(read_design(path), file=str(path))


def text_of(screen: DuelScreen, selector: str) -> str:
    return str(screen.query_one(selector, Static).content)


def drive(app: App[Any], steps: Callable[[Pilot[Any]], Awaitable[None]]) -> None:
    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await steps(pilot)

    asyncio.run(run())


def designer(tmp_path: Path) -> ShipyardApp:
    """The real designer on the bundled starter design."""
    return ShipyardApp(open_session(None, recovery_dir=tmp_path))


class DuelOnly(App[None]):
    """A bare app that opens only the duel screen, for designs the designer would not hold."""

    def __init__(self, evaluation: Evaluation) -> None:
        super().__init__()
        self.evaluation = evaluation

    def compose(self) -> ComposeResult:
        return iter(())

    def on_mount(self) -> None:
        self.push_screen(DuelScreen(self.evaluation))


async def open_duel(pilot: Pilot[Any]) -> DuelScreen:
    """The duel screen: F4 on the designer; already open on `DuelOnly`."""
    if isinstance(pilot.app, ShipyardApp):
        await pilot.press("f4")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, DuelScreen)
    return screen


async def fill(pilot: Pilot[Any], screen: DuelScreen, **values: str) -> None:
    for key, value in values.items():
        screen.query_one(f"#duel-{key}", Input).value = value
    await pilot.pause()


async def finish(pilot: Pilot[Any], screen: DuelScreen) -> None:
    """Wait for the run to end (a stopped worker ends cancelled, so wait on the screen)."""
    async with asyncio.timeout(30):
        while screen.running:
            await asyncio.sleep(0.01)
    await pilot.pause()


def test_the_defaults_and_limits_are_those_of_shipyard_duel() -> None:
    parameters = inspect.signature(duel_command, eval_str=True).parameters

    def default(name: str) -> object:
        return parameters[name].default

    def minimum(name: str) -> object:
        return getattr(parameters[name].annotation.__metadata__[0], "min", None)

    cli_minimum = {"runs": minimum("runs"), "seed": minimum("seed"),
                   "range": minimum("range_"), "turns": minimum("turns"), "speed-a": None,
                   "speed-b": None}
    screen = (screen_module.RUNS, screen_module.SEED, screen_module.POLICY, screen_module.POLICY,
              screen_module.MINIMUM)
    assert screen == (default("runs"), default("seed"), default("policy_a"),
                      default("policy_b"), cli_minimum)
    # Start range and turn limit: the game's own in both (the CLI's None, the screen's
    # fields filled from the ruleset's duel defaults).
    assert (default("range_"), default("turns")) == (None, None)
    rules = scenario_defaults(load_combat())
    assert get_ruleset("pentagon-war").duels.duel_defaults(
        get_ruleset("pentagon-war").catalog()) == rules


def test_a_run_shows_the_figures_of_the_engine(tmp_path: Path) -> None:
    runs, seed = 40, 7
    expected_results = run_batch(versus_lancer(), runs, seed)
    expected = summarize(expected_results, DEFAULT.turn_limit)

    async def steps(pilot: Pilot[Any]) -> None:
        screen = await open_duel(pilot)
        await fill(pilot, screen, opponent="sample:lancer", runs=str(runs), seed=str(seed))
        await pilot.click("#duel-run")
        await finish(pilot, screen)
        assert screen.outcome is not None and not screen.outcome.stopped
        assert screen.outcome.summary == expected
        heading = text_of(screen, "#duel-heading")
        assert heading.startswith("Starter (default) against Lancer (default): 40 duels, seed 7")
        rows = [[str(cell) for cell in screen.query_one(DataTable).get_row_at(i)]
                for i in range(3)]
        assert rows[0] == ["Starter wins", str(expected.wins.count), f"{expected.wins.share:.1%}",
                           f"{expected.wins.low:.1%} - {expected.wins.high:.1%}"]
        assert rows[1][:2] == ["Lancer wins", str(expected.losses.count)]
        assert rows[2][:2] == ["draws", str(expected.draws.count)]
        figures = text_of(screen, "#duel-figures")
        assert (f"Mean damage dealt (past the screens: armor and interior boxes): "
                f"Starter {expected.mean_damage[0]:.1f}, "
                f"Lancer {expected.mean_damage[1]:.1f}") in figures
        if expected.mean_turns_to_kill is not None:
            assert f"Turns to a kill: mean {expected.mean_turns_to_kill:.2f}" in figures
        # Each side's kills and their causes, line for line as `shipyard duel` prints them.
        printed = CliRunner().invoke(cli, ["duel", "sample:starter", "sample:lancer", "--runs",
                                           str(runs), "--seed", str(seed)]).output
        kills = [line for line in printed.splitlines() if line.startswith("Kills by cause")]
        assert [line for line in figures.splitlines() if line.startswith("Kills")] == kills
        assert kills == kill_lines(("Starter", "Lancer"), expected) and len(kills) == 2
        assert text_of(screen, "#duel-problem") == ""
        await pilot.press("escape")
        assert not isinstance(pilot.app.screen, DuelScreen)

    drive(designer(tmp_path), steps)
    _, by_first, by_second = kills_by_turn(expected_results, 20)
    assert (sum(by_first), sum(by_second)) == (expected.wins.count, expected.losses.count)
    assert abs(sum(outcome_shares(expected)) - 100) < 1e-9


def test_a_stopped_run_keeps_every_duel_it_fought() -> None:
    # the compiled engine from the first duel: the reference engine fights while it
    # builds, in chunks of its own, and the count kept would then be another multiple
    warming.warm(get_ruleset("pentagon-war"))

    async def steps(pilot: Pilot[Any]) -> None:
        screen = await open_duel(pilot)
        await fill(pilot, screen, opponent="sample:lancer", runs="1000000", seed="3")
        # Straight to the actions: Pilot's key presses wait for an idle screen, which comes
        # late while the worker thread holds the interpreter.
        screen.action_run()
        progress = screen.query_one(ProgressBar)
        while not progress.progress:
            await asyncio.sleep(0.01)
        screen.action_back()  # while duels run, Escape stops them after the current block
        await finish(pilot, screen)
        assert pilot.app.screen is screen and screen.outcome is not None
        done = screen.outcome.results
        assert screen.outcome.stopped and len(done) % CHUNK == 0 and len(done) < 1000000
        matchup = screen.outcome.setup.matchup
        assert screen.outcome.summary == summarize(run_batch(matchup, len(done), 3),
                                                   matchup.scenario.turn_limit)
        assert "(stopped after" in text_of(screen, "#duel-heading")

    CHUNK = duel_setup_module.FAST_CHUNK  # the compiled engine stops between calls
    drive(DuelOnly(sample("starter")), steps)


def test_unreadable_and_illegal_opponents_get_one_line(tmp_path: Path) -> None:
    broken = tmp_path / "broken.ship.json"
    broken.write_text("{ not json")
    data = read_design(resolve("sample:lancer")).to_data()
    data["radar"] = [9, 9, 9]
    illegal = tmp_path / "illegal.ship.json"
    illegal.write_text(json.dumps(data))

    async def steps(pilot: Pilot[Any]) -> None:
        screen = await open_duel(pilot)
        for path, words in ((broken, "not valid JSON"), (illegal, "the design is not legal"),
                            (tmp_path / "missing.ship.json", "no such file"),
                            ("sample:nothing", "no bundled sample")):
            await fill(pilot, screen, opponent=str(path))
            screen.query_one("#duel-opponent", Input).focus()
            await pilot.press("enter")
            status = text_of(screen, "#duel-opponent-status")
            assert words in status and "\n" not in status
            assert "Traceback" not in status
        await pilot.press("ctrl+r")
        assert screen.outcome is None and not screen.running
        assert text_of(screen, "#duel-problem").startswith("Choose an opponent that can duel")
        screen.query_one("#duel-sample", Select).value = "sample:hive"
        await fill(pilot, screen, runs="0")
        assert screen.query_one("#duel-opponent", Input).value == "sample:hive"
        await pilot.press("ctrl+r")
        assert text_of(screen, "#duel-problem") == "Runs: at least 1"
        assert text_of(screen, "#duel-opponent-status").startswith("Hive: ")

    drive(DuelOnly(sample("starter")), steps)


def test_an_illegal_design_is_not_sent_to_duel() -> None:
    data = read_design(resolve("sample:starter")).to_data()
    data["radar"] = [9, 9, 9]
    illegal = evaluate(parse_design(data))
    assert not illegal.legal

    async def steps(pilot: Pilot[Any]) -> None:
        screen = await open_duel(pilot)
        own = text_of(screen, "#duel-own")
        assert "not legal" in own and "legal designs only" in own and "\n" not in own
        assert screen.query_one("#duel-run", Button).disabled
        await pilot.press("ctrl+r")
        await finish(pilot, screen)
        assert screen.outcome is None
        assert "not legal" in text_of(screen, "#duel-problem")

    drive(DuelOnly(illegal), steps)


def test_the_log_shows_the_first_duel_turn_by_turn() -> None:
    expected = run_one(versus_lancer(), duel_seed(5, 0), log=True)

    async def steps(pilot: Pilot[Any]) -> None:
        screen = await open_duel(pilot)
        await fill(pilot, screen, opponent="sample:lancer", seed="5")
        await pilot.press("ctrl+l")
        await pilot.pause()
        log_screen = pilot.app.screen
        assert isinstance(log_screen, DuelLogScreen)
        text = str(log_screen.query_one("#duel-log", Static).content)
        assert "impulse" in text and text.splitlines() == list(expected.log)
        await pilot.press("escape")
        assert pilot.app.screen is screen

    drive(DuelOnly(sample("starter")), steps)


def test_the_log_after_a_run_is_duel_1_of_the_run_shown_and_says_so() -> None:
    runs, seed = 30, 9
    shown = run_batch(versus_lancer(), runs, seed)

    async def steps(pilot: Pilot[Any]) -> None:
        screen = await open_duel(pilot)
        await fill(pilot, screen, opponent="sample:lancer", runs=str(runs), seed=str(seed))
        await pilot.click("#duel-run")
        await finish(pilot, screen)
        await fill(pilot, screen, seed="2")  # the form moves on; the run shown does not
        await pilot.press("ctrl+l")
        await pilot.pause()
        log_screen = pilot.app.screen
        assert isinstance(log_screen, DuelLogScreen)
        assert log_screen.title_line.startswith("Duel 1 of the 30 duels shown (seed 9): ")
        logged = run_one(versus_lancer(), duel_seed(seed, 0),
                         log=True)
        text = str(log_screen.query_one("#duel-log", Static).content)
        assert text.splitlines() == list(logged.log)
        first = shown[0]
        assert (logged.winner, logged.turns, logged.damage, logged.cause) == (
            first.winner, first.turns, first.damage, first.cause)

    drive(DuelOnly(sample("starter")), steps)


def test_the_log_before_any_run_says_it_is_of_the_run_the_form_describes() -> None:
    async def steps(pilot: Pilot[Any]) -> None:
        screen = await open_duel(pilot)
        await fill(pilot, screen, opponent="sample:lancer", runs="500", seed="4")
        await pilot.press("ctrl+l")
        await pilot.pause()
        log_screen = pilot.app.screen
        assert isinstance(log_screen, DuelLogScreen)
        assert log_screen.title_line.startswith(
            "Duel 1 of a run of 500 duels with seed 4 (not run yet): Starter")

    drive(DuelOnly(sample("starter")), steps)


def test_focus_starts_on_the_opponent_and_the_table_takes_no_tab(tmp_path: Path) -> None:
    async def steps(pilot: Pilot[Any]) -> None:
        screen = await open_duel(pilot)
        assert screen.query_one("#duel-sample", Select).has_focus
        assert not screen.query_one(DataTable).can_focus
        await pilot.press("tab")
        assert screen.query_one("#duel-opponent", Input).has_focus

    drive(designer(tmp_path), steps)


def test_count_ticks_are_whole_and_cover_the_highest_count() -> None:
    for highest in (0, 1, 5, 7, 12, 82, 951, 1000, 1001, 123456):
        ticks = count_ticks(highest)
        assert ticks[0] == 0 and ticks[-1] >= max(highest, 1) and 2 <= len(ticks) <= 6
        assert all(isinstance(tick, int) for tick in ticks)
        assert len({b - a for a, b in itertools.pairwise(ticks)}) == 1


def test_the_charts_keep_their_titles_and_count_in_whole_numbers() -> None:
    async def steps(pilot: Pilot[Any]) -> None:
        screen = await open_duel(pilot)
        await fill(pilot, screen, opponent="sample:lancer", runs="300", seed="2")
        for _ in range(2):  # the titles must survive every redraw, not just the first
            screen.action_run()
            await finish(pilot, screen)
            outcomes = str(screen.query_one(OutcomeChart).render())
            kills = str(screen.query_one(KillTurnsChart).render())
            assert "outcomes (% of 300 duels)" in outcomes.lower()
            assert "Kills by turn" in kills
            assert not re.search(r"\d\.\d", kills)  # no tick such as 792.5
            assert "Starter" not in kills  # no legend over the bars: it is a line below
            legend = str(screen.query_one("#duel-kill-legend", Static).content)
            assert "Starter" in legend and "Lancer" in legend

    drive(DuelOnly(sample("starter")), steps)


def test_results_and_form_come_back_with_f4_and_say_when_the_design_changed(
        tmp_path: Path) -> None:
    async def steps(pilot: Pilot[Any]) -> None:
        screen = await open_duel(pilot)
        screen.query_one("#duel-sample", Select).value = "sample:lancer"
        await fill(pilot, screen, runs="30", seed="4", turns="12")
        screen.action_run()
        await finish(pilot, screen)
        outcome, heading = screen.outcome, text_of(screen, "#duel-heading")
        assert outcome is not None
        await pilot.press("f4")
        assert not isinstance(pilot.app.screen, DuelScreen)

        again = await open_duel(pilot)
        assert again is not screen and again.outcome is outcome
        assert text_of(again, "#duel-heading") == heading
        assert str(again.query_one(DataTable).get_row_at(0)[0]) == "Starter wins"
        values = {key: again.query_one(f"#duel-{key}", Input).value
                  for key in ("opponent", "runs", "seed", "turns")}
        assert values == {"opponent": "sample:lancer", "runs": "30", "seed": "4", "turns": "12"}
        assert again.query_one("#duel-sample", Select).value == "sample:lancer"
        assert again.query_one(ProgressBar).progress == 30
        await pilot.press("escape")

        app = pilot.app
        assert isinstance(app, ShipyardApp)
        app.edit(lambda data: data.update(name="Starter Mk II"))
        await pilot.pause()
        changed = await open_duel(pilot)
        assert changed.outcome is outcome
        assert "for the design as it was" in text_of(changed, "#duel-heading")
        assert text_of(changed, "#duel-heading").startswith(heading)

    drive(designer(tmp_path), steps)


def test_a_preset_fills_the_start_and_the_result_names_the_scenario(tmp_path: Path) -> None:
    """Issue 29: the screen takes the scenario `shipyard duel --scenario` takes, and the
    heading says which one the duels were fought in, and when too many were cut off."""

    async def steps(pilot: Pilot[Any]) -> None:
        screen = await open_duel(pilot)
        assert screen.query_one("#duel-scenario", Select).value == "meeting"
        screen.query_one("#duel-scenario", Select).value = "standoff"
        await pilot.pause()
        values = [screen.query_one(f"#duel-{key}", Input).value
                  for key in ("range", "speed-a", "speed-b")]
        assert values == ["30", "0", "0"]  # the preset's range and speeds (catalog)
        # One turn at rest 30 hexes apart: every duel is cut off at the limit.
        await fill(pilot, screen, opponent="sample:lancer", runs="4", turns="1")
        await pilot.click("#duel-run")
        await finish(pilot, screen)
        heading = text_of(screen, "#duel-heading")
        assert "Scenario standoff: start range 30, both at rest, turn limit 1" in heading
        assert "100% of the duels reached the turn limit (1) undecided" in heading
        await fill(pilot, screen, **{"speed-a": "-2"})
        await pilot.click("#duel-run")
        await finish(pilot, screen)
        assert "Scenario standoff+: start range 30, Starter 2 away, Lancer at rest" in \
            text_of(screen, "#duel-heading")

    drive(designer(tmp_path), steps)
