"""Point defense (rules 2.5), checked against the seeds' worked example."""

from __future__ import annotations

import pytest

from shipyard.core.dice import ScriptedDice
from shipyard.rulesets.pentagon_war.engine import pointdefense
from shipyard.rulesets.pentagon_war.engine.pointdefense import Target
from shipyard.rulesets.pentagon_war.engine.tables import Combat, load_combat


@pytest.fixture(scope="module")
def combat() -> Combat:
    return load_combat()


@pytest.mark.parametrize("ship_size", [1, 2, 3])
def test_worked_example_seven_boxes_four_drones_and_a_ship(combat: Combat,
                                                           ship_size: int) -> None:
    targets = [Target("drone", 0)] * 4 + [Target("ship", ship_size, killable=False)]
    shots = pointdefense.fire(7, targets, ScriptedDice([6] * 7), combat)
    assert [s.kill_number for s in shots[:5]] == [5, 5, 5, 4, 3 + ship_size]
    assert [s.target for s in shots] == [0, 1, 2, 3, 4]
    assert len(shots) == 5  # one shot per target; the 2 boxes left stay unused


def test_rolls_at_or_under_the_kill_number_succeed(combat: Combat) -> None:
    targets = [Target("missile", 0), Target("missile", 0), Target("missile", 0)]
    shots = pointdefense.fire(6, targets, ScriptedDice([5, 6, 4]), combat)
    assert [(s.target, s.kill_number, s.roll, s.success) for s in shots] == [
        (0, 5, 5, True), (1, 5, 6, False), (2, 4, 4, True)]


def test_a_survivor_is_not_shot_again_in_the_same_impulse(combat: Combat) -> None:
    # Seed rule: never at the same target more than once per impulse, spare boxes or not.
    dice = ScriptedDice([6, 1, 1])
    shots = pointdefense.fire(3, [Target("missile", 0)], dice, combat)
    assert [(s.kill_number, s.roll, s.success) for s in shots] == [(3, 6, False)]
    assert dice.used == 1


def test_a_spacecraft_in_the_hex_takes_one_shot(combat: Combat) -> None:
    # 3 boxes: kill number min(5, 3) + size class 1 = 4; a 1 scores one point, no more.
    shots = pointdefense.fire(3, [Target("ship", 1, killable=False)],
                              ScriptedDice([1, 1, 1]), combat)
    assert [(s.kill_number, s.success) for s in shots] == [(4, True)]


def test_boxes_run_out_before_the_targets_do(combat: Combat) -> None:
    shots = pointdefense.fire(2, [Target("drone", 0)] * 3, ScriptedDice([6, 6]), combat)
    assert [s.target for s in shots] == [0, 1]


@pytest.mark.parametrize(("boxes", "locked", "evading", "working"), [
    (7, True, False, 7), (7, False, False, 3), (7, True, True, 5), (1, True, True, 0),
    (6, False, True, 1),
])
def test_lock_failure_halves_and_evasion_takes_two(combat: Combat, boxes: int, locked: bool,
                                                   evading: bool, working: int) -> None:
    assert pointdefense.working_boxes(boxes, locked, evading, combat) == working
