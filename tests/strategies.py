"""Hypothesis strategies for designs, defined once for every property test."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

ARCS = ["RF", "R", "RR", "LR", "L", "LF"]
SIMPLE = ["screen", "cargo", "fuel_tank", "capacitor", "point_defense", "engine",
          "aux_control", "repair", "missile", "extra_hull", "extra_final_damage",
          "ramming_weight"]

small = st.integers(min_value=0, max_value=12)


@st.composite
def gun_arcs(draw: st.DrawFn) -> list[str]:
    i = draw(st.integers(0, 5))
    return [ARCS[i], ARCS[(i + 1) % 6]]


weapon = st.fixed_dictionaries({
    "type": st.sampled_from(["laser", "electron_cannon", "proton_cannon", "magnetic_beam"]),
    "arcs": st.lists(st.sampled_from(ARCS), min_size=1, max_size=6, unique=True),
    "count": st.integers(1, 6),
})


@st.composite
def gun(draw: st.DrawFn) -> dict[str, Any]:
    kind = draw(st.sampled_from(["radiation_gun", "acid_gum_gun", "liquid_metal_gun"]))
    boxes = draw(st.integers(1, 6))
    if kind == "liquid_metal_gun":
        boxes *= 2
    return {"type": kind, "boxes": boxes, "arcs": draw(gun_arcs())}


drone = st.fixed_dictionaries({
    "weapon": st.sampled_from(["laser", "electron_cannon", "proton_cannon", "point_defense"]),
    "count": st.integers(1, 6),
})


@st.composite
def legal_designs(draw: st.DrawFn) -> dict[str, Any]:
    """Designs that have no legality errors (warnings allowed)."""
    systems = {name: draw(small) for name in SIMPLE}
    engines = systems["engine"]
    sides = ["1", "2", "3", "5", "6"] + ([] if engines else ["4"])
    armor = {side: draw(small) for side in sides}
    radar = sorted(draw(st.lists(st.integers(1, 6), max_size=6)), reverse=True)
    scoop = draw(st.sampled_from(["none", "ramscoop", "magnascoop"])) if engines else "none"
    return {
        "schema": "shipyard.design/1",
        "name": draw(st.text(max_size=20)),
        "ruleset": "pentagon-war",
        "manned": draw(st.booleans()),
        "scoop": scoop,
        "systems": systems,
        "armor": armor,
        "radar": radar,
        "weapons": draw(st.lists(weapon, max_size=4)),
        "guns": draw(st.lists(gun(), max_size=3)),
        "drones": draw(st.lists(drone, max_size=3)),
        "options": {
            "radar_invisibility": draw(st.booleans()),
            "special_electronics": draw(st.booleans()),
            "suicide_bomb": draw(st.booleans()),
            "directional_screens": draw(st.booleans()),
            "movable_base": False,
        },
    }


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=20,
)
