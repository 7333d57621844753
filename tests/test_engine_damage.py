"""The damage pipeline of rules 2.7 with forced dice: screens, armor, chart, R16."""

from __future__ import annotations

from typing import Any

import pytest

from shipyard.core.dice import ScriptedDice
from shipyard.rulesets.pentagon_war.engine.damage import Hit, interior_hits, take_damage
from shipyard.rulesets.pentagon_war.engine.state import Craft, craft_from
from shipyard.rulesets.pentagon_war.engine.tables import Combat, load_combat
from shipyard.services.registry import evaluate
from tests.conftest import make


@pytest.fixture(scope="module")
def combat() -> Combat:
    return load_combat()


def craft(**fields: Any) -> Craft:
    base: dict[str, Any] = {
        "systems": {"screen": 2, "engine": 2, "fuel_tank": 1, "capacitor": 3, "cargo": 1,
                    "point_defense": 1},
        "armor": {"1": 3, "2": 1},
        "radar": [4, 2],
        "weapons": [{"type": "laser", "arcs": ["LF", "RF"], "count": 1}],
    }
    base.update(fields)
    return craft_from(evaluate(make(**base)))


def bare(**fields: Any) -> Craft:
    """A craft whose screens are down, so single points go straight inside on side 3."""
    ship = craft(**fields)
    ship.boxes["screen"] = 0
    return ship


def test_screens_then_armor_of_the_struck_side_then_interior(combat: Combat) -> None:
    ship = craft()
    hull = ship.boxes["hull_forward"]
    # interior rolls: (2,4) engine, (3,3) capacitor, (3,4) radar, (1,1) forward hull
    dice = ScriptedDice([2, 4, 3, 3, 3, 4, 1, 1])
    [report] = take_damage(ship, [Hit(9, "laser")], 1, combat, dice)
    assert (report.screens, report.armor) == (2, 3)
    assert report.interior == ["engine", "capacitor", "radar", "hull_forward"]
    assert ship.armor[1] == 0 and ship.armor[2] == 1
    assert ship.boxes["engine"] == 1 and ship.boxes["capacitor"] == 2
    assert ship.radar == [2, 0]
    assert ship.boxes["hull_forward"] == hull - 1
    assert dice.left == 0


def test_screens_subtract_once_per_impulse(combat: Combat) -> None:
    ship = craft(armor={"1": 10})
    reports = take_damage(ship, [Hit(3, "laser"), Hit(3, "proton cannon")], 1, combat,
                          ScriptedDice([]))
    assert [r.screens for r in reports] == [2, 0]
    assert sum(r.armor for r in reports) == 4


def test_directional_screens_subtract_from_each_weapon(combat: Combat) -> None:
    ship = craft(armor={"1": 10}, options={"directional_screens": True})
    reports = take_damage(ship, [Hit(3, "laser"), Hit(3, "proton cannon")], 1, combat,
                          ScriptedDice([]))
    assert [r.screens for r in reports] == [2, 2]


def test_lingering_acid_passes_the_screens(combat: Combat) -> None:
    ship = craft(armor={"1": 10})
    [report] = take_damage(ship, [Hit(2, "acid gum", screened=False)], 1, combat,
                           ScriptedDice([]))
    assert (report.screens, report.armor) == (0, 2)


def test_rear_hits_take_an_engine_first(combat: Combat) -> None:
    ship = craft()
    # one die pair for the second interior point: (2,1) cargo
    [report] = take_damage(ship, [Hit(4, "laser")], 4, combat, ScriptedDice([2, 1]))
    assert report.armor == 0
    assert report.interior == ["engine", "cargo"]


def test_rear_engine_rule_needs_an_engine(combat: Combat) -> None:
    ship = craft()
    ship.boxes["engine"] = 0
    [report] = take_damage(ship, [Hit(3, "laser")], 4, combat, ScriptedDice([2, 1]))
    assert report.interior == ["cargo"]


@pytest.mark.parametrize(("row", "column", "system"), [
    (1, 3, "hull_forward"), (1, 4, "hull_aft"), (2, 1, "cargo"), (2, 4, "engine"),
    (2, 5, "point_defense"), (3, 1, "laser"), (3, 3, "capacitor"), (3, 4, "radar"),
    (4, 3, "main_control"), (5, 3, "screen"), (6, 3, "fuel_tank"),
])
def test_chart_rows(combat: Combat, row: int, column: int, system: str) -> None:
    ship = bare()
    points = 1
    if system == "screen":  # a screen box must be there to lose; it stops one point first
        ship.boxes["screen"], points = 1, 2
    [report] = take_damage(ship, [Hit(points, "x")], 3, combat, ScriptedDice([row, column]))
    assert report.interior == [system]


@pytest.mark.parametrize(("row", "column", "half"), [
    (3, 5, "hull_aft"),  # missile, none aboard: columns 4-6 are the aft half
    (4, 1, "hull_forward"),  # gun, none: columns 1-3 are the forward half
    (5, 5, "hull_aft"),  # electron cannon, none
    (6, 1, "hull_forward"),  # proton cannon, none
])
def test_r16_missing_system_goes_to_the_rolled_half_of_the_hull(
        combat: Combat, row: int, column: int, half: str) -> None:
    ship = bare()
    [report] = take_damage(ship, [Hit(1, "x")], 3, combat, ScriptedDice([row, column]))
    assert report.interior == [half]


def test_r16_other_half_then_final_damage_then_destruction(combat: Combat) -> None:
    ship = bare()
    ship.boxes.update(hull_forward=0, hull_aft=1, final_damage=1)
    rolls = [4, 1] * 3  # gun: none aboard, forward half
    [report] = take_damage(ship, [Hit(5, "radiation gun")], 3, combat, ScriptedDice(rolls))
    assert report.interior == ["hull_aft", "final_damage", "destroyed"]
    assert report.destroyed and ship.destroyed and ship.killed_by == "radiation gun"
    assert report.wasted == 2
    assert ship.taken.total == 5


def test_radar_hit_spares_the_free_0_box(combat: Combat) -> None:
    ship = bare(radar=[3])
    aft = ship.boxes["hull_aft"]
    [report] = take_damage(ship, [Hit(2, "x")], 3, combat, ScriptedDice([3, 4, 3, 4]))
    assert ship.radar == [0]
    assert report.interior == ["radar", "hull_aft"]  # R16: no radar box left to lose
    assert ship.boxes["hull_aft"] == aft - 1


def test_capacitor_hit_takes_an_empty_one_first(combat: Combat) -> None:
    ship = bare()
    ship.charge, ship.spent = 3, 1  # 2 charged, 1 empty
    take_damage(ship, [Hit(1, "x")], 3, combat, ScriptedDice([3, 3]))
    assert (ship.boxes["capacitor"], ship.power) == (2, 2)
    take_damage(ship, [Hit(1, "x")], 3, combat, ScriptedDice([3, 3]))
    assert (ship.boxes["capacitor"], ship.power) == (1, 1)


def test_any_weapon_hit_picks_among_weapon_boxes(combat: Combat) -> None:
    ship = bare(guns=[{"type": "radiation_gun", "boxes": 2, "arcs": ["LF", "RF"]}])
    take_damage(ship, [Hit(1, "x")], 3, combat, ScriptedDice([6, 6, 2]))  # pick index 2
    assert ship.guns[0].boxes == 1 and ship.weapons[0].boxes == 1


def test_crash_mishap_hits_bypass_screens_and_armor(combat: Combat) -> None:
    ship = craft()
    report = interior_hits(ship, 2, "crash acceleration", combat, ScriptedDice([2, 1, 2, 2]))
    assert report.interior == ["cargo", "hull_forward"]
    assert ship.taken.interior == 2
