"""Captain faults of issue 29 (points 7, 9, 10), each a constructed duel state.

A carrier that never launches, power left unspent on the last impulse of a turn, and
limited ammunition that dies unfired: each case failed with the captain before it was
fixed. The compiled captain makes the same decisions (tests/test_engine_equivalence.py).
"""

from __future__ import annotations

from shipyard.core.dice import CounterDice
from shipyard.rulesets.pentagon_war.engine.orders import FireOrder, Incoming
from shipyard.rulesets.pentagon_war.engine.policy import Policy
from shipyard.rulesets.pentagon_war.rules import race
from tests.test_duel_rules import duel
from tests.test_duel_rules_captains import situation_of

LAST = 12  # impulses in a turn (2.1)


# -- 7: a carrier launches its drones ------------------------------------------------------
def test_a_carrier_launches_at_an_enemy_that_runs_as_fast_as_it_chases() -> None:
    fight = duel("hive", "sunspear", CounterDice(1), hexes=36.0)
    hive, sunspear = fight.crafts
    # Seen in Hive v Sunspear: the Sunspear runs at the top speed of 12, the Hive chases at
    # 11.92, so the range never comes down to the 20 hexes it launched from; the drones,
    # launched at its speed + 3 (2.6), close on the Sunspear at 2.92 hexes a turn.
    hive.velocity, sunspear.velocity = 11.92, -12.0
    launch = Policy().launch(hive, sunspear, situation_of(fight, 2))
    assert launch.drones == len(hive.drone_bays) == 34


def test_a_carrier_waits_for_launch_range_while_it_closes() -> None:
    fight = duel("hive", "sunspear", CounterDice(1), hexes=36.0)
    hive, sunspear = fight.crafts
    hive.velocity, sunspear.velocity = 6.0, -2.0  # closing at 4 hexes a turn
    assert Policy().launch(hive, sunspear, situation_of(fight, 2)).drones == 0
    fight.range = 20.0  # in launch range
    assert Policy().launch(hive, sunspear, situation_of(fight, 2)).drones == 34


def test_drones_are_not_launched_at_an_enemy_they_could_not_close_on() -> None:
    f = duel("hive", "sunspear", CounterDice(1)).combat.figures
    assert race.launch_drones(f, 36.0, 20.0, 11.92, -12.0)
    assert not race.launch_drones(f, 36.0, 20.0, 6.0, -12.0)  # 9 + 3 < 12: never catch it
    assert not race.launch_drones(f, 36.0, 20.0, 0.0, 0.0)  # at rest: it will approach


# -- 9: no power left unspent on the last impulse ------------------------------------------
def test_on_the_last_impulse_it_fires_past_the_screens_already_up() -> None:
    fight = duel("shade", "mercurand", CounterDice(1), hexes=4.0)
    shade, mercurand = fight.crafts
    # The Mercurand's power could raise screens enough to stop the Shade's volley at the
    # best rolls, so before the last impulse the Shade keeps its power; on the last
    # impulse that power is lost anyway (2.2) and the screens up do not stop the volley.
    assert Policy().fire(shade, mercurand, situation_of(fight, LAST - 1)) == []
    fired = Policy().fire(shade, mercurand, situation_of(fight, LAST))
    assert fired and all(o.target == "craft" for o in fired)


def test_on_the_last_impulse_it_raises_screens_to_the_best_case() -> None:
    fight = duel("lancer", "lancer", CounterDice(1), hexes=2.0)
    me, enemy = fight.crafts
    everything = Incoming(tuple(FireOrder(i) for i in range(len(enemy.weapons))))
    wants = []
    for impulse in (LAST - 1, LAST):
        me.charge = 60  # power is no limit here
        policy = Policy()
        situation = situation_of(fight, impulse)
        policy.fire(me, enemy, situation)
        wants.append(policy.reinforce(me, enemy, situation, everything))
    # 3 screens up. Two proton cannons at 2 hexes: 4.08 each on average past nothing, at
    # best 7 each; the laser 3, at best 5: 11.17 on average, 19 at best. Before the last
    # impulse it wants its boxes plus the mean rounded up, 3 + 12 = 15; on the last, 19.
    assert wants == [15 - 3, 19 - 3]


def test_on_the_last_impulse_power_is_kept_only_for_this_impulses_volley() -> None:
    fight = duel("lancer", "lancer", CounterDice(1), hexes=2.0)
    me, enemy = fight.crafts
    everything = Incoming(tuple(FireOrder(i) for i in range(len(enemy.weapons))))
    policy = Policy()
    situation = situation_of(fight, LAST)
    me.charge = 6  # its two proton cannons (2 each) and laser (1) would take 5
    enemy.boxes["screen"] = 40  # its whole volley stopped: it holds its fire...
    assert policy.fire(me, enemy, situation) == []
    # ...so no power is kept back for weapons that will never fire: 6 // 3 = 2 points,
    # where keeping 5 for them left 1, not one point's worth.
    assert policy.reinforce(me, enemy, situation, everything) == 2


# -- 10: limited ammunition fired before the craft dies with it ----------------------------
def test_acid_gum_is_fired_on_longer_odds_by_a_craft_about_to_die() -> None:
    fight = duel("stinger", "sunspear", CounterDice(1), hexes=12.0)
    stinger, sunspear = fight.crafts
    policy = Policy()
    situation = situation_of(fight, LAST)
    policy.plan(stinger, sunspear, situation)
    # It cannot hurt the Sunspear past its screens on average, so it fires on the last
    # impulse only (it holds no range where it can hurt); say it were making for 4 hexes,
    # where its odds are better, so that only the turns it has left decide.
    policy._wanted_range = 4.0
    # The Sunspear destroys the Stinger in about 3.5 turns at 12 hexes; the Stinger's five
    # acid gum shots (once a turn, 2.2) would mostly die with it, so a 5 in 18 chance
    # (6+ on 2d6 + size 2 - URM 4 at 9-16 hexes) is worth a shot.
    assert 1 / 3 > 5 / 18
    assert [o for o in policy.fire(stinger, sunspear, situation) if o.gun]
    policy._to_live = 32.0  # with time for every shot it would wait for better odds
    assert not [o for o in policy.fire(stinger, sunspear, situation) if o.gun]


def test_acid_gum_is_kept_for_better_odds_by_a_craft_that_will_live() -> None:
    fight = duel("stinger", "zelta-dee", CounterDice(1), hexes=12.0)
    stinger, zelta = fight.crafts
    policy = Policy()
    situation = situation_of(fight, LAST - 1)
    policy.plan(stinger, zelta, situation)  # about 32 turns to live: time for every shot
    assert not [o for o in policy.fire(stinger, zelta, situation) if o.gun]


def test_a_craft_keeping_the_range_fires_its_acid_gum_on_the_odds_it_has() -> None:
    fight = duel("stinger", "mercurand", CounterDice(1), hexes=28.0)
    stinger, mercurand = fight.crafts
    policy = Policy()
    situation = situation_of(fight, LAST)
    # Both manned: it cannot outrun the Mercurand, so it keeps the range (no charge)...
    assert policy.plan(stinger, mercurand, situation) == 28.0
    # ...so its odds, 6 in 36 (6+ on 2d6 + size 2 - URM 5 at 17-32 hexes), get no
    # better: waiting for 1 in 3 would carry all eight shots to its death.
    fired = [o for o in policy.fire(stinger, mercurand, situation) if o.gun]
    assert {o.index for o in fired} == {0, 1}  # both acid gum guns


def test_the_ammunition_floor() -> None:
    assert race.ammunition_floor(1 / 3, 5, 1.0, 32.0, 0.5) == 1 / 3  # better odds ahead
    assert race.ammunition_floor(1 / 3, 5, 1.0, 32.0, 1 / 6) == 1 / 6  # none better
    assert race.ammunition_floor(1 / 3, 5, 1.0, 5.0, 0.5) == 0.0  # dead before the 5th
    assert race.ammunition_floor(1 / 3, 5, 1.0, 3.5, 0.5) == 0.0
    assert race.turns_to_live(0.25) == 4.0
    assert race.turns_to_live(0.0) == float("inf")


def test_a_craft_keeping_the_range_launches_the_missiles_that_can_still_reach() -> None:
    fight = duel("mercurand", "sunspear", CounterDice(1), hexes=20.0)
    mercurand, sunspear = fight.crafts
    policy = Policy()
    situation = situation_of(fight, 2)
    # It cannot outrun the Sunspear, so it keeps the range: never nearer.
    assert policy.plan(mercurand, sunspear, situation) == 20.0
    # Past its 14-hex missile range, but a missile at speed 6 reaches the Sunspear at rest
    # on 20 of its 24 hexes of fuel (2.6).
    assert policy.launch(mercurand, sunspear, situation).missiles == 1
    sunspear.velocity = -3.0  # opening at 3: 20 x 6 / (6 - 3) = 40 hexes of fuel needed
    assert policy.launch(mercurand, sunspear, situation).missiles == 0


def test_a_closing_craft_keeps_its_missiles_for_missile_range() -> None:
    fight = duel("mercurand", "lancer", CounterDice(1), hexes=20.0)
    mercurand, lancer = fight.crafts
    policy = Policy()
    situation = situation_of(fight, 2)
    assert policy.plan(mercurand, lancer, situation) == 12  # it closes to 12 hexes
    assert policy.launch(mercurand, lancer, situation).missiles == 0


def test_missiles_launched_beyond_missile_range() -> None:
    f = duel("mercurand", "sunspear", CounterDice(1)).combat.figures
    launch = race.launch_missiles
    assert launch(f, 14.0, 14.0, 4.0, 0.0, 12, 12.0, 30.0)  # in missile range
    assert not launch(f, 20.0, 14.0, 12.0, 0.0, 12, 12.0, 30.0)  # it will come nearer
    assert launch(f, 20.0, 14.0, 12.0, 0.0, 12, 12.0, 1.0)  # but not live to launch them
    assert not launch(f, 24.0, 14.0, 128.0, 0.0, 12, 12.0, 30.0)  # out of fuel at 24
    assert not launch(f, 20.0, 14.0, 128.0, -6.0, 12, 12.0, 30.0)  # never catches it
