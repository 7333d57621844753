"""Lay the Tacship record chart out as drawing primitives, once for every backend.

One sheet per fighter (rules 4): a title block; the numbered damage track
from box 0 (destroyed) to the top of the location die, with the boxes above
the fighter's count crossed out as players do on a blank chart; the
survivability and thrust figures written in their boxes; a laser diagram
(the fixed lasers straight ahead, the turret arcs shaded) beside one row of
gun boxes per laser mount; the hardpoint boxes, each labelled with its load
item, the two Armed boxes and the missile Running box; a velocity box per
turn; and a short reminder of the turn sequence. A draft with far more boxes
than a fighter can buy flows onto further pages rather than shrinking boxes
below `BOX` millimetres.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from shipyard.core.document import Box, Group, SsdDocument
from shipyard.core.drawing import MARGIN, PAPERS, Canvas, Page, fit, middle, text_width, wrap
from shipyard.core.protocol import DEFAULT_TURNS

SHEETS = ("chart",)
SHEET_TITLES = {"chart": "Tacship Record Chart"}
BOX = 4.2  # the smallest box a pen can mark; never shrunk, pages are added instead
NOTE_SIZE = 6.5
NOTE_LEADING = 2.9
HEADING_SIZE = 9.0
LABEL_SIZE = 7.5
DIAGRAM_WIDTH = 80.0  # the laser diagram's column; gun rows sit to its right
CREW_WORDS = {1: "One-man", 2: "Two-man"}


class ChartCanvas(Canvas):
    """A canvas that knows the document it draws, and its boxes by group."""

    def __init__(self, doc: SsdDocument, paper: tuple[float, float]) -> None:
        super().__init__(doc.name, doc.draft, "chart", SHEET_TITLES["chart"], paper,
                         own_title_block=True)
        self.doc = doc
        self.by_group: dict[str, list[Box]] = {}
        for box in doc.boxes:
            self.by_group.setdefault(box.group, []).append(box)

    @property
    def right(self) -> float:
        return MARGIN + self.inner

    def boxes(self, group: str) -> list[Box]:
        return self.by_group.get(group, [])

    def notes(self, x: float, width: float, text: str, size: float = NOTE_SIZE,
              leading: float = NOTE_LEADING) -> None:
        """Wrapped reading text from `self.y` down; `self.y` ends below it."""
        block = self.block
        for part in wrap(text, size, width):
            if self.need(leading):
                self.block = block
            self.text(x, self.y + leading * 0.8, part, size)
            self.y += leading

    def heading(self, text: str, aside: str = "") -> None:
        """A section heading with an optional right-aligned remark; 5 mm tall."""
        self.text(MARGIN, self.y + 3.5, text, HEADING_SIZE, bold=True)
        if aside:
            room = self.inner - text_width(text, HEADING_SIZE, True) - 6
            self.text(self.right, self.y + 3.5, fit(aside, 7, room), 7, anchor="end")
        self.y += 5.5


def _crew(crew: object) -> str:
    return CREW_WORDS.get(crew, f"{crew}-crew") if isinstance(crew, int) else f"{crew}-crew"


def _title_block(c: ChartCanvas) -> None:
    doc, sheet = c.doc, c.doc.sheet
    c.block = "title"
    draft_room = 26.0 if doc.draft else 0.0
    c.text(MARGIN, MARGIN + 4, "TACSHIP RECORD CHART", 7.5, bold=True)
    c.text(MARGIN, MARGIN + 11.5, fit(doc.name or "(unnamed)", 16, c.inner - draft_room, True),
           16, bold=True)
    budget = f" of {doc.budget}" if doc.budget is not None else ""
    points = f"Points {sheet['total']}{budget}"
    c.text(c.right, MARGIN + 17.5, points, 11, bold=True, anchor="end")
    legal = "" if doc.legal else " - NOT LEGAL"
    facts = (f"{_crew(doc.design.get('crew'))} fighter - {doc.catalog.title} - "
             f"{sheet['damage_boxes']} damage boxes, {sheet['guns']} lasers, "
             f"{sheet['hardpoints']} hardpoints{legal}")
    room = c.inner - text_width(points, 11, True) - 5
    c.text(MARGIN, MARGIN + 17.5, fit(facts, 8.5, room), 8.5)
    c.line(MARGIN, MARGIN + 20.5, c.right, MARGIN + 20.5, 0.4)
    c.y = MARGIN + 24


def _crossed(c: ChartCanvas, x: float, y: float, size: float, number: int) -> None:
    """A damage box this fighter does not have: drawn, numbered and crossed out."""
    c.rect(x, y, size, size, "frame")
    c.line(x, y, x + size, y + size, 0.3)
    c.line(x, y + size, x + size, y, 0.3)
    c.text(x + size / 2, y + 2.4, str(number), 5.5, anchor="middle", reading=False)


def _damage(c: ChartCanvas) -> None:
    """Box 0 and the numbered track to the top, above the fighter's count crossed out."""
    sheet = c.doc.sheet
    count, top, surv = sheet["damage_boxes"], sheet["damage_track_top"], sheet["survivability"]
    c.block = "damage"
    c.need(30)
    c.block = "damage"
    c.heading("Damage track", f"{count} damage boxes - survivability +{surv}")
    per_row = 21
    pitch = min(9.0, c.inner / per_row)
    size = pitch - 0.9
    live = {box.number: box for box in c.boxes("damage") + c.boxes("critical")}
    numbers = list(range(0, top + 1))
    for start in range(0, len(numbers), per_row):
        c.need(size + 4.5)
        c.block = "damage"
        for col, number in enumerate(numbers[start:start + per_row]):
            x = MARGIN + col * pitch
            box = live.get(number)
            if box is None:
                _crossed(c, x, c.y, size, number)
                continue
            c.rect(x, c.y, size, size, "box", ref=box.id, mark=str(number), heavy=number == 0)
            under = "destroyed" if number == 0 else ("top box" if number == count else "")
            if under:
                c.text(x + size / 2, c.y + size + 2.6, fit(under, 5.0, pitch - 0.6), 5.0,
                       anchor="middle")
        c.y += size + 4.5
    crossed = f"Boxes {count + 1}-{top} are crossed out. " if count < top else ""
    roll = (f"{crossed}For each hit roll D20 + {surv} for the box where the damage starts "
            f"(a result above {count} starts at box {count}). Cross off one box per point "
            "of damage, going down the track and passing over boxes already crossed. "
            "Damage that reaches box 0 destroys the fighter, however many boxes are left.")
    c.notes(MARGIN, c.inner, roll)
    c.y += 2.5


def _figures(c: ChartCanvas) -> None:
    """Survivability, thrust, crew and initiative written in boxes, with the thrust rule."""
    sheet = c.doc.sheet
    c.need(20)
    c.block = "figures"
    top = c.y
    figures = [("Survivability", f"+{sheet['survivability']}"), ("Thrust", str(sheet["thrust"])),
               ("Crew", str(sheet["crew"])), ("Initiative", "")]
    width, height, step = 20.0, 10.0, 24.0
    for i, (label, value) in enumerate(figures):
        x = MARGIN + i * step
        c.text(x, top + 3, label, LABEL_SIZE, bold=True)
        c.rect(x, top + 4.5, width, height, "frame", heavy=True)
        if value:
            c.text(x + width / 2, middle(top + 4.5, height, 14), value, 14, bold=True,
                   anchor="middle")
    c.block = "thrust rule"
    left = MARGIN + len(figures) * step + 2
    c.y = top + 1
    c.notes(left, c.right - left,
            "Thrust: each point changes speed by 1 in step 2, or pays for turns while "
            "moving. A 60-degree turn costs a quarter of the speed (at least 1), one "
            "hexside at a time, with at least that many straight hexes before and after "
            "it. The fighter always moves its full speed; unused thrust is lost.")
    c.y = max(c.y, top + 4.5 + height) + 4


def _hexagon(cx: float, cy: float, radius: float) -> list[tuple[float, float]]:
    """A hexagon with a flat side on top: the fighter flies toward that side."""
    return [(cx + radius * math.cos(math.radians(60 * k)),
             cy - radius * math.sin(math.radians(60 * k))) for k in range(6)]


def _lasers_of(c: ChartCanvas, system: str) -> list[Group]:
    return [g for g in c.doc.groups if g.system == system]


def _diagram(c: ChartCanvas, top: float) -> float:
    """The fighter on a hexagon: fixed lasers dead ahead, turret arcs shaded; its bottom."""
    c.block = "diagram"
    radius = 17.0
    apothem = radius * math.sqrt(3) / 2
    cx, cy = MARGIN + DIAGRAM_WIDTH / 2 + 4, top + 12 + apothem
    corners = _hexagon(cx, cy, radius)
    turrets = _lasers_of(c, "turret_laser")
    halves = {"fore": [(cx, cy), *corners[0:4]], "aft": [(cx, cy), *corners[3:6], corners[0]]}
    for arc, points in halves.items():
        if any(arc in (g.arcs or []) for g in turrets):
            c.polygon(points, "arc", "grey", 0.1)
    c.line(corners[3][0], corners[3][1], corners[0][0], corners[0][1], 0.15)
    c.polygon(corners, "hexagon", width=0.35)
    c.line(corners[1][0], corners[1][1], corners[2][0], corners[2][1], 0.9)  # the nose side
    c.polygon([(cx, cy - 7), (cx + 4.5, cy + 5), (cx, cy + 2.5), (cx - 4.5, cy + 5)],
              "arrow", "black", 0.2)
    c.text(cx + 9.5, cy - 3.5, "fore", 6, anchor="middle", reading=False)
    c.text(cx + 9.5, cy + 6, "aft", 6, anchor="middle", reading=False)
    fixed = _lasers_of(c, "fixed_laser")
    if fixed:
        tip = top + 3.5
        c.line(cx, cy - 7, cx, tip + 2.5, 0.6)
        c.polygon([(cx, tip), (cx - 1.4, tip + 3), (cx + 1.4, tip + 3)], "arrow", "black", 0.2)
        words = ", ".join(f"{g.boxes} x {g.weapon}" for g in fixed)
        c.text(cx + 2.5, top + 6.5, fit(f"fixed: {words}", 6.5, DIAGRAM_WIDTH / 2 - 8), 6.5,
               reading=False)
    for arc, sign in (("fore", -1), ("aft", 1)):
        mounts = [g for g in turrets if arc in (g.arcs or [])]
        for k, group in enumerate(mounts[:3]):
            y = cy + sign * (4.0 + 3.0 * k) + (2.2 if sign > 0 else 0)
            label = f"{group.boxes} x {group.weapon} turret"
            c.text(MARGIN, y, fit(label, 6.5, cx - radius - MARGIN + 2), 6.5, reading=False)
    caption = "Shaded: turret arcs. Arrow: fixed lasers."
    c.text(cx, cy + apothem + 4.5, fit(caption, 6.5, DIAGRAM_WIDTH), 6.5, anchor="middle",
           reading=False)
    return cy + apothem + 6


def _where(group: Group) -> str:
    if group.system == "fixed_laser":
        return "fixed, straight ahead only"
    arcs = " and ".join(group.arcs or []) or "no arc"
    return f"turret, {arcs} arc"


def _laser_rows(c: ChartCanvas, top: float) -> float:
    """One row of gun boxes per laser mount, beside the diagram; its bottom."""
    c.block = "lasers"
    left = MARGIN + DIAGRAM_WIDTH + 2
    width = c.right - left
    c.y = top
    c.text(left, c.y + 3.5, "Lasers", HEADING_SIZE, bold=True)
    c.y += 5.5
    size, pitch, row = 6.0, 6.8, 7.6
    groups = _lasers_of(c, "fixed_laser") + _lasers_of(c, "turret_laser")
    per_row = max(1, int((width - 45) // pitch))
    for group in groups:
        boxes = c.boxes(group.id)
        for start in range(0, len(boxes), per_row):
            if c.need(row):
                c.block = "lasers"
            chunk = boxes[start:start + per_row]
            for col, box in enumerate(chunk):
                c.rect(left + col * pitch, c.y, size, size, "box", ref=box.id,
                       mark=str(box.weapon or "").removeprefix("Laser-"))
            if start == 0:
                x = left + len(chunk) * pitch + 1.5
                label = f"{group.weapon} {_where(group)}"
                c.text(x, middle(c.y, size, LABEL_SIZE), fit(label, LABEL_SIZE, c.right - x),
                       LABEL_SIZE)
            c.y += row
    if not groups:
        c.text(left, middle(c.y, size, LABEL_SIZE), "No lasers", LABEL_SIZE)
        c.y += row
    c.y += 1
    c.notes(left, width,
            "Fire all fixed lasers together, once in the move, at one target; each turret "
            "fires once too, at any point of the move. One D20 per gun: it hits on the "
            "range in hexes or more, and a hit does damage equal to the laser's factor.")
    return c.y


def _lasers(c: ChartCanvas) -> None:
    c.need(52)
    top = c.y
    bottom = _diagram(c, top)
    c.y = max(bottom, _laser_rows(c, top)) + 3


def _ordnance(c: ChartCanvas) -> None:
    """Hardpoints labelled with their load, the two Armed boxes and the Running box."""
    c.need(45)
    c.block = "ordnance"
    load = ", ".join(f"{n} {kind}{'' if n == 1 else 's'}"
                     for kind, n in c.doc.design.get("ordnance", {}).items()
                     if isinstance(n, int) and n > 0)
    c.heading("Ordnance", f"load: {load}" if load else "no load chosen")
    label_column = 28.0
    size, pitch = 9.0, 14.0
    hardpoints = c.boxes("hardpoint")
    per_row = max(1, int((c.inner - label_column + pitch - size) // pitch))
    for start in range(0, max(len(hardpoints), 1), per_row):
        c.need(size + 4.5)
        c.block = "ordnance"
        if start == 0:
            c.text(MARGIN, middle(c.y, size, LABEL_SIZE), "Hardpoints", LABEL_SIZE, bold=True)
        if not hardpoints:
            c.text(MARGIN + label_column, middle(c.y, size, LABEL_SIZE), "none", LABEL_SIZE)
        for col, box in enumerate(hardpoints[start:start + per_row]):
            x = MARGIN + label_column + col * pitch
            c.rect(x, c.y, size, size, "box", ref=box.id)
            c.text(x + size / 2, c.y + size + 2.6, fit(box.label, 6.5, pitch - 1), 6.5,
                   anchor="middle")
        c.y += size + 4.5
    c.need(size + 4.5)
    c.block = "ordnance"
    wide = 22.0
    c.text(MARGIN, middle(c.y, size, LABEL_SIZE), "Armed (2 max)", LABEL_SIZE, bold=True)
    x = MARGIN + label_column
    for box in c.boxes("armed"):
        c.rect(x, c.y, wide, size, "box", ref=box.id)
        x += wide + 2
    x += 8
    c.text(x, middle(c.y, size, LABEL_SIZE), "Running", LABEL_SIZE, bold=True)
    x += text_width("Running", LABEL_SIZE, True) + 3
    for box in c.boxes("running"):
        c.rect(x, c.y, wide, size, "box", ref=box.id)
        c.text(x + wide / 2, c.y + size + 2.6, "missile speed", 6.5, anchor="middle")
        x += wide + 2
    c.y += size + 5
    c.block = "ordnance rules"
    for rule in (
        "Arming (step 1): cross an item off its hardpoint and write it in an Armed box. "
        "At most two items are armed at a time, and an armed item cannot be put back. "
        "Armed items are released at the end of the move (step 4) or kept for later.",
        "Missile: speed 6 plus the launcher's speed, written in Running; it starts 6 "
        "hexes straight ahead and neither turns nor detonates on its launch turn. Then it "
        "moves right after its named target, at most two one-hexside turns with 3 straight "
        "hexes between, and may detonate within 2 hexes of it; if it has not detonated by "
        "the end of that move, it is removed.",
        "Warhead: 2 hexes away 1 damage; adjacent D6 halved, rounded up; same hex D6. "
        "Mine: left 3 hexes straight behind; it detonates when an enemy comes within 2 "
        "hexes. Decoy: placed within 6 hexes; a missile after you follows it unless the "
        "missile's D20 beats yours.",
    ):
        c.notes(MARGIN, c.inner, rule)
    c.y += 3


def _velocity(c: ChartCanvas, turns: int) -> None:
    """One box per turn for the speed after thrust, labelled T1, T2, ...

    The document holds a game's worth of `velocity#t` boxes; a longer game
    (`turns`) gets more boxes of the same ids, a shorter one fewer.
    """
    held = c.boxes("velocity")
    refs = [box.id for box in held[:turns]]
    refs += [f"velocity#{t}" for t in range(len(refs) + 1, turns + 1)] if held else []
    c.need(18)
    c.block = "velocity"
    c.heading("Velocity", "write the speed after step 2 each turn")
    per_row = 20
    pitch = c.inner / per_row
    width, height = pitch - 1.2, 10.0
    for start in range(0, len(refs), per_row):
        c.need(height + 4.5)
        c.block = "velocity"
        for col, ref in enumerate(refs[start:start + per_row]):
            x = MARGIN + col * pitch
            c.text(x + width / 2, c.y + 2.5, f"T{start + col + 1}", 6.5, anchor="middle")
            c.rect(x, c.y + 3.5, width, height, "box", ref=ref)
        c.y += height + 5
    c.y += 1


def _sequence(c: ChartCanvas) -> None:
    """The turn sequence in brief, so the chart is all a player needs at the table."""
    c.need(16)
    c.block = "sequence"
    c.heading("Turn sequence")
    for step in (
        "Highest initiative (1-6) moves first; a fighter in the slot (straight behind its "
        "target, 12 hexes or closer) moves after that target whatever its initiative.",
        "1 Arm ordnance.  2 Spend thrust on speed.  3 Move the full speed; turn with thrust "
        "left over and fire lasers once on the way.  4 Release armed ordnance.",
    ):
        c.notes(MARGIN, c.inner, step, 7, 3.2)


def _chart(doc: SsdDocument, paper: tuple[float, float], turns: int) -> ChartCanvas:
    c = ChartCanvas(doc, paper)
    _title_block(c)
    _damage(c)
    _figures(c)
    _lasers(c)
    _ordnance(c)
    _velocity(c, turns)
    _sequence(c)
    return c


def layout(documents: Sequence[SsdDocument], paper: str = "a4",
           sheets: Sequence[str] = SHEETS, turns: int = DEFAULT_TURNS) -> list[Page]:
    """Every page of every document's chosen sheets, in order (a squadron pack).

    The velocity row has one box per turn, `turns` of them.
    """
    size = PAPERS[paper]
    pages: list[Page] = []
    for doc in documents:
        stamp = doc.catalog
        right = f"Shipyard - {stamp.ruleset} catalog {stamp.version} - {stamp.digest[:12]}"
        for sheet in SHEETS:
            if sheet not in sheets:
                continue
            canvas = _chart(doc, size, turns)
            draft = "DRAFT - " if doc.draft else ""
            left = f"{draft}{doc.name or '(unnamed)'} - {SHEET_TITLES[sheet]}"
            pages.extend(canvas.finish(left, right))
    return pages
