"""The results of a batch of fleet battles: `shipyard battle`'s figures, and two charts.

The rows are worded by plain functions, as `shipyard battle` prints them (the
lines it shares with the command come from `services.battle_output`); the
widget lays them out as tables and hands the shares to plotext: the first
fleet's wins, draws and losses, and how many of each fleet's craft were still
flying when the battles ended.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Static

from shipyard.core.battle_stats import BattleSummary
from shipyard.core.stats import Rate
from shipyard.services.battle import Engagement
from shipyard.services.battle_output import (
    exchange_words,
    kill_words,
    notes,
    survivor_words,
    turns_words,
)
from shipyard.tui.widgets.duel_chart import (
    COLOURS,
    DuelChart,
    OutcomeChart,
    clear_charts,
    legend,
)

Row = tuple[str, ...]
OUTCOME_COLUMNS = ("Outcome", "Battles", "Rate", "95% interval")
DESTROYED_COLUMNS = ("Points destroyed a battle", "Mean", "95% interval", "Of")
SHIP_COLUMNS = ("Fleet", "Ship", "Design", "Points", "Survived", "95% interval")


def interval(rate: Rate) -> str:
    return f"{rate.low:.1%} - {rate.high:.1%}"


def outcome_rows(names: tuple[str, str], summary: BattleSummary) -> list[Row]:
    """Outcome, battles, rate and 95% interval, as `shipyard battle` tabulates them."""
    a, b = names
    return [(label, str(rate.count), f"{rate.share:.1%}", interval(rate))
            for label, rate in ((f"{a} wins", summary.wins), (f"{b} wins", summary.losses),
                                ("draws", summary.draws))]


def destroyed_rows(names: tuple[str, str], summary: BattleSummary) -> list[Row]:
    """The points each fleet destroyed a battle: mean, 95% interval, and of how many."""
    a, b = summary.sides
    return [(f"by {name}", f"{side.destroyed.mean:.1f}",
             f"{side.destroyed.low:.1f} - {side.destroyed.high:.1f}", str(other.points))
            for name, side, other in ((names[0], a, b), (names[1], b, a))]


def ship_rows(engagement: Engagement, summary: BattleSummary) -> list[Row]:
    """Each ship of both fleets, in fleet order: its fleet, name, design, points and how
    often it survived, with the 95% interval."""
    rows: list[Row] = []
    for name, fleet, stats in ((engagement.names[0], engagement.a, summary.sides[0]),
                               (engagement.names[1], engagement.b, summary.sides[1])):
        for ship, alive in zip(fleet.report.ships, stats.ship_survival, strict=True):
            rows.append((name, ship.name, ship.evaluation.design.name, str(ship.points),
                         f"{alive.share:.1%}", interval(alive)))
    return rows


def figure_lines(engagement: Engagement, summary: BattleSummary) -> list[str]:
    """The lines under the tables, in `shipyard battle`'s words: the exchange ratio, the
    survivors, each fleet's kills by cause, turns, and the notes (unequal sides, too
    many battles cut off at the turn limit)."""
    names = engagement.names
    return [exchange_words(names, summary),
            *(survivor_words(name, side, summary.runs)
              for name, side in zip(names, summary.sides, strict=True)),
            *(kill_words(name, side) for name, side in zip(names, summary.sides, strict=True)),
            turns_words(engagement, summary),
            *notes(engagement, summary)]


def survivor_shares(summary: BattleSummary) -> tuple[list[str], list[float], list[float]]:
    """0, 1, ... craft flying at the end, and the share (%) of battles each fleet ended
    with that many (a fleet of fewer craft never ends with more)."""
    a, b = (side.survivor_counts for side in summary.sides)
    most = max(len(a), len(b))
    runs = summary.runs or 1

    def shares(counts: Sequence[int]) -> list[float]:
        return [100 * (counts[k] if k < len(counts) else 0) / runs for k in range(most)]

    return [str(k) for k in range(most)], shares(a), shares(b)


def table(columns: Sequence[str], rows: Sequence[Row], right: Sequence[int]) -> Table:
    """A table laid out as the command's (no outer edge), names as plain text; short of
    room, a name is shortened (…), never a figure."""
    found = Table(show_edge=False, pad_edge=False)
    for i, column in enumerate(columns):
        if i in right:
            found.add_column(column, justify="right", no_wrap=True)
        else:
            found.add_column(column, overflow="ellipsis", no_wrap=True)
    for row in rows:
        found.add_row(*(Text(cell) for cell in row))
    return found


def figures(engagement: Engagement, summary: BattleSummary) -> RenderableType:
    """Every figure of the result, as `shipyard battle` prints them, in its order."""
    names = engagement.names
    lines = figure_lines(engagement, summary)
    unequal = len(lines) - len(notes(engagement, summary))
    blank = Text("")
    return Group(
        table(OUTCOME_COLUMNS, outcome_rows(names, summary), (1, 2, 3)), blank,
        table(DESTROYED_COLUMNS, destroyed_rows(names, summary), (1, 2, 3)),
        Text(lines[0]), blank, Text(lines[1]), Text(lines[2]),
        table(SHIP_COLUMNS, ship_rows(engagement, summary), (3, 4, 5)), blank,
        *(Text(line) for line in lines[3:unequal]),
        *(Text(line, style="bold yellow") for line in lines[unequal:]))


class BattleOutcomeChart(OutcomeChart):
    """The first fleet's win, draw and loss shares as three bars."""

    titles: tuple[str, ...] = ("Outcomes (% of battles)", "Outcomes (%)")
    counted = "battles"


class SurvivorsChart(DuelChart):
    """The share of battles each fleet ended with 0, 1, ... craft flying; the legend is
    a line under it."""

    titles: tuple[str, ...] = ("Craft flying at the end (% of battles)", "Survivors (%)")
    tick_width = len("100")

    def show(self, summary: BattleSummary) -> None:
        labels, a, b = survivor_shares(summary)
        self.plt.clear_figure()
        self.titles = (f"Craft flying at the end (% of {summary.runs} battles)",
                       *type(self).titles)
        self.plt.xlabel("craft flying")
        plot: Any = self.plt  # the stub types `color` as one colour; plotext takes one per series
        plot.multiple_bar(labels, [a, b], color=list(COLOURS))
        self.plt.ylim(0, 100)
        self.plt.yticks([0, 25, 50, 75, 100])
        self.refresh()


class BattleResults(VerticalScroll):
    """The heading, the figures and the two charts, scrolled as one when they do not fit.

    While a batch is under way (`begin`, `running`) the heading says so and counts the
    battles fought, and the last batch's figures are cleared: nothing on show belongs to
    another batch.
    """

    def compose(self) -> ComposeResult:
        yield Static("Choose an opponent and fight the battles (Ctrl+R).",
                     id="battle-heading", markup=False)
        yield Static(id="battle-figures")
        with Horizontal(id="battle-charts"):
            yield BattleOutcomeChart(id="battle-outcome-chart")
            with Vertical(id="battle-survivor-box"):
                yield SurvivorsChart(id="battle-survivor-chart")
                yield Static(id="battle-survivor-legend")

    def begin(self, heading: str) -> None:
        """A batch starts: say so, and clear the last one's figures and charts."""
        self.query_one("#battle-heading", Static).update(heading)
        self.query_one("#battle-figures", Static).update("")
        clear_charts(self)
        self.query_one("#battle-survivor-legend", Static).update("")

    def running(self, heading: str) -> None:
        """How far the batch is (the heading only)."""
        self.query_one("#battle-heading", Static).update(heading)

    def show(self, heading: str, engagement: Engagement, summary: BattleSummary) -> None:
        self.query_one("#battle-heading", Static).update(heading)
        self.query_one("#battle-figures", Static).update(figures(engagement, summary))
        self.query_one(BattleOutcomeChart).show(engagement.names, summary)
        self.query_one(SurvivorsChart).show(summary)
        self.query_one("#battle-survivor-legend", Static).update(legend(engagement.names))
