"""`shipyard handicap A B`: how many of design A equal one of design B.

A face on the handicap service (`services.handicap`): reads and checks both designs,
fights k copies of A against one B for k = 1 to `--max-copies` (a progress bar on long
runs), and prints one row a k (A's points, win / draw / loss with 95% Wilson intervals,
B's survival), the answer, and a chart of the win rate by k with the 50% line; or the
`shipyard.handicap-result/1` document with `--json`. Every problem with the input (a
design missing or broken, a fleet given for a design, designs of two games, a game
without battles, an illegal design) is one line on stderr and exit 2.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from typing import Annotated

import typer
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from shipyard.commands.inputs import CatalogNotes, catalog_data
from shipyard.commands.options import (
    CatalogOpt,
    HyperOpt,
    RangeOpt,
    ScenarioOpt,
    WorkersOpt,
    runs_option,
    turns_option,
)
from shipyard.commands.terminal import err_console, fail, interactive, out, problem
from shipyard.core.errors import ShipyardError
from shipyard.core.issues import Agreement
from shipyard.services.batch import COMPILING
from shipyard.services.battle import Start, compiling
from shipyard.services.handicap import MOST, MOST_ALLOWED, Handicap, Handicapper, prepare
from shipyard.services.handicap import run_handicap as run
from shipyard.services.handicap_output import (
    answer_words,
    chart_lines,
    heading,
    notes,
    result_data,
    table_cell,
)

PROGRESS_FROM = 200  # battles from which a progress bar is worth showing

SpeedAOpt = Annotated[int | None, typer.Option(
    "--speed-a", min=-99, max=99, metavar="HEXES", show_default=False,
    help="The copies of A's start speed toward B, hexes a turn (negative: away; 0: at "
         "rest; default: the scenario's).")]
SpeedBOpt = Annotated[int | None, typer.Option(
    "--speed-b", min=-99, max=99, metavar="HEXES", show_default=False,
    help="B's start speed toward the copies of A (as --speed-a).")]
DesignArgA = Annotated[str, typer.Argument(
    metavar="A", show_default=False,
    help="The design fielded 1, 2, ... N times: a design file or sample:NAME.")]
DesignArgB = Annotated[str, typer.Argument(
    metavar="B", show_default=False,
    help="The design they meet, one of it: a design file or sample:NAME.")]


def _run(setup: Handicapper, runs: int, seed: int, workers: int,
         show_progress: bool) -> Handicap:
    with Progress(TextColumn("battles"), BarColumn(), MofNCompleteColumn(),
                  TimeRemainingColumn(), console=err_console(), transient=True,
                  disable=not show_progress) as progress:
        task = progress.add_task("battles", total=runs * setup.most)
        advance: Callable[[int], None] = lambda n: progress.advance(task, n)  # noqa: E731
        return run(setup, runs, seed, workers, progress=advance)


def _print(result: Handicap) -> None:
    setup = result.setup
    a, b = setup.names
    lines = heading(setup, result.runs, result.seed)
    out.print(f"[bold]{escape(lines[0])}[/bold]")
    for line in lines[1:]:
        out.print(line, markup=False)
    table = Table(show_edge=False, pad_edge=False)
    for column, justify in (("k", "right"), ("Points", "right"),
                            (f"{escape(a)} wins", "right"), ("Draws", "right"),
                            (f"{escape(b)} wins", "right"), (f"{escape(b)} survives", "right")):
        table.add_column(column, justify=justify)  # type: ignore[arg-type]
    for row in result.rows:
        table.add_row(str(row.copies), str(row.points), table_cell(row.wins), table_cell(row.draws),
                      table_cell(row.losses), table_cell(row.b_survival))
    out.print(table)
    out.print("Rates in percent, with their 95% Wilson intervals.", markup=False)
    out.print()
    for line in answer_words(result):
        out.print(line, markup=False, style="bold")
    out.print()
    chart = chart_lines(result)
    out.print(chart[0], markup=False)
    for row, line in zip(result.rows, chart[1:], strict=False):
        style = "green" if row.equal else ("yellow" if row.wins.share > 0.5 else "")
        out.print(line, markup=False, style=style)
    for line in chart[1 + len(result.rows):]:
        out.print(line, markup=False, style="dim")
    for line in notes(result):
        out.print(line, markup=False, style="yellow")


def handicap_command(
    a: DesignArgA,
    b: DesignArgB,
    most: Annotated[int, typer.Option(
        "--max-copies", min=1, max=MOST_ALLOWED, metavar="N",
        help="Fight 1, 2, ... N copies of A against one B.")] = MOST,
    runs: Annotated[int, runs_option("Battles to run for each number of copies.")] = 1000,
    seed: Annotated[int, typer.Option(
        "--seed", metavar="N", help="Master seed: battle j of every row is fought on the "
                                    "seed shipyard battle gives its battle j.")] = 1,
    range_: RangeOpt = None,
    turns: Annotated[int | None, turns_option(
        "Turn limit; a battle still going is a draw (default: the game's own).")] = None,
    scenario_name: ScenarioOpt = None,
    speed_a: SpeedAOpt = None,
    speed_b: SpeedBOpt = None,
    policy_a: Annotated[str | None, typer.Option(
        "--policy-a", metavar="NAME", show_default=False,
        help="Policy of every copy of A (default: the game's first; shipyard rulesets "
             "lists each game's).")] = None,
    policy_b: Annotated[str | None, typer.Option(
        "--policy-b", metavar="NAME", show_default=False, help="Policy of B.")] = None,
    workers: WorkersOpt = 1,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of tables.")]
    = False,
    engine: Annotated[str | None, typer.Option(
        "--engine", metavar="NAME", show_default=False,
        help="Battle engine (default: the game's first; shipyard rulesets lists them).")]
    = None,
    catalog: CatalogOpt = None,
    allow_hyper_bombs: HyperOpt = False,
) -> None:
    """How many of design A equal one design B: 1 to N copies of A fight one B, with win
    rates, 95% intervals, the answer and a chart."""
    try:
        setup = prepare(a, b, most=most, policies=(policy_a, policy_b),
                        scenario=Start(scenario_name, range_, turns, (speed_a, speed_b)),
                        engine=engine, catalog=catalog,
                        agreement=Agreement(hyper_bombs_allowed=allow_hyper_bombs))
    except ShipyardError as exc:
        fail(str(exc))
    first = setup.engagements[0].a.report.ships[0].evaluation
    house = catalog_data(first)
    note = CatalogNotes().line(first)
    if note is not None and not as_json:
        out.print(note, markup=False)
    count = workers if workers > 0 else (os.cpu_count() or 1)
    show = not as_json and runs * most >= PROGRESS_FROM and interactive()
    try:
        if interactive() and compiling(setup.engagements[-1]):
            problem(f"{COMPILING}…")
        result = _run(setup, runs, seed, count, show)
    except ShipyardError as exc:
        fail(str(exc))
    if as_json:
        print(json.dumps(result_data(result, house), indent=2))
    else:
        _print(result)
