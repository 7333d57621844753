"""The SVG, PDF and text backends: what they draw, and the same bytes every time."""

from __future__ import annotations

import difflib
import io
import os
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from shipyard.core.drawing import PAPERS
from shipyard.render.pdf import render_pdf
from shipyard.render.svg import render_svg
from shipyard.render.text import render_markdown, render_text
from shipyard.rulesets.pentagon_war.design import Design, read_design
from shipyard.rulesets.pentagon_war.document import build_document
from shipyard.rulesets.pentagon_war.layout import layout
from shipyard.rulesets.pentagon_war.turn_forms import POWER_LINES
from shipyard.services.registry import evaluate
from shipyard.services.samples import sample_paths

SAMPLES = sample_paths("pentagon-war")
SNAPSHOTS = Path(__file__).parent / "snapshots"
MM_PER_POINT = 25.4 / 72


def synthetic_640() -> Design:
    """A size class IV design of 640 non-radar boxes with one of everything."""
    return read_design(Path(__file__).parent / "data" / "synthetic-640.ship.json")


def sample(name: str) -> Design:
    return read_design(next(p for p in SAMPLES if p.name == f"{name}.ship.json"))


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_svg_draws_one_box_rectangle_per_box(path: Path) -> None:
    evaluation = evaluate(read_design(path))
    svg = render_svg(layout([build_document(evaluation)]))
    assert svg.count('class="box"') == evaluation.sheet.boxes
    assert len(re.findall(r'data-id="[^"]+"', svg)) == evaluation.sheet.boxes


def test_svg_of_a_640_box_design_counts_every_box() -> None:
    evaluation = evaluate(synthetic_640())
    svg = render_svg(layout([build_document(evaluation)], sheets=["ssd"]))
    assert svg.count('class="box"') == evaluation.sheet.boxes


def test_svg_escapes_names() -> None:
    design = sample("lancer").model_copy(update={"name": "<A & B>"})
    svg = render_svg(layout([build_document(evaluate(design))]))
    assert "&lt;A &amp; B&gt;" in svg and "<A & B>" not in svg


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_pdf_reads_back_with_pages_size_and_labels(paper: str) -> None:
    evaluation = evaluate(sample("hive"))
    pages = layout([build_document(evaluation, budget=2000)], paper)
    reader = PdfReader(io.BytesIO(render_pdf(pages)))
    assert len(reader.pages) == len(pages)
    assert [p.sheet for p in pages[:3]] == ["ssd", "power+accel", "drones"]
    width, height = PAPERS[paper]
    for page in reader.pages:
        assert float(page.mediabox.width) * MM_PER_POINT == pytest.approx(width, abs=0.2)
        assert float(page.mediabox.height) * MM_PER_POINT == pytest.approx(height, abs=0.2)
    ssd = reader.pages[0].extract_text()
    assert "Hive" in ssd
    assert f"Points {evaluation.sheet.total} of 2000" in ssd
    for label in ("Screens", "Radar track", "Hull", "forward: 24", "Final damage",
                  "Laser drone bays", "Derived figures", "Explosion strength",
                  "Damage allocation chart", "Direct fire by range"):
        assert label in ssd
    records = reader.pages[1].extract_text()
    assert "Capacitor Power Management Form: Hive" in records
    assert POWER_LINES[-1] in records
    assert "Acceleration Record: Hive" in records
    assert "Drone L1" in reader.pages[2].extract_text()


def test_several_designs_share_their_turn_records() -> None:
    docs = [build_document(evaluate(sample(n))) for n in ("hive", "ceres-station", "lancer")]
    reader = PdfReader(io.BytesIO(render_pdf(layout(docs))))
    singles = [len(layout([doc])) for doc in docs]
    assert singles == [11, 2, 2]  # the Hive: its SSD, its forms, 34 drones four to a page
    assert len(reader.pages) < sum(singles)
    ssds = [reader.pages[k].extract_text() for k in range(3)]
    assert ["Hive" in ssds[0], "Ceres Station" in ssds[1], "Lancer" in ssds[2]] == [True] * 3
    forms = reader.pages[3].extract_text()
    assert "Capacitor Power Management Form: Hive" in forms


@pytest.mark.parametrize("render", [render_svg, render_text, render_markdown, render_pdf])
def test_same_input_same_bytes(render: object) -> None:
    assert callable(render)
    first = render(layout([build_document(evaluate(sample("sunspear")))]))
    second = render(layout([build_document(evaluate(sample("sunspear")))]))
    assert first == second


def test_text_shows_boxes_and_radar_numbers() -> None:
    evaluation = evaluate(sample("lancer"))
    text = render_text(layout([build_document(evaluation)], sheets=["ssd"]))
    track = "".join(f"[{n}]" for n in evaluation.sheet.radar_track)
    assert track in text
    assert text.count("[") == evaluation.sheet.boxes
    markdown = render_markdown(layout([build_document(evaluation)]))
    assert markdown.startswith("## Spacecraft Systems Display")
    fences = [line for line in markdown.splitlines() if line.startswith("```")]
    assert len(fences) >= 2 and len(fences) % 2 == 0  # every sheet's boxes in a code block
    assert track in markdown.split(fences[0], 1)[1]


def _snapshot(name: str, content: str) -> None:
    path = SNAPSHOTS / name
    if os.environ.get("SHIPYARD_UPDATE_SNAPSHOTS") == "1":
        path.write_bytes(content.encode())
    assert path.exists(), f"no snapshot {name}: run with SHIPYARD_UPDATE_SNAPSHOTS=1"
    pinned = path.read_bytes().decode()
    if content != pinned:
        diff = difflib.unified_diff(pinned.splitlines(), content.splitlines(), f"pinned {name}",
                                    f"drawn {name}", lineterm="", n=1)
        shown = "\n".join(list(diff)[:40])
        pytest.fail(f"{name} changed (SHIPYARD_UPDATE_SNAPSHOTS=1 pins it again):\n{shown}")


# The Hive's 34 drone records for a whole game would make a megabyte of SVG;
# two turns show every sheet of a carrier at a reviewable size.
@pytest.mark.parametrize(("name", "turns"), [("lancer", 20), ("hive", 2)])
def test_snapshots(name: str, turns: int) -> None:
    pages = layout([build_document(evaluate(sample(name)))], turns=turns)
    _snapshot(f"{name}.svg", render_svg(pages))
    _snapshot(f"{name}.txt", render_text(pages))
