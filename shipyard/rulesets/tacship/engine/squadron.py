"""Two Tacship fleets made ready to fight many battles, one seed each (rules 4).

Builds every fighter's record chart once (`lineup.fighter_of`) and hands each
battle its own seeded dice. A battle of one fighter against one is the duel,
seed for seed. `replay(seed)` fights the battle again with pictures of the map.
"""

from __future__ import annotations

from collections.abc import Sequence

from shipyard.core.battle import BattleResult, Fate, Replay
from shipyard.core.dice import CounterDice, Dice
from shipyard.core.outcome import DuelScenario
from shipyard.rulesets.tacship.engine.battle import Battle, DuelStart
from shipyard.rulesets.tacship.engine.deploy import deploy
from shipyard.rulesets.tacship.engine.lineup import fighter_of
from shipyard.rulesets.tacship.engine.picture import SIDE, Pictures
from shipyard.rulesets.tacship.engine.policy import Policy, policy_named
from shipyard.rulesets.tacship.engine.state import Fighter
from shipyard.rulesets.tacship.engine.tables import Combat, load_combat
from shipyard.rulesets.tacship.pricing import TacshipEvaluation

Fleet = Sequence[tuple[TacshipEvaluation, str]]


def battle(fleet_a: Sequence[Fighter], fleet_b: Sequence[Fighter],
           scenario: DuelStart | None = None, seed: int = 0,
           policy_a: str | Policy = "default", policy_b: str | Policy = "default",
           log: bool = False, dice: Dice | None = None, combat: Combat | None = None,
           pictures: Pictures | None = None) -> BattleResult:
    """One battle: same fleets, scenario, policies and seed give the same battle."""
    combat = combat or load_combat()
    scenario = scenario or DuelStart.defaults(combat)
    crafts = deploy(fleet_a, fleet_b, scenario)
    policies = tuple(policy_named(p) if isinstance(p, str) else p for p in (policy_a, policy_b))
    fought = Battle(crafts, (policies[0], policies[1]), scenario, combat,
                    dice or CounterDice(seed), log, pictures)
    fought.run()
    winner = fought.winner
    fought.say(ending(fought))
    return BattleResult(None if winner is None else SIDE[winner], fought.turn,
                        tuple(Fate(SIDE[c.side], c.key - (0 if c.side == "a" else len(fleet_a)),
                                   c.killed_on, c.killed_by, c.taken) for c in crafts),
                        fought.dice.drawn, tuple(fought.lines or ()))


def ending(fought: Battle) -> str:
    """How the battle ended, in one line."""
    lost = [c.name for c in fought.crafts if c.destroyed]
    winner = fought.winner
    if winner is None:
        head = (f"Turn {fought.turn}: turn limit reached: a draw" if not fought.over
                else f"Turn {fought.turn}: both sides destroyed: a draw")
    else:
        left = [c.name for c in fought.crafts if c.side == winner and not c.destroyed]
        head = f"Turn {fought.turn}: side {winner.upper()} wins with {', '.join(left)} left"
    return head + (f" ({', '.join(lost)} destroyed)" if lost else "")


class Squadrons:
    """Two fleets ready to fight: every fighter's chart, the tables, pilots and start."""

    __slots__ = ("combat", "fleets", "policies", "scenario")

    def __init__(self, a: Fleet, b: Fleet, policies: tuple[str, str],
                 scenario: DuelScenario) -> None:
        folder = (a or b)[0][0].catalog.folder if (a or b) else None
        self.combat: Combat = load_combat(folder)
        self.fleets = (tuple(fighter_of(e.design, name) for e, name in a),
                       tuple(fighter_of(e.design, name) for e, name in b))
        self.policies = policies
        # each side's start speed toward the other, head-on (docs/battle-model-tacship.md)
        self.scenario = DuelStart(scenario.start_range, scenario.closing_speed,
                                  scenario.turn_limit, speeds=scenario.speeds)

    def fight(self, seed: int, log: bool = False) -> BattleResult:
        """One battle: same fleets and seed, same battle."""
        return battle(*self.fleets, self.scenario, seed, *self.policies, log=log,
                      combat=self.combat)

    def fight_many(self, seeds: Sequence[int], workers: int = 1) -> list[BattleResult]:
        """Battle `k` fought with `seeds[k]` alone, in order (the readable engine: one
        thread; the batch service spreads it over processes)."""
        return [self.fight(seed) for seed in seeds]

    def ready(self) -> bool:
        return True

    def replay(self, seed: int) -> Replay:
        """The battle of `seed` again, with a picture of the map after every move."""
        pictures = Pictures()
        result = battle(*self.fleets, self.scenario, seed, *self.policies, log=True,
                        combat=self.combat, pictures=pictures)
        return pictures.replay(f"Battle of seed {seed}", ("Side A", "Side B"), result.log[-1])
