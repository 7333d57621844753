"""Options several commands share, spelled once so their help reads the same.

Each names what the user types (`N`, `DIR`) rather than a Python type.
"""

from __future__ import annotations

import math
import os
from pathlib import Path
from typing import Annotated, Any

import typer

from shipyard.core.protocol import MAX_TURNS

# Bounds of the options every duel command shares. A batch of MAX_RUNS duels a pair
# narrows a 95% interval to about +-0.3 points and takes seconds on the compiled
# engines; more would only hold memory and time. Workers beyond four a core only
# wait for each other.
MAX_RUNS = 100_000
MAX_WORKERS = (os.cpu_count() or 1) * 4

BudgetOpt = Annotated[
    int | None, typer.Option("--budget", min=0, metavar="N",
                             help="Points budget agreed by the players.")
]
CatalogOpt = Annotated[
    Path | None,
    typer.Option("--catalog", metavar="DIR",
                 help="Use this catalog folder (house rules) instead of the bundled one."),
]
HyperOpt = Annotated[
    bool, typer.Option("--allow-hyper-bombs",
                       help="The scenario allows hyper bombs (R15; duels do not use them).")
]
WorkersOpt = Annotated[int, typer.Option(
    "--workers", min=0, max=MAX_WORKERS, metavar="N",
    help="Worker processes (0: one per core; at most four per core).")]


def runs_option(help: str, name: str = "--runs") -> Any:  # a typer.models.OptionInfo
    """A count of duels, 1 to MAX_RUNS."""
    return typer.Option(name, min=1, max=MAX_RUNS, metavar="N",
                        help=help)


def turns_option(help: str) -> Any:  # a typer.models.OptionInfo
    """A number of turns, 1 to MAX_TURNS."""
    return typer.Option("--turns", min=1, max=MAX_TURNS, metavar="N", show_default=False,
                        help=help)


def _width(value: float | None) -> float | None:
    if value is not None and not (math.isfinite(value) and 0 < value < 1):
        raise typer.BadParameter(f"must be a number between 0 and 1 (both excluded), "
                                 f"not {value}")
    return value


def until_ci_option(help: str) -> Any:  # a typer.models.OptionInfo
    """An interval width, a number strictly between 0 and 1."""
    return typer.Option("--until-ci", metavar="WIDTH", show_default=False, callback=_width,
                        help=f"{help} [0<x<1]")


SchedulerOpt = Annotated[
    str | None,
    typer.Option("--scheduler", metavar="ADDRESS", show_default=False,
                 help="Run the duels on the Dask cluster of this scheduler, e.g. "
                      "tcp://HOST:8786, instead of --workers here; same results (needs the "
                      "cluster extra, see docs/cluster.md)."),
]

JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")]


ScenarioOpt = Annotated[str | None, typer.Option(
    "--scenario", metavar="NAME", show_default=False,
    help="Starting scenario, a preset of the game: meeting (the default), standoff, ambush, "
         "chase (docs/duel-model.md, Scenarios).")]
SpeedAOpt = Annotated[int | None, typer.Option(
    "--speed-a", min=-99, max=99, metavar="HEXES", show_default=False,
    help="First design's start speed toward the other, hexes a turn (negative: away; "
         "0: at rest; default: the scenario's).")]
SpeedBOpt = Annotated[int | None, typer.Option(
    "--speed-b", min=-99, max=99, metavar="HEXES", show_default=False,
    help="Second design's start speed toward the other (as --speed-a).")]
RangeOpt = Annotated[int | None, typer.Option(
    "--range", min=0, metavar="HEXES", show_default=False,
    help="Start range in hexes (default: the scenario's).")]


GeometryOpt = Annotated[str | None, typer.Option(
    "--geometry", metavar="NAME", show_default=False,
    help="Where the duels are fought: one of the game's geometries, such as track (the "
         "range track) or map (the hex map); default: the game's first (shipyard rulesets "
         "lists each game's).")]

