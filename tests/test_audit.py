"""The points-balance audit: what each game can buy, paired swaps, and the proofs of the
method on synthetic house catalogs (docs/audit.md).

Every audit here is tiny (three Tacship samples, two captains, four systems, 20 duels a
batch: 4,320 duels, under a second on the compiled engine, which these tests wait for
rather than fight on the reference engine). Seeds are fixed, so each is the same every
run: the house catalogs' flags are known answers of this seed, and the audit's
determinism (the same figures for any worker count) is what makes them so.
"""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from shipyard.core.catalog_files import catalog_root
from shipyard.core.protocol import audit_of
from shipyard.services.audit import ANCHOR, BASE, Settings, chosen_purchases, variants
from shipyard.services.audit_house import compare
from shipyard.services.audit_run import Audited, run_audit
from shipyard.services.registry import evaluate, get_ruleset, read_design
from shipyard.services.samples import resolve

TINY = Settings(runs=20, budgets=(), policies=("default", "sniper"),
                samples=("sample:hawk", "sample:nightjar", "sample:bulwark"),
                systems=("fixed_laser.1", "fixed_laser.2", "turret_laser.1.fore",
                         "turret_laser.2.fore"), engine="fast", kinds=("duels",))


def _house(tmp_path: Path, name: str, old: str, new: str) -> str:
    """A copy of the bundled Tacship catalog with one price line changed."""
    folder = tmp_path / name
    shutil.copytree(catalog_root() / "tacship", folder)
    prices = folder / "prices.toml"
    text = prices.read_text()
    assert old in text
    prices.write_text(text.replace(old, new, 1))
    return str(folder)


@pytest.fixture(scope="module")
def standard() -> Audited:
    return run_audit(get_ruleset("tacship"), None, TINY)


def _system(audited: Audited, key: str) -> dict[str, object]:
    return next(s for s in audited.to_data()["systems"] if s["key"] == key)


def test_tacship_lists_every_unit_a_fighter_can_buy() -> None:
    game = get_ruleset("tacship")
    keys = [p.key for p in audit_of(game).purchases(game.catalog())]
    assert keys == ["damage_box", "survivability", "thrust", "fixed_laser.1", "fixed_laser.2",
                    "fixed_laser.3", "turret_laser.1.fore", "turret_laser.1.aft",
                    "turret_laser.2.fore", "turret_laser.2.aft", "turret_laser.3.fore",
                    "turret_laser.3.aft", "hardpoint.missile", "hardpoint.mine",
                    "hardpoint.decoy"]
    assert audit_of(game).anchor(game.catalog()) == "damage_box"


def test_pentagon_war_lists_sides_arcs_guns_and_drone_kinds() -> None:
    game = get_ruleset("pentagon-war")
    keys = [p.key for p in audit_of(game).purchases(game.catalog())]
    assert [k for k in keys if k.startswith("armor.")] == [f"armor.{n}" for n in range(1, 7)]
    assert {"laser.1", "laser.2", "laser.6", "magnetic_beam.6", "radiation_gun",
            "liquid_metal_gun", "drone_bay.point_defense", "screen", "radar_box"} <= set(keys)
    assert "hyper_bomb" not in keys  # R15: no duel scenario allows them
    assert audit_of(game).anchor(game.catalog()) is None


def test_each_unit_is_priced_on_the_design_as_the_catalog_prices_it() -> None:
    # Rules 1.2 and R1: a laser box is 7 points on the list's two arcs, 3/4 of that on
    # one arc, twice on six; a ship (engines) cannot buy rear armor (R11).
    lancer = evaluate(read_design(resolve("sample:lancer")))
    found = {v.key: v.price for v in variants(
        lancer, chosen_purchases(lancer.ruleset, None, ("laser.1", "laser.2", "laser.6",
                                                        "armor.4")), None, None)}
    assert found == {BASE: 0, "laser.1": pytest.approx(5.25), "laser.2": 7, "laser.6": 14}


def test_a_tacship_unit_is_a_swap_paid_in_damage_boxes() -> None:
    # Rules 4: a hardpoint is 2 points, a turret Laser-1 1 + 1, so the Hawk (24 points,
    # 9 damage boxes) pays 2 boxes for either and stays a legal 24-point fighter; the
    # one-man Kestrel cannot have a turret at all.
    game = get_ruleset("tacship")
    every = chosen_purchases(game, None, ())
    anchor = next(p for p in every if p.key == "damage_box")
    hawk = evaluate(read_design(resolve("sample:hawk")))
    made = {v.key: v for v in variants(hawk, every, anchor, None)}
    assert made[ANCHOR].evaluation.design.damage_boxes == 8
    assert "damage_box" not in made  # measured by the anchor variant, one box fewer
    for key in ("hardpoint.missile", "turret_laser.1.fore"):
        variant = made[key]
        assert (variant.price, variant.swapped) == (2, 2)
        assert variant.evaluation.design.damage_boxes == 7
        assert variant.evaluation.sheet.total == 24 and variant.evaluation.legal
    kestrel = evaluate(read_design(resolve("sample:kestrel")))
    assert not any(v.key.startswith("turret") for v in variants(kestrel, every, anchor, None))


def test_a_free_one_point_item_is_flagged_under_priced(tmp_path: Path,
                                                      standard: Audited) -> None:
    # Fixed lasers at 0 a factor instead of 1: a Laser-1 is free.
    assert _system(standard, "fixed_laser.1")["flag"] == ""
    house = run_audit(get_ruleset("tacship"), _house(
        tmp_path, "free", 'label = "Laser (fixed)"\nprice = 1', 'label = "Laser (fixed)"\n'
        'price = 0'), TINY)
    free = _system(house, "fixed_laser.1")
    assert free["price"] == 0 and free["index"] is None
    assert free["flag"] == "under"
    assert free["suggested_price"]["low"] > 0  # type: ignore[index]


def test_a_doubled_price_is_flagged_over_priced(tmp_path: Path, standard: Audited) -> None:
    # A turret Laser-1 at 1 + 3 = 4 points instead of 1 + 1 = 2.
    assert _system(standard, "turret_laser.1.fore")["flag"] == ""
    house = run_audit(get_ruleset("tacship"),
                      _house(tmp_path, "double", "per_gun = 1", "per_gun = 3"), TINY)
    doubled = _system(house, "turret_laser.1.fore")
    assert doubled["price"] == 4
    assert doubled["flag"] == "over"
    assert doubled["index"]["high"] < 1  # type: ignore[index]
    found = compare(standard.to_data(), house.to_data())
    assert "turret_laser.1.fore" in [f.key for f in found.appeared]


def test_a_copy_of_the_standard_catalog_gives_the_same_table(tmp_path: Path,
                                                             standard: Audited) -> None:
    same = run_audit(get_ruleset("tacship"), _house(tmp_path, "same", "per_gun = 1",
                                                    "per_gun = 1"), TINY)
    assert same.to_data()["systems"] == standard.to_data()["systems"]
    assert same.digest == standard.digest
    assert not compare(standard.to_data(), same.to_data()).appeared


def test_the_same_seed_gives_the_same_audit_for_any_worker_count(standard: Audited) -> None:
    two = run_audit(get_ruleset("tacship"), None, replace(TINY, workers=2))
    assert two.to_data()["systems"] == standard.to_data()["systems"]
    assert two.to_data()["contexts"] == standard.to_data()["contexts"]
    other = run_audit(get_ruleset("tacship"), None, replace(
        TINY, seed=2, systems=("fixed_laser.1",), samples=("sample:hawk",)))
    assert other.to_data()["systems"] != standard.to_data()["systems"][:2]


def test_until_ci_fights_blocks_until_every_interval_is_narrow_enough() -> None:
    # Blocks of 10 duels a batch; the decision rests on the seeded duels alone, so a
    # worker count never changes where it stops.
    small = replace(TINY, runs=10, policies=("default",), samples=("sample:hawk",),
                    systems=("fixed_laser.2", "fixed_laser.3"), until_ci=0.9, max_blocks=4)
    once = run_audit(get_ruleset("tacship"), None, small)
    assert once.runs == 30  # three blocks: the first two left an interval 0.9 or wider
    widths = [s.index.high - s.index.low for s in once.measured.systems if s.index]
    assert max(widths) < 0.9
    two = run_audit(get_ruleset("tacship"), None, replace(small, max_blocks=2))
    assert two.runs == 20 and max(s.index.high - s.index.low for s in two.measured.systems
                                  if s.index) >= 0.9
    again = run_audit(get_ruleset("tacship"), None, replace(small, workers=2))
    assert again.runs == once.runs and again.to_data()["systems"] == once.to_data()["systems"]
