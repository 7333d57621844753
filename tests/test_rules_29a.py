"""Known answers, worked by hand from RULES.md, for the Pentagon War rules of issue 29:
a missile shot down strikes every craft in its hex (2.6), radar invisibility loses a
homing weapon's track (seed 004), no evasion for a craft that cannot start moving
(R24), drones launched within the top speed (2.3, 2.6), and a log that shows every
point-defense roll and never gives damage to a thing with no damage track (2.5)."""

from __future__ import annotations

from shipyard.core.dice import ScriptedDice
from shipyard.rulesets.pentagon_war.engine.orders import FireOrder
from shipyard.rulesets.pentagon_war.engine.state import Bolt, Drone, Missile
from tests.test_duel_rules import Holding, duel


# -- 2.6: a missile shot down explodes for half its warhead on every craft in its hex -----
def test_a_missile_shot_down_in_a_shared_hex_strikes_its_launcher_too() -> None:
    # The Mercurand (A, no PD left) and the Lancer (B, 3 PD boxes) share a hex; A's
    # missile reaches B. B's shots: the missile needs min(5, 3) + 0 = 3, rolls 2:
    # destroyed; then A needs min(5, 2) + size class 2 = 4, rolls 5: miss. The missile
    # explodes for 12 / 2 = 6 at full strength in the hex: B takes 6, and so does A.
    dice = ScriptedDice([2, 5])
    fight = duel("mercurand", "lancer", dice, hexes=0.0, policies=(Holding(), Holding()),
                 log=True)
    mercurand, _ = fight.crafts
    mercurand.boxes["point_defense"] = 0
    mercurand.missiles.append(Missile(0.5, 6, 24.0))
    fight.flight.point_defense()
    assert dice.used == 2 and not mercurand.missiles
    assert [[(h.points, h.cause) for h in hits] for hits in fight.pending] == [
        [(6, "missile")], [(6, "missile")]]
    assert fight.lines == [
        "impulse 1: A point defense has no working box for 1 target(s)",
        "impulse 1: B point defense (3 boxes): a missile needs 3 or less, rolls 2: "
        "destroyed; A needs 4 or less, rolls 5: miss"]


def test_a_missile_shot_down_away_from_its_launcher_strikes_only_its_hex() -> None:
    dice = ScriptedDice([2])  # 3 or less to kill: destroyed; A is 5 hexes away
    fight = duel("mercurand", "lancer", dice, hexes=5.0, policies=(Holding(), Holding()))
    fight.crafts[0].missiles.append(Missile(0.5, 6, 24.0))
    fight.flight.point_defense()
    assert [[h.points for h in hits] for hits in fight.pending] == [[], [6]]


def test_a_missile_missing_an_evader_in_its_launchers_hex_strikes_both() -> None:
    # R21: the evading Lancer has 3 - 2 = 1 PD box: the missile needs 1, rolls 6: miss.
    # It reaches the Lancer's hex, the miss die rolls 1: it is detonated there for 6,
    # on the Lancer and on the Mercurand that shares the hex.
    dice = ScriptedDice([6, 1])
    fight = duel("mercurand", "lancer", dice, hexes=0.0, policies=(Holding(), Holding()))
    mercurand, lancer = fight.crafts
    mercurand.boxes["point_defense"] = 0
    lancer.evading = True
    mercurand.missiles.append(Missile(0.5, 6, 24.0))
    fight.flight.point_defense()
    assert dice.used == 2
    assert [[h.points for h in hits] for hits in fight.pending] == [[6], [6]]


# -- 17: hits on drones, missiles and bolts in the log --------------------------------------
def test_a_laser_that_kills_a_drone_logs_it_destroyed_not_damaged() -> None:
    # 2d6 = 12 + size class 0 - 2 (URM at 2) = 10: at least the laser's kill number 5.
    fight = duel("lancer", "hive", ScriptedDice([6, 6]), hexes=2.0, log=True)
    lancer, hive = fight.crafts
    hive.drones = [Drone("laser", 2.0, 0.0, 24, escort=False)]
    laser = next(i for i, g in enumerate(lancer.weapons) if g.type == "laser")
    fight.fire(0, lancer, FireOrder(laser, target="drone"))
    assert not hive.drones[0].alive
    assert fight.lines is not None
    assert fight.lines[-1] == ("impulse 1: A fires 1 laser at a drone at range 2, rolls 12 "
                               "(modified 10): destroyed")


def test_proton_cannons_that_hit_a_bolt_log_what_is_left_of_its_strike() -> None:
    # Two proton cannons at a bolt (size class I) at range 3: 8 + 1 - 3 = 6 hits for 6;
    # 2 + 1 - 3 = 0 misses. 6 points take 6 / 2 = 3 off the strike of a bolt that has
    # flown 4 hexes (35): 32 left.
    fight = duel("lancer", "hammer", ScriptedDice([4, 4, 1, 1]), hexes=3.0, log=True)
    lancer, hammer = fight.crafts
    hammer.bolts.append(Bolt(3.0, flown=4))
    protons = next(i for i, g in enumerate(lancer.weapons) if g.type == "proton_cannon")
    fight.fire(0, lancer, FireOrder(protons, target="bolt"))
    assert hammer.bolts[0].erosion == 3
    assert fight.lines is not None
    assert fight.lines[-1] == (
        "impulse 1: A fires 2 proton cannons at a bolt at range 3, rolls 8, 2 (modified 6, 0)"
        ": 6 points take 3 off the bolt's strike, 32 left")
