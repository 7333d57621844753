"""Lay record sheets out as drawing primitives, once for every backend.

`layout(documents, ...)` turns SSD documents into pages of frozen primitives
(rectangles, text, lines, polygons) in millimetres from the top-left corner.
The SVG, PDF and text backends only draw these; none of them places anything
itself, so the sheets look the same in every format. Text is measured in the
fonts the PDF embeds (`core.lettering`: Helvetica's widths for Latin), which
the SVG fonts match closely.

Sheets per design (rules 2.1): the SSD (here), then the Capacitor Power
Management Form, the Acceleration Record and one compact acceleration record
per drone (`turn_forms.py`); a base (no engines, R11) has no Acceleration Record.
Large designs flow onto further SSD pages rather than shrinking boxes below
`BOX` millimetres.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from shipyard.core.document import Group, SsdDocument
from shipyard.core.drawing import (
    MARGIN,
    PAPERS,
    PT,
    Page,
    fit,
    middle,
    wrap,
)
from shipyard.core.protocol import DEFAULT_TURNS
from shipyard.core.sheet import written
from shipyard.rulesets.pentagon_war.sheet_canvas import (
    BOX,
    DRONE_MARKS,
    SHEET_TITLES,
    SHEETS,
    SheetCanvas,
)
from shipyard.rulesets.pentagon_war.turn_forms import accel, drone_records, drones_of, power

BOX_PITCH = 5.0
ROW_PITCH = 5.8
LABEL_COLUMN = 50.0
LABEL_SIZE = 7.5
LABEL_LEADING = 3.1


def _hexagon(cx: float, cy: float, radius: float) -> list[tuple[float, float]]:
    """A flat-topped hexagon: side 1 (front) on top, sides numbered clockwise (R13)."""
    return [(cx + radius * math.cos(math.radians(60 * k)),
             cy - radius * math.sin(math.radians(60 * k))) for k in range(6)]


def _toward(cx: float, cy: float, side: int, distance: float,
            turn: float = 0.0) -> tuple[float, float]:
    """The point `distance` from the centre toward the middle of `side` (1-6)."""
    angle = math.radians(90 - 60 * (side - 1) + turn)
    return (cx + distance * math.cos(angle), cy - distance * math.sin(angle))


def _title_block(c: SheetCanvas) -> None:
    doc, sheet = c.doc, c.doc.sheet
    c.block = "title"
    room = c.inner - (40 if doc.draft else 0)
    c.text(MARGIN, MARGIN + 6, fit(doc.name or "(unnamed)", 16, room, True), 16, bold=True)
    manned = "Manned" if doc.design.get("manned") else "Unmanned"
    kind = "base" if sheet["is_base"] else "spacecraft"
    facts = (f"{manned} {kind} - {doc.catalog.title} - size class {sheet['size_class_roman']}"
             f" - mass class {sheet['mass_class']} "
             f"({written(sheet['mass_class_exact'], mixed=True)})")
    c.text(MARGIN, MARGIN + 12, fit(facts, 8.5, c.inner), 8.5)
    budget = f" of {doc.budget}" if doc.budget is not None else ""
    c.text(MARGIN, MARGIN + 18, f"Points {sheet['total']}{budget}", 11, bold=True)
    counts = (f"{sheet['boxes']} boxes - hull {sheet['hull_boxes']} "
              f"({sheet['hull_forward']} fwd / {sheet['hull_aft']} aft) - final damage "
              f"{sheet['final_damage_boxes']}")
    c.text(MARGIN + c.inner, MARGIN + 18, fit(counts, 8, c.inner - 60), 8, anchor="end")
    c.line(MARGIN, MARGIN + 20.5, MARGIN + c.inner, MARGIN + 20.5, 0.4)
    c.y = MARGIN + 24


def _armor(c: SheetCanvas, top: float) -> float:
    """Armor per side on a hexagon with the front marked; returns the block's bottom."""
    c.block = "armor"
    armor = c.doc.sheet["armor_by_side"]
    radius = 13.0
    apothem = radius * math.sqrt(3) / 2
    cx, cy = MARGIN + 22, top + apothem + 7
    c.polygon(_hexagon(cx, cy, radius), "hexagon", width=0.35)
    front = _hexagon(cx, cy, radius)
    c.line(front[1][0], front[1][1], front[2][0], front[2][1], 0.9)
    c.polygon([(cx, cy - apothem - 6.2), (cx - 2.2, cy - apothem - 1.5),
               (cx + 2.2, cy - apothem - 1.5)], "arrow", "black", 0.2)
    for side in range(1, 7):
        x, y = _toward(cx, cy, side, apothem * 0.58)
        c.text(x, y + 0.3 * 8 * PT, str(armor[str(side)]), 8, bold=True, anchor="middle",
               reading=False)
        if side == 1:
            c.text(cx + 3.2, cy - apothem - 1.6, "1 front", 6.5, reading=False)
            continue
        x, y = _toward(cx, cy, side, apothem + 3.0)
        c.text(x, y + 0.3 * 6.5 * PT, str(side), 6.5, anchor="middle", reading=False)
    base = cy + apothem + 8.5
    c.text(cx, base, "Armor by side (1 = front)", 7, bold=True, anchor="middle")
    sides = [f"{s}: {armor[str(s)]}" for s in range(1, 7)]
    c.text(cx, base + 3.4, "   ".join(sides[:3]), 7, anchor="middle")
    c.text(cx, base + 6.8, "   ".join(sides[3:]), 7, anchor="middle")
    return base + 8.5


ARC_CELL = (28.0, 31.0)


def _arc_diagram(c: SheetCanvas, x: float, y: float, tag: str, group: Group,
                 order: Sequence[str]) -> None:
    """One weapon group's firing arcs as shaded wedges of a hexagon (R12, R13)."""
    radius = 8.0
    apothem = radius * math.sqrt(3) / 2
    cx, cy = x + ARC_CELL[0] / 2, y + 1.5 + apothem
    arcs = group.arcs or []
    for i, arc in enumerate(order):
        if arc not in arcs:
            continue
        # Arc i spans from the middle of side i+1 to the middle of side i+2 (R13).
        c.polygon([(cx, cy), _toward(cx, cy, i + 1, apothem),
                   _toward(cx, cy, i + 1, radius, -30), _toward(cx, cy, i + 2, apothem)],
                  "arc", "grey", 0.1)
    for side in range(1, 7):
        end = _toward(cx, cy, side, apothem)
        c.line(cx, cy, end[0], end[1], 0.1)
    c.polygon(_hexagon(cx, cy, radius), "hexagon", width=0.3)
    top = _hexagon(cx, cy, radius)
    c.line(top[1][0], top[1][1], top[2][0], top[2][1], 0.8)
    width = ARC_CELL[0] - 1.5
    base = cy + apothem + 3.6
    c.text(cx, base, fit(f"{tag} x{group.boxes}", 7, width, True), 7, bold=True,
           anchor="middle")
    name = group.label
    c.text(cx, base + 3.0, fit(name, 6.5, width), 6.5, anchor="middle")
    c.text(cx, base + 6.0, fit(" ".join(arcs) or "no arcs", 6.5, width), 6.5,
           anchor="middle")


def _tags(doc: SsdDocument) -> dict[str, str]:
    """Short tags linking each weapon row to its arc diagram: W1, W2, G1, ..."""
    tags: dict[str, str] = {}
    weapons = [g for g in doc.groups if g.id.startswith("weapons[")]
    guns = [g for g in doc.groups if g.id.startswith("guns[")]
    tags.update({g.id: f"W{i}" for i, g in enumerate(weapons, start=1)})
    tags.update({g.id: f"G{i}" for i, g in enumerate(guns, start=1)})
    return tags


def _legend(c: SheetCanvas, top: float, width: float) -> float:
    """Derived figures a player looks up during play; returns the block's bottom."""
    c.block = "legend"
    sheet = c.doc.sheet
    x = MARGIN + c.inner - width
    invisibility = sheet["radar_invisibility_power"]
    rows = [
        ("Radar rating", str(sheet["radar_rating"])),
        ("Radar invisibility power", f"{invisibility} / turn" if invisibility else "none"),
        ("Drones per impulse", str(sheet["drones_per_impulse"])),
        ("Explosion strength", written(sheet["explosion_strength"])),
        ("Engines for standard accel.", str(sheet["engines_for_standard"])),
        ("Engines fitted", str(sheet["box_counts"].get("engine", 0))),
    ]
    c.text(x + 2, top + 4.5, "Derived figures", 7.5, bold=True)
    y = top + 8.5
    for label, value in rows:
        c.text(x + 2, y, label, 7)
        c.text(x + width - 2, y, value, 7, bold=True, anchor="end")
        y += 3.5
    notes = ["Heavy box: the free radar 0 box."]
    weapons = [g.weapon for g in c.doc.groups if g.weapon]
    if weapons:
        marks = ", ".join(f"{DRONE_MARKS[w]} {w.replace('_', ' ')}"
                          for w in DRONE_MARKS if w in weapons)
        notes.append(f"Drone bays: {marks}.")
    for note in notes:
        for part in wrap(note, 6.5, width - 4):
            c.text(x + 2, y, part, 6.5)
            y += 3.0
    c.rect(x, top, width, y - top, "frame")
    return y


def _figures(c: SheetCanvas) -> None:
    """Armor hexagon, arc diagrams and the legend, side by side."""
    top = c.y
    legend_width = 56.0
    bottom = max(_armor(c, top), _legend(c, top, legend_width))
    c.block = "arcs"
    tags = _tags(c.doc)
    armed = [g for g in c.doc.groups if g.id in tags]
    order = c.doc.arc_order
    left = MARGIN + 48
    beside = max(1, int((c.inner - 48 - legend_width - 2) // ARC_CELL[0]))
    for i, group in enumerate(armed[: beside * 2]):
        row, col = divmod(i, beside)
        _arc_diagram(c, left + col * ARC_CELL[0], top + row * ARC_CELL[1], tags[group.id],
                     group, order)
        bottom = max(bottom, top + (row + 1) * ARC_CELL[1])
    c.y = bottom + 2
    rest = armed[beside * 2:]
    across = int(c.inner // ARC_CELL[0])
    for start in range(0, len(rest), across):
        c.need(ARC_CELL[1])
        c.block = "arcs"
        for col, group in enumerate(rest[start:start + across]):
            _arc_diagram(c, MARGIN + col * ARC_CELL[0], c.y, tags[group.id], group, order)
        c.y += ARC_CELL[1]
    c.block = "boxes"
    c.line(MARGIN, c.y, MARGIN + c.inner, c.y, 0.4)
    c.y += 3


def _group_label(group: Group, tags: dict[str, str]) -> str:
    tag = tags.get(group.id)
    arcs = f" ({', '.join(group.arcs)})" if group.arcs else ""
    name = f"{tag} {group.label}{arcs}" if tag else group.label
    return f"{name}: {group.boxes}"


def _mark(doc: SsdDocument, group: Group, index: int) -> str:
    if group.system == "radar":
        return str(doc.sheet["radar_track"][index])
    if group.weapon:
        return DRONE_MARKS.get(group.weapon, "?")
    return ""


def _box_rows(c: SheetCanvas) -> None:
    """Every box, in labelled rows grouped by system; rows flow onto new pages."""
    tags = _tags(c.doc)
    per_row = int((c.inner - LABEL_COLUMN + (BOX_PITCH - BOX)) // BOX_PITCH)
    left = MARGIN + LABEL_COLUMN
    track_end = len(c.doc.sheet["radar_track"]) - 1
    for group in c.doc.groups:
        c.block = "boxes"
        lines = wrap(_group_label(group, tags), LABEL_SIZE, LABEL_COLUMN - 4)
        box_rows = -(-group.boxes // per_row)
        label_rows = math.ceil(((len(lines) - 1) * LABEL_LEADING + BOX) / ROW_PITCH)
        for row in range(max(box_rows, label_rows)):
            broke = c.need(ROW_PITCH * (max(label_rows, 1) if row == 0 else 1))
            c.block = "boxes"
            if row == 0:
                for k, text in enumerate(lines):
                    c.text(MARGIN, middle(c.y, BOX, LABEL_SIZE) + k * LABEL_LEADING, text,
                           LABEL_SIZE, bold=k == 0)
            elif broke:
                label = fit(f"{group.label} (cont.)", LABEL_SIZE, LABEL_COLUMN - 4)
                c.text(MARGIN, middle(c.y, BOX, LABEL_SIZE), label, LABEL_SIZE)
            for col in range(per_row):
                index = row * per_row + col
                if index >= group.boxes:
                    break
                heavy = group.system == "radar" and index == track_end
                c.rect(left + col * BOX_PITCH, c.y, BOX, BOX, "box",
                       ref=f"{group.id}#{index + 1}", mark=_mark(c.doc, group, index),
                       heavy=heavy)
            c.y += ROW_PITCH
        c.y += 0.8


def _ssd(doc: SsdDocument, paper: tuple[float, float]) -> SheetCanvas:
    c = SheetCanvas(doc, "ssd", paper)
    _title_block(c)
    _figures(c)
    _box_rows(c)
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


def layout(documents: Sequence[SsdDocument], paper: str = "a4",
           sheets: Sequence[str] = SHEETS, turns: int = DEFAULT_TURNS) -> list[Page]:
    """Every page of every document's chosen sheets, in order (a fleet pack).

    The power form and the acceleration records cover `turns` turns.
    """
    size = PAPERS[paper]
    pages: list[Page] = []
    for doc in documents:
        stamp = doc.catalog
        right = f"Shipyard - {stamp.ruleset} catalog {stamp.version} - {stamp.digest[:12]}"
        for sheet in SHEETS:
            if sheet not in sheets or missing(doc, sheet) is not None:
                continue
            canvas = (_ssd(doc, size) if sheet == "ssd" else
                      {"power": power, "accel": accel, "drones": drone_records}[sheet](
                          doc, size, turns))
            draft = "DRAFT - " if doc.draft else ""
            name = doc.name or "(unnamed)"
            left = f"{draft}{name} - {SHEET_TITLES[sheet]}"
            pages.extend(canvas.finish(left, right))
    return pages
