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
from shipyard.core.drawing import Rect, Text
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
    pages = pdf_pages(target.read_bytes())
    assert len(pages) == 1 + len(layout(docs, "a4", all_sheets(), reference=False))
    roster = pages[0]
    assert report.fleet.name in roster and "Fleet roster" in roster
    assert f"Total {report.total} of {report.budget} points" in roster
    assert "Turn sequence" in roster  # the game's rules in brief, once, under the roster
    assert not any("Turn sequence" in page for page in pages[1:])
    for ship in report.ships:
        assert ship.name in roster
        assert any(ship.name in page for page in pages[1:]), ship.name


def _fleet(tmp_path: Path, ruleset: str, names: list[str]) -> Path:
    fleet = tmp_path / f"{ruleset}.fleet.json"
    fleet.write_text(json.dumps({"schema": "shipyard.fleet/1", "name": "Test fleet",
                                 "ruleset": ruleset,
                                 "ships": [{"design": f"sample:{n}"} for n in names]}))
    return fleet


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize(("ruleset", "names", "most"), [
    ("pentagon-war", ["lancer", "zelta-dee", "stinger", "shade", "mercurand"], 10),
    ("pentagon-war", ["hammer", "sunspear", "starter", "lancer", "lancer"], 10),
    ("tacship", ["valkyrie", "hawk", "nightjar", "harpy"], 2),
], ids=["five-ships", "five-more-ships", "four-fighters"])
def test_a_fleet_pack_is_a_few_pages(tmp_path: Path, paper: str, ruleset: str,
                                     names: list[str], most: int) -> None:
    """A roster page, each ship once, the forms packed: five Pentagon War ships without a
    carrier in at most 10 pages (they took 21), four fighters in at most 2 (they took 5)."""
    fleet = _fleet(tmp_path, ruleset, names)
    report = judge(read_fleet(fleet))
    pages = roster_pages(report, paper, docs=ship_documents(report)) + layout(
        ship_documents(report), paper, all_sheets(), reference=False)
    assert len(pages) <= most
    assert pages[0].sheet == "roster"


def test_a_second_ship_of_a_design_is_headed_by_its_class(tmp_path: Path) -> None:
    report = judge(read_fleet(HOME_GUARD))
    docs = ship_documents(report)
    assert [d.name for d in docs] == ["Queen's Hive", "Sunspear", "Wasp", "Hornet"]
    pages = layout(docs, "a4", ["ssd"])
    heads = [[i.text for i in p.items if isinstance(i, Text) and i.block == "title"]
             for p in pages]
    design = str(docs[2].design["name"])
    assert design == docs[3].design["name"] and design not in ("Wasp", "Hornet")
    assert heads[2][0] == "Wasp" and f"{design} class" in heads[2]
    assert heads[3][0] == "Hornet" and f"{design} class" in heads[3]
    assert "Sunspear class" not in heads[1]  # named after its design: no class line
    # The same layout, the name aside: every box at the same place.
    boxes = [[(i.x, i.y, i.ref) for i in p.items if isinstance(i, Rect) and i.kind == "box"]
             for p in pages[2:4]]
    assert boxes[0] == boxes[1]


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
