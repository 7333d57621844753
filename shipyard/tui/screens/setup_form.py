"""The setup form of the duel and battle screens: an opponent, the options, the buttons.

Both screens lay out one form on their left, each in its own words and with ids
that begin with its own name ("duel-runs", "battle-runs"): the opponent (a bundled
one picked from a list, or a file typed), the options (how many, the seed, the
start: a preset of the game, the start range, both speeds and the turn limit,
where the run is fought when the game offers more than one geometry, and both
sides' policies), the buttons, the progress bar and the problem line. The
form is read and checked here the same way for both, each number in the words of
the screen's command (`shipyard duel`, `shipyard battle`), and the results pane on
the right is told how far the run is. What a screen adds (the battle's budget, its
battle number, its draft tick box and its replay) it adds through the hooks.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import ClassVar, Protocol

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Horizontal, VerticalScroll
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Input, Label, ProgressBar, Select, Static

from shipyard.core.outcome import DuelScenario
from shipyard.services.duel_setup import whole_number
from shipyard.tui.engine import EngineLine
from shipyard.tui.screens.running import RunScreen
from shipyard.tui.widgets.footer import KeysFooter
from shipyard.tui.widgets.geometry import chosen_geometry, geometry_fields
from shipyard.tui.widgets.title import TitleBar

NUMBERS = ("runs", "seed", "range", "turns", "speed-a", "speed-b")  # checked in this order
GAME = "game"  # the key of the remembered form that names the game it was for
# The start's fields, with their labels, in the order the options grid shows them.
START = (("range", "Start range"), ("speed-a", "Your speed"), ("speed-b", "Their speed"),
         ("turns", "Turn limit"))
Asked = tuple[str | None, int | None, int, tuple[int | None, int | None]]


def form_keys(leave: str, run: str, log: str) -> list[BindingType]:
    """The keys of a screen with the setup form, in its words: Escape stops a run or goes
    back, F4 leaves (stopping any run), Ctrl+R runs, Ctrl+L shows the log of one."""
    return [Binding("escape", "back", "Back / stop"),
            Binding("f4", "leave", leave, show=False),
            Binding("ctrl+r", "run", run),
            Binding("ctrl+l", "log", log)]


@dataclass(frozen=True)
class SetupWords:
    """What one screen calls the parts of its form, and the least each number may be."""

    sample_prompt: str  # the bundled list's prompt
    placeholder: str  # what the opponent's input says while empty
    runs: str  # the label of "runs": how many duels or battles
    policies: tuple[str, str]  # the labels of both sides' policies
    run: str  # the run button's label
    one: str  # one of what is run: "duel", "battle"
    numbers: Mapping[str, str]  # the label a number's problem line begins with, by key
    minimum: Mapping[str, int | None]  # the least of each of `NUMBERS` (None: any)


class Results(Protocol):
    """The results pane, while a run is under way."""

    def begin(self, heading: str) -> None: ...

    def running(self, heading: str) -> None: ...


class SetupScreen(RunScreen):
    """A screen with the setup form on its left; `WORDS` says it in the screen's words."""

    WORDS: ClassVar[SetupWords]
    STOPPING = "Stopping after the current block…"

    @dataclass
    class Progress(Message):
        """Some more duels or battles of the run are done (sent from the worker thread)."""

        count: int

    def __init__(self) -> None:
        super().__init__()
        self.fought = 0  # duels or battles of the run under way fought so far
        self.policies: tuple[str, ...] = ()
        self.defaults = DuelScenario()
        self.presets: dict[str, DuelScenario] = {}
        self.geometries: tuple[str, ...] = ()  # where a run may be fought (offered if two+)
        self.shown_scenario = ""  # the preset whose start the fields were last given

    # Hooks ------------------------------------------------------------------------

    def samples(self) -> list[tuple[str, str]]:
        """The bundled opponents: (name, what the opponent's input takes)."""
        raise NotImplementedError

    def initial_form(self, samples: list[tuple[str, str]]) -> dict[str, str]:
        """The form to show, by key ("" for no choice)."""
        raise NotImplementedError

    def more_options(self, form: dict[str, str]) -> ComposeResult:
        """The screen's own options, after the policies in the options grid."""
        yield from ()

    def under_options(self, form: dict[str, str]) -> ComposeResult:
        """What the screen shows between the options grid and the buttons."""
        yield from ()

    def more_buttons(self) -> ComposeResult:
        """The screen's own buttons, after Log."""
        yield from ()

    def first_total(self, form: dict[str, str]) -> int:
        """The progress bar's total before any run."""
        raise NotImplementedError

    def results_pane(self) -> Widget:
        """The results on the right (a new widget, for `compose`)."""
        raise NotImplementedError

    def results(self) -> Results:
        """The results on the right, as shown."""
        raise NotImplementedError

    def check_opponent(self) -> object:
        """Read the opponent in the input and say in one line what it is or what is wrong."""
        raise NotImplementedError

    def action_run(self) -> None:
        raise NotImplementedError

    def keep(self, form: dict[str, str]) -> None:
        """Keep the form (and the outcome) on the app for the next visit in this session."""
        raise NotImplementedError

    def run_heading(self, runs: int) -> str:
        """The results pane's heading while a run is under way: how many so far."""
        raise NotImplementedError

    # The form ---------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        prefix, words = self.GROUP, self.WORDS
        samples = self.samples()
        form = self.initial_form(samples)
        yield TitleBar()
        with Horizontal(id=f"{prefix}-main"):
            with VerticalScroll(id=f"{prefix}-setup"):
                yield Static(id=f"{prefix}-own", markup=False)
                yield Static("Opponent", classes="section")
                yield Select(samples, prompt=words.sample_prompt, id=f"{prefix}-sample",
                             value=form["sample"] or Select.NULL)
                yield Input(form["opponent"], id=f"{prefix}-opponent",
                            placeholder=words.placeholder)
                yield Static(id=f"{prefix}-opponent-status", markup=False)
                yield Static("Options", classes="section")
                with Grid(id=f"{prefix}-options"):
                    yield from self.options(form)
                    yield from self.more_options(form)
                yield from self.under_options(form)
                with Horizontal(id=f"{prefix}-buttons"):
                    yield Button(words.run, id=f"{prefix}-run", variant="primary",
                                 action="screen.run")
                    yield Button("Stop", id=f"{prefix}-stop", disabled=True,
                                 action="screen.stop")
                    yield Button("Log", id=f"{prefix}-log-button", action="screen.log")
                    yield from self.more_buttons()
                yield ProgressBar(self.first_total(form), id=f"{prefix}-progress",
                                  show_eta=False)
                yield Static(id=f"{prefix}-problem", markup=False)
                yield EngineLine(id="engine-line")
            yield self.results_pane()
        yield KeysFooter()

    def options(self, form: dict[str, str]) -> Iterable[Widget]:
        """The options grid's labels and fields: how many, the seed, the start, the policies."""
        prefix = self.GROUP
        for key, label in (("runs", self.WORDS.runs), ("seed", "Seed")):
            yield Label(label)
            yield Input(form[key], type="integer", id=f"{prefix}-{key}")
        yield Label("Scenario")
        self.shown_scenario = form["scenario"]  # its start is in the fields as given
        yield Select([(name, name) for name in self.presets],
                     value=form["scenario"] or Select.NULL, id=f"{prefix}-scenario",
                     prompt="custom")
        yield from geometry_fields(self.geometries, form["geometry"], f"{prefix}-geometry",
                                   f"shipyard {self.GROUP}")
        for key, label in START:
            yield Label(label)
            yield Input(form[key], type="integer", id=f"{prefix}-{key}")
        policies = [(name, name) for name in self.policies]
        for key, label in zip(("policy-a", "policy-b"), self.WORDS.policies, strict=True):
            yield Label(label)
            yield Select(policies, value=form[key], allow_blank=False, id=f"{prefix}-{key}")

    def start_form(self) -> dict[str, str]:
        """The start's fields as the game's default start has them."""
        speeds = self.defaults.start_speeds((True, True))
        return {"range": str(self.defaults.start_range), "turns": str(self.defaults.turn_limit),
                "speed-a": str(int(speeds[0])), "speed-b": str(int(speeds[1])),
                "scenario": self.defaults.name}

    def settled(self, form: dict[str, str], samples: list[tuple[str, str]],
                first: str) -> dict[str, str]:
        """The form with a choice no longer offered put back: the default start, the first
        bundled opponent, the first policy."""
        if form["scenario"] not in self.presets:
            form["scenario"] = self.defaults.name
        if form.get("geometry") not in self.geometries:
            form["geometry"] = self.geometries[0] if self.geometries else ""
        if form["sample"] and form["sample"] not in {value for _, value in samples}:
            form["sample"] = first
        for key in ("policy-a", "policy-b"):
            if form[key] not in self.policies:
                form[key] = self.policies[0]
        return form

    def value(self, key: str) -> str:
        """A field of the form by its key ("runs", "opponent", "policy-a"...), as text
        ("" for no choice; a tick box "yes" or "no")."""
        field = self.query_one(f"#{self.GROUP}-{key}")
        if isinstance(field, Checkbox):
            return "yes" if field.value else "no"
        found = field.value if isinstance(field, Input | Select) else ""
        return found if isinstance(found, str) else ""

    def form(self) -> dict[str, str]:
        """Every field of the form by its key, and the game it is for."""
        fields = self.query(f"#{self.GROUP}-setup Input, #{self.GROUP}-setup Select, "
                            f"#{self.GROUP}-setup Checkbox")
        keys = [str(field.id).removeprefix(f"{self.GROUP}-") for field in fields]
        return {key: self.value(key) for key in keys} | {GAME: self.ruleset_name()}

    def ruleset_name(self) -> str:
        raise NotImplementedError

    def say_opponent(self, line: str, good: bool) -> None:
        status = self.query_one(f"#{self.GROUP}-opponent-status", Static)
        status.update(line)
        status.set_class(not good, "-error")

    @on(Select.Changed)
    def sample_chosen(self, event: Select.Changed) -> None:
        if event.select.id == f"{self.GROUP}-sample" and isinstance(event.value, str):
            self.query_one(f"#{self.GROUP}-opponent", Input).value = event.value
            self.check_opponent()

    @on(Select.Changed)
    def scenario_chosen(self, event: Select.Changed) -> None:
        """A preset chosen fills the start range and both speeds (hexes a turn toward the
        other); the preset the form was laid out with leaves the fields as they came, a
        speed typed after the preset was chosen included."""
        if event.select.id != f"{self.GROUP}-scenario" or event.value == self.shown_scenario:
            return
        self.shown_scenario = event.value if isinstance(event.value, str) else ""
        chosen = self.presets.get(self.shown_scenario)
        if chosen is None:
            return
        speeds = chosen.start_speeds((True, True))
        for key, value in (("range", chosen.start_range), ("speed-a", int(speeds[0])),
                           ("speed-b", int(speeds[1]))):
            self.query_one(f"#{self.GROUP}-{key}", Input).value = str(value)

    @on(Input.Changed)
    def opponent_typed(self, event: Input.Changed) -> None:
        if event.input.id != f"{self.GROUP}-opponent":
            return
        sample = self.query_one(f"#{self.GROUP}-sample", Select)
        if sample.value != event.value.strip():
            sample.clear()

    @on(Input.Changed)
    @on(Select.Changed)
    @on(Checkbox.Changed)
    def remember(self) -> None:
        """Keep the form and the outcome on the app, for the next visit in this session."""
        self.keep(self.form())

    @on(Input.Submitted)
    def opponent_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == f"{self.GROUP}-opponent":
            self.check_opponent()

    @on(Input.Submitted)
    def option_submitted(self, event: Input.Submitted) -> None:
        if event.input.parent is not None and event.input.parent.id == f"{self.GROUP}-options":
            self.action_run()

    # Reading it -------------------------------------------------------------------

    def geometry(self) -> str | None:
        """Where the form asks the run to be fought, as `--geometry` reads it: None for the
        game's default (or a game with one place to fight)."""
        if len(self.geometries) < 2:  # no select shown
            return None
        return chosen_geometry(self.geometries, self.value("geometry"))

    def number(self, key: str, minimum: int | None) -> int:
        return whole_number(self.value(key), self.WORDS.numbers[key], minimum)

    def numbers(self) -> dict[str, int]:
        """Each of `NUMBERS`, checked in turn: `ShipyardError` names the first wrong one."""
        return {key: self.number(key, self.WORDS.minimum[key]) for key in NUMBERS}

    def asked(self, number: dict[str, int]) -> Asked:
        """The start the form asks for, as the command's `--scenario --range --turns
        --speed-a --speed-b` read it; a value left as the preset has it is not "asked"."""
        value = self.value("scenario")
        preset = value if value in self.presets else None
        base = self.presets.get(preset or "", self.defaults)
        speeds = base.start_speeds((True, True))
        return (None if preset == self.defaults.name else preset,
                None if number["range"] == base.start_range else number["range"],
                number["turns"],
                (None if number["speed-a"] == speeds[0] else number["speed-a"],
                 None if number["speed-b"] == speeds[1] else number["speed-b"]))

    # Running ----------------------------------------------------------------------

    def begin(self, runs: int) -> None:
        """A run of `runs` starts: the bar at naught, the results pane saying so."""
        self.show_problem("")
        self.query_one(f"#{self.GROUP}-progress", ProgressBar).update(total=runs, progress=0)
        self.running = True
        self.fought = 0
        self.results().begin(self.run_heading(runs))

    def progressed(self, count: int) -> None:
        """Some more of the run are done: said from the worker's thread."""
        self.post_message(self.Progress(count))

    def on_setup_screen_progress(self, message: Progress) -> None:
        bar = self.query_one(f"#{self.GROUP}-progress", ProgressBar)
        bar.advance(message.count)
        self.fought += message.count
        if self.running:
            self.results().running(self.run_heading(int(bar.total or 0)))

    def ended(self, fought: int) -> bool:
        """The run ended having fought `fought`: whether there is anything to show (if not,
        both the problem line and the results pane say it was stopped before any)."""
        self.running = False
        if fought:
            return True
        line = f"Stopped before any {self.WORDS.one} was fought."
        self.show_problem(line)
        self.results().running(line)
        return False

    def shown(self, asked: int, fought: int) -> None:
        """An outcome is shown: the bar says how much of it was fought."""
        self.remember()
        self.query_one(f"#{self.GROUP}-progress", ProgressBar).update(total=asked,
                                                                     progress=fought)

    def show_problem(self, text: str) -> None:
        self.query_one(f"#{self.GROUP}-problem", Static).update(text)
