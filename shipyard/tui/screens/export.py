"""The export dialog: format, paper, sheets and file; a draft only when confirmed."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar, TypeVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Input, Label, RadioButton, RadioSet, Static

from shipyard.core.drawing import PAPERS
from shipyard.core.neutral import Evaluation
from shipyard.render.export import (
    FORMAT_OF_SUFFIX,
    FORMATS,
    SUFFIXES,
    IllegalDesignError,
    check_options,
    format_of,
    render,
)
from shipyard.services.kept_files import kept_file
from shipyard.services.session import suggested_path
from shipyard.tui.host import Host
from shipyard.tui.screens.dialogs import ConfirmDialog
from shipyard.tui.widgets.footer import KeysFooter
from shipyard.tui.widgets.marked import MarkedCheckbox, MarkedRadioButton

T = TypeVar("T")
FORMAT_NAMES = {"pdf": "PDF", "svg": "SVG", "ssd-json": "SSD JSON", "text": "Text",
                "md": "Markdown"}


@dataclass(frozen=True)
class ExportRequest:
    fmt: str
    paper: str
    sheets: tuple[str, ...]
    path: Path
    draft: bool


def suffix_of(name: str) -> str:
    """The extension of `name` that names a format (longest first), "" if none."""
    lowered = name.lower()
    return next((suffix for suffix in FORMAT_OF_SUFFIX
                 if lowered.endswith(suffix) and lowered != suffix), "")


def target_for(evaluation: Evaluation, current: Path | None, fmt: str) -> Path:
    stem = suggested_path(evaluation.design, current)
    name = stem.name.removesuffix(".ship.json")
    return stem.with_name(name + SUFFIXES[fmt])


def export_content(request: ExportRequest, evaluation: Evaluation, budget: int | None) -> bytes:
    """Lay out and draw; an illegal design only as a confirmed draft."""
    check_options(request.fmt, request.paper, request.sheets)
    if not evaluation.legal and not request.draft:
        errors = [i for i in evaluation.issues if i.severity == "error"]
        raise IllegalDesignError(str(request.path), errors)
    document = evaluation.ruleset.document(evaluation, budget=budget,
                                           draft=not evaluation.legal)
    return render([document], request.fmt, request.paper, request.sheets)


def format_and_paper() -> ComposeResult:
    """The format and paper columns every export dialog offers (PDF on A4 chosen), compact:
    every choice in sight at 80 x 24."""
    with Vertical():
        yield Static("Format", classes="dialog-heading")
        with RadioSet(id="format", compact=True):
            for fmt in FORMATS:
                yield MarkedRadioButton(FORMAT_NAMES[fmt], value=fmt == "pdf",
                                        id=f"format-{fmt}")
    with Vertical():
        yield Static("Paper", classes="dialog-heading")
        with RadioSet(id="paper", compact=True):
            for paper in PAPERS:
                yield MarkedRadioButton(paper.upper() if paper == "a4" else "Letter",
                                        value=paper == "a4", id=f"paper-{paper}")


class FileExport(ModalScreen[T]):
    """An export dialog's format and file: a format chosen gives the file its extension, an
    extension typed chooses the format (as `shipyard export` reads `-o gnat.svg`), and a
    file with no extension gets the format's own when exported (`checked_path`)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "dismiss(None)", "Cancel")]

    fmt = "pdf"
    path_edited = False

    def default_target(self) -> str:
        """The file offered for the format chosen, until the player types one."""
        raise NotImplementedError

    @on(RadioSet.Changed, "#format")
    def _format(self, event: RadioSet.Changed) -> None:
        """Another format: the file's extension follows it (a typed name keeps its stem)."""
        chosen = (event.pressed.id or "format-pdf").removeprefix("format-")
        if chosen == self.fmt:
            return
        self.fmt = chosen
        path = self.query_one("#path", Input)
        if not self.path_edited:
            with self.prevent(Input.Changed):
                path.value = self.default_target()
        elif (named := format_of(Path(path.value.strip()))) is not None and named != chosen:
            stem = path.value.strip()[:-len(suffix_of(path.value.strip()))]
            with self.prevent(Input.Changed):
                path.value = stem + SUFFIXES[chosen]
                path.cursor_position = len(path.value)

    @on(Input.Changed, "#path")
    def _path_changed(self, event: Input.Changed) -> None:
        """A typed extension that names a format chooses that format (as `shipyard export`
        reads `-o gnat.svg`)."""
        if event.value != self.default_target():
            self.path_edited = True
        named = format_of(Path(event.value.strip()))
        if named is not None and named != self.fmt:
            self.fmt = named
            button = self.query_one(f"#format-{named}", RadioButton)
            with self.prevent(RadioSet.Changed):
                button.value = True

    @on(Checkbox.Changed, "#draft")
    def _draft(self, event: Checkbox.Changed) -> None:
        self.query_one("#export", Button).disabled = not event.value

    @on(Button.Pressed, "#cancel")
    def _cancel(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)

    def checked_path(self) -> Path | None:
        """The file to write: the format's extension added if it has none; None (and a
        notice) if it is empty or its extension says another format."""
        path = self.query_one("#path", Input).value.strip()
        if not path:
            self.notify("Choose a file.", severity="error")
            return None
        named = format_of(Path(path))
        if named is not None and named != self.fmt:  # (the format follows the name typed)
            self.notify(f"{path}: the extension says {FORMAT_NAMES[named]}, the format chosen "
                        f"is {FORMAT_NAMES[self.fmt]}.", severity="error")
            return None
        target = Path(path + ("" if named is not None else SUFFIXES[self.fmt])).expanduser()
        what = None if self.app.is_web else kept_file(target)  # a browser downloads it
        if what is not None:
            self.notify(f"{target} is an existing {what}: an export never replaces it. Choose "
                        "another file.", title="Not exported", severity="error")
            return None
        return target


class ExportDialog(FileExport[ExportRequest | None]):
    """Choose what to export and where."""

    def __init__(self, evaluation: Evaluation, current: Path | None) -> None:
        super().__init__(classes="dialog-screen")
        self.evaluation = evaluation
        self.current = current

    def default_target(self) -> str:
        return str(target_for(self.evaluation, self.current, self.fmt))

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
                                             id=f"sheet-{sheet}", compact=True,
                                             tooltip=ruleset.sheet_titles[sheet])
            yield Static("File", classes="dialog-heading")
            yield Input(str(target_for(self.evaluation, self.current, "pdf")), id="path")
            if errors:
                yield Static(f"This design has {len(errors)} error(s): "
                             f"{errors[0].message}. It can only be exported as a draft, "
                             "and every page will carry the DRAFT mark.",
                             classes="dialog-problem")
                yield MarkedCheckbox("Export as a DRAFT", value=False, id="draft", compact=True)
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

    def _paper(self) -> str:
        pressed = self.query_one("#paper", RadioSet).pressed_button
        return (pressed.id if pressed and pressed.id else "paper-a4").removeprefix("paper-")

    @on(Button.Pressed, "#export")
    def _export(self, event: Button.Pressed) -> None:
        event.stop()
        sheets = tuple(s for s in self.evaluation.ruleset.sheets
                       if self.query_one(f"#sheet-{s}", Checkbox).value)
        if not sheets:
            self.notify("Choose at least one sheet.", severity="error")
            return
        path = self.checked_path()
        if path is not None:
            self.dismiss(ExportRequest(self.fmt, self._paper(), sheets, path,
                                       not self.evaluation.legal))



async def may_replace(host: Host, path: Path) -> bool:
    """Whether an export may write `path`: yes if it is new; never over a design, fleet or
    catalog file (as `shipyard export` without --force), which the notice names; else as
    the player answers (Cancel is the answer Enter gives)."""
    if not path.exists():
        return True
    what = kept_file(path)
    if what is not None:
        host.notify(f"{path} is an existing {what}: an export never replaces it. Export to "
                    "another file.", title="Not exported", severity="error")
        return False
    answer = await host.ask(ConfirmDialog(
        "Replace file?", f"{path} exists. Replace it with the export?", "Replace", "Cancel",
        default="no"))
    return answer == "yes"
