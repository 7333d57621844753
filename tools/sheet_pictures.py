"""Look at record sheets as a printer would: rasterize PDF pages and measure them.

Shared by the rendering tests (a few pages at low resolution), the census of
page counts and fill shares (`tools/sheet_census.py`) and the gallery
(`tools/sheet_gallery.py`). Everything here reads the PDF itself, never the
layout that made it, so a backend that drew something else would be caught.

- `fill_share`: the share of the printable area (the page inside its 10 mm
  margins) that lies within `REACH` mm of ink. A row of boxes, a table, lines
  of text count as used; an empty third of the page does not.
- `problems`: text outside the page, text boxes overlapping each other, text
  below the smallest size a sheet may print.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np
import pymupdf

MM = 72 / 25.4  # PDF points per millimetre
MARGIN = 10.0  # mm: the printable area is the page inside this margin
REACH = 3.0  # mm: ink this close makes a spot of the page "used"
INK = 250  # grey levels below this are ink (white is 255; a grey fill counts)
SMALLEST_TEXT = 8.0  # pt
PIXELS_PER_MM = 2.0  # the measuring resolution (about 51 dpi)


@dataclass(frozen=True)
class Span:
    """One run of text as the PDF holds it: its words, size in points, box in points."""

    text: str
    size: float
    box: tuple[float, float, float, float]


def open_pdf(content: bytes) -> pymupdf.Document:
    return pymupdf.open(stream=content, filetype="pdf")


def spans(page: pymupdf.Page) -> list[Span]:
    """Every text span of a page."""
    found = []
    for block in page.get_text("dict")["blocks"]:
        for line in block.get("lines", []):
            for span in line["spans"]:
                if span["text"].strip():
                    found.append(Span(span["text"], span["size"], tuple(span["bbox"])))
    return found


def ink(page: pymupdf.Page, pixels_per_mm: float = PIXELS_PER_MM) -> np.ndarray:
    """The page as a boolean array: True where anything is printed."""
    zoom = pixels_per_mm / MM
    pixmap = page.get_pixmap(matrix=pymupdf.Matrix(zoom, zoom), colorspace=pymupdf.csGRAY,
                             alpha=False)
    grey = np.frombuffer(pixmap.samples, dtype=np.uint8).reshape(pixmap.height, pixmap.width)
    return grey < INK


def _near(printed: np.ndarray, radius: int) -> np.ndarray:
    """True wherever ink lies within `radius` pixels (a square neighbourhood)."""
    padded = np.pad(printed.astype(np.int32), radius + 1)
    total = padded.cumsum(0).cumsum(1)
    size = 2 * radius + 1
    window = (total[size:, size:] - total[:-size, size:] - total[size:, :-size]
              + total[:-size, :-size])
    return window[: printed.shape[0], : printed.shape[1]] > 0


def fill_share(page: pymupdf.Page, pixels_per_mm: float = PIXELS_PER_MM) -> float:
    """The share of the printable area within `REACH` mm of ink, from 0 to 1."""
    printed = ink(page, pixels_per_mm)
    used = _near(printed, round(REACH * pixels_per_mm))
    edge = round(MARGIN * pixels_per_mm)
    inside = used[edge:-edge, edge:-edge]
    return float(inside.mean())


def _overlap(a: tuple[float, ...], b: tuple[float, ...], slack: float) -> bool:
    return (min(a[2], b[2]) - max(a[0], b[0]) > slack
            and min(a[3], b[3]) - max(a[1], b[1]) > slack)


def problems(page: pymupdf.Page, smallest: float = SMALLEST_TEXT) -> Iterator[str]:
    """What a reader would trip over: text off the page, text on text, text too small.

    Text boxes are the font's full height (ascender to descender), so two lines
    closer than one em apart touch; half a point of touching is tolerated.
    """
    width, height = page.rect.width, page.rect.height
    found = spans(page)
    for span in found:
        left, top, right, bottom = span.box
        if left < 0 or top < 0 or right > width or bottom > height:
            yield f"text outside the page: {span.text!r}"
        if span.size < smallest - 0.01:
            yield f"text of {span.size:.1f} pt (below {smallest:g} pt): {span.text!r}"
    for a, b in itertools.combinations(found, 2):
        if _overlap(a.box, b.box, 0.5):
            yield f"text on text: {a.text!r} and {b.text!r}"


def page_sizes_mm(document: pymupdf.Document) -> list[tuple[float, float]]:
    return [(page.rect.width / MM, page.rect.height / MM) for page in document]
