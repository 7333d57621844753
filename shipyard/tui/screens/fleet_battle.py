"""The fleet's battle screen: the fleet being edited against a bundled fleet or a file.

A face on the battle service, like `shipyard battle`: the same options, defaults,
seeds and figures. The battles are fought in a thread worker (the designer stays
responsive; Escape stops a batch between two chunks and keeps what was fought), the
results come with two charts, and battle K of the batch is told in plain words
(Ctrl+L) or drawn as an animated SVG replay (Ctrl+E; `fleet_battle_one.py`). A fleet
that cannot fight (illegal, empty, of a game without battles, over the agreed budget
unless fought as a draft) gets the service's one line instead. The screen only reads
the fleet: every edit stays the fleet screen's, autosaved as ever. The form and the
last results are kept on the app for the session (`LAST_BATTLE`) and shown again on
return.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any, ClassVar

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Horizontal, VerticalScroll
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import Button, Checkbox, Input, Label, ProgressBar, Select, Static
from textual.worker import Worker, WorkerState, get_current_worker

from shipyard.core.errors import ShipyardError
from shipyard.core.visible import visible
from shipyard.services.battle import (
    Engagement,
    compiling,
    run_battles,
    summarize_battles,
)
from shipyard.services.duel_setup import WORKERS
from shipyard.services.fleet_session import FleetSession
from shipyard.services.samples import FLEET_PREFIX, sample_fleet_name, sample_fleet_paths
from shipyard.tui.engine import EngineLine
from shipyard.tui.screens.fleet_battle_form import (
    GAME,
    LAST_BATTLE,
    NUMBERS,
    BattleOutcome,
    LastBattle,
    result_heading,
)
from shipyard.tui.screens.fleet_battle_one import OneBattle
from shipyard.tui.widgets.battle_results import BattleResults
from shipyard.tui.widgets.footer import KeysFooter
from shipyard.tui.widgets.marked import MarkedCheckbox
from shipyard.tui.widgets.title import TitleBar

BATTLE_CHUNK = 200  # battles a call of a compiled engine: how often Stop is asked
COMPILING = ("The fast battle engine is compiling in the background (once after an install, "
             "about a minute of one core): these battles are fought on the reference engine "
             "meanwhile, the same battles more slowly.")


class FleetBattleScreen(OneBattle):
    """Choose an opponent and the options on the left; the results appear on the right."""

    HELP_TITLE = "Fleet battle"
    CSS_PATH = "fleet_battle.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back / stop"),
        Binding("f4", "leave", "Back to the fleet", show=False),
        Binding("ctrl+r", "run", "Fight"),
        Binding("ctrl+l", "log", "Battle log"),
        # Before the inputs' own Ctrl+E (end of line: End does that too), as everywhere else.
        Binding("ctrl+e", "replay", "Export replay", priority=True),
    ]

    running: reactive[bool] = reactive(False)

    @dataclass
    class Progress(Message):
        """Some more battles of the batch are fought (sent from the worker thread)."""

        battles: int

    @dataclass
    class Finished(Message):
        """The batch ended, all of it or up to the chunk where it was stopped."""

        outcome: BattleOutcome

    def __init__(self, session: FleetSession) -> None:
        super().__init__(session)
        self.fought = 0  # battles of the batch under way fought so far

    def compose(self) -> ComposeResult:
        samples = [(sample_fleet_name(p), f"{FLEET_PREFIX}{sample_fleet_name(p)}")
                   for p in sample_fleet_paths(self.ruleset.name)]
        form = self.initial_form(samples)
        yield TitleBar()
        with Horizontal(id="battle-main"):
            with VerticalScroll(id="battle-setup"):
                yield Static(id="battle-own", markup=False)
                yield Static("Opponent", classes="section")
                yield Select(samples, prompt="a bundled fleet", id="battle-sample",
                             value=form["sample"] or Select.NULL)
                yield Input(form["opponent"], id="battle-opponent",
                            placeholder="sample-fleet:NAME or path/to/fleet.fleet.json")
                yield Static(id="battle-opponent-status", markup=False)
                yield Static("Options", classes="section")
                with Grid(id="battle-options"):
                    for key, label in (("runs", "Battles"), ("seed", "Seed")):
                        yield Label(label)
                        yield Input(form[key], type="integer", id=f"battle-{key}")
                    yield Label("Scenario")
                    yield Select([(name, name) for name in self.presets],
                                 value=form["scenario"] or Select.NULL, id="battle-scenario",
                                 prompt="custom")
                    for key, label in (("range", "Start range"), ("speed-a", "Your speed"),
                                       ("speed-b", "Their speed"), ("turns", "Turn limit")):
                        yield Label(label)
                        yield Input(form[key], type="integer", id=f"battle-{key}")
                    policies = [(name, name) for name in self.policies]
                    for key, label in (("policy-a", "Your pilots"), ("policy-b", "Theirs")):
                        yield Label(label)
                        yield Select(policies, value=form[key], allow_blank=False,
                                     id=f"battle-{key}")
                    yield Label("Budget")
                    yield Input(form["budget"], type="integer", id="battle-budget",
                                placeholder="the larger of the two")
                    yield Label("Battle no.")
                    yield Input(form["battle"], type="integer", id="battle-battle",
                                tooltip="The battle of the batch that Ctrl+L tells and "
                                        "Ctrl+E draws (1 is the first)")
                yield MarkedCheckbox("Fight over the budget as a draft", form["draft"] == "yes",
                                     id="battle-draft", compact=True)
                with Horizontal(id="battle-buttons"):
                    yield Button("Fight", id="battle-run", variant="primary",
                                 action="screen.run")
                    yield Button("Stop", id="battle-stop", disabled=True, action="screen.stop")
                    yield Button("Log", id="battle-log-button", action="screen.log")
                    yield Button("Replay", id="battle-replay-button", action="screen.replay")
                yield ProgressBar(int(form["runs"] or 1) if form["runs"].isdigit() else 1,
                                  id="battle-progress", show_eta=False)
                yield Static(id="battle-problem", markup=False)
                yield EngineLine(id="engine-line")
            yield BattleResults(id="battle-results")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.sub_title = f"Battle: {visible(self.fleet_name)} against another fleet"
        own = self.query_one("#battle-own", Static)
        problem, warning = self.own_check()
        if problem:
            own.update(problem)
            own.add_class("-error")
            self.query_one(BattleResults).running(f"This fleet cannot fight: {problem}")
            for button in ("#battle-run", "#battle-log-button", "#battle-replay-button"):
                self.query_one(button, Button).disabled = True
        else:
            own.update(self.own_line() + (f"\n{warning}" if warning else ""))
            own.set_class(bool(warning), "-warning")
        self.check_opponent()
        self.query_one("#battle-sample").focus()  # pick an opponent, then Ctrl+R fights
        if self.last is not None and self.last.outcome is not None:
            self.outcome = self.last.outcome

    @property
    def last(self) -> LastBattle | None:
        """What the screen showed when last left in this session, for this game."""
        last: Any = getattr(self.app, LAST_BATTLE, None)  # the app does not declare it
        if not isinstance(last, LastBattle) or last.form.get(GAME) != self.ruleset.name:
            return None
        return last

    # The form -------------------------------------------------------------------------

    def value(self, key: str) -> str:
        """A field of the form by its key ("runs", "opponent", "policy-a"...)."""
        if key == "draft":
            return "yes" if self.query_one("#battle-draft", Checkbox).value else "no"
        field = self.query_one(f"#battle-{key}")
        found = field.value if isinstance(field, Input | Select) else ""
        return found if isinstance(found, str) else ""

    def check_opponent(self) -> None:
        """Read the opponent in the input and say in one line what it is or what is wrong."""
        status = self.query_one("#battle-opponent-status", Static)
        line, good = self.opponent_line(self.value("opponent"))
        status.update(line)
        status.set_class(not good, "-error")

    @on(Select.Changed, "#battle-sample")
    def sample_chosen(self, event: Select.Changed) -> None:
        if isinstance(event.value, str):
            self.query_one("#battle-opponent", Input).value = event.value
            self.check_opponent()

    @on(Select.Changed, "#battle-scenario")
    def scenario_chosen(self, event: Select.Changed) -> None:
        """A preset fills the start range and both speeds."""
        chosen = self.presets.get(event.value) if isinstance(event.value, str) else None
        if chosen is None:
            return
        speeds = chosen.start_speeds((True, True))
        for key, value in (("range", chosen.start_range), ("speed-a", int(speeds[0])),
                           ("speed-b", int(speeds[1]))):
            self.query_one(f"#battle-{key}", Input).value = str(value)

    @on(Input.Changed, "#battle-opponent")
    def opponent_typed(self, event: Input.Changed) -> None:
        sample = self.query_one("#battle-sample", Select)
        if sample.value != event.value.strip():
            sample.clear()

    @on(Input.Submitted, "#battle-opponent")
    def opponent_submitted(self) -> None:
        self.check_opponent()

    @on(Input.Submitted, "#battle-options Input")
    def option_submitted(self) -> None:
        self.action_run()

    @on(Input.Changed)
    @on(Select.Changed)
    @on(Checkbox.Changed)
    def remember(self) -> None:
        """Keep the form and the outcome on the app, for the next visit in this session."""
        form = {key: self.value(key) for key in ("sample", "opponent", "scenario", "policy-a",
                                                 "policy-b", "draft", "budget", "battle",
                                                 *NUMBERS)}
        form[GAME] = self.ruleset.name
        outcome = self.outcome or (self.last.outcome if self.last else None)
        setattr(self.app, LAST_BATTLE, LastBattle(form, outcome))

    # Fighting -------------------------------------------------------------------------

    def action_run(self) -> None:
        if self.running:
            return
        try:
            engagement, runs, seed = self.setup()
        except ShipyardError as exc:
            self.refuse(exc)
            return
        self.show_problem("")
        self.query_one("#battle-progress", ProgressBar).update(total=runs, progress=0)
        self.running = True
        self.fought = 0
        self.query_one(BattleResults).begin(self.run_heading(runs))
        if compiling(engagement):
            self.notify(COMPILING, timeout=20)
        self.fight(engagement, runs, seed, copy.deepcopy(self.session.data))

    def run_heading(self, runs: int) -> str:
        """The results pane's heading while the battles are fought: how many so far."""
        return f"Fighting: {self.fought} of {runs} battles fought (Escape stops)."

    @work(thread=True, exclusive=True, group="battle", exit_on_error=False)
    def fight(self, engagement: Engagement, runs: int, seed: int, fleet: dict[str, Any]) -> None:
        """Fight the batch chunk by chunk; a stop (or leaving the screen) ends it between
        chunks, and every battle fought before is kept."""
        worker = get_current_worker()

        def advance(battles: int) -> None:
            self.post_message(self.Progress(battles))

        results = run_battles(engagement, runs, seed, WORKERS, progress=advance,
                              stop=lambda: worker.is_cancelled, fast_chunk=BATTLE_CHUNK)
        summary = summarize_battles(engagement, results)
        self.post_message(self.Finished(BattleOutcome(engagement, seed, runs, tuple(results),
                                                      summary, fleet)))

    def on_fleet_battle_screen_progress(self, message: Progress) -> None:
        bar = self.query_one("#battle-progress", ProgressBar)
        bar.advance(message.battles)
        self.fought += message.battles
        if self.running:
            self.query_one(BattleResults).running(self.run_heading(int(bar.total or 0)))

    def on_fleet_battle_screen_finished(self, message: Finished) -> None:
        self.running = False
        if not message.outcome.results:
            self.show_problem("Stopped before any battle was fought.")
            self.query_one(BattleResults).running("Stopped before any battle was fought.")
            return
        self.outcome = message.outcome

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.state != WorkerState.ERROR or event.worker.group not in ("battle", "told"):
            return
        if event.worker.group == "battle":
            line = f"The battles stopped on an error: {event.worker.error}"
            self.running = False
            self.query_one(BattleResults).running(line)
        else:
            line = f"The battle could not be fought again: {event.worker.error}"
        self.show_problem(line)

    def action_stop(self) -> None:
        if self.running:
            self.workers.cancel_group(self, "battle")
            self.show_problem("Stopping after the current chunk…")

    def action_back(self) -> None:
        """Escape stops a batch first; pressed again (or with nothing fought) it goes back."""
        if self.running:
            self.action_stop()
        else:
            self.app.pop_screen()

    def action_leave(self) -> None:
        self.workers.cancel_group(self, "battle")
        self.app.pop_screen()

    def watch_running(self, running: bool) -> None:
        self.query_one("#battle-run", Button).disabled = running or bool(self.own_check()[0])
        self.query_one("#battle-stop", Button).disabled = not running

    def watch_outcome(self, outcome: BattleOutcome | None) -> None:
        if outcome is None:
            return
        self.remember()
        self.query_one("#battle-progress", ProgressBar).update(total=outcome.asked,
                                                               progress=len(outcome.results))
        text = result_heading(outcome)
        if outcome.fleet != self.session.data:
            text += ("\nThese results are for the fleet as it was: it has changed since. "
                     "Ctrl+R fights the battles again.")
        self.query_one(BattleResults).show(text, outcome.engagement, outcome.summary)
        self.show_problem("")
