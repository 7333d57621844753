"""Pentagon War fleet battles as Shipyard sees them: fleets on the hex map (rules 2, R25-R33).

The `Battles` part of the ruleset. A battle is fought by the duel's own loop with the
map as its geometry (`engine.map_battle`); `shipyard duel` keeps the range track.
"""

from __future__ import annotations

from collections.abc import Sequence

from shipyard.core.battle import BattleLineup
from shipyard.core.outcome import DuelScenario
from shipyard.core.protocol import Evaluation


class PentagonWarBattles:
    """Fleets abreast on the hex map, one seeded battle at a time."""

    engines: tuple[str, ...] = ("reference",)

    def lineup(self, a: Sequence[tuple[Evaluation, str]], b: Sequence[tuple[Evaluation, str]],
               policies: tuple[str, str], scenario: DuelScenario,
               engine: str | None = None) -> BattleLineup:
        """The readable `reference` engine (the only one on the map so far)."""
        if engine is None or engine == "reference":
            from shipyard.rulesets.pentagon_war.engine.fleets import MapFleets

            return MapFleets(a, b, policies, scenario)
        raise ValueError(f"no Pentagon War battle engine named {engine!r}; "
                         f"choose from {', '.join(self.engines)}")
