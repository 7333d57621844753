"""Round robins: deterministic per seed and worker count, honest shares, a fair ranking."""

from __future__ import annotations

import copy
import csv
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from shipyard.cli import app
from shipyard.core.catalog_files import catalog_root
from shipyard.services.registry import evaluate, parse_design, read_design
from shipyard.services.samples import resolve
from shipyard.services.tournament import BLOCK, Entrant, pair_seed, run_tournament

runner = CliRunner()
HOME_GUARD = catalog_root() / "pentagon-war" / "fleets" / "home-guard.fleet.json"


def entrant(name: str) -> Entrant:
    evaluation = evaluate(read_design(resolve(f"sample:{name}")))
    return Entrant(evaluation.design.name, evaluation)


def test_deterministic_per_seed_whatever_the_workers() -> None:
    field = [entrant(n) for n in ("lancer", "shade", "zelta-dee")]
    one = run_tournament(field, 40, 5, workers=1).to_data()
    two = run_tournament(field, 40, 5, workers=2).to_data()
    assert one == two
    other = run_tournament(field, 40, 6, workers=1).to_data()
    assert other["matrix"] != one["matrix"]
    assert pair_seed(5, 0) != pair_seed(5, 1) != pair_seed(6, 1)


def test_every_pairs_shares_sum_to_one() -> None:
    field = [entrant(n) for n in ("lancer", "shade", "zelta-dee")]
    data = run_tournament(field, 30, 2).to_data()
    assert len(data["matrix"]) == 6  # ordered pairs
    for row in data["matrix"]:
        assert row["wins"] + row["losses"] + row["draws"] == 30
        mirror = next(r for r in data["matrix"] if (r["a"], r["b"]) == (row["b"], row["a"]))
        assert (mirror["wins"], mirror["losses"], mirror["draws"]) == (
            row["losses"], row["wins"], row["draws"])
    # Issue 29 added the scenario, the duels cut off at the turn limit and whether every
    # craft is bought with one budget, after the keys that were there.
    assert list(data) == ["ranking", "matrix", "runs", "seed", "scenario", "turn_limit_reached",
                          "equal_points"]
    assert list(data["ranking"][0]) == ["design", "points", "rating", "ci95", "per_100_points"]


def plus_lancer() -> Entrant:
    """The Lancer with two more screens and more armor on every side: strictly better."""
    data: dict[str, Any] = copy.deepcopy(json.loads(resolve("sample:lancer").read_text()))
    data["name"] = "Lancer Plus"
    data["systems"]["screen"] += 2
    data["armor"] = {"1": 5, "2": 4, "3": 2, "5": 2, "6": 4}
    evaluation = evaluate(parse_design(data))
    assert evaluation.legal
    return Entrant("Lancer Plus", evaluation)


def test_a_dominating_design_ranks_above_with_separate_intervals() -> None:
    result = run_tournament([entrant("lancer"), plus_lancer()], 120, 3)
    best, worst = result.standings
    assert best.label == "Lancer Plus" and worst.label == "Lancer"
    assert best.low > worst.high
    assert best.points > worst.points


def test_until_ci_stops_a_pair_early() -> None:
    result = run_tournament([entrant("lancer"), plus_lancer()], 5000, 3, until_ci=0.25)
    [pair] = result.pairs
    assert pair.runs < 5000 and pair.runs % BLOCK == 0
    assert pair.settled(0.25)


def test_command_json_csv_and_fleets(tmp_path: Path) -> None:
    target = tmp_path / "matrix.csv"
    result = runner.invoke(app, ["tournament", "--json", "--runs", "8", "--csv", str(target),
                                 str(HOME_GUARD), "sample:lancer"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    # Home Guard's three distinct designs, and the Lancer.
    assert sorted(r["design"] for r in data["ranking"]) == [
        "Barnard Stinger", "Hive", "Lancer", "Sunspear"]
    assert (data["runs"], data["seed"]) == (8, 1)
    rows = list(csv.DictReader(target.open()))
    assert len(rows) == len(data["matrix"]) == 12
    assert all(int(r["runs"]) == 8 for r in rows)
    text = runner.invoke(app, ["tournament", "--runs", "4", "sample:lancer", "sample:shade"])
    assert text.exit_code == 0
    assert "Ranking" in text.stdout and "Points efficiency" in text.stdout


def test_tacship_round_robin_is_small_and_works() -> None:
    result = runner.invoke(app, ["tournament", "--json", "--runs", "3", "sample:valkyrie",
                                 "sample:harpy"])
    assert result.exit_code == 0, result.output
    assert len(json.loads(result.stdout)["matrix"]) == 2


@pytest.mark.parametrize(("args", "code", "words"), [
    (["sample:lancer", "sample:valkyrie"], 2, "cannot meet"),
    (["sample:lancer"], 2, "two different designs"),
    (["sample:lancer", "sample:lancer"], 2, "two different designs"),
    (["sample:lancer", "nowhere.ship.json"], 2, "no such file"),
    (["--policy", "coward", "sample:lancer", "sample:shade"], 2, "unknown policy"),
])
def test_bad_tournaments_are_one_clear_line(args: list[str], code: int, words: str) -> None:
    result = runner.invoke(app, ["tournament", "--runs", "2", *args])
    assert result.exit_code == code
    assert words in result.stderr and "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_an_illegal_design_exits_1(tmp_path: Path) -> None:
    path = tmp_path / "bad.ship.json"
    path.write_text(json.dumps({"schema": "shipyard.design/1", "name": "Bad",
                                "systems": {"screen": -1}}))
    result = runner.invoke(app, ["tournament", "--runs", "2", "sample:lancer", str(path)])
    assert result.exit_code == 1
