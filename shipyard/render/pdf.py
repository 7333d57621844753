"""Draw laid-out pages as a PDF with fpdf2, in the bundled Unicode fonts.

Every text is cut into runs by the face that draws it (`core.lettering`):
Liberation Sans for Latin, Greek and Cyrillic, the CJK fallback for Chinese,
Japanese and Korean; fpdf2 embeds only the glyphs used. A character no font
has is drawn as its code point in a small box, never as "?". Runs are placed
by the widths the layout measured, so the ink matches the layout. The
creation date is fixed so that the same input gives the same file.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

from fpdf import FPDF

from shipyard.core.drawing import PT, Line, Page, Polygon, Rect, Text, mark_size, text_width
from shipyard.core.lettering import FILES, face_of, missing_width, runs
from shipyard.core.visible import visible

FIXED_DATE = datetime(2000, 1, 1, tzinfo=UTC)
GREYS = {"none": 255, "grey": 200, "black": 0}
# fpdf2 family and style of each face of `core.lettering`.
FAMILIES = {"sans": ("sans", ""), "sans-bold": ("sans", "B"), "cjk": ("cjk", "")}


def _missing(pdf: FPDF, x: float, y: float, char: str, size: float) -> float:
    """A character no font has: its code point in hex in a box one em high; its width."""
    width = missing_width(char) * size * PT / 1000
    if width == 0:
        return 0.0
    em = size * PT
    top = y - 0.78 * em
    pdf.set_line_width(0.08)
    pdf.rect(x + 0.05 * em, top, width - 0.1 * em, em, style="D")
    digits = f"{ord(char):04X}"
    half = (len(digits) + 1) // 2
    pdf.set_font("sans", "", size * 0.42)
    for row, part in enumerate((digits[:half], digits[half:])):
        part_width = pdf.get_string_width(part)
        pdf.text(x + (width - part_width) / 2, top + em * (0.45 + 0.42 * row), part)
    return width


def _draw(pdf: FPDF, x: float, y: float, text: str, size: float, bold: bool) -> None:
    for run in runs(text, bold):
        if run.face is None:
            for char in run.text:
                x += _missing(pdf, x, y, char, size)
            continue
        family, style = FAMILIES[run.face]
        pdf.set_font(family, style, size)
        pdf.text(x, y, run.text)
        x += text_width(run.text, size, bold)


def _text(pdf: FPDF, item: Text) -> None:
    width = text_width(item.text, item.size, item.bold)
    x = item.x - {"start": 0.0, "middle": width / 2, "end": width}[item.anchor]
    _draw(pdf, x, item.y, item.text, item.size, item.bold)


def _rect(pdf: FPDF, item: Rect) -> None:
    pdf.set_line_width(0.45 if item.heavy else (0.25 if item.kind == "box" else 0.2))
    pdf.rect(item.x, item.y, item.w, item.h, style="D")
    if item.mark:
        size = mark_size(item)
        width = text_width(item.mark, size, True)
        _draw(pdf, item.x + (item.w - width) / 2, item.y + item.h / 2 + 0.3 * size * PT,
              item.mark, size, True)


def _add_fonts(pdf: FPDF, pages: Sequence[Page]) -> None:
    """Liberation Sans always; the CJK fallback only when a page needs it (it is large)."""
    pdf.add_font("sans", "", FILES["sans"])
    pdf.add_font("sans", "B", FILES["sans-bold"])
    used = {char for page in pages for item in page.items
            for char in (item.text if isinstance(item, Text) else
                         item.mark if isinstance(item, Rect) else "")}
    if any(face_of(char, bold) == "cjk" for char in used for bold in (False, True)):
        pdf.add_font("cjk", "", FILES["cjk"])


def render_pdf(pages: Sequence[Page], title: str = "Shipyard record sheets") -> bytes:
    pdf = FPDF(unit="mm")
    pdf.set_creation_date(FIXED_DATE)
    pdf.set_title(visible(title))
    pdf.set_creator("Shipyard")
    pdf.set_auto_page_break(False)
    pdf.set_margins(0, 0)
    pdf.set_draw_color(0)
    pdf.set_text_color(0)
    _add_fonts(pdf, pages)
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
