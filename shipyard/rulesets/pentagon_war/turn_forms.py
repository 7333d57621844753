"""The turn-by-turn forms: power form, acceleration record, drone records.

Unlike the SSD, these sheets grow with the length of a game: each one covers
`turns` turns (a whole game, 20 by default) and flows onto further pages
rather than stopping where the first page ends. Drones have no SSD and no
power form, but each keeps an acceleration record of its own (rules 2.1);
theirs are compact grids, several to a page, after the carrier's sheets.
"""

from __future__ import annotations

from dataclasses import dataclass

from shipyard.core.document import SsdDocument
from shipyard.core.drawing import MARGIN, fit, middle, text_width
from shipyard.rulesets.pentagon_war.sheet_canvas import DRONE_MARKS, SheetCanvas

# The 13 lines of the Capacitor Power Management Form (rules 2.1).
POWER_LINES = (
    "Capacitors available",
    "Radar invisibility",
    "ECM",
    "ECCM",
    "Double magnetic beams",
    "Fire mag. beam at LMGB",
    "Rail launch missile",
    "Reinforce screens",
    "Fire laser",
    "Fire proton cannon",
    "Fire electron cannon",
    "Power lost to damage",
    "Total capacitors discharged",
)
TURN_START_LINES = (2, 3, 4)  # allocated only at the start of a turn (rules 2.1)
IMPULSES = 12  # impulses per turn (2.1)


def power(doc: SsdDocument, paper: tuple[float, float], turns: int) -> SheetCanvas:
    """The Capacitor Power Management Form: 13 lines, one column per turn (rules 2.1)."""
    c = SheetCanvas(doc, "power", paper)
    sheet = doc.sheet
    capacitors = sheet["box_counts"].get("capacitor", 0)
    invisibility = sheet["radar_invisibility_power"]
    c.block = "facts"
    facts = (f"Size class {sheet['size_class_roman']} - {capacitors} capacitors - radar "
             f"invisibility {f'{invisibility} per turn' if invisibility else 'not fitted'}")
    c.text(MARGIN, c.y + 1, fit(facts, 8, c.inner), 8)
    c.y += 5
    label_width = 70.0
    per_table = int((c.inner - label_width) // 10)
    cell = (c.inner - label_width) / per_table
    row_height = 7.0
    hints = {2: f"{invisibility} at turn start" if invisibility else "not fitted",
             3: "turn start", 4: "turn start", 13: "max line 1"}
    for first in range(1, turns + 1, per_table):
        c.need(6 + row_height * len(POWER_LINES))
        c.block = f"turns from {first}"
        columns = min(per_table, turns - first + 1)
        c.text(MARGIN + 1, middle(c.y, 6, 7.5), "Line", 7.5, bold=True)
        for t in range(columns):
            c.text(MARGIN + label_width + (t + 0.5) * cell, middle(c.y, 6, 7.5),
                   f"T{first + t}", 7.5, bold=True, anchor="middle")
        c.y += 6
        for number, label in enumerate(POWER_LINES, start=1):
            base = middle(c.y, row_height, 7.5)
            c.text(MARGIN + 1, base, f"{number}. {label}", 7.5, bold=number in (1, 13))
            if number in hints:
                c.text(MARGIN + label_width - 1.5, base, hints[number], 6, anchor="end")
            for t in range(columns):
                c.rect(MARGIN + label_width + t * cell, c.y, cell, row_height, "cell",
                       heavy=number in (1, 13))
            c.y += row_height
        c.y += 7
    return c


def accel(doc: SsdDocument, paper: tuple[float, float], turns: int) -> SheetCanvas:
    """The Acceleration Record: A and C components and 12 impulse lines per turn."""
    c = SheetCanvas(doc, "accel", paper)
    sheet = doc.sheet
    c.block = "facts"
    manned = "manned" if doc.design.get("manned") else "unmanned"
    engines = sheet["box_counts"].get("engine", 0)
    facts = (f"Size class {sheet['size_class_roman']} - {manned} - {engines} engines; "
             f"standard acceleration needs {sheet['engines_for_standard']}")
    c.text(MARGIN, c.y + 1, fit(facts, 8, c.inner), 8)
    c.y += 5
    columns = 4  # twelve turns to a page: a 20-turn game on two pages
    width = c.inner / columns
    pitch = 4.6
    height = 6 + pitch * (IMPULSES + 2) + 1.5 + 4
    rows = ["A component", "C component"] + [f"Impulse {i}" for i in range(1, IMPULSES + 1)]
    for first in range(1, turns + 1, columns):
        c.need(height)
        c.block = f"turns from {first}"
        for col, turn in enumerate(range(first, min(first + columns, turns + 1))):
            x = MARGIN + col * width
            c.text(x + 1, c.y + 4, f"Turn {turn}", 8.5, bold=True)
            y = c.y + 6
            for i, label in enumerate(rows):
                c.text(x + 1, middle(y, pitch, 7), label, 7, bold=i < 2)
                c.rect(x + 22, y + 0.3, width - 25, pitch - 0.6, "cell", heavy=i < 2)
                y += pitch
                if i == 1:
                    y += 1.5  # set the two components apart from the impulse lines
        c.y += height
    return c


@dataclass(frozen=True)
class Drone:
    """One drone: its tag (the SSD's bay mark and a running number), bay box and row."""

    tag: str
    ref: str  # the SSD box of its drone bay, `drones[i]#k`
    bay: str  # e.g. "Laser drone bays, box 3 of 12"


def drones_of(doc: SsdDocument) -> list[Drone]:
    """One drone per drone bay box, numbered per bay mark in SSD order (L1, L2, ... P1)."""
    numbers: dict[str, int] = {}
    found = []
    for group in doc.groups:
        if group.system != "drone":
            continue
        mark = DRONE_MARKS.get(group.weapon or "", "D")
        for k in range(1, group.boxes + 1):
            numbers[mark] = numbers.get(mark, 0) + 1
            found.append(Drone(f"{mark}{numbers[mark]}", f"{group.id}#{k}",
                               f"{group.label}, box {k} of {group.boxes}"))
    return found


DRONE_PITCH = 4.6  # one row per turn
DRONE_HEAD = 9.5  # the drone's label and the column headings
DRONE_GAP = 5.0


def _drone_record(c: SheetCanvas, x: float, width: float, drone: Drone, first: int,
                  last: int, turns: int) -> None:
    """A drone's record for turns `first`..`last`: A, C and the 12 impulses per row."""
    label = f"Drone {drone.tag}"
    c.text(x, c.y + 3.5, label, 8.5, bold=True)
    aside = x + text_width(label, 8.5, True) + 2.5
    more = f" - turns {first}-{last}" if first > 1 or last < turns else ""
    c.text(aside, c.y + 3.5, fit(drone.bay + more, 7, x + width - aside), 7)
    turn_column = 8.0
    cell = (width - turn_column - 1) / (IMPULSES + 2)
    lefts = [x + turn_column + i * cell + (1 if i >= 2 else 0) for i in range(IMPULSES + 2)]
    heads = ["A", "C"] + [str(i) for i in range(1, IMPULSES + 1)]
    for left, head in zip(lefts, heads, strict=True):
        c.text(left + cell / 2, c.y + 8, head, 6, bold=head in ("A", "C"), anchor="middle")
    y = c.y + DRONE_HEAD
    for turn in range(first, last + 1):
        c.text(x, middle(y, DRONE_PITCH, 6.5), f"T{turn}", 6.5)
        for i, left in enumerate(lefts):
            c.rect(left, y, cell, DRONE_PITCH, "cell", heavy=i < 2)
        y += DRONE_PITCH


def drone_records(doc: SsdDocument, paper: tuple[float, float], turns: int) -> SheetCanvas:
    """Compact acceleration records, one per drone, two across and as many down as fit."""
    c = SheetCanvas(doc, "drones", paper)
    found = drones_of(doc)
    c.block = "facts"
    facts = (f"{len(found)} drones, one record each, tagged with the bay mark of the "
             f"Systems Display: A and C components, then impulses 1-{IMPULSES}, per turn")
    c.text(MARGIN, c.y + 1, fit(facts, 8, c.inner), 8)
    c.y += 5
    across = 2
    width = (c.inner - DRONE_GAP * (across - 1)) / across
    # A record taller than a page is cut into runs of turns, each run one record.
    room = c.bottom - c.y - DRONE_HEAD - DRONE_GAP
    run = max(1, min(turns, int(room // DRONE_PITCH)))
    records = [(drone, first, min(first + run - 1, turns))
               for drone in found for first in range(1, turns + 1, run)]
    height = DRONE_HEAD + run * DRONE_PITCH + DRONE_GAP
    for start in range(0, len(records), across):
        c.need(height - DRONE_GAP)
        c.block = f"records from {start + 1}"  # one block a row: side by side as text too
        for col, (drone, first, last) in enumerate(records[start:start + across]):
            _drone_record(c, MARGIN + col * (width + DRONE_GAP), width, drone, first, last,
                          turns)
        c.y += height
    return c
