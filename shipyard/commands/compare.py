"""`shipyard compare A B [C ...]`: designs side by side, differences marked.

Every derived figure, the boxes of each system and the points of each group
of systems, one column per design; `--duel N` adds the head-to-head win,
draw and loss rates of every pair with 95% intervals. Unreadable files and
designs of different games exit 2; with `--duel`, an illegal design exits 1.
"""

from __future__ import annotations

import json
import os
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.table import Table

from shipyard.commands.inputs import CatalogNotes, catalog_data, load_all
from shipyard.commands.options import (
    CatalogOpt,
    GeometryOpt,
    HyperOpt,
    RangeOpt,
    ScenarioOpt,
    SpeedAOpt,
    SpeedBOpt,
    WorkersOpt,
    runs_option,
    turns_option,
)
from shipyard.commands.terminal import EXIT_UNREADABLE, before_duels, fail, out, problem
from shipyard.commands.tournament import require_legal
from shipyard.core.errors import ShipyardError
from shipyard.core.issues import Agreement
from shipyard.core.outcome import DuelScenario
from shipyard.core.protocol import duels_of
from shipyard.core.scenario import turn_limit_line
from shipyard.core.stats import Rate
from shipyard.services.compare import Row, check_comparable, compare, rows_data
from shipyard.services.scenarios import geometry_problem, on_the, pick
from shipyard.services.tournament import Entrant, PairResult, play

SECTION_TITLES = {"figures": "Figures", "boxes": "Boxes per system", "points": "Points per group"}

FilesArg = Annotated[list[str], typer.Argument(
    metavar="FILE...", show_default=False,
    help="Two or more designs of one game (.ship.json, .toml, .ssd.json) or sample:NAME.")]


def _print_rows(labels: list[str], rows: list[Row]) -> None:
    table = Table(show_edge=False, pad_edge=False)
    table.add_column("")
    table.add_column("Figure")
    for label in labels:
        table.add_column(escape(label), justify="right")
    section = ""
    for row in rows:
        if row.section != section:
            section = row.section
            table.add_row("", f"[bold]{SECTION_TITLES.get(section, section)}[/bold]",
                          *([""] * len(labels)))
        mark = "[yellow]*[/yellow]" if row.differs else ""
        cells = [escape(cell) for cell in row.shown()]  # exact in --json ("4353/80")
        if row.differs:
            cells = [f"[yellow]{c}[/yellow]" for c in cells]
        table.add_row(mark, escape(row.key.replace("_", " ")), *cells)
    out.print(table)
    out.print("[yellow]*[/yellow] the designs differ")


def _rate_data(value: Rate) -> dict[str, Any]:
    return {"count": value.count, "rate": value.share, "ci95": [value.low, value.high]}


def _interval(value: Rate) -> str:
    return f"{value.share:.1%} ({value.low:.1%} - {value.high:.1%})"


def _cut_off_line(pairs: list[PairResult], scenario: DuelScenario) -> str | None:
    played = sum(p.runs for p in pairs)
    share = sum(p.cut_off for p in pairs) / played if played else 0.0
    return turn_limit_line(share, scenario.turn_limit)


def _print_duels(labels: list[str], pairs: list[PairResult], seed: int,
                 scenario: DuelScenario, where: str = "") -> None:
    runs = pairs[0].runs if pairs else 0
    out.print()  # a blank line: a "\n" inside the text would show as an escape
    out.print(f"[bold]Head to head[/bold]: {runs} duels a pair{where}, seed {seed}")
    words = scenario.words()
    out.print(words[0].upper() + words[1:], markup=False)
    table = Table(show_edge=False, pad_edge=False)
    for column in ("A", "B", "A wins", "draws", "B wins"):
        table.add_column(column, justify="left" if column in ("A", "B") else "right")
    for pair in pairs:
        wins, draws, losses = pair.rates()
        table.add_row(escape(labels[pair.a]), escape(labels[pair.b]), _interval(wins),
                      _interval(draws), _interval(losses))
    out.print(table)
    line = _cut_off_line(pairs, scenario)
    if line is not None:
        out.print(line, markup=False, style="yellow")


def compare_command(
    files: FilesArg,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")]
    = False,
    duel: Annotated[int | None, runs_option(
        "Also fight N duels between every pair (win/draw/loss with 95% intervals), on "
        "the seeds a tournament gives each pair: two designs fight the duels of "
        "`shipyard duel` with the same --seed.", "--duel")] = None,
    seed: Annotated[int, typer.Option("--seed", metavar="N",
                                      help="Master seed of the duels.")] = 1,
    workers: WorkersOpt = 1,
    scenario_name: ScenarioOpt = None,
    range_: RangeOpt = None,
    turns: Annotated[int | None, turns_option(
        "Turn limit of the duels (default: the game's own).")] = None,
    speed_a: SpeedAOpt = None,
    speed_b: SpeedBOpt = None,
    geometry: GeometryOpt = None,
    catalog: CatalogOpt = None,
    allow_hyper_bombs: HyperOpt = False,
) -> None:
    """Set designs side by side: figures, boxes and points per group, differences marked."""
    loaded = load_all(files, Agreement(hyper_bombs_allowed=allow_hyper_bombs), catalog)
    for one in loaded:
        if one.evaluation is None:
            problem(str(one.error))
    if any(one.evaluation is None for one in loaded):
        raise typer.Exit(EXIT_UNREADABLE)
    evaluations = [one.evaluation for one in loaded if one.evaluation is not None]
    labels = [e.design.name or one.file for e, one in zip(evaluations, loaded, strict=True)]
    labels = [label if labels.count(label) == 1 else f"{label} ({one.file})"
              for label, one in zip(labels, loaded, strict=True)]
    try:
        check_comparable([one.file for one in loaded], evaluations)
    except ShipyardError as exc:
        fail(str(exc))
    rows = compare(evaluations)
    pairs: list[PairResult] = []
    if duel is not None:
        require_legal([(one.file, e) for one, e in zip(loaded, evaluations, strict=True)])
        try:
            duels = duels_of(evaluations[0].ruleset)
            picked = pick(duels, evaluations[0].catalog, scenario_name, range_, turns,
                          (speed_a, speed_b))
        except ShipyardError as exc:
            fail(str(exc))
        wrong = geometry_problem(duels, geometry)
        if wrong is not None:
            fail(wrong)
        count = workers if workers > 0 else (os.cpu_count() or 1)
        entrants = [Entrant(label, e) for label, e in zip(labels, evaluations, strict=True)]
        before_duels(evaluations[0], None, geometry)
        pairs = play(entrants, duel, seed, count, duels.policies[0], picked.scenario,
                     asked=picked.asked, geometry=geometry)
    if as_json:
        data: dict[str, Any] = {
            "designs": [{"file": one.file, "name": e.design.name, "ruleset": e.ruleset.name,
                         "total": e.sheet.total}
                        for one, e in zip(loaded, evaluations, strict=True)],
            "rows": rows_data(rows)}
        if duel is not None:
            data["duels"] = [{"a": labels[p.a], "b": labels[p.b], "runs": p.runs, "seed": seed,
                              **dict(zip(("wins", "draws", "losses"),
                                         map(_rate_data, p.rates()), strict=True)),
                              "turn_limit_reached": p.cut_off}
                             for p in pairs]
            data["scenario"] = picked.scenario.as_data()
            if geometry is not None:
                data["geometry"] = geometry
            line = _cut_off_line(pairs, picked.scenario)
            data["notes"] = [] if line is None else [line]
        house = catalog_data(evaluations[0])
        if house is not None:
            data["catalog"] = house
        print(json.dumps(data, indent=2))
        return
    note = CatalogNotes().line(evaluations[0])
    if note is not None:
        out.print(note, markup=False)
    _print_rows(labels, rows)
    if duel is not None:
        _print_duels(labels, pairs, seed, picked.scenario,
                     on_the(duels_of(evaluations[0].ruleset), geometry))
