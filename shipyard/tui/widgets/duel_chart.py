"""The results of a batch of duels: `shipyard duel`'s figures, and two charts.

The figures are counted and worded by plain functions (tested without a
terminal, and worded as `shipyard duel` prints them); the widgets only lay
them out and hand the counts to plotext.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import DataTable, Static
from textual_plotext import PlotextPlot

from shipyard.engine.duel import Result
from shipyard.engine.stats import Summary

LABEL_WIDTH = 16  # characters of a design name under a bar


def short(name: str, width: int = LABEL_WIDTH) -> str:
    return name if len(name) <= width else name[: width - 1] + "…"


def outcome_rows(names: tuple[str, str], summary: Summary) -> list[tuple[str, str, str, str]]:
    """Outcome, duels, rate and 95% interval, as `shipyard duel` tabulates them."""
    a, b = names
    return [(label, str(rate.count), f"{rate.share:.1%}", f"{rate.low:.1%} - {rate.high:.1%}")
            for label, rate in ((f"{a} wins", summary.wins), (f"{b} wins", summary.losses),
                                ("draws", summary.draws))]


def figure_lines(names: tuple[str, str], summary: Summary) -> list[str]:
    """Turns to a kill, damage each way and kills by cause, in `shipyard duel`'s words."""
    a, b = names
    if summary.mean_turns_to_kill is None:
        lines = ["No duel ended in a kill."]
    else:
        lines = [f"Turns to a kill: mean {summary.mean_turns_to_kill:.2f}, "
                 f"median {summary.median_turns_to_kill:g}"]
    lines.append(f"Mean damage dealt: {a} {summary.mean_damage[0]:.1f}, "
                 f"{b} {summary.mean_damage[1]:.1f}")
    if summary.kill_causes:
        causes = ", ".join(f"{cause} {share:.0%}" for cause, share in summary.kill_causes.items())
        lines.append(f"Kills by cause: {causes}")
    return lines


OUTCOMES = ["wins", "draws", "losses"]  # from the first design's side, as `Summary` counts


def outcome_shares(summary: Summary) -> list[float]:
    """Bar heights in percent of duels: the first design's wins, draws and losses."""
    return [100 * summary.wins.share, 100 * summary.draws.share, 100 * summary.losses.share]


def kills_by_turn(results: Sequence[Result],
                  turn_limit: int) -> tuple[list[int], list[int], list[int]]:
    """Turns 1 to the limit, with the kills scored on each by the first and the second design."""
    turns = list(range(1, turn_limit + 1))
    by_first, by_second = [0] * turn_limit, [0] * turn_limit
    for result in results:
        if result.winner is None or not 1 <= result.turns <= turn_limit:
            continue
        (by_first if result.winner == 0 else by_second)[result.turns - 1] += 1
    return turns, by_first, by_second


class OutcomeChart(PlotextPlot):
    """Win, draw and loss shares as three bars."""

    def on_mount(self) -> None:
        self.plt.title("Outcomes (% of duels)")

    def show(self, names: tuple[str, str], summary: Summary) -> None:
        self.plt.clear_figure()
        self.plt.title(f"{short(names[0])}: outcomes (% of {summary.runs} duels)")
        self.plt.bar(OUTCOMES, outcome_shares(summary), width=0.5)
        self.plt.ylim(0, 100)
        self.plt.yticks([0, 25, 50, 75, 100])
        self.refresh()


class KillTurnsChart(PlotextPlot):
    """How many kills each design scored on each turn."""

    def on_mount(self) -> None:
        self.plt.title("Kills by turn")

    def show(self, names: tuple[str, str], results: Sequence[Result], turn_limit: int) -> None:
        turns, by_first, by_second = kills_by_turn(results, turn_limit)
        self.plt.clear_figure()
        self.plt.title("Kills by turn")
        self.plt.xlabel("turn")
        # textual-plotext's stub calls the legend keyword `label`; plotext takes `labels`.
        plot: Any = self.plt
        plot.multiple_bar(turns, [by_first, by_second], labels=[short(n) for n in names])
        self.refresh()


class DuelResults(Vertical):
    """The heading line, the outcome table, the other figures and the two charts."""

    def compose(self) -> ComposeResult:
        yield Static("Choose an opponent and run the duels (Ctrl+R).", id="duel-heading",
                     markup=False)
        yield DataTable(id="duel-outcomes", show_cursor=False)
        yield Static(id="duel-figures", markup=False)
        with Horizontal(id="duel-charts"):
            yield OutcomeChart(id="duel-outcome-chart")
            yield KillTurnsChart(id="duel-kill-chart")

    def on_mount(self) -> None:
        self.query_one(DataTable).add_columns("Outcome", "Duels", "Rate", "95% interval")

    def show(self, heading: str, names: tuple[str, str], summary: Summary,
             results: Sequence[Result], turn_limit: int) -> None:
        self.query_one("#duel-heading", Static).update(heading)
        table = self.query_one(DataTable)
        table.clear()
        for label, *figures in outcome_rows(names, summary):
            table.add_row(Text(label), *(Text(cell, justify="right") for cell in figures))
        self.query_one("#duel-figures", Static).update("\n".join(figure_lines(names, summary)))
        self.query_one(OutcomeChart).show(names, summary)
        self.query_one(KillTurnsChart).show(names, results, turn_limit)
