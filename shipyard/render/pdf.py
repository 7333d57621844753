"""Draw laid-out pages as a PDF with fpdf2 and the core fonts only.

Core fonts (Helvetica) need no font files and keep the PDF small; the layout
already measured every text with their metrics. The creation date is fixed so
that the same input gives the same file.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

from fpdf import FPDF

from shipyard.core.drawing import PT, Line, Page, Polygon, Rect, Text
from shipyard.render.svg import mark_size

FIXED_DATE = datetime(2000, 1, 1, tzinfo=UTC)
GREYS = {"none": 255, "grey": 200, "black": 0}


def _text(pdf: FPDF, item: Text) -> None:
    pdf.set_font("helvetica", "B" if item.bold else "", item.size)
    width = pdf.get_string_width(item.text)
    x = item.x - {"start": 0.0, "middle": width / 2, "end": width}[item.anchor]
    pdf.text(x, item.y, item.text)


def _rect(pdf: FPDF, item: Rect) -> None:
    pdf.set_line_width(0.45 if item.heavy else (0.25 if item.kind == "box" else 0.2))
    pdf.rect(item.x, item.y, item.w, item.h, style="D")
    if item.mark:
        size = mark_size(item)
        pdf.set_font("helvetica", "B", size)
        width = pdf.get_string_width(item.mark)
        pdf.text(item.x + (item.w - width) / 2, item.y + item.h / 2 + 0.3 * size * PT,
                 item.mark)


def render_pdf(pages: Sequence[Page], title: str = "Shipyard record sheets") -> bytes:
    pdf = FPDF(unit="mm")
    pdf.set_creation_date(FIXED_DATE)
    pdf.set_title(title)
    pdf.set_creator("Shipyard")
    pdf.set_auto_page_break(False)
    pdf.set_margins(0, 0)
    pdf.set_draw_color(0)
    pdf.set_text_color(0)
    for page in pages:
        pdf.add_page(format=(page.width, page.height))
        for item in page.items:
            if isinstance(item, Text):
                _text(pdf, item)
            elif isinstance(item, Rect):
                _rect(pdf, item)
            elif isinstance(item, Line):
                pdf.set_line_width(item.width)
                pdf.line(item.x1, item.y1, item.x2, item.y2)
            elif isinstance(item, Polygon):
                pdf.set_line_width(item.width)
                pdf.set_fill_color(GREYS[item.fill])
                style = "D" if item.fill == "none" else "DF"
                pdf.polygon(list(item.points), style=style)
    return bytes(pdf.output())
