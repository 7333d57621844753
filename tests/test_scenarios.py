"""Issue 29, points 12-16: the starting scenario a player picks, `validate` warnings for
craft that never get going or never hurt, the turn-limit line, damage past the screens,
and tournaments of equal-priced craft.

Each CLI test runs few duels (the compiled engines, a handful of seeds): the figures
asserted are worked from the catalog (the presets, a base's battery range) or read
from the same run, never from a long measurement.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from shipyard.cli import app
from shipyard.core.dice import CounterDice
from shipyard.core.outcome import DuelScenario, Result
from shipyard.core.scenario import ScenarioProblem, choose, turn_limit_line
from shipyard.core.stats import summarize
from shipyard.rulesets.pentagon_war.engine.duel import Duel
from shipyard.rulesets.pentagon_war.engine.policy import policy_named
from shipyard.rulesets.pentagon_war.engine.state import craft_from
from shipyard.rulesets.pentagon_war.engine.tables import load_combat
from shipyard.services.batch import Matchup, run_batch
from shipyard.services.duel_setup import Outcome, Setup, heading
from shipyard.services.registry import evaluate, read_design
from shipyard.services.samples import resolve

SCENARIO_KEYS = ["start_range", "closing_speed", "turn_limit", "name", "speeds"]
RUNNER = CliRunner()


def _json(*args: str) -> dict[str, object]:
    result = RUNNER.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    data: dict[str, object] = json.loads(result.stdout)
    return data


def _sample(name: str):  # type: ignore[no-untyped-def]
    return evaluate(read_design(resolve(f"sample:{name}")))


# -- 12: the scenario ---------------------------------------------------------------------
def test_choose_reads_a_preset_and_figures_changed_by_hand() -> None:
    meeting = DuelScenario(30, 6, 30, (3, 3), "meeting")
    presets = {"meeting": meeting, "standoff": DuelScenario(30, 0, 30, (0, 0), "standoff")}
    assert choose(presets, meeting, None) == meeting
    assert choose(presets, meeting, "standoff").speeds == (0, 0)
    # A turn limit alone keeps the name; a changed range or speed marks it "+".
    assert choose(presets, meeting, None, turns=40) == DuelScenario(30, 6, 40, (3, 3), "meeting")
    assert choose(presets, meeting, None, speeds=(None, -2)) == \
        DuelScenario(30, 1, 30, (3, -2), "meeting+")
    with pytest.raises(ScenarioProblem, match=r"no scenario named 'picnic'.*meeting, standoff"):
        choose(presets, meeting, "picnic")
    with pytest.raises(ScenarioProblem, match="--speed-a: at most 12"):
        choose(presets, meeting, None, speeds=(13, None), top=12)


def test_a_base_starts_at_rest_whatever_the_speeds() -> None:
    scenario = DuelScenario(30, 6, 30, (3, 3))
    assert scenario.start_speeds((True, False)) == (3.0, 0.0)
    # Without speeds of its own, the closing speed goes to the craft that can move.
    assert DuelScenario(30, 6, 30).start_speeds((True, False)) == (6.0, 0.0)
    assert DuelScenario(30, 6, 30).start_speeds((True, True)) == (3.0, 3.0)


def test_the_reference_engine_starts_each_craft_at_its_own_speed() -> None:
    a, b = _sample("lancer"), _sample("starter")
    crafts = (craft_from(a, "A"), craft_from(b, "B"))
    captains = (policy_named("default"), policy_named("default"))
    Duel(crafts, captains, DuelScenario(12, 2, 30, (4, -2), "chase"), load_combat(),
         a.catalog, CounterDice(1))
    assert (crafts[0].velocity, crafts[1].velocity) == (4.0, -2.0)


@pytest.mark.parametrize(("game", "a", "b"), [("pentagon-war", "lancer", "stinger"),
                                              ("tacship", "hawk", "valkyrie")])
@pytest.mark.parametrize("preset", ["chase", "ambush"])
def test_both_engines_fight_the_same_duels_from_every_start(game: str, a: str, b: str,
                                                            preset: str) -> None:
    first, second = _sample(a), _sample(b)
    duels = first.ruleset.duels
    assert duels is not None
    scenario = duels.scenarios(first.catalog)[preset][0]
    fast = run_batch(Matchup(first, second, scenario=scenario, engine="fast"), 6, 3)
    reference = run_batch(Matchup(first, second, scenario=scenario, engine="reference"), 6, 3,
                          workers=1)
    assert fast == reference


def test_duel_json_names_the_scenario_with_the_old_keys_first() -> None:
    data = _json("duel", "sample:lancer", "sample:stinger", "--runs", "4", "--json")
    scenario = data["scenario"]
    assert isinstance(scenario, dict) and list(scenario) == SCENARIO_KEYS
    assert scenario == {"start_range": 30, "closing_speed": 6, "turn_limit": 30,
                        "name": "meeting", "speeds": [3, 3]}
    data = _json("duel", "sample:lancer", "sample:stinger", "--runs", "4", "--json",
                 "--scenario", "chase", "--speed-b", "-3", "--range", "20", "--turns", "9")
    assert data["scenario"] == {"start_range": 20, "closing_speed": 1, "turn_limit": 9,
                                "name": "chase+", "speeds": [4, -3]}


def test_duel_text_shows_the_scenario_line() -> None:
    result = RUNNER.invoke(app, ["duel", "sample:hawk", "sample:valkyrie", "--runs", "4",
                                 "--scenario", "ambush"])
    assert result.exit_code == 0, result.output
    assert ("Scenario ambush: start range 8, Hawk at rest, Valkyrie 4 toward, turn limit 20"
            in result.output)


def test_an_unknown_scenario_is_one_line_and_exit_2() -> None:
    result = RUNNER.invoke(app, ["duel", "sample:hawk", "sample:valkyrie", "--runs", "4",
                                 "--scenario", "picnic"])
    assert result.exit_code == 2
    assert "no scenario named 'picnic' (known: meeting, standoff, ambush, chase)" in \
        result.output
    assert "Traceback" not in result.output


def test_a_base_duel_starts_beyond_its_battery_range_unless_asked() -> None:
    # Ceres Station: proton cannons do damage to 64 hexes (2.4), so the default start is
    # 65; the base itself at rest.
    data = _json("duel", "sample:lancer", "sample:ceres-station", "--runs", "2", "--json")
    assert data["scenario"] == {"start_range": 65, "closing_speed": 3, "turn_limit": 30,
                                "name": "meeting+base", "speeds": [3, 0]}
    data = _json("duel", "sample:lancer", "sample:ceres-station", "--runs", "2", "--json",
                 "--range", "30")
    assert data["scenario"] == {"start_range": 30, "closing_speed": 3, "turn_limit": 30,
                                "name": "meeting", "speeds": [3, 0]}


def test_tournament_and_compare_take_and_show_the_scenario() -> None:
    data = _json("tournament", "sample:hawk", "sample:valkyrie", "--runs", "4", "--json",
                 "--scenario", "standoff")
    assert data["scenario"] == {"start_range": 20, "closing_speed": 0, "turn_limit": 20,
                                "name": "standoff", "speeds": [0, 0]}
    data = _json("compare", "sample:hawk", "sample:valkyrie", "--duel", "4", "--json",
                 "--scenario", "ambush")
    assert data["scenario"] == {"start_range": 8, "closing_speed": 4, "turn_limit": 20,
                                "name": "ambush", "speeds": [0, 4]}


# -- 13: validate ----------------------------------------------------------------------------
def _edited(tmp_path: Path, sample: str, **changes: object) -> Path:
    data = json.loads(resolve(f"sample:{sample}").read_text(encoding="utf-8"))
    data.update(changes)
    path = tmp_path / f"{sample}.ship.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_validate_warns_of_a_ramscoop_that_can_never_start_moving(tmp_path: Path) -> None:
    # The Centauri Hammer: a ramscoop with engines and no fuel tank (R20).
    result = RUNNER.invoke(app, ["validate", "sample:hammer"])
    lines = [line for line in result.output.splitlines() if "(R20)" in line]
    assert len(lines) == 1 and "can never start moving from rest" in lines[0]
    fuelled = _edited(tmp_path, "hammer",
                      systems={**json.loads(resolve("sample:hammer").read_text())["systems"],
                               "fuel_tank": 1})
    assert "(R20)" not in RUNNER.invoke(app, ["validate", str(fuelled)]).output


def test_validate_warns_of_a_craft_that_can_never_hurt_anything(tmp_path: Path) -> None:
    # The Starter's one laser fires on capacitor power (2.2): without capacitors, never.
    starter = json.loads(resolve("sample:starter").read_text(encoding="utf-8"))
    unpowered = _edited(tmp_path, "starter", systems={**starter["systems"], "capacitor": 0})
    result = RUNNER.invoke(app, ["validate", str(unpowered)])
    lines = [line for line in result.output.splitlines() if "never hurt" in line]
    assert len(lines) == 1 and "no capacitor" in lines[0]
    assert lines[0].rstrip().endswith("(2.4)")
    beam_only = _edited(tmp_path, "starter",
                        weapons=[{"type": "magnetic_beam", "arcs": ["LF", "RF"], "count": 1}])
    assert "the magnetic beam, pushes and pulls but does no damage" in \
        RUNNER.invoke(app, ["validate", str(beam_only)]).output
    assert "never hurt" not in RUNNER.invoke(app, ["validate", "sample:starter"]).output
    # An unarmed hull is the player's plain choice: no warning.
    assert "never hurt" not in RUNNER.invoke(
        app, ["validate", str(_edited(tmp_path, "starter", weapons=[]))]).output


# -- 14: the turn limit ---------------------------------------------------------------------
def test_the_turn_limit_line_comes_above_a_tenth() -> None:
    assert turn_limit_line(0.10, 20) is None
    assert turn_limit_line(0.78, 20) == ("78% of the duels reached the turn limit (20) "
                                         "undecided: try a longer one, e.g. --turns 40")


def test_every_output_says_when_duels_are_cut_off() -> None:
    # One turn from 30 hexes at rest: no craft is in reach, every duel is cut off.
    args = ["--scenario", "standoff", "--turns", "1"]
    line = "100% of the duels reached the turn limit (1) undecided: try a longer one"
    result = RUNNER.invoke(app, ["duel", "sample:lancer", "sample:stinger", "--runs", "3", *args])
    assert line in result.output
    data = _json("duel", "sample:lancer", "sample:stinger", "--runs", "3", "--json", *args)
    assert data["turn_limit_reached"] == {"count": 3, "rate": 1.0}
    assert isinstance(data["notes"], list) and data["notes"][0].startswith(line)
    result = RUNNER.invoke(app, ["tournament", "sample:lancer", "sample:stinger", "--runs", "3",
                                 *args])
    assert line in result.output
    result = RUNNER.invoke(app, ["compare", "sample:lancer", "sample:stinger", "--duel", "3",
                                 *args])
    assert line in result.output


def test_the_duel_screen_heading_says_so_too() -> None:
    a, b = _sample("lancer"), _sample("stinger")
    results = (*(Result(None, 5, (0, 0), "") for _ in range(4)), Result(0, 2, (9, 0), "laser"))
    matchup = Matchup(a, b, scenario=DuelScenario(30, 0, 5, (0, 0), "standoff"))
    text = heading(Outcome(Setup(matchup, 5, 1), results, summarize(results, 5)))
    assert "Scenario standoff: start range 30, both at rest, turn limit 5" in text
    assert "80% of the duels reached the turn limit (5) undecided" in text


# -- 15: damage past the screens -------------------------------------------------------------
def test_damage_dealt_says_what_it_counts() -> None:
    result = RUNNER.invoke(app, ["duel", "sample:lancer", "sample:stinger", "--runs", "3"])
    assert "Mean damage dealt (past the screens: armor and interior boxes):" in result.output
    data = _json("duel", "sample:hawk", "sample:valkyrie", "--runs", "3", "--json")
    assert data["damage_counts"] == "damage boxes crossed off"


# -- 16: tournaments of equal-priced craft ---------------------------------------------------
def test_a_tournament_of_equal_priced_fighters_shows_ratings_only() -> None:
    result = RUNNER.invoke(app, ["tournament", "sample:hawk", "sample:valkyrie",
                                 "sample:harpy", "--runs", "3"])
    assert result.exit_code == 0, result.output
    assert "per 100 points" not in result.output.lower()
    assert result.output.count("Ranking (Bradley-Terry") == 1
    # The Hawk costs 24 points, the others 30: every fighter is bought with the game's
    # budget of 30 all the same (rules 4), so points efficiency means nothing here.
    assert "Every craft is bought with the same points budget" in result.output
    data = _json("tournament", "sample:hawk", "sample:valkyrie", "--runs", "3", "--json")
    assert data["equal_points"] is True
    assert all("per_100_points" in row for row in data["ranking"])  # the key stays


def test_a_tournament_of_different_prices_prints_each_table_once() -> None:
    result = RUNNER.invoke(app, ["tournament", "sample:lancer", "sample:stinger", "--runs", "3"])
    assert result.exit_code == 0, result.output
    assert result.output.count("Ranking (Bradley-Terry") == 1
    assert result.output.count("Points efficiency (rating per 100 points)") == 1
    assert result.output.count("Per 100 points") == 1  # a column of the efficiency table only


def test_the_tournament_speaks_of_bases_only_when_one_starts_otherwise() -> None:
    with_base = RUNNER.invoke(app, ["tournament", "sample:ceres-station", "sample:lancer",
                                    "--runs", "2"])
    assert with_base.exit_code == 0, with_base.output
    assert "a base at rest" in with_base.stdout
    for fighters in (["sample:hawk", "sample:valkyrie"], ["sample:lancer", "sample:stinger"]):
        result = RUNNER.invoke(app, ["tournament", *fighters, "--runs", "2"])
        assert result.exit_code == 0, result.output
        assert "Scenario meeting" in result.stdout
        assert "base" not in result.stdout
