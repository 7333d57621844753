"""The export dialog: format, paper, sheets and file; a draft only when confirmed."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Input, Label, RadioSet, Static

from shipyard.core.drawing import PAPERS
from shipyard.core.files import write_atomic
from shipyard.core.protocol import Evaluation
from shipyard.render.export import (
    FORMATS,
    SUFFIXES,
    IllegalDesignError,
    check_options,
    render,
)
from shipyard.services.session import suggested_path
from shipyard.tui.widgets.footer import KeysFooter
from shipyard.tui.widgets.marked import MarkedCheckbox, MarkedRadioButton

FORMAT_NAMES = {"pdf": "PDF", "svg": "SVG", "ssd-json": "SSD JSON", "text": "Text",
                "md": "Markdown"}


@dataclass(frozen=True)
class ExportRequest:
    fmt: str
    paper: str
    sheets: tuple[str, ...]
    path: Path
    draft: bool


def target_for(evaluation: Evaluation, current: Path | None, fmt: str) -> Path:
    stem = suggested_path(evaluation.design, current)
    name = stem.name.removesuffix(".ship.json")
    return stem.with_name(name + SUFFIXES[fmt])


def write_export(request: ExportRequest, evaluation: Evaluation, budget: int | None) -> Path:
    """Lay out, draw and write atomically; an illegal design only as a confirmed draft."""
    check_options(request.fmt, request.paper, request.sheets)
    if not evaluation.legal and not request.draft:
        errors = [i for i in evaluation.issues if i.severity == "error"]
        raise IllegalDesignError(str(request.path), errors)
    document = evaluation.ruleset.document(evaluation, budget=budget,
                                           draft=not evaluation.legal)
    write_atomic(request.path, render([document], request.fmt, request.paper, request.sheets))
    return request.path


def format_and_paper() -> ComposeResult:
    """The format and paper columns every export dialog offers (PDF on A4 chosen)."""
    with Vertical():
        yield Static("Format", classes="dialog-heading")
        with RadioSet(id="format"):
            for fmt in FORMATS:
                yield MarkedRadioButton(FORMAT_NAMES[fmt], value=fmt == "pdf",
                                        id=f"format-{fmt}")
    with Vertical():
        yield Static("Paper", classes="dialog-heading")
        with RadioSet(id="paper"):
            for paper in PAPERS:
                yield MarkedRadioButton(paper.upper() if paper == "a4" else "Letter",
                                        value=paper == "a4", id=f"paper-{paper}")


class ExportDialog(ModalScreen[ExportRequest | None]):
    """Choose what to export and where."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "dismiss(None)", "Cancel")]

    def __init__(self, evaluation: Evaluation, current: Path | None) -> None:
        super().__init__(classes="dialog-screen")
        self.evaluation = evaluation
        self.current = current
        self.fmt = "pdf"
        self.path_edited = False

    def compose(self) -> ComposeResult:
        errors = [i for i in self.evaluation.issues if i.severity == "error"]
        with VerticalScroll(classes="dialog wide"):
            yield Label("Export record sheets", classes="dialog-title docked")
            # Docked, so that a short terminal scrolls the choices, never the buttons.
            with Horizontal(classes="dialog-buttons docked"):
                yield Button("Export", id="export", variant="primary", disabled=bool(errors))
                yield Button("Cancel", id="cancel")
            with Horizontal(classes="export-choices"):
                yield from format_and_paper()
                with Vertical():
                    yield Static("Sheets", classes="dialog-heading")
                    ruleset = self.evaluation.ruleset
                    for sheet in ruleset.sheets:
                        yield MarkedCheckbox(ruleset.sheet_labels[sheet], value=True,
                                       id=f"sheet-{sheet}", tooltip=ruleset.sheet_titles[sheet])
            yield Static("File", classes="dialog-heading")
            yield Input(str(target_for(self.evaluation, self.current, "pdf")), id="path")
            if errors:
                yield Static(f"This design has {len(errors)} error(s): "
                             f"{errors[0].message}. It can only be exported as a draft, "
                             "and every page will carry the DRAFT mark.",
                             classes="dialog-problem")
                yield MarkedCheckbox("Export as a DRAFT", value=False, id="draft")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one("#path", Input).focus()

    @on(Input.Submitted, "#path")
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        export = self.query_one("#export", Button)
        if export.disabled:
            self.notify("Tick 'Export as a DRAFT' first: the design has errors.",
                        severity="warning")
            return
        export.press()

    @on(RadioSet.Changed, "#format")
    def _format(self, event: RadioSet.Changed) -> None:
        self.fmt = (event.pressed.id or "format-pdf").removeprefix("format-")
        if not self.path_edited:
            path = self.query_one("#path", Input)
            path.value = str(target_for(self.evaluation, self.current, self.fmt))
            self.path_edited = False

    @on(Input.Changed, "#path")
    def _path_changed(self, event: Input.Changed) -> None:
        if event.value != str(target_for(self.evaluation, self.current, self.fmt)):
            self.path_edited = True

    @on(Checkbox.Changed, "#draft")
    def _draft(self, event: Checkbox.Changed) -> None:
        self.query_one("#export", Button).disabled = not event.value

    def _paper(self) -> str:
        pressed = self.query_one("#paper", RadioSet).pressed_button
        return (pressed.id if pressed and pressed.id else "paper-a4").removeprefix("paper-")

    @on(Button.Pressed, "#export")
    def _export(self, event: Button.Pressed) -> None:
        event.stop()
        sheets = tuple(s for s in self.evaluation.ruleset.sheets
                       if self.query_one(f"#sheet-{s}", Checkbox).value)
        path = self.query_one("#path", Input).value.strip()
        if not sheets or not path:
            self.notify("Choose at least one sheet and a file.", severity="error")
            return
        draft = not self.evaluation.legal
        self.dismiss(ExportRequest(self.fmt, self._paper(), sheets, Path(path).expanduser(),
                                   draft))

    @on(Button.Pressed, "#cancel")
    def _cancel(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)
