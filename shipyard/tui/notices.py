"""Notices the designer's screens share."""

from __future__ import annotations

from typing import Any

from textual.screen import Screen

from shipyard.core.neutral import Evaluation
from shipyard.services.batch import COMPILING, compiling
from shipyard.services.scenarios import on_the


def compiling_notice(evaluation: Evaluation, geometry: str | None = None) -> str:
    """The notice's words: the engine compiling, and where the duels waiting for it are
    fought when that is not the game's default ("Duels on the map: compiling ...")."""
    where = on_the(evaluation.ruleset.duels, geometry)
    if where:
        return f"Duels{where}: {COMPILING}…"
    return f"{COMPILING[0].upper()}{COMPILING[1:]}…"


def before_duels(screen: Screen[Any], evaluation: Evaluation,
                 geometry: str | None = None) -> None:
    """Say so when the first duel (on `geometry`, None for the game's default) must wait
    for the engine to be compiled."""
    if compiling(evaluation, None, geometry):
        screen.notify(compiling_notice(evaluation, geometry), timeout=20)
