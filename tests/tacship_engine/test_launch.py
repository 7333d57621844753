"""When a pilot arms and launches a missile (rules 4: one homing move, right after the
target's next move; engine/launch.py)."""

from __future__ import annotations

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


def test_a_launch_from_astern_that_the_target_cannot_outrun() -> None:
    # Missile at (-4, 0), speed 12 + 6 = 18. The target's longest move, full thrust
    # straight on at 16, ends at (16, 0): 20 hexes, 18 flown + 2 of blast.
    assert PILOT.release(chase(10, 12)).missile
    # One speed less: the missile flies 17, and 17 + 2 < 20: the target can outrun it.
    assert not PILOT.release(chase(10, 11)).missile


def test_no_launch_before_the_target_has_moved_this_turn() -> None:
    # The missile would fly the target's move straight on, unfused (T4), and the target
    # would have a second move to slip away in: the pilot keeps it.
    assert not PILOT.release(chase(10, 12, moved=False)).missile


def test_a_missile_is_armed_only_when_this_move_can_end_at_a_sure_launch() -> None:
    # 22 astern at speed 12: flying straight on ends 10 astern, the launch above.
    assert "missile" in PILOT.arm(chase(22, 12, armed=False))
    # 60 astern no move of this turn gets within reach: the missile stays in store.
    assert "missile" not in PILOT.arm(chase(60, 12, armed=False))
    assert "missile" not in PILOT.arm(chase(22, 12, armed=False, moved=False))


def test_an_armed_pilot_flies_to_a_sure_launch_it_would_not_fly_to_otherwise() -> None:
    armed, unarmed = chase(18, 8, offset=-4), chase(18, 8, offset=-4, armed=False)
    plan, _ = PILOT.move(armed)
    assert plan == Plan(12)  # straight on at 12, to (-6, -4), and launch
    assert PILOT.move(unarmed)[0] == Plan(8, ((2, -1), (6, 1)))  # a jink, for the guns
    armed.me.pos, armed.me.speed = trace(armed.me.pos, 0, plan)[-1][0], 12
    assert PILOT.release(armed).missile
