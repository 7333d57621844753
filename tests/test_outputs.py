"""Output files: checked before any work, never an input or an existing design unless
--force, and optimize's default name never taken twice."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from shipyard.cli import app
from shipyard.commands.outputs import free_name
from shipyard.services.samples import resolve

runner = CliRunner()


def copy(tmp_path: Path, sample: str = "lancer", name: str | None = None) -> Path:
    path = tmp_path / (name or f"{sample}.ship.json")
    path.write_text(resolve(f"sample:{sample}").read_text())
    return path


def one_line(output: str, *words: str) -> None:
    lines = output.strip().splitlines()
    assert len(lines) == 1, output
    for word in words:
        assert word in lines[0], output


def test_export_refuses_to_write_over_its_input(tmp_path: Path) -> None:
    victim = copy(tmp_path)
    before = victim.read_text()
    result = runner.invoke(app, ["export", str(victim), "-o", str(victim)])
    assert result.exit_code == 2
    one_line(result.stderr, str(victim), "one of the input files", "--force")
    assert victim.read_text() == before


def test_export_refuses_an_existing_design_it_was_not_given(tmp_path: Path) -> None:
    other = copy(tmp_path, "shade", "mine.json")  # a design by what it holds, not its name
    before = other.read_text()
    result = runner.invoke(app, ["export", "sample:lancer", "-o", str(other)])
    assert result.exit_code == 2
    one_line(result.stderr, "an existing design file (Shade)")
    assert other.read_text() == before


def test_force_writes_over_it(tmp_path: Path) -> None:
    victim = copy(tmp_path)
    result = runner.invoke(app, ["export", str(victim), "-o", str(victim), "--force"])
    assert result.exit_code == 0, result.output
    assert json.loads(victim.read_text())["schema"] == "shipyard.ssd/1"


def test_an_earlier_export_is_written_over(tmp_path: Path) -> None:
    out = tmp_path / "lancer.ssd.json"
    for _ in range(2):
        result = runner.invoke(app, ["export", "sample:lancer", "-o", str(out)])
        assert result.exit_code == 0, result.output


def test_a_folder_as_output_is_said_first(tmp_path: Path) -> None:
    result = runner.invoke(app, ["export", "sample:lancer", "-o", str(tmp_path)])
    assert result.exit_code == 2
    one_line(result.stderr, "is a folder")  # and no "writing pdf" note before it


def test_a_missing_folder_is_refused(tmp_path: Path) -> None:
    result = runner.invoke(app, ["export", "sample:lancer", "-o", str(tmp_path / "no" / "x.pdf")])
    assert result.exit_code == 2
    one_line(result.stderr, "no such folder")


def test_the_default_pdf_never_replaces_a_design(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "lancer.pdf").write_text(resolve("sample:lancer").read_text())
    result = runner.invoke(app, ["export", "sample:lancer"])
    assert result.exit_code == 2
    one_line(result.stderr, "lancer.pdf", "existing design")


def never(*_: Any, **__: Any) -> Any:
    raise AssertionError("the work started before the output was checked")


@pytest.mark.parametrize("csv", ["no/x.csv", "lancer.ship.json", "."])
def test_tournament_checks_its_csv_before_any_duel(tmp_path: Path, csv: str,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    copy(tmp_path)
    monkeypatch.setattr("shipyard.commands.tournament.run_tournament", never)
    result = runner.invoke(app, ["tournament", "lancer.ship.json", "sample:shade",
                                 "--csv", csv])
    assert result.exit_code == 2, result.output
    one_line(result.stderr, csv)


@pytest.mark.parametrize(("output", "words"), [
    ("lancer.ship.json", "one of the input files"),
    ("shade.ship.json", "existing design"),
    ("no/best.ship.json", "no such folder"),
])
def test_optimize_checks_its_output_before_any_duel(tmp_path: Path, output: str, words: str,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    copy(tmp_path)
    copy(tmp_path, "shade")
    monkeypatch.setattr("shipyard.commands.optimize.optimize", never)
    result = runner.invoke(app, ["optimize", "--budget", "300", "--against", "lancer.ship.json",
                                 "-o", output])
    assert result.exit_code == 2, result.output
    one_line(result.stderr, words)


def test_a_free_name_counts_up(tmp_path: Path) -> None:
    best = tmp_path / "best.ship.json"
    assert free_name(best) == best
    best.write_text("{}")
    assert free_name(best) == tmp_path / "best-2.ship.json"
    (tmp_path / "best-2.ship.json").write_text("{}")
    assert free_name(best) == tmp_path / "best-3.ship.json"
    assert free_name(tmp_path / "x.csv") == tmp_path / "x.csv"
