"""The Tacship duel (rules 4): a battle of one fighter against one (`engine.battle`).

Two fighters meet head-on on an unbounded hex plane; the battle loop moves them in
initiative order (the slot first), fires, releases and homes ordnance, and ends at
the first kill or as a draw at the turn limit. Every random number comes from one
seeded generator.
"""

from __future__ import annotations

from dataclasses import dataclass

from shipyard.core.dice import CounterDice, Dice
from shipyard.rulesets.tacship.engine.battle import Battle, DuelStart
from shipyard.rulesets.tacship.engine.deploy import deploy
from shipyard.rulesets.tacship.engine.policy import Policy, policy_named
from shipyard.rulesets.tacship.engine.state import Craft, Fighter, Side
from shipyard.rulesets.tacship.engine.tables import Combat, load_combat

__all__ = ["Duel", "DuelStart", "Result", "fight"]


@dataclass(frozen=True, slots=True)
class Result:
    """How one duel ended."""

    winner: Side | None  # None = a draw
    turns: int
    damage: tuple[int, int]  # boxes crossed off: dealt by a, dealt by b
    cause: str  # "laser", "missile" or "mine"; "" for a draw
    log: tuple[str, ...] = ()
    draws: int = 0  # dice drawn (the compiled engine draws as many)


class Duel(Battle):
    """One duel between two fresh fighters; `run()` plays it to the end once."""

    def __init__(self, crafts: tuple[Craft, Craft], policies: tuple[Policy, Policy],
                 scenario: DuelStart, combat: Combat, dice: Dice, log: bool = False) -> None:
        super().__init__(crafts, policies, scenario, combat, dice, log)

    def result(self) -> Result:
        a, b = self.crafts
        winner = self.winner
        cause = "" if winner is None else (b if winner == "a" else a).killed_by
        if winner is None:
            self.say(f"Turn {self.turn}: turn limit reached: a draw")
        else:
            loser = b if winner == "a" else a
            self.say(f"Turn {self.turn}: {self.craft(winner).name} wins "
                     f"({loser.name} destroyed by {cause})")
        return Result(winner, self.turn, (b.taken, a.taken), cause, tuple(self.lines or ()),
                      self.dice.drawn)

    def play_out(self) -> Result:
        self.run()
        return self.result()


def fight(fighter_a: Fighter, fighter_b: Fighter, scenario: DuelStart | None = None,
          seed: int = 0, policy_a: str | Policy = "default", policy_b: str | Policy = "default",
          log: bool = False, dice: Dice | None = None, combat: Combat | None = None) -> Result:
    """One duel: same fighters, scenario, policies and seed give the same duel."""
    combat = combat or load_combat()
    scenario = scenario or DuelStart.defaults(combat)
    a, b = deploy((fighter_a,), (fighter_b,), scenario)
    policies = tuple(policy_named(p) if isinstance(p, str) else p for p in (policy_a, policy_b))
    duel = Duel((a, b), (policies[0], policies[1]), scenario, combat,
                dice or CounterDice(seed), log)
    return duel.play_out()
