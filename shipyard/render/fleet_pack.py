"""A fleet pack: a roster page, then every ship's record sheets, its forms packed.

The roster (fleet name, budget, every ship with its design, points and key
figures, the total) is laid out on `core.drawing.Canvas` like every other
sheet, so it comes out the same in every format; under it, the game's rules in
brief (`Ruleset.reference`), printed once for the whole fleet. Each ship's
sheets are its design's SSD document under the ship's own name (a ship not
named after its design is headed "<design> class"), laid out by its ruleset
with every ship's at once, so that their forms share pages.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from shipyard.core.document import SsdDocument
from shipyard.core.drawing import (
    MARGIN,
    PAPERS,
    SMALLEST,
    Canvas,
    Page,
    leading,
    text_width,
    wrap,
)
from shipyard.core.files import write_atomic
from shipyard.core.flow import (
    Columns,
    Region,
    balanced_cut,
    columns_below,
    fitting,
    flow,
    stacked_height,
)
from shipyard.core.protocol import DEFAULT_TURNS
from shipyard.render.export import Export, layout, render
from shipyard.render.svg import render_svg
from shipyard.render.text import render_markdown, render_text
from shipyard.services.fleet import FleetReport

SHEET = "roster"
TITLE = "Fleet roster"
ROW = 6.0  # mm per ship row
LINE = 3.6  # mm per further line of a row's cell
# Column left edges in mm from the margin: ship, design, points (right-aligned end), class,
# key figures.
COLUMNS = (0.0, 45.0, 100.0, 104.0, 132.0)
LARGEST_RULES = 11.0  # points: the rules in brief under a short roster are lettered larger


def ship_documents(report: FleetReport, draft: bool = False) -> list[SsdDocument]:
    """One document per ship, in roster order, each named after its ship."""
    by_entry: dict[int, SsdDocument] = {}
    for entry, evaluation in zip(report.fleet.entries, report.evaluations, strict=True):
        by_entry[entry.index] = evaluation.ruleset.document(evaluation, budget=None,
                                                            draft=draft)
    return [by_entry[ship.entry.index].model_copy(update={"name": ship.name})
            for ship in report.ships]


def _key_figures(report: FleetReport, index: int) -> list[str]:
    evaluation = report.evaluations[index]
    size_key = evaluation.ruleset.class_of(evaluation.sheet).key
    return [f"{figure.label} {figure.value}" for figure in evaluation.ruleset.figures(evaluation)
            if figure.key != size_key and not isinstance(figure.value, str)]


def _figure_lines(figures: list[str], size: float, width: float) -> list[str]:
    """The key figures as lines no wider than `width`, broken between figures."""
    lines: list[str] = []
    current = ""
    for figure in figures:
        trial = f"{current}, {figure}" if current else figure
        if current and text_width(f"{trial},", size) > width:
            lines.append(f"{current},")
            current = figure
        else:
            current = trial
    lines.append(current)
    return [part for line in lines for part in wrap(line, size, width)]


def _rules(canvas: Canvas, report: FleetReport, docs: Sequence[SsdDocument],
           catalog_root: str | None) -> None:
    """The game's rules in brief under the roster, in two columns, lettered as large as the
    room left allows (never below the smallest size), going on over further pages."""
    ruleset = report.fleet.ruleset
    canvas.y += 4
    regions = columns_below(canvas)
    size = LARGEST_RULES
    while True:
        strips = [replace(piece, sheet="")  # part of the roster page, not of any sheet
                  for piece in ruleset.reference(docs, regions[0].width, size, catalog_root)]
        if size <= SMALLEST or fitting(regions, [s.height for s in strips]) == len(strips):
            break
        size = max(SMALLEST, size - 0.5)
    heights = [s.height for s in strips]
    if fitting(regions, heights) == len(strips):  # two columns of even height
        cut = balanced_cut(heights, 2.0)
        regions = [Region(r.x, r.y, r.width, stacked_height(heights[:cut], 2.0) + 0.01)
                   if k == 0 else r for k, r in enumerate(regions)]
    left = flow(canvas, strips, regions)
    if left:
        canvas.new_page()
        columns = Columns(canvas)
        for piece in left:
            columns.add(piece)
        columns.finish()


def roster_pages(report: FleetReport, paper: str = "a4", draft: bool = False,
                 docs: Sequence[SsdDocument] = (), catalog_root: str | None = None
                 ) -> list[Page]:
    """The roster: every ship with its design, points, size and key figures; the total;
    then the game's rules in brief (for the ships of `docs`)."""
    name = report.fleet.name or "(unnamed fleet)"
    canvas = Canvas(name, draft and not report.legal, SHEET, TITLE, PAPERS[paper])
    x = [MARGIN + column for column in COLUMNS]
    widths = (COLUMNS[1] - COLUMNS[0] - 2, COLUMNS[2] - COLUMNS[1] - 12,
              0.0, COLUMNS[4] - COLUMNS[3] - 2, canvas.inner - COLUMNS[4])
    budget = "no budget" if report.budget is None else f"budget {report.budget} points"
    canvas.text(x[0], canvas.y + 4, f"{report.fleet.ruleset.title} fleet, {budget}, "
                f"{len(report.ships)} ship{'' if len(report.ships) == 1 else 's'}", 9)
    canvas.y += 10

    def heading() -> None:
        canvas.block = "roster"
        for column, label in zip(x, ("Ship", "Design", "Points", "Size", "Key figures"),
                                 strict=True):
            canvas.text(column, canvas.y + 4, label, 8, bold=True,
                        anchor="end" if label == "Points" else "start")
        canvas.line(x[0], canvas.y + ROW - 0.5, MARGIN + canvas.inner, canvas.y + ROW - 0.5)
        canvas.y += ROW

    heading()
    for ship in report.ships:
        evaluation = ship.evaluation
        size = evaluation.ruleset.class_of(evaluation.sheet).label
        cells = (ship.name, evaluation.design.name or "(unnamed)", str(ship.points), size)
        # Every cell whole: a long name or the key figures take more lines, never "...".
        lines = [[cell] if column == x[2] else wrap(cell, 8, width)
                 for column, cell, width in zip(x, cells, widths, strict=False)]
        lines.append(_figure_lines(_key_figures(report, ship.entry.index), 8, widths[4]))
        height = ROW + LINE * (max(len(cell) for cell in lines) - 1)
        if canvas.need(height):
            heading()
        for column, cell in zip(x, lines, strict=True):
            for number, line in enumerate(cell):
                canvas.text(column, canvas.y + 4 + LINE * number, line, 8,
                            anchor="end" if column == x[2] else "start")
        canvas.y += height
    canvas.need(3 * ROW)
    canvas.line(x[0], canvas.y, MARGIN + canvas.inner, canvas.y, 0.4)
    left = "" if report.left is None else (
        f", {report.left} left" if report.left >= 0 else f", {-report.left} over")
    of = "" if report.budget is None else f" of {report.budget}"
    canvas.text(x[0], canvas.y + 5, f"Total {report.total}{of} points{left}", 10, bold=True)
    canvas.y += 2 * ROW
    for issue in report.issues:
        if issue.severity != "error":
            continue
        where = f"{issue.path}: " if issue.path else ""
        message = wrap(f"{where}{issue.message}", 8, canvas.inner)
        canvas.need(ROW + LINE * (len(message) - 1))
        canvas.lines(x[0], canvas.y + 4, message, 8)
        canvas.y += ROW + leading(8) * (len(message) - 1)
    _rules(canvas, report, docs, catalog_root)
    catalogs = {e.catalog.manifest.version for e in report.evaluations}
    right = f"{report.fleet.ruleset.title} catalog {', '.join(sorted(catalogs))}"
    return canvas.finish(f"{name} roster", right)


def render_pack(report: FleetReport, docs: Sequence[SsdDocument], fmt: str,
                paper: str = "a4", sheets: Sequence[str] = (), draft: bool = False,
                catalog_root: str | None = None, turns: int = DEFAULT_TURNS) -> bytes:
    """The fleet pack in one format: the roster, then every ship's sheets."""
    if fmt == "ssd-json":  # the documents themselves: no page to lay out
        return render(docs, fmt)
    pages = (roster_pages(report, paper, draft, docs, catalog_root)
             + layout(docs, paper, sheets, catalog_root, turns, reference=False))
    if fmt == "pdf":
        from shipyard.render.pdf import render_pdf  # the PDF library is slow to import

        return render_pdf(pages, f"Fleet: {report.fleet.name or '(unnamed fleet)'}")
    if fmt == "svg":
        return render_svg(pages).encode()
    if fmt == "md":
        return render_markdown(pages).encode()
    return render_text(pages).encode()


def default_pack_target(fleet_file: str, fmt: str) -> Path | None:
    """A PDF goes to the fleet file's name with .pdf (`home.fleet.json` -> `home.pdf`)."""
    if fmt != "pdf":
        return None
    name = Path(fleet_file.removeprefix("sample-fleet:")).name
    for suffix in (".fleet.json", ".fleet.toml", ".json", ".toml"):
        if name.lower().endswith(suffix):
            name = name[: -len(suffix)]
            break
    return Path(f"{name or 'fleet'}.pdf")


def pack_export(report: FleetReport, docs: Sequence[SsdDocument], content: bytes,
                out: Path | None, fmt: str) -> Export:
    """Write the pack to `out` or the default PDF name atomically; target None: stdout."""
    target = out if out is not None else default_pack_target(report.fleet.file, fmt)
    if target is not None:
        write_atomic(target, content)
    return Export(content, target, tuple(docs))
