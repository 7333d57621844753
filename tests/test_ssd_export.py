"""`shipyard export`: formats, files, atomic writes and exit codes."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
import typer
from pypdf import PdfReader
from typer.testing import CliRunner

from shipyard.commands.export import export_command
from shipyard.core.errors import DesignReadError, WriteError
from shipyard.render.export import (
    ExportOptionError,
    IllegalDesignError,
    default_target,
    export,
    write_atomic,
)
from shipyard.services.registry import read_design

ILLEGAL = {"schema": "shipyard.design/1", "name": "Rear Armored",
           "systems": {"engine": 2, "fuel_tank": 1}, "armor": {"4": 3}}

app = typer.Typer()
app.command("export")(export_command)
app.command("noop")(lambda: None)  # keeps "export" a subcommand, as in the real CLI
runner = CliRunner()


@pytest.fixture
def illegal(tmp_path: Path) -> Path:
    path = tmp_path / "rear.ship.json"
    path.write_text(json.dumps(ILLEGAL))
    return path


def test_pdf_is_written_atomically(tmp_path: Path) -> None:
    out = tmp_path / "hive.pdf"
    result = export(["sample:hive"], "pdf", out)
    assert result.target == out
    assert out.read_bytes() == result.content
    assert [p.name for p in tmp_path.iterdir()] == ["hive.pdf"]
    # SSD 1 + the power form and the 20-turn acceleration record on one page + 34 drone
    # records at 4 to a page (9)
    assert len(PdfReader(io.BytesIO(out.read_bytes())).pages) == 1 + 1 + 9


def test_a_failed_write_leaves_nothing_behind(tmp_path: Path) -> None:
    with pytest.raises(WriteError):
        write_atomic(tmp_path / "missing" / "x.pdf", b"data")
    target = tmp_path / "folder"
    target.mkdir()
    with pytest.raises(WriteError):
        write_atomic(target, b"data")
    assert [p.name for p in tmp_path.iterdir()] == ["folder"]
    assert list(target.iterdir()) == []


def test_ssd_json_round_trips_through_export(tmp_path: Path) -> None:
    out = tmp_path / "lancer.ssd.json"
    export(["sample:lancer"], "ssd-json", out)
    again = tmp_path / "again.ssd.json"
    export([out], "ssd-json", again)
    assert read_design(again).to_data() == read_design(out).to_data()
    assert json.loads(again.read_text()) == json.loads(out.read_text())


def test_an_illegal_design_is_refused_unless_draft(illegal: Path) -> None:
    with pytest.raises(IllegalDesignError) as caught:
        export([illegal], "text")
    assert caught.value.issues and all(i.severity == "error" for i in caught.value.issues)
    text = export([illegal], "text", draft=True).content.decode()
    assert "DRAFT" in text


def test_over_budget_is_illegal() -> None:
    with pytest.raises(IllegalDesignError):
        export(["sample:ceres-station"], "text", budget=100)


def test_unknown_options_and_unreadable_files() -> None:
    with pytest.raises(ExportOptionError):
        export(["sample:hive"], "docx")
    with pytest.raises(ExportOptionError):
        export(["sample:hive"], "text", paper="a5")
    with pytest.raises(ExportOptionError):
        export(["sample:hive"], "text", sheets=["ssd", "cargo"])
    with pytest.raises(DesignReadError):
        export(["no-such-file.ship.json"], "text")


def test_default_targets() -> None:
    assert default_target(["designs/hive.ship.json"], "pdf") == Path("hive.pdf")
    assert default_target(["sample:lancer"], "pdf") == Path("lancer.pdf")
    assert default_target(["a.ship.json", "b.ship.json"], "pdf") == Path("fleet.pdf")
    assert default_target(["a.ship.json"], "svg") is None


def test_cli_prints_text_to_stdout() -> None:
    result = runner.invoke(app, ["export", "sample:lancer", "--format", "text"])
    assert result.exit_code == 0, result.output
    assert "Lancer" in result.stdout and "[0]" in result.stdout


def test_cli_writes_pdf_next_to_the_working_folder(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["export", "sample:hive", "sample:lancer"])
    assert result.exit_code == 0, result.output
    reader = PdfReader(io.BytesIO((tmp_path / "fleet.pdf").read_bytes()))
    # the SSDs (2), then the forms packed: both power forms and the Hive's acceleration
    # record (1 page), the Lancer's with the first two of the Hive's 34 drone records
    # (1), the other 32 four to a page (8)
    assert len(reader.pages) == 2 + 1 + 1 + 8


def test_cli_exit_codes(illegal: Path, tmp_path: Path) -> None:
    refused = runner.invoke(app, ["export", str(illegal), "-f", "svg"])
    assert refused.exit_code == 1
    assert "illegal design" in refused.stderr and "error" in refused.stderr
    draft = runner.invoke(app, ["export", str(illegal), "-f", "svg", "--draft"])
    assert draft.exit_code == 0
    assert ">DRAFT</text>" in draft.stdout
    missing = runner.invoke(app, ["export", str(tmp_path / "none.ship.json"), "-f", "text"])
    assert missing.exit_code == 2
    assert missing.stderr.startswith("shipyard: ")
    assert len(missing.stderr.strip().splitlines()) == 1
    unknown = runner.invoke(app, ["export", "sample:hive", "-f", "docx"])
    assert unknown.exit_code == 2


def test_cli_sheets_and_paper(tmp_path: Path) -> None:
    out = tmp_path / "x.pdf"
    result = runner.invoke(app, ["export", "sample:hive", "-o", str(out), "--paper", "letter",
                                 "--sheets", "ssd,accel"])
    assert result.exit_code == 0, result.output
    reader = PdfReader(io.BytesIO(out.read_bytes()))
    assert len(reader.pages) == 1 + 1  # the SSD and a 20-turn acceleration record
    assert round(float(reader.pages[0].mediabox.width)) == 612
