"""Known answers for the Tacship rules (rules 4), worked out by hand."""

from __future__ import annotations

import json

import pytest

from shipyard.core.catalog_files import catalog_root
from shipyard.rulesets.tacship.engine.fire import place_damage, shoot, take_damage
from shipyard.rulesets.tacship.engine.hexes import (
    distance,
    in_arc,
    in_slot,
    neighbours,
    on_ray,
    step,
)
from shipyard.rulesets.tacship.engine.lineup import fighter_of
from shipyard.rulesets.tacship.engine.movement import Plan, end_of, illegal, trace, turn_cost
from shipyard.rulesets.tacship.engine.ordnance import blast, contest
from shipyard.rulesets.tacship.engine.state import Craft, Fighter, Turret, fighter_from_design
from shipyard.rulesets.tacship.engine.tables import load_combat
from shipyard.rulesets.tacship.rules import fire as fire_rules
from shipyard.rulesets.tacship.rules import movement as movement_rules
from shipyard.rulesets.tacship.rules import ordnance as ordnance_rules
from shipyard.services.registry import evaluate, read_design
from shipyard.services.samples import resolve
from tests.tacship_engine.fighters import VALKYRIE, rolls

COMBAT = load_combat()
F = COMBAT.figures  # every figure the rule functions read


def cost(speed: int) -> int:
    return turn_cost(speed, F)


def track(*hit: int, top: int = 11) -> list[int]:
    """A damage track of boxes 0 to `top` with the boxes `hit` crossed off."""
    return [int(box in hit) for box in range(top + 1)]


def test_every_table_cites_rule_4_or_a_tacship_ruling() -> None:
    tables = [getattr(COMBAT, name) for name in type(COMBAT).model_fields if name != "blast"]
    rules = {t.rule for t in [*tables, *COMBAT.blast]}
    assert rules == {"4", "T1", "T2", "T3"}
    assert all(t.source == "ruling" for t in tables if t.rule.startswith("T"))


@pytest.mark.parametrize(("speed", "thrust"), [(0, 1), (4, 1), (5, 1), (7, 1), (8, 2),
                                                (12, 3), (13, 3), (20, 5)])
def test_turn_cost_is_a_quarter_of_speed_rounded_down_at_least_one(speed: int,
                                                                    thrust: int) -> None:
    assert cost(speed) == thrust == movement_rules.turn_cost(F, speed)


@pytest.mark.parametrize(("mode", "speed", "thrust"), [(0, 7, 1), (1, 7, 2), (2, 5, 1),
                                                       (2, 6, 2), (2, 1, 1), (1, 0, 1)])
def test_turn_cost_rounding_t2(mode: int, speed: int, thrust: int) -> None:
    # T2 down, up, nearest (half up): 7/4 is 1 or 2; 5/4 nearest 1, 6/4 nearest 2.
    assert movement_rules.turn_cost(F._replace(turn_rounding=mode), speed) == thrust


def craft(speed: int, thrust: int = 8, straight: int = 99) -> Craft:
    fighter = Fighter("Test", damage_boxes=10, survivability=0, thrust=thrust)
    c = Craft.enter(fighter, "a", (0, 0), 0, speed)
    c.straight = straight
    return c


def check(c: Craft, plan: Plan) -> str | None:
    why = illegal(c, plan, F)
    # the reference's words come from the rule function's reason, one for one
    assert (why is None) == (movement_rules.illegal(F, c.speed, c.straight, c.fighter.thrust,
                                                    plan.row()) == movement_rules.LEGAL)
    return why


def test_seed_example_at_speed_12_is_legal_and_ends_120_degrees_round() -> None:
    plan = Plan(12, ((2, 1), (5, 1)))  # two ahead, left, three ahead, left, seven more
    assert check(craft(12), plan) is None
    assert trace((0, 0), 0, plan)[-1][1] == 2
    # 2 along heading 0, 3 along 1, 7 along 2: (2, 0) + (3, -3) + (0, -7)
    assert end_of((0, 0), 0, plan) == trace((0, 0), 0, plan)[-1] == ((5, -10), 2)
    # right to heading 2 at once, one hex to (1, 0), right, one to (2, -1), right, two on
    assert end_of((1, 1), 3, Plan(4, ((0, -1), (1, -1), (2, -1)))) == ((4, -1), 0)


def test_straight_hexes_between_turns() -> None:
    assert check(craft(12), Plan(12, ((2, 1), (4, 1)))) is not None  # only 2 between
    assert check(craft(12), Plan(12, ((2, 1), (5, -1)))) is None


def test_straight_hexes_before_a_turn_count_from_the_last_move() -> None:
    assert check(craft(12, straight=1), Plan(12, ((1, 1),))) is not None  # 2 straight < 3
    assert check(craft(12, straight=1), Plan(12, ((2, 1),))) is None  # 1 + 2 = 3


def test_straight_hexes_after_a_turn_must_fit_in_the_move() -> None:
    assert check(craft(12), Plan(12, ((10, 1),))) is not None  # 2 left, 3 needed
    assert check(craft(12), Plan(12, ((9, 1),))) is None


def test_thrust_pays_for_speed_change_then_turns() -> None:
    assert check(craft(6), Plan(8, ((0, 1), (2, 1), (4, 1)))) is None  # 2 + 3 x 2 = 8
    assert check(craft(6), Plan(9, ((0, 1), (2, 1), (4, 1)))) is not None  # 3 + 3 x 2 = 9
    assert check(craft(6), Plan(15)) is not None  # 9 thrust needed, 8 available
    assert check(craft(6, thrust=5), Plan(1)) is None


def test_full_move_is_compulsory() -> None:
    path = trace((0, 0), 0, Plan(8))
    assert distance(path[0][0], path[-1][0]) == 8


def test_hex_distance_neighbours_and_straight_line() -> None:
    assert distance((0, 0), (3, -1)) == 3
    assert distance((2, -3), (-1, 1)) == 4
    assert all(distance((5, 5), n) == 1 for n in neighbours((5, 5)))
    assert on_ray((0, 0), 0, (5, 0)) == 5
    assert on_ray((0, 0), 0, (5, -1)) is None  # one hexside off the line
    assert on_ray((0, 0), 1, (3, -3)) == 3
    assert on_ray((0, 0), 3, (5, 0)) is None  # behind, not ahead
    assert on_ray((0, 0), 2, (0, 0)) == 0


def test_arcs_split_ahead_and_behind_with_abeam_in_both() -> None:
    assert in_arc((0, 0), 0, "fore", (3, -3)) and not in_arc((0, 0), 0, "aft", (3, -3))
    assert in_arc((0, 0), 0, "aft", (-2, 0)) and not in_arc((0, 0), 0, "fore", (-2, 0))
    abeam = (-1, 2)
    assert in_arc((0, 0), 0, "fore", abeam) and in_arc((0, 0), 0, "aft", abeam)


def test_slot_is_directly_behind_in_line_and_12_hexes_or_less() -> None:
    assert in_slot((-12, 0), 0, (0, 0), 0, 12)
    assert not in_slot((-13, 0), 0, (0, 0), 0, 12)
    assert not in_slot((-5, 0), 1, (0, 0), 0, 12)  # behind but not in line
    assert not in_slot((-5, 1), 0, (0, 0), 0, 12)  # off the line
    assert not in_slot((5, 0), 0, (0, 0), 0, 12)  # ahead


def test_to_hit_is_d20_at_or_over_range() -> None:
    shots = shoot((2, 2), 14, rolls(6, 17), F)  # the seed's example
    assert [s.hit for s in shots] == [False, True]
    assert shoot((1,), 14, rolls(14), F)[0].hit
    assert not fire_rules.hits(F, 13, 14) and fire_rules.hits(F, 14, 14)
    assert fire_rules.to_hit(F, 0) == 1 and fire_rules.hit_chance(F, 0) == 1.0  # T1
    assert fire_rules.hit_chance(F, 5) == 16 / 20 and fire_rules.hit_chance(F, 21) == 0.0


def test_damage_track_example_of_the_seed() -> None:
    assert place_damage(track(), 11, 0, 3, 8).crossed == (8, 7, 6)
    assert place_damage(track(7, 6), 11, 0, 3, 8).crossed == (8, 5, 4)
    assert place_damage(track(), 11, 0, 3, 11).crossed == (11, 10, 9)
    assert place_damage(track(), 11, 0, 3, 19).crossed == (11, 10, 9)
    # the rule functions themselves: the start box, then the boxes crossed off
    assert fire_rules.start_box(11, 0, 19) == 11 and fire_rules.start_box(11, 2, 5) == 7
    hit = track(7, 6)
    assert fire_rules.cross_off(hit, 8, 3) == (3, False)
    assert hit == track(8, 7, 6, 5, 4)


def test_survivability_is_added_to_the_location_roll() -> None:
    damage = place_damage(track(top=10), 10, 2, 2, 5)
    assert damage.start == 7 and damage.crossed == (7, 6)
    assert place_damage(track(top=10), 10, 2, 2, 9).crossed == (10, 9)


def test_reaching_box_0_destroys() -> None:
    lucky = place_damage(track(top=10), 10, 0, 2, 1)  # the seed: a roll of 1 with a Laser-2
    assert lucky.crossed == (1, 0) and lucky.destroyed
    slid = place_damage(track(3, 2, 1, top=10), 10, 0, 2, 3)  # slides past hit boxes to 0
    assert slid.crossed == (0,) and slid.destroyed
    assert fire_rules.cross_off(track(3, 2, 1, top=10), 3, 5) == (1, True)  # stops at 0
    c = Craft.enter(VALKYRIE, "a", (0, 0), 0, 4)
    take_damage(c, 3, "laser", rolls(1), F)  # 1 + 2 = 3: boxes 3, 2, 1
    assert not c.destroyed and c.boxes_hit == {3, 2, 1}
    take_damage(c, 1, "mine", rolls(1), F)  # 1 + 2 = 3 slides down to 0
    assert c.destroyed and c.killed_by == "mine" and c.taken == 4


@pytest.mark.parametrize(("hexes", "d6", "points"), [
    (2, None, 1), (1, 1, 1), (1, 2, 1), (1, 3, 2), (1, 4, 2), (1, 5, 3), (1, 6, 3),
    (0, 1, 1), (0, 4, 4), (0, 6, 6),
])
def test_detonation_damage_by_distance(hexes: int, d6: int | None, points: int) -> None:
    dice = rolls(*(() if d6 is None else (d6,)))
    assert blast(hexes, dice, COMBAT.blast_table) == points
    assert dice.left == 0
    fixed, count, halve = COMBAT.blast_table[hexes]
    assert ordnance_rules.blast_points(fixed, d6 or 0, halve) == points
    assert count == (0 if d6 is None else 1)


@pytest.mark.parametrize(("missile", "target", "fooled"), [(9, 9, True), (8, 9, True),
                                                           (10, 9, False), (20, 1, False)])
def test_decoy_fools_the_missile_unless_its_roll_is_higher(missile: int, target: int,
                                                           fooled: bool) -> None:
    assert contest(rolls(missile, target), F).fooled is fooled
    assert ordnance_rules.fooled(missile, target) is fooled


def test_fighter_from_design_reads_the_public_shape() -> None:
    fighter = fighter_from_design({
        "name": "Valkyrie", "crew": 1, "damage_boxes": 10, "survivability": 2, "thrust": 8,
        "fixed_lasers": [2, {"factor": 2}], "turret_lasers": [{"factor": 1, "arc": "aft"}],
        "ordnance": {"missiles": 2, "decoy": 1},
    })
    assert fighter.fixed_lasers == (2, 2) and fighter.turrets[0].arc == "aft"
    assert (fighter.missiles, fighter.mines, fighter.decoys) == (2, 0, 1)


def test_fighter_from_design_counts_every_laser_of_an_entry() -> None:
    # The sample Valkyrie file lists its guns as one entry: 2 x Laser-2 (rules 4 sample).
    data = json.loads((catalog_root() / "tacship" / "designs" / "valkyrie.ship.json")
                      .read_text(encoding="utf-8"))
    assert data["fixed_lasers"] == [{"factor": 2, "count": 2}]
    assert fighter_from_design(data).fixed_lasers == (2, 2)
    two_turrets = fighter_from_design({"damage_boxes": 9, "turret_lasers": [
        {"factor": 1, "arc": "aft", "count": 2}, {"factor": 3, "arc": "fore"}]})
    assert two_turrets.turrets == (Turret(1, "aft"), Turret(1, "aft"), Turret(3, "fore"))
    # the same record chart the duel lineup builds from the validated design
    design = evaluate(read_design(resolve("sample:valkyrie"))).design
    assert fighter_from_design(data) == fighter_of(design, "Valkyrie")


def test_step_walks_along_a_heading() -> None:
    assert step((0, 0), 0, 6) == (6, 0)
    assert step((0, 0), 3, 3) == (-3, 0)
