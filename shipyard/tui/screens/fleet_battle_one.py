"""One battle of the batch on the battle screen: its log (Ctrl+L) and its replay (Ctrl+E).

Battle K is fought again on a thread (the reference engine fights the very battle
the batch fought), then told in plain words as `shipyard battle --log-battle K`
tells it, or drawn as the animated SVG `shipyard battle --replay K` writes: never
over a design, fleet or catalog file, over another file only once confirmed, in a
browser downloaded.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from textual import work
from textual.message import Message
from textual.reactive import reactive

from shipyard.core.errors import ShipyardError
from shipyard.services.battle import BattleProblem, Engagement, battle_replay, told_battle
from shipyard.tui.delivery import hand_over
from shipyard.tui.host import host_of
from shipyard.tui.screens.dialogs import TextDialog
from shipyard.tui.screens.duel import DuelLogScreen
from shipyard.tui.screens.export import may_replace
from shipyard.tui.screens.fleet_battle_form import BattleForm, BattleOutcome, svg_path
from shipyard.tui.screens.fleet_export import pack_stem

BATTLE_DIALOG = "battle-dialog"  # the worker group of the screen's dialogs (keys wait on it)


class BattleLogScreen(DuelLogScreen):
    """One battle turn by turn, as `shipyard battle --log-battle K` tells it."""

    LOG_TITLE = "Battle log"


class OneBattle(BattleForm):
    """The battle screen's log and replay of battle K (`outcome` is the batch shown)."""

    outcome: reactive[BattleOutcome | None] = reactive(None)

    @dataclass
    class Told(Message):
        """A battle fought again with its log (sent from the worker thread)."""

        title: str
        lines: tuple[str, ...]

    @dataclass
    class Drawn(Message):
        """A battle's replay drawn, to be written (sent from the worker thread)."""

        path: Path
        picture: bytes

    def refuse(self, problem: ShipyardError) -> None:
        """Why a key did nothing: under the buttons, and in a notice (the line under the
        buttons may be scrolled out of sight on a short terminal)."""
        self.show_problem(str(problem))
        self.notify(str(problem), severity="error", markup=False)

    def action_log(self) -> None:
        """Battle K of the batch shown, told as `shipyard battle --log-battle K` tells it;
        before any batch, battle K of the batch the form describes. The title says which."""
        try:
            engagement, seed, k, which = self.chosen(self.outcome)
        except ShipyardError as exc:
            self.refuse(exc)
            return
        (a, b), (pa, pb) = engagement.names, engagement.policies
        self.show_problem(f"Telling battle {k}…")
        self.tell(engagement, seed, k, f"{which}: {a} ({pa}) against {b} ({pb})")

    @work(thread=True, exclusive=True, group="told", exit_on_error=False)
    def tell(self, engagement: Engagement, seed: int, k: int, title: str) -> None:
        self.post_message(self.Told(title, told_battle(engagement, seed, k).log))

    def on_one_battle_told(self, message: Told) -> None:
        self.show_problem("")
        self.app.push_screen(BattleLogScreen(message.title, message.lines))

    @work(group=BATTLE_DIALOG)
    async def action_replay(self) -> None:
        """Battle K drawn as an animated SVG, written where the player says: never over a
        design, fleet or catalog file, over another file only once confirmed; in a browser,
        downloaded."""
        if host_of(self).asking_already(BATTLE_DIALOG):
            return
        try:
            engagement, seed, k, which = self.chosen(self.outcome)
        except ShipyardError as exc:
            self.refuse(exc)
            return
        stem = pack_stem(self.session.data, self.session.path)
        answer = await host_of(self).ask(TextDialog(
            "Export the replay", f"{which}, as an animated SVG picture (it plays in any "
            "browser). File:", str(stem.with_name(f"{stem.name}-battle-{k}.svg"))))
        if answer is None or not answer.strip():
            return
        try:
            path = svg_path(answer)
        except BattleProblem as exc:
            self.notify(str(exc), title="Not exported", severity="error", markup=False)
            return
        if not (self.app.is_web or await may_replace(host_of(self), path)):
            return
        self.show_problem(f"Drawing battle {k}…")
        self.draw(engagement, seed, k, path)

    @work(thread=True, exclusive=True, group="told", exit_on_error=False)
    def draw(self, engagement: Engagement, seed: int, k: int, path: Path) -> None:
        from shipyard.render.replay_svg import replay_svg

        picture = replay_svg(battle_replay(engagement, seed, k)).encode("utf-8")
        self.post_message(self.Drawn(path, picture))

    def on_one_battle_drawn(self, message: Drawn) -> None:
        self.show_problem("")
        try:
            notice = hand_over(self.app, message.path, message.picture)
        except (OSError, ShipyardError) as exc:
            self.notify(str(exc), title="Not exported", severity="error", markup=False)
            return
        self.notify(notice, markup=False)
