"""Export designs as record sheets: read, check, lay out, draw, write atomically.

An illegal design is refused (`IllegalDesignError`, carrying its errors)
unless it is exported as a draft, which marks every page DRAFT. Several
designs make one fleet pack: one sheet set per design, in the order given.
Files are written to a temporary file next to the target and moved into
place, so a reader never sees half a file.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import groupby
from pathlib import Path

from shipyard.core.document import SsdDocument
from shipyard.core.drawing import PAPERS, Page
from shipyard.core.errors import ShipyardError
from shipyard.core.files import write_atomic
from shipyard.core.issues import Agreement, Issue
from shipyard.core.neutral import Evaluation
from shipyard.core.protocol import DEFAULT_TURNS, MAX_TURNS
from shipyard.render.svg import render_svg
from shipyard.render.text import render_markdown, render_text
from shipyard.services.registry import evaluate, get_ruleset, read_design, rulesets
from shipyard.services.samples import resolve

FORMATS = ("ssd-json", "svg", "pdf", "text", "md")


def all_sheets() -> tuple[str, ...]:
    """Every record sheet any ruleset prints, in print order."""
    names: list[str] = []
    for ruleset in rulesets().values():
        names += [sheet for sheet in ruleset.sheets if sheet not in names]
    return tuple(names)


SUFFIXES = {"ssd-json": ".ssd.json", "svg": ".svg", "pdf": ".pdf", "text": ".txt", "md": ".md"}
# What an output file's name says about its format (`-o ship.svg`); longest suffix first.
FORMAT_OF_SUFFIX = {".ssd.json": "ssd-json", ".json": "ssd-json", ".svg": "svg", ".pdf": "pdf",
                    ".txt": "text", ".md": "md"}


def format_of(path: Path) -> str | None:
    """The format a file name's extension names (case ignored); None if it names none."""
    name = path.name.lower()
    for suffix, fmt in FORMAT_OF_SUFFIX.items():
        if name.endswith(suffix) and name != suffix:
            return fmt
    return None


class ExportOptionError(ShipyardError):
    """An export option the exporter does not know (a format, paper or sheet)."""


class IllegalDesignError(ShipyardError):
    """A design with legality errors, exported without --draft."""

    def __init__(self, file: str, issues: Sequence[Issue]) -> None:
        self.file = file
        self.issues = tuple(issues)
        super().__init__(f"{file}: illegal design, not exported (--draft exports it anyway)")


@dataclass(frozen=True)
class Export:
    """What an export produced: the bytes, and the file they went to (None: stdout)."""

    content: bytes
    target: Path | None
    documents: tuple[SsdDocument, ...]


def check_options(fmt: str, paper: str, sheets: Sequence[str],
                  turns: int = DEFAULT_TURNS) -> None:
    if not 1 <= turns <= MAX_TURNS:
        raise ExportOptionError(f"turns must be 1 to {MAX_TURNS}, not {turns}")
    if fmt not in FORMATS:
        raise ExportOptionError(f"unknown format {fmt!r} (known: {', '.join(FORMATS)})")
    if paper not in PAPERS:
        raise ExportOptionError(f"unknown paper {paper!r} (known: {', '.join(PAPERS)})")
    known = all_sheets()
    unknown = [s for s in sheets if s not in known]
    if unknown or not sheets:
        raise ExportOptionError(f"unknown sheets {', '.join(unknown) or '(none)'} "
                                f"(known: {', '.join(known)})")


def refusal(file: str, evaluation: Evaluation, draft: bool) -> IllegalDesignError | None:
    """Why an evaluated design may not be exported (illegal, without --draft), or None."""
    if evaluation.legal or draft:
        return None
    return IllegalDesignError(file, [i for i in evaluation.issues if i.severity == "error"])


def documents(paths: Sequence[str | Path], *, draft: bool = False,
              budget: int | None = None, catalog_root: str | None = None) -> list[SsdDocument]:
    """The SSD documents of design files (or `sample:NAME`), every file read first.

    An unreadable file raises `DesignReadError` before any legality is judged.
    """
    scenario = Agreement(budget=budget)
    evaluations = []
    for argument in paths:
        path = resolve(str(argument))
        evaluations.append((str(argument), evaluate(read_design(path), scenario,
                                                    catalog_root, file=str(path))))
    for file, evaluation in evaluations:
        refused = refusal(file, evaluation, draft)
        if refused is not None:
            raise refused
    return [e.ruleset.document(e, budget=budget, draft=draft) for _, e in evaluations]


def missing_sheets(doc: SsdDocument, sheets: Sequence[str]) -> dict[str, str]:
    """The chosen sheets this document does not have, each with why (its ruleset says;
    a sheet its ruleset does not print at all is missing whatever the ruleset says)."""
    ruleset = get_ruleset(doc.catalog.ruleset)
    found = {sheet: ruleset.has_sheet(doc, sheet) if sheet in ruleset.sheets
             else f"{ruleset.title} has no {sheet!r} sheet (its sheets: "
             f"{', '.join(ruleset.sheets)})" for sheet in sheets}
    return {sheet: why for sheet, why in found.items() if why is not None}


def house_label(doc: SsdDocument, catalog_root: str | None = None) -> str | None:
    """"house rules" (and the folder's name) when `doc` was priced with a catalog that
    is not its ruleset's bundled one; None for the bundled catalog."""
    bundled = get_ruleset(doc.catalog.ruleset).catalog(None)
    if bundled.digest == doc.catalog.digest:
        return None
    return "house rules" + (f" {Path(catalog_root).name}" if catalog_root else "")


def as_printed(doc: SsdDocument, catalog_root: str | None = None) -> SsdDocument:
    """The document as its pages show it: a house catalog is said where the version is."""
    label = house_label(doc, catalog_root)
    if label is None:
        return doc
    stamp = doc.catalog.model_copy(update={"version": f"{doc.catalog.version}, {label}"})
    return doc.model_copy(update={"catalog": stamp})


def layout(docs: Sequence[SsdDocument], paper: str, sheets: Sequence[str],
           catalog_root: str | None = None, turns: int = DEFAULT_TURNS,
           reference: bool = True) -> list[Page]:
    """Every page of every document, laid out by its own ruleset, in order; each run of
    documents of one game is laid out together, so that the game may pack their forms.
    `reference=False` leaves out the games' rules in brief (a fleet pack's roster has
    them)."""
    pages: list[Page] = []
    for game, run in groupby(docs, key=lambda doc: doc.catalog.ruleset):
        printed = [as_printed(doc, catalog_root) for doc in run]
        pages += get_ruleset(game).layout(printed, paper, sheets, turns, catalog_root,
                                          reference)
    return pages


def render(docs: Sequence[SsdDocument], fmt: str, paper: str = "a4",
           sheets: Sequence[str] | None = None, catalog_root: str | None = None,
           turns: int = DEFAULT_TURNS) -> bytes:
    """The export of `docs` in one format, as bytes; forms cover `turns` turns."""
    if fmt == "ssd-json":
        data = [doc.to_data() for doc in docs]
        return (json.dumps(data[0] if len(data) == 1 else data, indent=2) + "\n").encode()
    pages = layout(docs, paper, all_sheets() if sheets is None else sheets, catalog_root, turns)
    if fmt == "pdf":
        names = [doc.name or "(unnamed)" for doc in docs]
        title = names[0] if len(names) == 1 else f"Fleet: {', '.join(names)}"
        from shipyard.render.pdf import render_pdf  # the PDF library is slow to import

        return render_pdf(pages, title)
    if fmt == "svg":
        return render_svg(pages).encode()
    if fmt == "md":
        return render_markdown(pages).encode()
    return render_text(pages).encode()


def default_target(paths: Sequence[str | Path], fmt: str) -> Path | None:
    """Where output goes without -o: a PDF next to the working folder, else stdout."""
    if fmt != "pdf":
        return None
    if len(paths) != 1:
        return Path("fleet.pdf")
    name = Path(str(paths[0]).removeprefix("sample:")).name
    for suffix in (".ship.json", ".ssd.json", ".json", ".toml"):
        name = name.removesuffix(suffix)
    return Path(f"{name or 'design'}.pdf")


def write(paths: Sequence[str | Path], docs: Sequence[SsdDocument], fmt: str,
          out: Path | None = None, paper: str = "a4", sheets: Sequence[str] | None = None,
          catalog_root: str | None = None, turns: int = DEFAULT_TURNS) -> Export:
    """Render documents and write them to `out` (or the default target) atomically."""
    content = render(docs, fmt, paper, sheets, catalog_root, turns)
    target = out if out is not None else default_target(paths, fmt)
    if target is not None:
        write_atomic(target, content)
    return Export(content, target, tuple(docs))


def export(paths: Sequence[str | Path], fmt: str = "pdf", out: Path | None = None,
           paper: str = "a4", sheets: Sequence[str] | None = None, draft: bool = False,
           budget: int | None = None, catalog_root: str | None = None,
           turns: int = DEFAULT_TURNS) -> Export:
    """Export designs; write to `out` (or the default target) atomically.

    Returns the content with `target=None` when it belongs on stdout.
    """
    check_options(fmt, paper, all_sheets() if sheets is None else sheets, turns)
    docs = documents(paths, draft=draft, budget=budget, catalog_root=catalog_root)
    return write(paths, docs, fmt, out, paper, sheets, catalog_root, turns)
