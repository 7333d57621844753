"""`shipyard battle FLEET_A FLEET_B`: auto-resolve many battles between two fleets.

A face on the battle service (`services.battle`): reads and checks both fleets, runs
the batch (a progress bar on long runs; here, or on a Dask cluster with
`--scheduler`), prints win / draw / loss with 95% Wilson intervals, points destroyed
each way, the exchange ratio, survivors, each ship's survival, kill causes and turns;
or the `shipyard.battle-result/1` document with `--json`. `--csv` writes every battle,
`--log`/`--log-battle K` tells one battle of the batch, `--replay K -o FILE.svg` draws it.
Every problem with the input (a fleet unreadable, of the other game or of a game
without battles, empty, holding an illegal design, over the agreed budget without
`--draft`) is one line on stderr and exit 2, before anything is written.
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

from shipyard.commands.inputs import CatalogNotes, catalog_data
from shipyard.commands.options import (
    CatalogOpt,
    HyperOpt,
    RangeOpt,
    ScenarioOpt,
    WorkersOpt,
    runs_option,
    turns_option,
    until_ci_option,
)
from shipyard.commands.outputs import ForceOpt, check_output
from shipyard.commands.terminal import err_console, fail, interactive, out, problem, say
from shipyard.core.battle import BattleResult, Replay
from shipyard.core.battle_stats import BattleSummary
from shipyard.core.errors import ShipyardError
from shipyard.core.files import encodable, write_atomic
from shipyard.core.issues import Agreement
from shipyard.core.stats import Rate
from shipyard.services.batch import COMPILING
from shipyard.services.battle import (
    Engagement,
    Start,
    battle_replay,
    compiling,
    engage,
    run_battles,
    summarize_battles,
    told_battle,
)
from shipyard.services.battle_output import (
    csv_text,
    exchange_words,
    heading,
    kill_words,
    notes,
    result_data,
    survivor_words,
    turns_words,
)
from shipyard.services.cluster import connect
from shipyard.services.samples import resolve_fleet

PROGRESS_FROM = 200  # battles from which a progress bar is worth showing

SpeedAOpt = Annotated[int | None, typer.Option(
    "--speed-a", min=-99, max=99, metavar="HEXES", show_default=False,
    help="The first fleet's start speed toward the other, hexes a turn (negative: away; "
         "0: at rest; default: the scenario's).")]
SpeedBOpt = Annotated[int | None, typer.Option(
    "--speed-b", min=-99, max=99, metavar="HEXES", show_default=False,
    help="The second fleet's start speed toward the other (as --speed-a).")]
SchedulerOpt = Annotated[str | None, typer.Option(
    "--scheduler", metavar="ADDRESS", show_default=False,
    help="Fight the battles on the Dask cluster of this scheduler, e.g. tcp://HOST:8786, "
         "instead of --workers here; same results (needs the cluster extra, see "
         "docs/cluster.md).")]
FleetArgA = Annotated[str, typer.Argument(
    metavar="FLEET_A", show_default=False,
    help="First fleet: a fleet file (.fleet.json or TOML), or sample-fleet:NAME.")]
FleetArgB = Annotated[str, typer.Argument(
    metavar="FLEET_B", show_default=False, help="Second fleet, or sample-fleet:NAME.")]


def _inputs(arguments: tuple[str, ...]) -> list[Path]:
    found = []
    for argument in arguments:
        try:
            found.append(resolve_fleet(argument))
        except ShipyardError:
            continue  # reading it names the problem
    return found


def _run(engagement: Engagement, runs: int, seed: int, workers: int, until_ci: float | None,
         show_progress: bool, scheduler: str | None) -> list[BattleResult]:
    with Progress(TextColumn("battles"), BarColumn(), MofNCompleteColumn(),
                  TimeRemainingColumn(), console=err_console(), transient=True,
                  disable=not show_progress) as progress:
        task = progress.add_task("battles", total=runs)
        advance: Callable[[int], None] = lambda n: progress.advance(task, n)  # noqa: E731
        return run_battles(engagement, runs, seed, workers, progress=advance,
                           scheduler=scheduler, until_ci=until_ci)


def _interval(rate: Rate) -> str:
    return f"{rate.low:.1%} - {rate.high:.1%}"


def _print(engagement: Engagement, summary: BattleSummary, seed: int, asked: int) -> None:
    plain = engagement.names
    a, b = (escape(name) for name in plain)
    lines = heading(engagement, seed, summary, asked)
    out.print(f"[bold]{escape(lines[0])}[/bold]")
    for line in lines[1:]:
        out.print(line, markup=False)
    outcomes = Table(show_edge=False, pad_edge=False)
    for column, justify in (("Outcome", "left"), ("Battles", "right"), ("Rate", "right"),
                            ("95% interval", "right")):
        outcomes.add_column(column, justify=justify)  # type: ignore[arg-type]
    for label, rate in ((f"{a} wins", summary.wins), (f"{b} wins", summary.losses),
                        ("draws", summary.draws)):
        outcomes.add_row(label, str(rate.count), f"{rate.share:6.1%}", _interval(rate))
    out.print(outcomes)
    out.print()
    destroyed = Table(show_edge=False, pad_edge=False)
    for column, justify in (("Points destroyed a battle", "left"), ("Mean", "right"),
                            ("95% interval", "right"), ("Of", "right")):
        destroyed.add_column(column, justify=justify)  # type: ignore[arg-type]
    for name, side, other in ((a, summary.sides[0], summary.sides[1]),
                              (b, summary.sides[1], summary.sides[0])):
        destroyed.add_row(f"by {name}", f"{side.destroyed.mean:.1f}",
                          f"{side.destroyed.low:.1f} - {side.destroyed.high:.1f}",
                          str(other.points))
    out.print(destroyed)
    out.print(exchange_words(plain, summary), markup=False)
    out.print()
    for name, side in zip(plain, summary.sides, strict=True):
        out.print(survivor_words(name, side, summary.runs), markup=False)
    ships = Table(show_edge=False, pad_edge=False)
    for column, justify in (("Fleet", "left"), ("Ship", "left"), ("Design", "left"),
                            ("Points", "right"), ("Survived", "right"),
                            ("95% interval", "right")):
        ships.add_column(column, justify=justify)  # type: ignore[arg-type]
    for name, fleet, stats in ((a, engagement.a, summary.sides[0]),
                               (b, engagement.b, summary.sides[1])):
        for ship, alive in zip(fleet.report.ships, stats.ship_survival, strict=True):
            ships.add_row(name, escape(ship.name), escape(ship.evaluation.design.name),
                          str(ship.points), f"{alive.share:6.1%}", _interval(alive))
    out.print(ships)
    out.print()
    for name, side in zip(plain, summary.sides, strict=True):
        out.print(kill_words(name, side), markup=False)
    out.print(turns_words(engagement, summary), markup=False)
    for line in notes(engagement, summary):
        out.print(line, markup=False, style="yellow")


def _told(told: int | None, runs: int) -> None:
    if told is not None and told > runs:
        fail(f"--log-battle {told}: the batch has {runs} battle(s)")


def battle_command(
    a: FleetArgA,
    b: FleetArgB,
    runs: Annotated[int, runs_option("Battles to run (the most, with --until-ci).")] = 1000,
    seed: Annotated[int, typer.Option("--seed", metavar="N",
                                      help="Master seed of the batch.")] = 1,
    range_: RangeOpt = None,
    turns: Annotated[int | None, turns_option(
        "Turn limit; a battle still going is a draw (default: the game's own).")] = None,
    scenario_name: ScenarioOpt = None,
    speed_a: SpeedAOpt = None,
    speed_b: SpeedBOpt = None,
    policy_a: Annotated[str | None, typer.Option(
        "--policy-a", metavar="NAME", show_default=False,
        help="Policy of every ship of the first fleet (default: the game's first; "
             "shipyard rulesets lists each game's).")] = None,
    policy_b: Annotated[str | None, typer.Option(
        "--policy-b", metavar="NAME", show_default=False,
        help="Policy of every ship of the second fleet.")] = None,
    workers: WorkersOpt = 1,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of tables.")]
    = False,
    csv_file: Annotated[Path | None, typer.Option(
        "--csv", metavar="FILE", show_default=False,
        help="Also write every battle as CSV here: its seed, winner, turns and each ship's "
             "fate.")] = None,
    until_ci: Annotated[float | None, until_ci_option(
        "Stop once the win-rate 95% interval is narrower than this.")] = None,
    log: Annotated[bool, typer.Option(
        "--log", help="After the statistics, tell the batch's first battle.")] = False,
    log_battle: Annotated[int | None, typer.Option(
        "--log-battle", min=1, metavar="K", show_default=False,
        help="After the statistics, tell battle K of the batch (1 is the first).")] = None,
    replay: Annotated[int | None, typer.Option(
        "--replay", min=1, metavar="K", show_default=False,
        help="Write battle K of the batch as an animated SVG (-o FILE.svg).")] = None,
    output: Annotated[Path | None, typer.Option(
        "-o", "--output", metavar="FILE.svg", show_default=False,
        help="Where --replay writes (default: battle-K.svg).")] = None,
    engine: Annotated[str | None, typer.Option(
        "--engine", metavar="NAME", show_default=False,
        help="Battle engine (default: the game's first; shipyard rulesets lists them).")]
    = None,
    budget: Annotated[int | None, typer.Option(
        "--budget", min=0, metavar="N", show_default=False,
        help="The agreed budget both fleets must keep to (default: the larger of the "
             "fleets' own budgets).")] = None,
    draft: Annotated[bool, typer.Option(
        "--draft", help="Fight a fleet over the agreed budget; every output then says the "
                        "sides were unequal.")] = False,
    catalog: CatalogOpt = None,
    scheduler: SchedulerOpt = None,
    force: ForceOpt = False,
    allow_hyper_bombs: HyperOpt = False,
) -> None:
    """Auto-resolve battles between two fleets: win, draw and loss rates, points destroyed,
    survivors and kill causes, with 95% intervals."""
    if output is not None and replay is None:
        fail("-o: give --replay K to say which battle to draw")
    svg = None if replay is None else (output or Path(f"battle-{replay}.svg"))
    given = _inputs((a, b))
    for path, option in ((csv_file, "--csv"), (svg, "-o")):
        if path is not None:  # before any battle: a bad output is found now
            check_output(path, given, force, option)
    if csv_file is not None and svg is not None and csv_file.resolve() == svg.resolve():
        fail(f"{svg}: --csv and -o name the same file")
    told = log_battle if log_battle is not None else (1 if log else None)
    for k, option in ((told, "--log-battle"), (replay, "--replay")):
        if k is not None and k > runs:
            fail(f"{option} {k}: the batch has {runs} battle(s) (--runs {runs})")
    try:
        engagement = engage(
            a, b, budget=budget, draft=draft, policies=(policy_a, policy_b),
            scenario=Start(scenario_name, range_, turns, (speed_a, speed_b)), engine=engine,
            catalog=catalog, agreement=Agreement(hyper_bombs_allowed=allow_hyper_bombs))
    except ShipyardError as exc:
        fail(str(exc))
    first = engagement.a.report.ships[0].evaluation
    house = catalog_data(first)
    note = CatalogNotes().line(first)
    if note is not None and not as_json:
        out.print(note, markup=False)
    count = workers if workers > 0 else (os.cpu_count() or 1)
    show = not as_json and runs >= PROGRESS_FROM and interactive()
    try:
        if scheduler is not None:
            connect(scheduler)  # out of reach: one line before any progress bar
        elif interactive() and compiling(engagement):
            problem(f"{COMPILING}…")
        results = _run(engagement, runs, seed, count, until_ci, show, scheduler)
        for k, option in ((told, "--log-battle"), (replay, "--replay")):
            if k is not None and k > len(results):  # --until-ci stopped it short
                fail(f"{option} {k}: the batch has {len(results)} battle(s)")
        # Both engines fight the same battle for a seed: the reference engine retells it.
        logged = None if told is None else told_battle(engagement, seed, told)
        picture = None if replay is None else _svg(battle_replay(engagement, seed, replay))
        summary = summarize_battles(engagement, results)
        if csv_file is not None:
            write_atomic(csv_file, encodable(csv_text(engagement, seed, results)).encode())
        if svg is not None and picture is not None:
            write_atomic(svg, picture.encode("utf-8"))
    except ShipyardError as exc:
        fail(str(exc))
    if as_json:
        print(json.dumps(result_data(engagement, seed, summary,
                                     None if told is None or logged is None
                                     else (told, logged), house), indent=2))
    else:
        _print(engagement, summary, seed, runs)
        if told is not None and logged is not None:
            out.print()
            out.print(f"Battle {told} of the batch (seed {seed}):", markup=False)
            for line in logged.log:
                out.print(line, markup=False)
    for path in (csv_file, svg):
        if path is not None:
            say(f"wrote {path}")


def _svg(replay: Replay) -> str:
    """The replay as an animated SVG (the renderer is imported only when a replay is asked
    for)."""
    from shipyard.render.replay_svg import replay_svg

    return replay_svg(replay)
