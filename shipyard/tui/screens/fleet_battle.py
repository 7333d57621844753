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

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Button, Input, Label, Static
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
from shipyard.services.samples import FLEET_PREFIX, sample_fleet_name, sample_fleet_paths
from shipyard.tui.screens.fleet_battle_form import (
    LAST_BATTLE,
    BattleOutcome,
    LastBattle,
    result_heading,
)
from shipyard.tui.screens.fleet_battle_one import OneBattle
from shipyard.tui.screens.setup_form import GAME, form_keys
from shipyard.tui.widgets.battle_results import BattleResults
from shipyard.tui.widgets.marked import MarkedCheckbox

BATTLE_CHUNK = 200  # battles a call of a compiled engine: how often Stop is asked
COMPILING = ("The fast battle engine is compiling in the background (once after an install, "
             "about a minute of one core): these battles are fought on the reference engine "
             "meanwhile, the same battles more slowly.")


class FleetBattleScreen(OneBattle):
    """Choose an opponent and the options on the left; the results appear on the right."""

    HELP_TITLE = "Fleet battle"
    CSS_PATH = "fleet_battle.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        *form_keys("Back to the fleet", "Fight", "Battle log"),
        # Before the inputs' own Ctrl+E (end of line: End does that too), as everywhere else.
        Binding("ctrl+e", "replay", "Export replay", priority=True),
    ]

    @dataclass
    class Finished(Message):
        """The batch ended, all of it or up to the chunk where it was stopped."""

        outcome: BattleOutcome

    # The form's hooks -------------------------------------------------------------

    def samples(self) -> list[tuple[str, str]]:
        return [(sample_fleet_name(p), f"{FLEET_PREFIX}{sample_fleet_name(p)}")
                for p in sample_fleet_paths(self.ruleset.name)]

    def more_options(self, form: dict[str, str]) -> ComposeResult:
        yield Label("Budget")
        yield Input(form["budget"], type="integer", id="battle-budget",
                    placeholder="the larger of the two")
        yield Label("Battle no.")
        yield Input(form["battle"], type="integer", id="battle-battle",
                    tooltip="The battle of the batch that Ctrl+L tells and "
                            "Ctrl+E draws (1 is the first)")

    def under_options(self, form: dict[str, str]) -> ComposeResult:
        yield MarkedCheckbox("Fight over the budget as a draft", form["draft"] == "yes",
                             id="battle-draft", compact=True)

    def more_buttons(self) -> ComposeResult:
        yield Button("Replay", id="battle-replay-button", action="screen.replay")

    def first_total(self, form: dict[str, str]) -> int:
        return int(form["runs"] or 1) if form["runs"].isdigit() else 1

    def results_pane(self) -> Widget:
        return BattleResults(id="battle-results")

    def results(self) -> BattleResults:
        return self.query_one(BattleResults)

    def keep(self, form: dict[str, str]) -> None:
        outcome = self.outcome or (self.last.outcome if self.last else None)
        setattr(self.app, LAST_BATTLE, LastBattle(form, outcome))

    def cannot_run(self) -> bool:
        return bool(self.own_check()[0])

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

    def check_opponent(self) -> None:
        """Read the opponent in the input and say in one line what it is or what is wrong."""
        self.say_opponent(*self.opponent_line(self.value("opponent")))

    # Fighting -------------------------------------------------------------------------

    def action_run(self) -> None:
        if self.running:
            return
        try:
            engagement, runs, seed = self.setup()
        except ShipyardError as exc:
            self.refuse(exc)
            return
        self.begin(runs)
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
        results = run_battles(engagement, runs, seed, WORKERS, progress=self.progressed,
                              stop=lambda: worker.is_cancelled, fast_chunk=BATTLE_CHUNK)
        summary = summarize_battles(engagement, results)
        self.post_message(self.Finished(BattleOutcome(engagement, seed, runs, tuple(results),
                                                      summary, fleet)))

    def on_fleet_battle_screen_finished(self, message: Finished) -> None:
        if self.ended(len(message.outcome.results)):
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

    def watch_outcome(self, outcome: BattleOutcome | None) -> None:
        if outcome is None:
            return
        self.shown(outcome.asked, len(outcome.results))
        text = result_heading(outcome)
        if outcome.fleet != self.session.data:
            text += ("\nThese results are for the fleet as it was: it has changed since. "
                     "Ctrl+R fights the battles again.")
        self.query_one(BattleResults).show(text, outcome.engagement, outcome.summary)
        self.show_problem("")
