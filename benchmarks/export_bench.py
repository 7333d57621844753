"""Median time to export the largest sample design to a PDF file, all sheets; then the
same for the Hive (its 34 drones' records) and for a fleet pack of five ships.

Run: python benchmarks/export_bench.py   (target for the largest sample: under 300 ms)
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from shipyard.render.export import export
from shipyard.rulesets.pentagon_war.design import read_design
from shipyard.services.registry import evaluate
from shipyard.services.samples import sample_paths

RUNS = 50


def median_ms(paths: list[Path | str], runs: int) -> tuple[float, int]:
    """The median time of `runs` exports of `paths` to one PDF, and its size in bytes."""
    times = []
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "out.pdf"
        export(paths, "pdf", out)  # warm the catalog cache and imports
        for _ in range(runs):
            start = time.perf_counter()
            content = export(paths, "pdf", out).content
            times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000, len(content)


def main() -> None:
    largest = max(sample_paths("pentagon-war"), key=lambda p: evaluate(read_design(p)).sheet.boxes)
    boxes = evaluate(read_design(largest)).sheet.boxes
    ms, size = median_ms([largest], RUNS)
    print(f"export pdf {largest.name} ({boxes} boxes, {size} bytes)  "
          f"median {ms:.1f} ms over {RUNS} runs")
    ms, size = median_ms(["sample:hive"], RUNS // 5)
    print(f"export pdf hive.ship.json (34 drone records, {size} bytes)  "
          f"median {ms:.1f} ms over {RUNS // 5} runs")
    five = ["sample:lancer", "sample:zelta-dee", "sample:stinger", "sample:shade",
            "sample:mercurand"]
    ms, size = median_ms(list(five), RUNS // 5)
    print(f"export pdf five designs (lancer ... mercurand, {size} bytes)  "
          f"median {ms:.1f} ms over {RUNS // 5} runs")


if __name__ == "__main__":
    main()
