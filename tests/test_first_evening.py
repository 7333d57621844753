"""A new player's first evening: what the terminal shows reads as written, every
file key can be found, and numbers come out as players write them."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from shipyard.cli import app

runner = CliRunner()


def shipyard(*args: str) -> str:
    """The command's standard output; it must have succeeded."""
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.mark.parametrize("game", ["pentagon-war", "tacship"])
def test_the_catalog_shows_no_escaped_newline(game: str) -> None:
    text = shipyard("catalog", "--ruleset", game)
    assert "\\n" not in text
    assert "\n\nRulings\n" in text


def test_compare_with_duels_shows_no_escaped_newline() -> None:
    text = shipyard("compare", "sample:valkyrie", "sample:hawk", "--duel", "4")
    assert "\\n" not in text
    assert "\n\nHead to head: 4 duels a pair" in text
