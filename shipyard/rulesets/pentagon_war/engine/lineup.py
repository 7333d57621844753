"""Two Pentagon War designs made ready to fight many duels.

What every duel of a matchup shares (the combat tables, both craft as built
from their sheets, the catalog's arc coverage) is worked out once; each duel
refits cheap copies and gets its own seeded dice.
"""

from __future__ import annotations

from shipyard.core.dice import CounterDice
from shipyard.core.outcome import DuelScenario, Result
from shipyard.core.protocol import Evaluation
from shipyard.rulesets.pentagon_war.engine.duel import Duel
from shipyard.rulesets.pentagon_war.engine.policy import policy_named
from shipyard.rulesets.pentagon_war.engine.quick_reference import catalog_charts
from shipyard.rulesets.pentagon_war.engine.state import Craft, craft_from, refit
from shipyard.rulesets.pentagon_war.engine.tables import Combat, load_combat


class Lineup:
    """A matchup ready to fight: its tables and both craft as built."""

    __slots__ = ("a", "combat", "policies", "scenario", "templates")

    def __init__(self, a: Evaluation, b: Evaluation, names: tuple[str, str],
                 policies: tuple[str, str], scenario: DuelScenario) -> None:
        self.a = a
        self.policies = policies
        self.scenario = scenario
        self.combat: Combat = load_combat(a.catalog.folder)
        # Never fought: each duel refits its own copies of these two.
        self.templates: tuple[Craft, Craft] = (craft_from(a, names[0]), craft_from(b, names[1]))
        catalog_charts(a.catalog)

    def fight(self, seed: int, log: bool = False) -> Result:
        """One duel from fresh craft: same matchup and seed, same duel."""
        crafts = (refit(self.templates[0]), refit(self.templates[1]))
        policies = (policy_named(self.policies[0]), policy_named(self.policies[1]))
        duel = Duel(crafts, policies, self.scenario, self.combat, self.a.catalog,
                    CounterDice(seed), log)
        return duel.run()
