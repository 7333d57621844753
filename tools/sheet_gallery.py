"""The gallery of record sheets in docs/sheets/: each sample's first page, and a few more.

Run: python tools/sheet_gallery.py [--dpi N] [--paper a4|letter]

Writes, from this tree's `shipyard export` (the same layout and PDF every user
gets), a greyscale PNG of the first page of every bundled sample design of both
games (`<sample>.png`: a Pentagon War SSD, or a fighter's card with the rules in
brief), the turn records of a ship (`lancer-records.png`), a page of a carrier's
drone records (`hive-drones.png`), and a fleet's roster and its fighters' cards
(`blue-flight-roster.png`, `blue-flight-cards.png`). The README shows them.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pymupdf  # noqa: E402

from shipyard.core.catalog_files import catalog_root  # noqa: E402
from shipyard.render.export import all_sheets, documents, render  # noqa: E402
from shipyard.render.fleet_pack import render_pack, ship_documents  # noqa: E402
from shipyard.services.fleet import judge, read_fleet  # noqa: E402
from shipyard.services.samples import sample_paths  # noqa: E402

GALLERY = ROOT / "docs" / "sheets"


def save(content: bytes, page: int, target: Path, dpi: int) -> None:
    document = pymupdf.open(stream=content, filetype="pdf")
    pixmap = document[page].get_pixmap(dpi=dpi, colorspace=pymupdf.csGRAY, alpha=False)
    pixmap.save(target)
    print(f"wrote {target.relative_to(ROOT)} ({target.stat().st_size // 1024} KB)")


def pdf(sample: str, paper: str, sheets: list[str] | None = None) -> bytes:
    """A sample's sheets as a PDF, as `shipyard export` makes it (nothing is written)."""
    return render(documents([f"sample:{sample}"]), "pdf", paper, sheets)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dpi", type=int, default=72)
    parser.add_argument("--paper", default="a4", choices=("a4", "letter"))
    options = parser.parse_args()
    GALLERY.mkdir(parents=True, exist_ok=True)
    for game in ("pentagon-war", "tacship"):
        for path in sample_paths(game):
            name = path.name.removesuffix(".ship.json")
            save(pdf(name, options.paper), 0, GALLERY / f"{name}.png", options.dpi)
    save(pdf("lancer", options.paper), 1, GALLERY / "lancer-records.png", options.dpi)
    save(pdf("hive", options.paper, ["drones"]), 0, GALLERY / "hive-drones.png", options.dpi)
    report = judge(read_fleet(catalog_root() / "tacship" / "fleets" / "blue-flight.fleet.json"))
    pack = render_pack(report, ship_documents(report), "pdf", options.paper, all_sheets())
    save(pack, 0, GALLERY / "blue-flight-roster.png", options.dpi)
    save(pack, 1, GALLERY / "blue-flight-cards.png", options.dpi)


if __name__ == "__main__":
    main()
