"""The fleet pack: its export dialog (format, paper, file) and its writer.

A pack is a roster, then every ship's sheets, as `shipyard export FLEET` writes
it; an illegal fleet is exported only as a ticked draft, marked DRAFT.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Button, Input, Label, RadioSet, Static

from shipyard.render.export import SUFFIXES, check_options
from shipyard.render.fleet_pack import render_pack, ship_documents
from shipyard.services.fleet import FleetReport
from shipyard.services.fleet_paths import suggested_fleet_path
from shipyard.tui.screens.export import FileExport, format_and_paper
from shipyard.tui.widgets.footer import KeysFooter
from shipyard.tui.widgets.marked import MarkedCheckbox


@dataclass(frozen=True)
class PackRequest:
    fmt: str
    paper: str
    path: Path
    draft: bool


class FleetExportDialog(FileExport[PackRequest | None]):
    """The fleet pack's format, paper and file; an illegal fleet only as a ticked draft."""

    def __init__(self, report: FleetReport, stem: Path) -> None:
        super().__init__(classes="dialog-screen")
        self.report = report
        self.stem = stem

    def default_target(self) -> str:
        return str(self.stem.with_name(self.stem.name + SUFFIXES[self.fmt]))

    def compose(self) -> ComposeResult:
        errors = [i for i in self.report.issues if i.severity == "error"]
        with VerticalScroll(classes="dialog wide"):
            yield Label("Export the fleet pack (roster, then every ship's sheets)",
                        classes="dialog-title docked")
            with Horizontal(classes="dialog-buttons docked"):
                yield Button("Export", id="export", variant="primary", disabled=bool(errors))
                yield Button("Cancel", id="cancel")
            with Horizontal(classes="export-choices"):
                yield from format_and_paper()
            yield Static("File", classes="dialog-heading")
            yield Input(self.default_target(), id="path")
            if errors:
                yield Static(f"The fleet has {len(errors)} error(s): {errors[0].message}. "
                             "It can only be exported as a draft, marked DRAFT.",
                             classes="dialog-problem")
                yield MarkedCheckbox("Export as a DRAFT", value=False, id="draft", compact=True)
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one("#path", Input).focus()

    @on(Input.Submitted, "#path")
    @on(Button.Pressed, "#export")
    def _export(self, event: Input.Submitted | Button.Pressed) -> None:
        event.stop()
        if self.query_one("#export", Button).disabled:
            self.notify("Tick 'Export as a DRAFT' first: the fleet has errors.",
                        severity="warning")
            return
        path = self.checked_path()
        if path is None:
            return
        pressed = self.query_one("#paper", RadioSet).pressed_button
        paper = (pressed.id if pressed and pressed.id else "paper-a4").removeprefix("paper-")
        self.dismiss(PackRequest(self.fmt, paper, path, not self.report.legal))



def pack_stem(data: dict[str, Any], path: Path | None) -> Path:
    """The fleet pack's file, less its suffix: the fleet file's own name once it is saved
    (`home.fleet.json` -> `home`), else the one its name suggests."""
    if path is not None:
        name = path.name
        for suffix in (".fleet.json", ".fleet.toml", ".json", ".toml"):
            if name.lower().endswith(suffix):
                name = name[:-len(suffix)]
                break
        return path.with_name(name or "fleet")
    suggested = suggested_fleet_path(data, None)
    return suggested.with_name(suggested.name.removesuffix(".fleet.json"))


def pack_content(request: PackRequest, report: FleetReport) -> bytes:
    """The fleet pack as `shipyard export FLEET` writes it."""
    sheets = report.fleet.ruleset.sheets
    check_options(request.fmt, request.paper, sheets)
    docs = ship_documents(report, request.draft)
    return render_pack(report, docs, request.fmt, request.paper, sheets, request.draft)
