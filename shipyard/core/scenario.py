"""Named starting scenarios of a duel, as a game's catalog lists them (docs/duel-model.md).

A preset gives the start range and each craft's own start speed toward the other
(negative: away); the game's turn limit goes with it. `choose` turns what a player
asked for (a preset, a range, speeds, a turn limit) into the `DuelScenario` the engines
fight, the default preset where the player said nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from pydantic import BaseModel, ConfigDict, Field

from shipyard.core.errors import ShipyardError
from shipyard.core.outcome import DuelScenario

TOO_MANY_DRAWS = 0.10  # above this share of duels cut off at the turn limit, say so


class Preset(BaseModel):
    """One named start: range, each side's speed toward the other, and what it is."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    start_range: int = Field(ge=0)
    speeds: tuple[int, int]
    about: str = Field(min_length=1)

    def scenario(self, name: str, turn_limit: int) -> DuelScenario:
        return DuelScenario(self.start_range, self.speeds[0] + self.speeds[1], turn_limit,
                            self.speeds, name)


class ScenarioProblem(ShipyardError):
    """A scenario the player asked for that cannot be set up (one line)."""


def choose(presets: Mapping[str, DuelScenario], default: DuelScenario, preset: str | None,
           start_range: int | None = None, turns: int | None = None,
           speeds: tuple[int | None, int | None] = (None, None),
           top: int | None = None) -> DuelScenario:
    """The scenario a player asked for: `preset` (None: the default), then the range,
    turn limit and either side's speed given on their own. A scenario changed by hand
    keeps its preset's name with `+` (e.g. `meeting+`)."""
    if preset is None:
        chosen = default
    elif preset in presets:
        chosen = presets[preset]
    else:
        known = ", ".join(presets) or "none"
        raise ScenarioProblem(f"--scenario: no scenario named {preset!r} (known: {known})")
    changed = replace(chosen)
    if start_range is not None:
        changed = replace(changed, start_range=start_range)
    if turns is not None:
        changed = replace(changed, turn_limit=turns)
    if speeds != (None, None):
        base = changed.speeds if changed.speeds is not None else (
            changed.closing_speed // 2, changed.closing_speed - changed.closing_speed // 2)
        wanted = (base[0] if speeds[0] is None else speeds[0],
                  base[1] if speeds[1] is None else speeds[1])
        for side, speed in zip("ab", wanted, strict=True):
            if top is not None and abs(speed) > top:
                raise ScenarioProblem(f"--speed-{side}: at most {top} hexes a turn either "
                                      f"way, not {speed}")
        changed = changed.with_speeds(wanted)
    if (changed.start_range, changed.speeds, changed.closing_speed) != (
            chosen.start_range, chosen.speeds, chosen.closing_speed):
        changed = replace(changed, name=f"{chosen.name or 'custom'}+")
    return changed


def turn_limit_line(share: float, turn_limit: int) -> str | None:
    """One line when more than a tenth of the duels were cut off at the turn limit."""
    if share <= TOO_MANY_DRAWS:
        return None
    return (f"{share:.0%} of the duels reached the turn limit ({turn_limit}) undecided: "
            f"try a longer one, e.g. --turns {2 * turn_limit}")
