"""The catalog: every figure present, with provenance; broken files named clearly."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from shipyard.core.catalog_files import catalog_root
from shipyard.core.errors import CatalogError
from shipyard.rulesets.pentagon_war.catalog import Catalog, load_catalog
from shipyard.services.samples import sample_paths

BUNDLED = catalog_root() / "pentagon-war"


def test_every_entry_has_provenance(catalog: Catalog) -> None:
    groups = [catalog.prices, catalog.drone_weapons, catalog.arcs, catalog.construction]
    for group in groups:
        for key, entry in group:
            assert entry.source in {"seed", "reconstructed", "ruling"}, key
            assert entry.rule, key


def test_rulings_are_all_there(catalog: Catalog) -> None:
    assert list(catalog.rulings) == [f"R{n}" for n in range(1, 25)]
    assert all(r.title and r.text for r in catalog.rulings.values())


def test_r1_table(catalog: Catalog) -> None:
    assert [catalog.arc_multiplier(n) for n in range(1, 7)] == [
        Fraction(3, 4), Fraction(1), Fraction(5, 4), Fraction(3, 2), Fraction(7, 4), Fraction(2)]


def _copy(tmp_path: Path) -> Path:
    folder = tmp_path / "pentagon-war"
    shutil.copytree(BUNDLED, folder)
    return folder


BROKEN = [
    ("prices.toml", "[screen]\nlabel = 'x'\nsource = 'seed'\nrule = '1.2'\n", "screen",
     "prices.toml"),
    ("prices.toml", "this is = = not toml", "not valid TOML", "prices.toml"),
    ("arcs.toml", None, "missing", "arcs.toml"),
    ("construction.toml", "", "free_hull", "construction.toml"),
]


@pytest.mark.parametrize(("name", "text", "word", "file"), BROKEN)
def test_broken_catalog_names_file_and_key(tmp_path: Path, name: str, text: str | None,
                                           word: str, file: str) -> None:
    folder = _copy(tmp_path)
    if text is None:
        (folder / name).unlink()
    else:
        (folder / name).write_text(text)
    with pytest.raises(CatalogError) as caught:
        load_catalog("pentagon-war", str(folder))
    assert word in str(caught.value)
    assert file in str(caught.value)


def test_wrong_value_names_the_key(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    text = (folder / "prices.toml").read_text().replace("price = 23", "price = 'lots'", 1)
    (folder / "prices.toml").write_text(text)
    with pytest.raises(CatalogError) as caught:
        load_catalog("pentagon-war", str(folder))
    assert "prices.toml: screen.price:" in str(caught.value)


def test_wrong_source_names_the_key(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    text = (folder / "arcs.toml").read_text().replace('source = "reconstructed"',
                                                       'source = "guess"', 1)
    (folder / "arcs.toml").write_text(text)
    with pytest.raises(CatalogError) as caught:
        load_catalog("pentagon-war", str(folder))
    assert "arcs.toml: multiplier.source:" in str(caught.value)


def test_override_r1_through_a_catalog_copy(tmp_path: Path) -> None:
    """Players may replace the reconstructed arc table; prices follow."""
    folder = _copy(tmp_path)
    text = (folder / "arcs.toml").read_text().replace('"1" = "3/4"', '"1" = "1/2"')
    (folder / "arcs.toml").write_text(text)
    design = tmp_path / "one-arc.ship.json"
    design.write_text(json.dumps({"schema": "shipyard.design/1", "weapons": [
        {"type": "laser", "arcs": ["RF"], "count": 2}]}))
    result = subprocess.run(
        [sys.executable, "-m", "shipyard", "cost", "--json", "--catalog", str(folder),
         str(design)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["total"] == 7  # 2 x 7 x 1/2


def test_cli_broken_catalog_is_one_line(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    (folder / "construction.toml").write_text("[free_hull]\nmanned_divisor = 0\n")
    result = subprocess.run(
        [sys.executable, "-m", "shipyard", "cost", "--catalog", str(folder),
         str(sample_paths("pentagon-war")[0])], capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1
    assert "construction.toml" in result.stderr and "free_hull" in result.stderr
