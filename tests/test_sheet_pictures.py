"""The record sheets as a printer draws them: rendered PDF pages, looked at.

Each sample's first sheet (its SSD or its fighters' cards) is drawn to PDF on A4
and on US Letter and read back with a PDF rasterizer (`tools/sheet_pictures.py`,
pymupdf): no text outside the page, no text on text, nothing below 8 pt, and an
SSD page at least 60% used. The measure is checked on pages of known ink first.
Pictures are taken at about 25 dpi, enough to see where ink lies; the full
gallery is `tools/sheet_gallery.py`.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from fpdf import FPDF

from shipyard.render.export import all_sheets, layout
from shipyard.render.fleet_pack import roster_pages, ship_documents
from shipyard.render.pdf import render_pdf
from shipyard.services.fleet import judge, read_fleet
from shipyard.services.registry import evaluate, read_design
from shipyard.services.samples import sample_paths
from tools.sheet_pictures import MARGIN, fill_share, open_pdf, problems

PAPERS = ("a4", "letter")
SAMPLES = [*sample_paths("pentagon-war"), *sample_paths("tacship")]
LOW = 1.0  # pixels a millimetre: a picture of where the ink lies, cheaply
FLEETS = sorted((Path(__file__).parent.parent / "catalog").glob("*/fleets/*.fleet.json"))


def _pdf(draw: object) -> bytes:
    pdf = FPDF(unit="mm")
    pdf.add_page(format=(210, 297))
    assert callable(draw)
    draw(pdf)
    return bytes(pdf.output())


def test_the_measure_on_pages_of_known_ink() -> None:
    """A blank page uses nothing; ink over the top half of the printable area uses half of
    it; a lone dot uses a square of twice the reach (3 mm) a side."""
    blank = open_pdf(_pdf(lambda pdf: None))[0]
    assert fill_share(blank) == 0.0
    inner = (210 - 2 * MARGIN, 297 - 2 * MARGIN)

    def half(pdf: FPDF) -> None:
        pdf.rect(MARGIN, MARGIN, inner[0], inner[1] / 2, style="F")

    used = fill_share(open_pdf(_pdf(half))[0], 4.0)
    assert used == pytest.approx(0.5 + 3 / inner[1], abs=0.01)

    def dot(pdf: FPDF) -> None:
        pdf.rect(100, 150, 0.5, 0.5, style="F")

    assert fill_share(open_pdf(_pdf(dot))[0], 4.0) == pytest.approx(
        6.5 * 6.5 / (inner[0] * inner[1]), rel=0.15)


def test_the_checks_see_text_off_the_page_on_text_and_too_small() -> None:
    def bad(pdf: FPDF) -> None:
        pdf.set_font("helvetica", size=10)
        pdf.text(205, 100, "off the edge")
        pdf.text(20, 50, "Overlapping")
        pdf.text(22, 50.5, "Overlapping")
        pdf.set_font("helvetica", size=6)
        pdf.text(20, 80, "too small")

    found = list(problems(open_pdf(_pdf(bad))[0]))
    assert any(p.startswith("text outside the page") for p in found)
    assert any(p.startswith("text on text") for p in found)
    assert any(p.startswith("text of 6.0 pt") for p in found)


@pytest.mark.parametrize("paper", PAPERS)
def test_each_samples_first_sheet_as_printed(paper: str) -> None:
    """Every sample's SSD (one page each) or fighter's card, drawn into one PDF (the fonts
    are embedded once) and looked at page by page."""
    pages, names, sheets = [], [], []
    for path in SAMPLES:
        evaluation = evaluate(read_design(path))
        sheet = evaluation.ruleset.sheets[0]  # the SSD, or the fighters' cards
        laid = layout([evaluation.ruleset.document(evaluation)], paper, [sheet])
        assert len(laid) == 1, path.name  # every SSD fits a page; a fighter a quarter of one
        pages += laid
        names.append(path.name)
        sheets.append(sheet)
    printed = open_pdf(render_pdf(pages))
    assert len(printed) == len(SAMPLES) == 16
    for page, name, sheet in zip(printed, names, sheets, strict=True):
        assert list(problems(page)) == [], name
        if sheet == "ssd":
            assert fill_share(page, LOW) >= 0.60, name


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("fleet", FLEETS, ids=lambda p: p.stem)
def test_every_page_of_the_bundled_fleet_packs_reads_cleanly(fleet: Path, paper: str) -> None:
    """Roster with the rules in brief, SSDs or cards, packed forms: every page."""
    report = judge(read_fleet(fleet))
    docs = ship_documents(report)
    pages = roster_pages(report, paper, docs=docs) + layout(docs, paper, all_sheets(),
                                                            reference=False)
    printed = open_pdf(render_pdf(pages))
    assert [list(problems(page)) for page in printed] == [[] for _ in printed]
    ssd = [page for page, laid in zip(printed, pages, strict=True) if laid.sheet == "ssd"]
    assert all(fill_share(page, LOW) >= 0.60 for page in ssd)


def test_black_and_white_printing_loses_nothing() -> None:
    """Every page is ink on paper, greys at most (no colour to lose), and every shaded
    thing also says in words what its shade says: an arc's names, a turret's arc, a power
    line's "no beams"."""
    docs = {name: evaluate(read_design(path)) for path in SAMPLES
            for name in [path.name.removesuffix(".ship.json")] if name in ("hawk", "hammer")}
    for name, evaluation in docs.items():
        doc = evaluation.ruleset.document(evaluation)
        pages = layout([doc], "a4", evaluation.ruleset.sheets)
        for page in open_pdf(render_pdf(pages)):
            pixmap = page.get_pixmap(dpi=20)
            samples = pixmap.samples
            # Greys are equal parts of red, green and blue (to the rasterizer's rounding).
            assert all(max(samples[k:k + 3]) - min(samples[k:k + 3]) <= 2
                       for k in range(0, len(samples), pixmap.n)), name
        words = " ".join(t.text for p in pages for t in p.items if hasattr(t, "text"))
        if name == "hawk":
            assert "Laser-1 turret, aft" in words  # its shaded half of the hexagon
        else:
            assert "RF LF" in words and "no beams" not in words  # W1 magnetic beam's arcs
            assert "no missiles" in words  # a shaded power line says why
