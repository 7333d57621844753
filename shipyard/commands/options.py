"""Options several commands share, spelled once so their help reads the same.

Each names what the user types (`N`, `DIR`) rather than a Python type.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

BudgetOpt = Annotated[
    int | None, typer.Option("--budget", min=0, metavar="N",
                             help="Points budget agreed by the players.")
]
CatalogOpt = Annotated[
    Path | None,
    typer.Option("--catalog", metavar="DIR",
                 help="Use this catalog folder (house rules) instead of the bundled one."),
]
SchedulerOpt = Annotated[
    str | None,
    typer.Option("--scheduler", metavar="ADDRESS", show_default=False,
                 help="Run the duels on the Dask cluster of this scheduler, e.g. "
                      "tcp://HOST:8786, instead of --workers here; same results (needs the "
                      "cluster extra, see docs/cluster.md)."),
]
