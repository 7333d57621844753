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

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.message import Message
from textual.reactive import reactive
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Static
from textual.worker import Worker, WorkerState, get_current_worker

from shipyard.core.dice import duel_seed
from shipyard.core.errors import ShipyardError
from shipyard.core.neutral import Evaluation
from shipyard.core.outcome import DuelScenario
from shipyard.core.protocol import duels_of
from shipyard.core.visible import visible
from shipyard.services.batch import Matchup, on_compiled, run_one
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
)
from shipyard.services.samples import PREFIX, sample_name, sample_paths
from shipyard.services.scenarios import damage_words, geometries, pick, presets, start_for
from shipyard.tui.notices import before_duels
from shipyard.tui.screens.setup_form import GAME, SetupScreen, SetupWords, form_keys
from shipyard.tui.widgets.duel_chart import DuelResults
from shipyard.tui.widgets.footer import KeysFooter
from shipyard.tui.widgets.title import TitleBar


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


class DuelScreen(SetupScreen):
    """Choose an opponent and the options on the left; the results appear on the right."""

    CSS_PATH = "duel.tcss"
    BINDINGS: ClassVar[list[BindingType]] = form_keys("Back to the designer", "Run", "Duel log")
    GROUP = "duel"
    WORDS = SetupWords(
        sample_prompt="a bundled sample", placeholder="sample:NAME or path/to/design.ship.json",
        runs="Runs", policies=("Your policy", "Opponent's"), run="Run", one="duel",
        numbers=dict(zip(MINIMUM, ("Runs", "Seed", "Start range", "Turn limit", "Your speed",
                                   "Opponent's speed"), strict=True)),
        minimum=MINIMUM)

    outcome: reactive[Outcome | None] = reactive(None)

    @dataclass
    class Finished(Message):
        """The run ended, all of it or up to the block where it was stopped."""

        outcome: Outcome

    def __init__(self, evaluation: Evaluation) -> None:
        super().__init__()
        self.evaluation = evaluation
        self.combat_problem = ""
        duels = evaluation.ruleset.duels
        self.policies = duels.policies if duels is not None else ()
        self.geometries = geometries(duels)
        self.compiled = True  # the run under way has a compiled engine (else: the reference)
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

    def cannot_run(self) -> bool:
        return bool(self.own_problem)

    @property
    def last(self) -> LastDuel | None:
        """What the screen showed when last left in this session, if it was, for this game
        (after switching game, the other game's opponent and results are not offered)."""
        last: Any = getattr(self.app, LAST_DUEL, None)  # the app does not declare it
        if not isinstance(last, LastDuel) or last.form.get(GAME) != self.evaluation.ruleset.name:
            return None
        return last

    # The form's hooks -------------------------------------------------------------

    def samples(self) -> list[tuple[str, str]]:
        own = sample_paths(self.evaluation.ruleset.name)  # a design duels its own game only
        return [(sample_name(p), f"{PREFIX}{sample_name(p)}") for p in own]

    def initial_form(self, samples: list[tuple[str, str]]) -> dict[str, str]:
        first = DEFAULT_OPPONENT if any(v == DEFAULT_OPPONENT for _, v in samples) else \
            (samples[0][1] if samples else "")
        form = {"sample": first, "opponent": first, "runs": str(RUNS), "seed": str(SEED),
                **self.start_form(), "geometry": "", "policy-a": POLICY, "policy-b": POLICY} \
            | (self.last.form if self.last else {})
        return self.settled(form, samples, first)

    def first_total(self, form: dict[str, str]) -> int:
        return RUNS

    def results_pane(self) -> Widget:
        return DuelResults(id="duel-results")

    def results(self) -> DuelResults:
        return self.query_one(DuelResults)

    def ruleset_name(self) -> str:
        return self.evaluation.ruleset.name

    def keep(self, form: dict[str, str]) -> None:
        outcome = self.outcome or (self.last.outcome if self.last else None)
        setattr(self.app, LAST_DUEL, LastDuel(form, outcome))

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
        try:
            opponent = load_opponent(self.value("opponent"), self.evaluation.design.ruleset)
        except ShipyardError as exc:
            self.say_opponent(str(exc), False)
            return None
        self.say_opponent(f"{visible(opponent.design.name) or '(unnamed)'}: "
                          f"{opponent.sheet.total} points", True)
        return opponent

    # Setting up ------------------------------------------------------------------

    def policy(self, key: str) -> str:
        value = self.value(key)
        if value not in self.policies:
            raise DuelProblem(f"unknown policy (known: {', '.join(self.policies)})")
        return value

    def setup(self) -> Setup:
        """The run the form describes; `ShipyardError` says in one line what is wrong."""
        if self.own_problem:
            raise DuelProblem(self.own_problem)
        opponent = self.check_opponent()
        if opponent is None:
            raise DuelProblem("Choose an opponent that can duel (see above).")
        number = self.numbers()
        scenario = self.scenario(number)
        matchup = Matchup(self.evaluation, opponent, self.policy("policy-a"),
                          self.policy("policy-b"), scenario(opponent),
                          geometry=self.geometry())
        return Setup(matchup, number["runs"], number["seed"])

    def scenario(self, number: dict[str, int]) -> Callable[[Evaluation], DuelScenario]:
        """The start the form asks for, as `shipyard duel --scenario --range --speed-a
        --speed-b --turns` reads it; a value left as the preset has it is not "asked"."""
        duels = duels_of(self.evaluation.ruleset)
        picked = pick(duels, self.evaluation.catalog, *self.asked(number))
        return lambda opponent: start_for(duels, picked, self.evaluation, opponent)

    # Running ---------------------------------------------------------------------

    def action_run(self) -> None:
        if self.running:
            return
        try:
            setup = self.setup()
        except ShipyardError as exc:
            self.show_problem(str(exc))
            return
        self.compiled = on_compiled(setup.matchup)
        self.begin(setup.runs)
        before_duels(self, setup.matchup.a, setup.matchup.geometry)
        self.run_duels(setup)

    def run_heading(self, runs: int) -> str:
        """The results pane's heading while the duels run: how many are fought so far."""
        line = f"Running: {self.fought} of {runs} duels fought (Escape stops)."
        if not self.compiled:
            line += ("\nOn the reference engine: this geometry has no compiled one yet, so "
                     "the duels come more slowly.")
        elif getattr(self.app, "engine_state", "") in ("compiling", "cold"):
            line += ("\nOn the reference engine while the fast one compiles: the same "
                     "duels, more slowly.")
        return line

    @work(thread=True, exclusive=True, group="duel", exit_on_error=False)
    def run_duels(self, setup: Setup) -> None:
        """Run the duels block by block; a stop (or leaving the screen) ends it between blocks."""
        worker = get_current_worker()
        outcome = run_in_blocks(setup, lambda: worker.is_cancelled, self.progressed)
        self.post_message(self.Finished(outcome))

    def on_duel_screen_finished(self, message: Finished) -> None:
        if self.ended(len(message.outcome.results)):
            self.outcome = message.outcome

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group == "duel" and event.state == WorkerState.ERROR:
            self.running = False
            self.show_problem(f"The duels stopped on an error: {event.worker.error}")
            self.query_one(DuelResults).running(f"The duels stopped on an error: "
                                                f"{event.worker.error}")

    def watch_outcome(self, outcome: Outcome | None) -> None:
        if outcome is None:
            return
        self.shown(outcome.setup.runs, len(outcome.results))
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
