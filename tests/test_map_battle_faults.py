"""Two map-battle faults, held by known answers worked by hand (docs/rules.md 2.7, 2.9):
radar invisibility rolls only for the seekers homing on the craft that hides, and screen
reinforcement prices each announced order with the weapons of the craft that gave it."""

from __future__ import annotations

from dataclasses import replace

import pytest

from shipyard.core.dice import ScriptedDice
from shipyard.core.outcome import DuelScenario
from shipyard.rulesets.pentagon_war.engine.map_battle import MapBattle
from shipyard.rulesets.pentagon_war.engine.orders import Allocation, FireOrder, Incoming
from shipyard.rulesets.pentagon_war.engine.state import Bolt, Drone, Missile
from tests.test_map_battles import COMBAT, battle


# -- 2.9: "If a missile or liquid metal gun bolt is targeted on a spacecraft before it goes
# radar invisible ..." -- only the seekers homing on the craft that hides ---------------------
def test_going_invisible_rolls_only_for_the_seekers_homing_on_the_craft() -> None:
    # Fleet A: the shade (0) and a lancer (1); fleet B: two lancers (2, 3). Lancer 2 fights
    # the lancer of fleet A, so its missile and bolt home on that lancer; lancer 3 fights
    # the shade, so its missile homes on the shade. The shade hides: one die, for lancer
    # 3's missile (a 4: it loses its track, 1-4 on a d6); lancer 2's seekers draw none.
    dice = ScriptedDice([4])
    fight = battle(["shade", "lancer", "lancer", "lancer"], [0, 0, 1, 1], dice, log=True)
    fight.target[:] = [3, 2, 1, 0]
    fight.turn = 1
    shade, _, friends_foe, hunter = fight.crafts
    shade.charge = shade.boxes["capacitor"]  # 2.2: the turn's power (invisibility: 5)
    friends_foe.missiles = [Missile(6.0, 6, 24.0)]
    friends_foe.bolts = [Bolt(3.0)]
    hunter.missiles = [Missile(5.0, 6, 24.0)]
    fight.allocate(shade, Allocation(invisible=True, radar=False))
    assert shade.invisible
    assert dice.used == 1
    assert hunter.missiles == []  # lost its track on the 4
    assert [m.alive for m in friends_foe.missiles] == [True]  # still homing on lancer 2
    assert [b.alive for b in friends_foe.bolts] == [True]
    assert (fight.lines or [])[-1] == (
        "  shade 1 turns radar invisibility on: a missile rolls 4: loses its track")


def test_going_invisible_with_no_seeker_on_it_draws_no_die() -> None:
    # The same craft, but nothing fights the shade: both lancers of fleet B target the
    # lancer of fleet A, and their seekers keep flying without a die.
    dice = ScriptedDice([])
    fight = battle(["shade", "lancer", "lancer", "lancer"], [0, 0, 1, 1], dice)
    fight.target[:] = [3, 2, 1, 1]
    fight.turn = 1
    shade = fight.crafts[0]
    shade.charge = shade.boxes["capacitor"]
    for craft in fight.crafts[2:]:
        craft.missiles = [Missile(5.0, 6, 24.0)]
    fight.allocate(shade, Allocation(invisible=True, radar=False))
    assert shade.invisible and dice.used == 0
    assert all(len(craft.missiles) == 1 for craft in fight.crafts[2:])


# -- 2.1, 2.2: the announced fire, priced with the weapons of the craft that gave it --------------
def test_reinforcement_prices_each_order_with_the_weapons_of_the_craft_that_gave_it() -> None:
    # The mercurand (size class 2, its screens cut to 3 boxes, 30 power) is the target of
    # a lancer 2 hexes away (locked on, evading) and a shade 6 hexes away (no lock: it
    # counts the range double, 12). Last impulse of the turn: it raises the best case.
    #   lancer's laser (its group 1): 12 + 2 (size) - 2 (URM at 2) - 3 (evading) = 9: 4
    #   shade's electron cannon (its group 0): at 12 hexes 12 + 2 - 5 = 9 >= 6 hits: 2
    # best case 4 + 2 = 6, less the 3 screens up: 3 points (9 power of the 30).
    # (Priced on the lancer's weapons, the shade's group 0 would be its two proton
    # cannons, 7 each: 18 in all, and the 10 points the power buys.)
    fight = battle(["mercurand", "lancer", "shade"], [0, 1, 1])
    fight.target[:] = [1, 0, 0]
    fight.turn, fight.impulse = 1, COMBAT.quick.impulses
    hexmap = fight.hexmap
    for i, (a, c) in enumerate([(0, 0), (2, 0), (6, 0)]):
        hexmap.a[i], hexmap.c[i] = a, c
    assert (hexmap.hexes(1, 0), hexmap.hexes(2, 0)) == (2, 6)
    me, lancer, shade = fight.crafts
    me.boxes["screen"], me.charge = 3, 30
    lancer.locked, lancer.evading = True, True
    shade.locked, shade.evading = False, False
    laser = [g.type for g in lancer.weapons].index("laser")
    electron = [g.type for g in shade.weapons].index("electron_cannon")
    assert (laser, electron) == (1, 0)
    incoming = fight.incoming(0, {1: [FireOrder(laser)], 2: [FireOrder(electron)]}, {})
    fight.view(0, fight.target[0])  # as the impulse views it before the captain decides
    assert fight.policies[0].reinforce(me, lancer, fight.situation(), incoming) == 3


def test_a_lone_attacker_is_priced_as_the_enemy_on_the_track() -> None:
    # One attacker: the lancer's two proton cannons at 2 hexes, locked on, not evading:
    # 12 + 2 - 2 = 12 >= 6 hits for 7 each: best case 14, less the 3 screens: 11 points,
    # which the 60 power buys (3 each).
    fight = battle(["mercurand", "lancer"], [0, 1])
    fight.target[:] = [1, 0]
    fight.turn, fight.impulse = 1, COMBAT.quick.impulses
    hexmap = fight.hexmap
    hexmap.a[:], hexmap.c[:] = [0, 2], [0, 0]
    me, lancer = fight.crafts
    me.boxes["screen"], me.charge = 3, 60
    lancer.locked, lancer.evading = True, False
    protons = [g.type for g in lancer.weapons].index("proton_cannon")
    incoming = fight.incoming(0, {1: [FireOrder(protons)]}, {})
    fight.view(0, 1)
    assert fight.policies[0].reinforce(me, lancer, fight.situation(), incoming) == 11


# -- the compiled engine: the same seekers roll, on the same dice -------------------------------
def test_the_compiled_engine_rolls_for_the_same_seekers_on_the_map() -> None:
    from shipyard.core.compiled_dice import key_of, start
    from shipyard.rulesets.pentagon_war.fast import columns as C
    from shipyard.rulesets.pentagon_war.fast import lists
    from shipyard.rulesets.pentagon_war.fast.duel import apply_allocation, reset
    from shipyard.rulesets.pentagon_war.fast.fleet_state import new_map
    from shipyard.rulesets.pentagon_war.fast.fleets import FastMapFleets
    from shipyard.rulesets.pentagon_war.fast.map_battle import retarget
    from shipyard.rulesets.pentagon_war.fast.state import new_state
    from shipyard.rulesets.pentagon_war.rules.figures import CAPACITOR
    from tests.test_fast_pentagon_war import sample

    fleets = FastMapFleets([(sample("shade"), "shade"), (sample("lancer"), "lancer 2")],
                           [(sample("lancer"), "lancer 3"), (sample("lancer"), "lancer 4")],
                           ("default", "default"), DuelScenario())
    st = new_state(fleets.fleet)
    # The battle's start: each craft's seekers home on the target its fleet gave it.
    reset(st, fleets.fleet)
    mp = new_map(fleets.start, fleets.m, *fleets.beams)
    retarget(st, mp)
    assert list(st.ci[:, C.HOMING_ON]) == list(mp.mi[:, C.TARGET]) == fleets.battle(0).target
    seekers = {2: ((6.0, 4.0), (3.0,)), 3: ((5.0,), (2.0,))}  # missiles, bolts
    for seed in range(12):
        # Lancer 3 fights lancer 2; lancer 4 fights the shade: 2 dice (its missile, bolt).
        fight = fleets.battle(seed)
        fight.target[:] = [3, 2, 1, 0]
        for k, (missiles, bolts) in seekers.items():
            fight.crafts[k].missiles = [Missile(d, 6, 24.0) for d in missiles]
            fight.crafts[k].bolts = [Bolt(d) for d in bolts]
        shade = fight.crafts[0]
        shade.charge = shade.boxes["capacitor"]
        fight.allocate(shade, Allocation(invisible=True, radar=False))
        reset(st, fleets.fleet)
        st.ci[:, C.HOMING_ON] = [3, 2, 1, 0]
        for k, (missiles, bolts) in seekers.items():
            for d in missiles:
                lists.add_missile(st, k, d, 6, 24.0)
            for d in bolts:
                lists.add_bolt(st, k, d)
        start(st.rng, key_of(seed))
        st.ci[0, C.CHARGE], st.ci[0, C.SPENT] = st.ci[0, C.BOX + CAPACITOR], 0
        apply_allocation(st, fleets.tables, 0, 0, 0, True, False, False)
        assert st.ci[0, C.INVISIBLE] == 1 and int(st.rng[1]) == fight.dice.drawn == 2
        for k in seekers:
            assert [st.ft[k, C.MSF_T, i, C.M_DISTANCE] for i in range(st.ci[k, C.N_MISSILES])
                    ] == [m.distance for m in fight.crafts[k].missiles]
            assert [st.ft[k, C.BLF_T, i, 0] for i in range(st.ci[k, C.N_BOLTS])] == [
                b.distance for b in fight.crafts[k].bolts]
        assert st.ci[2, C.N_MISSILES] == 2 and st.ci[2, C.N_BOLTS] == 1  # never rolled


def test_orders_priced_on_the_target_in_the_reference_alone_fail_the_equivalence(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The compiled engine prices each order on its firer's weapons too: with the
    reference's orders priced on the target's weapons again, the engines part."""
    from tests.test_map_battle_engines import DEFAULT, SEEDS, differences, fleet, several

    seeds = SEEDS[:2]
    a, b = fleet("superhulk"), several("hammer", "hammer", "mercurand", "sunspear", "lancer")
    assert differences(a, b, DEFAULT, seeds) == []
    told = MapBattle.incoming

    def unsorted(self: MapBattle, i: int, orders: dict[int, list[FireOrder]],
                 drones: dict[int, tuple[Drone, ...]]) -> Incoming:
        return replace(told(self, i, orders, drones), volleys=())

    monkeypatch.setattr(MapBattle, "incoming", unsorted)
    assert differences(a, b, DEFAULT, seeds) != []
