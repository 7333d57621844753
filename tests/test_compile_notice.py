"""The wait for the compiler is announced, once after an install, and never after."""

from __future__ import annotations

import json

import numba
import pytest
from typer.testing import CliRunner

from shipyard.cli import app
from shipyard.core.compiled import compiled
from shipyard.services import batch
from shipyard.services.batch import COMPILING, compiling
from shipyard.services.registry import evaluate, read_design
from shipyard.services.samples import resolve


def test_a_kernel_counts_as_compiled_once_called() -> None:
    @numba.njit(cache=False)
    def twice(x: int) -> int:
        return 2 * x

    assert not compiled(twice)  # never called, and no cache beside this file
    assert twice(21) == 42
    assert compiled(twice)


def test_a_game_whose_engine_has_fought_needs_no_compiling() -> None:
    evaluation = evaluate(read_design(resolve("sample:lancer")))
    batch.run_batch(batch.Matchup(evaluation, evaluation), 2, 1)
    assert not compiling(evaluation)
    assert not compiling(evaluation, "reference")  # the readable engine is never compiled


def test_the_duel_command_says_when_it_waits_for_the_compiler(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(batch, "compiling", lambda evaluation, engine=None: True)
    monkeypatch.setattr("shipyard.commands.terminal.compiling",
                        lambda evaluation, engine=None: True)
    monkeypatch.setattr("shipyard.commands.terminal.interactive", lambda: True)
    result = CliRunner().invoke(app, ["duel", "sample:lancer", "sample:shade", "--runs", "4"])
    assert result.exit_code == 0
    assert COMPILING in result.output


def test_a_script_reading_the_duel_gets_only_what_it_asked_for(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("shipyard.commands.terminal.compiling",
                        lambda evaluation, engine=None: True)
    result = CliRunner().invoke(
        app, ["duel", "sample:lancer", "sample:shade", "--runs", "4", "--json"])
    assert result.exit_code == 0
    assert COMPILING not in result.output
    assert json.loads(result.output)["runs"] == 4


def test_the_duel_command_is_quiet_once_compiled() -> None:
    CliRunner().invoke(app, ["duel", "sample:lancer", "sample:shade", "--runs", "2"])
    result = CliRunner().invoke(app, ["duel", "sample:lancer", "sample:shade", "--runs", "4"])
    assert result.exit_code == 0
    assert COMPILING not in result.output
