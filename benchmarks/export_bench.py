"""Median time to export the largest sample design to a PDF file, all sheets.

Run: python benchmarks/export_bench.py   (target: under 300 ms)
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


def main() -> None:
    largest = max(sample_paths("pentagon-war"), key=lambda p: evaluate(read_design(p)).sheet.boxes)
    times = []
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "largest.pdf"
        export([largest], "pdf", out)  # warm the catalog cache and imports
        for _ in range(RUNS):
            start = time.perf_counter()
            content = export([largest], "pdf", out).content
            times.append(time.perf_counter() - start)
    boxes = evaluate(read_design(largest)).sheet.boxes
    print(f"export pdf {largest.name} ({boxes} boxes, {len(content)} bytes)  "
          f"median {statistics.median(times) * 1000:.1f} ms over {RUNS} runs")


if __name__ == "__main__":
    main()
