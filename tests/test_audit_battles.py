"""The audit's battle contexts: a fleet of copies of a design against the bundled fleets.

Every audit here is tiny (two Tacship samples under one pilot, three systems, two 120-point
sample fleets, 20 battles a batch: a few hundred 4 v 4 and 5 v 4 battles on the compiled
engine, which the tests wait for rather than fight on the reference engine). Seeds are
fixed, so the house catalog's flag is a known answer of this seed.
"""

from __future__ import annotations

import json
import shlex
import shutil
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from shipyard.cli import app
from shipyard.core.catalog_files import catalog_root
from shipyard.services.audit import ANCHOR, BASE, AuditError, Settings
from shipyard.services.audit_contexts import BattleContext, battle_field, contexts
from shipyard.services.audit_run import Audited, run_audit
from shipyard.services.registry import get_ruleset

runner = CliRunner()
TINY = Settings(runs=20, battle_runs=20, budgets=(), policies=("default",),
                samples=("sample:hawk", "sample:bulwark"),
                systems=("fixed_laser.1", "turret_laser.1.fore", "turret_laser.2.fore"),
                engine="fast",
                kinds=("battles",), fleets=("sample-fleet:blue-flight",
                                            "sample-fleet:lance-flight"))


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


def test_a_battle_context_is_a_120_point_fleet_of_the_design_against_the_bundled_fleets(
) -> None:
    # Rules 4: every sample fighter is 30 points but the 24-point Hawk; the bundled
    # fleets are 120 points but Night Watch (90), so four Bulwarks or five Hawks.
    game = get_ruleset("tacship")
    budget, fleets = battle_field(game, None)
    assert budget == 120
    assert [f.file for f in fleets] == [f"sample-fleet:{n}" for n in (
        "blue-flight", "grey-flight", "heavy-section", "hornet-swarm", "lance-flight")]
    found = contexts(game, None, TINY)
    assert all(isinstance(c, BattleContext) for c in found)
    copies = {c.label: c.copies for c in found if isinstance(c, BattleContext)}
    assert copies == {"sample:bulwark x4 / default": 4, "sample:hawk x5 / default": 5}
    hawk = next(c for c in found if c.label.startswith("sample:hawk"))
    assert isinstance(hawk, BattleContext)
    made = {v.key: v for v in hawk.variants}
    # A fixed Laser-1 is 1 point on each of the five Hawks, paid with one box on each.
    assert (made["fixed_laser.1"].price, made["fixed_laser.1"].swapped) == (5, 1)
    assert made[ANCHOR].price == 5 and made[BASE].price == 0
    assert hawk.points(made["fixed_laser.1"]) == 120 and hawk.points(made[ANCHOR]) == 115


def test_pentagon_war_audits_duels_only() -> None:
    game = get_ruleset("pentagon-war")
    with pytest.raises(AuditError, match="battles"):
        contexts(game, None, replace(TINY, samples=("sample:lancer",), systems=("screen",)))


def test_a_free_one_point_item_is_flagged_under_priced_in_battles(tmp_path: Path,
                                                                 standard: Audited) -> None:
    # Fixed lasers at 0 a factor instead of 1: a Laser-1 is free on every fighter.
    assert _system(standard, "fixed_laser.1")["flag"] == ""
    house = run_audit(get_ruleset("tacship"), _house(
        tmp_path, "free", 'label = "Laser (fixed)"\nprice = 1', 'label = "Laser (fixed)"\n'
        'price = 0'), TINY)
    free = _system(house, "fixed_laser.1")
    assert free["price"] == 0 and free["index"] is None
    assert free["flag"] == "under"
    assert free["suggested_price"]["low"] > 0  # type: ignore[index]
    assert house.battles == standard.battles > 0 and house.duels == 0


def test_the_same_seed_gives_the_same_battle_audit_for_any_worker_count(
        standard: Audited) -> None:
    two = run_audit(get_ruleset("tacship"), None, replace(TINY, workers=2))
    assert two.to_data()["systems"] == standard.to_data()["systems"]
    assert two.to_data()["contexts"] == standard.to_data()["contexts"]


def test_both_kinds_pool_and_each_is_shown_alone() -> None:
    both = run_audit(get_ruleset("tacship"), None, replace(
        TINY, kinds=("duels", "battles"), samples=("sample:bulwark",), battle_runs=10))
    data = both.to_data()
    assert [c["kind"] for c in data["contexts"]] == ["duels", "battles"]
    laser = next(s for s in data["systems"] if s["key"] == "turret_laser.2.fore")
    assert set(laser["by_kind"]) == {"duels", "battles"}
    assert laser["contexts"] == 2 and laser["by_kind"]["battles"]["contexts"] == 1
    # The design, one box short and three swaps, against six samples and two fleets.
    assert data["duels"] == 6 * 5 * 20 and data["battles"] == 2 * 5 * 10


def test_explain_prints_battle_commands_that_fight_the_same_battles(tmp_path: Path,
                                                                    monkeypatch:
                                                                    pytest.MonkeyPatch
                                                                    ) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, [
        "audit", "--ruleset", "tacship", "--runs", "10", "--battle-runs", "6", "--budgets",
        "none", "--policies", "default", "--samples", "hawk", "--contexts", "battles",
        "--fleets", "blue-flight", "--explain", "fixed_laser.1", "--explain-dir", "ex"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("sample:hawk x5 / default: ")
    commands = [n for n, line in enumerate(lines) if line.strip().startswith("shipyard battle")]
    assert len(commands) == 3  # the design, one box short, and the swap, x5 each
    number = commands[-1]
    # "  with fixed_laser.1, x5 v sample-fleet:blue-flight: 4 won, 0 drawn, 2 lost; margin
    # +12.50 a battle (points destroyed)"
    told = lines[number - 1]
    won = int(told.split(": ")[1].split(" won")[0])
    margin = float(told.split("margin ")[1].split(" ")[0])
    battle = runner.invoke(app, [*shlex.split(lines[number].strip())[1:], "--json"])
    assert battle.exit_code == 0, battle.output
    fought = json.loads(battle.stdout)
    assert (tmp_path / "ex" / "sample-hawk-fixed-laser-1-x5.fleet.json").is_file()
    _check(fought, won, margin)


def _check(fought: dict[str, Any], won: int, margin: float) -> None:
    """The battle command's wins and points-destroyed margin are the audit's."""
    assert fought["wins"]["count"] == won
    by_a = fought["a"]["points_destroyed"]["mean"]
    by_b = fought["b"]["points_destroyed"]["mean"]
    assert by_a - by_b == pytest.approx(margin, abs=0.01)



def test_a_house_catalog_pricing_the_fleets_over_their_budget_still_fights_them(
        tmp_path: Path) -> None:
    # Damage boxes at 2 points: Blue Flight's fighters cost 40, 38 and 37 (rules 4 would
    # refuse them at 30) and the fleet 155; the audit judges them by every rule but the
    # budget, as its duels do, and three 33-point Hawks are the most 120 points buy.
    house = _house(tmp_path, "dear", 'label = "Damage box"\nprice = 1',
                   'label = "Damage box"\nprice = 2')
    game = get_ruleset("tacship")
    budget, fleets = battle_field(game, house)
    assert budget == 120 and len(fleets) == 5
    blue = next(f for f in fleets if f.file == "sample-fleet:blue-flight")
    assert blue.points == (40, 40, 38, 37) and blue.total == 155
    found = [c for c in contexts(game, house, TINY) if isinstance(c, BattleContext)]
    assert {c.label: c.copies for c in found} == {"sample:hawk x3 / default": 3,
                                                  "sample:bulwark x2 / default": 2}
