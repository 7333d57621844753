"""The duel screen: battle-test the design being edited against a sample or a file.

A face on the duel engine, like `shipyard duel`: the same options, defaults
and figures. The duels run in a thread worker, in blocks, so the designer
stays responsive and a run can be stopped; the results come with two charts,
and the batch's first duel can be read turn by turn, as `--log` prints it.
The app pushes a new screen at each visit, so the last form and results are
kept on the app for the session (`LAST_DUEL`) and shown again on return.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Horizontal, VerticalScroll
from textual.message import Message
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import (
    Button,
    Input,
    Label,
    ProgressBar,
    Select,
    Static,
)
from textual.worker import Worker, WorkerState, get_current_worker

from shipyard.core.dice import duel_seed
from shipyard.core.errors import ShipyardError
from shipyard.core.neutral import Evaluation
from shipyard.core.outcome import DuelScenario
from shipyard.core.protocol import duels_of
from shipyard.core.visible import visible
from shipyard.services.batch import Matchup, run_one
from shipyard.services.duel_setup import (
    DEFAULT_OPPONENT,
    LAST_DUEL,
    MINIMUM,
    POLICY,
    RUNS,
    SEED,
    DuelProblem,
    LastDuel,
    Outcome,
    Setup,
    heading,
    illegal_line,
    load_opponent,
    run_in_blocks,
    whole_number,
)
from shipyard.services.samples import PREFIX, sample_name, sample_paths
from shipyard.services.scenarios import damage_words, pick, presets, start_for
from shipyard.tui.engine import EngineLine
from shipyard.tui.notices import before_duels
from shipyard.tui.widgets.duel_chart import DuelResults
from shipyard.tui.widgets.footer import KeysFooter
from shipyard.tui.widgets.title import TitleBar

GAME = "game"  # the key of the remembered form that names the game it was for


class DuelLogScreen(Screen[None]):
    """One duel turn by turn, as `shipyard duel --log` prints it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,ctrl+l", "app.pop_screen", "Back"),
    ]
    LOG_TITLE = "Duel log"  # the title bar's words

    def __init__(self, title: str, lines: tuple[str, ...]) -> None:
        super().__init__()
        self.title_line = title
        self.lines = lines

    def compose(self) -> ComposeResult:
        yield TitleBar()
        # Which duel, the designs and their policies, whole (wrapped, never cut short by the
        # title line), above the log.
        yield Static(self.title_line, id="duel-log-title", markup=False)
        with VerticalScroll(id="duel-log-scroll"):
            yield Static("\n".join(self.lines), id="duel-log", markup=False)
        yield KeysFooter()

    def on_mount(self) -> None:
        self.sub_title = self.LOG_TITLE
        self.query_one("#duel-log-scroll").focus()


class DuelScreen(Screen[None]):
    """Choose an opponent and the options on the left; the results appear on the right."""

    CSS_PATH = "duel.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back / stop"),
        Binding("f4", "leave", "Back to the designer", show=False),
        Binding("ctrl+r", "run", "Run"),
        Binding("ctrl+l", "log", "Duel log"),
    ]

    running: reactive[bool] = reactive(False)
    outcome: reactive[Outcome | None] = reactive(None)

    @dataclass
    class Progress(Message):
        """Some more duels of the run are done (sent from the worker thread)."""

        duels: int

    @dataclass
    class Finished(Message):
        """The run ended, all of it or up to the block where it was stopped."""

        outcome: Outcome

    def __init__(self, evaluation: Evaluation) -> None:
        super().__init__()
        self.evaluation = evaluation
        self.fought = 0  # duels of the run under way fought so far
        self.combat_problem = ""
        duels = evaluation.ruleset.duels
        self.policies = duels.policies if duels is not None else ()
        self.defaults = DuelScenario()
        self.presets: dict[str, DuelScenario] = {}
        try:
            self.defaults = duels_of(evaluation.ruleset).duel_defaults(evaluation.catalog)
            self.presets = {name: scenario for name, (scenario, _) in
                            presets(duels_of(evaluation.ruleset), evaluation.catalog).items()}
        except ShipyardError as exc:
            self.combat_problem = str(exc)

    @property
    def own_problem(self) -> str:
        """Why the design being edited cannot duel; empty if it can."""
        if not self.evaluation.legal:
            return illegal_line(self.evaluation.design.name or "This design", self.evaluation) \
                + "; duels take legal designs only"
        return self.combat_problem

    @property
    def last(self) -> LastDuel | None:
        """What the screen showed when last left in this session, if it was, for this game
        (after switching game, the other game's opponent and results are not offered)."""
        last: Any = getattr(self.app, LAST_DUEL, None)  # the app does not declare it
        if not isinstance(last, LastDuel) or last.form.get(GAME) != self.evaluation.ruleset.name:
            return None
        return last

    def compose(self) -> ComposeResult:
        own = sample_paths(self.evaluation.ruleset.name)  # a design duels its own game only
        samples = [(sample_name(p), f"{PREFIX}{sample_name(p)}") for p in own]
        first = DEFAULT_OPPONENT if any(v == DEFAULT_OPPONENT for _, v in samples) else \
            (samples[0][1] if samples else "")
        speeds = self.defaults.start_speeds((True, True))
        form = {"sample": first, "opponent": first, "runs": str(RUNS), "seed": str(SEED),
                "range": str(self.defaults.start_range), "turns": str(self.defaults.turn_limit),
                "speed-a": str(int(speeds[0])), "speed-b": str(int(speeds[1])),
                "scenario": self.defaults.name,
                "policy-a": POLICY, "policy-b": POLICY} | (self.last.form if self.last else {})
        if form["scenario"] not in self.presets:
            form["scenario"] = self.defaults.name
        if form["sample"] and form["sample"] not in {value for _, value in samples}:
            form["sample"] = first
        if form["policy-a"] not in self.policies:
            form["policy-a"] = form["policy-b"] = self.policies[0]
        if form["policy-b"] not in self.policies:
            form["policy-b"] = self.policies[0]
        policies = [(name, name) for name in self.policies]
        yield TitleBar()
        with Horizontal(id="duel-main"):
            with VerticalScroll(id="duel-setup"):
                yield Static(id="duel-own", markup=False)
                yield Static("Opponent", classes="section")
                yield Select(samples, prompt="a bundled sample", id="duel-sample",
                             value=form["sample"] or Select.NULL)
                yield Input(form["opponent"], id="duel-opponent",
                            placeholder="sample:NAME or path/to/design.ship.json")
                yield Static(id="duel-opponent-status", markup=False)
                yield Static("Options", classes="section")
                with Grid(id="duel-options"):
                    for key, label in (("runs", "Runs"), ("seed", "Seed")):
                        yield Label(label)
                        yield Input(form[key], type="integer", id=f"duel-{key}")
                    yield Label("Scenario")
                    yield Select([(name, name) for name in self.presets],
                                 value=form["scenario"] or Select.NULL, id="duel-scenario",
                                 prompt="custom")
                    for key, label in (("range", "Start range"), ("speed-a", "Your speed"),
                                       ("speed-b", "Their speed"), ("turns", "Turn limit")):
                        yield Label(label)
                        yield Input(form[key], type="integer", id=f"duel-{key}")
                    for key, label in (("policy-a", "Your policy"), ("policy-b", "Opponent's")):
                        yield Label(label)
                        yield Select(policies, value=form[key], allow_blank=False,
                                     id=f"duel-{key}")
                with Horizontal(id="duel-buttons"):
                    yield Button("Run", id="duel-run", variant="primary", action="screen.run")
                    yield Button("Stop", id="duel-stop", disabled=True, action="screen.stop")
                    yield Button("Log", id="duel-log-button", action="screen.log")
                yield ProgressBar(RUNS, id="duel-progress", show_eta=False)
                yield Static(id="duel-problem", markup=False)
                yield EngineLine(id="engine-line")
            yield DuelResults(id="duel-results")
        yield KeysFooter()

    def on_mount(self) -> None:
        name = visible(self.evaluation.design.name) or "(unnamed)"
        self.sub_title = f"Duel: {name} against an opponent"
        own = self.query_one("#duel-own", Static)
        if self.own_problem:
            own.update(self.own_problem)
            own.add_class("-error")
            self.query_one("#duel-run", Button).disabled = True
            self.query_one("#duel-log-button", Button).disabled = True
        else:
            own.update(f"Your design: {name}, {self.evaluation.sheet.total} points")
        self.check_opponent()
        self.query_one("#duel-sample").focus()  # pick an opponent, then Ctrl+R runs
        if self.last is not None and self.last.outcome is not None:
            self.outcome = self.last.outcome

    # Opponent ------------------------------------------------------------------

    def check_opponent(self) -> Evaluation | None:
        """Load the opponent in the input and say in one line what it is or what is wrong."""
        status = self.query_one("#duel-opponent-status", Static)
        try:
            opponent = load_opponent(self.query_one("#duel-opponent", Input).value,
                                     self.evaluation.design.ruleset)
        except ShipyardError as exc:
            status.update(str(exc))
            status.add_class("-error")
            return None
        status.update(f"{visible(opponent.design.name) or '(unnamed)'}: "
                      f"{opponent.sheet.total} points")
        status.remove_class("-error")
        return opponent

    @on(Select.Changed, "#duel-sample")
    def sample_chosen(self, event: Select.Changed) -> None:
        if isinstance(event.value, str):
            self.query_one("#duel-opponent", Input).value = event.value
            self.check_opponent()

    @on(Select.Changed, "#duel-scenario")
    def scenario_chosen(self, event: Select.Changed) -> None:
        """A preset fills the start range and both speeds (hexes a turn toward the other)."""
        chosen = self.presets.get(event.value) if isinstance(event.value, str) else None
        if chosen is None:
            return
        speeds = chosen.start_speeds((True, True))
        for key, value in (("range", chosen.start_range), ("speed-a", int(speeds[0])),
                           ("speed-b", int(speeds[1]))):
            self.query_one(f"#duel-{key}", Input).value = str(value)

    @on(Input.Changed, "#duel-opponent")
    def opponent_typed(self, event: Input.Changed) -> None:
        sample = self.query_one("#duel-sample", Select)
        if sample.value != event.value.strip():
            sample.clear()

    @on(Input.Changed)
    @on(Select.Changed)
    def remember(self) -> None:
        """Keep the form and the outcome on the app, for the next visit in this session."""
        form = {str(field.id).removeprefix("duel-"): field.value for field in self.query(Input)}
        form[GAME] = self.evaluation.ruleset.name
        for choice in self.query(Select):
            form[str(choice.id).removeprefix("duel-")] = choice.value \
                if isinstance(choice.value, str) else ""
        outcome = self.outcome or (self.last.outcome if self.last else None)
        setattr(self.app, LAST_DUEL, LastDuel(form, outcome))

    @on(Input.Submitted, "#duel-opponent")
    def opponent_submitted(self) -> None:
        self.check_opponent()

    @on(Input.Submitted, "#duel-options Input")
    def option_submitted(self) -> None:
        self.action_run()

    # Setting up ------------------------------------------------------------------

    def policy(self, selector: str) -> str:
        value = self.query_one(selector, Select).value
        if not isinstance(value, str) or value not in self.policies:
            raise DuelProblem(f"unknown policy (known: {', '.join(self.policies)})")
        return value

    def setup(self) -> Setup:
        """The run the form describes; `ShipyardError` says in one line what is wrong."""
        if self.own_problem:
            raise DuelProblem(self.own_problem)
        opponent = self.check_opponent()
        if opponent is None:
            raise DuelProblem("Choose an opponent that can duel (see above).")
        number = {key: whole_number(self.query_one(f"#duel-{key}", Input).value, label, low)
                  for (key, low), label in zip(MINIMUM.items(),
                                               ("Runs", "Seed", "Start range", "Turn limit",
                                                "Your speed", "Opponent's speed"),
                                               strict=True)}
        scenario = self.scenario(number)
        matchup = Matchup(self.evaluation, opponent, self.policy("#duel-policy-a"),
                          self.policy("#duel-policy-b"), scenario(opponent))
        return Setup(matchup, number["runs"], number["seed"])

    def scenario(self, number: dict[str, int]) -> Callable[[Evaluation], DuelScenario]:
        """The start the form asks for, as `shipyard duel --scenario --range --speed-a
        --speed-b --turns` reads it; a value left as the preset has it is not "asked"."""
        value = self.query_one("#duel-scenario", Select).value
        preset = value if isinstance(value, str) and value in self.presets else None
        base = self.presets.get(preset or "", self.defaults)
        speeds = base.start_speeds((True, True))
        duels = duels_of(self.evaluation.ruleset)
        picked = pick(duels, self.evaluation.catalog,
                      None if preset == self.defaults.name else preset,
                      None if number["range"] == base.start_range else number["range"],
                      number["turns"],
                      (None if number["speed-a"] == speeds[0] else number["speed-a"],
                       None if number["speed-b"] == speeds[1] else number["speed-b"]))
        return lambda opponent: start_for(duels, picked, self.evaluation, opponent)

    def show_problem(self, text: str) -> None:
        self.query_one("#duel-problem", Static).update(text)

    # Running ---------------------------------------------------------------------

    def action_run(self) -> None:
        if self.running:
            return
        try:
            setup = self.setup()
        except ShipyardError as exc:
            self.show_problem(str(exc))
            return
        self.show_problem("")
        self.query_one("#duel-progress", ProgressBar).update(total=setup.runs, progress=0)
        self.running = True
        self.fought = 0
        self.query_one(DuelResults).begin(self.run_heading(setup.runs))
        before_duels(self, setup.matchup.a)
        self.run_duels(setup)

    def run_heading(self, runs: int) -> str:
        """The results pane's heading while the duels run: how many are fought so far."""
        line = f"Running: {self.fought} of {runs} duels fought (Escape stops)."
        if getattr(self.app, "engine_state", "") in ("compiling", "cold"):
            line += ("\nOn the reference engine while the fast one compiles: the same "
                     "duels, more slowly.")
        return line

    @work(thread=True, exclusive=True, group="duel", exit_on_error=False)
    def run_duels(self, setup: Setup) -> None:
        """Run the duels block by block; a stop (or leaving the screen) ends it between blocks."""
        worker = get_current_worker()

        def advance(duels: int) -> None:
            self.post_message(self.Progress(duels))

        outcome = run_in_blocks(setup, lambda: worker.is_cancelled, advance)
        self.post_message(self.Finished(outcome))

    def on_duel_screen_progress(self, message: Progress) -> None:
        bar = self.query_one("#duel-progress", ProgressBar)
        bar.advance(message.duels)
        self.fought += message.duels
        if self.running:
            self.query_one(DuelResults).running(self.run_heading(int(bar.total or 0)))

    def on_duel_screen_finished(self, message: Finished) -> None:
        self.running = False
        if not message.outcome.results:
            self.show_problem("Stopped before any duel was fought.")
            self.query_one(DuelResults).running("Stopped before any duel was fought.")
            return
        self.outcome = message.outcome

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group == "duel" and event.state == WorkerState.ERROR:
            self.running = False
            self.show_problem(f"The duels stopped on an error: {event.worker.error}")
            self.query_one(DuelResults).running(f"The duels stopped on an error: "
                                                f"{event.worker.error}")

    def action_stop(self) -> None:
        if self.running:
            self.workers.cancel_group(self, "duel")
            self.show_problem("Stopping after the current block…")

    def action_back(self) -> None:
        """Escape stops a run first; pressed again (or with nothing running) it goes back."""
        if self.running:
            self.action_stop()
        else:
            self.app.pop_screen()

    def action_leave(self) -> None:
        self.workers.cancel_group(self, "duel")
        self.app.pop_screen()

    def watch_running(self, running: bool) -> None:
        self.query_one("#duel-run", Button).disabled = running or bool(self.own_problem)
        self.query_one("#duel-stop", Button).disabled = not running

    def watch_outcome(self, outcome: Outcome | None) -> None:
        if outcome is None:
            return
        self.remember()
        self.query_one("#duel-progress", ProgressBar).update(total=outcome.setup.runs,
                                                             progress=len(outcome.results))
        text = heading(outcome)
        if outcome.setup.matchup.a.design != self.evaluation.design:
            text += ("\nThese results are for the design as it was: it has changed since. "
                     "Ctrl+R runs the duels again.")
        self.query_one(DuelResults).show(text, outcome.setup.names, outcome.summary,
                                         outcome.results, outcome.setup.matchup.scenario.turn_limit,
                                         damage_words(self.evaluation.ruleset.duels))
        self.show_problem("")

    # One duel turn by turn ------------------------------------------------------------

    def action_log(self) -> None:
        """Duel 1 of the run shown, as `shipyard duel --log` shows it; before any run,
        duel 1 of the run the form describes. The title says which."""
        shown = self.outcome
        if shown is not None:
            setup = shown.setup
            which = (f"Duel 1 of the {setup.runs:,} duels shown (seed {setup.seed})")
        else:
            try:
                setup = self.setup()
            except ShipyardError as exc:
                self.show_problem(str(exc))
                return
            which = (f"Duel 1 of a run of {setup.runs:,} duels with seed {setup.seed} "
                     "(not run yet)")
        result = run_one(setup.matchup, duel_seed(setup.seed, 0), log=True)
        (a, b), matchup = setup.names, setup.matchup
        title = f"{which}: {a} ({matchup.policy_a}) against {b} ({matchup.policy_b})"
        self.app.push_screen(DuelLogScreen(title, result.log))
