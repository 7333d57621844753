"""A small tournament's results: the ranking as `shipyard tournament` prints it, and a chart.

The rows are worded by a plain function (tested without a terminal); the
widget lays them out and hands the ratings to plotext as one bar per design.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import DataTable, Static

from shipyard.core.protocol import duels_of
from shipyard.services.scenarios import on_the
from shipyard.services.tournament import Tournament
from shipyard.tui.widgets.duel_chart import DuelChart, short

COLUMNS = ("#", "Design", "Points", "Rating", "95% interval", "Per 100 pts")


def ranking_rows(tournament: Tournament) -> list[tuple[str, ...]]:
    """Place, design, points, rating with its 95% interval, and rating per 100 points."""
    return [(str(place), s.label, str(s.points), f"{s.rating:.0f}",
             f"{s.low:.0f} - {s.high:.0f}", f"{s.per_100_points:.1f}")
            for place, s in enumerate(tournament.standings, start=1)]


def heading(tournament: Tournament, stopped: bool = False) -> str:
    """The results' first line: the field, the duels (and where they were fought when that
    is not the game's default, " on the map"), the seed, what a rating means."""
    pairs = len(tournament.pairs)
    where = "" if not tournament.entrants else on_the(
        duels_of(tournament.entrants[0].evaluation.ruleset), tournament.geometry)
    text = (f"Tournament: {len(tournament.entrants)} designs, {pairs} pair"
            f"{'s' if pairs != 1 else ''}, {tournament.runs} duels a pair{where}, seed "
            f"{tournament.seed}. Rating 100 is the field's average; 200 beats 100 "
            "two times in three.")
    return text + (" (stopped)" if stopped else "")


class RatingChart(DuelChart):
    """The Bradley-Terry rating of each design as a bar, best first."""

    titles: tuple[str, ...] = ("Rating (100: the field's average)", "Rating")

    def show(self, tournament: Tournament) -> None:
        self.plt.clear_figure()
        labels = [short(s.label, 12) for s in tournament.standings]
        ratings = [s.rating for s in tournament.standings]
        self.plt.bar(labels, ratings, width=0.5)
        self.plt.ylim(0, max([*ratings, 100.0]) * 1.1)
        self.tick_width = len(f"{max([*ratings, 100.0]):.0f}")
        self.refresh()


class TournamentResults(Vertical):
    """The heading, the ranking table and the rating chart."""

    def compose(self) -> ComposeResult:
        yield Static(id="tournament-heading", markup=False)
        yield DataTable(id="tournament-ranking", show_cursor=False)
        yield RatingChart(id="tournament-chart")

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.can_focus = False
        table.add_columns(*COLUMNS)

    def show(self, tournament: Tournament, stopped: bool = False) -> None:
        self.query_one("#tournament-heading", Static).update(heading(tournament, stopped))
        table = self.query_one(DataTable)
        table.clear()
        for row in ranking_rows(tournament):
            table.add_row(*(Text(cell, justify="left" if i == 1 else "right")
                            for i, cell in enumerate(row)))
        self.query_one(RatingChart).show(tournament)
