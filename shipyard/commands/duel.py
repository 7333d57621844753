"""`shipyard duel A B`: auto-resolve many duels between two legal designs.

A face on the duel engine: reads the designs, runs the batch (with a
progress bar on long runs, here or on a Dask cluster with `--scheduler`),
prints rates with 95% Wilson intervals, then with `--log` (or `--log-duel K`) one duel
of the batch turn by turn.
Unreadable files and a scheduler out of reach exit 2, illegal designs 1.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from shipyard.commands.inputs import CatalogNotes, catalog_data, load
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
from shipyard.commands.terminal import (
    EXIT_ILLEGAL,
    EXIT_UNREADABLE,
    before_duels,
    detail,
    err_console,
    interactive,
    out,
    problem,
)
from shipyard.commands.terminal import fail as _fail
from shipyard.core.dice import duel_seed
from shipyard.core.errors import ShipyardError
from shipyard.core.issues import Agreement
from shipyard.core.neutral import Evaluation
from shipyard.core.outcome import DuelScenario, Result
from shipyard.core.protocol import duels_of
from shipyard.core.scenario import turn_limit_line
from shipyard.core.stats import Rate, Summary, kill_lines, summarize
from shipyard.services.batch import Matchup, names, run_batch, run_one
from shipyard.services.cluster import connect
from shipyard.services.scenarios import damage_words, geometry_problem, on_the, pick, start_for

__all__ = ["EXIT_ILLEGAL", "EXIT_UNREADABLE", "duel_command"]

BLOCK = 200  # duels between two looks at the interval under --until-ci
PROGRESS_FROM = 500  # runs from which a progress bar is worth showing


def _load(argument: str, catalog: Path | None = None,
          scenario: Agreement | None = None) -> Evaluation:
    try:
        result = load(argument, scenario, catalog)
        duels_of(result.ruleset).duel_defaults(result.catalog)  # its tables must load
    except ShipyardError as exc:
        _fail(str(exc))
    if not result.legal:
        problem(f"{argument}: the design is not legal:")
        for issue in result.issues:
            if issue.severity == "error":
                where = f" {issue.path}:" if issue.path else ""
                detail(f"  error{where} {issue.cited}")
        raise typer.Exit(EXIT_ILLEGAL)
    return result


def _run(matchup: Matchup, runs: int, seed: int, workers: int, until_ci: float | None,
         show_progress: bool, scheduler: str | None = None) -> list[Result]:
    results: list[Result] = []
    with Progress(TextColumn("duels"), BarColumn(), MofNCompleteColumn(),
                  TimeRemainingColumn(), console=err_console(), transient=True,
                  disable=not show_progress) as progress:
        task = progress.add_task("duels", total=runs)
        advance: Callable[[int], None] = lambda n: progress.advance(task, n)  # noqa: E731
        while len(results) < runs:
            block = runs - len(results) if until_ci is None else min(BLOCK, runs - len(results))
            results += run_batch(matchup, block, seed, workers, start=len(results),
                                 progress=advance, scheduler=scheduler)
            if until_ci is not None and summarize(results).wins.width < until_ci:
                break
    return results


def _percent(rate: Rate) -> str:
    return f"{rate.share:6.1%}"


def result_notes(summary: Summary, scenario: DuelScenario) -> list[str]:
    """The lines every face adds under a result: too many duels cut off at the limit."""
    line = turn_limit_line(summary.cut_off_share, scenario.turn_limit)
    return [] if line is None else [line]


def _print_summary(a: str, b: str, summary: Summary, seed: int, policies: tuple[str, str],
                   scenario: DuelScenario, damage_words: str, where: str = "") -> None:
    plain = (a, b)
    a, b = escape(a), escape(b)  # design names are the player's text, not markup
    out.print(f"[bold]{a}[/bold] ({policies[0]}) against [bold]{b}[/bold] ({policies[1]}): "
              f"{summary.runs} duels{where}, seed {seed}, start range {scenario.start_range}, "
              f"turn limit {scenario.turn_limit}")
    out.print(escape(scenario.words(plain)[0].upper() + scenario.words(plain)[1:]))
    table = Table(show_edge=False, pad_edge=False)
    table.add_column("Outcome")
    table.add_column("Duels", justify="right")
    table.add_column("Rate", justify="right")
    table.add_column("95% interval", justify="right")
    for label, rate in ((f"{a} wins", summary.wins), (f"{b} wins", summary.losses),
                        ("draws", summary.draws)):
        table.add_row(label, str(rate.count), _percent(rate),
                      f"{rate.low:.1%} - {rate.high:.1%}")
    out.print(table)
    if summary.mean_turns_to_kill is None:
        out.print("No duel ended in a kill.")
    else:
        out.print(f"Turns to a kill: mean {summary.mean_turns_to_kill:.2f}, "
                  f"median {summary.median_turns_to_kill:g}")
    out.print(f"Mean damage dealt ({escape(damage_words)}): {a} {summary.mean_damage[0]:.1f}, "
              f"{b} {summary.mean_damage[1]:.1f}")
    if summary.kill_causes:
        for line in kill_lines(plain, summary):
            out.print(line, markup=False)
    for line in result_notes(summary, scenario):
        out.print(line, markup=False, style="yellow")


def duel_command(
    a: Annotated[str, typer.Argument(metavar="A", show_default=False,
                                     help="First design (.ship.json or .toml), or sample:NAME.")],
    b: Annotated[str, typer.Argument(metavar="B", show_default=False,
                                     help="Second design, or sample:NAME.")],
    runs: Annotated[int, runs_option("Duels to run (the most, with --until-ci).")] = 1000,
    seed: Annotated[int, typer.Option("--seed", metavar="N",
                                      help="Master seed of the batch.")] = 1,
    range_: RangeOpt = None,
    turns: Annotated[int | None, turns_option(
        "Turn limit; a duel still going is a draw (default: the game's own).")] = None,
    scenario_name: ScenarioOpt = None,
    speed_a: SpeedAOpt = None,
    speed_b: SpeedBOpt = None,
    policy_a: Annotated[str, typer.Option("--policy-a", metavar="NAME",
                                          help="Policy of the first design "
                                          "(shipyard rulesets lists each game's).")] = "default",
    policy_b: Annotated[str, typer.Option("--policy-b", metavar="NAME",
                                          help="Policy of the second design.")] = "default",
    workers: WorkersOpt = 1,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
    until_ci: Annotated[float | None, until_ci_option(
        "Stop once the win-rate 95% interval is narrower than this.")] = None,
    log: Annotated[bool, typer.Option(
        "--log", help="After the statistics, tell the batch's first duel turn by turn.")] = False,
    log_duel: Annotated[int | None, typer.Option(
        "--log-duel", min=1, metavar="K", show_default=False,
        help="After the statistics, tell duel K of the batch (1 is the first).")] = None,
    engine: Annotated[str | None, typer.Option(
        "--engine", metavar="NAME", show_default=False,
        help="Duel engine (default: the game's first; shipyard rulesets lists them).")] = None,
    geometry: GeometryOpt = None,
    catalog: CatalogOpt = None,
    scheduler: SchedulerOpt = None,
    allow_hyper_bombs: HyperOpt = False,
) -> None:
    """Auto-resolve duels between two designs: win, loss and draw rates with 95% intervals."""
    agreed = Agreement(hyper_bombs_allowed=allow_hyper_bombs)
    first, second = _load(a, catalog, agreed), _load(b, catalog, agreed)
    if second.ruleset.name != first.ruleset.name:
        _fail(f"{b}: a {second.ruleset.name} design cannot duel a {first.ruleset.name} design")
    duels = duels_of(first.ruleset)  # _load made sure the game has duels
    known = duels.policies
    for policy in (policy_a, policy_b):
        if policy not in known:
            _fail(f"unknown policy {policy!r} (known: {', '.join(known)})")
    if engine is not None and engine not in duels.engines:
        _fail(f"unknown engine {engine!r} (known: {', '.join(duels.engines)})")
    wrong = geometry_problem(duels, geometry)
    if wrong is not None:
        _fail(wrong)
    try:
        picked = pick(duels, first.catalog, scenario_name, range_, turns, (speed_a, speed_b))
        scenario = start_for(duels, picked, first, second)
    except ShipyardError as exc:
        _fail(str(exc))
    matchup = Matchup(first, second, policy_a, policy_b, scenario, engine, geometry)
    where = on_the(duels, geometry)
    name_a, name_b = names(matchup)
    house = catalog_data(first)
    note = CatalogNotes().line(first)
    if note is not None and not as_json:
        out.print(note, markup=False)
    if scheduler is None:
        before_duels(first, engine, geometry)
    count = workers if workers > 0 else (os.cpu_count() or 1)
    show = not as_json and runs >= PROGRESS_FROM and interactive()
    try:
        if scheduler is not None:
            connect(scheduler)  # out of reach: one line before any progress bar
        results = _run(matchup, runs, seed, count, until_ci, show, scheduler)
    except ShipyardError as exc:
        _fail(str(exc))
    summary = summarize(results, scenario.turn_limit)
    told = log_duel if log_duel is not None else (1 if log else None)
    if told is not None and told > len(results):
        _fail(f"--log-duel {told}: the batch has {len(results)} duel(s)")
    # Both engines fight the same duel for a seed: the reference engine tells the batch's own.
    logged = None if told is None else run_one(matchup, duel_seed(seed, told - 1), log=True)
    if as_json:
        print(json.dumps({"a": name_a, "b": name_b, "policies": [policy_a, policy_b],
                          "seed": seed, "scenario": scenario.as_data(),
                          **({"geometry": geometry} if geometry is not None else {}),
                          **summary.as_data(), "damage_counts": damage_words(duels),
                          "notes": result_notes(summary, scenario),
                          **(_logged_data(told, logged, (name_a, name_b))
                             if told is not None and logged is not None else {}),
                          **({"catalog": house} if house is not None else {})}, indent=2))
        return
    _print_summary(name_a, name_b, summary, seed, (policy_a, policy_b), scenario,
                   damage_words(duels), where)
    if told is not None and logged is not None:
        out.print()
        out.print(f"Duel {told} of the batch (seed {seed}), turn by turn:", markup=False)
        for line in logged.log:
            out.print(line, markup=False)


def _logged_data(told: int, result: Result, labels: tuple[str, str]) -> dict[str, object]:
    """The told duel in `--json`: which one, how it ended, and its lines."""
    return {"log_duel": told, "log": list(result.log),
            "winner": None if result.winner is None else labels[result.winner],
            "turns": result.turns, "cause": result.cause,
            "damage": {"a": result.damage[0], "b": result.damage[1]}}
