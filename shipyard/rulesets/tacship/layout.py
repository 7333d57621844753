"""Lay Tacship record charts out as drawing primitives, once for every backend.

A fighter's chart is a card (`chart_card.py`): four share a page, two across
and two down, each in a frame to cut along. The rules in brief
(`chart_reference.py`) fill the room the cards leave on the last page,
lettered as large as that room allows (never below `SMALLEST` points), or the
first room of a page of their own; a fleet pack prints them under its roster
instead (`reference=False` here). A card too tall for a quarter page (a draft
with far more boxes than a fighter can buy) is laid out across the page and
flows on; no box is ever drawn smaller than `BOX` millimetres.
"""

from __future__ import annotations

from collections.abc import Sequence

from shipyard.core.document import SsdDocument
from shipyard.core.drawing import PAPERS, SMALLEST, PackCanvas, Page, Sketch
from shipyard.core.flow import (
    GAP,
    Block,
    Columns,
    Region,
    Strip,
    column_width,
    columns_below,
    fitting,
    flow,
    pack,
)
from shipyard.core.protocol import DEFAULT_TURNS
from shipyard.rulesets.tacship.chart_card import Card, card_strips, stacked
from shipyard.rulesets.tacship.chart_reference import LARGEST, rules_strips
from shipyard.rulesets.tacship.engine.tables import Combat, load_combat

SHEETS = ("chart",)
SHEET_TITLES = {"chart": "Tacship Record Chart"}
BOX = 4.2  # the smallest box a pen can mark; never shrunk, pages are added instead
FRAME = 2.0  # mm between a card's frame and what it holds


def _placed(piece: Strip) -> Block:
    """A laid-out strip as a block of fixed height (nothing of a card stretches)."""

    def draw(sketch: Sketch, width: float, pitch: float) -> float:
        for item in piece.items:
            sketch.add(item)
        return piece.height

    return Block(1, piece.height, 0, draw, piece.block, "chart")


def _card_blocks(doc: SsdDocument, combat: Combat, turns: int, canvas: PackCanvas,
                 room: float) -> list[Block]:
    """A framed card a quarter page wide, or, if it is taller than a page's room, its
    strips across the whole page, flowing on."""
    card = Card(doc, combat, turns)
    half = column_width(canvas, 2)
    framed = stacked(card_strips(card, half - 2 * FRAME), 1.0, card.name, half - 2 * FRAME)
    if framed.height <= room / 2 - GAP / 2 or framed.height <= room:
        return [_placed(framed)]
    whole = canvas.inner
    return [Block(2, piece.height, 0, _placed(piece).draw, piece.block, "chart")
            for piece in card_strips(card, whole)]


def _rules(canvas: PackCanvas, combat: Combat, regions: Sequence[Region]) -> None:
    """The rules in brief in the room the cards left, lettered as large as fits, else at
    the smallest size, going on over the next page's columns."""
    width = regions[0].width if regions else column_width(canvas, 2)
    size = LARGEST
    while True:
        strips = rules_strips(combat, width, size)
        if size <= SMALLEST or fitting(regions, [s.height for s in strips]) == len(strips):
            break
        size = max(SMALLEST, size - 0.5)
    left = flow(canvas, strips, regions)
    if left:
        canvas.new_page()
        columns = Columns(canvas)
        for piece in left:
            columns.add(piece)
        columns.finish()


def layout(documents: Sequence[SsdDocument], paper: str = "a4",
           sheets: Sequence[str] = SHEETS, turns: int = DEFAULT_TURNS,
           catalog_root: str | None = None, reference: bool = True) -> list[Page]:
    """Every fighter's card, four to a page, then the rules in brief (unless `reference`
    is False: a fleet pack prints them under its roster).

    The velocity boxes cover `turns` turns; every figure printed comes from the catalog
    in `catalog_root` (None: the bundled one).
    """
    if "chart" not in sheets or not documents:
        return []
    combat = load_combat(catalog_root)
    names = ", ".join(doc.name or "(unnamed)" for doc in documents)
    draft = any(doc.draft for doc in documents)
    canvas = PackCanvas(names, draft, "chart", SHEET_TITLES["chart"], PAPERS[paper])
    room = canvas.bottom - canvas.y
    blocks = [b for doc in documents for b in _card_blocks(doc, combat, turns, canvas, room)]
    regions = pack(canvas, blocks, 0.0, 0.0)
    if reference:
        _rules(canvas, combat, [r for r in regions if r.height > 20] or columns_below(canvas))
    stamp = documents[0].catalog
    right = f"Shipyard - {stamp.ruleset} catalog {stamp.version} - {stamp.digest[:12]}"
    return canvas.finish(f"{'DRAFT - ' if draft else ''}{names} - {SHEET_TITLES['chart']}",
                         right)
