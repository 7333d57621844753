"""The compare screen: designs side by side, then a head-to-head or a small tournament.

A face on `services.compare` and the duel services, like `shipyard compare`
and `shipyard tournament`: the same rows, the same seeds, the same figures.
It starts with the design being edited; A adds a sample or a file. The duels
run in a thread worker on this one process (forking a threaded terminal app
is unsafe), with a progress bar and a Stop; the results come with a chart.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Horizontal, VerticalScroll
from textual.message import Message
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import (
    Button,
    DataTable,
    Header,
    Input,
    Label,
    OptionList,
    ProgressBar,
    Static,
    TabbedContent,
    TabPane,
)
from textual.widgets.option_list import Option
from textual.worker import Worker, WorkerState, get_current_worker

from shipyard.core.errors import ShipyardError
from shipyard.core.outcome import DuelScenario
from shipyard.core.protocol import Evaluation
from shipyard.services.batch import Matchup
from shipyard.services.compare import Row, Value, check_comparable, compare
from shipyard.services.duel_setup import (
    WORKERS,
    DuelProblem,
    Outcome,
    Setup,
    heading,
    illegal_line,
    run_in_blocks,
    whole_number,
)
from shipyard.services.registry import evaluate, read_design
from shipyard.services.samples import resolve
from shipyard.services.tournament import Entrant, Tournament, pairings, run_tournament
from shipyard.tui.host import host_of
from shipyard.tui.notices import before_duels
from shipyard.tui.screens.fleet import AddDesignDialog
from shipyard.tui.widgets.duel_chart import DuelResults
from shipyard.tui.widgets.footer import KeysFooter
from shipyard.tui.widgets.tournament_chart import TournamentResults

SECTION_TITLES = {"figures": "Figures", "boxes": "Boxes per system", "points": "Points per group"}
RUNS, SEED = 100, 1  # a small run: a few seconds on one process


def cell(value: Value) -> str:
    """A figure as `shipyard compare` prints it."""
    if isinstance(value, Fraction) and value.denominator != 1:
        return f"{float(value):.2f}"
    return "-" if value is None else str(value)


def labels_of(picked: list[tuple[str, Evaluation]]) -> list[str]:
    """Column titles: the design's name, told apart by its source when two share one."""
    names = [e.design.name or source for source, e in picked]
    return [name if names.count(name) == 1 else f"{name} ({source})"
            for name, (source, _) in zip(names, picked, strict=True)]


class Stopped(Exception):
    """Raised in the worker's progress callback when the run is stopped."""


@dataclass(frozen=True)
class FieldRun:
    entrants: tuple[Entrant, ...]
    runs: int
    seed: int
    policy: str
    scenario: DuelScenario


class CompareScreen(Screen[None]):
    """The designs and the duel options on the left; the table and the duels on the right."""

    HELP_TITLE = "Compare"
    CSS_PATH = ["duel.tcss"]  # noqa: RUF012  (the duel results' layout)
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back"),
        Binding("f9", "leave", "Back to the designer", show=False),
        Binding("a", "add", "Add"),
        Binding("d", "add_current", "Add this design", show=False),
        Binding("delete", "remove", "Remove design", show=False),
        Binding("ctrl+r", "head_to_head", "Head to head"),
        Binding("ctrl+g", "tournament", "Tournament"),
    ]

    running: reactive[bool] = reactive(False)

    @dataclass
    class Progress(Message):
        duels: int

    @dataclass
    class DuelsDone(Message):
        outcome: Outcome

    @dataclass
    class FieldDone(Message):
        tournament: Tournament | None

    def __init__(self, current: Evaluation) -> None:
        super().__init__(id="compare")
        self.current = current
        self.picked: list[tuple[str, Evaluation]] = [("this design", current)]

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="compare-main"):
            with VerticalScroll(id="compare-setup"):
                yield Static("Designs", classes="section")
                yield OptionList(id="compare-designs")
                with Horizontal(classes="compare-buttons"):
                    yield Button("Add", id="compare-add", action="screen.add", compact=True,
                                 variant="primary")
                    yield Button("This", id="compare-this", action="screen.add_current",
                                 compact=True)
                    yield Button("Remove", id="compare-remove", action="screen.remove",
                                 compact=True)
                yield Static("Duels", classes="section")
                with Grid(id="compare-options"):
                    yield Label("Runs")
                    yield Input(str(RUNS), type="integer", id="compare-runs")
                    yield Label("Seed")
                    yield Input(str(SEED), type="integer", id="compare-seed")
                with Horizontal(classes="compare-buttons"):
                    yield Button("Head to head", id="compare-h2h", compact=True,
                                 action="screen.head_to_head")
                    yield Button("Tournament", id="compare-field", compact=True,
                                 action="screen.tournament")
                with Horizontal(classes="compare-buttons"):
                    yield Button("Stop", id="compare-stop", compact=True, disabled=True,
                                 action="screen.stop")
                    yield ProgressBar(RUNS, id="compare-progress", show_eta=False)
                yield Static(id="compare-problem", markup=False)
            with TabbedContent(id="compare-tabs"):
                with TabPane("Side by side", id="compare-side"):
                    yield DataTable(id="compare-table", zebra_stripes=True,
                                    cursor_type="row")
                with TabPane("Duels", id="compare-duels"):
                    yield Static("Pick two designs for a head-to-head (Ctrl+R), or two or "
                                 "more for a tournament (Ctrl+G).", id="compare-hint",
                                 markup=False)
                    yield DuelResults(id="duel-results")
                    yield TournamentResults(id="tournament-results")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.sub_title = "Compare designs"
        self.query_one(DuelResults).display = False
        self.query_one(TournamentResults).display = False
        self.refresh_view()
        self.query_one("#compare-designs").focus()

    # The designs and the table ------------------------------------------------------

    @property
    def labels(self) -> list[str]:
        return labels_of(self.picked)

    @property
    def evaluations(self) -> list[Evaluation]:
        return [evaluation for _, evaluation in self.picked]

    def refresh_view(self) -> None:
        designs = self.query_one("#compare-designs", OptionList)
        highlighted = designs.highlighted
        designs.clear_options()
        for label, (source, evaluation) in zip(self.labels, self.picked, strict=True):
            text = Text(label, style="" if evaluation.legal else "red")
            text.append(f"  {evaluation.sheet.total} pts", style="dim")
            if not evaluation.legal:
                text.append(" illegal", style="red")
            designs.add_option(Option(text, id=source))
        if self.picked:
            designs.highlighted = min(highlighted or 0, len(self.picked) - 1)
        table = self.query_one("#compare-table", DataTable)
        table.clear(columns=True)
        if len(self.picked) < 2:
            table.add_column("Add a second design (A) to set them side by side.")
            return
        try:
            check_comparable([source for source, _ in self.picked], self.evaluations)
        except ShipyardError as exc:
            table.add_column(str(exc))
            return
        self.fill_table(table, compare(self.evaluations))

    def fill_table(self, table: DataTable[Text], rows: list[Row]) -> None:
        """One column per design; a figure where the designs differ is marked * in yellow."""
        names = [2 + len(row.key) for row in rows] + \
            [len(SECTION_TITLES.get(row.section, row.section)) for row in rows]
        table.add_column("Figure", key="figure", width=max([len("Figure"), *names]))
        for index, label in enumerate(self.labels):
            values = [len(cell(v)) for row in rows for v in row.values[index:index + 1]]
            table.add_column(label, key=f"design-{index}", width=max([len(label), *values]))
        section = ""
        for row in rows:
            if row.section != section:
                section = row.section
                table.add_row(Text(SECTION_TITLES.get(section, section), style="bold"),
                              *[Text("") for _ in self.labels])
            style = "yellow" if row.differs else ""
            figure = Text("* " if row.differs else "  ", style=style)
            figure.append(row.key.replace("_", " "))
            table.add_row(figure,
                          *[Text(cell(v), style=style, justify="right") for v in row.values],
                          key=f"{row.section}:{row.key}")

    @work(exclusive=True, group="compare-dialog")
    async def action_add(self) -> None:
        answer = await host_of(self).ask(
            AddDesignDialog(self.current.design.ruleset, "Compare with"))
        if not answer:
            return
        try:
            path = resolve(answer).expanduser()
            evaluation = evaluate(read_design(path), file=str(path))
        except ShipyardError as exc:
            self.notify(str(exc), title="Cannot add", severity="error")
            return
        self.picked.append((answer, evaluation))
        self.refresh_view()

    def action_add_current(self) -> None:
        self.picked.append(("this design", self.current))
        self.refresh_view()

    def action_remove(self) -> None:
        index = self.query_one("#compare-designs", OptionList).highlighted
        if index is not None and 0 <= index < len(self.picked):
            del self.picked[index]
            self.refresh_view()

    # Duels -------------------------------------------------------------------------

    def show_problem(self, text: str) -> None:
        self.query_one("#compare-problem", Static).update(text)

    def ready(self) -> tuple[int, int, DuelScenario]:
        """Runs, seed and the game's duel scenario; `ShipyardError` says what is wrong."""
        if len(self.picked) < 2:
            raise DuelProblem("Pick two designs or more first (A adds one).")
        check_comparable([source for source, _ in self.picked], self.evaluations)
        for label, evaluation in zip(self.labels, self.evaluations, strict=True):
            if not evaluation.legal:
                raise DuelProblem(illegal_line(label, evaluation))
        runs = whole_number(self.query_one("#compare-runs", Input).value, "Runs", 1)
        seed = whole_number(self.query_one("#compare-seed", Input).value, "Seed", None)
        return runs, seed, self.evaluations[0].ruleset.duel_defaults()

    def start(self, total: int) -> None:
        self.show_problem("")
        self.query_one("#compare-progress", ProgressBar).update(total=total, progress=0)
        self.running = True

    def action_head_to_head(self) -> None:
        if self.running:
            return
        try:
            runs, seed, scenario = self.ready()
            if len(self.picked) != 2:
                raise DuelProblem("A head-to-head takes two designs: remove the others, "
                                  "or run a tournament (Ctrl+G).")
        except ShipyardError as exc:
            self.show_problem(str(exc))
            return
        a, b = self.evaluations
        policy = a.ruleset.policies[0]
        self.start(runs)
        before_duels(self, a)
        self.run_duels(Setup(Matchup(a, b, policy, policy, scenario), runs, seed))

    def action_tournament(self) -> None:
        if self.running:
            return
        try:
            runs, seed, scenario = self.ready()
        except ShipyardError as exc:
            self.show_problem(str(exc))
            return
        entrants = tuple(Entrant(label, evaluation)
                         for label, evaluation in zip(self.labels, self.evaluations,
                                                      strict=True))
        self.start(runs * len(pairings(len(entrants))))
        self.run_field(FieldRun(entrants, runs, seed, self.evaluations[0].ruleset.policies[0],
                                scenario))

    @work(thread=True, exclusive=True, group="compare", exit_on_error=False)
    def run_duels(self, setup: Setup) -> None:
        """The head-to-head, block by block, as the duel screen runs it."""
        worker = get_current_worker()

        def advance(duels: int) -> None:
            self.post_message(self.Progress(duels))

        outcome = run_in_blocks(setup, lambda: worker.is_cancelled, advance)
        self.post_message(self.DuelsDone(outcome))

    @work(thread=True, exclusive=True, group="compare", exit_on_error=False)
    def run_field(self, field: FieldRun) -> None:
        """Every pair plays; a stop ends it at the next report of progress, with no result."""
        worker = get_current_worker()

        def advance(duels: int) -> None:
            if worker.is_cancelled:
                raise Stopped
            self.post_message(self.Progress(duels))

        try:
            tournament = run_tournament(field.entrants, field.runs, field.seed, WORKERS,
                                        field.policy, field.scenario, progress=advance)
        except Stopped:
            self.post_message(self.FieldDone(None))
            return
        self.post_message(self.FieldDone(tournament))

    def on_compare_screen_progress(self, message: Progress) -> None:
        self.query_one("#compare-progress", ProgressBar).advance(message.duels)

    def on_compare_screen_duels_done(self, message: DuelsDone) -> None:
        self.running = False
        outcome = message.outcome
        if not outcome.results:
            self.show_problem("Stopped before any duel was fought.")
            return
        self.query_one(TournamentResults).display = False
        self.query_one("#compare-hint").display = False
        results = self.query_one(DuelResults)
        results.display = True
        results.show(heading(outcome), outcome.setup.names, outcome.summary, outcome.results,
                     outcome.setup.matchup.scenario.turn_limit)
        self.query_one(TabbedContent).active = "compare-duels"

    def on_compare_screen_field_done(self, message: FieldDone) -> None:
        self.running = False
        if message.tournament is None:
            self.show_problem("Stopped: a tournament shows its ranking only when every "
                              "pair has played.")
            return
        self.query_one(DuelResults).display = False
        self.query_one("#compare-hint").display = False
        results = self.query_one(TournamentResults)
        results.display = True
        results.show(message.tournament)
        self.query_one(TabbedContent).active = "compare-duels"

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group == "compare" and event.state == WorkerState.ERROR:
            self.running = False
            self.show_problem(f"The duels stopped on an error: {event.worker.error}")

    def watch_running(self, running: bool) -> None:
        for ident in ("#compare-h2h", "#compare-field"):
            self.query_one(ident, Button).disabled = running
        self.query_one("#compare-stop", Button).disabled = not running

    def action_stop(self) -> None:
        if self.running:
            self.workers.cancel_group(self, "compare")
            self.show_problem("Stopping…")

    def action_back(self) -> None:
        if self.running:
            self.action_stop()
        else:
            self.app.pop_screen()

    def action_leave(self) -> None:
        self.workers.cancel_group(self, "compare")
        self.app.pop_screen()

    @on(Input.Submitted, "#compare-options Input")
    def _submitted(self) -> None:
        self.action_head_to_head() if len(self.picked) == 2 else self.action_tournament()
