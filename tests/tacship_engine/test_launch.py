"""When a pilot arms and launches a missile (rules 4: one homing move, right after the
target's next move; engine/launch.py)."""

from __future__ import annotations

import pytest

from shipyard.rulesets.tacship.engine.launch import stand_off_spot
from shipyard.rulesets.tacship.engine.movement import Plan, trace
from shipyard.rulesets.tacship.engine.policy import POLICIES, View
from shipyard.rulesets.tacship.engine.state import Board, Craft
from shipyard.rulesets.tacship.engine.tables import load_combat
from tests.tacship_engine.fighters import VALKYRIE

COMBAT = load_combat()
PILOT = POLICIES["default"]


def chase(gap: int, speed: int, armed: bool = True, moved: bool = True,
          offset: int = 0) -> View:
    """A Valkyrie `gap` hexes astern of another at speed 8, both on heading 0, and
    `offset` hexes off its line (negative: to the left)."""
    me = Craft.enter(VALKYRIE, "a", (-gap, offset), 0, speed)
    me.armed = ["missile"] if armed else []
    enemy = Craft.enter(VALKYRIE, "b", (0, 0), 0, 8)
    return View(me, enemy, Board(), COMBAT.figures, 3, enemy_moves_later=not moved)


def test_a_launch_from_astern_that_the_target_will_not_outrun() -> None:
    # Missile at (-4, 0), speed 12 + 6 = 18. The target's best reply (the pilot's own
    # weights in its place, a missile boat standing off) ends on the missile's run: a
    # d6, 3.5 on average, times 19/40 for the target's decoy still in store.
    assert PILOT.launch_damage(chase(10, 12)) == pytest.approx(3.5 * 19 / 40)
    assert PILOT.release(chase(10, 12)).missile
    # One speed less, the target could outrun the missile at full thrust, but its
    # best move does not: the launch pays all the same (the old rule held it).
    assert PILOT.release(chase(10, 11)).missile


def test_no_launch_where_the_best_reply_escapes() -> None:
    # 60 hexes astern nothing the target does ends within the missile's reach.
    assert PILOT.launch_damage(chase(60, 12)) == 0.0
    assert not PILOT.release(chase(60, 12)).missile


def test_no_launch_before_the_target_has_moved_this_turn() -> None:
    # The missile would fly the target's move straight on, unfused (T4), and the target
    # would have a second move to slip away in: the pilot keeps it.
    assert not PILOT.release(chase(10, 12, moved=False)).missile


def test_a_missile_is_armed_once_the_target_has_moved() -> None:
    assert "missile" in PILOT.arm(chase(22, 12, armed=False))
    assert "missile" in PILOT.arm(chase(60, 12, armed=False))  # kept armed for later
    assert "missile" not in PILOT.arm(chase(22, 12, armed=False, moved=False))


def test_an_armed_pilot_flies_where_a_launch_reaches_the_target_as_it_stands() -> None:
    # 10 astern of a target at speed 8 no end of a move puts the missile's start more
    # than 8 + 2 hexes from it (a stand-off spot, tests/test_pilots_stand_off.py): armed
    # or not, the pilot closes to 2 astern, for the guns.
    armed, unarmed = chase(10, 8), chase(10, 8, armed=False)
    plan, _ = PILOT.move(armed)
    assert plan == Plan(8) == PILOT.move(unarmed)[0]
    end = trace(armed.me.pos, 0, plan)[-1]
    assert not stand_off_spot(*end, 8, armed.enemy.pos, 8 + 2, COMBAT.figures)
