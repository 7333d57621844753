"""A Tacship fighter's record card: everything one fighter needs at the table, compact.

Four cards share a page (rules 4; the rules in brief are printed once, beside
or under them, `chart_reference.py`). A card is laid out for its width as a
list of strips, top to bottom: the title (the name shrinks, then wraps:
never cut), the numbered damage track from box 0 (destroyed) to the top of
the location die with the boxes above the fighter's count crossed out as
players do on a blank chart, survivability, thrust, crew and an initiative
box, the laser diagram (fixed lasers straight ahead, turret arcs shaded)
beside a row of gun boxes per mount, the hardpoints labelled with their load
and the Armed and Running boxes, a velocity box per turn, and a strip of the
chance to hit by range. A card too tall for a quarter of a page (a draft with
far more boxes than a fighter can buy) is laid out across the page instead,
its strips flowing on.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from shipyard.core.document import Box, Group, SsdDocument
from shipyard.core.drawing import (
    PT,
    SMALLEST,
    Sketch,
    fitted,
    leading,
    middle,
    moved,
    text_width,
    wrap,
)
from shipyard.core.flow import Strip, strip
from shipyard.core.tabular import table
from shipyard.rulesets.tacship.engine.tables import Combat
from shipyard.rulesets.tacship.rules.fire import hit_chance, to_hit

SIZE = SMALLEST
HEAD = 9.0
CREW_WORDS = {1: "One-man", 2: "Two-man"}
TRACK_PITCH = 7.8  # mm per damage box at least: room to cross one off
GUN_BOX = 6.0
HARDPOINT = (9.0, 7.0)  # mm: a hardpoint box, wide enough for its load's name under it
VELOCITY_BOX = 5.0  # mm tall
VELOCITY_WIDTH = 4.2  # mm: the narrowest velocity box (the smallest a pen can mark)


class Card:
    """One fighter's document, its boxes by group, and the catalog's combat tables."""

    def __init__(self, doc: SsdDocument, combat: Combat, turns: int) -> None:
        self.doc = doc
        self.combat = combat
        self.turns = turns
        self.by_group: dict[str, list[Box]] = {}
        for box in doc.boxes:
            self.by_group.setdefault(box.group, []).append(box)

    def boxes(self, group: str) -> list[Box]:
        return self.by_group.get(group, [])

    def lasers(self, system: str) -> list[Group]:
        return [g for g in self.doc.groups if g.system == system]

    @property
    def name(self) -> str:
        return self.doc.name or "(unnamed)"


def crew_words(crew: object) -> str:
    return CREW_WORDS.get(crew, f"{crew}-crew") if isinstance(crew, int) else f"{crew}-crew"


def _heading(sketch: Sketch, width: float, text: str, aside: str = "") -> float:
    """A section's heading, a remark at its right; the height used."""
    sketch.text(0, 0.75 * HEAD * PT, text, HEAD, bold=True)
    if aside:
        room = width - text_width(text, HEAD, True) - 3
        parts = wrap(aside, SIZE, room)
        sketch.lines(width, 0.75 * HEAD * PT, parts, SIZE, anchor="end")
        return max(leading(HEAD), len(parts) * leading(SIZE)) + 0.4
    return leading(HEAD) + 0.4


def title_strip(card: Card, width: float) -> Strip:
    doc, sheet = card.doc, card.doc.sheet
    sketch = Sketch(f"card {card.name} title")
    budget = f" of {doc.budget}" if doc.budget is not None else ""
    points = f"{sheet['total']}{budget} points"
    room = width - text_width(points, 10, True) - 3
    size, lines = fitted(card.name, 12, room, bold=True, smallest=9, lines=2)
    y = sketch.lines(0, 0.75 * size * PT, lines, size, bold=True)
    sketch.text(width, 0.75 * size * PT, points, 10, bold=True, anchor="end")
    y += -leading(size) + 0.25 * size * PT + 0.6
    design = str(doc.design.get("name") or "")
    words = []
    if doc.draft:
        words.append("DRAFT")
    if design and design != doc.name:
        words.append(f"{design} class")
    legal = "" if doc.legal else " - NOT LEGAL"
    load = ", ".join(f"{n} {kind}{'' if n == 1 else 's'}"
                     for kind, n in doc.design.get("ordnance", {}).items()
                     if isinstance(n, int) and n > 0)
    lasers = f"{sheet['guns']} laser{'' if sheet['guns'] == 1 else 's'}"
    words.append(f"{crew_words(doc.design.get('crew'))} fighter - {sheet['damage_boxes']} "
                 f"damage boxes, {lasers}, {sheet['hardpoints']} hardpoints{legal}")
    if load:
        y = sketch.paragraph(0, y, width, " - ".join(words), SIZE)
        words = [f"Hardpoint load: {load}"]
    y = sketch.paragraph(0, y, width, " - ".join(words), SIZE)
    return strip(sketch, y, "chart")


def _crossed(sketch: Sketch, x: float, y: float, size: float, number: int) -> None:
    """A damage box this fighter does not have: drawn, numbered and crossed out."""
    sketch.rect(x, y, size, size, "frame")
    sketch.line(x, y, x + size, y + size, 0.25)
    sketch.line(x, y + size, x + size, y, 0.25)
    sketch.text(x + size / 2, middle(y, size, SIZE), str(number), SIZE, anchor="middle",
                reading=False)


def damage_strips(card: Card, width: float) -> list[Strip]:
    """Box 0 and the numbered track to the top, the boxes above the count crossed out."""
    sheet = card.doc.sheet
    top, surv = sheet["damage_track_top"], sheet["survivability"]
    die = card.combat.damage_track.location_die
    live = {box.number: box for box in card.boxes("damage") + card.boxes("critical")}
    numbers = list(range(0, top + 1))
    fit = max(1, int((width + 0.9) // TRACK_PITCH))
    rows = -(-len(numbers) // fit)
    per_row = -(-len(numbers) // rows)  # as even as the rows can be
    pitch = min(TRACK_PITCH + 1.0, (width + 0.9) / per_row)
    size = pitch - 0.9
    strips = []
    for start in range(0, len(numbers), per_row):
        sketch = Sketch(f"card {card.name} damage from {start}")
        y = 0.0
        if start == 0:
            y = _heading(sketch, width, "Damage track",
                         f"D{die}+{surv}: the first box hit; 0 (heavy): destroyed")
        for col, number in enumerate(numbers[start:start + per_row]):
            x = col * pitch
            box = live.get(number)
            if box is None:
                _crossed(sketch, x, y, size, number)
            else:
                sketch.rect(x, y, size, size, "box", ref=box.id, mark=str(number),
                            heavy=number == 0)
        strips.append(strip(sketch, y + size, "chart"))
    return strips


def figures_strip(card: Card, width: float) -> Strip:
    """Survivability, thrust and crew written in boxes, and an initiative box to fill."""
    sheet = card.doc.sheet
    sketch = Sketch(f"card {card.name} figures")
    figures = [("Surv.", f"+{sheet['survivability']}"), ("Thrust", str(sheet["thrust"])),
               ("Crew", str(sheet["crew"])), ("Init.", "")]
    step = width / len(figures)
    height = 7.0
    for i, (label, value) in enumerate(figures):
        x = i * step
        sketch.text(x, middle(0, height, SIZE), label, SIZE, bold=True)
        left = x + text_width(label, SIZE, True) + 1.2
        box = step - (left - x) - 2.5
        sketch.rect(left, 0, box, height, "frame", heavy=True)
        if value:
            sketch.text(left + box / 2, middle(0, height, 11), value, 11, bold=True,
                        anchor="middle")
    return strip(sketch, height, "chart")


def _hexagon(cx: float, cy: float, radius: float) -> list[tuple[float, float]]:
    """A hexagon with a flat side on top: the fighter flies toward that side."""
    return [(cx + radius * math.cos(math.radians(60 * k)),
             cy - radius * math.sin(math.radians(60 * k))) for k in range(6)]


def _diagram(sketch: Sketch, card: Card, cx: float, cy: float, radius: float) -> None:
    """The fighter on a hexagon: fixed lasers dead ahead, turret arcs shaded."""
    corners = _hexagon(cx, cy, radius)
    turrets = card.lasers("turret_laser")
    halves = {"fore": [(cx, cy), *corners[0:4]], "aft": [(cx, cy), *corners[3:6], corners[0]]}
    for arc, points in halves.items():
        if any(arc in (g.arcs or []) for g in turrets):
            sketch.polygon(points, "arc", "grey", 0.1)
    sketch.line(corners[3][0], corners[3][1], corners[0][0], corners[0][1], 0.15)
    sketch.polygon(corners, "hexagon", width=0.35)
    sketch.line(corners[1][0], corners[1][1], corners[2][0], corners[2][1], 0.9)  # the nose
    s = radius / 8
    sketch.polygon([(cx, cy - 3.5 * s), (cx + 2.4 * s, cy + 2.8 * s), (cx, cy + 1.4 * s),
                    (cx - 2.4 * s, cy + 2.8 * s)], "arrow", "black", 0.2)
    if card.lasers("fixed_laser"):
        tip = cy - radius - 2.6
        sketch.line(cx, cy - 3.5 * s, cx, tip + 2.2, 0.6)
        sketch.polygon([(cx, tip), (cx - 1.3, tip + 2.6), (cx + 1.3, tip + 2.6)], "arrow",
                       "black", 0.2)


def _where(group: Group) -> str:
    if group.system == "fixed_laser":
        return "fixed, ahead"
    arcs = " and ".join(group.arcs or []) or "no arc"
    return f"turret, {arcs}"


def laser_strips(card: Card, width: float) -> list[Strip]:
    """The diagram beside the lasers' rule and one row of gun boxes per mount."""
    groups = card.lasers("fixed_laser") + card.lasers("turret_laser")
    radius = 6.5
    diagram = 2 * radius + 3
    left = diagram + 2
    pitch = GUN_BOX + 0.8
    row = GUN_BOX + 0.9
    sketch = Sketch(f"card {card.name} lasers")
    sketch.text(left, 0.75 * HEAD * PT, "Lasers", HEAD, bold=True)
    aside = text_width("Lasers", HEAD, True) + 2
    rule = wrap("D20 at or over the range; a hit does the factor", SIZE,
                width - left - aside)
    sketch.lines(left + aside, 0.75 * HEAD * PT, rule, SIZE)
    y = max(leading(HEAD), len(rule) * leading(SIZE)) + 0.4
    lines: list[tuple[Group, list[Box]]] = []
    for group in groups:
        boxes = card.boxes(group.id)
        label = f"{group.weapon} {_where(group)}"
        per_row = max(1, int((width - left - text_width(label, SIZE) - 2 + 0.8) // pitch))
        for start in range(0, len(boxes), per_row):
            lines.append((group, boxes[start:start + per_row]))
    for k, (group, chunk) in enumerate(lines):
        for col, box in enumerate(chunk):
            sketch.rect(left + col * pitch, y, GUN_BOX, GUN_BOX, "box", ref=box.id,
                        mark=str(box.weapon or "").removeprefix("Laser-"))
        if k == 0 or lines[k - 1][0] is not group:
            x = left + len(chunk) * pitch + 1.0
            sketch.text(x, middle(y, GUN_BOX, SIZE), f"{group.weapon} {_where(group)}", SIZE)
        y += row
    if not lines:
        sketch.text(left, middle(y, GUN_BOX, SIZE), "No lasers", SIZE)
        y += row
    _diagram(sketch, card, radius + 0.5, 3.0 + radius, radius)
    return [strip(sketch, max(y - 0.9, 2 * radius * 0.87 + 3.6), "chart")]


def ordnance_strips(card: Card, width: float) -> list[Strip]:
    """Hardpoints labelled with their load, the Armed boxes and the missile's Running box."""
    sketch = Sketch(f"card {card.name} ordnance")
    y = 0.0
    hardpoints = card.boxes("hardpoint")
    label = "Hardpoints"
    left = text_width(label, SIZE, True) + 2
    labels = [box.label for box in hardpoints]
    pitch = max([HARDPOINT[0] + 1.0, *(text_width(t, SIZE) + 1.2 for t in labels)])
    per_row = max(1, int((width - left + pitch - HARDPOINT[0]) // pitch))
    strips = []
    sketch.text(0, middle(y, HARDPOINT[1], SIZE), label, SIZE, bold=True)
    if not hardpoints:
        sketch.text(left, middle(y, HARDPOINT[1], SIZE), "none", SIZE)
        y += HARDPOINT[1] + 1.5
    for start in range(0, len(hardpoints), per_row):
        if start:  # a long row of hardpoints flows on as strips of its own
            strips.append(strip(sketch, y - 0.8, "chart"))
            sketch, y = Sketch(f"card {card.name} hardpoints from {start + 1}"), 0.0
        for col, box in enumerate(hardpoints[start:start + per_row]):
            x = left + col * pitch
            sketch.rect(x, y, HARDPOINT[0], HARDPOINT[1], "box", ref=box.id)
            sketch.text(x + HARDPOINT[0] / 2, y + HARDPOINT[1] + 0.75 * SIZE * PT + 0.3,
                        box.label, SIZE, anchor="middle")
        y += HARDPOINT[1] + leading(SIZE) + 0.8
    strips.append(strip(sketch, y - 0.8, "chart"))
    sketch = Sketch(f"card {card.name} armed")
    tall = 7.0
    armed = f"Armed (at most {card.combat.ordnance.armed_limit})"
    count = len(card.boxes("armed")) + len(card.boxes("running"))
    words = text_width(armed, SIZE, True) + text_width("Running", SIZE, True) + 6.5
    wide = min(16.0, (width - words - 1.5 * count) / max(count, 1))
    sketch.text(0, middle(0, tall, SIZE), armed, SIZE, bold=True)
    x = text_width(armed, SIZE, True) + 2
    for box in card.boxes("armed"):
        sketch.rect(x, 0, wide, tall, "box", ref=box.id)
        x += wide + 1.5
    x += 2.5
    sketch.text(x, middle(0, tall, SIZE), "Running", SIZE, bold=True)
    x += text_width("Running", SIZE, True) + 2
    for box in card.boxes("running"):
        sketch.rect(x, 0, wide, tall, "box", ref=box.id)
        x += wide + 1.5
    strips.append(strip(sketch, tall, "chart"))
    return strips


def velocity_strips(card: Card, width: float) -> list[Strip]:
    """A box per turn for the speed after thrust, numbered above, as many a row as keep a
    box `VELOCITY_WIDTH` wide; the document holds a game's worth of `velocity#t` boxes, a
    longer game (`turns`) gets more boxes of the same ids."""
    held = card.boxes("velocity")
    refs = [box.id for box in held[:card.turns]]
    refs += [f"velocity#{t}" for t in range(len(refs) + 1, card.turns + 1)] if held else []
    fit = max(1, int((width + 0.2) // (VELOCITY_WIDTH + 0.2)))
    rows = max(1, -(-len(refs) // fit))
    per_row = max(1, -(-len(refs) // rows))
    pitch = (width + 0.2) / per_row
    strips = []
    for start in range(0, len(refs), per_row):
        sketch = Sketch(f"card {card.name} velocity from {start + 1}")
        y = 0.0
        if start == 0:
            y = _heading(sketch, width, "Velocity", "the speed after thrust, each turn")
        for col, ref in enumerate(refs[start:start + per_row]):
            x = col * pitch
            sketch.text(x + (pitch - 0.2) / 2, y + 0.75 * SIZE * PT, str(start + col + 1),
                        SIZE, anchor="middle")
            sketch.rect(x, y + leading(SIZE), pitch - 0.2, VELOCITY_BOX, "box", ref=ref)
        strips.append(strip(sketch, y + leading(SIZE) + VELOCITY_BOX, "chart"))
    return strips


def hit_strip(card: Card, width: float) -> Strip:
    """The chance to hit by range (rules 4: a D20 at or over the range)."""
    combat = card.combat
    sides = combat.lasers.to_hit_die
    ranges = list(range(0, sides + 1))
    heads = ["Range", *("0-1" if r == 0 else str(r) for r in ranges if r != 1)]
    f = combat.figures
    chances = ["Hit %", *(f"{round(100 * hit_chance(f, r))}" for r in ranges if r != 1)]
    if to_hit(f, 0) != to_hit(f, 1):  # range 0 is its own column by another ruling
        heads = ["Range", *(str(r) for r in ranges)]
        chances = ["Hit %", *(f"{round(100 * hit_chance(f, r))}" for r in ranges)]
    heads.append(f"{sides + 1}+")
    chances.append("0")
    sketch = Sketch(f"card {card.name} to hit")
    heads[0], chances[0] = "Range", f"Hit % (D{sides})"
    y = table(sketch, 0, 0, width, [heads, chances], row_height=leading(SIZE) + 0.6)
    return strip(sketch, y, "chart")


def card_strips(card: Card, width: float) -> list[Strip]:
    """The card's strips, top to bottom."""
    return [title_strip(card, width), *damage_strips(card, width), figures_strip(card, width),
            *laser_strips(card, width), *ordnance_strips(card, width),
            *velocity_strips(card, width), hit_strip(card, width)]


def stacked(strips: Sequence[Strip], gap: float, name: str, width: float) -> Strip:
    """Strips one under the other in a frame: one card as one strip."""
    sketch = Sketch(f"card {name}")
    y = 1.5
    for piece in strips:
        for item in piece.items:
            sketch.add(moved(item, 2.0, y, piece.block))
        y += piece.height + gap
    y += 1.5 - gap
    sketch.rect(0, 0, width + 4.0, y, "frame")
    return Strip(y, tuple(sketch.items), sketch.block, "chart")
