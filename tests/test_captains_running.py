"""Captains that run, stand off and crash-accelerate as a player would (issue 29, 5, 6, 8).

Each case is a set-up duel state on the readable engine; the compiled captains are the
same decisions, held to it by the engine equivalence and pinned duel tests.
"""

from __future__ import annotations

from shipyard.core.dice import CounterDice
from shipyard.rulesets.pentagon_war.engine import judgement
from shipyard.rulesets.pentagon_war.engine.policy import FAR, Policy
from shipyard.rulesets.pentagon_war.engine.tables import load_combat
from shipyard.rulesets.pentagon_war.rules import race
from tests.test_duel_rules import duel
from tests.test_duel_rules_captains import situation_of


# -- 5: a runner thrusts away --------------------------------------------------------------
def test_a_runner_thrusts_away_with_its_weapons_unfired() -> None:
    # The Mercurand destroys a Lancer far faster at every range, and a manned craft gains
    # 1/5 hex per turn a turn at best against the Lancer's 3 (2.3): the Lancer runs.
    fight = duel("lancer", "mercurand", CounterDice(1), hexes=12.0)
    lancer, mercurand = fight.crafts
    policy = Policy()
    assert policy.plan(lancer, mercurand, situation_of(fight, 2)) == FAR
    assert any(g.fired < g.boxes for g in lancer.weapons)  # nothing fired yet this turn
    order = policy.maneuver(lancer, mercurand, situation_of(fight, 2))
    assert (order.direction, order.thrust) == (4, -1)  # rear to the enemy, thrusting away
    for impulse in range(3, 12):  # every impulse but the last, turn after turn
        assert policy.maneuver(lancer, mercurand, situation_of(fight, impulse)).thrust == -1
    assert not policy.fire(lancer, mercurand, situation_of(fight, 5))  # no volley on the way


def test_a_runner_fires_on_the_last_impulse() -> None:
    fight = duel("lancer", "mercurand", CounterDice(1), hexes=4.0)
    lancer, mercurand = fight.crafts
    policy = Policy()
    assert policy.plan(lancer, mercurand, situation_of(fight, 12)) == FAR
    assert policy.fire(lancer, mercurand, situation_of(fight, 12))


def test_no_running_from_an_enemy_that_catches_up() -> None:
    # Both manned: the Starter, thrusting away on 11 impulses of 12 with one engine, cannot
    # gain on a Stinger crash-accelerating toward it, so it does not run; it cannot hurt the
    # Stinger at any range either, so it keeps the range rather than charge.
    fight = duel("starter", "stinger", CounterDice(1), hexes=30.0)
    starter, stinger = fight.crafts
    combat = load_combat()
    # One engine: too few for crash acceleration (2.3), 1/10 hex per turn a turn.
    assert judgement.top_rate(starter, 4, -1, combat) < judgement.top_rate(stinger, 1, 1, combat)
    assert not judgement.outruns(starter, stinger, combat)
    assert Policy().plan(starter, stinger, situation_of(fight, 2)) == 30.0


def test_outrunning_counts_the_last_impulse_lost() -> None:
    assert race.outruns(3.0, 0.2, 12)
    assert not race.outruns(0.2, 0.2, 12)  # 0.2 * 11 / 12 < 0.2
    assert race.outruns(0.2, 0.0, 12)
    assert race.top_rate(1 / 120, 1 / 60, True, 12) == 12 / 60  # manned: crash (2.3)
    assert race.top_rate(0.25, 0.5, False, 12) == 3.0  # unmanned: no mishap risk taken


# -- 6: no running from an enemy that cannot move -------------------------------------------
def test_no_running_from_a_fuelless_ramscoop_at_rest() -> None:
    # The Hammer scoops its fuel and carries none: at rest it cannot start moving (R20).
    fight = duel("lancer", "hammer", CounterDice(1), hexes=30.0)
    lancer, hammer = fight.crafts
    policy = Policy()
    combat = load_combat()
    held = policy.plan(lancer, hammer, situation_of(fight, 2))
    assert held < FAR  # it ran for 128 hexes before
    assert hammer.velocity == 0.0 and not judgement.can_close(hammer)
    _, theirs = judgement.race(lancer, hammer, int(held), combat, fight.covering, fight.rates)
    assert theirs == 0.0  # it stands off where the Hammer cannot hurt it
    nearer = [r for r in judgement.RANGES if abs(r - 30) < abs(held - 30)]
    assert all(judgement.race(lancer, hammer, r, combat, fight.covering, fight.rates)[1] > 0.0
               for r in nearer)  # and no nearer safe range was passed over


def test_it_stands_off_a_base_and_withdraws_to_get_there() -> None:
    fight = duel("sunspear", "ceres-station", CounterDice(1), hexes=12.0)
    sunspear, base = fight.crafts
    policy = Policy()
    held = policy.plan(sunspear, base, situation_of(fight, 2))
    combat = load_combat()
    found = judgement.races(sunspear, base, judgement.RANGES, combat, fight.covering,
                            fight.rates)
    least = min(theirs for _, theirs in found)
    assert least > 0.0  # its batteries reach every range: nowhere is safe from them
    assert held == max(r for r, (_, theirs) in zip(judgement.RANGES, found, strict=True)
                       if theirs == least)  # so it stands off where they hurt it least
    # Inside the base's reach it withdraws as a runner does: thrust away, weapons unfired.
    order = policy.maneuver(sunspear, base, situation_of(fight, 2))
    assert (order.direction, order.thrust) == (4, -1)


def test_stand_off_picks_the_nearest_safe_range_else_the_least_hurt() -> None:
    ranges = (0, 4, 8, 16, 32)
    used = (1.0,) * 5
    theirs = (0.5, 0.4, 0.0, 0.3, 0.0)
    assert race.stand_off(ranges, theirs, used, 5, 18.0) == 2  # 8 hexes: 10 away, not 14
    assert race.stand_off(ranges, theirs, used, 5, 20.0) == 4  # as near: the farther
    assert race.stand_off(ranges, theirs, (1.0, 1.0, 0.0, 1.0, 1.0), 5, 6.0) == 4
    hurt = (0.5, 0.4, 0.3, 0.2, 0.2)
    assert race.stand_off(ranges, hurt, used, 5, 20.0) == 4  # hurt least, farther of two


# -- 8: manned craft crash-accelerate -------------------------------------------------------
def test_a_manned_craft_closes_with_crash_acceleration() -> None:
    fight = duel("stinger", "starter", CounterDice(1), hexes=30.0)
    stinger, starter = fight.crafts
    assert stinger.manned  # 2.3: no mishap roll for a manned craft
    order = Policy().maneuver(stinger, starter, situation_of(fight, 2))
    assert (order.direction, order.thrust, order.crash) == (1, 1, True)


def test_an_unmanned_craft_takes_no_crash_risk_by_default() -> None:
    fight = duel("lancer", "lancer", CounterDice(1), hexes=30.0)
    me, enemy = fight.crafts
    order = Policy().maneuver(me, enemy, situation_of(fight, 2))
    assert (order.thrust, order.crash) == (1, False)
