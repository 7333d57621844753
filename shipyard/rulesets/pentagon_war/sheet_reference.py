"""The SSD's quick-reference block: the combat tables for what this design carries.

Every figure comes from the catalog's combat tables (`combat.toml`, read by
`engine.tables.load_combat`), so a house catalog prints its own: the URM, each
carried weapon's to-hit and damage by range or by roll (rules 2.4), point
defense (2.5), missiles and drones (2.6) and the damage allocation chart (2.7).
A weapon the design does not carry gets no table. Python holds the wording
and the rules' formulas (the 2d6 a shot needs, point defense's kill numbers),
never a table cell. Each section is a strip as wide as an SSD column.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from shipyard.core.document import SsdDocument
from shipyard.core.drawing import PT, SMALLEST, Sketch, fraction_text, leading, text_width, wrap
from shipyard.core.flow import Strip, strip
from shipyard.core.tabular import table
from shipyard.rulesets.pentagon_war.engine.table_entries import Steps, Table
from shipyard.rulesets.pentagon_war.engine.tables import Combat
from shipyard.rulesets.pentagon_war.engine.words import system_words


@dataclass(frozen=True)
class Room:
    """The width a section is laid out in and the size of its lettering."""

    width: float
    size: float = SMALLEST

    @property
    def head(self) -> float:
        return self.size + 1.0

CANNONS = ("proton_cannon", "electron_cannon")
GUN_KINDS = ("radiation_gun", "acid_gum_gun", "liquid_metal_gun")
REFERENCE_CLASS = 1  # the to-hit row is worked for a size class I target


def carried(doc: SsdDocument) -> set[str]:
    """What the design fires or launches: weapon and gun kinds, drone weapons, missiles."""
    design = doc.design
    kinds = {str(w.get("type")) for w in design.get("weapons", []) if isinstance(w, dict)}
    kinds |= {str(g.get("type")) for g in design.get("guns", []) if isinstance(g, dict)}
    counts = doc.sheet["box_counts"]
    drones = {g.weapon for g in doc.groups if g.system == "drone" and g.weapon}
    kinds |= {f"drone:{w}" for w in drones} | set(drones)
    for system in ("missile", "point_defense", "drone"):
        if counts.get(system, 0) > 0:
            kinds.add(system)
    return kinds


def mark(source: Table) -> str:
    """A heading's citation: the rule, and '*' for a reconstructed table."""
    return f"({source.rule}{'*' if source.source == 'reconstructed' else ''})"


def _heading(sketch: Sketch, room: Room, title: str, source: Table) -> float:
    sketch.text(0, 0.75 * room.head * PT, title, room.head, bold=True)
    sketch.text(room.width, 0.75 * room.head * PT, mark(source), room.size, anchor="end")
    return leading(room.head) + 0.3


def _section(name: str, room: Room, title: str, source: Table,
             body: Iterable[Sequence[Sequence[str]] | str]) -> Strip:
    """A heading, then tables (lists of rows) and notes (text), in order."""
    sketch = Sketch(f"reference {name}")
    y = _heading(sketch, room, title, source)
    for part in body:
        if isinstance(part, str):
            y = sketch.paragraph(0, y, room.width, part, room.size) + 0.6
        else:
            y += table(sketch, 0, y, room.width, part, size=room.size) + 1.2
    return strip(sketch, y, "ssd")


def bands(bounds: Sequence[int], beyond: bool = True) -> list[tuple[int, int | None]]:
    """Ranges between rising upper bounds: (low, high), and (last + 1, None) beyond."""
    found: list[tuple[int, int | None]] = []
    low = 0 if not bounds or bounds[0] >= 0 else bounds[0]
    for bound in bounds:
        found.append((low, bound))
        low = bound + 1
    if beyond:
        found.append((low, None))
    return found


def band_label(low: int, high: int | None, below: bool = False) -> str:
    if high is None:
        return f"{low}+"
    if below:
        return f"{high} or less"
    return str(low) if low == high else f"{low}-{high}"


def _roll_table(steps: Steps) -> list[list[str]]:
    """A table by modified roll: the first step covers every roll at or below it."""
    heads, values = ["Roll"], ["Damage"]
    low: int | None = None
    for bound, value in steps.steps:
        if low is None:
            heads.append(f"\u2264{bound}")
        else:
            heads.append(str(low) if low == bound else (
                f"{low} to {bound}" if low < 0 else f"{low}-{bound}"))
        values.append(str(value))
        low = bound + 1
    heads.append(f"{low}+")
    values.append(str(steps.beyond))
    return [heads, values]


def _needed(hit_on: int, urm: int, dice: int) -> str:
    """The dice total a shot needs at this URM against a size class I target."""
    needed = hit_on - REFERENCE_CLASS - urm
    if needed <= dice:
        return "any"
    return "-" if needed > 6 * dice else f"{needed}+"


def range_section(kinds: set[str], combat: Combat, room: Room) -> Strip:
    """URM, the roll a shot needs and each carried cannon's damage, by range (2.4)."""
    dice = combat.fire_dice.dice
    cannons = [k for k in CANNONS if k in kinds]
    tables: dict[str, Steps] = {"proton_cannon": combat.proton_cannon,
                                "electron_cannon": combat.electron_cannon}
    bounds = sorted({b for b, _ in combat.urm.steps}
                    | {b for k in cannons for b, _ in tables[k].steps})
    found = bands(bounds)
    rows = [["Range"] + [band_label(low, high) for low, high in found],
            ["URM"] + [f"{combat.urm.lookup(high if high is not None else low):+d}"
                       .replace("+0", "0") for low, high in found]]
    hits: list[tuple[str, int, int | None]] = []
    if cannons or "acid_gum_gun" in kinds:
        hit_on = combat.proton_cannon.hit_on
        hits.append((f"To hit {hit_on}+", hit_on, None))
    if "magnetic_beam" in kinds:
        beam = combat.magnetic_beam
        hits.append((f"Beam {beam.attach_on}+", beam.attach_on, beam.max_range))
    for label, hit_on, reach in hits:
        row = [label]
        for low, high in found:
            inside = reach is None or low <= reach
            key = high if high is not None else low
            row.append(_needed(hit_on, combat.urm.lookup(key), dice) if inside else "-")
        rows.append(row)
    for kind in cannons:
        row = [system_words(kind).capitalize().replace(" cannon", "")]
        row += [str(tables[kind].lookup(high if high is not None else low))
                for low, high in found]
        rows.append(row)
    notes = [f"Every shot: {dice}d6 + the target's size class + the URM."]
    if hits:
        notes.append(f"To hit: the {dice}d6 needed against size class I (one less a class "
                     "above).")
    if cannons:
        notes.append("Cannon rows: damage; where 0, no hit on size class 0.")
    failed, evasion = combat.lock_failure, combat.evasion
    notes.append(f"No lock-on: ranges x{failed.range_factor}. Evading: "
                 f"{evasion.fire_modifier:+d} to fire by or at the evader.")
    return _section("range", room, "Direct fire by range", combat.urm, [rows, " ".join(notes)])


def laser_section(combat: Combat, room: Room) -> Strip:
    laser = combat.laser
    return _section("laser", room, "Laser damage by modified roll", laser, [
        _roll_table(laser),
        f"Always reaches. A size class 0 target is destroyed on {laser.kill_size_zero}+."])


def radiation_section(combat: Combat, room: Room) -> Strip:
    gun = combat.radiation_gun
    limits = combat.fire_limits
    return _section("radiation", room, "Radiation gun damage by modified roll", gun, [
        _roll_table(gun),
        f"A size class 0 target is destroyed on {gun.kill_size_zero}+. Rests "
        f"{limits.radiation_rest_turns} turn after firing."])


def liquid_metal_section(combat: Combat, room: Room) -> Strip:
    bolt = combat.liquid_metal
    limits = combat.fire_limits
    flown = [str(k) for k in range(1, len(bolt.damage_by_hexes) + 1)]
    return _section("liquid metal", room, "Liquid metal bolt damage by hexes flown", bolt, [
        [["Hexes", *flown], ["Damage", *(str(d) for d in bolt.damage_by_hexes)]],
        f"The bolt flies {bolt.speed} hexes a turn and homes for {bolt.lifetime_impulses} "
        f"impulses. A shot uses {limits.liquid_metal_boxes_per_shot} boxes; none at range "
        f"{limits.liquid_metal_min_range - 1}; the gun rests "
        f"{limits.liquid_metal_rest_turns} turn after. Proton cannons may fire at a bolt "
        f"(size class {bolt.bolt_size_class}): every {bolt.points_per_erosion} points take "
        "1 off its damage."])


def acid_gum_section(combat: Combat, room: Room) -> Strip:
    gum, limits = combat.acid_gum, combat.fire_limits
    return _section("acid gum", room, "Acid gum", gum, [
        f"Hits on {gum.hit_on}+ (by range above): {gum.impact} damage on impact (screens "
        f"apply), then {gum.lingering} on each of the next {gum.lingering_impulses} "
        f"impulses (screens do not); armor takes all of it. A shot uses "
        f"{limits.acid_gum_boxes_per_shot} box of the track; {limits.acid_gum_shots_per_turn}"
        f" shot a turn, {limits.acid_gum_gap_impulses} impulses apart."])


def beam_section(combat: Combat, room: Room) -> Strip:
    beam, power = combat.magnetic_beam, combat.power
    return _section("magnetic beam", room, "Magnetic beam", beam, [
        f"Attaches on {beam.attach_on}+ within {beam.max_range} hexes; pushes or pulls the "
        f"target like {beam.engines} engine ({beam.engines_double} for "
        f"{power.magnetic_beam_double} capacitor), and the beamer feels the same force."])


def missile_section(combat: Combat, room: Room) -> Strip:
    missile, power = combat.missile, combat.power
    share = fraction_text(Fraction(1, missile.hex_share_divisor))
    shot = fraction_text(Fraction(missile.warhead, missile.destroyed_divisor))
    return _section("missiles", room, "Missiles", missile, [
        f"Speed {missile.speed} ({missile.rail_speed} rail-launched, {power.rail_launch} "
        f"capacitor), warhead {missile.warhead}, fuel for {missile.fuel} hexes. It hits on "
        f"entering the target's hex unless point defense stops it; everything else in the "
        f"hex takes {share} of the warhead. Shot down, it explodes for {shot}."])


def drone_section(doc: SsdDocument, combat: Combat, room: Room) -> Strip:
    drone = combat.drone
    return _section("drones", room, "Drones", drone, [
        f"Size class {drone.size_class}; {drone.shots_per_turn} shot a turn; "
        f"{drone.accelerations} accelerations. This craft launches up to "
        f"{doc.sheet['drones_per_impulse']} an impulse, their components within "
        f"{drone.launch_speed_spread} of its own. Point-defense drones rate "
        f"{drone.point_defense_rating}."])


def point_defense_section(boxes: int, combat: Combat, room: Room) -> Strip:
    """The kill number of each shot of one impulse, this craft's boxes all working (2.5)."""
    pd = combat.point_defense
    shots = range(1, boxes + 1)
    rows = [["Shot", *(str(k) for k in shots)],
            [f"1d{pd.die_sides} at or under",
             *(str(min(pd.rating_limit, boxes - k + 1)) for k in shots)]]
    return _section("point defense", room, "Point defense", pd, [
        rows,
        f"Rating {min(pd.rating_limit, boxes)} ({boxes} boxes). Against objects in this hex, "
        f"one shot a box; add the target's size class. A hit on a spacecraft scores "
        f"{pd.spacecraft_damage}. Evading: {-combat.evasion.point_defense_boxes} boxes "
        f"fewer; no lock-on: boxes divided by {combat.lock_failure.point_defense_divisor}."])


def chart_section(doc: SsdDocument, combat: Combat, room: Room) -> Strip:
    """The damage allocation chart (2.7), systems the craft lacks in brackets (R16)."""
    damage = combat.damage
    aboard = {k for k, v in doc.sheet["box_counts"].items() if v}
    aboard |= {"hull_forward", "hull_aft"} if "hull" in aboard else set()
    aboard |= {"main_control", "aux_control"} & {
        f"{g.id.split('.')[1]}_control" for g in doc.groups if g.system == "control"}
    armed = any(g.id.startswith(("weapons[", "guns[")) for g in doc.groups)
    aboard |= {"any_weapon"} if armed else set()

    def word(system: str) -> str:
        name = system_words(system).capitalize()
        return name if system in aboard else f"({name})"

    rows = [["", *(str(k) for k in range(1, 7))]]
    rows += [[str(r), *(word(s) for s in row)] for r, row in enumerate(damage.chart, 1)]
    sketch = Sketch("reference damage chart")
    y = _heading(sketch, room, "Damage allocation chart", damage)
    y += chart_table(sketch, y, room, rows, damage.forward_columns) + 1.2
    fall = " then ".join(f.replace("_", " ") for f in combat.fallthrough.order)
    note = (f"Two dice an interior point: the first the row, the second the column. Screens "
            f"once an impulse, then armor on the side hit, {damage.armor_per_box} point a "
            f"box. Columns 1-{damage.forward_columns}: the forward half. Hit through side "
            f"{damage.rear_side}: the first interior point to an "
            f"{damage.rear_first.replace('_', ' ')}. (In brackets): none aboard, the hit "
            f"goes to {fall} {mark(combat.fallthrough)}.")
    y = sketch.paragraph(0, y, room.width, note, room.size)
    return strip(sketch, y, "ssd")


def chart_table(sketch: Sketch, y: float, room: Room, rows: list[list[str]],
                forward: int) -> float:
    """The chart with two-line cells when a system's name is too wide for one; a heavier
    line after the `forward` columns (the forward half of the hull)."""
    size, width = room.size, room.width
    die = 5.0
    cell = (width - die) / 6
    line = leading(size)
    tall = any(text_width(c, size) > cell - 1.2 for row in rows[1:] for c in row[1:])
    height = (2 * line if tall else line) + 0.8
    top = y
    for r, row in enumerate(rows):
        row_height = line + 0.8 if r == 0 else height
        for c, text in enumerate(row):
            x = die / 2 if c == 0 else die + (c - 0.5) * cell
            parts = wrap(text, size, cell - 1.2) if c else [text]
            base = y + (row_height - line * len(parts)) / 2 + 0.75 * size * PT + 0.2
            sketch.lines(x, base, parts, size, bold=r == 0 or c == 0, anchor="middle")
        y += row_height
        if r < len(rows) - 1:
            sketch.line(0, y, width, y, 0.3 if r == 0 else 0.12)
    sketch.rect(0, top, width, y - top, "frame")
    sketch.line(die, top, die, y, 0.25)
    for c in range(1, 6):
        x = die + c * cell
        sketch.line(x, top, x, y, 0.35 if c == forward else 0.12)
    return y - top


def reference_strips(doc: SsdDocument, combat: Combat, width: float,
                     wide: float | None = None,
                     size: float = SMALLEST) -> list[tuple[bool, Strip]]:
    """The quick reference for `doc`, section by section: (across the page, strip). Every
    section is `width` mm wide, or `wide` for the wide tables when it is given; lettering
    of `size` points."""
    kinds = carried(doc)
    room = Room(width, size)
    across = Room(wide or width, size)
    found: list[tuple[bool, Strip]] = []
    if kinds & {*CANNONS, "acid_gum_gun", "magnetic_beam", "laser", "radiation_gun"}:
        found.append((wide is not None, range_section(kinds, combat, across)))
    makers = (("laser", laser_section), ("radiation_gun", radiation_section),
              ("liquid_metal_gun", liquid_metal_section), ("acid_gum_gun", acid_gum_section),
              ("magnetic_beam", beam_section), ("missile", missile_section))
    for kind, make in makers:
        if kind in kinds:
            is_wide = wide is not None and kind == "radiation_gun"
            found.append((is_wide, make(combat, across if is_wide else room)))
    if "drone" in kinds:
        found.append((False, drone_section(doc, combat, room)))
    boxes = doc.sheet["box_counts"].get("point_defense", 0)
    if boxes:
        found.append((False, point_defense_section(boxes, combat, room)))
    found.append((wide is not None, chart_section(doc, combat, across)))
    return found
