"""Two Tacship designs made ready to fight many duels, one seed each.

Builds both fighters' record charts once (every laser and turret counted by
its `count`) and hands each duel its own seeded dice; the engine's result is
told in the shared terms of `shipyard.core.outcome`.
"""

from __future__ import annotations

from shipyard.core.outcome import DuelScenario, Result
from shipyard.rulesets.tacship.design import TacshipDesign
from shipyard.rulesets.tacship.engine.duel import DuelStart, fight
from shipyard.rulesets.tacship.engine.state import Fighter, Turret
from shipyard.rulesets.tacship.engine.tables import Combat, load_combat
from shipyard.rulesets.tacship.pricing import whole

SIDES = {"a": 0, "b": 1}


def fighter_of(design: TacshipDesign, name: str) -> Fighter:
    """A legal design's record chart in plain numbers (rules 4)."""
    fixed = tuple(whole(laser.factor) for laser in design.fixed_lasers
                  for _ in range(whole(laser.count)))
    turrets = tuple(Turret(whole(laser.factor), "aft" if laser.arc == "aft" else "fore")
                    for laser in design.turret_lasers for _ in range(whole(laser.count)))
    load = design.ordnance
    return Fighter(name=name, damage_boxes=whole(design.damage_boxes),
                   survivability=whole(design.survivability), thrust=whole(design.thrust),
                   fixed_lasers=fixed, turrets=turrets, missiles=whole(load.missile),
                   mines=whole(load.mine), decoys=whole(load.decoy), crew=whole(design.crew))


class Lineup:
    """A matchup ready to fight: both fighters, the tables, the policies and scenario."""

    __slots__ = ("combat", "fighters", "policies", "scenario")

    def __init__(self, a: TacshipDesign, b: TacshipDesign, names: tuple[str, str],
                 policies: tuple[str, str], scenario: DuelScenario,
                 catalog_folder: str | None = None) -> None:
        # The combat tables of the catalog that priced the designs (None: the bundled one).
        self.combat: Combat = load_combat(catalog_folder)
        self.fighters = (fighter_of(a, names[0]), fighter_of(b, names[1]))
        self.policies = policies
        # The shared closing speed is each fighter's start speed, head-on (docs).
        self.scenario = DuelStart(scenario.start_range, scenario.closing_speed,
                                 scenario.turn_limit, speeds=scenario.speeds)

    def fight(self, seed: int, log: bool = False) -> Result:
        """One duel: same matchup and seed, same duel."""
        outcome = fight(self.fighters[0], self.fighters[1], self.scenario, seed,
                        self.policies[0], self.policies[1], log, combat=self.combat)
        winner = None if outcome.winner is None else SIDES[outcome.winner]
        return Result(winner, outcome.turns, outcome.damage, outcome.cause, outcome.log,
                      outcome.draws)
