"""Tacship duels as Shipyard sees them: defaults, pilots and engines (rules 4).

The `Duels` part of the ruleset. The neutral scenario's closing speed is the
range's, both fighters together; the Tacship engines take each fighter's own
start speed, so the line-up hands them half of it.
"""

from __future__ import annotations

from dataclasses import replace

from shipyard.core.outcome import DuelScenario
from shipyard.core.protocol import Lineup
from shipyard.rulesets.tacship.catalog import TacshipCatalog
from shipyard.rulesets.tacship.pricing import TacshipEvaluation


def engine_scenario(scenario: DuelScenario) -> DuelScenario:
    """The scenario as the Tacship engines read it: their `closing_speed` is each
    fighter's own start speed, half the range's closing speed (rounded down)."""
    if scenario.speeds is not None:
        return scenario  # each fighter's own speed already
    return replace(scenario, closing_speed=scenario.closing_speed // 2)


class TacshipDuels:
    """Two fighters head-on on the hex map, one seeded duel at a time."""

    engines: tuple[str, ...] = ("fast", "reference")
    geometries: tuple[str, ...] = ("map",)  # fighters always fight on the hex map
    damage_words = "damage boxes crossed off"

    @property
    def policies(self) -> tuple[str, ...]:
        # The engines are imported when a duel is asked for: pricing never loads them.
        from shipyard.rulesets.tacship.engine.policy import POLICIES

        return tuple(POLICIES)

    def duel_defaults(self, catalog: TacshipCatalog) -> DuelScenario:
        from shipyard.rulesets.tacship.engine.tables import load_combat

        # Both fighters start at the catalog's start speed, head-on (rules 4).
        scenario = load_combat(catalog.folder).scenario
        if scenario.default in scenario.presets:
            return scenario.presets[scenario.default].scenario(scenario.default,
                                                               scenario.turn_limit)
        return DuelScenario(scenario.start_range, 2 * scenario.start_speed,
                            scenario.turn_limit)

    def scenarios(self, catalog: TacshipCatalog) -> dict[str, tuple[DuelScenario, str]]:
        """The catalog's named starts, each with what it is, the default first."""
        from shipyard.rulesets.tacship.engine.tables import load_combat

        s = load_combat(catalog.folder).scenario
        named = {name: (p.scenario(name, s.turn_limit), p.about) for name, p in s.presets.items()}
        return dict(sorted(named.items(), key=lambda item: item[0] != s.default))

    def opening(self, scenario: DuelScenario, a: TacshipEvaluation,
                b: TacshipEvaluation, asked: bool = False) -> DuelScenario:
        """Every fighter moves: the start a player picked is the one fought."""
        return scenario

    def top_speed(self, catalog: TacshipCatalog) -> int:
        return 99  # no top speed in rules 4; a start faster than this is no duel

    def lineup(self, a: TacshipEvaluation, b: TacshipEvaluation, names: tuple[str, str],
               policies: tuple[str, str], scenario: DuelScenario,
               engine: str | None = None, geometry: str | None = None) -> Lineup:
        """The compiled engine by default (`fast`), or the readable `reference` one; the
        hex map is the only geometry."""
        if geometry not in (None, *self.geometries):
            raise ValueError(f"no Tacship geometry named {geometry!r}; "
                             f"choose from {', '.join(self.geometries)}")
        start = engine_scenario(scenario)
        if engine is None or engine == "fast":
            # Imported here: numba loads only when a duel is asked for. A FastLineup
            # is a Lineup that fights on the compiled engine.
            from shipyard.rulesets.tacship.fast.lineup import FastLineup
            return FastLineup(a.design, b.design, names, policies, start, a.catalog.folder)
        if engine == "reference":
            from shipyard.rulesets.tacship.engine.lineup import Lineup as ReferenceLineup

            return ReferenceLineup(a.design, b.design, names, policies, start,
                                   a.catalog.folder)
        raise ValueError(f"no Tacship engine named {engine!r}; "
                         f"choose from {', '.join(self.engines)}")
