"""Why two mobile Pentagon War ships still draw, and why a Lancer dies to Ceres Station
(issue 29, proof and point 6), held as set-up duel states on the readable engine.

The compiled captains are the same decisions, held to it by the engine equivalence and
pinned duel tests; the first test keeps every formula both engines call a rule function
(a function the compiled engine cannot see is not compiled into its kernels).
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import pytest

from shipyard.core.dice import CounterDice
from shipyard.core.rules import is_rule
from shipyard.rulesets.pentagon_war.engine import judgement
from shipyard.rulesets.pentagon_war.engine.policy import FAR, Policy
from shipyard.rulesets.pentagon_war.engine.tables import load_combat
from shipyard.rulesets.pentagon_war.rules import race
from tests.test_duel_rules import duel
from tests.test_duel_rules_captains import situation_of


@pytest.mark.parametrize("game", ["pentagon_war", "tacship"])
def test_every_function_of_the_rules_modules_is_a_rule_function(game: str) -> None:
    # `race.top_rate` had lost its `@rule` when the captains that run were merged.
    package = importlib.import_module(f"shipyard.rulesets.{game}.rules")
    unmarked = []
    for found in pkgutil.iter_modules(package.__path__):
        module = importlib.import_module(f"{package.__name__}.{found.name}")
        for name, function in inspect.getmembers(module, inspect.isfunction):
            if function.__module__ == module.__name__ and not is_rule(function):
                unmarked.append(f"{found.name}.{name}")
    assert unmarked == []


# -- the stronger closes; the weaker runs only when it can outrun it ------------------------
def meeting(a: str, b: str, hexes: float) -> tuple[object, object, object]:
    """`a` and `b` closing at 3 hexes a turn each, as the default scenario opens."""
    fight = duel(a, b, CounterDice(1), hexes=hexes)
    for craft in fight.crafts:
        craft.velocity = 3.0
    return (fight, *fight.crafts)


def test_the_stronger_closes_on_a_runner_at_its_best_and_cannot_catch_it() -> None:
    # The Lancer cannot win at any range: at point blank the Mercurand still destroys it
    # three times as fast (0.62 a turn against 0.21), farther off the Lancer does nothing.
    fight, lancer, mercurand = meeting("lancer", "mercurand", 30.0)
    combat = load_combat()
    found = judgement.races(lancer, mercurand, judgement.RANGES, combat, fight.covering,
                            fight.rates)
    assert all(race.race_ratio(mine, theirs) < 0.5 for mine, theirs in found)
    # It runs: unmanned, 3 hexes a turn a turn away on 11 impulses of 12, against the
    # manned Mercurand's crash acceleration toward it, 1/60 a hex an impulse (2.3).
    assert judgement.top_rate(lancer, 4, -1, combat) == 3.0
    assert judgement.top_rate(mercurand, 1, 1, combat) == pytest.approx(0.2)
    assert judgement.outruns(lancer, mercurand, combat)
    runner, chaser = Policy(), Policy()
    assert runner.plan(lancer, mercurand, situation_of(fight, 2)) == FAR
    order = runner.maneuver(lancer, mercurand, situation_of(fight, 2))
    assert (order.direction, order.thrust) == (4, -1)
    # The stronger closes, as hard as it can: toward, crash acceleration on.
    assert chaser.plan(mercurand, lancer, situation_of(fight, 2)) < 30.0
    order = chaser.maneuver(mercurand, lancer, situation_of(fight, 2))
    assert (order.direction, order.thrust, order.crash) == (1, 1, True)


def test_the_stronger_comes_to_a_craft_that_cannot_outrun_it() -> None:
    # Both manned; the Starter (one engine: no crash acceleration, 1/10 a turn a turn)
    # cannot outrun the Stinger, so it keeps the range: the Stinger must come to it.
    fight, starter, stinger = meeting("starter", "stinger", 30.0)
    combat = load_combat()
    assert not judgement.outruns(starter, stinger, combat)
    keeper, chaser = Policy(), Policy()
    assert keeper.plan(starter, stinger, situation_of(fight, 2)) == 30.0
    assert chaser.plan(stinger, starter, situation_of(fight, 2)) < 30.0
    order = chaser.maneuver(stinger, starter, situation_of(fight, 2))
    assert (order.direction, order.thrust) == (1, 1)


# -- 6: a Lancer against Ceres Station --------------------------------------------------------
def test_nothing_saves_a_lancer_from_ceres_station() -> None:
    # The default scenario starts it one hex beyond the base's proton cannons (64), at 65,
    # closing at 3; the base's eight lasers reach the whole track (2.4).
    fight = duel("lancer", "ceres-station", CounterDice(1), hexes=65.0)
    lancer, base = fight.crafts
    lancer.velocity = 3.0
    combat = load_combat()
    found = judgement.races(lancer, base, judgement.RANGES, combat, fight.covering,
                            fight.rates)
    assert all(theirs > 0.0 for _, theirs in found)  # hurt at every range it weighs
    assert all(mine == 0.0 for mine, _ in found[1:])  # it can hurt the base only in its hex
    # So it does what point 6 asks: no charge, it stands off where it is hurt least
    # (128 hexes, where a laser does 1) and withdraws to get there.
    policy = Policy()
    assert policy.plan(lancer, base, situation_of(fight, 2)) == FAR
    order = policy.maneuver(lancer, base, situation_of(fight, 2))
    assert (order.direction, order.thrust) == (4, -1)
    # It cannot get there alive: it stops its 3 hexes a turn toward in a turn, then gains
    # 3 a turn a turn away on 11 impulses of 12 over the 63 hexes still to go (at least
    # 7.7 turns), while the base destroys at least 23% of it a turn out to 64 hexes.
    rate = judgement.top_rate(lancer, 4, -1, combat) * 11 / 12
    withdraw = 1.0 + race.approach_turns(0.0, rate, FAR - 65.0)
    assert withdraw > 7.7
    theirs_at_64 = dict(zip(judgement.RANGES, found, strict=True))[64][1]
    assert race.turns_to_live(theirs_at_64) < 4.5 < withdraw
