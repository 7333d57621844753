"""Notices the designer's screens share."""

from __future__ import annotations

from typing import Any

from textual.screen import Screen

from shipyard.core.neutral import Evaluation
from shipyard.services.batch import COMPILING, compiling


def before_duels(screen: Screen[Any], evaluation: Evaluation,
                 geometry: str | None = None) -> None:
    """Say so when the first duel (on `geometry`, None for the game's default) must wait
    for the engine to be compiled."""
    if compiling(evaluation, None, geometry):
        screen.notify(f"{COMPILING[0].upper()}{COMPILING[1:]}…", timeout=20)
