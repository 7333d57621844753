"""`shipyard export FLEET`: a roster page, then every ship's sheets under its own name."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from shipyard.cli import app
from shipyard.core.catalog_files import catalog_root
from shipyard.render.export import all_sheets, layout
from shipyard.render.fleet_pack import roster_pages, ship_documents
from shipyard.services.fleet import judge, read_fleet

runner = CliRunner()
HOME_GUARD = catalog_root() / "pentagon-war" / "fleets" / "home-guard.fleet.json"
BLUE_FLIGHT = catalog_root() / "tacship" / "fleets" / "blue-flight.fleet.json"


def pdf_pages(content: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(content)).pages]


@pytest.mark.parametrize("fleet", [HOME_GUARD, BLUE_FLIGHT], ids=["pentagon-war", "tacship"])
def test_pack_pages_and_ship_names(tmp_path: Path, fleet: Path) -> None:
    target = tmp_path / "pack.pdf"
    result = runner.invoke(app, ["export", str(fleet), "-o", str(target)])
    assert result.exit_code == 0, result.output
    report = judge(read_fleet(fleet))
    docs = ship_documents(report)
    per_ship = [len(layout([doc], "a4", all_sheets())) for doc in docs]
    pages = pdf_pages(target.read_bytes())
    assert len(pages) == 1 + sum(per_ship)
    roster = pages[0]
    assert report.fleet.name in roster and "Fleet roster" in roster
    assert f"Total {report.total} of {report.budget} points" in roster
    first = 1
    for ship, count in zip(report.ships, per_ship, strict=True):
        assert ship.name in roster
        for text in pages[first:first + count]:
            assert ship.name in text, (ship.name, text[:200])
        first += count


def test_every_format_and_names_in_the_documents(tmp_path: Path) -> None:
    for fmt in ("text", "md", "svg"):
        result = runner.invoke(app, ["export", str(HOME_GUARD), "-f", fmt])
        assert result.exit_code == 0, result.output
        for name in ("Queen's Hive", "Sunspear", "Wasp", "Hornet", "Home Guard"):
            assert name.replace("'", "&#x27;" if fmt == "svg" else "'") in result.stdout \
                or name in result.stdout
    result = runner.invoke(app, ["export", str(HOME_GUARD), "-f", "ssd-json"])
    assert [doc["name"] for doc in json.loads(result.stdout)] == [
        "Queen's Hive", "Sunspear", "Wasp", "Hornet"]


def test_default_pdf_name_follows_the_fleet_file(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["export", str(HOME_GUARD)])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "home-guard.pdf").read_bytes().startswith(b"%PDF")


def test_an_illegal_fleet_is_refused_unless_draft(tmp_path: Path) -> None:
    target = tmp_path / "pack.pdf"
    result = runner.invoke(app, ["export", str(HOME_GUARD), "--budget", "1000", "-o",
                                 str(target)])
    assert result.exit_code == 1
    assert "illegal fleet" in result.stderr and "over its budget" in result.stderr
    assert not target.exists()
    drafted = runner.invoke(app, ["export", str(HOME_GUARD), "--budget", "1000", "--draft",
                                  "-o", str(target)])
    assert drafted.exit_code == 0, drafted.output
    assert "DRAFT" in pdf_pages(target.read_bytes())[0]


def test_a_fleet_with_other_files_is_refused() -> None:
    result = runner.invoke(app, ["export", str(HOME_GUARD), "sample:lancer", "-f", "text"])
    assert result.exit_code == 2
    assert len(result.stderr.strip().splitlines()) == 1


def test_roster_is_a_pure_layout() -> None:
    report = judge(read_fleet(HOME_GUARD))
    assert roster_pages(report) == roster_pages(report)
