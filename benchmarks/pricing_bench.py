"""Median time to price and validate a design (the designer reprices per keystroke).

Run: python benchmarks/pricing_bench.py   (target: under 1 ms per design)
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path

from shipyard.rulesets.pentagon_war.design import Design, read_design
from shipyard.services.registry import evaluate
from shipyard.services.samples import sample_paths

RUNS = 2000
SYNTHETIC = Path(__file__).parents[1] / "tests" / "data" / "synthetic-640.ship.json"


def synthetic_640() -> Design:
    """A size class IV design of 640 non-radar boxes with one of everything (the tests' own)."""
    return read_design(SYNTHETIC)


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
