"""The turn-by-turn forms: power form, acceleration record, drone records, as blocks.

Unlike the SSD these grow with the length of a game: each covers `turns`
turns (a whole game, 20 by default). Each form is a block (`core.flow`) that
the layout packs with the other forms of the same export: the power form and
the craft's own acceleration record across the page, drones' records (rules
2.1: drones keep one each, and no SSD) two across. Rows stretch from `LOW` to
`HIGH` millimetres so that every page is filled; a form longer than a page is
cut into runs of turns, each its own block.

The power form prints, line by line, what one unit of capacitor power buys
and this design's own limits (its capacitors, its radar rating for ECM and
ECCM, its screens), from the catalog's combat tables.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from shipyard.core.document import SsdDocument
from shipyard.core.drawing import (
    PT,
    SMALLEST,
    Sketch,
    fitted,
    fraction_text,
    leading,
    middle,
    text_width,
    wrap,
)
from shipyard.core.flow import Block
from shipyard.core.protocol import DEFAULT_TURNS
from shipyard.rulesets.pentagon_war.catalog import Catalog
from shipyard.rulesets.pentagon_war.engine.tables import Combat
from shipyard.rulesets.pentagon_war.sheet_canvas import DRONE_MARKS, SHEET_TITLES

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
LOW, HIGH = 4.2, 7.5  # mm a row: the smallest a pen writes in, the most a page stretches to
SIZE = SMALLEST
HEAD = 10.0
HEADING = 9.0  # mm above a drone record's table: its title
TURN_CELL = 5.4  # mm: the narrowest column a turn's figure is written in


@dataclass(frozen=True)
class Forms:
    """What the forms of one design read: its document and its catalog's tables."""

    doc: SsdDocument
    combat: Combat
    catalog: Catalog
    turns: int = DEFAULT_TURNS  # the game's length: a form of fewer turns says which

    def span(self, first: int, last: int) -> str:
        """"turns 21-40" for a form that holds part of the game, else nothing."""
        return "" if (first, last) == (1, self.turns) else f"turns {first}-{last}"

    @property
    def name(self) -> str:
        return self.doc.name or "(unnamed)"


@dataclass(frozen=True)
class Heading:
    """A form's heading, planned for its width: the title lines, then the facts (or the
    facts at the right of a lone title line)."""

    title: tuple[str, ...]
    size: float
    facts: tuple[str, ...]
    beside: bool

    @property
    def height(self) -> float:
        lines = len(self.title) * leading(self.size)
        if not self.beside:
            lines += len(self.facts) * leading(SIZE)
        return lines + 1.6

    def draw(self, sketch: Sketch, width: float) -> float:
        y = sketch.lines(0, 0.75 * self.size * PT + 0.2, self.title, self.size, bold=True)
        if self.beside:
            sketch.text(width, 0.75 * self.size * PT + 0.2, self.facts[0], SIZE, anchor="end")
        else:
            sketch.lines(0, y - leading(self.size) + leading(SIZE), self.facts, SIZE)
        return self.height


def heading(forms: Forms, title: str, facts: str, width: float) -> Heading:
    """Title and ship (with its class when it is not named after its design), then facts."""
    draft = "DRAFT - " if forms.doc.draft else ""
    design = str(forms.doc.design.get("name") or "")
    named = f" ({design} class)" if design and design != forms.doc.name else ""
    text = f"{draft}{title}: {forms.name}{named}"
    if text_width(text, HEAD, True) + 4 + text_width(facts, SIZE) <= width:
        return Heading((text,), HEAD, (facts,), True)
    size, lines = fitted(text, HEAD, width, bold=True, lines=2)
    return Heading(tuple(lines), size, tuple(wrap(facts, SIZE, width)), False)


def power_costs(forms: Forms) -> list[str]:
    """What one unit buys on each of the 13 lines, and this design's limits (2.2)."""
    sheet, combat = forms.doc.sheet, forms.combat
    power, counts = combat.power, sheet["box_counts"]
    capacitors = counts.get("capacitor", 0)
    options = forms.doc.design.get("options", {})
    factor = power.special_electronics_factor if isinstance(options, dict) and options.get(
        "special_electronics") else 1
    limit = sheet["radar_rating"] * factor
    invisibility = sheet["radar_invisibility_power"]
    per_class = forms.catalog.construction.power.radar_invisibility_per_size_class
    screens = counts.get("screen", 0)

    def per(cost: int, unit: str, system: str, none: str) -> str:
        return f"{cost} per {unit}" if counts.get(system, 0) else none

    return [
        f"at most {capacitors}",
        (f"{invisibility} ({per_class} x size {sheet['size_class_roman']})" if invisibility
         else "not fitted"),
        f"{power.ecm_point} per point, up to {limit}",
        f"{power.eccm_point} per point, up to {limit}",
        per(power.magnetic_beam_double, "beam", "magnetic_beam", "no beams"),
        per(power.magnetic_beam_at_bolt, "beam", "magnetic_beam", "no beams"),
        per(power.rail_launch, "missile", "missile", "no missiles"),
        (f"{power.screen_reinforcement} per +1, up to +{power.reinforcement_limit * screens}"
         if screens else "no screens"),
        per(power.laser, "laser", "laser", "no lasers"),
        per(power.proton_cannon, "cannon", "proton_cannon", "no proton cannons"),
        per(power.electron_cannon, "cannon", "electron_cannon", "no electron cannons"),
        "1 per charged capacitor hit",
        "at most line 1",
    ]


def _unusable(cost: str) -> bool:
    return cost.startswith(("no ", "not "))


def power_blocks(forms: Forms, turns: int, width: float) -> list[Block]:
    """The power form for turns 1..`turns`: one block, or several runs of turns where the
    turn columns would be narrower than `TURN_CELL`."""
    costs = power_costs(forms)
    labels = [f"{n}. {label}" for n, label in enumerate(POWER_LINES, start=1)]
    label_width = max(text_width(t, SIZE, True) for t in labels) + 2
    cost_width = max(text_width(t, SIZE) for t in [*costs, "Power per use"]) + 2
    most = max(1, int((width - label_width - cost_width) // TURN_CELL))
    return [power_block(forms, first, last, width, costs, (label_width, cost_width))
            for first, last in runs(turns, most)]


def power_block(forms: Forms, first: int, last: int, width: float, costs: list[str],
                columns: tuple[float, float]) -> Block:
    """The Capacitor Power Management Form for turns `first`..`last` (rules 2.1, 2.2)."""
    sheet = forms.doc.sheet
    capacitors = sheet["box_counts"].get("capacitor", 0)
    span = forms.span(first, last)
    facts = " - ".join(part for part in (
        span, f"{capacitors} capacitors", f"size class {sheet['size_class_roman']}",
        "lines 2-4 at the start of a turn only") if part)
    labels = [f"{n}. {label}" for n, label in enumerate(POWER_LINES, start=1)]
    label_width, cost_width = columns
    head = heading(forms, SHEET_TITLES["power"], facts, width)

    def draw(sketch: Sketch, width: float, pitch: float) -> float:
        y = head.draw(sketch, width)
        cells = last - first + 1
        cell = (width - label_width - cost_width) / cells
        left = label_width + cost_width
        sketch.text(0.5, middle(y, 4.6, SIZE), "Line", SIZE, bold=True)
        sketch.text(label_width, middle(y, 4.6, SIZE), "Power per use", SIZE, bold=True)
        for t in range(cells):
            sketch.text(left + (t + 0.5) * cell, middle(y, 4.6, SIZE), str(first + t), SIZE,
                        bold=True, anchor="middle")
        y += 4.6
        for number, (label, cost) in enumerate(zip(labels, costs, strict=True), start=1):
            base = middle(y, pitch, SIZE)
            sketch.text(0.5, base, label, SIZE, bold=number in (1, 13))
            sketch.text(label_width, base, cost, SIZE)
            if _unusable(cost):
                sketch.polygon([(left, y), (width, y), (width, y + pitch), (left, y + pitch)],
                               "shade", "grey", 0.1)
            for t in range(cells):
                sketch.rect(left + t * cell, y, cell, pitch, "cell", heavy=number in (1, 13))
            sketch.line(0, y + pitch, left, y + pitch, 0.1)
            y += pitch
        return y

    return Block(2, head.height + 4.6, len(POWER_LINES), draw,
                 f"power {forms.name} from {first}", "power")


def accel_block(forms: Forms, first: int, last: int, width: float) -> Block:
    """The craft's Acceleration Record: a row a turn, its A and C components and what it
    does on each of the impulses (rules 2.1, 2.3)."""
    sheet, movement = forms.doc.sheet, forms.combat.movement
    impulses = forms.combat.turn.impulses
    engines = sheet["box_counts"].get("engine", 0)
    if forms.doc.design.get("manned"):
        rate = f"manned: {fraction_text(movement.manned_acceleration)} hex/turn/turn"
    else:
        each = Fraction(movement.standard_acceleration) / impulses
        rate = (f"standard {fraction_text(movement.standard_acceleration)} hex/turn/turn "
                f"({fraction_text(each)} an impulse) needs {sheet['engines_for_standard']}")
    span = forms.span(first, last)
    facts = " - ".join(part for part in (
        span, f"{engines} engines", rate, f"top speed {movement.top_speed}") if part)
    heads = ["A", "C", *(str(i) for i in range(1, impulses + 1))]
    head = heading(forms, SHEET_TITLES["accel"], facts, width)

    def draw(sketch: Sketch, width: float, pitch: float) -> float:
        y0 = head.draw(sketch, width)
        turn_column = 10.0
        component = 15.0
        cell = (width - turn_column - 2 * component) / impulses
        lefts = [turn_column, turn_column + component] + [
            turn_column + 2 * component + i * cell for i in range(impulses)]
        widths = [component, component] + [cell] * impulses
        y = y0
        sketch.text(0.5, middle(y, 4.6, SIZE), "Turn", SIZE, bold=True)
        for left, cell_width, word in zip(lefts, widths, heads, strict=True):
            sketch.text(left + cell_width / 2, middle(y, 4.6, SIZE), word, SIZE, bold=True,
                        anchor="middle")
        y += 4.6
        for turn in range(first, last + 1):
            sketch.text(turn_column - 1.5, middle(y, pitch, SIZE), str(turn), SIZE,
                        bold=True, anchor="end")
            for k, (left, cell_width) in enumerate(zip(lefts, widths, strict=True)):
                sketch.rect(left, y, cell_width, pitch, "cell", heavy=k < 2)
            y += pitch
        return y

    return Block(2, head.height + 4.6, last - first + 1, draw,
                 f"accel {forms.name} from {first}", "accel")


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


def drone_block(forms: Forms, drone: Drone, first: int, last: int, width: float) -> Block:
    """A drone's record for turns `first`..`last`: A, C and the impulses, a row a turn."""
    impulses = forms.combat.turn.impulses
    span = forms.span(first, last)
    more = f", {span}" if span else ""
    heads = ["A", "C", *(str(i) for i in range(1, impulses + 1))]
    label = f"Drone {drone.tag}"
    aside = text_width(label, HEAD, True) + 2
    # The carrier's name when it fits: the page's heading names every ship.
    words = f"{forms.name}: {drone.bay}{more}"
    if text_width(words, SIZE) > width - aside:
        words = f"{drone.bay}{more}"
    lines = wrap(words, SIZE, width - aside)
    top = HEADING + (len(lines) - 1) * leading(SIZE)

    def draw(sketch: Sketch, width: float, pitch: float) -> float:
        sketch.text(0, 0.75 * HEAD * PT + 0.2, label, HEAD, bold=True)
        sketch.lines(aside, 0.75 * HEAD * PT + 0.2, lines, SIZE)
        turn_column = 8.0
        cell = (width - turn_column - 1) / len(heads)
        lefts = [turn_column + i * cell + (1 if i >= 2 else 0) for i in range(len(heads))]
        y = top
        for left, head in zip(lefts, heads, strict=True):
            sketch.text(left + cell / 2, middle(y, 4.6, SIZE), head, SIZE,
                        bold=head in ("A", "C"), anchor="middle")
        y += 4.6
        for turn in range(first, last + 1):
            sketch.text(turn_column - 1.2, middle(y, pitch, SIZE), f"T{turn}", SIZE,
                        anchor="end")
            for i, left in enumerate(lefts):
                sketch.rect(left, y, cell, pitch, "cell", heavy=i < 2)
            y += pitch
        return y

    return Block(1, top + 4.6, last - first + 1, draw,
                 f"drone {drone.tag} {forms.name} from {first}", "drones")


def runs(turns: int, most: int) -> list[tuple[int, int]]:
    """Turns 1..`turns` cut into even runs of at most `most` turns."""
    count = -(-turns // max(1, most))
    size = -(-turns // count)
    return [(first, min(first + size - 1, turns)) for first in range(1, turns + 1, size)]
