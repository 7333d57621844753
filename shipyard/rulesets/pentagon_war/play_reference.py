"""The Pentagon War in brief, for a fleet's roster page: what every ship's sheets assume.

The SSDs carry each design's own combat tables (`sheet_reference.py`); what all
ships share is printed once, under the fleet's roster: the turn sequence
(rules 2.1), power (2.2), movement (2.3) and radar lock-on with electronic
warfare (R17, 2.9). Every figure comes from the catalog (`combat.toml`,
`construction.toml`); Python holds the wording. Each section is a strip.
"""

from __future__ import annotations

from fractions import Fraction

from shipyard.core.drawing import PT, Sketch, fraction_text, leading
from shipyard.core.flow import Strip, strip
from shipyard.rulesets.pentagon_war.catalog import Catalog
from shipyard.rulesets.pentagon_war.engine.table_entries import Table
from shipyard.rulesets.pentagon_war.engine.tables import Combat
from shipyard.rulesets.pentagon_war.sheet_reference import mark

# The impulse procedure, in order (rules 2.1).
SEGMENTS = ("rotation", "acceleration", "movement", "point defense",
            "self-destruction and ramming", "launching", "direct-fire decision",
            "direct-fire announcement", "screen reinforcement", "direct fire",
            "damage assessment")


def _section(name: str, width: float, size: float, title: str, source: Table,
             paragraphs: list[str]) -> Strip:
    sketch = Sketch(f"rules {name}")
    head = size + 1
    sketch.text(0, 0.75 * head * PT, title, head, bold=True)
    sketch.text(width, 0.75 * head * PT, mark(source), size, anchor="end")
    y = leading(head) + 0.3
    for text in paragraphs:
        y = sketch.paragraph(0, y, width, text, size) + 0.5
    return strip(sketch, y, "roster")


def play_strips(combat: Combat, catalog: Catalog, width: float, size: float) -> list[Strip]:
    """The rules every ship's sheets assume, section by section."""
    turn, power, movement, limits = combat.turn, combat.power, combat.movement, (
        combat.fire_limits)
    lock = combat.lock_on
    per_impulse = Fraction(movement.standard_acceleration) / turn.impulses
    segments = ", ".join(f"{k} {s}" for k, s in enumerate(SEGMENTS, start=1))
    invisibility = catalog.construction.power.radar_invisibility_per_size_class
    return [
        _section("sequence", width, size, "Turn sequence", turn, [
            f"A turn is a minute of {turn.impulses} impulses. Each turn: velocity "
            "determination; initial capacitor power allocation (secret until all are "
            "written); radar lock-on.",
            f"Each impulse: {segments}."]),
        _section("power", width, size, "Power", power, [
            f"Capacitors hold 1 each and recharge every turn. Laser {power.laser}, electron "
            f"cannon {power.electron_cannon}, proton cannon {power.proton_cannon}, rail "
            f"launch {power.rail_launch}, +1 screen {power.screen_reinforcement} (up to "
            f"{power.reinforcement_limit + 1} times the screens), magnetic beam doubled "
            f"{power.magnetic_beam_double}, at a bolt {power.magnetic_beam_at_bolt}. At the "
            f"start of a turn only: radar invisibility {invisibility} a size class, ECM and "
            f"ECCM {power.ecm_point} a point up to the radar rating "
            f"(x{power.special_electronics_factor} with special electronics).",
            f"A secondary weapon fires {limits.secondary_shots_per_turn} time a turn; "
            f"radiation and liquid metal guns rest {limits.radiation_rest_turns} turn after "
            "firing."]),
        _section("movement", width, size, "Movement", movement, [
            f"Standard acceleration: {fraction_text(movement.standard_acceleration)} hexes a "
            f"turn a turn ({fraction_text(per_impulse)} each impulse), with as many working "
            "engines as the size class; with fewer (at least one), engines / size class of "
            f"it. Crash acceleration: up to {movement.crash_factor}x with as many more "
            f"engines; on a {movement.crash_mishap_roll} (2d6) that impulse an unmanned "
            f"craft takes {movement.crash_mishap_dice}d6 interior hits.",
            f"Manned craft: {fraction_text(movement.manned_acceleration)} a turn a turn, "
            f"crash {fraction_text(movement.manned_crash_per_impulse)} an impulse. Top speed "
            f"{movement.top_speed}. A base turns {movement.base_rotation_steps} hexside every "
            f"{movement.base_rotation_impulses} impulses. Evasion needs "
            f"{movement.evasion_spare_engines} spare engine; engines need fuel unless the "
            "craft is a ramscoop."]),
        _section("lock-on", width, size, "Radar lock-on", lock, [
            f"Each turn a craft with radar on rolls 1d{lock.die_sides}: at or under its "
            f"radar rating it locks on (a rating of {lock.always} always does, "
            f"{lock.never} never). ECCM below the other side's ECM: radar counts "
            f"{lock.ecm_step} box lower a point short. An invisible craft cannot be locked "
            "on to."]),
    ]
