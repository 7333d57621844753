"""The pieces of a Spacecraft Systems Display, each a strip as wide as one SSD column.

The armor hexagon beside the derived figures, the firing-arc diagrams (three
to a row), and one strip for each row of boxes: a system's label at the left,
its boxes at the right, `size` millimetres square (the layout picks the
largest size that keeps the SSD on one page). A group taller than a column is
cut into strips of whole rows, the later ones labelled "(cont.)".
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from shipyard.core.document import Group, SsdDocument
from shipyard.core.drawing import (
    PT,
    SMALLEST,
    Sketch,
    leading,
    mark_room,
    middle,
    text_width,
    wrap,
)
from shipyard.core.flow import Strip, strip
from shipyard.core.sheet import written
from shipyard.rulesets.pentagon_war.engine.words import system_words
from shipyard.rulesets.pentagon_war.sheet_canvas import DRONE_MARKS

LABEL_COLUMN = 30.0  # mm for a box row's label, at the smallest lettering
BOX_GAP = 0.8  # mm between boxes of a row
ARC_CELL = 30.0  # mm across one arc diagram at the smallest lettering


def _hexagon(cx: float, cy: float, radius: float) -> list[tuple[float, float]]:
    """A flat-topped hexagon: side 1 (front) on top, sides numbered clockwise (R13)."""
    return [(cx + radius * math.cos(math.radians(60 * k)),
             cy - radius * math.sin(math.radians(60 * k))) for k in range(6)]


def toward(cx: float, cy: float, side: int, distance: float,
           turn: float = 0.0) -> tuple[float, float]:
    """The point `distance` from the centre toward the middle of `side` (1-6)."""
    angle = math.radians(90 - 60 * (side - 1) + turn)
    return (cx + distance * math.cos(angle), cy - distance * math.sin(angle))


def _armor(sketch: Sketch, armor: dict[str, int], size: float) -> float:
    """Armor per side on a hexagon with the front marked; the height drawn."""
    scale = size / SMALLEST
    radius = 11.5 * scale
    apothem = radius * math.sqrt(3) / 2
    cx, cy = 19.0 * scale, apothem + 8.5 * scale
    corners = _hexagon(cx, cy, radius)
    sketch.polygon(corners, "hexagon", width=0.35)
    sketch.line(corners[1][0], corners[1][1], corners[2][0], corners[2][1], 0.9)
    tip = cy - apothem - 6.5 * scale
    sketch.polygon([(cx, tip), (cx - 2.2 * scale, cy - apothem - 1.6),
                    (cx + 2.2 * scale, cy - apothem - 1.6)], "arrow", "black", 0.2)
    sketch.text(cx + 3.0 * scale, cy - apothem - 2.2, "1 front", size, reading=False)
    value = size + 1
    for side in range(1, 7):
        x, y = toward(cx, cy, side, apothem * 0.56)
        sketch.text(x, y + 0.3 * value * PT, str(armor[str(side)]), value, bold=True,
                    anchor="middle", reading=False)
        if side != 1:
            x, y = toward(cx, cy, side, apothem + 1.0 + 0.3 * size)
            sketch.text(x, y + 0.3 * size * PT, str(side), size, anchor="middle",
                        reading=False)
    below = cy + apothem + 1.0 + 0.3 * size + 0.3 * size * PT + 0.25 * size * PT
    base = below + 0.8 + 0.75 * size * PT
    sketch.text(cx, base, "Armor by side", size, bold=True, anchor="middle", reading=False)
    return base + 0.3 * size * PT + 0.8


def derived_rows(doc: SsdDocument) -> list[tuple[str, str]]:
    """The figures a player looks up in play, in the game's words."""
    sheet = doc.sheet
    invisibility = sheet["radar_invisibility_power"]
    counts = sheet["box_counts"]
    rows = [
        ("Radar rating", str(sheet["radar_rating"])),
        ("Radar invisibility power", f"{invisibility} a turn" if invisibility else "none"),
        ("Explosion strength", written(sheet["explosion_strength"])),
        ("Engines fitted", str(counts.get("engine", 0))),
        ("Engines for standard accel.", str(sheet["engines_for_standard"])),
        ("Size class modifier (shots at it)", f"+{sheet['size_class']}"),
    ]
    if counts.get("drone", 0):
        rows.insert(2, ("Drones launched per impulse", str(sheet["drones_per_impulse"])))
    return rows


def figures_strip(doc: SsdDocument, width: float, size: float = SMALLEST) -> Strip:
    """The armor hexagon and, beside it, the derived figures and the sheet's legend."""
    sketch = Sketch("figures")
    hexagon = _armor(sketch, doc.sheet["armor_by_side"], size)
    x = 42.0 * size / SMALLEST
    room = width - x
    head = size + 1
    sketch.text(x, 0.75 * head * PT, "Derived figures", head, bold=True)
    y = leading(head) + 0.75 * size * PT + 0.4
    for label, value in derived_rows(doc):
        sketch.text(width, y, value, size, bold=True, anchor="end")
        parts = wrap(label, size, room - text_width(value, size, True) - 2)
        y = sketch.lines(x, y, parts, size)
    notes = ["Heavy box: the free radar 0 box.", "*: a reconstructed table."]
    weapons = [g.weapon for g in doc.groups if g.weapon]
    if weapons:
        marks = ", ".join(f"{DRONE_MARKS[w]} {system_words(w)}" for w in DRONE_MARKS
                          if w in weapons)
        notes.insert(1, f"Drone bays: {marks}.")
    for note in notes:
        y = sketch.lines(x, y + 0.4, wrap(note, size, room), size) - 0.4
    return strip(sketch, max(hexagon, y - 0.75 * size * PT + 1.2), "ssd")


def tags(doc: SsdDocument) -> dict[str, str]:
    """Short tags linking each weapon row to its arc diagram: W1, W2, G1, ..."""
    found: dict[str, str] = {}
    weapons = [g for g in doc.groups if g.id.startswith("weapons[")]
    guns = [g for g in doc.groups if g.id.startswith("guns[")]
    found.update({g.id: f"W{i}" for i, g in enumerate(weapons, start=1)})
    found.update({g.id: f"G{i}" for i, g in enumerate(guns, start=1)})
    return found


def _arc_diagram(sketch: Sketch, x: float, tag: str, group: Group, order: Sequence[str],
                 width: float, size: float) -> float:
    """One weapon group's firing arcs as shaded wedges of a hexagon (R12, R13)."""
    radius = 7.5 * size / SMALLEST
    apothem = radius * math.sqrt(3) / 2
    cx, cy = x + width / 2, 1.0 + apothem
    arcs = group.arcs or []
    for i, arc in enumerate(order):
        if arc not in arcs:
            continue
        # Arc i spans from the middle of side i+1 to the middle of side i+2 (R13).
        sketch.polygon([(cx, cy), toward(cx, cy, i + 1, apothem),
                        toward(cx, cy, i + 1, radius, -30), toward(cx, cy, i + 2, apothem)],
                       "arc", "grey", 0.1)
    for side in range(1, 7):
        end = toward(cx, cy, side, apothem)
        sketch.line(cx, cy, end[0], end[1], 0.1)
    corners = _hexagon(cx, cy, radius)
    sketch.polygon(corners, "hexagon", width=0.3)
    sketch.line(corners[1][0], corners[1][1], corners[2][0], corners[2][1], 0.8)
    lines = [f"{tag} x{group.boxes}"]
    lines += wrap(group.label, size, width - 1)
    lines += wrap(" ".join(arcs) or "no arcs", size, width - 1)
    base = cy + apothem + 1.2 + 0.75 * size * PT
    sketch.text(cx, base, lines[0], size, bold=True, anchor="middle")
    below = sketch.lines(cx, base + leading(size), lines[1:], size, anchor="middle")
    return below - leading(size) + 0.3 * size * PT + 1.0


def arc_strips(doc: SsdDocument, width: float, size: float = SMALLEST) -> list[Strip]:
    """The arc diagrams of every weapon and gun, as many to a row as fit `width`."""
    found = tags(doc)
    armed = [g for g in doc.groups if g.id in found]
    across = max(1, int(width // (ARC_CELL * size / SMALLEST)))
    cell = width / across
    strips = []
    for start in range(0, len(armed), across):
        sketch = Sketch(f"arcs from {start + 1}")
        height = max(_arc_diagram(sketch, col * cell, found[g.id], g, doc.arc_order, cell,
                                  size)
                     for col, g in enumerate(armed[start:start + across]))
        strips.append(strip(sketch, height, "ssd"))
    return strips


def group_label(group: Group, found: dict[str, str]) -> str:
    tag = found.get(group.id)
    arcs = f" ({', '.join(group.arcs)})" if group.arcs else ""
    name = f"{tag} {group.label}{arcs}" if tag else group.label
    return f"{name}: {group.boxes}"


def _mark(doc: SsdDocument, group: Group, index: int) -> str:
    if group.system == "radar":
        return str(doc.sheet["radar_track"][index])
    if group.weapon:
        return DRONE_MARKS.get(group.weapon, "?")
    return ""


def row_air(size: float) -> float:
    """Air between rows of boxes: more around large boxes."""
    return max(0.9, 0.2 * size)


@dataclass(frozen=True)
class Boxes:
    """How one group's boxes are drawn: `size` mm tall, `width` wide (room for a mark),
    `per_row` to a row."""

    doc: SsdDocument
    group: Group
    size: float
    width: float
    per_row: int

    @property
    def rows(self) -> int:
        return -(-self.group.boxes // self.per_row)

    @property
    def pitch(self) -> float:
        return self.size + row_air(self.size)

    def draw(self, sketch: Sketch, x: float, y: float, first: int, last: int) -> None:
        """Rows `first` to `last` (exclusive) of the boxes from (`x`, `y`)."""
        group = self.group
        track_end = len(self.doc.sheet["radar_track"]) - 1
        for row in range(first, last):
            for col in range(self.per_row):
                index = row * self.per_row + col
                if index >= group.boxes:
                    break
                sketch.rect(x + col * (self.width + BOX_GAP), y + (row - first) * self.pitch,
                            self.width, self.size, "box", ref=f"{group.id}#{index + 1}",
                            mark=_mark(self.doc, group, index),
                            heavy=group.system == "radar" and index == track_end)


def _boxes(doc: SsdDocument, group: Group, size: float, room: float) -> Boxes:
    marks = {_mark(doc, group, i) for i in range(group.boxes)} if (
        group.system == "radar" or group.weapon) else set()
    width = max([size, *(mark_room(m) for m in marks)])
    return Boxes(doc, group, size, width, max(1, int((room + BOX_GAP) // (width + BOX_GAP))))


def families(groups: Sequence[Group]) -> list[list[Group]]:
    """Runs of groups of one system whose labels share their first words ("Armor side 1",
    "Armor side 2", ...; "Hull forward", "Hull aft"); any other group alone."""
    runs: list[list[Group]] = []
    for group in groups:
        last = runs[-1] if runs else None
        if last and last[-1].system == group.system and _prefix([*last, group]):
            last.append(group)
        else:
            runs.append([group])
    return runs


def _prefix(groups: Sequence[Group]) -> str:
    """The words every label of `groups` begins with, if each has a word more."""
    words = [g.label.split() for g in groups]
    common: list[str] = []
    for column in zip(*words, strict=False):
        if len(set(column)) != 1:
            break
        common.append(column[0])
    return " ".join(common) if common and all(len(w) > len(common) for w in words) else ""


def _family_strip(doc: SsdDocument, family: Sequence[Group], width: float, size: float,
                  lettering: float) -> Strip:
    """One system's parts under one label: "Armor side", then "1: 3", "2: 2", ...; the
    parts' boxes in line with the other groups' where that costs no height."""
    prefix = _prefix(family)
    parts = [f"{g.label[len(prefix):].strip()}: {g.boxes}" for g in family]
    line = leading(lettering)
    narrow = max(text_width(t, lettering, True) for t in parts) + 3
    aligned = LABEL_COLUMN * lettering / SMALLEST

    def rows(column: float) -> int:
        return sum(_boxes(doc, g, size, width - column).rows for g in family)

    column = aligned if rows(aligned) <= rows(narrow) else narrow
    sketch = Sketch(f"boxes {family[0].id} and on")
    label = wrap(prefix, lettering, width, bold=True)
    sketch.lines(0, 0.75 * lettering * PT + 0.2, label, lettering, bold=True)
    y = len(label) * line + 0.5
    for group, part in zip(family, parts, strict=True):
        boxes = _boxes(doc, group, size, width - column)
        sketch.text(column - narrow + 1 if column == aligned else 0,
                    middle(y, size, lettering), part, lettering, bold=True)
        boxes.draw(sketch, column, y, 0, boxes.rows)
        y += boxes.rows * boxes.pitch
    return strip(sketch, y - row_air(size), "ssd")


def _group_strips(doc: SsdDocument, group: Group, found: dict[str, str], width: float,
                  size: float, column: float, lettering: float) -> list[Strip]:
    """One group's strips: its label beside its boxes, or above them across the whole width
    when that is shorter; cut into strips of whole rows where taller than `column`."""
    line = leading(lettering)
    label_column = LABEL_COLUMN * lettering / SMALLEST
    text = group_label(group, found)
    beside = _boxes(doc, group, size, width - label_column)
    across = _boxes(doc, group, size, width)
    words_beside = wrap(text, lettering, label_column - 1.5, bold=True)
    words_above = wrap(text, lettering, width, bold=True)
    tall_beside = max(beside.rows * beside.pitch, len(words_beside) * line)
    tall_above = len(words_above) * line + 0.5 + across.rows * across.pitch
    on_top = tall_above < tall_beside - 0.01
    boxes, label = (across, words_above) if on_top else (beside, words_beside)
    left = 0.0 if on_top else label_column
    top = len(words_above) * line + 0.5 if on_top else 0.0
    chunk = max(1, int((column - top + row_air(size)) // boxes.pitch))
    strips = []
    for first in range(0, boxes.rows, chunk):
        sketch = Sketch(f"boxes {group.id} from {first + 1}")
        words = label if first == 0 else wrap(f"{group.label} (cont.)", lettering,
                                              width if on_top else label_column - 1.5,
                                              bold=True)
        if on_top:
            sketch.lines(0, 0.75 * lettering * PT + 0.2, words, lettering, bold=True)
        else:
            sketch.lines(0, middle(0, size, lettering), words, lettering, bold=True)
        last = min(boxes.rows, first + chunk)
        boxes.draw(sketch, left, top, first, last)
        height = top + (last - first) * boxes.pitch - row_air(size)
        if not on_top:  # down to the last label line's descenders
            bottom = middle(0, size, lettering) + (len(words) - 1) * line
            height = max(height, bottom + 0.25 * lettering * PT)
        strips.append(strip(sketch, height, "ssd"))
    return strips


def box_strips(doc: SsdDocument, width: float, size: float, column: float,
               lettering: float = SMALLEST) -> list[Strip]:
    """The strips of every box of the SSD, in document order, boxes `size` mm square: a
    system's parts (armor sides, hull halves) together under one label, every other group
    on its own; nothing taller than `column` mm."""
    found = tags(doc)
    strips: list[Strip] = []
    for family in families(doc.groups):
        if len(family) > 1:
            piece = _family_strip(doc, family, width, size, lettering)
            if piece.height <= column:
                strips.append(piece)
                continue
        for group in family:
            strips += _group_strips(doc, group, found, width, size, column, lettering)
    return strips
