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
    """Each page's extracted text, by the sheet its footer names (the SSD, or the turn
    records every form is packed on)."""
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
        label = re.match(r"Drone ([A-Z]+\d+) Hive: (.*)", line)
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
    assert list(sheets) == ["Spacecraft Systems Display", "Turn records"]
    whole_game = list(range(1, 21))
    records = sheets["Turn records"]

    # The craft's own forms share one page: the power form (a column a turn) above the
    # acceleration record (a row a turn).
    forms = records[0]
    assert "Capacitor Power Management Form: Hive" in forms
    assert "Acceleration Record: Hive" in forms
    power, accel = forms.split("Acceleration Record: Hive")
    assert re.search(" ".join(str(t) for t in whole_game), power)
    rows = [int(line) for line in accel.splitlines() if re.fullmatch(r"\d+", line.strip())]
    assert rows == whole_game

    # One drone per drone bay box of the SSD document (`drones[i]#k`), four to a page.
    doc = result.documents[0]
    bays = [box for box in doc.boxes if box.id.startswith("drones[")]
    assert len(bays) == 34
    drones = _drone_records(records[1:])
    expected = {f"{mark}{n}" for mark, count in HIVE_DRONES.items()
                for n in range(1, count + 1)}
    assert set(drones) == expected and len(drones) == 34
    for tag, (label, turns) in drones.items():
        assert turns == whole_game, tag
        number = int(re.sub(r"\D", "", tag))
        assert re.fullmatch(rf".+ drone bays, box {number} of \d+", label), label
    assert drones["PD6"][0] == "Point-defense drone bays, box 6 of 6"
    assert drones["E1"][0] == "Electron cannon drone bays, box 1 of 6"
    assert len(records) == 1 + 9  # 34 drones, four to a page
    assert all(len(_drone_records([page])) == 4 for page in records[1:-1])


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

    def labels(block: str, pattern: str, anchor: str) -> Counter[int]:
        """Turn numbers: the power form's column heads, the records' row labels."""
        return Counter(int(m.group(1)) for p in pages for i in p.items
                       if isinstance(i, Text) and i.block.startswith(block)
                       and i.anchor == anchor
                       for m in [re.fullmatch(pattern, i.text)] if m)

    every = Counter(range(1, turns + 1))
    assert labels("power", r"(\d+)", "middle") == every
    assert labels("accel", r"(\d+)", "end") == every
    assert labels("drone", r"T(\d+)", "end") == Counter({t: 34 for t in range(1, turns + 1)})
    # The forms' cells are never SSD boxes: the SSD's box ids stay the document's.
    refs = [i.ref for p in pages for i in p.items if isinstance(i, Rect) and i.kind == "box"]
    assert refs == [box.id for box in doc.boxes]


def test_a_power_form_is_one_table_for_a_game_and_more_for_longer_ones() -> None:
    def tables(turns: int) -> list[str]:
        pages = layout([doc_of(sample("lancer"))], sheets=["power"], turns=turns)
        return list(dict.fromkeys(i.block for p in pages for i in p.items
                                  if i.block.startswith("power")))

    assert tables(20) == ["power Lancer from 1"]
    assert tables(40) == ["power Lancer from 1", "power Lancer from 21"]
    # A table holding part of the game says which turns.
    texts = [i.text for p in layout([doc_of(sample("lancer"))], sheets=["power"], turns=40)
             for i in p.items if isinstance(i, Text)]
    assert any(t.startswith("turns 1-20 - ") for t in texts)
    assert any(t.startswith("turns 21-40 - ") for t in texts)
    whole = [i.text for p in layout([doc_of(sample("lancer"))], sheets=["power"])
             for i in p.items if isinstance(i, Text)]
    assert not any(t.startswith("turns ") for t in whole)


def test_the_crafts_own_record_is_one_page_and_drones_four_to_a_page() -> None:
    """The power form and a 20-turn acceleration record share a page (there were three
    before); --turns sizes them; drones' records go four to a page."""
    for paper in ("a4", "letter"):
        pages = layout([doc_of(sample("lancer"))], paper, sheets=["power", "accel"])
        assert [p.sheet for p in pages] == ["power+accel"]
        longer = layout([doc_of(sample("lancer"))], paper, sheets=["accel"], turns=40)
        assert [p.sheet for p in longer] == ["accel"]  # 40 turns still on one page
        drones = layout([doc_of(sample("hive"))], paper, sheets=["drones"])
        assert len(drones) == 9 and {p.sheet for p in drones} == {"drones"}


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
    assert "T30" in result.stdout and "T31" not in result.stdout  # drones
    assert re.search(r"^ *30 *\[", result.stdout, re.M)  # the acceleration record's row 30
    assert not re.search(r"^ *31 *\[", result.stdout, re.M)
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
    assert kept.exit_code == 0 and "Acceleration Record: Lancer" in kept.stdout
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
