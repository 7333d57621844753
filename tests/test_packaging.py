"""A non-editable install must find the catalog: build the wheel and look inside."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_wheel_ships_the_catalog_and_finds_it(tmp_path: Path) -> None:
    build = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
         "-w", str(tmp_path / "dist"), str(ROOT)],
        capture_output=True, text=True, timeout=300)
    assert build.returncode == 0, build.stderr
    wheel = next((tmp_path / "dist").glob("shipyard-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    for part in ("prices.toml", "arcs.toml", "construction.toml", "rulings.toml",
                 "designs/lancer.ship.json"):
        assert f"shipyard/catalog_data/pentagon-war/{part}" in names
    for part in ("prices.toml", "combat.toml", "rulings.toml", "designs/valkyrie.ship.json",
                 "fleets/blue-flight.fleet.json"):
        assert f"shipyard/catalog_data/tacship/{part}" in names
    assert "shipyard/rules_data/rules.md" in names  # `shipyard rules` works when installed
    for part in ("LiberationSans-Regular.ttf", "LiberationSans-Bold.ttf", "LiberationSans-OFL.txt",
                 "DroidSansFallback.ttf", "DroidSansFallback-Apache-2.0.txt"):
        assert f"shipyard/fonts/{part}" in names  # the PDF's fonts, each with its license
    # The fonts are most of the wheel: 2.5 MB, with room for the code to grow.
    assert wheel.stat().st_size < 3_000_000
    unpacked = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(unpacked)
    # Run from an unrelated folder with only the unpacked wheel on the path.
    code = ("from shipyard.services.samples import sample_paths;"
            "from shipyard.services.registry import read_design;"
            "from shipyard.services.registry import evaluate;"
            "p = [x for x in sample_paths() if x.name == 'lancer.ship.json'][0];"
            "print(p.parent.parent.parent.name, evaluate(read_design(p)).sheet.total);"
            "from shipyard.core.drawing import text_width; print(round(text_width('龍', 72)))")
    result = subprocess.run([sys.executable, "-I", "-c", f"import sys; sys.path.insert(0, "
                             f"{str(unpacked)!r}); {code}"], capture_output=True, text=True,
                            cwd=tmp_path, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["catalog_data", "215", "25"]  # 1 em at 72 pt: 25.4 mm
