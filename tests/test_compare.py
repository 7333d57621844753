"""`shipyard compare`: every figure equals the designs' own sheets; differences marked."""

from __future__ import annotations

import json
from fractions import Fraction

from typer.testing import CliRunner

from shipyard.cli import app
from shipyard.services.compare import compare
from shipyard.services.registry import evaluate, read_design
from shipyard.services.samples import resolve

runner = CliRunner()


def sheet(name: str) -> dict[str, object]:
    evaluation = evaluate(read_design(resolve(f"sample:{name}")))
    return evaluation.ruleset.sheet_data(evaluation.sheet, evaluation.issues)


def test_compare_json_equals_the_sheets_figures() -> None:
    result = runner.invoke(app, ["compare", "--json", "sample:lancer", "sample:shade"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [d["name"] for d in data["designs"]] == ["Lancer", "Shade"]
    rows = {(r["section"], r["key"]): r for r in data["rows"]}
    lancer, shade = sheet("lancer"), sheet("shade")
    numbers = [k for k, v in lancer.items()
               if isinstance(v, int | float) and not isinstance(v, bool)]
    assert numbers and all(rows[("figures", k)]["values"] == [lancer[k], shade[k]]
                           for k in numbers)
    for key, count in lancer["box_counts"].items():  # type: ignore[attr-defined]
        assert rows[("boxes", key)]["values"][0] == count
    assert rows[("figures", "total")]["differs"] is True
    assert rows[("figures", "size_class")]["differs"] is False


def test_groups_sum_to_the_exact_total() -> None:
    for names in (("lancer", "hive"), ("valkyrie", "hawk")):
        evaluations = [evaluate(read_design(resolve(f"sample:{n}"))) for n in names]
        points = [r for r in compare(evaluations) if r.section == "points"]
        for column, evaluation in enumerate(evaluations):
            total = sum((Fraction(r.values[column] or 0) for r in points), Fraction(0))
            assert total == evaluation.sheet.exact_total


def test_tacship_groups_follow_the_rules() -> None:
    evaluation = evaluate(read_design(resolve("sample:valkyrie")))
    # Valkyrie (rules 4): 10 damage boxes + survivability 2, thrust 8, 2 x Laser-2, 3 x 2.
    assert evaluation.ruleset.groups(evaluation.sheet) == {
        "structure": 12, "drive": 8, "weapons": 4, "ordnance": 6}


def test_text_marks_the_differences() -> None:
    result = runner.invoke(app, ["compare", "sample:lancer", "sample:shade"])
    assert result.exit_code == 0
    line = next(x for x in result.stdout.splitlines() if " total " in x)
    assert line.lstrip().startswith("*") and "215" in line and "210" in line


def test_designs_of_two_games_cannot_be_compared() -> None:
    result = runner.invoke(app, ["compare", "sample:lancer", "sample:valkyrie"])
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [
        "shipyard: sample:valkyrie: a tacship design cannot be compared with a pentagon-war "
        "design"]


def test_an_unreadable_design_exits_2() -> None:
    result = runner.invoke(app, ["compare", "sample:lancer", "nowhere.ship.json"])
    assert result.exit_code == 2
    assert "no such file" in result.stderr and "Traceback" not in result.stderr


def test_duel_matrix_shares_sum_to_one() -> None:
    result = runner.invoke(app, ["compare", "--json", "--duel", "12", "sample:lancer",
                                 "sample:shade", "sample:zelta-dee"])
    assert result.exit_code == 0, result.output
    duels = json.loads(result.stdout)["duels"]
    assert len(duels) == 3
    for duel in duels:
        assert duel["runs"] == 12
        assert duel["wins"]["count"] + duel["draws"]["count"] + duel["losses"]["count"] == 12
        low, high = duel["wins"]["ci95"]
        assert low <= duel["wins"]["rate"] <= high
    text = runner.invoke(app, ["compare", "--duel", "12", "sample:lancer", "sample:shade"])
    assert "Head to head" in text.stdout
