"""How a Pentagon War duel opens: a base starts its enemy beyond its battery range.

A base cannot move (2.3), so a duel against one that starts inside its batteries is
decided before the other craft can choose: unless the player asked for a range, the
duel starts one hex beyond the base's battery range (docs/duel-model.md, "Scenarios").
The battery range is the farthest range at which a cannon still does damage (2.4),
a bolt still strikes (12 hexes) or a missile flies on its fuel at rail speed; lasers,
radiation guns and acid gum reach the whole track, so no start is beyond them.
"""

from __future__ import annotations

from dataclasses import replace

from shipyard.core.outcome import DuelScenario
from shipyard.rulesets.pentagon_war.design import Design
from shipyard.rulesets.pentagon_war.engine.tables import Combat
from shipyard.rulesets.pentagon_war.pricing import PentagonWarEvaluation

# Weapons whose damage needs no range table: they hurt at any range on the track (2.4).
EVERYWHERE = ("laser", "radiation_gun", "acid_gum_gun")


def battery_range(design: Design, combat: Combat) -> int:
    """The farthest range in hexes at which the design's cannons, bolts or missiles
    still do damage (0 if it has none of them)."""
    reach = 0
    kinds = {w.type for w in design.weapons if w.count} | {g.type for g in design.guns
                                                           if g.boxes}
    for kind, cannon in (("proton_cannon", combat.proton_cannon),
                         ("electron_cannon", combat.electron_cannon)):
        if kind in kinds:
            reach = max(reach, max((bound for bound, damage in cannon.steps if damage > 0),
                                   default=0))
    if "liquid_metal_gun" in kinds:
        bolt = combat.liquid_metal
        reach = max(reach, bolt.speed * bolt.lifetime_impulses // combat.turn.impulses)
    if "magnetic_beam" in kinds:
        reach = max(reach, combat.magnetic_beam.max_range)
    if design.systems.missile or design.drones:
        missile = combat.missile
        reach = max(reach, missile.rail_speed * missile.fuel // combat.turn.impulses)
    return reach


def opening(scenario: DuelScenario, a: PentagonWarEvaluation, b: PentagonWarEvaluation,
            combat: Combat, asked: bool) -> DuelScenario:
    """The scenario these two start in: a base at rest (2.3) and, unless the player
    `asked` for a range, its enemy beyond its battery range."""
    bases = (a.sheet.is_base, b.sheet.is_base)
    if not any(bases):
        return scenario
    speeds = scenario.start_speeds((not bases[0], not bases[1]))
    scenario = scenario.with_speeds((int(speeds[0]), int(speeds[1])))
    far = max((battery_range(e.design, combat) + 1 for e in (a, b) if e.sheet.is_base),
              default=0)
    if asked or far <= scenario.start_range:
        return scenario
    return replace(scenario, start_range=far, name=f"{scenario.name or 'custom'}+base")
