"""Lay record sheets out as drawing primitives, once for every backend.

`layout(documents, ...)` turns SSD documents into pages of frozen primitives
(rectangles, text, lines, polygons) in millimetres from the top-left corner.
The SVG, PDF and text backends only draw these; none of them places anything
itself, so the sheets look the same in every format.

The SSD (rules 2.1) is one page: a title block across the top, then two
columns that hold, in order, the armor hexagon with the derived figures, the
firing-arc diagrams, a row of boxes for every system and the quick reference
for what the design carries (`sheet_reference.py`, from the catalog's combat
tables). Boxes are drawn as large as the page allows (from `BOX` up to
`LARGEST_BOX` millimetres), so a small craft's sheet is as full as a large
one's; a design too large for one page even at `BOX` flows on.

The turn-by-turn forms of every design of the export (power forms, then the
crafts' acceleration records, then drones' records; `turn_forms.py`) are
packed together on "turn records" pages after the SSDs, every page filled.
A base (no engines, R11) has no Acceleration Record.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from shipyard.core.document import SsdDocument
from shipyard.core.drawing import (
    MARGIN,
    PAPERS,
    PT,
    SMALLEST,
    PackCanvas,
    Page,
    fitted,
    leading,
    text_width,
    wrap,
)
from shipyard.core.flow import (
    GAP,
    Block,
    Columns,
    Strip,
    balanced_cut,
    column_width,
    fits_columns,
    pack,
    plan,
    stacked_height,
)
from shipyard.core.protocol import DEFAULT_TURNS
from shipyard.core.sheet import written
from shipyard.rulesets.pentagon_war.catalog import load_catalog
from shipyard.rulesets.pentagon_war.engine.tables import Combat, load_combat
from shipyard.rulesets.pentagon_war.sheet_canvas import (
    BOX,
    RECORDS_TITLE,
    SHEET_TITLES,
    SHEETS,
    SheetCanvas,
    records_canvas,
)
from shipyard.rulesets.pentagon_war.sheet_reference import reference_strips
from shipyard.rulesets.pentagon_war.ssd_parts import (
    ARC_CELL,
    arc_strips,
    box_strips,
    figures_strip,
    tags,
)
from shipyard.rulesets.pentagon_war.turn_forms import (
    HIGH,
    LOW,
    Forms,
    accel_block,
    drone_block,
    drones_of,
    power_blocks,
    runs,
)

LARGEST_BOX = 7.0  # mm: a small craft's boxes grow to this to fill its page
STEP = 0.2
GAP_STRIP = 2.0  # mm between strips of a column
GAP_DENSE = 1.2  # ... when everything runs down two columns
LETTERING = 11.0  # points: a small craft's sheet is lettered up to this large
GAP_BAND = 4.0  # mm between bands across the page
MAX_SPREAD = 6.0  # mm: at most this much more between bands to fill the page
FIGURES_WIDTH = 110.0  # mm at the smallest lettering: the hexagon and the derived figures


def class_of(doc: SsdDocument) -> str:
    """"Warhawk class" for a ship not named after its design; else nothing."""
    design = str(doc.design.get("name") or "")
    return f"{design} class" if design and design != doc.name else ""


def _title_block(c: SheetCanvas) -> None:
    """Name (shrunk, then wrapped: never cut), class, facts, points and box counts."""
    doc, sheet = c.doc, c.doc.sheet
    c.block = "title"
    room = c.inner - (34 if doc.draft else 0)
    size, lines = fitted(doc.name or "(unnamed)", 16, room, bold=True, smallest=11, lines=2)
    c.lines(MARGIN, MARGIN + 0.75 * size * PT, lines, size, bold=True)
    y = MARGIN + len(lines) * leading(size)
    named = class_of(doc)
    if named:
        y = c.paragraph(MARGIN, y, room, named, 10.5, bold=True)
    manned = "Manned" if doc.design.get("manned") else "Unmanned"
    kind = "base" if sheet["is_base"] else "spacecraft"
    facts = (f"{manned} {kind} - {doc.catalog.title} - size class {sheet['size_class_roman']}"
             f" - mass class {sheet['mass_class']} "
             f"({written(sheet['mass_class_exact'], mixed=True)})")
    y = c.paragraph(MARGIN, y + 0.4, c.inner, facts, 8.5)
    budget = f" of {doc.budget}" if doc.budget is not None else ""
    points = f"Points {sheet['total']}{budget}"
    base = y + 0.8 + 0.75 * 11 * PT
    c.text(MARGIN, base, points, 11, bold=True)
    counts = (f"{sheet['boxes']} boxes - hull {sheet['hull_boxes']} "
              f"({sheet['hull_forward']} fwd / {sheet['hull_aft']} aft) - final damage "
              f"{sheet['final_damage_boxes']}")
    parts = wrap(counts, 8, c.inner - text_width(points, 11, True) - 4)
    end = c.lines(MARGIN + c.inner, base, parts, 8, anchor="end") - leading(8)
    y = max(base, end) + 2.2
    c.line(MARGIN, y, MARGIN + c.inner, y, 0.4)
    c.y = y + 3


def _column_height(strips: Sequence[Strip], gap: float) -> float:
    return stacked_height([s.height for s in strips], gap)


@dataclass(frozen=True)
class Stack:
    """The SSD in bands across the page: figures and arcs, two columns of boxes, then the
    quick reference in shelves (a wide table alone, two narrow ones side by side)."""

    figures: Strip
    arcs: list[Strip]
    arcs_x: float  # from the margin: where the arc diagrams begin
    boxes: tuple[list[Strip], list[Strip]]
    shelves: list[list[tuple[bool, Strip]]]

    @property
    def parts(self) -> list[float]:
        """The height of each band, in order."""
        band = max(self.figures.height, _column_height(self.arcs, GAP_STRIP))
        boxes = max(_column_height(column, GAP_STRIP) for column in self.boxes)
        return [band, boxes, *(max(s.height for _, s in shelf) for shelf in self.shelves)]

    def height(self) -> float:
        return sum(self.parts) + GAP_BAND * (len(self.parts) - 1)

    def draw(self, c: SheetCanvas, room: float) -> None:
        """Bands down the page, the room left over shared out between them."""
        parts = self.parts
        spare = min(MAX_SPREAD, (room - self.height()) / max(len(parts) - 1, 1))
        gap = GAP_BAND + max(0.0, spare)
        half = column_width(c, 2)
        right = MARGIN + half + GAP
        y = c.y
        c.place(self.figures.items, MARGIN, y, self.figures.block)
        self._column(c, self.arcs, MARGIN + self.arcs_x, y)
        y += parts[0] + gap
        for column, x in zip(self.boxes, (MARGIN, right), strict=True):
            self._column(c, column, x, y)
        y += parts[1] + gap
        for shelf, height in zip(self.shelves, parts[2:], strict=True):
            for k, (_, piece) in enumerate(shelf):
                c.place(piece.items, MARGIN if k == 0 else right, y, piece.block)
            y += height + gap
        c.y = y - gap

    @staticmethod
    def _column(c: SheetCanvas, strips: Sequence[Strip], x: float, y: float) -> None:
        for piece in strips:
            c.place(piece.items, x, y, piece.block)
            y += piece.height + GAP_STRIP


def _shelves(sections: Sequence[tuple[bool, Strip]]) -> list[list[tuple[bool, Strip]]]:
    shelves: list[list[tuple[bool, Strip]]] = []
    for wide, piece in sections:
        last = shelves[-1] if shelves else None
        if not wide and last is not None and len(last) == 1 and not last[0][0]:
            last.append((wide, piece))
        else:
            shelves.append([(wide, piece)])
    return shelves


Sections = dict[float, list[tuple[bool, Strip]]]  # the quick reference by lettering


def _stack(doc: SsdDocument, c: SheetCanvas, combat: Combat, size: float, lettering: float,
           room: float, kept: Sections) -> Stack:
    half = column_width(c, 2)
    boxes = box_strips(doc, half, size, room, lettering)
    cut = balanced_cut([s.height for s in boxes], GAP_STRIP)
    if lettering not in kept:  # the ladder tries each lettering twice
        kept[lettering] = reference_strips(doc, combat, half, c.inner, lettering)
    sections = kept[lettering]
    # The band: the hexagon and derived figures as wide as they read well, the arc
    # diagrams in the rest (at least half the page when there are several).
    armed = len(tags(doc))
    cell = ARC_CELL * lettering / SMALLEST
    arcs = min(half, armed * cell) if armed else 0.0
    figures = min(c.inner - arcs - GAP, FIGURES_WIDTH * lettering / SMALLEST)
    arcs_x = c.inner - arcs if armed else c.inner
    return Stack(figures_strip(doc, figures, lettering),
                 arc_strips(doc, arcs, lettering) if armed else [], arcs_x,
                 (boxes[:cut], boxes[cut:]), _shelves(sections))


def _ladder() -> list[tuple[float, float]]:
    """(box size, lettering) to try, the most legible first: larger lettering with large
    boxes, then smaller boxes at the smallest lettering."""
    count = round((LARGEST_BOX - BOX) / STEP)
    sizes = [round(LARGEST_BOX - k * STEP, 2) for k in range(count + 1)]
    steps = round((LETTERING - SMALLEST) / 0.25)
    letterings = [LETTERING - 0.25 * k for k in range(steps)]
    return [(box, size) for size in letterings for box in (LARGEST_BOX, 6.4)] + [
        (box, SMALLEST) for box in sizes]


def _first(count: int, fits: Callable[[int], bool]) -> int | None:
    """The first of `count` rungs of a ladder that `fits`. Height falls along the ladder,
    so halve it to find the rung, then make sure of it (and of the rungs after)."""
    low, high = 0, count
    while low < high:
        mid = (low + high) // 2
        if fits(mid):
            high = mid
        else:
            low = mid + 1
    return next((k for k in range(low, count) if fits(k)), None)


def _ssd(doc: SsdDocument, paper: tuple[float, float], catalog_root: str | None) -> SheetCanvas:
    """The Spacecraft Systems Display on one page, as large and legible as the page allows:
    in bands across the page when they fit, else everything down two columns."""
    c = SheetCanvas(doc, "ssd", paper)
    _title_block(c)
    room = c.bottom - c.y
    combat = load_combat(catalog_root)
    ladder = _ladder()
    kept: Sections = {}
    found = _first(len(ladder), lambda k: _stack(doc, c, combat, *ladder[k], room,
                                                 kept).height() <= room)
    if found is not None:
        _stack(doc, c, combat, *ladder[found], room, kept).draw(c, room)
        return c
    width = column_width(c, 2)
    ahead = [figures_strip(doc, width), *arc_strips(doc, width)]
    after = [piece for _, piece in reference_strips(doc, combat, width)]
    sizes = [size for size, lettering in ladder if lettering == SMALLEST]

    def strips(k: int) -> list[Strip]:
        return [*ahead, *box_strips(doc, width, sizes[k], room), *after]

    found = _first(len(sizes), lambda k: fits_columns([s.height for s in strips(k)], room, 2,
                                                      GAP_DENSE))
    columns = Columns(c, strip_gap=GAP_DENSE)  # at the smallest boxes, flowing on if need be
    for piece in strips(len(sizes) - 1 if found is None else found):
        columns.add(piece)
    columns.finish()
    return c


def missing(doc: SsdDocument, sheet: str) -> str | None:
    """None if the document has `sheet`, else why it does not."""
    if sheet not in SHEETS:
        return f"a Pentagon War design has no {sheet!r} sheet"
    if sheet == "accel" and doc.sheet.get("is_base"):
        return "a base (no engines, R11) has no acceleration record"
    if sheet == "drones" and not drones_of(doc):
        return "no drone bays"
    return None


def _blocks(forms: Sequence[Forms], sheets: Sequence[str], turns: int,
            canvas: PackCanvas) -> list[Block]:
    """Every form of every design: power forms and crafts' acceleration records in the
    order that takes the fewest pages (all power forms first when it is a tie), then the
    drones' records."""
    whole = canvas.inner
    half = column_width(canvas, 2)
    room = canvas.bottom - canvas.y
    most = max(1, int((room - 20) // LOW))  # the turns of a record that fit a page
    power = [power_blocks(f, turns, whole) if "power" in sheets else [] for f in forms]
    accel = [[accel_block(f, a, b, whole) for a, b in runs(turns, most)]
             if "accel" in sheets and missing(f.doc, "accel") is None else [] for f in forms]
    drones = [drone_block(f, drone, a, b, half) for f in forms if "drones" in sheets
              for drone in drones_of(f.doc) for a, b in runs(turns, most)]
    flat = [b for blocks in power for b in blocks]
    moving = [b for blocks in accel for b in blocks]
    orders = [flat + moving,
              [b for p, a in zip(power, accel, strict=True) for b in p + a],
              _two_and_one(power, accel)]
    best = min(orders, key=lambda order: len(plan(canvas, order, LOW)))
    return best + drones


def _two_and_one(power: Sequence[list[Block]], accel: Sequence[list[Block]]) -> list[Block]:
    """Two power forms, then one acceleration record, and so on: the shape three forms
    of a page often take."""
    order: list[Block] = []
    queue = [b for blocks in accel for b in blocks]
    for k in range(0, len(power), 2):
        order += [b for blocks in power[k:k + 2] for b in blocks]
        if queue:
            order.append(queue.pop(0))
    return order + queue


def _records(forms: Sequence[Forms], paper: tuple[float, float], sheets: Sequence[str],
             turns: int) -> list[Page]:
    """The turn-by-turn forms of every design, packed on shared pages."""
    if not forms:
        return []
    names = ", ".join(f.name for f in forms)
    canvas = records_canvas(names, any(f.doc.draft for f in forms), paper)
    blocks = _blocks(forms, sheets, turns, canvas)
    if not blocks:
        return []
    pack(canvas, blocks, LOW, HIGH)
    stamp = forms[0].doc.catalog
    draft = "DRAFT - " if canvas.draft else ""
    right = f"Shipyard - {stamp.ruleset} catalog {stamp.version} - {stamp.digest[:12]}"
    return canvas.finish(f"{draft}{names} - {RECORDS_TITLE}", right)


def layout(documents: Sequence[SsdDocument], paper: str = "a4",
           sheets: Sequence[str] = SHEETS, turns: int = DEFAULT_TURNS,
           catalog_root: str | None = None) -> list[Page]:
    """Every chosen sheet of the documents: each SSD, then the turn records of them all.

    The forms cover `turns` turns; the quick reference and the forms read the combat
    tables of the catalog in `catalog_root` (None: the bundled one).
    """
    size = PAPERS[paper]
    pages: list[Page] = []
    if "ssd" in sheets:
        for doc in documents:
            stamp = doc.catalog
            right = f"Shipyard - {stamp.ruleset} catalog {stamp.version} - {stamp.digest[:12]}"
            draft = "DRAFT - " if doc.draft else ""
            left = f"{draft}{doc.name or '(unnamed)'} - {SHEET_TITLES['ssd']}"
            pages += _ssd(doc, size, catalog_root).finish(left, right)
    combat = load_combat(catalog_root)
    catalog = load_catalog("pentagon-war", catalog_root)
    forms = [Forms(doc, combat, catalog, turns) for doc in documents
             if any(s in sheets and missing(doc, s) is None for s in SHEETS[1:])]
    return pages + _records(forms, size, sheets, turns)
