"""Plain answers for the `Ruleset` members a game need not word for itself.

A game's ruleset may inherit `Defaults` and write only what its own rules say: its
bundled sample designs, no points budget of its own, all its points in one group,
its size figure as the headline and the designer's one row, "craft" for what it is,
a plain total under the table, an edit's margin as the change of the total, its
priced sheet as total and issues, "no such sheet" for a sheet it does not print, and
no rules in brief under a fleet's roster.
A game words any of them itself by defining the member. `record_document` builds the
`shipyard.ssd/1` document of an evaluation from the figures and boxes a game gives it.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path
from typing import Generic

from shipyard.core.catalog_files import catalog_root
from shipyard.core.document import BoxRows, CatalogStamp, SsdDocument
from shipyard.core.errors import DesignReadError
from shipyard.core.flow import Strip
from shipyard.core.issues import Issue, is_legal
from shipyard.core.protocol import (
    C,
    Change,
    D,
    Evaluation,
    Figure,
    Json,
    Margin,
    Presentation,
    Rules,
    S,
)


class Defaults(Generic[D, S, C]):
    """Neutral members of `Rules`, `RecordSheets` and `Presentation` for a game to inherit."""

    name: str
    title: str
    sheets: tuple[str, ...]

    def samples(self) -> list[Path]:
        """The designs bundled in the catalog's `<name>/designs` folder."""
        folder = catalog_root() / self.name / "designs"
        return sorted(folder.glob("*.ship.json")) if folder.is_dir() else []

    def budget(self, catalog: C) -> int | None:
        return None  # the players agree one

    def groups(self, sheet: S) -> dict[str, Fraction]:
        return {"all": sheet.exact_total}

    def sheet_data(self, sheet: S, issues: Sequence[Issue]) -> Json:
        return {"total": sheet.total, "legal": is_legal(issues),
                "issues": [issue.to_data() for issue in issues]}

    def has_sheet(self, document: SsdDocument, sheet: str) -> str | None:
        return None if sheet in self.sheets else f"{self.title} has no {sheet!r} sheet"

    def reference(self, documents: Sequence[SsdDocument], width: float, size: float,
                  catalog_root: str | None = None) -> list[Strip]:
        return []  # no rules in brief under a fleet's roster

    def figures(self: Rules[D, S, C], evaluation: Evaluation[D, S, C]) -> list[Figure]:
        return [self.class_of(evaluation.sheet)]

    def summary(self, evaluation: Evaluation[D, S, C], budget: int | None) -> list[str]:
        return [f"Total {evaluation.sheet.total} points"]

    def kind_words(self, evaluation: Evaluation[D, S, C]) -> str:
        return "craft"

    def panel_rows(self: Presentation[D, S, C], evaluation: Evaluation[D, S, C],
                   ) -> list[tuple[str, str]]:
        return [(figure.label, str(figure.value)) for figure in self.figures(evaluation)]

    def what_if(self: Rules[D, S, C], design: D, change: Change, catalog: C,
                before: S | None = None) -> Margin | None:
        """The change of the total, with no notes; None if the edit makes no design."""
        data = design.to_data()
        change(data)
        try:
            edited = self.parse(data, "<design>")
        except DesignReadError:
            return None
        old, new = before or self.price(design, catalog), self.price(edited, catalog)
        return Margin(new.exact_total - old.exact_total, new.total - old.total)

    def settle(self, design: D, sheet: S) -> D | None:
        """Nothing follows another part of the design."""
        return None


def record_document(evaluation: Evaluation[D, S, C], rows: BoxRows, *,
                    sheet: Json | None = None, arc_order: Sequence[str] = (),
                    budget: int | None = None, draft: bool = False) -> SsdDocument:
    """The record-sheet document of an evaluation: its boxes in `rows`, and the sheet's
    figures as the game's `sheet_data` gives them unless `sheet` says otherwise."""
    design, catalog = evaluation.design, evaluation.catalog
    if sheet is None:
        sheet = evaluation.ruleset.sheet_data(evaluation.sheet, evaluation.issues)
    manifest = catalog.manifest
    return SsdDocument(
        name=design.name, legal=evaluation.legal, draft=draft, budget=budget,
        catalog=CatalogStamp(ruleset=manifest.ruleset, title=manifest.title,
                             version=manifest.version, digest=catalog.digest),
        design=design.to_data(), sheet=sheet, arc_order=list(arc_order),
        groups=rows.groups, boxes=rows.boxes)
