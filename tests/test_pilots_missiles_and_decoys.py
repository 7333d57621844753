"""Tacship pilots that use the missiles and decoys they carry (issue 29, point 11).

Each case is set up by hand (a position, or a few seeded duels) and failed before the
pilot changed: a missile launched whenever its expected damage against the target's
best reply beats holding it, not only where every move of the target is covered; a
missile armed once the target has moved; an armed slot kept for a decoy in store; a
fighter that swaps its lasers for missiles still launching and hitting.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from shipyard.core.dice import duel_seed
from shipyard.rulesets.tacship.engine.duel import fight
from shipyard.rulesets.tacship.engine.ordnance import arm
from shipyard.rulesets.tacship.engine.policy import POLICIES, View
from shipyard.rulesets.tacship.engine.state import Board, Craft, Fighter, Missile
from shipyard.rulesets.tacship.engine.tables import load_combat
from shipyard.rulesets.tacship.rules.ordnance import beats_decoy, blast_mean
from tests.tacship_engine.fighters import VALKYRIE

# The Kestrel sample (catalog/tacship/designs/kestrel.ship.json).
KESTREL = Fighter("Kestrel", damage_boxes=7, survivability=1, thrust=15, fixed_lasers=(3, 2),
                  missiles=1)

COMBAT = load_combat()
F = COMBAT.figures
PILOT = POLICIES["default"]
HARPY = replace(VALKYRIE, name="Harpy", damage_boxes=8, survivability=1, thrust=6,
                fixed_lasers=(1,), missiles=5, mines=1, decoys=1)


def test_a_warheads_mean_and_the_chance_to_beat_a_decoy() -> None:
    # Rules 4 blast table: 2 hexes 1 point; 1 hex half a d6 rounded up (1, 1, 2, 2, 3,
    # 3: 2 on average); 0 hexes a d6 (3.5). T5: the missile wins only on a higher D20:
    # of 400 pairs, 20 ties and half of the other 380, 190.
    assert [blast_mean(*row) for row in COMBAT.blast_table] == [3.5, 2.0, 1.0]
    assert beats_decoy(20) == 190 / 400


def test_a_launch_the_target_could_outrun_but_will_not() -> None:
    # A Valkyrie 10 astern at speed 11 of another at speed 8 that has moved. Full thrust
    # straight on would take the target out of reach, so the old pilot kept its missile;
    # the target's best reply (a missile boat itself since the stand-off pilot of
    # tests/test_pilots_stand_off.py: it holds its place ahead) ends on the missile's run:
    # 3.5 x 19/40 = 1.6625 expected boxes through its decoy (a hex away before that
    # pilot: 2 x 19/40 = 0.95), more than the 0.4 a missile held is worth.
    me = Craft.enter(VALKYRIE, "a", (-10, 0), 0, 11)
    me.armed = ["missile"]
    enemy = Craft.enter(VALKYRIE, "b", (0, 0), 0, 8)
    view = View(me, enemy, Board(), F, 3)
    assert PILOT.launch_damage(view) == pytest.approx(3.5 * 19 / 40)
    assert PILOT.release(view).missile


def test_a_missile_boat_arms_a_missile_when_the_target_has_moved() -> None:
    # Head-on, 12 hexes apart: no move of the Harpy ends where every move of the target
    # is in reach, and the old pilot never armed one.
    me = Craft.enter(HARPY, "a", (0, 0), 0, 4)
    enemy = Craft.enter(VALKYRIE, "b", (12, 0), 3, 8)
    assert "missile" in PILOT.arm(View(me, enemy, Board(), F, 2))
    assert "missile" not in PILOT.arm(View(me, enemy, Board(), F, 2, enemy_moves_later=True))


def test_an_armed_slot_is_kept_for_the_decoy_in_store() -> None:
    # Missile armed, the enemy close astern (a mine wanted), a decoy in store: the pilot
    # does not fill the second slot, so next turn, a missile inbound, the decoy is armed
    # and launched. The old pilot armed the mine and had no slot left for the decoy.
    me = Craft.enter(HARPY, "a", (0, 0), 0, 6)
    me.stores["missile"] -= 1
    me.armed = ["missile"]
    enemy = Craft.enter(VALKYRIE, "b", (-5, 0), 0, 8)
    arm(me, PILOT.arm(View(me, enemy, Board(), F, 2)), F)
    assert me.armed == ["missile"]
    board = Board([Missile("b", "a", (4, 0), 3, 14, 2)])
    view = View(me, enemy, board, F, 3)
    assert arm(me, PILOT.arm(view), F) == ("decoy",)
    assert PILOT.release(view).decoy is not None


def _boat_missiles(boat: str, a: object, b: object, runs: int) -> tuple[int, int]:
    launched = detonated = 0
    for index in range(runs):
        log = fight(a, b, seed=duel_seed(1, index), log=True).log  # type: ignore[arg-type]
        launched += sum(line.count("launches a missile") for line in log
                        if f": {boat} (speed" in line)
        detonated += sum(f"{boat}'s missile closes on" in line for line in log)
    return launched, detonated


def test_a_fighter_that_swaps_its_lasers_for_missiles_launches_and_hits() -> None:
    # The Valkyrie with its two Laser-2 swapped for two more missiles, against the
    # Kestrel (the Valkyrie until the stand-off pilot of tests/test_pilots_stand_off.py,
    # which the laser Valkyrie, a missile carrier itself, now beats to the launch): the
    # old pilot never launched one in these duels.
    boat = replace(VALKYRIE, name="Gunless", fixed_lasers=(), missiles=VALKYRIE.missiles + 2)
    launched, detonated = _boat_missiles("Gunless", boat, KESTREL, 40)
    assert launched >= 5
    assert detonated >= 2
