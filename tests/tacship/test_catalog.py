"""The Tacship catalog: every figure of rules 4, with provenance, and clear load errors."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from shipyard.core.catalog_files import catalog_root
from shipyard.core.errors import CatalogError
from shipyard.rulesets.tacship.catalog import TacshipCatalog, load_tacship_catalog

BUNDLED = catalog_root() / "tacship"


def test_manifest(catalog: TacshipCatalog) -> None:
    assert catalog.manifest.ruleset == "tacship"
    assert catalog.manifest.title == "Tacship"
    assert catalog.manifest.version == "1.0.0"
    assert Path(catalog.folder) == BUNDLED


def test_prices_of_rules_4(catalog: TacshipCatalog) -> None:
    prices = catalog.prices
    assert prices.damage_box.price == 1
    assert prices.survivability.price == 1
    assert prices.thrust.price == 1
    assert prices.fixed_laser.price == 1
    assert prices.turret_laser.per_gun == 1
    assert prices.hardpoint.price == 2


def test_construction_of_rules_4(catalog: TacshipCatalog) -> None:
    build = catalog.construction
    assert build.budget.points == 30
    assert (build.survivability.lowest, build.survivability.highest) == (0, 4)
    assert (build.laser_factor.lowest, build.laser_factor.highest) == (1, 3)
    assert build.turret.crew == 2
    assert build.turret.arcs == ["fore", "aft"]
    assert build.crew.allowed == [1, 2]
    assert build.ordnance.kinds == ["missile", "mine", "decoy"]
    assert build.ordnance.per_hardpoint == 1
    assert build.damage_track.top == 20


def test_every_figure_has_provenance(catalog: TacshipCatalog) -> None:
    entries = [*catalog.prices.__dict__.values(), *catalog.construction.__dict__.values()]
    assert len(entries) == 13
    for entry in entries:
        assert entry.source in ("seed", "ruling")
        assert entry.rule == "4"


def _copy(tmp_path: Path) -> Path:
    folder = tmp_path / "tacship"
    shutil.copytree(BUNDLED, folder, ignore=shutil.ignore_patterns("designs"))
    return folder


def _edit(folder: Path, name: str, old: str, new: str) -> None:
    path = folder / name
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


@pytest.mark.parametrize(("name", "old", "new", "field", "problem"), [
    ("prices.toml", "price = 2", 'price = "two"', "hardpoint.price", "a whole number"),
    # rules 4 prices are whole points: a fraction is refused, so totals never round
    ("prices.toml", "price = 2", 'price = "1/2"', "hardpoint.price", "a whole number"),
    ("prices.toml", "price = 2", "price = -2", "hardpoint.price", "must be at least 0, got -2"),
    ("prices.toml", 'source = "seed"', 'source = "guess"', "damage_box.source", "'seed'"),
    ("construction.toml", "highest = 4", "highest = -1", "survivability", "lowest"),
    ("construction.toml", 'kinds = ["missile", "mine", "decoy"]', 'kinds = ["missile"]',
     "ordnance.kinds", "lack mine, decoy"),
    ("construction.toml", "crew = 2", "crew = 3", "turret.crew", "not an allowed crew"),
    ("ruleset.toml", 'ruleset = "tacship"', 'ruleset = "pentagon-war"', "ruleset", "expected"),
])
def test_broken_catalog_names_file_and_key(tmp_path: Path, name: str, old: str, new: str,
                                           field: str, problem: str) -> None:
    folder = _copy(tmp_path)
    _edit(folder, name, old, new)
    with pytest.raises(CatalogError) as caught:
        load_tacship_catalog(str(folder))
    assert caught.value.field == field
    assert problem in caught.value.problem
    assert caught.value.file.endswith(name)
    assert "\n" not in str(caught.value)


def test_missing_file_and_folder(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    (folder / "construction.toml").unlink()
    with pytest.raises(CatalogError, match=r"construction\.toml: catalog file is missing"):
        load_tacship_catalog(str(folder))
    with pytest.raises(CatalogError, match="no Tacship catalog folder"):
        load_tacship_catalog(str(tmp_path / "nowhere"))


def test_not_toml(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    (folder / "prices.toml").write_text("[damage_box\n")
    with pytest.raises(CatalogError, match="not valid TOML"):
        load_tacship_catalog(str(folder))
