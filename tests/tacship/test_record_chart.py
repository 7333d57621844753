"""The Tacship record chart: its document's boxes and a clean, playable layout."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from shipyard.core.catalog_files import catalog_root
from shipyard.core.document import SsdDocument
from shipyard.core.drawing import SMALLEST, Line, Page, Rect, Text, bounds
from shipyard.core.protocol import Evaluation
from shipyard.render.pdf import render_pdf
from shipyard.render.svg import render_svg
from shipyard.render.text import render_text
from shipyard.rulesets.tacship.catalog import load_tacship_catalog
from shipyard.rulesets.tacship.design import TacshipDesign, parse_tacship_design
from shipyard.rulesets.tacship.document import build_document, sheet_data
from shipyard.rulesets.tacship.layout import BOX, SHEET_TITLES, SHEETS, layout
from shipyard.rulesets.tacship.legality import check
from shipyard.rulesets.tacship.pricing import price
from tests.test_ssd_layout import overlapping

SAMPLES = sorted((catalog_root() / "tacship" / "designs").glob("*.ship.json"))
PAPERS = ("a4", "letter")


def evaluation(design: TacshipDesign) -> Evaluation:
    catalog = load_tacship_catalog()
    sheet = price(design, catalog)
    issues = tuple(check(design, sheet, catalog, None))
    return Evaluation(design, sheet, issues, catalog, ruleset=None)  # type: ignore[arg-type]


def design_of(path: Path) -> TacshipDesign:
    return parse_tacship_design(json.loads(path.read_text()), str(path))


def doc_of(path: Path, **options: Any) -> SsdDocument:
    return build_document(evaluation(design_of(path)), **options)


def sample(name: str) -> Path:
    return next(p for p in SAMPLES if p.name == f"{name}.ship.json")


def boxes_in(doc: SsdDocument, group: str) -> list[str]:
    return [box.id for box in doc.boxes if box.group == group]


def _overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def check_pages(pages: list[Page]) -> None:
    """No text on text, no box on box, nothing off the page, no box under `BOX` mm, no text
    under the smallest size, none cut short."""
    for page in pages:
        texts = [item for item in page.items if isinstance(item, Text)]
        for one, two in overlapping(texts, Text.bounds):
            raise AssertionError((page.title, one.text, two.text))
        for text in texts:
            assert text.size >= SMALLEST and not text.text.endswith("..."), text
        for item in page.items:
            left, top, right, bottom = bounds(item)
            assert left >= 0 and top >= 0, (page.title, item)
            assert right <= page.width and bottom <= page.height, (page.title, item)
        boxes = [item for item in page.items if isinstance(item, Rect) and item.kind == "box"]
        for box in boxes:
            assert box.w >= BOX and box.h >= BOX, box
        for a, b in overlapping(boxes, bounds):
            raise AssertionError((a.ref, b.ref))


def box_refs(pages: list[Page]) -> list[str]:
    return [item.ref for page in pages for item in page.items
            if isinstance(item, Rect) and item.kind == "box"]


# The document ---------------------------------------------------------------


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_sample_document_boxes(path: Path) -> None:
    design = design_of(path)
    doc = doc_of(path)
    count, hardpoint_count = int(design.damage_boxes), int(design.hardpoints)
    ids = [box.id for box in doc.boxes]
    assert len(ids) == len(set(ids))
    # Only the fighter's own damage boxes, numbered from 1; box 0 is `critical#1`.
    damage = [b for b in doc.boxes if b.group == "damage"]
    assert [b.id for b in damage] == [f"damage#{n}" for n in range(1, count + 1)]
    assert [b.number for b in damage] == list(range(1, count + 1))
    assert {g.id: g.boxes for g in doc.groups}["damage"] == count
    assert [(b.id, b.number) for b in doc.boxes if b.group == "critical"] == [("critical#1", 0)]
    # One box per hardpoint, labelled with its load item.
    hardpoints = [b for b in doc.boxes if b.group == "hardpoint"]
    assert [b.id for b in hardpoints] == [f"hardpoint#{k}"
                                          for k in range(1, hardpoint_count + 1)]
    load = Counter(b.label for b in hardpoints)
    assert load == Counter({k: n for k, n in design.ordnance.items() if n})
    assert boxes_in(doc, "armed") == ["armed#1", "armed#2"]
    assert boxes_in(doc, "running") == ["running#1"]
    assert boxes_in(doc, "velocity") == [f"velocity#{t}" for t in range(1, 21)]
    # Every group's count is its boxes'.
    assert Counter(b.group for b in doc.boxes) == Counter({g.id: g.boxes for g in doc.groups})
    assert doc.arc_order == ["fore", "aft"]
    assert doc.design == design.to_data()
    assert doc.legal and doc.sheet["legal"]
    assert doc.catalog.ruleset == "tacship"


def test_valkyrie_document() -> None:
    doc = doc_of(sample("valkyrie"), budget=30)
    assert doc.name == "Valkyrie" and doc.budget == 30 and not doc.draft
    lasers = [b for b in doc.boxes if b.group == "fixed_lasers[0]"]
    assert [(b.id, b.label, b.weapon) for b in lasers] == [
        ("fixed_lasers[0]#1", "Laser-2", "Laser-2"), ("fixed_lasers[0]#2", "Laser-2", "Laser-2")]
    assert [b.label for b in doc.boxes if b.group == "hardpoint"] == [
        "missile", "missile", "decoy"]
    assert doc.sheet["total"] == 30 and doc.sheet["damage_track_top"] == 20
    assert SsdDocument.model_validate(doc.to_data()) == doc


def test_turret_boxes_carry_their_arc() -> None:
    doc = doc_of(sample("hawk"))
    turret = [b for b in doc.boxes if b.group == "turret_lasers[0]"]
    assert [(b.id, b.label, b.arcs) for b in turret] == [
        ("turret_lasers[0]#1", "Laser-1", ["aft"])]


def test_hardpoints_without_a_full_load_are_empty() -> None:
    design = parse_tacship_design({"schema": "shipyard.design/1", "name": "Bare",
                                   "ruleset": "tacship", "hardpoints": 3,
                                   "ordnance": {"mine": 1}})
    doc = build_document(evaluation(design), draft=True)
    assert [b.label for b in doc.boxes if b.group == "hardpoint"] == ["mine", "empty", "empty"]


def test_sheet_data_is_the_cost_json_contract() -> None:
    ev = evaluation(design_of(sample("hawk")))
    data = sheet_data(ev.sheet, ev.issues)
    assert list(data) == ["total", "exact_total", "damage_boxes", "survivability", "thrust",
                          "fixed_laser_factors", "turret_laser_factors", "laser_factors",
                          "guns", "hardpoints", "crew", "ordnance_load", "legal", "lines",
                          "issues"]
    assert data["total"] == 24 and data["exact_total"] == "24"
    assert data["laser_factors"] == 3 and data["guns"] == 2
    turret = next(line for line in data["lines"] if line["key"] == "turret_laser")
    assert turret == {"key": "turret_laser", "item": "Laser-1 (turret, aft)", "boxes": 1,
                      "price": "2", "source": turret["source"], "rule": turret["rule"],
                      "path": "turret_lasers[0]"}
    assert json.loads(json.dumps(data)) == data


# The layout -----------------------------------------------------------------


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_samples_lay_out_cleanly(path: Path, paper: str) -> None:
    doc = doc_of(path, budget=30, draft=True)
    pages = layout([doc], paper, ["chart"])
    assert [p.sheet for p in pages] == ["chart"]
    assert pages[0].title == SHEET_TITLES["chart"]
    check_pages(pages)
    refs = box_refs(pages)
    assert len(refs) == len(set(refs))
    assert set(refs) <= {box.id for box in doc.boxes}
    assert refs == [box.id for box in doc.boxes]  # every box drawn once, in document order


def test_four_fighters_to_a_page_the_rules_once_and_the_footer() -> None:
    docs = [doc_of(path) for path in SAMPLES]
    assert len(docs) == 6
    for paper in PAPERS:
        pages = layout(docs, paper)
        assert len(pages) == 2 and SHEETS == ("chart",)
        cards = [[i.block for i in p.items if isinstance(i, Rect) and i.kind == "frame"
                  and i.block.startswith("card ") and i.block.count(" ") == 1] for p in pages]
        assert [len(found) for found in cards] == [4, 2]
        rules = {i.block for p in pages for i in p.items if i.block.startswith("rules ")}
        assert rules == {"rules sequence", "rules movement", "rules lasers", "rules damage",
                         "rules ordnance"}
        assert not any(i.block.startswith("rules ") for i in pages[0].items)
    assert layout(docs, sheets=[]) == []
    assert not any(i.block.startswith("rules ") for p in layout(docs, reference=False)
                   for i in p.items)
    stamp = docs[0].catalog
    footer = [i.text for i in layout(docs)[0].items
              if isinstance(i, Text) and i.block == "footer"]
    assert f"Shipyard - tacship catalog {stamp.version} - {stamp.digest[:12]}" in footer


def test_boxes_above_the_count_are_crossed_out() -> None:
    doc = doc_of(sample("kestrel"))  # 7 damage boxes: 8-20 are crossed
    page = layout([doc])[0]
    track = [i for i in page.items if "damage from" in i.block]
    crossed = [i for i in track if isinstance(i, Rect) and i.kind == "frame"]
    assert len(crossed) == 20 - 7
    lines = [i for i in track if isinstance(i, Line)]
    assert len(lines) == 2 * len(crossed)
    numbers = sorted(int(i.text) for i in track if isinstance(i, Text) and i.text.isdigit())
    assert numbers == list(range(8, 21))
    marks = [i.mark for i in track if isinstance(i, Rect) and i.kind == "box"]
    assert marks == [str(n) for n in range(0, 8)]


def test_title_block_draft_and_long_names() -> None:
    name = "Interceptor " * 30
    design = parse_tacship_design({**json.loads(sample("valkyrie").read_text()), "name": name})
    doc = build_document(evaluation(design), budget=30, draft=True)
    for paper in PAPERS:
        pages = layout([doc], paper)
        check_pages(pages)
        title = [i for i in pages[0].items if isinstance(i, Text) and i.block.endswith("title")]
        texts = [i.text for i in title]
        assert "30 of 30 points" in texts and any("DRAFT" in t for t in texts)
        words = " ".join(t for t in texts if t.startswith("Interceptor")).split()
        assert words == name.split()  # the whole name, wrapped, never cut
        assert any(i.text == "DRAFT" for i in pages[0].items if isinstance(i, Text))


def test_an_oversized_draft_flows_onto_more_pages() -> None:
    design = parse_tacship_design({
        "schema": "shipyard.design/1", "name": "Monster", "ruleset": "tacship", "crew": 2,
        "damage_boxes": 300, "thrust": 3, "hardpoints": 60,
        "fixed_lasers": [{"factor": 3, "count": 40}],
        "turret_lasers": [{"factor": 2, "arc": "fore", "count": 25},
                          {"factor": 1, "arc": "left", "count": 2}],
        "ordnance": {"missile": 70}})
    doc = build_document(evaluation(design), draft=True)
    assert not doc.legal
    for paper in PAPERS:
        pages = layout([doc], paper)
        assert len(pages) >= 2
        check_pages(pages)
        assert box_refs(pages) == [box.id for box in doc.boxes]


# Rendering ------------------------------------------------------------------


def test_renders_in_every_format_and_is_deterministic() -> None:
    docs = [doc_of(path, budget=30) for path in SAMPLES]
    for paper in PAPERS:
        pages = layout(docs, paper)
        text = render_text(pages)
        for doc in docs:
            assert doc.name in text
        svg = render_svg(pages)
        pdf = render_pdf(pages)
        assert pdf.startswith(b"%PDF")
        assert 'data-id="hardpoint#1"' in svg
        again = layout([doc_of(path, budget=30) for path in SAMPLES], paper)
        assert render_text(again) == text
        assert render_svg(again) == svg
        assert render_pdf(again) == pdf


def test_valkyrie_text_reads_as_a_chart() -> None:
    text = render_text(layout([doc_of(sample("valkyrie"), budget=30)]))
    assert "Valkyrie" in text and "Laser-2" in text
    assert "[0][1][2][3][4][5][6][7][8][9][10]" in text
    assert "missile" in text and "decoy" in text and "Velocity" in text
    assert "Turn sequence" in text and "Warhead" in text  # the rules in brief
