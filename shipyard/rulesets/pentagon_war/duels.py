"""Pentagon War duels as Shipyard sees them: defaults, captains and engines (rules 3).

The `Duels` part of the ruleset: the catalog's scenario, the captains, and a
line-up on the compiled engine (`fast`, the default) or the readable one. The
engines are imported when a duel is asked for: pricing a design never loads them.
"""

from __future__ import annotations

from shipyard.core.outcome import DuelScenario
from shipyard.core.protocol import Lineup
from shipyard.rulesets.pentagon_war.catalog import Catalog
from shipyard.rulesets.pentagon_war.pricing import PentagonWarEvaluation


class PentagonWarDuels:
    """Two capital ships on the range track, one seeded duel at a time."""

    engines: tuple[str, ...] = ("fast", "reference")
    # The range track between two craft (docs/duel-model.md), or the hex map (R25-R33).
    geometries: tuple[str, ...] = ("track", "map")
    damage_words = "past the screens: armor and interior boxes"

    @property
    def policies(self) -> tuple[str, ...]:
        from shipyard.rulesets.pentagon_war.engine.policy import POLICIES

        return tuple(POLICIES)

    def duel_defaults(self, catalog: Catalog) -> DuelScenario:
        from shipyard.rulesets.pentagon_war.engine.duel import scenario_defaults
        from shipyard.rulesets.pentagon_war.engine.tables import load_combat

        return scenario_defaults(load_combat(catalog.folder))

    def scenarios(self, catalog: Catalog) -> dict[str, tuple[DuelScenario, str]]:
        """The catalog's named starts, each with what it is, the default first."""
        from shipyard.rulesets.pentagon_war.engine.tables import load_combat

        s = load_combat(catalog.folder).scenario
        named = {name: (p.scenario(name, s.turn_limit), p.about) for name, p in s.presets.items()}
        return dict(sorted(named.items(), key=lambda item: item[0] != s.default))

    def opening(self, scenario: DuelScenario, a: PentagonWarEvaluation,
                b: PentagonWarEvaluation, asked: bool = False) -> DuelScenario:
        """The start for these two: a base at rest, its enemy beyond its battery range
        unless the player `asked` for a range."""
        from shipyard.rulesets.pentagon_war.engine.tables import load_combat
        from shipyard.rulesets.pentagon_war.start import opening

        return opening(scenario, a, b, load_combat(a.catalog.folder), asked)

    def top_speed(self, catalog: Catalog) -> int:
        from shipyard.rulesets.pentagon_war.engine.tables import load_combat

        return int(load_combat(catalog.folder).movement.top_speed)

    def lineup(self, a: PentagonWarEvaluation, b: PentagonWarEvaluation,
               names: tuple[str, str], policies: tuple[str, str], scenario: DuelScenario,
               engine: str | None = None, geometry: str | None = None) -> Lineup:
        """The compiled engine by default (`fast`), or the readable `reference` one; on
        the range track by default, or on the hex map (a battle of one against one)."""
        if geometry == "map":
            if engine not in (None, *self.engines):
                raise ValueError(f"no Pentagon War engine named {engine!r}; "
                                 f"choose from {', '.join(self.engines)}")
            if engine is None or engine == "fast":
                from shipyard.rulesets.pentagon_war.fast.fleets import FastMapDuel

                return FastMapDuel(a, b, names, policies, scenario)
            from shipyard.rulesets.pentagon_war.engine.fleets import MapDuel

            return MapDuel(a, b, names, policies, scenario, engine)
        if geometry not in (None, "track"):
            raise ValueError(f"no Pentagon War geometry named {geometry!r}; "
                             f"choose from {', '.join(self.geometries)}")
        if engine is None or engine == "fast":
            # Imported here: numba loads only when a duel is asked for. A FastLineup
            # is a Lineup that fights on the compiled engine.
            from shipyard.rulesets.pentagon_war.fast.lineup import FastLineup
            return FastLineup(a, b, names, policies, scenario)
        if engine == "reference":
            from shipyard.rulesets.pentagon_war.engine.lineup import (
                Lineup as ReferenceLineup,
            )
            return ReferenceLineup(a, b, names, policies, scenario)
        raise ValueError(f"no Pentagon War engine named {engine!r}; "
                         f"choose from {', '.join(self.engines)}")
