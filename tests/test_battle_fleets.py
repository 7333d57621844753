"""The bundled fleets, `sample-fleet:NAME`, what `engage` checks before a battle, and the
command on the game's own engine."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from shipyard.core.catalog_files import catalog_root
from shipyard.core.errors import DesignReadError
from shipyard.core.outcome import DuelScenario
from shipyard.services.batch import Matchup, run_batch
from shipyard.services.battle import BattleProblem, Start, engage, run_battles
from shipyard.services.battle_schema import battle_result_schema
from shipyard.services.fleet import Fleet, judge, parse_fleet, read_fleet
from shipyard.services.registry import evaluate, read_design
from shipyard.services.samples import resolve, resolve_fleet, sample_fleet_name, sample_paths
from tests.entry import shipyard

TACSHIP_FLEETS = catalog_root() / "tacship" / "fleets"
NEW = ("lance-flight", "heavy-section", "hornet-swarm", "grey-flight")


def report(name: str):  # type: ignore[no-untyped-def]
    return judge(read_fleet(TACSHIP_FLEETS / f"{name}.fleet.json"))


@pytest.mark.parametrize("name", NEW)
def test_each_new_fleet_is_legal_with_four_fighters_at_120_points(name: str) -> None:
    fleet = report(name)
    assert fleet.legal, fleet.issues
    assert fleet.budget == 120 and fleet.total in (119, 120) and len(fleet.ships) == 4
    assert not [issue for issue in fleet.issues if issue.severity == "warning"]


def test_each_new_fleet_has_its_own_idea() -> None:
    def designs(name: str) -> list[object]:
        return [ship.evaluation.design for ship in report(name).ships]

    lances = designs("lance-flight")  # four cheap fighters: lasers and thrust, no ordnance
    assert all(d.hardpoints == 0 and d.fixed_lasers and d.crew == 1  # type: ignore[attr-defined]
               for d in lances)
    heavies = designs("heavy-section")  # two-man fighters with turrets
    assert all(d.crew == 2 and d.turret_lasers for d in heavies)  # type: ignore[attr-defined]
    hornets = designs("hornet-swarm")  # a missile flight
    assert all(d.ordnance.missile == d.hardpoints >= 4  # type: ignore[attr-defined]
               for d in hornets)
    mixed = {d.name for d in designs("grey-flight")}  # type: ignore[attr-defined]
    assert len(mixed) == 4


def test_the_new_fleets_add_no_sample_design() -> None:
    # Their designs are written inline: the samples, and the duels pinned for every pair
    # of them (tests/data/duels/tacship.tsv), stay as they are.
    assert [p.name for p in sample_paths("tacship")] == [
        "bulwark.ship.json", "harpy.ship.json", "hawk.ship.json", "kestrel.ship.json",
        "nightjar.ship.json", "valkyrie.ship.json"]


def test_sample_fleet_names_resolve_as_sample_names_do() -> None:
    blue = TACSHIP_FLEETS / "blue-flight.fleet.json"
    assert resolve_fleet("sample-fleet:blue-flight") == blue
    assert resolve_fleet("sample-fleet:Blue-FLIGHT") == blue  # any case, when only one
    assert resolve_fleet("sample-fleet:home-guard").parent.parent.name == "pentagon-war"
    assert resolve_fleet("my.fleet.json") == Path("my.fleet.json")
    assert sample_fleet_name(blue) == "blue-flight"
    with pytest.raises(DesignReadError) as caught:
        resolve_fleet("sample-fleet:red-flight")
    line = str(caught.value)
    assert "\n" not in line and "no bundled sample fleet is called 'red-flight'" in line
    assert "blue-flight" in line and "home-guard" in line


def test_engage_checks_and_keeps_both_fleets() -> None:
    engagement = engage("sample-fleet:blue-flight", "sample-fleet:night-watch")
    assert engagement.names == ("Blue Flight", "Night Watch")
    assert engagement.points == ((30, 30, 30, 30), (29, 24, 30))
    assert engagement.budget == 120 and engagement.unequal == ()
    assert engagement.policies == ("default", "default")
    assert [name for _, name in engagement.a.ships] == ["Blue 1", "Blue 2", "Blue 3", "Blue 4"]
    asked = engage("sample-fleet:blue-flight", "sample-fleet:night-watch",
                   scenario=Start("standoff", turns=9), policies=(None, "brawler"))
    assert asked.scenario.turn_limit == 9 and asked.scenario.name.startswith("standoff")
    assert asked.policies == ("default", "brawler")
    given = DuelScenario(10, 4, 7)
    assert engage("sample-fleet:blue-flight", "sample-fleet:blue-flight",
                  scenario=given).scenario == given


def test_a_fleet_being_edited_fights_as_it_is() -> None:
    unsaved = parse_fleet({"schema": "shipyard.fleet/1", "name": "", "ruleset": "tacship",
                           "ships": [{"design": "sample:kestrel", "count": 2}]},
                          "draft.fleet.json", Path("."))
    engagement = engage(unsaved, "sample-fleet:night-watch")
    assert engagement.a.name == "draft" and engagement.a.total == 60
    assert engagement.budget == 90  # the other fleet's: the larger of the two


def test_draft_fights_over_the_budget_and_says_so() -> None:
    with pytest.raises(BattleProblem, match=r"Night Watch costs 83 points, 3 over the agreed "
                                            r"budget of 80$"):
        engage("sample-fleet:night-watch", "sample-fleet:night-watch", budget=80)
    both = engage("sample-fleet:blue-flight", "sample-fleet:night-watch", budget=80,
                  draft=True)
    assert both.unequal == (
        "sample-fleet:blue-flight: Blue Flight costs 120 points, 40 over the agreed budget "
        "of 80: the sides were unequal",
        "sample-fleet:night-watch: Night Watch costs 83 points, 3 over the agreed budget of "
        "80: the sides were unequal")


def test_a_house_catalog_of_the_other_game_is_refused() -> None:
    with pytest.raises(BattleProblem, match="cannot be priced with the pentagon-war catalog"):
        engage("sample-fleet:blue-flight", "sample-fleet:night-watch",
               catalog=catalog_root() / "pentagon-war")
    with pytest.raises(BattleProblem, match="a folder, not a fleet file"):
        engage(TACSHIP_FLEETS, "sample-fleet:night-watch")


def test_a_battle_of_one_against_one_is_the_duel_of_the_same_seed() -> None:
    def one(design: str) -> Fleet:
        return parse_fleet({"schema": "shipyard.fleet/1", "name": design, "ruleset": "tacship",
                            "ships": [{"design": f"sample:{design}"}]}, "one.fleet.json",
                           Path("."))

    engagement = engage(one("valkyrie"), one("harpy"), engine="reference")
    battles = run_battles(engagement, 12, 21)
    duels = run_batch(Matchup(evaluate(read_design(resolve("sample:valkyrie"))),
                              evaluate(read_design(resolve("sample:harpy"))),
                              scenario=engagement.scenario, engine="reference"), 12, 21)
    assert [(b.winner, b.turns, b.damage, b.cause, b.draws) for b in battles] == [
        (d.winner, d.turns, d.damage, d.cause, d.draws) for d in duels]


def test_the_command_on_the_game_engine_end_to_end() -> None:
    ran = shipyard("battle", "sample-fleet:grey-flight", "sample-fleet:heavy-section",
                   "--runs", "2", "--engine", "reference", "--log-battle", "2", "--json")
    assert ran.returncode == 0, ran.stderr
    data = json.loads(ran.stdout)
    jsonschema.validate(data, battle_result_schema())
    assert data["runs"] == 2 and data["engine"] == "reference" and data["log_battle"] == 2
    assert any("Grey Leader" in line for line in data["log"])
    assert len(data["battle"]["fates"]) == 8
