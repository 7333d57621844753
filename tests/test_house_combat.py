"""A house catalog's combat tables reach the duels, on every engine, and its digest.

The issue this pins: a copy of the bundled catalog with other combat figures fought
exactly the bundled duels. Now both engines read the combat tables of the catalog that
priced the designs, and every file of a catalog (combat.toml included) is part of its
digest.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from shipyard.cli import app
from shipyard.core.catalog_files import catalog_root
from shipyard.services.batch import Matchup
from shipyard.services.equivalence import differences, seeds_of
from shipyard.services.registry import evaluate, read_design
from shipyard.services.samples import resolve

runner = CliRunner()


def house(tmp_path: Path, ruleset: str, edits: dict[str, str]) -> Path:
    """A copy of the bundled catalog of `ruleset` with `key = value` lines replaced."""
    folder = tmp_path / f"house-{ruleset}"
    shutil.copytree(catalog_root() / ruleset, folder)
    combat = folder / "combat.toml"
    text = combat.read_text()
    for key, value in edits.items():
        text, count = re.subn(rf"(?m)^{key} = .*$", f"{key} = {value}", text)
        assert count == 1, key
    combat.write_text(text)
    return folder


def duel(a: str, b: str, *extra: str, runs: int = 300) -> dict[str, object]:
    result = runner.invoke(app, ["duel", f"sample:{a}", f"sample:{b}", "--runs", str(runs),
                                 "--seed", "4", "--json", *extra])
    assert result.exit_code == 0, result.output
    data: dict[str, object] = json.loads(result.stdout)
    return data


OUTCOMES = ("wins", "draws", "losses", "mean_damage_dealt", "mean_turns_to_kill")


@pytest.mark.parametrize(("ruleset", "a", "b", "edits"), [
    ("pentagon-war", "lancer", "shade", {"impulses": "6", "screen_reinforcement": "1"}),
    ("tacship", "valkyrie", "hawk", {"to_hit_die": "12"}),
])
def test_house_combat_tables_change_the_duels_and_the_digest(
        tmp_path: Path, ruleset: str, a: str, b: str, edits: dict[str, str]) -> None:
    folder = house(tmp_path, ruleset, edits)
    for engine, runs in (("fast", 300), ("reference", 40)):  # the same duels, fewer of them
        bundled = duel(a, b, runs=runs)
        housed = duel(a, b, "--catalog", str(folder), "--engine", engine, runs=runs)
        assert [housed[k] for k in OUTCOMES] != [bundled[k] for k in OUTCOMES]
        catalog = housed["catalog"]
        assert isinstance(catalog, dict) and catalog["bundled"] is False
        assert catalog["digest"] != evaluate(read_design(resolve(f"sample:{a}"))).catalog.digest


def test_every_file_of_a_catalog_is_in_its_digest(tmp_path: Path) -> None:
    plain = house(tmp_path, "tacship", {})
    first = evaluate(read_design(resolve("sample:hawk")), catalog_root=str(plain)).catalog
    assert first.digest == evaluate(read_design(resolve("sample:hawk"))).catalog.digest
    edited = house(tmp_path / "x", "tacship", {"counts_as": "2"})
    second = evaluate(read_design(resolve("sample:hawk")), catalog_root=str(edited)).catalog
    assert second.digest != first.digest


def test_both_engines_agree_on_house_rules(tmp_path: Path) -> None:
    # Cosmic rays, an optional rule the bundled catalog leaves off, on a fast closing
    # (two brawlers that both close: no one charges the Hammer's bolts any more).
    folder = house(tmp_path, "pentagon-war", {"enabled": "true", "speed_limit": "4"})
    a, b = (evaluate(read_design(resolve(f"sample:{n}")), catalog_root=str(folder))
            for n in ("lancer", "starter"))
    duel = Matchup(a, b, scenario=a.ruleset.duels.duel_defaults(a.catalog))
    faster = Matchup(a, b, "brawler", "brawler", duel.scenario)
    assert differences(duel, seeds_of(2, 30)) == []
    assert differences(faster, seeds_of(3, 30)) == []
    told = a.ruleset.duels.lineup(a, b, ("L", "S"), ("brawler", "brawler"), duel.scenario)
    assert any("(cosmic rays)" in line for seed in seeds_of(3, 5)
               for line in told.fight(seed, log=True).log)
