"""Known answers for rules a referee found bent: point defense once per target, screens
once per impulse, radar invisibility, a base's turns, evasion, acid gum that clings,
screen reinforcement for the turn, ramscoops (RULES.md 2.2-2.9, docs/rules.md R18-R20)."""

from __future__ import annotations

from shipyard.core.dice import ScriptedDice
from tests.test_duel_rules import Holding, duel


# -- 2.5: point defense never fires twice at one target in an impulse ---------------------
def test_point_defense_scores_at_most_one_point_on_a_craft_in_its_hex() -> None:
    # Both Lancers in one hex, 3 PD boxes each: kill number min(5, 3) + size class 1 = 4.
    dice = ScriptedDice([1, 1])
    fight = duel("lancer", "lancer", dice, hexes=0.0, policies=(Holding(), Holding()))
    fight.flight.point_defense()
    assert dice.used == 2  # one shot each way, though each had 3 boxes
    assert [[hit.points for hit in hits] for hits in fight.pending] == [[1], [1]]
