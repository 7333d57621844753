"""The designer's form for Tacship: every field of a fighter, grouped like the price list.

Sections follow rules 4: the craft (name, crew), structure (damage boxes,
survivability), drive (thrust), lasers (fixed ones fire forward; turrets,
for two-man fighters, cover the fore or the aft arc) and ordnance
(hardpoints and the mission load on them). Laser factors and the crew are
choices among the values the catalog allows, so a player steps through
Laser-1..3 and one-man / two-man rather than typing numbers.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from shipyard.core.form import Choice, Count, Form, ListGroup, Name, Section, Spec
from shipyard.core.values import MAX_COUNT
from shipyard.rulesets.tacship.catalog import TacshipCatalog
from shipyard.rulesets.tacship.design import ORDNANCE_KINDS

NEW_FIXED: dict[str, Any] = {"factor": 1, "count": 1}
NEW_TURRET: dict[str, Any] = {"factor": 1, "arc": "fore", "count": 1}
CREW_WORDS = {1: "one-man", 2: "two-man"}
ORDNANCE_LABELS = {"missile": ("Missiles", "missile"), "mine": ("Mines", "mine"),
                   "decoy": ("Decoys", "decoy")}


def design_form(catalog: TacshipCatalog) -> Form:
    """Tacship's designer form (rules 4); the options come from the catalog's limits."""
    build = catalog.construction
    factors = tuple((n, f"Laser-{n}") for n in range(build.laser_factor.lowest,
                                                     build.laser_factor.highest + 1))
    crews = tuple((n, CREW_WORDS.get(n, f"{n}-man")) for n in build.crew.allowed)
    arcs = tuple((arc, arc) for arc in build.turret.arcs)

    def fixed(entry: Mapping[str, Any]) -> tuple[Spec, ...]:
        return (Choice("factor", "Factor", factors),
                Count("count", "Guns", noun="fixed laser gun"))

    def turret(entry: Mapping[str, Any]) -> tuple[Spec, ...]:
        return (Choice("factor", "Factor", factors),
                Choice("arc", "Arc", arcs),
                Count("count", "Guns", noun="turret laser gun"))

    ordnance = tuple(Count(f"ordnance.{kind}", *ORDNANCE_LABELS.get(
        kind, (kind.capitalize(), kind))) for kind in ORDNANCE_KINDS)
    return Form(max_count=MAX_COUNT, sections=(
        Section("Craft", (
            Name(placeholder="name of the fighter"),
            Choice("crew", "Crew", crews),
        )),
        Section("Structure", (
            Count("damage_boxes", "Damage boxes", noun="damage box"),
            Count("survivability", "Survivability", noun="point of survivability"),
        )),
        Section("Drive", (
            Count("thrust", "Thrust", noun="thrust point"),
        )),
        Section("Lasers", (
            ListGroup("fixed_lasers", "fixed laser", "fixed laser", NEW_FIXED,
                      "one Laser-1, fixed forward", "One fixed forward Laser-1", fixed),
            ListGroup("turret_lasers", "turret laser", "turret laser", NEW_TURRET,
                      "one Laser-1 covering fore; two-man fighters only",
                      "One Laser-1 turret covering the fore arc (two-man fighters)", turret),
        )),
        Section("Ordnance", (
            Count("hardpoints", "Hardpoints", noun="hardpoint"),
            *ordnance,
        )),
    ))
