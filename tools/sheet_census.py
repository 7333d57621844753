"""Page counts and fill shares of every sample's and bundled fleet's record sheets.

Run: python tools/sheet_census.py [--before REV] [--json FILE]

Exports every bundled sample design of both games, every bundled fleet and a
five-ship Pentagon War fleet without drone carriers (written here: Lancer,
Zelta-Dee, Stinger, Shade and Mercurand) to PDF on A4 and US Letter with the
`shipyard export` of this tree, and prints, for each, the page count, the fill
share of its first SSD or record-chart page and the lowest fill share of any
page (`tools/sheet_pictures.py`: the share of the printable area within 3 mm
of ink). `--before REV` exports with the code of another revision too
(`git archive` of REV into a temporary folder, measured by this tree's code),
side by side.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.sheet_pictures import fill_share, open_pdf  # noqa: E402

PAPERS = ("a4", "letter")
FIVE_SHIPS = {
    "schema": "shipyard.fleet/1", "name": "Five Ships", "ruleset": "pentagon-war",
    "budget": 2000,
    "ships": [{"design": f"sample:{name}"}
              for name in ("lancer", "zelta-dee", "stinger", "shade", "mercurand")],
}
FIRST_PAGE_WORDS = ("Spacecraft Systems Display", "Record Chart", "TACSHIP")


@dataclass(frozen=True)
class Count:
    item: str
    paper: str
    pages: int
    first_sheet_fill: float  # the first SSD or record-chart page
    lowest_fill: float
    fills: tuple[float, ...]


def inputs(tree: Path, scratch: Path) -> list[tuple[str, str]]:
    """(label, export argument) for every sample, bundled fleet and the five-ship fleet."""
    found = []
    for game in ("pentagon-war", "tacship"):
        for path in sorted((tree / "catalog" / game / "designs").glob("*.ship.json")):
            name = path.name.removesuffix(".ship.json")
            found.append((f"{game} {name}", f"sample:{name}"))
    for game in ("pentagon-war", "tacship"):
        for path in sorted((tree / "catalog" / game / "fleets").glob("*.fleet.json")):
            found.append((f"{game} fleet {path.name.removesuffix('.fleet.json')}", str(path)))
    five = scratch / "five-ships.fleet.json"
    five.write_text(json.dumps(FIVE_SHIPS))
    found.append(("pentagon-war fleet five-ships (written here)", str(five)))
    return found


def export(tree: Path, argument: str, paper: str, target: Path) -> bytes:
    """One PDF exported by the code of `tree`."""
    environment = {**os.environ, "PYTHONPATH": str(tree)}
    script = "import sys; from shipyard.cli import main; sys.argv[0] = 'shipyard'; main()"
    subprocess.run([sys.executable, "-c", script, "export", argument, "-o", str(target),
                    "--paper", paper], check=True, cwd=target.parent, env=environment,
                   capture_output=True)
    return target.read_bytes()


def measure(tree: Path) -> list[Count]:
    counts = []
    with tempfile.TemporaryDirectory() as folder:
        scratch = Path(folder)
        for label, argument in inputs(tree, scratch):
            for paper in PAPERS:
                document = open_pdf(export(tree, argument, paper, scratch / "out.pdf"))
                fills = tuple(round(fill_share(page), 3) for page in document)
                first = next((fill for page, fill in zip(document, fills, strict=True)
                              if any(w in page.get_text() for w in FIRST_PAGE_WORDS)), 0.0)
                counts.append(Count(label, paper, len(fills), first, min(fills), fills))
    return counts


@contextmanager
def revision(rev: str) -> Iterator[Path]:
    """The files of `rev` in a temporary folder (git archive; no worktree is made)."""
    with tempfile.TemporaryDirectory(prefix="shipyard-rev-") as folder:
        archive = Path(folder) / "rev.tar"
        subprocess.run(["git", "-C", str(ROOT), "archive", "-o", str(archive), rev],
                       check=True)
        with tarfile.open(archive) as tar:
            tar.extractall(Path(folder) / "tree", filter="data")
        yield Path(folder) / "tree"


def table(results: dict[str, list[Count]]) -> str:
    names = list(results)
    head = ["sheets", "paper"]
    for name in names:
        head += [f"pages {name}", f"first sheet fill {name}", f"lowest page fill {name}"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for row in zip(*results.values(), strict=True):
        cells = [row[0].item, row[0].paper]
        for count in row:
            cells += [str(count.pages), f"{count.first_sheet_fill:.0%}",
                      f"{count.lowest_fill:.0%}"]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", metavar="REV", help="also measure this git revision")
    parser.add_argument("--only-before", action="store_true",
                        help="measure only the --before revision")
    parser.add_argument("--json", type=Path, metavar="FILE", help="also write every figure")
    options = parser.parse_args()
    results: dict[str, list[Count]] = {}
    if options.before:
        with revision(options.before) as tree:
            results[f"({options.before})"] = measure(tree)
    if not options.only_before:
        results["(this tree)"] = measure(ROOT)
    print(table(results))
    if options.json:
        data = {name: [asdict(c) for c in counts] for name, counts in results.items()}
        options.json.write_text(json.dumps(data, indent=1) + "\n")


if __name__ == "__main__":
    main()
