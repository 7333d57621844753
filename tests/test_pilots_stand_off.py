"""Issue 29 point 11: a missile boat's pilot stands off in front of its target (rules 4:
a missile starts 6 hexes straight ahead of its launcher at 6 + the launcher's speed and
may detonate within 2 hexes, right after the target's next move; engine/launch.py)."""

from __future__ import annotations

import pytest

from benchmarks.tacship_harpy_bench import fighters
from shipyard.core.dice import duel_seed
from shipyard.rulesets.tacship.engine.duel import fight
from shipyard.rulesets.tacship.engine.launch import stand_off_spot
from shipyard.rulesets.tacship.engine.movement import Plan, trace
from shipyard.rulesets.tacship.engine.policy import POLICIES, View
from shipyard.rulesets.tacship.engine.state import Board, Craft
from shipyard.rulesets.tacship.engine.tables import load_combat

F = load_combat().figures
PILOT = POLICIES["default"]
CRAFTS = fighters()


def test_a_stand_off_spot_by_hand() -> None:
    # Heading 0 runs along +q. From (-14, 0) the missile starts at (-8, 0), 8 hexes from
    # a target at the origin; at launcher speed 4 it flies 10 and fuses within 2: 12.
    assert stand_off_spot((-14, 0), 0, 4, (0, 0), 6, F)  # 8 > 6 and 8 <= 12
    assert not stand_off_spot((-14, 0), 0, 4, (0, 0), 8, F)  # not farther than 8
    assert not stand_off_spot((-24, 0), 0, 4, (0, 0), 6, F)  # 18 > 12: out of reach
    assert stand_off_spot((-24, 0), 0, 10, (0, 0), 6, F)  # speed 10: 16 + 2 = 18
    assert not stand_off_spot((-24, 0), 0, 9, (0, 0), 6, F)  # speed 9: 17 < 18


def test_a_harpy_holds_its_range_ahead_of_the_target() -> None:
    # Turn 1, head-on: the Harpy (five missiles in store, none armed, moving first) 16
    # hexes ahead of a Valkyrie at speed 4 coming at it. The old pilot closed to 7 hexes
    # at full thrust (Plan(11), its launch hex 8 away, where the Valkyrie flies on past
    # the missile); now it holds speed 7 and stays 10 away, a stand-off spot: the launch
    # hex more than 4 + 2 hexes from the Valkyrie and within its reach.
    me = Craft.enter(CRAFTS["harpy"], "a", (-16, 0), 0, 7)
    enemy = Craft.enter(CRAFTS["valkyrie"], "b", (0, 0), 3, 4)
    plan, _ = PILOT.move(View(me, enemy, Board(), F, 1, enemy_moves_later=True))
    assert plan == Plan(7, ((6, 1),))
    end = trace(me.pos, me.heading, plan)[-1]
    assert stand_off_spot(*end, 7, enemy.pos, 4 + F.detonation_range, F)


# One seeded duel against each sample (reference engine, master seed 1) where the Harpy's
# own missile detonates; the old pilot's detonated in none (it launched one, at the
# Bulwark).
DUELS = [("bulwark", "harpy", 2), ("harpy", "hawk", 1), ("harpy", "kestrel", 5),
         ("harpy", "nightjar", 1), ("harpy", "valkyrie", 1)]


@pytest.mark.parametrize(("a", "b", "index"), DUELS)
def test_the_harpys_missiles_detonate_against_every_sample(a: str, b: str,
                                                           index: int) -> None:
    log = fight(CRAFTS[a], CRAFTS[b], seed=duel_seed(1, index), log=True).log
    assert any("Harpy's missile closes on" in line for line in log)
