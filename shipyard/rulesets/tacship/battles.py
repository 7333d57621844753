"""Tacship squadron battles as Shipyard sees them: fleets on the hex map (rules 4).

The `Battles` part of the ruleset. A battle is fought by the same engines as a
duel: a fleet of one fighter against a fleet of one is the duel, seed for seed.
"""

from __future__ import annotations

from collections.abc import Sequence

from shipyard.core.battle import BattleLineup
from shipyard.core.outcome import DuelScenario
from shipyard.rulesets.tacship.duels import engine_scenario
from shipyard.rulesets.tacship.pricing import TacshipEvaluation


class TacshipBattles:
    """Squadrons head-on on the hex map, one seeded battle at a time."""

    engines: tuple[str, ...] = ("fast", "reference")

    def lineup(self, a: Sequence[tuple[TacshipEvaluation, str]],
               b: Sequence[tuple[TacshipEvaluation, str]], policies: tuple[str, str],
               scenario: DuelScenario, engine: str | None = None) -> BattleLineup:
        """The compiled engine by default (`fast`), or the readable `reference` one."""
        start = engine_scenario(scenario)
        if engine is None or engine == "fast":
            from shipyard.rulesets.tacship.fast.squadron import FastSquadrons

            return FastSquadrons(a, b, policies, start)
        if engine == "reference":
            from shipyard.rulesets.tacship.engine.squadron import Squadrons

            return Squadrons(a, b, policies, start)
        raise ValueError(f"no Tacship engine named {engine!r}; "
                         f"choose from {', '.join(self.engines)}")
