"""Pentagon War fleet battles as Shipyard sees them: fleets on the hex map (rules 2, R25-R33).

The `Battles` part of the ruleset. A battle is fought by the duel's own loop with the
map as its geometry: on the compiled engine by default (`fast.fleets`), or on the
readable reference engine (`engine.map_battle`), which fights the very same battle for
every seed; `shipyard duel` keeps the range track.
"""

from __future__ import annotations

from collections.abc import Sequence

from shipyard.core.battle import BattleLineup
from shipyard.core.outcome import DuelScenario
from shipyard.core.protocol import Evaluation


class PentagonWarBattles:
    """Fleets abreast on the hex map, one seeded battle at a time."""

    engines: tuple[str, ...] = ("fast", "reference")

    def lineup(self, a: Sequence[tuple[Evaluation, str]], b: Sequence[tuple[Evaluation, str]],
               policies: tuple[str, str], scenario: DuelScenario,
               engine: str | None = None) -> BattleLineup:
        """The compiled engine (`fast`, the default) or the readable `reference` one."""
        if engine is None or engine == "fast":
            from shipyard.rulesets.pentagon_war.fast.fleets import FastMapFleets

            return FastMapFleets(a, b, policies, scenario)
        if engine == "reference":
            from shipyard.rulesets.pentagon_war.engine.fleets import MapFleets

            return MapFleets(a, b, policies, scenario)
        raise ValueError(f"no Pentagon War battle engine named {engine!r}; "
                         f"choose from {', '.join(self.engines)}")
