"""Record sheets for a whole game: every turn-by-turn form covers `--turns` turns
(20 by default), and every drone gets an acceleration record of its own (seed 001)."""

from __future__ import annotations

import io
import re
from collections import Counter
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from shipyard.cli import app
from shipyard.core.drawing import Rect, Text
from shipyard.render.export import export
from shipyard.rulesets.pentagon_war.layout import layout
from shipyard.rulesets.pentagon_war.ruleset import PentagonWar
from shipyard.rulesets.pentagon_war.turn_forms import drones_of
from shipyard.rulesets.tacship.layout import layout as tacship_layout
from shipyard.services.registry import evaluate, read_design
from shipyard.services.samples import resolve, sample_paths
from tests.test_ssd_layout import check_pages, doc_of, sample

runner = CliRunner()
HIVE_DRONES = {"L": 12, "P": 10, "PD": 6, "E": 6}  # the Hive's four drone bay rows


def _pdf_sheets(content: bytes) -> dict[str, list[str]]:
    """Each page's extracted text, by the sheet title its footer names."""
    sheets: dict[str, list[str]] = {}
    for page in PdfReader(io.BytesIO(content)).pages:
        text = page.extract_text()
        found = re.search(r"Hive - (.+?) - page \d+ of \d+", text)
        assert found, text[-200:]
        sheets.setdefault(found.group(1), []).append(text)
    return sheets


def _drone_records(texts: list[str]) -> dict[str, tuple[str, list[int]]]:
    """Each drone record read back: tag -> (its label line, the turns it has rows for)."""
    records: dict[str, tuple[str, list[int]]] = {}
    current = ""
    for line in "\n".join(texts).splitlines():
        label = re.match(r"Drone ([A-Z]+\d+) (.*)", line)
        if label:
            current = label.group(1)
            assert current not in records, f"two records for {current}"
            records[current] = (label.group(2), [])
        turn = re.fullmatch(r"T(\d+)", line.strip())
        if turn and current:
            records[current][1].append(int(turn.group(1)))
    return records


def test_the_hives_export_covers_a_whole_game_and_every_drone(tmp_path: Path) -> None:
    result = export(["sample:hive"], "pdf", tmp_path / "hive.pdf")
    sheets = _pdf_sheets(result.content)
    assert list(sheets) == ["Spacecraft Systems Display", "Capacitor Power Management Form",
                            "Acceleration Record", "Drone Acceleration Records"]
    whole_game = list(range(1, 21))

    power = "\n".join(sheets["Capacitor Power Management Form"])
    assert sorted(int(t) for t in re.findall(r"\bT(\d+)\b", power)) == whole_game

    accel = "\n".join(sheets["Acceleration Record"])
    assert sorted(int(t) for t in re.findall(r"\bTurn (\d+)\b", accel)) == whole_game
    assert accel.count("Impulse 12") == 20

    # One drone per drone bay box of the SSD document (`drones[i]#k`).
    doc = result.documents[0]
    bays = [box for box in doc.boxes if box.id.startswith("drones[")]
    assert len(bays) == 34
    records = _drone_records(sheets["Drone Acceleration Records"])
    expected = {f"{mark}{n}" for mark, count in HIVE_DRONES.items()
                for n in range(1, count + 1)}
    assert set(records) == expected and len(records) == 34
    for tag, (label, turns) in records.items():
        assert turns == whole_game, tag
        number = int(re.sub(r"\D", "", tag))
        assert re.fullmatch(rf".+ drone bays, box {number} of \d+", label), label
    assert records["PD6"][0] == "Point-defense drone bays, box 6 of 6"
    assert records["E1"][0] == "Electron cannon drone bays, box 1 of 6"
    # Several drones to a page.
    assert len(sheets["Drone Acceleration Records"]) < 34 / 3


def test_each_drone_is_one_bay_box_in_ssd_order() -> None:
    doc = doc_of(sample("hive"))
    drones = drones_of(doc)
    assert [d.ref for d in drones] == [b.id for b in doc.boxes if b.system == "drone"]
    assert [d.tag for d in drones[:2]] == ["L1", "L2"]
    assert drones_of(doc_of(sample("lancer"))) == []


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("turns", [1, 9, 13, 37, 80])
def test_any_number_of_turns_flows_onto_pages_cleanly(paper: str, turns: int) -> None:
    doc = doc_of(sample("hive"))
    pages = layout([doc], paper, turns=turns)
    check_pages(pages)

    def labels(sheet: str, pattern: str) -> Counter[int]:
        return Counter(int(m.group(1)) for p in pages if p.sheet == sheet
                       for i in p.items if isinstance(i, Text)
                       for m in [re.fullmatch(pattern, i.text)] if m)

    every = Counter(range(1, turns + 1))
    assert labels("power", r"T(\d+)") == every
    assert labels("accel", r"Turn (\d+)") == every
    assert labels("drones", r"T(\d+)") == Counter({t: 34 for t in range(1, turns + 1)})
    # The forms' cells are never SSD boxes: the SSD's box ids stay the document's.
    refs = [i.ref for p in pages for i in p.items if isinstance(i, Rect) and i.kind == "box"]
    assert refs == [box.id for box in doc.boxes]


def test_a_page_of_power_form_holds_two_tables_of_twelve_turns() -> None:
    pages = layout([doc_of(sample("lancer"))], sheets=["power"], turns=24)
    assert len(pages) == 1
    pages = layout([doc_of(sample("lancer"))], sheets=["power"], turns=25)
    assert len(pages) == 2 and pages[1].title.endswith("(2/2)")


def test_drone_records_are_a_sheet_of_their_own() -> None:
    game = PentagonWar()
    assert "drones" in game.sheets and game.sheet_labels["drones"] == "Drones"
    assert game.sheet_titles["drones"] == "Drone Acceleration Records"
    assert game.has_sheet(doc_of(sample("hive")), "drones") is None
    assert game.has_sheet(doc_of(sample("lancer")), "drones") == "no drone bays"
    only = layout([doc_of(sample("hive"))], sheets=["drones"], turns=5)
    assert {p.sheet for p in only} == {"drones"}


def test_cli_turns_option() -> None:
    result = runner.invoke(app, ["export", "sample:hive", "-f", "text", "--turns", "30"])
    assert result.exit_code == 0, result.output
    assert "T30" in result.stdout and "Turn 30" in result.stdout
    assert "T31" not in result.stdout and "Turn 31" not in result.stdout
    assert result.stdout.count("Drone PD6 ") == 1
    for bad in ("0", "-3"):
        refused = runner.invoke(app, ["export", "sample:hive", "-f", "text", "--turns", bad])
        assert refused.exit_code == 2
    assert "--turns" in runner.invoke(app, ["export", "--help"]).stdout


def test_cli_sheets_drones_on_a_ship_without_drones() -> None:
    result = runner.invoke(app, ["export", "sample:lancer", "-f", "text", "--sheets", "drones"])
    assert result.exit_code == 2
    assert "no drone bays" in result.stderr
    kept = runner.invoke(app, ["export", "sample:lancer", "-f", "text",
                               "--sheets", "accel,drones"])
    assert kept.exit_code == 0 and "Turn 20" in kept.stdout
    assert "no drone bays" in kept.stderr


@pytest.mark.parametrize("turns", [1, 5, 20, 33])
def test_tacship_velocity_row_follows_turns(turns: int) -> None:
    path = resolve(f"sample:{sample_paths('tacship')[0].name.removesuffix('.ship.json')}")
    evaluation = evaluate(read_design(path))
    doc = evaluation.ruleset.document(evaluation, draft=True)
    pages = tacship_layout([doc], turns=turns)
    check_pages(pages)
    refs = [i.ref for p in pages for i in p.items
            if isinstance(i, Rect) and i.ref.startswith("velocity#")]
    assert refs == [f"velocity#{t}" for t in range(1, turns + 1)]
    if turns == 20:
        assert refs == [box.id for box in doc.boxes if box.group == "velocity"]
