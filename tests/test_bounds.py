"""Every option with a bound refuses a value outside it with exit 2, naming the limit,
before any work is done."""

from __future__ import annotations

import os

import pytest
from typer.testing import CliRunner

from shipyard.cli import app
from shipyard.core.errors import ShipyardError
from shipyard.render.export import check_options

runner = CliRunner()
CORES = os.cpu_count() or 1
PAIR = ["sample:lancer", "sample:shade"]


@pytest.mark.parametrize(("arguments", "limit"), [
    (["export", "sample:lancer", "-f", "text", "--turns", "61"], "1<=x<=60"),
    (["export", "sample:lancer", "-f", "text", "--turns", "0"], "1<=x<=60"),
    (["duel", *PAIR, "--turns", "100000"], "1<=x<=60"),
    (["duel", *PAIR, "--workers", str(CORES * 4 + 1)], f"0<=x<={CORES * 4}"),
    (["tournament", *PAIR, "--workers", "-1"], f"0<=x<={CORES * 4}"),
    (["compare", *PAIR, "--duel", "10", "--workers", "999"], f"0<=x<={CORES * 4}"),
    (["optimize", "--budget", "300", "--workers", "999"], f"0<=x<={CORES * 4}"),
    (["duel", *PAIR, "--runs", "100001"], "1<=x<=100000"),
    (["tournament", *PAIR, "--runs", "100001"], "1<=x<=100000"),
    (["optimize", "--budget", "300", "--runs", "100001"], "1<=x<=100000"),
    (["compare", *PAIR, "--duel", "100001"], "1<=x<=100000"),
    (["duel", *PAIR, "--until-ci", "nan"], "between 0 and 1"),
    (["duel", *PAIR, "--until-ci", "0"], "between 0 and 1"),
    (["duel", *PAIR, "--until-ci", "1"], "between 0 and 1"),
    (["tournament", *PAIR, "--until-ci", "inf"], "between 0 and 1"),
    (["tournament", *PAIR, "--until-ci", "-0.1"], "between 0 and 1"),
])
def test_a_value_out_of_bounds_is_refused(arguments: list[str], limit: str) -> None:
    result = runner.invoke(app, arguments, env={"COLUMNS": "200"})
    assert result.exit_code == 2, result.output
    assert limit in result.output, result.output


def test_the_exporter_itself_holds_the_turns_bound() -> None:
    check_options("pdf", "a4", ["ssd"], 60)
    with pytest.raises(ShipyardError, match="1 to 60"):
        check_options("pdf", "a4", ["ssd"], 61)
