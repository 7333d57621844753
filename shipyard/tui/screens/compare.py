"""The compare screen: designs side by side, then a head-to-head or a small tournament.

A face on `services.compare` and the duel services, like `shipyard compare`
and `shipyard tournament`: the same rows, the same seeds, the same figures.
It starts with the design being edited; A adds a sample or a file. The duels
run in a thread worker on this one process (forking a threaded terminal app
is unsafe), with a progress bar and a Stop; the results come with a chart.
A game that fights in more than one place offers a Geometry select: the
head-to-head and the tournament are fought there, and their headings say so.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.message import Message
from textual.widgets import (
    DataTable,
    Input,
    OptionList,
    ProgressBar,
    Select,
    Static,
    TabbedContent,
    TabPane,
)
from textual.widgets.option_list import Option
from textual.worker import Worker, WorkerState, get_current_worker

from shipyard.core.errors import ShipyardError
from shipyard.core.neutral import Evaluation
from shipyard.core.outcome import DuelScenario
from shipyard.core.protocol import duels_of
from shipyard.services.batch import Matchup, on_compiled
from shipyard.services.compare import check_comparable, compare
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
from shipyard.services.scenarios import geometries
from shipyard.services.tournament import Entrant, Tournament, pairings, run_tournament
from shipyard.tui.host import host_of
from shipyard.tui.notices import before_duels
from shipyard.tui.screens.compare_setup import GEOMETRY, setup_pane
from shipyard.tui.screens.dialogs import ListDialog
from shipyard.tui.screens.fleet_add import AddDesignDialog
from shipyard.tui.screens.running import RunScreen
from shipyard.tui.widgets.compare_table import fill_table, labels_of
from shipyard.tui.widgets.duel_chart import DuelResults
from shipyard.tui.widgets.footer import KeysFooter
from shipyard.tui.widgets.geometry import chosen_geometry
from shipyard.tui.widgets.title import TitleBar
from shipyard.tui.widgets.tournament_chart import TournamentResults

THIS = "this design"
HINT = ("Ctrl+R: a head-to-head of two designs (with more, you pick the pair). Ctrl+G: a "
        "tournament of them all.")
COMPARE_DIALOG = "compare-dialog"  # the worker group of this screen's dialogs, one at a time


class Stopped(Exception):
    """Raised in the worker's progress callback when the run is stopped."""


@dataclass(frozen=True)
class FieldRun:
    entrants: tuple[Entrant, ...]
    runs: int
    seed: int
    policy: str
    scenario: DuelScenario
    geometry: str | None = None  # None: the game's default


class CompareScreen(RunScreen):
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
    GROUP = "compare"
    RUN_BUTTONS = ("h2h", "field")

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
        self.picked: list[tuple[str, Evaluation]] = [(THIS, current)]
        self.entries: list[int] = [0]  # one number per design picked, never reused
        self.added = 1
        self.results_of: tuple[int, ...] = ()  # the designs the Duels tab shows results of
        self.running_with: tuple[int, ...] = ()  # the designs of the run under way
        self.fought = 0  # duels of the run under way fought so far
        self.geometries = geometries(current.ruleset.duels)  # offered if two or more
        self.compiled = True  # whether the run under way has a compiled engine

    def compose(self) -> ComposeResult:
        yield TitleBar()
        with Horizontal(id="compare-main"):
            yield setup_pane(self.geometries)
            with TabbedContent(id="compare-tabs"):
                with TabPane("Side by side", id="compare-side"):
                    yield DataTable(id="compare-table", zebra_stripes=True,
                                    cursor_type="row")
                with TabPane("Duels", id="compare-duels"):
                    yield Static(HINT, id="compare-hint", markup=False)
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
        for label, (_, evaluation) in zip(self.labels, self.picked, strict=True):
            text = Text(label, style="" if evaluation.legal else "red")
            text.append(f"  {evaluation.sheet.total} pts", style="dim")
            if not evaluation.legal:
                text.append(" illegal", style="red")
            designs.add_option(Option(text))
        if self.picked:
            designs.highlighted = min(highlighted or 0, len(self.picked) - 1)
        table = self.query_one("#compare-table", DataTable)
        table.clear(columns=True)
        if len(self.picked) < 2:
            table.add_column("Press a to add a second design and set them side by side.")
            return
        try:
            check_comparable([source for source, _ in self.picked], self.evaluations)
        except ShipyardError as exc:
            table.add_column(str(exc))
            return
        fill_table(table, self.labels, compare(self.evaluations))

    @work(group=COMPARE_DIALOG)
    async def action_add(self) -> None:
        if host_of(self).asking_already(COMPARE_DIALOG):
            return
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
        self.pick(answer, evaluation)

    def pick(self, source: str, evaluation: Evaluation) -> None:
        self.picked.append((source, evaluation))
        self.entries.append(self.added)
        self.added += 1
        self.refresh_view()

    def action_add_current(self) -> None:
        if any(source == THIS for source, _ in self.picked):
            self.notify("The design being edited is already in the list.")
            return
        self.pick(THIS, self.current)

    def action_remove(self) -> None:
        index = self.query_one("#compare-designs", OptionList).highlighted
        if index is not None and 0 <= index < len(self.picked):
            del self.picked[index]
            gone = self.entries.pop(index)
            if gone in self.results_of:
                self.clear_results()
            self.refresh_view()

    def clear_results(self) -> None:
        """The Duels tab back to its hint: its results were for a design no longer listed."""
        self.results_of = ()
        self.query_one(DuelResults).display = False
        self.query_one(TournamentResults).display = False
        hint = self.query_one("#compare-hint", Static)
        hint.update(HINT)
        hint.display = True

    # Duels -------------------------------------------------------------------------

    def show_problem(self, text: str) -> None:
        self.query_one("#compare-problem", Static).update(text)

    def ready(self, meeting: Sequence[int] | None = None) -> tuple[int, int, DuelScenario]:
        """Runs, seed and the game's duel scenario for the designs `meeting` (all of them
        if None); `ShipyardError` says what is wrong."""
        if len(self.picked) < 2:
            raise DuelProblem("Pick two designs or more first (a adds one).")
        check_comparable([source for source, _ in self.picked], self.evaluations)
        for index in range(len(self.picked)) if meeting is None else meeting:
            if not self.evaluations[index].legal:
                raise DuelProblem(illegal_line(self.labels[index], self.evaluations[index]))
        runs = whole_number(self.query_one("#compare-runs", Input).value, "Runs", 1)
        seed = whole_number(self.query_one("#compare-seed", Input).value, "Seed", None)
        return runs, seed, duels_of(self.evaluations[0].ruleset).duel_defaults(
            self.evaluations[0].catalog)

    def geometry(self) -> str | None:
        """Where the duels are to be fought, as `--geometry` reads it: None for the game's
        default (or a game with one place to fight, which shows no select)."""
        if len(self.geometries) < 2:
            return None
        return chosen_geometry(self.geometries, self.query_one(f"#{GEOMETRY}", Select).value)

    def start(self, total: int, entries: tuple[int, ...], where: str | None) -> None:
        """A run starts (on `where`): the Duels tab says so (and counts the duels), no
        older results; the first duel may wait for the fast engine to compile."""
        self.show_problem("")
        first = self.evaluations[0]
        self.compiled = on_compiled(Matchup(first, first, geometry=where))
        before_duels(self, first, where)
        self.query_one("#compare-progress", ProgressBar).update(total=total, progress=0)
        self.running = True
        self.running_with = entries
        self.clear_results()
        self.fought = 0
        self.show_running(total)
        self.query_one(TabbedContent).active = "compare-duels"

    def show_running(self, total: int) -> None:
        line = f"Running: {self.fought} of {total} duels fought (Escape stops)."
        if not self.compiled:
            line += ("\nOn the reference engine: this geometry has no compiled one yet, so "
                     "the duels come more slowly.")
        self.query_one("#compare-hint", Static).update(line)

    @work(group=COMPARE_DIALOG)
    async def action_head_to_head(self) -> None:
        """Two designs: they meet. More: the player picks the pair first."""
        if host_of(self).asking_already(COMPARE_DIALOG):
            return
        if self.running:
            return
        pair = (0, 1)
        if len(self.picked) > 2:
            labels = self.labels
            pairs = [(i, j) for i in range(len(labels)) for j in range(i + 1, len(labels))]
            chosen = await host_of(self).ask(ListDialog(
                "Head to head: Enter on the pair that meets",
                [f"{labels[i]}  against  {labels[j]}" for i, j in pairs]))
            if chosen is None or self.running:
                return
            pair = pairs[chosen]
        try:
            runs, seed, scenario = self.ready(pair)
        except ShipyardError as exc:
            self.show_problem(str(exc))
            return
        a, b = (self.evaluations[i] for i in pair)
        policy, where = duels_of(a.ruleset).policies[0], self.geometry()
        self.start(runs, tuple(self.entries[i] for i in pair), where)
        self.run_duels(Setup(Matchup(a, b, policy, policy, scenario, geometry=where), runs,
                             seed))

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
        where = self.geometry()
        self.start(runs * len(pairings(len(entrants))), tuple(self.entries), where)
        policy = duels_of(self.evaluations[0].ruleset).policies[0]
        self.run_field(FieldRun(entrants, runs, seed, policy, scenario, where))

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
                                        field.policy, field.scenario, progress=advance,
                                        geometry=field.geometry)
        except Stopped:
            self.post_message(self.FieldDone(None))
            return
        self.post_message(self.FieldDone(tournament))

    def on_compare_screen_progress(self, message: Progress) -> None:
        bar = self.query_one("#compare-progress", ProgressBar)
        bar.advance(message.duels)
        self.fought += message.duels
        if self.running:
            self.show_running(int(bar.total or 0))

    def on_compare_screen_duels_done(self, message: DuelsDone) -> None:
        self.running = False
        outcome = message.outcome
        if not outcome.results:
            self.show_problem("Stopped before any duel was fought.")
            self.clear_results()
            return
        if not set(self.running_with) <= set(self.entries):
            self.show_problem("The duels were for a design no longer listed: not shown.")
            return
        self.results_of = self.running_with
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
            self.clear_results()
            return
        if not set(self.running_with) <= set(self.entries):
            self.show_problem("The tournament was for a design no longer listed: not shown.")
            return
        self.results_of = self.running_with
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
            self.clear_results()

    @on(Input.Submitted, "#compare-options Input")
    def _submitted(self) -> None:
        if len(self.picked) == 2:
            self.action_head_to_head()
        else:
            self.action_tournament()

