"""The starting scenario a player picks, for every face that runs duels.

`pick` reads what was asked (a preset by name, a start range, each side's start
speed, a turn limit) against the game's presets; `start_for` gives the scenario two
designs actually start in: the default one moved beyond a base's batteries (the game
decides), a scenario the player asked a range or preset for as asked.
"""

from __future__ import annotations

from dataclasses import dataclass

from shipyard.core.neutral import Evaluation
from shipyard.core.outcome import DuelScenario
from shipyard.core.protocol import Duels
from shipyard.core.scenario import choose


@dataclass(frozen=True, slots=True)
class Picked:
    """The scenario asked for, and whether the player chose its range (or a preset)."""

    scenario: DuelScenario
    asked: bool = False


def pick(duels: Duels, catalog: object, preset: str | None = None,
         start_range: int | None = None, turns: int | None = None,
         speeds: tuple[int | None, int | None] = (None, None)) -> Picked:
    """The scenario asked for; `ScenarioProblem` for an unknown preset or a speed over
    the game's top speed."""
    named = {name: scenario for name, (scenario, _) in duels.scenarios(catalog).items()}
    scenario = choose(named, duels.duel_defaults(catalog), preset, start_range, turns, speeds,
                      duels.top_speed(catalog))
    return Picked(scenario, preset is not None or start_range is not None)


def start_for(duels: Duels, picked: Picked, a: Evaluation, b: Evaluation) -> DuelScenario:
    """The scenario `a` and `b` start in."""
    return duels.opening(picked.scenario, a, b, picked.asked)


def preset_lines(duels: Duels, catalog: object) -> list[str]:
    """One line per preset: its name, its start and what it is (the default first)."""
    return [f"{scenario.words()} ({about})"
            for scenario, about in duels.scenarios(catalog).values()]
