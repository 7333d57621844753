"""Known answers for every table of rules 2.4, typed by hand from the rules."""

from __future__ import annotations

from pathlib import Path

import pytest

from shipyard.core.errors import CatalogError
from shipyard.rulesets.pentagon_war.engine import fire
from shipyard.rulesets.pentagon_war.engine.tables import Combat, load_combat, read_combat


@pytest.fixture(scope="module")
def combat() -> Combat:
    return load_combat()


@pytest.mark.parametrize(("hexes", "urm"), [
    (0, 0), (1, -1), (2, -2), (3, -3), (4, -3), (5, -4), (8, -4), (9, -5), (16, -5),
    (17, -6), (32, -6), (33, -7), (64, -7), (65, -8), (128, -8), (129, -9), (256, -9),
])
def test_universal_range_modifier(combat: Combat, hexes: int, urm: int) -> None:
    assert combat.range_modifier(hexes) == urm


@pytest.mark.parametrize(("modified", "damage"), [
    (-9, 0), (-2, 0), (-1, 1), (0, 1), (1, 1), (2, 2), (4, 2), (5, 3), (7, 3), (8, 4),
    (10, 4), (11, 5), (13, 5), (14, 6), (20, 6),
])
def test_laser_damage_by_modified_roll(combat: Combat, modified: int, damage: int) -> None:
    assert combat.laser.lookup(modified) == damage
    shot = fire.judge("laser", 1, 3, 2, 7, modified, combat)
    assert shot.damage == damage and shot.hit == (damage > 0)


@pytest.mark.parametrize(("modified", "kills"), [(4, False), (5, True), (9, True)])
def test_laser_against_size_class_0(combat: Combat, modified: int, kills: bool) -> None:
    assert fire.judge("laser", 1, 1, 0, 7, modified, combat).kill is kills


@pytest.mark.parametrize(("hexes", "damage"), [
    (0, 8), (1, 7), (2, 7), (3, 6), (4, 6), (5, 5), (8, 5), (9, 4), (16, 4), (17, 3),
    (24, 3), (25, 2), (32, 2), (33, 1), (64, 1), (65, 0), (200, 0),
])
def test_proton_cannon_damage_by_range(combat: Combat, hexes: int, damage: int) -> None:
    assert fire.range_damage("proton_cannon", hexes, combat) == damage


@pytest.mark.parametrize(("hexes", "damage"), [
    (0, 5), (1, 5), (2, 4), (4, 4), (5, 3), (7, 3), (8, 2), (18, 2), (19, 1), (31, 1),
    (32, 0), (100, 0),
])
def test_electron_cannon_damage_by_range(combat: Combat, hexes: int, damage: int) -> None:
    assert fire.range_damage("electron_cannon", hexes, combat) == damage


@pytest.mark.parametrize("kind", ["proton_cannon", "electron_cannon"])
@pytest.mark.parametrize(("modified", "hit"), [(5, False), (6, True), (11, True)])
def test_cannons_hit_on_6(combat: Combat, kind: str, modified: int, hit: bool) -> None:
    assert fire.judge(kind, 2, 3, 1, 7, modified, combat).hit is hit


@pytest.mark.parametrize(("kind", "hexes"), [("proton_cannon", 65), ("electron_cannon", 32)])
def test_cannons_cannot_hit_size_0_at_0_damage_ranges(combat: Combat, kind: str,
                                                     hexes: int) -> None:
    assert not fire.judge(kind, 1, hexes, 0, 12, 20, combat).kill
    assert fire.judge(kind, 1, 1, 0, 12, 20, combat).kill


@pytest.mark.parametrize(("modified", "damage"), [
    (-8, 0), (-5, 0), (-4, 1), (-3, 2), (-2, 3), (-1, 4), (0, 4), (1, 5), (2, 6), (3, 7),
    (4, 8), (5, 9), (6, 10), (7, 11), (8, 12), (9, 13), (10, 14), (11, 16), (12, 18),
    (13, 20), (19, 20),
])
def test_radiation_gun_damage_by_modified_roll(combat: Combat, modified: int,
                                               damage: int) -> None:
    assert combat.radiation_gun.lookup(modified) == damage


@pytest.mark.parametrize(("modified", "kills"), [(2, False), (3, True)])
def test_radiation_gun_kill_number_against_size_0(combat: Combat, modified: int,
                                                  kills: bool) -> None:
    assert fire.judge("radiation_gun", 1, 1, 0, 7, modified, combat).kill is kills


@pytest.mark.parametrize(("flown", "damage"), [
    (1, 50), (2, 45), (3, 40), (4, 35), (5, 30), (6, 25), (7, 20), (8, 15), (9, 12),
    (10, 10), (11, 5), (12, 1),
])
def test_liquid_metal_bolt_damage_by_hexes_flown(combat: Combat, flown: int,
                                                 damage: int) -> None:
    assert combat.bolt_damage(flown) == damage


@pytest.mark.parametrize(("points", "erosion"), [(0, 0), (1, 0), (2, 1), (5, 2), (8, 4)])
def test_proton_fire_erodes_bolts(combat: Combat, points: int, erosion: int) -> None:
    assert fire.bolt_erosion(points, combat) == erosion


def test_acid_gum(combat: Combat) -> None:
    assert fire.judge("acid_gum_gun", 1, 2, 1, 5, 5, combat).hit is False
    shot = fire.judge("acid_gum_gun", 1, 2, 1, 6, 6, combat)
    assert shot.hit and shot.damage == 2
    rule = combat.acid_gum
    assert (rule.lingering, rule.lingering_impulses) == (2, 3)


@pytest.mark.parametrize(("modified", "hexes", "attaches"), [
    (4, 1, False), (5, 1, True), (5, 2, True), (9, 3, False),
])
def test_magnetic_beam_attaches_on_5_within_2_hexes(combat: Combat, modified: int, hexes: int,
                                                    attaches: bool) -> None:
    assert fire.judge("magnetic_beam", 1, hexes, 1, 7, modified, combat).hit is attaches


def test_volley_adds_size_class_and_urm(combat: Combat) -> None:
    from shipyard.core.dice import ScriptedDice

    shot = fire.volley("proton_cannon", 2, 6, 1, 0, ScriptedDice([4, 5]), combat)
    assert (shot.roll, shot.modified, shot.hit, shot.damage, shot.total) == (9, 6, True, 5, 10)


def test_failed_lock_doubles_range_and_evasion_costs_3(combat: Combat) -> None:
    assert fire.firing_range(6, locked=False, combat=combat) == 12
    assert fire.firing_range(6, locked=True, combat=combat) == 6
    assert fire.modifier(True, False, combat) == -3
    assert fire.modifier(True, True, combat) == -6


def test_power_costs(combat: Combat) -> None:
    power = combat.power
    assert (power.laser, power.electron_cannon, power.proton_cannon) == (1, 1, 2)
    assert (power.rail_launch, power.screen_reinforcement, power.ecm_point) == (1, 3, 1)


def test_every_table_names_its_provenance(combat: Combat) -> None:
    for name in Combat.model_fields:
        table = getattr(combat, name)
        assert table.source in ("seed", "reconstructed", "ruling")
        assert table.rule


def test_command_defaults_match_the_catalog(combat: Combat) -> None:
    import inspect

    from shipyard.commands.duel import duel_command
    from shipyard.services.registry import get_ruleset

    params = inspect.signature(duel_command).parameters
    assert params["range_"].default is None  # the game's own, from its catalog
    assert params["turns"].default is None
    defaults = get_ruleset("pentagon-war").duels.duel_defaults(
        get_ruleset("pentagon-war").catalog())
    assert (defaults.start_range, defaults.turn_limit) == \
        (combat.scenario.start_range, combat.scenario.turn_limit) == (30, 30)


def _broken(tmp_path: Path, old: str, new: str) -> Path:
    from shipyard.rulesets.pentagon_war.engine.tables import combat_path

    text = combat_path().read_text()
    assert old in text
    path = tmp_path / "combat.toml"
    path.write_text(text.replace(old, new, 1))
    return path


def test_broken_catalog_names_the_field(tmp_path: Path) -> None:
    path = _broken(tmp_path, "hit_on = 6", 'hit_on = "six"')
    with pytest.raises(CatalogError) as caught:
        read_combat(path)
    assert caught.value.field == "proton_cannon.hit_on"
    assert str(path) in str(caught.value)


def test_unknown_chart_system_is_refused(tmp_path: Path) -> None:
    path = _broken(tmp_path, '"cargo", "cargo", "cargo"', '"cargo", "cargo", "galley"')
    with pytest.raises(CatalogError, match="galley"):
        read_combat(path)


def test_falling_steps_are_refused(tmp_path: Path) -> None:
    path = _broken(tmp_path, "[[0, 0], [1, -1]", "[[1, 0], [0, -1]")
    with pytest.raises(CatalogError, match="rising"):
        read_combat(path)


def test_missing_and_invalid_files(tmp_path: Path) -> None:
    with pytest.raises(CatalogError, match="missing"):
        read_combat(tmp_path / "none.toml")
    bad = tmp_path / "bad.toml"
    bad.write_text("[turn\n")
    with pytest.raises(CatalogError, match="not valid TOML"):
        read_combat(bad)
