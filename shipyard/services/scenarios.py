"""The starting scenario a player picks, and where the duels are fought, for every face
that runs duels.

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


def presets(duels: Duels, catalog: object) -> dict[str, tuple[DuelScenario, str]]:
    """The game's named starts (none for a game whose duels name none)."""
    named = getattr(duels, "scenarios", None)
    return {} if named is None else dict(named(catalog))


def opening(duels: Duels, scenario: DuelScenario, a: Evaluation, b: Evaluation,
            asked: bool) -> DuelScenario:
    """The scenario `a` and `b` start in, as their game opens it (unchanged for a game
    whose duels have no `opening`)."""
    opens = getattr(duels, "opening", None)
    return scenario if opens is None else opens(scenario, a, b, asked)


def damage_words(duels: Duels | None) -> str:
    """What the game's "damage dealt" counts, for its label ("" if it does not say)."""
    return str(getattr(duels, "damage_words", ""))


def pick(duels: Duels, catalog: object, preset: str | None = None,
         start_range: int | None = None, turns: int | None = None,
         speeds: tuple[int | None, int | None] = (None, None)) -> Picked:
    """The scenario asked for; `ScenarioProblem` for an unknown preset or a speed over
    the game's top speed."""
    named = {name: scenario for name, (scenario, _) in presets(duels, catalog).items()}
    top = getattr(duels, "top_speed", None)
    scenario = choose(named, duels.duel_defaults(catalog), preset, start_range, turns, speeds,
                      None if top is None else int(top(catalog)))
    return Picked(scenario, preset is not None or start_range is not None)


def start_for(duels: Duels, picked: Picked, a: Evaluation, b: Evaluation) -> DuelScenario:
    """The scenario `a` and `b` start in."""
    return opening(duels, picked.scenario, a, b, picked.asked)


def preset_lines(duels: Duels, catalog: object) -> list[str]:
    """One line per preset: its name, its start and what it is (the default first)."""
    return [f"{scenario.words()} ({about})"
            for scenario, about in presets(duels, catalog).values()]


def geometries(duels: object) -> tuple[str, ...]:
    """Where a game's duels may be fought, the default first (none said: none to choose)."""
    places: tuple[str, ...] = getattr(duels, "geometries", ())
    return places


def geometry_problem(duels: object, geometry: str | None) -> str | None:
    """The one line for a `--geometry` the game does not know (None: it is fine)."""
    places = geometries(duels)
    if geometry is None or geometry in places:
        return None
    return f"unknown geometry {geometry!r} (known: {', '.join(places) or 'none'})"


def on_the(duels: object, geometry: str | None) -> str:
    """" on the map" where the duels are fought elsewhere than the game's default ("" there)."""
    places = geometries(duels)
    return "" if geometry is None or places[:1] == (geometry,) else f" on the {geometry}"
