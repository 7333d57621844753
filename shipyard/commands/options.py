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
