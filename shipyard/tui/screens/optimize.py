"""The optimize screen: search for the best design a budget can buy, from the designer.

A face on `shipyard.services.optimize`, like `shipyard optimize`: the game
is the design being edited's, the opponents are its bundled samples within
the budget (the field). The search runs in a thread worker so the designer
stays responsive, and can be stopped; when it is done the best design, its
win rates and the comparison with the field are shown, and "Open as new
design" returns the design to the app (`dismiss`), which opens it as a new,
unsaved design.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Button, Input, Label, ProgressBar, Select, Static
from textual.worker import Worker, WorkerState, get_current_worker

from shipyard.core.errors import ShipyardError
from shipyard.core.neutral import Evaluation
from shipyard.core.protocol import duels_of
from shipyard.services.batch import Matchup, on_compiled
from shipyard.services.duel_setup import WORKERS, DuelProblem, whole_number
from shipyard.services.optimize import (
    Opponent,
    Optimized,
    OptimizeStopped,
    Settings,
    field_of,
    optimize,
    planned_duels,
)
from shipyard.services.scenarios import geometries, on_the
from shipyard.tui.engine import EngineLine
from shipyard.tui.notices import before_duels
from shipyard.tui.widgets.footer import KeysFooter
from shipyard.tui.widgets.geometry import chosen_geometry, geometry_fields
from shipyard.tui.widgets.title import TitleBar

GENERATIONS, RUNS, SEED = 5, 100, 1  # a quick search by default: the designer waits for it


def report(result: Optimized) -> str:
    """The result in plain lines: the design, its win rates, and the field compared."""
    best = result.best
    lines = [f"{best.label}: {best.evaluation.sheet.total} points, "
             f"{best.evaluation.ruleset.kind_words(best.evaluation)}",
             f"{result.duels} duels{on_the(duels_of(result.ruleset), result.settings.geometry)}"
             f", seed {result.settings.seed}", "",
             f"Win rate against each opponent ({result.settings.runs} fresh duels, 95% interval):"]
    for record in best.records:
        share = record.win_rate
        lines.append(f"  {record.opponent.label:<24} {share.share:6.1%}  "
                     f"({share.low:.1%} - {share.high:.1%})")
    lines += ["", "Mean win rate against the field:"]
    rows = sorted([("Found by this search", best.mean_win_rate),
                   *((m.label, m.mean_win_rate) for m in result.field)], key=lambda r: -r[1])
    lines += [f"  {label:<36} {share:6.1%}" for label, share in rows]
    lines += ["", "It beats the field." if result.beats_field else
              "A field design did better on the fresh duels."]
    return "\n".join(lines)


class OptimizeScreen(Screen[Any]):
    """The budget, generations, runs and seed on the left; progress and the result beside."""

    CSS_PATH = "duel.tcss"
    HELP_TITLE = "Optimize"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back / stop"),
        Binding("ctrl+r", "run", "Run"),
        Binding("ctrl+o", "open_design", "Open as new design"),
    ]

    running: reactive[bool] = reactive(False)
    stopping = False  # a stop asked for: the search ends after its current batch
    result: reactive[Optimized | None] = reactive(None)

    @dataclass
    class Progress(Message):
        """Some more duels are done, and perhaps the search moved on (from the worker)."""

        what: str
        duels: int

    @dataclass
    class Finished(Message):
        """The search ended: its result, or None if it was stopped."""

        result: Optimized | None

    def __init__(self, evaluation: Evaluation, budget: int | None) -> None:
        super().__init__()
        self.evaluation = evaluation
        self.report_text = ""  # the result as shown, once there is one
        self.stage = ""  # where the search is ("generation 2 of 5"), as last reported
        self.geometries = geometries(evaluation.ruleset.duels)  # offered if two or more
        self.where = ""  # where the run under way is fought, " on the map" ("": the default)
        ruleset = evaluation.ruleset
        own = ruleset.budget(evaluation.catalog)
        self.budget = budget if budget is not None else own if own is not None \
            else int(evaluation.sheet.total)

    def compose(self) -> ComposeResult:
        yield TitleBar()
        with Horizontal(id="duel-main"):
            with VerticalScroll(id="duel-setup"):
                yield Static(f"Search for the best design of {self.evaluation.ruleset.title} "
                             "within the budget, against the bundled samples that fit it.",
                             id="duel-own", markup=False)
                with Grid(id="duel-options"):
                    for key, label, value in (("budget", "Budget", self.budget),
                                              ("generations", "Generations", GENERATIONS),
                                              ("runs", "Runs", RUNS), ("seed", "Seed", SEED)):
                        yield Label(label)
                        yield Input(str(value), type="integer", id=f"optimize-{key}")
                    yield from geometry_fields(self.geometries, "", "optimize-geometry",
                                               "shipyard optimize")
                with Horizontal(id="duel-buttons"):
                    yield Button("Run", id="optimize-run", variant="primary",
                                 action="screen.run")
                    yield Button("Stop", id="optimize-stop", disabled=True,
                                 action="screen.stop")
                    yield Button("Open", id="optimize-open", disabled=True,
                                 action="screen.open_design", tooltip="Open as new design")
                yield Static("", id="optimize-stage", markup=False)
                yield ProgressBar(id="optimize-progress", show_eta=False)
                yield Static(id="duel-problem", markup=False)
                yield EngineLine(id="engine-line")
            with Vertical(id="duel-results"):
                yield Static("Ctrl+R runs the search; Ctrl+O opens the design found as a new "
                             "design.", id="optimize-result", markup=False)
        yield KeysFooter()

    def on_mount(self) -> None:
        self.sub_title = f"Optimize: the best design of {self.evaluation.ruleset.title}"
        self.query_one("#optimize-budget", Input).focus()

    def number(self, key: str, label: str, low: int | None) -> int:
        return whole_number(self.query_one(f"#optimize-{key}", Input).value, label, low)

    def geometry(self) -> str | None:
        """Where the form asks the duels to be fought, as `shipyard optimize --geometry`
        reads it: None for the game's default (or a game with one place to fight)."""
        if len(self.geometries) < 2:  # no select shown
            return None
        return chosen_geometry(self.geometries,
                               self.query_one("#optimize-geometry", Select).value)

    def show_problem(self, text: str) -> None:
        self.query_one("#duel-problem", Static).update(text)

    def show_heading(self, text: str) -> None:
        """The results pane: what the run under way is, or how it ended, until a result."""
        self.query_one("#optimize-result", Static).update(text)

    def action_run(self) -> None:
        if self.running:
            return
        ruleset = self.evaluation.ruleset
        try:
            settings = Settings(self.number("budget", "Budget", 0),
                                self.number("generations", "Generations", 1),
                                self.number("runs", "Runs", 1), self.number("seed", "Seed", None),
                                workers=WORKERS, geometry=self.geometry())
            opponents = field_of(ruleset, settings.budget)
            if not opponents:
                raise DuelProblem(f"No bundled {ruleset.title} sample costs {settings.budget} "
                                  "points or less: there is no field to fight.")
        except ShipyardError as exc:
            self.show_problem(str(exc))
            return
        self.show_problem("")
        total = planned_duels(settings, len(opponents), len(opponents))
        self.query_one("#optimize-progress", ProgressBar).update(total=total, progress=0)
        self.result = None
        self.stage = ""
        self.query_one("#optimize-stage", Static).update("Starting…")
        self.running = True
        self.stopping = False
        self.where = on_the(ruleset.duels, settings.geometry)
        self.show_heading(self.run_heading(settings))
        before_duels(self, self.evaluation, settings.geometry)
        self.search(settings, opponents)

    def run_heading(self, settings: Settings) -> str:
        """The results pane's heading while the search runs: the budget, where its duels
        are fought when that is not the game's default, and the seed."""
        line = (f"Searching for the best design within {settings.budget} points: duels"
                f"{self.where}, seed {settings.seed} (Escape stops).")
        if not on_compiled(Matchup(self.evaluation, self.evaluation,
                                   geometry=settings.geometry)):
            line += ("\nOn the reference engine: this geometry has no compiled one yet, so "
                     "the duels come more slowly.")
        return line

    @work(thread=True, exclusive=True, group="optimize", exit_on_error=False)
    def search(self, settings: Settings, opponents: list[Opponent]) -> None:
        """The whole search; a stop (or leaving the screen) ends it between two batches."""
        worker = get_current_worker()

        def advance(what: str, duels: int) -> None:
            self.post_message(self.Progress(what, duels))

        try:
            result: Optimized | None = optimize(self.evaluation.ruleset, opponents, settings,
                                                advance, lambda: worker.is_cancelled)
        except OptimizeStopped:
            result = None
        self.post_message(self.Finished(result))

    def on_optimize_screen_progress(self, message: Progress) -> None:
        if message.what:
            self.stage = message.what
            self.query_one("#optimize-stage", Static).update(message.what.capitalize())
        self.query_one("#optimize-progress", ProgressBar).advance(message.duels)

    def on_optimize_screen_finished(self, message: Finished) -> None:
        self.running = False
        stage = self.query_one("#optimize-stage", Static)
        if message.result is None:
            stopped = f"Stopped during {self.stage}" if self.stage else "Stopped"
            stage.update(stopped)
            self.show_problem("Stopped before the search was done: no design to open. "
                              "Ctrl+R searches again.")
            where = f", duels{self.where}" if self.where else ""
            self.show_heading(f"{stopped}{where}: no design found. Ctrl+R searches again.")
            return
        stage.update("Done")
        self.result = message.result

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group == "optimize" and event.state == WorkerState.ERROR:
            self.running = False
            self.show_problem(f"The search stopped on an error: {event.worker.error}")
            self.show_heading(f"The search stopped on an error: {event.worker.error}")

    def watch_running(self, running: bool) -> None:
        self.query_one("#optimize-run", Button).disabled = running
        self.query_one("#optimize-stop", Button).disabled = not running

    def watch_result(self, result: Optimized | None) -> None:
        self.query_one("#optimize-open", Button).disabled = result is None
        if result is not None:
            self.report_text = report(result)
            self.show_heading(self.report_text)

    def action_stop(self) -> None:
        if self.running:
            self.stopping = True
            self.workers.cancel_group(self, "optimize")
            self.show_problem("Stopping after the current batch of duels…")

    def action_back(self) -> None:
        """Escape stops a search first; pressed again (or with nothing running) it goes back,
        even while the search is still finishing its batch (it ends with the screen)."""
        if self.running and not self.stopping:
            self.action_stop()
        else:
            self.dismiss(None)

    def action_open_design(self) -> None:
        if self.result is not None:
            self.dismiss(self.result.best.evaluation.design)
        elif self.running:
            self.notify("The search is still running: its design can be opened when it is "
                        "done.")
        else:
            self.notify("No design found yet: Ctrl+R runs the search, Ctrl+O then opens "
                        "its best design.")

    @on(Input.Submitted)
    def submitted(self) -> None:
        self.action_run()
