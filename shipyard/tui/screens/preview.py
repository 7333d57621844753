"""The record-sheet preview: the same layout as the PDF, drawn as text."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import ScrollableContainer
from textual.screen import Screen
from textual.widgets import Static

from shipyard.core.neutral import Evaluation
from shipyard.core.visible import visible
from shipyard.render.text import render_text
from shipyard.tui.widgets.footer import KeysFooter
from shipyard.tui.widgets.title import TitleBar


def preview_text(evaluation: Evaluation, budget: int | None, paper: str = "a4") -> str:
    ruleset = evaluation.ruleset
    document = ruleset.document(evaluation, budget=budget, draft=not evaluation.legal)
    folder = evaluation.catalog.folder  # its own tables on the sheet, a house catalog's too
    return render_text(ruleset.layout([document], paper, ruleset.sheets,
                                      catalog_root=folder))


class PreviewScreen(Screen[None]):
    """Scroll through the sheets; Escape goes back to the designer."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,f2", "app.pop_screen", "Back"),
        Binding("ctrl+e", "app.export", "Export"),
    ]

    def __init__(self, evaluation: Evaluation, budget: int | None) -> None:
        super().__init__()
        self.evaluation = evaluation
        self.budget = budget

    def compose(self) -> ComposeResult:
        yield TitleBar()
        with ScrollableContainer(id="preview-scroll"):
            text = Text(preview_text(self.evaluation, self.budget), no_wrap=True,
                        overflow="ignore")
            yield Static(text, id="preview")
        yield KeysFooter()

    def on_mount(self) -> None:
        name = visible(self.evaluation.design.name) or "(unnamed)"
        draft = "" if self.evaluation.legal else "  (DRAFT: the design has errors)"
        self.sub_title = f"Record sheet preview: {name}{draft}"
        self.query_one("#preview-scroll").focus()
