"""`shipyard warm`: compile the fast duel engines ahead of the first duel.

The compiled engines are built once after an install (about a minute of one core
for Pentagon War's). Until then duels run on the reference engines, which fight the
same duels more slowly, while a background process compiles. `shipyard warm` does
the compiling now and waits for it: for CI, container images and cluster workers.
"""

from __future__ import annotations

import multiprocessing
from typing import Annotated

import typer

from shipyard.commands.terminal import EXIT_UNREADABLE, fail, out
from shipyard.core.errors import ShipyardError
from shipyard.services import warming
from shipyard.services.registry import rulesets

WORDS = {"none": "no compiled engine to build", "ready": "compiled engine ready",
         "cold": "not compiled (the process that asked for it has ended)"}


def warm_command(
    ruleset: Annotated[str | None, typer.Option(
        "--ruleset", metavar="NAME", show_default=False,
        help="Only this game (shipyard rulesets lists them); default: every game.")] = None,
    parent: Annotated[int | None, typer.Option(
        "--parent", metavar="PID", hidden=True, show_default=False,
        help="The process that asked: leave without compiling if it ends first.")] = None,
) -> None:
    """Compile the fast duel engines now (once after an install), so that no duel waits."""
    known = rulesets()
    if ruleset is not None and ruleset not in known:
        fail(f"unknown ruleset {ruleset!r} (known: {', '.join(known)})", EXIT_UNREADABLE)
    chosen = [ruleset] if ruleset is not None else list(known)
    try:
        if len(chosen) == 1:
            done = [warming.warm(known[chosen[0]], parent)]
        else:  # one process per game: each compiler has a core of its own
            with multiprocessing.get_context("fork").Pool(len(chosen)) as pool:
                done = pool.map(_warm, chosen)
    except ShipyardError as exc:
        fail(str(exc))
    for one in done:
        took = f" (compiled in {one.seconds:.0f} s)" if one.seconds >= 0.5 else ""
        out.print(f"{one.ruleset}: {WORDS[one.state]}{took}", markup=False)


def _warm(name: str) -> warming.Warmed:
    return warming.warm(rulesets()[name])
