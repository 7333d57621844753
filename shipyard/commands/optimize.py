"""`shipyard optimize`: search for the design with the best win rate a budget can buy.

The search (`shipyard.services.optimize`) races candidates against the
opponents (by default the game's bundled samples within the budget, the
field), then measures the best afresh against each opponent, and the field
the same way, on duels it did not select on. This prints the progress on
stderr, the design's sheet as `cost` prints it, its win rates with 95%
intervals and the comparison with the field, and writes the design
atomically. Deterministic for a seed. Bad input is one line and exit 2; an
illegal opponent exits 1, each one named.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from shipyard.commands.inputs import input_paths, load
from shipyard.commands.options import (
    GeometryOpt,
    RangeOpt,
    ScenarioOpt,
    SpeedAOpt,
    SpeedBOpt,
    WorkersOpt,
    runs_option,
    turns_option,
)
from shipyard.commands.outputs import ForceOpt, check_output, free_name
from shipyard.commands.sheets import print_sheet
from shipyard.commands.terminal import (
    EXIT_UNREADABLE,
    before_duels,
    err_console,
    fail,
    out,
    problem,
    say,
)
from shipyard.commands.tournament import require_legal
from shipyard.core.errors import ShipyardError
from shipyard.core.files import write_atomic
from shipyard.core.issues import Agreement
from shipyard.core.neutral import Evaluation, Ruleset
from shipyard.core.protocol import duels_of
from shipyard.services.optimize import (
    Opponent,
    Optimized,
    Settings,
    design_key,
    field_of,
    labelled,
    optimize,
    planned_duels,
)
from shipyard.services.registry import default_ruleset, ruleset_option
from shipyard.services.scenarios import geometry_problem, on_the, pick

DEFAULT_OUTPUT = Path("best.ship.json")


def _game(name: str | None) -> Ruleset:
    try:
        return ruleset_option(name) if name is not None else default_ruleset()
    except ShipyardError as exc:
        fail(str(exc))


def _budget(game: Ruleset, budget: int | None) -> int:
    if budget is not None:
        return budget
    own = game.budget(game.catalog())
    if own is None:
        fail(f"{game.title} has no budget of its own: give one with --budget N")
    return own


def _opponents(game: Ruleset, budget: int, against: Sequence[str],
               scenario: Agreement | None = None) -> list[Opponent]:
    """The files named with --against, else the field: the game's samples within the budget."""
    if not against:
        field = field_of(game, budget)
        if not field:
            fail(f"no bundled sample of {game.title} costs {budget} points or less; name "
                 "opponents with --against FILE")
        return field
    found: list[tuple[str, Evaluation]] = []
    unreadable = False
    for file in against:
        try:
            found.append((file, load(file, scenario)))
        except ShipyardError as exc:
            problem(str(exc))
            unreadable = True
    if unreadable:
        raise typer.Exit(EXIT_UNREADABLE)
    for file, evaluation in found:
        if evaluation.ruleset.name != game.name:
            fail(f"{file}: a {evaluation.ruleset.name} design cannot meet a {game.name} "
                 "design")
    require_legal(found)
    seen: dict[str, str] = {}
    for file, evaluation in found:  # the same design twice is fought once: say so
        key = design_key(evaluation)
        if key not in seen:
            seen[key] = file
            continue
        twice = "given twice" if seen[key] == file else \
            f"the same design as {seen[key]} (the name aside)"
        problem(f"{file}: {twice}; it is fought once, as one opponent")
    return labelled(found)


def _percent(share: float) -> str:
    return f"{share * 100:.1f}%"


def _print(result: Optimized, output: Path) -> None:
    settings = result.settings
    evaluation = result.best.evaluation
    out.print(f"[bold]Optimized design[/bold] for {settings.budget} points "
              f"({escape(result.ruleset.title)}): seed {settings.seed}, "
              f"{settings.generations} generation(s), {result.duels} duels"
              f"{on_the(duels_of(result.ruleset), settings.geometry)}; "
              f"written to {escape(str(output))}")
    out.print()
    print_sheet(str(output), evaluation, settings.budget)
    if settings.scenario is not None:
        words = settings.scenario.words()
        out.print(words[0].upper() + words[1:], markup=False)
    table = Table(title=f"Win rate against each opponent ({settings.runs} fresh duels each, "
                  "95% interval)", title_justify="left", show_edge=False, pad_edge=False)
    for column in ("Opponent", "Points", "Wins", "Draws", "Losses", "Win rate", "95% interval"):
        table.add_column(column, justify="left" if column == "Opponent" else "right")
    for record in result.best.records:
        share = record.win_rate
        table.add_row(escape(record.opponent.label),
                      str(record.opponent.evaluation.sheet.total), str(record.wins),
                      str(record.draws), str(record.losses), _percent(share.share),
                      f"{_percent(share.low)} - {_percent(share.high)}")
    out.print(table)
    out.print(f"[bold]Mean win rate against the field: {_percent(result.best.mean_win_rate)}"
              "[/bold]")
    out.print()
    if not result.field:
        out.print("No opponent fits the budget: there is no field design to compare with.")
        return
    field = Table(title="Mean win rate against the field, measured the same way",
                  title_justify="left", show_edge=False, pad_edge=False)
    for column in ("Design", "Points", "Mean win rate"):
        field.add_column(column, justify="left" if column == "Design" else "right")
    rows = [(f"[bold]{escape(result.best.label)}[/bold]", result.best),
            *((escape(m.label), m) for m in result.field)]
    for label, measured in sorted(rows, key=lambda row: -row[1].mean_win_rate):
        field.add_row(label, str(measured.evaluation.sheet.total),
                      _percent(measured.mean_win_rate))
    out.print(field)
    if result.beats_field:
        out.print("The optimized design [green]beats the field[/green]: its mean win rate is "
                  "at least every field design's.")
    else:
        out.print("The optimized design [red]does not beat the field[/red]: a field design "
                  "did better on the fresh duels.")


def optimize_command(
    ruleset: Annotated[str | None, typer.Option(
        "--ruleset", metavar="NAME", show_default=False,
        help="The game (default: the default game; shipyard rulesets lists them).")] = None,
    budget: Annotated[int | None, typer.Option(
        "--budget", min=0, metavar="N", show_default=False,
        help="Points the design may cost (default: the game's own budget, if it has one).")]
    = None,
    against: Annotated[list[str] | None, typer.Option(
        "--against", metavar="FILE", show_default=False,
        help="An opponent (a design file or sample:NAME); repeat for several. Default: "
             "every bundled sample of the game within the budget.")] = None,
    generations: Annotated[int, typer.Option(
        "--generations", min=1, metavar="N", help="Generations of the search.")] = 8,
    runs: Annotated[int, runs_option(
        "Duels per opponent for the finalists of each generation and for the fresh "
        "measurement.")] = 200,
    seed: Annotated[int, typer.Option("--seed", metavar="N",
                                      help="Master seed of the search.")] = 1,
    workers: WorkersOpt = 1,
    scheduler: Annotated[str | None, typer.Option(
        "--scheduler", metavar="ADDRESS", show_default=False,
        help="Run the duels on the Dask cluster of this scheduler (tcp://HOST:8786).")]
    = None,
    output: Annotated[Path | None, typer.Option(
        "-o", "--output", metavar="FILE", show_default=False,
        help="Where to write the design found (default: best.ship.json, or best-2.ship.json "
             "and so on if that is taken).")] = None,
    force: ForceOpt = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of tables.")]
    = False,
    scenario_name: ScenarioOpt = None,
    range_: RangeOpt = None,
    turns: Annotated[int | None, turns_option(
        "Turn limit of the duels (default: the game's own).")] = None,
    speed_a: SpeedAOpt = None,
    speed_b: SpeedBOpt = None,
    geometry: GeometryOpt = None,
    allow_hyper_bombs: Annotated[bool, typer.Option(
        "--allow-hyper-bombs", help="An --against design may carry hyper bombs (R15; duels "
        "do not use them, and the search never buys any).")] = False,
) -> None:
    """Search for the best design a budget can buy against the field (or --against files)."""
    game = _game(ruleset)
    points = _budget(game, budget)
    opponents = _opponents(game, points, against or [],
                           Agreement(hyper_bombs_allowed=allow_hyper_bombs))
    if output is None:
        output = free_name(DEFAULT_OUTPUT)
    check_output(output, input_paths(against or []), force)
    count = workers if workers > 0 else (os.cpu_count() or 1)
    try:
        picked = pick(duels_of(game), opponents[0].evaluation.catalog, scenario_name, range_,
                      turns, (speed_a, speed_b))
    except ShipyardError as exc:
        fail(str(exc))
    wrong = geometry_problem(duels_of(game), geometry)
    if wrong is not None:
        fail(wrong)
    settings = Settings(points, generations, runs, seed, workers=count, scheduler=scheduler,
                        scenario=picked.scenario, asked=picked.asked, geometry=geometry)
    rivals = sum(1 for o in opponents if o.evaluation.sheet.total <= points)
    total = planned_duels(settings, len(opponents), rivals)
    if scheduler is None:
        before_duels(opponents[0].evaluation, None, geometry)
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeRemainingColumn(), console=err_console(), transient=True,
                  disable=as_json) as progress:
        task = progress.add_task("searching", total=total)

        def advance(what: str, duels: int) -> None:
            if what:
                progress.update(task, description=what)
            progress.advance(task, duels)

        try:
            result = optimize(game, opponents, settings, advance)
        except ShipyardError as exc:
            fail(str(exc))
    try:
        write_atomic(output, result.best.evaluation.design.to_json().encode())
    except ShipyardError as exc:
        fail(str(exc))
    if as_json:
        print(json.dumps({**result.to_data(), "file": str(output)}, indent=2))
        return
    _print(result, output)
    say(f"wrote {output}")
