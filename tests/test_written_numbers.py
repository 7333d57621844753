"""Numbers as players write them: no "55/2" in any output meant for people.

Prices stay exact until the total rounds (R2), so a line can cost a quarter
or a twentieth of a point: it is written as the decimal it is (27.5, 8.75,
27.4125). A share of a class is a mixed number, as the rules write it (the
mass class of 850 points is 850/300 = 2 5/6, 1.4). JSON keeps exact values.
"""

from __future__ import annotations

import json
import re
from fractions import Fraction

import pytest
from typer.testing import CliRunner

from shipyard.cli import app
from shipyard.core.sheet import written
from shipyard.services.registry import evaluate, read_design
from shipyard.services.samples import resolve, sample_name, sample_paths
from shipyard.tui.widgets.sheet import sheet_view

runner = CliRunner()
SAMPLES = [f"sample:{sample_name(path)}" for path in sample_paths()]


@pytest.mark.parametrize(("value", "as_written", "as_mixed"), [
    (Fraction(55, 2), "27.5", "27 1/2"),  # a 3-arc proton cannon pair: 22 x 5/4 (R1)
    (Fraction(21, 4), "5.25", "5 1/4"),  # a 1-arc laser: 7 x 3/4
    (Fraction(17, 6), "2 5/6", "2 5/6"),  # a mass class of 850 / 300 (1.4)
    (Fraction(2193, 80), "27.4125", "27 33/80"),  # 15% of 182.75 (R10)
    (Fraction(16, 25), "0.64", "16/25"),
    (Fraction(1, 3), "1/3", "1/3"),
    (Fraction(-7, 4), "-1.75", "-1 3/4"),  # an edit that saves points
    (Fraction(-1, 2), "-0.5", "-1/2"),
    (27, "27", "27"),
    (16.5, "16.5", "16 1/2"),  # explosion strength, a JSON number
    ("17/6", "2 5/6", "2 5/6"),  # as the SSD document keeps it
])
def test_written(value: Fraction | int | float | str, as_written: str, as_mixed: str) -> None:
    assert written(value) == as_written
    assert written(value, mixed=True) == as_mixed


def text_of(*args: str) -> str:
    result = runner.invoke(app, list(args), env={"COLUMNS": "160"})
    assert result.exit_code == 0, result.output
    return result.stdout


def improper(text: str) -> list[str]:
    """Every "a/b" with a > b: a fraction no player writes (a page "2/2" is fine)."""
    return [m.group(0) for m in re.finditer(r"(?<![\w/])(\d+)/(\d+)(?![\w/])", text)
            if int(m.group(1)) > int(m.group(2))]


def test_cost_writes_prices_as_decimals() -> None:
    text = text_of("cost", "sample:mercurand", "sample:shade", "sample:ceres-station")
    assert re.search(r"Proton cannon \(LF, RF, R\) +│ +2 │ +27\.5 │ reconstructed R1 \*", text)
    assert "Total 492 points (exact 492.5)  size class II" in text
    assert re.search(r"Radar invisibility +│ +│ 27\.4125 │ ruling R10 \*", text)
    assert "Mass 850 points, class 3 (2 5/6)" in text
    assert "explosion 16.5" in text_of("cost", "sample:lancer")


def test_compare_writes_size_classes_and_points_like_cost() -> None:
    text = text_of("compare", "sample:lancer", "sample:mercurand")
    rows = {cells[1]: cells[2:] for line in text.splitlines()
            if len(cells := [c.strip() for c in line.split("│")]) == 4}
    assert rows["size class"] == ["I", "II"]
    assert rows["weapons"] == ["32.5", "89.5"]  # 22 + 10.5; 14 + 27.5 + 48
    assert rows["explosion strength"] == ["16.5", "27"]
    data = json.loads(text_of("compare", "sample:lancer", "sample:mercurand", "--json"))
    weapons = next(r for r in data["rows"] if r["key"] == "weapons")
    assert weapons["values"] == ["65/2", "179/2"]  # JSON keeps the exact values


def test_json_keeps_exact_values() -> None:
    data = json.loads(text_of("cost", "--json", "sample:mercurand"))
    assert data["exact_total"] == "985/2"
    assert "55/2" in [line["price"] for line in data["lines"]]
    document = json.loads(text_of("export", "sample:mercurand", "-f", "ssd-json"))
    assert document["sheet"]["exact_total"] == "985/2"


def test_the_designer_sheet_writes_decimals() -> None:
    evaluation = evaluate(read_design(resolve("sample:mercurand")))
    shown = sheet_view(evaluation, None, 60).plain
    assert "(exact 492.5, R2)" in shown and re.search(r"Proton cannon.* 27\.5 ", shown)
    assert not improper(shown)


@pytest.mark.parametrize("sample", SAMPLES)
def test_no_output_for_people_holds_an_improper_fraction(sample: str) -> None:
    for args in (("cost", sample), ("export", sample, "-f", "text", "--draft"),
                 ("export", sample, "-f", "md", "--draft"),
                 ("export", sample, "-f", "svg", "--draft")):
        assert improper(text_of(*args)) == [], args
