"""The results of a batch of duels: `shipyard duel`'s figures, and two charts.

The figures are counted and worded by plain functions (tested without a
terminal, and worded as `shipyard duel` prints them); the widgets only lay
them out and hand the counts to plotext.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from rich.text import Text
from textual.app import ComposeResult, RenderResult
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import DataTable, Static
from textual_plotext import PlotextPlot

from shipyard.core.outcome import Result
from shipyard.core.stats import Rate, Summary, kill_lines

LABEL_WIDTH = 16  # characters of a design name under a bar


def short(name: str, width: int = LABEL_WIDTH) -> str:
    return name if len(name) <= width else name[: width - 1] + "…"


def outcome_rows(names: tuple[str, str], summary: Summary) -> list[tuple[str, str, str, str]]:
    """Outcome, duels, rate and 95% interval, as `shipyard duel` tabulates them."""
    a, b = names
    return [(label, str(rate.count), f"{rate.share:.1%}", f"{rate.low:.1%} - {rate.high:.1%}")
            for label, rate in ((f"{a} wins", summary.wins), (f"{b} wins", summary.losses),
                                ("draws", summary.draws))]


def figure_lines(names: tuple[str, str], summary: Summary, damage_words: str = "") -> list[str]:
    """Turns to a kill, damage each way and kills by cause, in `shipyard duel`'s words."""
    a, b = names
    if summary.mean_turns_to_kill is None:
        lines = ["No duel ended in a kill."]
    else:
        lines = [f"Turns to a kill: mean {summary.mean_turns_to_kill:.2f}, "
                 f"median {summary.median_turns_to_kill:g}"]
    counts = f" ({damage_words})" if damage_words else ""
    lines.append(f"Mean damage dealt{counts}: {a} {summary.mean_damage[0]:.1f}, "
                 f"{b} {summary.mean_damage[1]:.1f}")
    if summary.kill_causes:  # each side's kills and their causes, as the command prints them
        lines += kill_lines(names, summary)
    return lines


OUTCOMES = ["wins", "draws", "losses"]  # from the first design's side, as `Summary` counts


class Tally(Protocol):
    """What the outcome chart counts: how many were fought, and the first side's wins,
    losses and draws (a batch of duels' `Summary`, of battles' `BattleSummary`)."""

    @property
    def runs(self) -> int: ...

    @property
    def wins(self) -> Rate: ...

    @property
    def losses(self) -> Rate: ...

    @property
    def draws(self) -> Rate: ...


def outcome_shares(summary: Tally) -> list[float]:
    """Bar heights in percent of duels (or battles): the first side's wins, draws and
    losses."""
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


def count_ticks(highest: int, most: int = 6) -> list[int]:
    """Whole-number ticks from 0 to at least `highest`: at most `most`, a step of 1, 2 or 5 x 10^n.

    Counts of duels are whole, so a tick such as 792.5 would only mislead.
    """
    scale = 1
    while True:
        for step in (scale, 2 * scale, 5 * scale):
            steps = -(-highest // step)  # rounded up
            if steps + 1 <= most:
                return [step * i for i in range(max(steps, 1) + 1)]
        scale *= 10


def fitted(titles: Sequence[str], width: int) -> str:
    """The first title that fits in `width` columns, else the last one cut to fit.

    plotext drops a title wider than its canvas without a word, so the charts fit theirs.
    """
    for title in titles:
        if len(title) <= width:
            return title
    return short(titles[-1], max(width, 1))


# The bar colours of the two designs (plotext's first two): the legend under the chart repeats them.
COLOURS = ((0, 130, 200), (60, 180, 75))


class DuelChart(PlotextPlot):
    """A plotext chart whose title is fitted to its width at every redraw."""

    titles: tuple[str, ...] = ("",)
    tick_width = 4  # columns of the widest y tick label, to tell the canvas's width

    def render(self) -> RenderResult:
        # Columns left for the title: the canvas, i.e. the width less the ticks and two axes.
        self.plt.title(fitted(self.titles, self.size.width - self.tick_width - 2))
        return super().render()


class OutcomeChart(DuelChart):
    """Win, draw and loss shares as three bars."""

    titles: tuple[str, ...] = ("Outcomes (% of duels)", "Outcomes (%)")
    tick_width = len("100")
    counted = "duels"  # what the shares are of

    def show(self, names: tuple[str, str], summary: Tally) -> None:
        self.plt.clear_figure()
        of = f"% of {summary.runs} {self.counted}"
        self.titles = (f"{short(names[0])}: outcomes ({of})", f"Outcomes ({of})",
                       "Outcomes (%)")
        self.plt.bar(OUTCOMES, outcome_shares(summary), width=0.5)
        self.plt.ylim(0, 100)
        self.plt.yticks([0, 25, 50, 75, 100])
        self.refresh()


class KillTurnsChart(DuelChart):
    """How many kills each design scored on each turn; the legend is a line under it."""

    titles: tuple[str, ...] = ("Kills by turn", "Kills")

    def show(self, results: Sequence[Result], turn_limit: int) -> None:
        turns, by_first, by_second = kills_by_turn(results, turn_limit)
        ticks = count_ticks(max(by_first + by_second, default=0))
        self.plt.clear_figure()
        self.plt.xlabel("turn")
        # No plotext legend: it sits in the canvas's top left corner, over the bars.
        plot: Any = self.plt  # the stub types `color` as one colour; plotext takes one per series
        plot.multiple_bar(turns, [by_first, by_second], color=list(COLOURS))
        self.plt.ylim(0, ticks[-1])
        self.plt.yticks([float(tick) for tick in ticks], [str(tick) for tick in ticks])
        self.tick_width = len(str(ticks[-1]))
        self.refresh()


def clear_charts(results: Widget) -> None:
    """Every chart of a results pane cleared, with its first titles back (a run starts)."""
    for chart in results.query(DuelChart):
        chart.plt.clear_figure()
        chart.titles = type(chart).titles
        chart.refresh()


def legend(names: tuple[str, str]) -> Text:
    """The kill chart's legend: each design's name after a block of its bar colour."""
    text = Text()
    for (red, green, blue), name in zip(COLOURS, names, strict=True):
        text.append("██ ", style=f"rgb({red},{green},{blue})")
        text.append(f"{short(name)}  ")
    return text


HEADERS = ("Outcome", "Duels", "Rate", "95% interval")


class DuelResults(Vertical):
    """The heading line, the outcome table, the other figures and the two charts.

    While a run is under way (`begin`, `running`) the heading says so and counts the
    duels fought, and the last run's figures are cleared: nothing on show belongs to
    another run. The outcome table fits its width: long names are shortened, never
    an interval.
    """

    def __init__(self, id: str | None = None) -> None:
        super().__init__(id=id)
        self.shown: tuple[tuple[str, str], Summary] | None = None  # names and summary

    def compose(self) -> ComposeResult:
        yield Static("Choose an opponent and run the duels (Ctrl+R).", id="duel-heading",
                     markup=False)
        yield DataTable(id="duel-outcomes", show_cursor=False)
        yield Static(id="duel-figures", markup=False)
        with Horizontal(id="duel-charts"):
            yield OutcomeChart(id="duel-outcome-chart")
            with Vertical(id="duel-kill-box"):
                yield KillTurnsChart(id="duel-kill-chart")
                yield Static(id="duel-kill-legend")

    def on_mount(self) -> None:
        # A table of three rows with no cursor: nothing to do there, so no stop for Tab.
        self.query_one(DataTable).can_focus = False
        self.query_one(DataTable).add_columns(*HEADERS)

    def begin(self, heading: str) -> None:
        """A run starts: say so, and clear the last run's figures and charts."""
        self.shown = None
        self.query_one("#duel-heading", Static).update(heading)
        self.query_one(DataTable).clear()
        self.query_one("#duel-figures", Static).update("")
        clear_charts(self)
        self.query_one("#duel-kill-legend", Static).update("")

    def running(self, heading: str) -> None:
        """How far the run is (the heading only)."""
        self.query_one("#duel-heading", Static).update(heading)

    def show(self, heading: str, names: tuple[str, str], summary: Summary,
             results: Sequence[Result], turn_limit: int, damage_words: str = "") -> None:
        self.query_one("#duel-heading", Static).update(heading)
        self.shown = (names, summary)
        self.fill_table()
        self.query_one("#duel-figures", Static).update(
            "\n".join(figure_lines(names, summary, damage_words)))
        self.query_one(OutcomeChart).show(names, summary)
        self.query_one(KillTurnsChart).show(results, turn_limit)
        self.query_one("#duel-kill-legend", Static).update(legend(names))

    def fill_table(self) -> None:
        if self.shown is None:
            return
        names, summary = self.shown
        table = self.query_one(DataTable)
        table.clear(columns=True)  # columns fitted afresh: a cleared one keeps its width
        table.add_columns(*HEADERS)
        rows = outcome_rows(names, summary)
        # Columns of the figures (each padded by one space either side), and what is left
        # for the outcome: a name too long for it is shortened.
        figures = sum(max(len(HEADERS[i]), *(len(row[i]) for row in rows)) + 2
                      for i in (1, 2, 3))
        width = table.content_size.width or self.content_size.width or 80
        room = width - figures - 2 - len(" wins") - 1
        if max(len(name) for name in names) > room:
            fit = max(4, room)
            rows = outcome_rows((short(names[0], fit), short(names[1], fit)), summary)
        for label, *cells in rows:
            table.add_row(Text(label), *(Text(cell, justify="right") for cell in cells))

    def on_resize(self) -> None:
        self.fill_table()
