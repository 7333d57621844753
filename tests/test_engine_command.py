"""`shipyard duel`: output, JSON, the log, and its exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import typer
from typer.testing import CliRunner

from shipyard.commands.duel import duel_command
from shipyard.services.samples import resolve

app = typer.Typer()
app.command("duel")(duel_command)


@app.callback()
def _root() -> None:
    """Registers `duel` as a sub-command, as the shipyard app does."""


runner = CliRunner()


def test_table_output() -> None:
    result = runner.invoke(app, ["duel", "sample:lancer", "sample:zelta-dee", "--runs", "40"])
    assert result.exit_code == 0, result.output
    for words in ("Lancer wins", "Zelta Dee wins", "draws", "95% interval",
                  "Turns to a kill", "Mean damage dealt", "Kills by cause"):
        assert words in result.output


def test_json_is_deterministic_and_worker_independent() -> None:
    args = ["duel", "sample:hive", "sample:lancer", "--runs", "60", "--seed", "9", "--json",
            "--range", "20", "--turns", "8", "--policy-a", "carrier", "--policy-b", "brawler"]
    one = runner.invoke(app, args)
    two = runner.invoke(app, [*args, "--workers", "2"])
    assert one.exit_code == 0, one.output
    data = json.loads(one.output)
    assert data == json.loads(two.output)
    assert data["runs"] == 60
    # The old keys first; issue 29 added the preset's name ("+": changed by hand) and speeds.
    assert data["scenario"] == {"start_range": 20, "closing_speed": 6, "turn_limit": 8,
                                "name": "meeting+", "speeds": [3, 3]}
    assert sum(data[k]["count"] for k in ("wins", "losses", "draws")) == 60
    low, high = data["wins"]["ci95"]
    assert 0 <= low <= data["wins"]["rate"] <= high <= 1


def test_until_ci_stops_early() -> None:
    result = runner.invoke(app, ["duel", "sample:lancer", "sample:lancer", "--runs", "5000",
                                 "--until-ci", "0.2", "--json"])
    data = json.loads(result.output)
    assert data["runs"] < 5000
    low, high = data["wins"]["ci95"]
    assert high - low < 0.2


def test_log_prints_the_statistics_then_the_batchs_first_duel() -> None:
    args = ["duel", "sample:lancer", "sample:zelta-dee", "--runs", "40", "--seed", "3"]
    result = runner.invoke(app, [*args, "--log"])
    assert result.exit_code == 0
    statistics, told = result.output.split("\nDuel 1 of the batch (seed 3), turn by turn:\n")
    assert statistics.startswith("Lancer (default) against Zelta Dee (default): 40 duels, seed 3")
    assert told.startswith("turn 1: range 30.0")
    assert "impulse" in told and "rolls" in told
    # The duel told is the batch's own: its end agrees with duel 1 of the --json batch.
    data = json.loads(runner.invoke(app, [*args, "--log", "--json"]).output)
    assert data["log_duel"] == 1 and data["runs"] == 40
    assert data["log"][0] == "turn 1: range 30.0"
    last = data["log"][-1]
    assert last.startswith(f"turn {data['turns']}: ")
    from shipyard.services.batch import Matchup, run_batch
    from shipyard.services.registry import evaluate, read_design
    from shipyard.services.samples import resolve
    a, b = (evaluate(read_design(resolve(f"sample:{n}"))) for n in ("lancer", "zelta-dee"))
    duels = a.ruleset.duels
    assert duels is not None
    first = run_batch(Matchup(a, b, scenario=duels.duel_defaults(a.catalog)), 1, 3)[0]
    assert (data["turns"], data["damage"]["a"], data["damage"]["b"]) == (
        first.turns, *first.damage)


def test_log_duel_tells_any_duel_of_the_batch() -> None:
    args = ["duel", "sample:valkyrie", "sample:harpy", "--runs", "30", "--seed", "2", "--json"]
    third = json.loads(runner.invoke(app, [*args, "--log-duel", "3"]).output)
    first = json.loads(runner.invoke(app, [*args, "--log"]).output)
    assert (third["log_duel"], first["log_duel"]) == (3, 1)
    assert third["log"] != first["log"]
    assert {k: third[k] for k in ("wins", "draws", "losses")} == {
        k: first[k] for k in ("wins", "draws", "losses")}
    result = runner.invoke(app, [*args, "--log-duel", "31"])
    assert result.exit_code == 2
    assert "--log-duel 31: the batch has 30 duel(s)" in result.output


def test_unreadable_file_exits_2(tmp_path: Path) -> None:
    result = runner.invoke(app, ["duel", str(tmp_path / "none.ship.json"), "sample:lancer"])
    assert result.exit_code == 2
    assert "shipyard: " in result.output


def test_unknown_sample_and_policy_exit_2() -> None:
    assert runner.invoke(app, ["duel", "sample:nope", "sample:lancer"]).exit_code == 2
    result = runner.invoke(app, ["duel", "sample:lancer", "sample:lancer", "--policy-b", "x"])
    assert result.exit_code == 2
    assert "unknown policy" in result.output


def test_illegal_design_exits_1(tmp_path: Path) -> None:
    path = tmp_path / "bad.ship.json"
    path.write_text(json.dumps({"schema": "shipyard.design/1", "name": "Bad",
                                "systems": {"engine": 1, "fuel_tank": 1},
                                "armor": {"4": 2}}))
    result = runner.invoke(app, ["duel", str(path), "sample:lancer"])
    assert result.exit_code == 1
    assert "not legal" in result.output


def test_design_names_are_not_markup(tmp_path: Path) -> None:
    data = json.loads(resolve("sample:lancer").read_text())
    data["name"] = "[red]Lancer[/red"
    path = tmp_path / "odd.ship.json"
    path.write_text(json.dumps(data))
    result = runner.invoke(app, ["duel", str(path), "sample:lancer", "--runs", "5"])
    assert result.exit_code == 0, result.output
    assert "[red]Lancer[/red wins" in result.output
