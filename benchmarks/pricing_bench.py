"""Median time to price and validate a design (the designer reprices per keystroke).

Run: python benchmarks/pricing_bench.py   (target: under 1 ms per design)
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from shipyard.rulesets.pentagon_war.design import Design, parse_design, read_design
from shipyard.services.registry import evaluate
from shipyard.services.samples import sample_paths

RUNS = 2000


def synthetic_640() -> Design:
    """A size class IV design of 640 non-radar boxes with one of everything."""
    data: dict[str, Any] = {
        "schema": "shipyard.design/1", "name": "Synthetic 640", "manned": False,
        "systems": {"screen": 30, "cargo": 127, "fuel_tank": 10, "capacitor": 50,
                    "point_defense": 20, "engine": 10, "aux_control": 3, "repair": 0,
                    "missile": 80, "extra_hull": 40, "extra_final_damage": 5,
                    "ramming_weight": 2},
        "armor": {"1": 20, "2": 20, "3": 15, "5": 15, "6": 20},
        "radar": [6, 6, 5, 5, 4, 3, 2, 1],
        "weapons": [{"type": "proton_cannon", "arcs": ["LF", "RF"], "count": 20},
                    {"type": "laser", "arcs": ["LF", "RF", "R", "L"], "count": 30},
                    {"type": "electron_cannon", "arcs": ["RR", "LR", "L"], "count": 10},
                    {"type": "magnetic_beam", "arcs": ["LF"], "count": 4}],
        "guns": [{"type": "radiation_gun", "boxes": 8, "arcs": ["LF", "RF"]},
                 {"type": "acid_gum_gun", "boxes": 6, "arcs": ["R", "RR"]},
                 {"type": "liquid_metal_gun", "boxes": 8, "arcs": ["L", "LF"]}],
        "drones": [{"weapon": "laser", "count": 20}, {"weapon": "point_defense", "count": 10}],
        "options": {"radar_invisibility": True, "special_electronics": True},
    }
    return parse_design(data)


def median_ms(design: Design) -> float:
    evaluate(design)  # warm the catalog cache
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        evaluate(design)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> None:
    largest = max(sample_paths("pentagon-war"), key=lambda p: evaluate(read_design(p)).sheet.boxes)
    cases = [(largest.name, read_design(largest)), ("synthetic", synthetic_640())]
    for label, design in cases:
        sheet = evaluate(design).sheet
        print(f"price+validate {label:24s} {sheet.non_radar_boxes:4d} non-radar boxes  "
              f"median {median_ms(design):.3f} ms over {RUNS} runs")


if __name__ == "__main__":
    main()
