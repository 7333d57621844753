"""`shipyard tournament FILES...`: a round robin, a Bradley-Terry ranking, points efficiency.

Every pair of designs (a fleet file enters its distinct designs) fights
`--runs` duels; the command prints the win-rate matrix with 95% intervals,
the ranking with a 95% interval on each rating, and the ranking by rating
per 100 points. Deterministic for a seed whatever `--workers` is, and the
same on a Dask cluster (`--scheduler ADDRESS`, docs/cluster.md). Unreadable
files, designs of different games, unknown policies and a scheduler out of
reach exit 2; illegal designs exit 1.
"""

from __future__ import annotations

import csv
import io
import json
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from shipyard.commands.fleet import expand_with_fleets, load_fleet
from shipyard.commands.inputs import CatalogNotes, catalog_data, input_paths, load
from shipyard.commands.options import (
    CatalogOpt,
    GeometryOpt,
    HyperOpt,
    RangeOpt,
    ScenarioOpt,
    SchedulerOpt,
    SpeedAOpt,
    SpeedBOpt,
    WorkersOpt,
    runs_option,
    turns_option,
    until_ci_option,
)
from shipyard.commands.outputs import ForceOpt, check_output
from shipyard.commands.terminal import (
    EXIT_ILLEGAL,
    EXIT_UNREADABLE,
    before_duels,
    detail,
    err_console,
    fail,
    out,
    problem,
    say,
)
from shipyard.core.errors import ShipyardError
from shipyard.core.files import encodable, write_atomic
from shipyard.core.issues import Agreement
from shipyard.core.neutral import Evaluation
from shipyard.core.protocol import duels_of
from shipyard.core.scenario import turn_limit_line
from shipyard.core.stats import rate
from shipyard.services.cluster import connect
from shipyard.services.fleet import distinct_designs, is_fleet
from shipyard.services.scenarios import geometry_problem, on_the, pick
from shipyard.services.tournament import Tournament, labelled, pairings, run_tournament

FilesArg = Annotated[list[str], typer.Argument(
    metavar="FILE...", show_default=False,
    help="Designs, sample:NAME, fleet files (their distinct designs) or folders.")]


def require_legal(found: Sequence[tuple[str, Evaluation]]) -> None:
    """Every design must be legal to fight: each illegal one named, exit 1."""
    illegal = False
    for file, evaluation in found:
        if evaluation.legal:
            continue
        illegal = True
        problem(f"{file}: the design is not legal:")
        for issue in evaluation.issues:
            if issue.severity == "error":
                where = f" {issue.path}:" if issue.path else ""
                detail(f"  error{where} {issue.cited}")
    if illegal:
        raise typer.Exit(EXIT_ILLEGAL)


def _entrants(arguments: Sequence[str], catalog: Path | None,
              scenario: Agreement | None = None) -> list[tuple[str, Evaluation]]:
    """(source, evaluation) of every design named, fleets opened; unreadable: exit 2."""
    found: list[tuple[str, Evaluation]] = []
    unreadable = False
    for file in expand_with_fleets(arguments):
        try:
            if is_fleet(file):
                report = load_fleet(file, scenario=scenario, catalog=catalog)
                designs = distinct_designs(report.fleet)
                for design in designs:
                    entry = next(e for e in report.fleet.entries if e.design is design)
                    found.append((file, report.evaluations[entry.index]))
            else:
                found.append((file, load(file, scenario, catalog)))
        except ShipyardError as exc:
            problem(str(exc))
            unreadable = True
    if unreadable:
        raise typer.Exit(EXIT_UNREADABLE)
    return found


def _matrix(result: Tournament) -> Table:
    labels = [entrant.label for entrant in result.entrants]
    table = Table(title="Win rate of the row against the column (95% interval)",
                  title_justify="left", show_edge=False, pad_edge=False)
    table.add_column("")
    for label in labels:
        table.add_column(escape(label), justify="right")
    for a, label in enumerate(labels):
        cells = []
        for b in range(len(labels)):
            if a == b:
                cells.append("-")
                continue
            wins, losses, draws = result.result(a, b)
            share = rate(wins, wins + losses + draws)
            cells.append(f"{share.share:.0%} {share.low * 100:.0f}-{share.high * 100:.0f}")
        table.add_row(escape(label), *cells)
    return table


def _print(result: Tournament, policy: str) -> None:
    pairs = len(result.pairs)
    played = sum(pair.runs for pair in result.pairs)
    where = on_the(duels_of(result.entrants[0].evaluation.ruleset), result.geometry)
    out.print(f"[bold]{len(result.entrants)} designs[/bold], {pairs} pairs, {played} duels "
              f"(up to {result.runs} a pair){where}, seed {result.seed}, policy "
              f"{escape(policy)}")
    if result.scenario is not None:
        words = result.scenario.words()
        bases = (" (a base at rest; unless a range or scenario is given, its enemy starts "
                 "beyond its batteries)") if result.opens_otherwise() else ""
        out.print(words[0].upper() + words[1:] + bases, markup=False)
    out.print(_matrix(result))
    out.print()
    ranking = Table(title="Ranking (Bradley-Terry; 100 = the field's average)",
                    title_justify="left", show_edge=False, pad_edge=False)
    for column in ("#", "Design", "Points", "Rating", "95% interval"):
        ranking.add_column(column, justify="left" if column == "Design" else "right")
    for place, s in enumerate(result.standings, start=1):
        ranking.add_row(str(place), escape(s.label), str(s.points), f"{s.rating:.1f}",
                        f"{s.low:.1f} - {s.high:.1f}")
    out.print(ranking)
    out.print()
    if result.scenario is not None:
        line = turn_limit_line(result.cut_off_share, result.scenario.turn_limit)
        if line is not None:
            out.print(line, markup=False, style="yellow")
    if result.equal_points:
        out.print("Every craft is bought with the same points budget: the ranking is the "
                  "efficiency ranking.", style="dim")
        out.print("Intervals on ratings come from the observed Fisher information of the fit; "
                  "a draw counts half a win to each side.", style="dim")
        return
    efficiency = Table(title="Points efficiency (rating per 100 points)", title_justify="left",
                       show_edge=False, pad_edge=False)
    for column in ("#", "Design", "Per 100 points", "Rating", "Points"):
        efficiency.add_column(column, justify="left" if column == "Design" else "right")
    for place, s in enumerate(result.by_efficiency(), start=1):
        efficiency.add_row(str(place), escape(s.label), f"{s.per_100_points:.2f}",
                           f"{s.rating:.1f}", str(s.points))
    out.print(efficiency)
    out.print("Intervals on ratings come from the observed Fisher information of the fit; "
              "a draw counts half a win to each side.", style="dim")


def csv_text(result: Tournament) -> str:
    """The matrix as CSV: one row per ordered pair, with the win rate's 95% interval."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["a", "b", "wins", "losses", "draws", "runs", "win_rate", "win_low",
                     "win_high"])
    for row in result.to_data()["matrix"]:
        runs = row["wins"] + row["losses"] + row["draws"]
        share = rate(row["wins"], runs)
        writer.writerow([row["a"], row["b"], row["wins"], row["losses"], row["draws"], runs,
                         f"{share.share:.6f}", f"{share.low:.6f}", f"{share.high:.6f}"])
    return buffer.getvalue()


def tournament_command(
    files: FilesArg,
    runs: Annotated[int, runs_option("Duels per pair (the most, with --until-ci).")] = 200,
    seed: Annotated[int, typer.Option("--seed", metavar="N",
                                      help="Master seed of the tournament.")] = 1,
    workers: WorkersOpt = 1,
    policy: Annotated[str | None, typer.Option(
        "--policy", metavar="NAME", show_default=False,
        help="Every design's duel policy (default: the game's first; shipyard rulesets "
             "lists them).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of tables.")]
    = False,
    csv_file: Annotated[Path | None, typer.Option(
        "--csv", metavar="FILE", show_default=False,
        help="Also write the matrix as CSV here.")] = None,
    until_ci: Annotated[float | None, until_ci_option(
        "Stop a pair early once its win and loss 95% intervals are narrower than this.")]
    = None,
    scenario_name: ScenarioOpt = None,
    range_: RangeOpt = None,
    turns: Annotated[int | None, turns_option(
        "Turn limit; a duel still going is a draw (default: the game's own).")] = None,
    speed_a: SpeedAOpt = None,
    speed_b: SpeedBOpt = None,
    geometry: GeometryOpt = None,
    catalog: CatalogOpt = None,
    scheduler: SchedulerOpt = None,
    force: ForceOpt = False,
    allow_hyper_bombs: HyperOpt = False,
) -> None:
    """Round robin: every pair duels; win-rate matrix, Bradley-Terry ranking, efficiency."""
    if csv_file is not None:  # before any duel: a bad --csv is found now, not after the work
        check_output(csv_file, input_paths(expand_with_fleets(files)), force, "--csv")
    found = _entrants(files, catalog, Agreement(hyper_bombs_allowed=allow_hyper_bombs))
    names = {e.ruleset.name for _, e in found}
    if len(names) > 1:
        first = found[0][1].ruleset.name
        other = next((f, e) for f, e in found if e.ruleset.name != first)
        fail(f"{other[0]}: a {other[1].ruleset.name} design cannot meet a {first} design")
    entrants = labelled(found)
    if len(entrants) < 2:
        fail("a tournament needs two different designs or more")
    require_legal([(f, e) for f, e in found])
    try:
        duels = duels_of(entrants[0].evaluation.ruleset)
    except ShipyardError as exc:
        fail(str(exc))
    chosen = policy if policy is not None else duels.policies[0]
    if chosen not in duels.policies:
        fail(f"unknown policy {chosen!r} (known: {', '.join(duels.policies)})")
    wrong = geometry_problem(duels, geometry)
    if wrong is not None:
        fail(wrong)
    try:
        picked = pick(duels, entrants[0].evaluation.catalog, scenario_name, range_, turns,
                      (speed_a, speed_b))
    except ShipyardError as exc:
        fail(str(exc))
    count = workers if workers > 0 else (os.cpu_count() or 1)
    total = len(pairings(len(entrants))) * runs
    try:
        if scheduler is not None:
            connect(scheduler)  # out of reach: one line before any progress bar
        else:
            before_duels(entrants[0].evaluation, None, geometry)
        with Progress(TextColumn("duels"), BarColumn(), MofNCompleteColumn(),
                      TimeRemainingColumn(), console=err_console(), transient=True,
                      disable=as_json) as progress:
            task = progress.add_task("duels", total=total)
            advance: Callable[[int], None] = lambda n: progress.advance(task, n)  # noqa: E731
            result = run_tournament(entrants, runs, seed, count, chosen, picked.scenario,
                                    until_ci, advance, scheduler, picked.asked, geometry)
    except ShipyardError as exc:
        fail(str(exc))
    if csv_file is not None:
        try:
            write_atomic(csv_file, encodable(csv_text(result)).encode())
        except ShipyardError as exc:
            fail(str(exc))
    house = catalog_data(entrants[0].evaluation)
    if as_json:
        data = result.to_data()
        if house is not None:
            data["catalog"] = house
        print(json.dumps(data, indent=2))
        return
    note = CatalogNotes().line(entrants[0].evaluation)
    if note is not None:
        out.print(note, markup=False)
    _print(result, chosen)
    if csv_file is not None:
        say(f"wrote {csv_file}")
