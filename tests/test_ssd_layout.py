"""The layout: nothing overlaps, nothing leaves the page, every box is drawn once."""

from __future__ import annotations

import itertools
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings

from shipyard.core.document import SsdDocument
from shipyard.core.drawing import (
    SMALLEST,
    Canvas,
    Page,
    Polygon,
    Rect,
    Text,
    bounds,
    mark_size,
    text_width,
)
from shipyard.rulesets.pentagon_war.design import Design, parse_design, read_design
from shipyard.rulesets.pentagon_war.document import build_document
from shipyard.rulesets.pentagon_war.engine.tables import load_combat
from shipyard.rulesets.pentagon_war.layout import BOX, layout
from shipyard.rulesets.pentagon_war.turn_forms import POWER_LINES
from shipyard.services.registry import evaluate
from shipyard.services.samples import sample_paths
from tests.strategies import legal_designs

SAMPLES = sample_paths("pentagon-war")


def synthetic_640() -> Design:
    """A size class IV design of 640 non-radar boxes with one of everything."""
    return read_design(Path(__file__).parent / "data" / "synthetic-640.ship.json")


def doc_of(design: Design, **options: Any) -> SsdDocument:
    return build_document(evaluate(design), **options)


def sample(name: str) -> Design:
    return read_design(next(p for p in SAMPLES if p.name == f"{name}.ship.json"))


def _overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def overlapping(items: list[Any], box: Any) -> list[tuple[Any, Any]]:
    """Every pair of `items` whose boxes (`box(item)`: left, top, right, bottom) overlap,
    found by sweeping from the left (a page of forms has hundreds of texts)."""
    found = []
    order = sorted(items, key=lambda item: box(item)[0])
    for k, a in enumerate(order):
        right = box(a)[2]
        for b in order[k + 1:]:
            if box(b)[0] >= right:
                break
            if _overlap(box(a), box(b)):
                found.append((a, b))
    return found


def check_pages(pages: list[Page]) -> None:
    """Nothing off the page, no text on text, no box on box, no box under `BOX` mm, no
    text below the smallest size, none cut short."""
    for page in pages:
        texts = [item for item in page.items if isinstance(item, Text)]
        for a, b in overlapping(texts, Text.bounds):
            raise AssertionError((page.title, a.text, b.text))
        for text in texts:
            assert text.size >= SMALLEST, (page.title, text.text, text.size)
            assert not text.text.endswith("..."), (page.title, text.text)
        for item in page.items:
            left, top, right, bottom = bounds(item)
            assert left >= 0 and top >= 0, (page.title, item)
            assert right <= page.width and bottom <= page.height, (page.title, item)
        boxes = [item for item in page.items if isinstance(item, Rect) and item.kind == "box"]
        for box in boxes:
            assert box.w >= BOX and box.h >= BOX
            if box.mark:
                assert text_width(box.mark, mark_size(box), True) <= box.w
        for a, b in overlapping(boxes, bounds):
            raise AssertionError((a.ref, b.ref))


def box_refs(pages: list[Page]) -> list[str]:
    return [item.ref for page in pages for item in page.items
            if isinstance(item, Rect) and item.kind == "box"]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_samples_lay_out_cleanly(path: Path, paper: str) -> None:
    doc = doc_of(read_design(path))
    pages = layout([doc], paper)
    check_pages(pages)
    assert box_refs(pages) == [box.id for box in doc.boxes]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_640_box_design_flows_onto_more_pages(paper: str) -> None:
    design = synthetic_640()
    assert evaluate(design).sheet.non_radar_boxes == 640
    doc = doc_of(design, draft=True, budget=2000)
    pages = layout([doc], paper, ["ssd"])
    assert len(pages) >= 2
    check_pages(pages)
    assert box_refs(pages) == [box.id for box in doc.boxes]


@settings(max_examples=25)
@given(legal_designs())
def test_any_legal_design_lays_out_cleanly(data: dict[str, Any]) -> None:
    doc = doc_of(parse_design(data))
    pages = layout([doc])
    check_pages(pages)
    assert Counter(box_refs(pages)) == Counter(box.id for box in doc.boxes)


def test_a_design_with_many_weapon_groups_keeps_its_arc_diagrams_apart() -> None:
    weapons = [{"type": "laser", "arcs": ["RF", "R"], "count": 1} for _ in range(20)]
    design = parse_design({"schema": "shipyard.design/1", "name": "X" * 200,
                           "systems": {"engine": 2, "fuel_tank": 1}, "weapons": weapons})
    check_pages(layout([doc_of(design, draft=True, budget=99999)]))


def _runs(pages: list[Page]) -> list[str]:
    """The sheets in print order (a page of packed forms names each it holds, "power+accel"),
    each run of one sheet counted once."""
    sheets = [sheet for p in pages for sheet in p.sheet.split("+")]
    return [sheet for sheet, _ in itertools.groupby(sheets)]


def _blocks(pages: list[Page], prefix: str) -> list[str]:
    """The names of the packed forms whose block names begin with `prefix`, in order."""
    return list(dict.fromkeys(item.block for page in pages for item in page.items
                              if item.block.startswith(prefix)))


def test_sheets_in_order_and_bases_have_no_acceleration_record() -> None:
    carrier = doc_of(sample("hive"))
    ship = doc_of(sample("lancer"))
    base = doc_of(sample("ceres-station"))
    assert _runs(layout([carrier])) == ["ssd", "power", "accel", "drones"]
    assert _runs(layout([ship])) == ["ssd", "power", "accel"]
    assert _runs(layout([base])) == ["ssd", "power"]
    both = layout([carrier, base], sheets=["accel", "power"])
    assert {p.sheet for p in both} <= {"power", "accel", "power+accel"}
    assert _blocks(both, "power") == ["power Hive from 1", "power Ceres Station from 1"]
    assert _blocks(both, "accel") == ["accel Hive from 1"]  # a base has none (R11)


def test_power_form_lines_and_accel_record_impulses_come_from_the_rules() -> None:
    pages = layout([doc_of(sample("lancer"))])
    assert len(pages) == 2 and pages[1].sheet == "power+accel"
    texts = [i.text for i in pages[1].items if isinstance(i, Text)]
    assert len(POWER_LINES) == 13
    for number, label in enumerate(POWER_LINES, start=1):
        assert f"{number}. {label}" in texts
    # The acceleration record: a row a turn, its A and C components and one column an
    # impulse, as many as the catalog's turn has (rules 2.1: 12).
    impulses = load_combat().turn.impulses
    assert impulses == 12
    heads = [i.text for i in pages[1].items if isinstance(i, Text)
             and i.block == "accel Lancer from 1" and i.bold]
    assert heads[heads.index("Turn"):heads.index("Turn") + 3 + impulses] == [
        "Turn", "A", "C", *(str(k) for k in range(1, impulses + 1))]
    cells = [i for i in pages[1].items if isinstance(i, Rect) and i.block.startswith("accel")]
    assert len(cells) == 20 * (2 + impulses)  # a whole game: 20 turns


def test_title_block_and_draft_mark() -> None:
    pages = layout([doc_of(sample("lancer"), budget=400, draft=True)])
    texts = [i.text for i in pages[0].items if isinstance(i, Text)]
    assert "Lancer" in texts
    assert any(t.startswith("Points ") and t.endswith("of 400") for t in texts)
    assert all(any(i.text == "DRAFT" for i in p.items if isinstance(i, Text)) for p in pages)
    clean = layout([doc_of(sample("lancer"))])
    assert not any(i.text == "DRAFT" for p in clean for i in p.items if isinstance(i, Text))


def test_radar_boxes_show_their_numbers_down_to_zero() -> None:
    doc = doc_of(sample("ceres-station"))
    pages = layout([doc], sheets=["ssd"])
    marks = [i.mark for p in pages for i in p.items
             if isinstance(i, Rect) and i.ref.startswith("radar#")]
    assert marks == [str(n) for n in doc.sheet["radar_track"]]
    assert marks[-1] == "0"


def test_sheet_text_keeps_every_script_and_shows_controls_as_escapes() -> None:
    canvas = Canvas("x", False, "ssd", "T", (210.0, 297.0))
    canvas.text(0, 0, "Zelta\x00 \u2603 Dee\u00e9 \u041a \u9f8d\x1b[31m\u202e", 9)
    last = canvas.pages[-1][-1]
    assert isinstance(last, Text)
    assert last.text == "Zelta\\x00 \u2603 Dee\u00e9 \u041a \u9f8d\\x1b[31m\\u202e"


def test_arc_wedges_point_the_right_way() -> None:
    """RF lies ahead and to the right, LR behind and to the left (R12, R13)."""
    weapons = [{"type": "laser", "arcs": ["RF"], "count": 1},
               {"type": "laser", "arcs": ["LR"], "count": 1}]
    design = parse_design({"schema": "shipyard.design/1", "name": "Arcs",
                           "systems": {"engine": 1, "fuel_tank": 1}, "weapons": weapons})
    page = layout([doc_of(design)], sheets=["ssd"])[0]
    wedges = [item for item in page.items if isinstance(item, Polygon) and item.kind == "arc"]
    assert len(wedges) == 2
    for wedge, right, ahead in ((wedges[0], True, True), (wedges[1], False, False)):
        (cx, cy), *rim = wedge.points
        mx = sum(x for x, _ in rim) / len(rim)
        my = sum(y for _, y in rim) / len(rim)
        assert (mx > cx) == right and (my < cy) == ahead


def test_the_overlap_sweep_finds_what_pairs_would() -> None:
    texts = [Text(10, 10, "one", 9), Text(12, 10.5, "two", 9), Text(100, 10, "far", 9),
             Text(10, 40, "below", 9)]
    pairs = overlapping(texts, Text.bounds)
    assert [(a.text, b.text) for a, b in pairs] == [("one", "two")]
    every = [(a.text, b.text) for a, b in itertools.combinations(texts, 2)
             if _overlap(a.bounds(), b.bounds())]
    assert every == [("one", "two")]
