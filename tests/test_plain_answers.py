"""Plain answers where a new user met a silent or unclear one: a sheet a game does not
print, a Tacship fighter's crew and its missing ruleset, the fleet roster's key figures,
and messages that name what is wrong in the user's words."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from shipyard.cli import app
from shipyard.services.samples import resolve

runner = CliRunner()
ROOT = Path(__file__).resolve().parent.parent


# -- a sheet the design's game does not print -------------------------------------------

@pytest.mark.parametrize(("design", "sheet"), [("sample:lancer", "chart"),
                                                ("sample:valkyrie", "ssd")])
def test_a_sheet_of_the_other_game_is_refused(tmp_path: Path, design: str, sheet: str) -> None:
    out = tmp_path / "x.pdf"
    result = runner.invoke(app, ["export", design, "--sheets", sheet, "-o", str(out)])
    assert result.exit_code == 2, result.output
    assert f"nothing to export with --sheets {sheet}" in result.stderr
    assert not out.exists()


def test_a_fleet_asked_for_another_games_sheet_is_refused(tmp_path: Path) -> None:
    fleet = ROOT / "catalog" / "pentagon-war" / "fleets" / "home-guard.fleet.json"
    out = tmp_path / "x.pdf"
    result = runner.invoke(app, ["export", str(fleet), "--sheets", "chart", "-o", str(out)])
    assert result.exit_code == 2, result.output
    assert "has no 'chart' sheet" in result.stderr
    assert not out.exists()
