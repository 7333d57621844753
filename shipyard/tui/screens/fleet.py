"""The fleet screen: ships of one game against a points budget, like `shipyard fleet`.

Open a fleet file or start one, add designs (a bundled sample, a file, or
the design being edited, written inline), set each entry's count and ship
names, and see the total against the budget and the fleet's issues (Enter
on one goes to its entry). Every edit goes through
`FleetSession.apply` (undo, re-judge) and is autosaved to a recovery file;
saves are atomic; Ctrl+E exports the fleet pack (a roster, then every
ship's sheets). The fleet stays on the app for the session, so leaving the
screen and coming back finds it as it was.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import (
    Button,
    DataTable,
    Input,
    Label,
    OptionList,
    RadioSet,
    Static,
)
from textual.widgets.option_list import Option

from shipyard.core.errors import ShipyardError
from shipyard.core.issues import Issue
from shipyard.core.protocol import Evaluation
from shipyard.render.export import SUFFIXES, check_options
from shipyard.render.fleet_pack import render_pack, ship_documents
from shipyard.services.fleet import MAX_SHIPS, FleetReport
from shipyard.services.fleet import RULE as FLEET_RULE
from shipyard.services.fleet_session import (
    FLEET_STATE,
    FleetChange,
    FleetSession,
    add_ship,
    design_reference,
    entry_of,
    fleet_path,
    new_fleet_session,
    open_fleet_session,
    remove_ship,
    set_count,
    set_field,
    set_names,
    suggested_fleet_path,
)
from shipyard.services.samples import PREFIX, sample_name, sample_paths
from shipyard.tui.delivery import hand_over
from shipyard.tui.host import host_of
from shipyard.tui.screens.dialogs import ChoiceDialog, ConfirmDialog, TextDialog
from shipyard.tui.screens.export import FileExport, format_and_paper, may_replace
from shipyard.tui.widgets.footer import KeysFooter
from shipyard.tui.widgets.issues import IssuesPanel
from shipyard.tui.widgets.marked import MarkedCheckbox
from shipyard.tui.widgets.sheet import budget_bar
from shipyard.tui.widgets.title import TitleBar

OVER_BUDGET = "over-budget"
COLUMNS = ("#", "Design", "Ships", "Each", "Points", "Legal", "Names")
SAVE_CHOICES = [("save", "Save"), ("discard", "Discard changes"), ("cancel", "Cancel")]
FLEET_DIALOG = "fleet-dialog"  # the worker group of this screen's dialogs, one at a time


def total_words(report: FleetReport) -> str:
    """The total against the budget, in `shipyard fleet`'s words."""
    if report.budget is None or report.left is None:
        return f"Total {report.total} points (no budget)"
    state = f"{report.left} left" if report.left >= 0 else f"{-report.left} over"
    return f"Total {report.total} of {report.budget} points, {state}"


def roster_rows(report: FleetReport) -> list[tuple[str, ...]]:
    """One row per entry: number, design, ships, points each, points, legality, names."""
    rows: list[tuple[str, ...]] = []
    for entry, evaluation in zip(report.fleet.entries, report.evaluations, strict=True):
        each = int(evaluation.sheet.total)
        rows.append((str(entry.index + 1), evaluation.design.name or "(unnamed)",
                     str(entry.count), str(each), str(each * entry.count),
                     "legal" if evaluation.legal else "ILLEGAL", ", ".join(entry.names)))
    return rows


def dearest_entry(report: FleetReport) -> int | None:
    """The entry whose ships cost the most together: where to cut when over budget."""
    costs = [int(e.sheet.total) * entry.count
             for entry, e in zip(report.fleet.entries, report.evaluations, strict=True)]
    return max(range(len(costs)), key=costs.__getitem__) if costs else None



class AddDesignDialog(ModalScreen[str | None]):
    """A bundled sample (Enter on it) or a design file (typed, then Enter)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "dismiss(None)", "Cancel")]

    def __init__(self, ruleset: str | None, title: str = "Add a design") -> None:
        super().__init__(classes="dialog-screen")
        self.ruleset = ruleset
        self.title_text = title

    def compose(self) -> ComposeResult:
        samples = [sample_name(p) for p in sample_paths(self.ruleset)]
        with Vertical(classes="dialog"):
            yield Label(f"{self.title_text}: Enter on a sample, or type a file and Enter",
                        classes="dialog-title")
            yield OptionList(*[Option(name, id=name) for name in samples], id="picker-samples")
            yield Input(placeholder="or a file: path/to/design.ship.json", id="picker-path")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Add", id="picker-add", variant="primary")
                yield Button("Cancel", id="picker-cancel")
        yield KeysFooter()

    def on_mount(self) -> None:
        samples = self.query_one("#picker-samples", OptionList)
        samples.highlighted = 0 if samples.option_count else None
        samples.focus()

    @on(OptionList.OptionSelected, "#picker-samples")
    def _sample(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(f"{PREFIX}{event.option.id}")

    @on(Input.Submitted, "#picker-path")
    @on(Button.Pressed, "#picker-add")
    def _add(self, event: Input.Submitted | Button.Pressed) -> None:
        event.stop()
        typed = self.query_one("#picker-path", Input).value.strip()
        if typed:
            self.dismiss(typed)
            return
        samples = self.query_one("#picker-samples", OptionList)
        if samples.highlighted is not None:
            option = samples.get_option_at_index(samples.highlighted)
            self.dismiss(f"{PREFIX}{option.id}")

    @on(Button.Pressed, "#picker-cancel")
    def _cancel(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)


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
                yield MarkedCheckbox("Export as a DRAFT", value=False, id="draft")
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


class FleetIssues(IssuesPanel):
    """The fleet's issues: the design panel, worded for a fleet."""

    def text_of(self, issue: Issue) -> Text:
        """The fleet's own issues (its budget) have no rule of the game to name first."""
        if issue.rule != FLEET_RULE:
            return super().text_of(issue)
        error = issue.severity == "error"
        text = Text("✖ " if error else "! ", style="bold red" if error else "bold yellow")
        text.append(issue.message[:1].upper() + issue.message[1:])
        return text

    def show(self, issues: Sequence[Issue], removable: Sequence[str] = ()) -> None:
        super().show(issues, removable)
        if not issues:
            self.clear_options()
            self.add_option(Option(Text("No issues: the fleet is legal.", style="green"),
                                   disabled=True))
            self.border_title = "Issues: none"


class FleetScreen(Screen[None]):
    """The roster on the left, the issues on the right, the total and budget bar on top."""

    HELP_TITLE = "Fleet"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,f8", "back", "Back"),
        Binding("a", "add", "Add"),
        Binding("d", "add_current", "Add the design being edited", show=False),
        Binding("plus,equals_sign", "count(1)", "One more ship", show=False),
        Binding("minus", "count(-1)", "One ship fewer", show=False),
        Binding("c", "set_count", "Count…", show=False),
        Binding("n", "names", "Names…"),
        Binding("delete", "remove", "Remove", show=False),
        Binding("ctrl+s", "save", "Save"),
        Binding("f12", "save_as", "Save as", show=False),
        Binding("ctrl+o", "open", "Open fleet", show=False),
        Binding("ctrl+n", "new", "New fleet", show=False),
        Binding("ctrl+z", "undo", "Undo"),
        Binding("ctrl+y", "redo", "Redo", show=False),
        Binding("ctrl+b", "budget", "Budget"),
        Binding("f2", "rename", "Fleet name", show=False),
        Binding("ctrl+e", "export", "Export pack"),
        Binding("f6", "focus_issues", "Issues", show=False),
        Binding("f5", "focus_roster", "Roster", show=False),
    ]

    def __init__(self, current: Evaluation, recovery_dir: Path, source: str | None = None,
                 unsaved: bool = False) -> None:
        super().__init__(id="fleet")
        self.current = current
        self.recovery_dir = recovery_dir
        self.source = source  # the design's file (or sample:NAME) as the designer opened it
        self.unsaved = unsaved  # the design differs from that file
        self.autosave_problem = False

    @property
    def fleet(self) -> FleetSession:
        found: Any = getattr(self.app, FLEET_STATE, None)  # the app does not declare it
        if not isinstance(found, FleetSession):
            found = new_fleet_session(self.current.design.ruleset, self.recovery_dir)
            setattr(self.app, FLEET_STATE, found)
        return found  # type: ignore[no-any-return]

    @fleet.setter
    def fleet(self, session: FleetSession) -> None:
        setattr(self.app, FLEET_STATE, session)

    def compose(self) -> ComposeResult:
        yield TitleBar()
        with Vertical(id="fleet-main"):
            yield Static(id="fleet-summary")
            with Horizontal(id="fleet-body"):
                yield DataTable(id="fleet-roster", cursor_type="row", zebra_stripes=True)
                yield FleetIssues(id="fleet-issues")
            with Horizontal(id="fleet-buttons"):
                for label, action, ident in (
                        ("Add", "add", "fleet-add"), ("This design", "add_current",
                                                      "fleet-add-current"),
                        ("+1", "count(1)", "fleet-more"), ("-1", "count(-1)", "fleet-fewer"),
                        ("Names", "names", "fleet-names"), ("Remove", "remove", "fleet-remove"),
                        ("Save", "save", "fleet-save"), ("Export", "export", "fleet-export")):
                    yield Button(label, id=ident, action=f"screen.{action}", compact=True,
                                 variant="primary" if ident == "fleet-add" else "default")
        yield KeysFooter()

    def on_mount(self) -> None:
        roster = self.query_one("#fleet-roster", DataTable)
        roster.border_title = "Roster"
        try:
            self.fleet.reread()  # a design saved in the designer since: as saved now
        except ShipyardError as exc:
            self.notify(str(exc), title="A design of the fleet cannot be read", severity="error")
        self.refresh_view()
        roster.focus()
        if not self.fleet.changed and not self.fleet.undo_stack:
            self.offer_recovery()

    def on_screen_resume(self) -> None:
        """Back on top after a dialog: lay the roster out again (a covered table keeps
        the widths it had)."""
        self.call_after_refresh(self.refresh_view)

    # Showing ---------------------------------------------------------------------

    def refresh_view(self) -> None:
        session = self.fleet
        report = session.report
        mark = " ●" if session.changed else ""
        self.sub_title = f"Fleet: {session.title}{mark}"
        name = report.fleet.name or "(unnamed fleet)"
        summary = Text(name, style="bold")
        count = len(report.ships)
        summary.append(f"  {report.fleet.ruleset.title}, {count} ship{'' if count == 1 else 's'}",
                       style="dim")
        summary.append("\n")
        summary.append(total_words(report), style="bold")
        summary.append("  ")
        summary.append_text(budget_bar(report.total, report.budget))
        self.query_one("#fleet-summary", Static).update(summary)
        roster = self.query_one("#fleet-roster", DataTable)
        row = roster.cursor_row
        roster.clear(columns=True)  # widths fitted afresh, even while a dialog is on top
        roster.add_columns(*COLUMNS)
        for cells in roster_rows(report):
            style = "" if cells[5] == "legal" else "red"
            roster.add_row(*(Text(cell, style=style,
                                  justify="right" if i in (0, 2, 3, 4) else "left")
                             for i, cell in enumerate(cells)))
        if roster.row_count:
            roster.move_cursor(row=min(row, roster.row_count - 1))
        self.query_one(FleetIssues).show(report.issues)
        self.query_one("#fleet-buttons").refresh()

    def changed(self) -> None:
        self.refresh_view()
        try:
            self.fleet.autosave()
        except (OSError, ShipyardError) as exc:
            if not self.autosave_problem:
                self.autosave_problem = True
                self.notify(f"Autosave failed: {exc}", severity="error")

    def edit(self, change: FleetChange) -> bool:
        """The one edit function of the fleet: undo, re-judge, show, autosave."""
        try:
            self.fleet.apply(change)
        except ShipyardError as exc:
            self.notify(str(exc), title="Not changed", severity="error")
            return False
        self.changed()
        return True

    @property
    def entry(self) -> int | None:
        """The roster entry under the cursor."""
        roster = self.query_one("#fleet-roster", DataTable)
        return roster.cursor_row if roster.row_count else None

    def go_to_entry(self, index: int) -> None:
        roster = self.query_one("#fleet-roster", DataTable)
        if 0 <= index < roster.row_count:
            roster.move_cursor(row=index)
            roster.focus()

    @on(IssuesPanel.Chosen)
    def _issue_chosen(self, event: IssuesPanel.Chosen) -> None:
        event.stop()
        index = entry_of(event.issue.path)
        if index is None and event.issue.code == OVER_BUDGET:
            index = dearest_entry(self.fleet.report)
            if index is not None:
                self.notify(f"{event.issue.message}. The dearest entry is "
                            f"#{index + 1}: cut there first, or raise the budget (Ctrl+B).",
                            title="Over budget", timeout=10)
        if index is None:
            self.notify("This issue concerns the whole fleet.")
            return
        self.go_to_entry(index)

    # Entries ---------------------------------------------------------------------

    @work(group=FLEET_DIALOG)
    async def action_add(self) -> None:
        if host_of(self).asking_already(FLEET_DIALOG):
            return
        answer = await host_of(self).ask(
            AddDesignDialog(self.fleet.report.fleet.ruleset.name))
        if not answer:
            return
        if self.edit(add_ship(design_reference(answer, self.fleet.folder))):
            self.go_to_entry(len(self.fleet.report.fleet.entries) - 1)

    def action_add_current(self) -> None:
        """The design being edited: by its file when it has one, so that later saves of the
        design reach the fleet; written into the fleet only when it is in no file."""
        name = self.current.design.name or "The design"
        if self.source is not None:
            reference = design_reference(self.source, self.fleet.folder)
            if self.edit(add_ship(reference)):
                self.go_to_entry(len(self.fleet.report.fleet.entries) - 1)
                self.notify(f"{name} added by its file, {reference}"
                            + (": the fleet reads the file as saved; save the design "
                               "(Ctrl+S) for its changes to reach the fleet." if self.unsaved
                               else ": the fleet follows every save of it."))
            return
        if self.edit(add_ship(self.current.design.to_data())):
            self.go_to_entry(len(self.fleet.report.fleet.entries) - 1)
            self.notify(f"{name} is in no file yet, so it is written into the fleet as it is "
                        "now: later edits do not reach the fleet (save the design first to "
                        "add it by its file).")

    def action_count(self, delta: int) -> None:
        index = self.entry
        if index is None:
            self.notify("Add a design first (a adds one).")
            return
        count = self.fleet.report.fleet.entries[index].count
        if count + delta < 1:
            self.notify("At least one ship: Del removes the entry.")
            return
        self.edit(set_count(index, count + delta))

    @work(group=FLEET_DIALOG)
    async def action_set_count(self) -> None:
        if host_of(self).asking_already(FLEET_DIALOG):
            return
        index = self.entry
        if index is None:
            return
        entry = self.fleet.report.fleet.entries[index]
        answer = await host_of(self).ask(TextDialog(
            "Ships", f"How many ships of entry #{index + 1} (1 to {MAX_SHIPS}):",
            str(entry.count)))
        if answer is None:
            return
        text = answer.strip()
        if not text.isdigit() or not 1 <= int(text) <= MAX_SHIPS:
            self.notify(f"count: {answer!r} is not a whole number from 1 to {MAX_SHIPS}",
                        severity="error")
            return
        self.edit(set_count(index, int(text)))

    @work(group=FLEET_DIALOG)
    async def action_names(self) -> None:
        if host_of(self).asking_already(FLEET_DIALOG):
            return
        index = self.entry
        if index is None:
            self.notify("Add a design first (a adds one).")
            return
        entry = self.fleet.report.fleet.entries[index]
        own = self.fleet.data["ships"][index].get("names")
        answer = await host_of(self).ask(TextDialog(
            "Ship names", f"Names of the ships of entry #{index + 1}, separated by commas; "
            "the count follows the names. Empty: numbered design names.",
            ", ".join(entry.names) if own else "", placeholder=", ".join(entry.names)))
        if answer is None:
            return
        names = [name.strip() for name in answer.split(",") if name.strip()]
        self.edit(set_names(index, names or None))

    def action_remove(self) -> None:
        index = self.entry
        if index is not None:
            self.edit(remove_ship(index))

    def action_undo(self) -> None:
        if self.fleet.undo():
            self.changed()
        else:
            self.notify("Nothing to undo.")

    def action_redo(self) -> None:
        if self.fleet.redo():
            self.changed()
        else:
            self.notify("Nothing to redo.")

    @work(group=FLEET_DIALOG)
    async def action_budget(self) -> None:
        if host_of(self).asking_already(FLEET_DIALOG):
            return
        current = self.fleet.data.get("budget")
        answer = await host_of(self).ask(TextDialog(
            "Fleet budget", "Points budget agreed for the fleet (leave empty for none):",
            "" if current is None else str(current), placeholder="e.g. 800"))
        if answer is None:
            return
        text = answer.strip().replace(",", "").replace("_", "")
        if text and not (text.isdigit() and len(text) <= 9):
            self.notify(f"budget: {answer!r} is not a whole number of points", severity="error")
            return
        self.edit(set_field("budget", int(text) if text else None))

    @work(group=FLEET_DIALOG)
    async def action_rename(self) -> None:
        if host_of(self).asking_already(FLEET_DIALOG):
            return
        answer = await host_of(self).ask(TextDialog(
            "Fleet name", "The fleet's name:", str(self.fleet.data.get("name") or "")))
        if answer is not None:
            self.edit(set_field("name", answer.strip()))

    # Files -----------------------------------------------------------------------

    def write(self, path: Path | None = None) -> bool:
        try:
            target = self.fleet.save(path)
        except (OSError, ShipyardError) as exc:
            self.notify(str(exc), title="Not saved", severity="error")
            return False
        self.notify(f"Saved {target}")
        self.refresh_view()
        return True

    async def save(self) -> bool:
        path = self.fleet.path
        if path is not None and path.name.lower().endswith(".json"):
            return self.write()
        return await self.save_as()

    async def save_as(self) -> bool:
        suggestion = suggested_fleet_path(self.fleet.data, self.fleet.path)
        answer = await host_of(self).ask(TextDialog(
            "Save fleet as", "File to save the fleet to (.fleet.json):", str(suggestion)))
        if not answer or not answer.strip():
            return False
        path = Path(answer.strip()).expanduser()
        path = path / suggestion.name if path.is_dir() else fleet_path(answer)
        same = self.fleet.path is not None and path.resolve() == self.fleet.path.resolve()
        if path.exists() and not same:
            confirm = await host_of(self).ask(ConfirmDialog(
                "Replace file?", f"{path} exists. Replace it?", "Replace", "Cancel"))
            if confirm != "yes":
                return False
        return self.write(path)

    @work(group=FLEET_DIALOG)
    async def action_save(self) -> None:
        if host_of(self).asking_already(FLEET_DIALOG):
            return
        await self.save()

    @work(group=FLEET_DIALOG)
    async def action_save_as(self) -> None:
        if host_of(self).asking_already(FLEET_DIALOG):
            return
        await self.save_as()

    async def settle(self, doing: str) -> bool:
        """Before leaving the fleet: save, discard or stay. True to go on."""
        if not self.fleet.changed:
            return True
        answer = await host_of(self).ask(ChoiceDialog(
            "Unsaved fleet", f"{self.fleet.title} has unsaved changes. Save them before "
            f"{doing}?", SAVE_CHOICES))
        if answer == "save":
            return await self.save()
        if answer == "discard":
            self.fleet.discard_recovery()
            return True
        return False

    @work(group=FLEET_DIALOG)
    async def action_open(self) -> None:
        if host_of(self).asking_already(FLEET_DIALOG):
            return
        if not await self.settle("opening another fleet"):
            return
        answer = await host_of(self).ask(TextDialog(
            "Open fleet", "A fleet file (.fleet.json or .fleet.toml):",
            placeholder="path/to/home.fleet.json"))
        if not answer or not answer.strip():
            return
        try:
            session = open_fleet_session(Path(answer.strip()).expanduser(), self.recovery_dir)
        except ShipyardError as exc:
            self.notify(str(exc), title="Cannot open", severity="error")
            return
        self.fleet = session
        self.refresh_view()
        self.go_to_entry(0)
        await self.recover()

    @work(group=FLEET_DIALOG)
    async def action_new(self) -> None:
        if host_of(self).asking_already(FLEET_DIALOG):
            return
        if not await self.settle("starting a new fleet"):
            return
        self.fleet = new_fleet_session(self.current.design.ruleset, self.recovery_dir)
        self.refresh_view()

    @work(group=FLEET_DIALOG)
    async def offer_recovery(self) -> None:
        if host_of(self).asking_already(FLEET_DIALOG):
            return
        await self.recover()

    async def recover(self) -> None:
        """Offer back a fleet autosaved but never saved, for this file (or an untitled one)."""
        recovery = self.fleet.pending_recovery()
        if recovery is None:
            return
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(recovery.saved_at))
        answer = await host_of(self).ask(ConfirmDialog(
            "Recover unsaved fleet?",
            f"Shipyard closed at {when} without saving changes to {self.fleet.title}. "
            "Restore them? (Undo goes back to the file.)", "Restore", "Discard"))
        if answer == "yes":
            try:
                self.fleet.recover(recovery)
            except ShipyardError as exc:
                self.notify(str(exc), title="Not recovered", severity="error")
            self.changed()
        else:
            self.fleet.discard_recovery()

    @work(group=FLEET_DIALOG)
    async def action_export(self) -> None:
        if host_of(self).asking_already(FLEET_DIALOG):
            return
        report = self.fleet.report
        if not report.ships:
            self.notify("The fleet has no ships to export yet (A adds a design).")
            return
        stem = pack_stem(self.fleet.data, self.fleet.path)
        request = await host_of(self).ask(FleetExportDialog(report, stem))
        if request is None or not (self.app.is_web
                                   or await may_replace(host_of(self), request.path)):
            return
        try:
            notice = hand_over(self.app, request.path, pack_content(request, report))
        except (OSError, ShipyardError) as exc:
            self.notify(str(exc), title="Not exported", severity="error")
            return
        self.notify(notice + (" (marked DRAFT)" if request.draft else ""))

    # Moving about ----------------------------------------------------------------

    def action_back(self) -> None:
        self.app.pop_screen()

    def action_focus_issues(self) -> None:
        self.query_one(IssuesPanel).focus()

    def action_focus_roster(self) -> None:
        self.query_one("#fleet-roster").focus()
