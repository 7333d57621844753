"""Known answers, worked by hand from RULES.md, for the Pentagon War rules of issue 29:
a missile shot down strikes every craft in its hex (2.6), radar invisibility loses a
homing weapon's track (seed 004), no evasion for a craft that cannot start moving
(R24), drones launched within the top speed (2.3, 2.6), and a log that shows every
point-defense roll and never gives damage to a thing with no damage track (2.5)."""

from __future__ import annotations

from shipyard.core.dice import ScriptedDice
from shipyard.rulesets.pentagon_war.engine.orders import Allocation, FireOrder, Launch
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


# -- 2.9, seed 004: radar invisibility turned on loses a homing weapon's track ------------
def test_turning_invisibility_on_loses_each_homing_weapon_on_1_to_4() -> None:
    # Two missiles and a bolt are homing on the Shade when it turns invisibility on
    # (radar off, 5 of its 10 capacitors): one die each, missiles first, then the bolt.
    # 4 loses its track, 5 keeps it, 1 loses it.
    dice = ScriptedDice([4, 5, 1])
    fight = duel("shade", "mercurand", dice, hexes=5.0, log=True)
    shade, mercurand = fight.crafts
    mercurand.missiles = [Missile(5.0, 6, 24.0), Missile(4.0, 6, 20.0)]
    mercurand.bolts = [Bolt(5.0, flown=3)]
    fight.allocate(shade, Allocation(invisible=True, radar=False))
    assert shade.invisible and dice.used == 3
    assert [m.distance for m in mercurand.missiles] == [4.0] and not mercurand.bolts
    assert fight.lines is not None and fight.lines[-1] == (
        "  A turns radar invisibility on: a missile rolls 4: loses its track; a missile "
        "rolls 5: keeps its track; a bolt rolls 1: loses its track")
    # Still invisible next turn: it does not turn invisibility on again, no die is rolled
    # (the script is spent); nor for a craft whose invisibility is void (radar on).
    shade.spent = 0
    fight.allocate(shade, Allocation(invisible=True, radar=False))
    assert shade.invisible and len(mercurand.missiles) == 1
    shade.invisible, shade.spent = False, 0
    fight.allocate(shade, Allocation(invisible=True, radar=True))
    assert not shade.invisible and len(mercurand.missiles) == 1


# -- R24: a craft that cannot start moving cannot maneuver evasively ----------------------
def test_only_a_craft_that_can_start_moving_maneuvers_evasively() -> None:
    fight = duel("mercurand", "ceres-station", ScriptedDice([]), hexes=20.0)
    mercurand, station = fight.crafts
    mercurand.boxes["fuel_tank"] = 0  # a ramscoop with no fuel, at rest (R20)
    fight.allocate(mercurand, Allocation(evade=True))
    assert not mercurand.evasive
    mercurand.velocity = 2.0  # moving, it thrusts along its facing without fuel (R20)
    fight.allocate(mercurand, Allocation(evade=True))
    assert mercurand.evasive
    fight.allocate(station, Allocation(evade=True))  # a base (R11)
    assert not station.evasive
    lancer = duel("lancer", "lancer", ScriptedDice([]), hexes=20.0).crafts[0]
    lancer.boxes["fuel_tank"] = 0  # engines that need fuel it lacks
    fight.allocate(lancer, Allocation(evade=True))
    assert not lancer.evasive


# -- 2.3, 2.6: drones launched within the top speed of 12 --------------------------------
def test_drones_are_launched_within_the_top_speed() -> None:
    # Launched at the launcher's speed + 3 (2.6), but never above 12 (2.3): at 11, 12;
    # at -12 (running), -9; a point-defense escort at its launcher's speed.
    for velocity, bay, speed in ((11.0, "laser", 12.0), (-12.0, "laser", -9.0),
                                 (12.0, "point_defense", 12.0), (4.0, "laser", 7.0)):
        fight = duel("hive", "lancer", ScriptedDice([]), hexes=20.0)
        hive = fight.crafts[0]
        hive.velocity, hive.drone_bays = velocity, [bay]
        fight.flight.launch(0, hive, Launch(drones=1))
        assert [d.speed for d in hive.drones] == [speed]


# -- the compiled engine: the same rolls, in the same order, on the same state ------------
def test_the_compiled_engine_loses_the_same_tracks_and_refuses_the_same_evasion() -> None:
    from shipyard.core.compiled_dice import key_of, start
    from shipyard.core.dice import CounterDice
    from shipyard.core.outcome import DuelScenario
    from shipyard.rulesets.pentagon_war.fast import columns as C
    from shipyard.rulesets.pentagon_war.fast import lists
    from shipyard.rulesets.pentagon_war.fast.duel import apply_allocation, reset
    from shipyard.rulesets.pentagon_war.fast.lineup import FastLineup
    from shipyard.rulesets.pentagon_war.fast.state import new_state
    from shipyard.rulesets.pentagon_war.rules.figures import CAPACITOR, FUEL_TANK
    from tests.test_fast_pentagon_war import sample

    missiles, bolts = (5.0, 4.0, 3.0), (5.0, 2.0)
    lineup = FastLineup(sample("shade"), sample("mercurand"), ("shade", "mercurand"),
                        ("default", "default"), DuelScenario())
    st = new_state(lineup.duelists)
    for seed in range(12):
        fight = duel("shade", "mercurand", CounterDice(seed), hexes=5.0)
        shade, mercurand = fight.crafts
        mercurand.missiles = [Missile(d, 6, 24.0) for d in missiles]
        mercurand.bolts = [Bolt(d) for d in bolts]
        fight.allocate(shade, Allocation(invisible=True, radar=False))
        reset(st, lineup.duelists)
        for d in missiles:
            lists.add_missile(st, 1, d, 6, 24.0)
        for d in bolts:
            lists.add_bolt(st, 1, d)
        start(st.rng, key_of(seed))
        st.ci[0, C.CHARGE], st.ci[0, C.SPENT] = st.ci[0, C.BOX + CAPACITOR], 0
        apply_allocation(st, lineup.tables, 0, 0, 0, True, False, False)
        assert st.ci[0, C.INVISIBLE] == 1 and int(st.rng[1]) == fight.dice.drawn == 5
        assert [st.ft[1, C.MSF_T, i, C.M_DISTANCE] for i in range(st.ci[1, C.N_MISSILES])] == [
            m.distance for m in mercurand.missiles]
        assert [st.ft[1, C.BLF_T, i, 0] for i in range(st.ci[1, C.N_BOLTS])] == [
            b.distance for b in mercurand.bolts]
    # R24: the Mercurand, a ramscoop, with no fuel: no evasion at rest, evasion moving.
    reset(st, lineup.duelists)
    st.ci[1, C.BOX + FUEL_TANK] = 0
    apply_allocation(st, lineup.tables, 1, 0, 0, False, True, True)
    assert st.ci[1, C.EVASIVE] == 0
    st.cf[1, C.VELOCITY] = 2.0
    apply_allocation(st, lineup.tables, 1, 0, 0, False, True, True)
    assert st.ci[1, C.EVASIVE] == 1
