"""The Tacship rules in brief, printed once beside the fighters' cards (or under a flight's
roster): the turn sequence, movement with its turn cost by speed, lasers, damage and
ordnance with the warhead's damage by distance.

Every figure comes from the catalog's combat tables (`combat.toml`, read by
`engine.tables.load_combat`); Python holds the wording. The text is never
smaller than `SMALLEST` points: the layout letters it as large as its room
allows, up to `LARGEST`.
"""

from __future__ import annotations

from shipyard.core.drawing import PT, SMALLEST, Sketch, leading
from shipyard.core.flow import Strip, strip
from shipyard.core.tabular import table
from shipyard.rulesets.tacship.engine.tables import Blast, Combat
from shipyard.rulesets.tacship.rules.movement import turn_cost

LARGEST = 12.0  # points: the most the rules are lettered at when there is room


def _section(name: str, width: float, size: float, title: str,
             body: list[str | list[list[str]]]) -> Strip:
    sketch = Sketch(f"rules {name}")
    head = size + 1
    sketch.text(0, 0.75 * head * PT, title, head, bold=True)
    y = leading(head) + 0.3
    for part in body:
        if isinstance(part, str):
            y = sketch.paragraph(0, y, width, part, size) + 0.5
        else:
            y += table(sketch, 0, y, width, part, size=size) + 1.0
    return strip(sketch, y, "chart")


def _cost_bands(combat: Combat, top: int) -> list[list[str]]:
    """Speed bands and what a one-hexside turn costs in each (rules 4)."""
    bands: list[tuple[int, int, int]] = []
    for speed in range(1, top + 1):
        cost = turn_cost(combat.figures, speed)
        if bands and bands[-1][2] == cost:
            bands[-1] = (bands[-1][0], speed, cost)
        else:
            bands.append((speed, speed, cost))
    heads = ["Speed", *(str(a) if a == b else f"{a}-{b}" for a, b, _ in bands)]
    return [heads, ["Turn cost", *(str(c) for _, _, c in bands)]]


def _blast_words(blast: Blast) -> str:
    if blast.d6 and blast.halve_round_up:
        return f"{blast.d6}D6 halved, up" if blast.d6 > 1 else "D6 halved, up"
    dice = (f"{blast.d6}D6" if blast.d6 > 1 else "D6") if blast.d6 else ""
    fixed = str(blast.fixed) if blast.fixed or not dice else ""
    return " + ".join(part for part in (dice, fixed) if part)


def rules_strips(combat: Combat, width: float, size: float = SMALLEST) -> list[Strip]:
    """The rules in brief, section by section, `width` mm wide, lettered at `size` points."""
    initiative, slot, manoeuvre = combat.initiative, combat.slot, combat.manoeuvre
    missile, mine, decoy = combat.missile, combat.mine, combat.decoy
    die = combat.lasers.to_hit_die
    ties = ", ties rolled again" if initiative.reroll_ties else ""
    quarter = f"1/{manoeuvre.turn_cost_divisor}"
    warheads = sorted(combat.blast, key=lambda b: b.distance)
    return [
        _section("sequence", width, size, "Turn sequence", [
            f"Initiative: D{initiative.die} each turn{ties}; the highest moves first. A "
            f"fighter in the slot (straight behind its target, {slot.max_range} hexes or "
            "closer) moves after that target whatever its roll.",
            "1 Arm ordnance.  2 Spend thrust on speed.  3 Move the full speed: turn with the "
            "thrust left over, fire lasers on the way.  4 Release armed ordnance."]),
        _section("movement", width, size, "Movement", [
            f"A thrust point changes the speed by {manoeuvre.speed_per_thrust}, or pays for "
            f"turns. A 60-degree turn costs {quarter} of the speed (at least "
            f"{manoeuvre.turn_cost_minimum}), one hexside at a time, with that many straight "
            "hexes before and after it. The fighter moves its full speed; unused thrust is "
            "lost.",
            _cost_bands(combat, 20)]),
        _section("lasers", width, size, "Lasers", [
            "All fixed lasers fire together, once in the move, at one target; each turret "
            f"fires once, at any point of the move. One D{die} a gun: it hits at or over the "
            "range in hexes, and does the laser's factor in damage."]),
        _section("damage", width, size, "Damage", [
            f"For each hit roll D{combat.damage_track.location_die} + survivability for the "
            "first box (above the top box: the top box). Cross off a box a point, down the "
            "track, passing over boxes already crossed. Box 0 reached: the fighter is "
            "destroyed."]),
        _section("ordnance", width, size, "Ordnance", [
            f"Step 1: cross an item off its hardpoint and write it in an Armed box (at most "
            f"{combat.ordnance.armed_limit}); an armed item is not put back. Step 4: release "
            "it, or keep it armed.",
            f"Missile: speed {missile.speed_bonus} + the launcher's, written in Running; "
            f"placed {missile.launch_distance} hexes straight ahead, it neither turns nor "
            "detonates on its launch turn. Then it moves right after its target, at most "
            f"{missile.turns} one-hexside turns with {missile.straight_between_turns} straight "
            f"hexes between, and may detonate within {missile.detonation_range} hexes; if "
            "not, it is removed.",
            [["Hexes away", *(str(b.distance) for b in warheads)],
             ["Warhead", *(_blast_words(b) for b in warheads)]],
            f"Mine: left {mine.rear_distance} hexes straight behind; it detonates when an "
            f"enemy comes within {mine.trigger_range}. Decoy: placed within "
            f"{decoy.placement_range} hexes; a missile after you follows it unless the "
            f"missile's D{decoy.opposed_die} beats yours."]),
    ]
