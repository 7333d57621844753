"""The fleet screen: ships of one game against a points budget, like `shipyard fleet`.

Open a fleet file or start one, add designs (a bundled sample, a file, or
the design being edited, written inline), set each entry's count and ship
names, and see the total against the budget and the fleet's issues (Enter
on one goes to its entry). Every edit goes through
`FleetSession.apply` (undo, re-judge) and is autosaved to a recovery file;
saves are atomic; Ctrl+E exports the fleet pack (a roster, then every
ship's sheets); b (or F4) fights it against another fleet (`fleet_battle.py`).
The fleet stays on the app for the session, so leaving the screen and coming
back finds it as it was.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import (
    Button,
    DataTable,
    Static,
)

from shipyard.core.errors import ShipyardError
from shipyard.core.neutral import Evaluation
from shipyard.services.fleet import MAX_SHIPS, total_words
from shipyard.services.fleet_paths import design_reference
from shipyard.services.fleet_session import (
    FleetChange,
    add_ship,
    entry_of,
    remove_ship,
    set_count,
    set_field,
    set_names,
)
from shipyard.tui.file_watch import WATCH_SECONDS
from shipyard.tui.host import host_of
from shipyard.tui.saving import budget_answer
from shipyard.tui.screens.dialogs import TextDialog
from shipyard.tui.screens.fleet_add import AddDesignDialog
from shipyard.tui.screens.fleet_files import FLEET_DIALOG, FleetFiles
from shipyard.tui.widgets.footer import KeysFooter
from shipyard.tui.widgets.issues import IssuesPanel
from shipyard.tui.widgets.roster import FleetIssues, dearest_entry, roster_rows
from shipyard.tui.widgets.sheet import budget_bar
from shipyard.tui.widgets.title import TitleBar

OVER_BUDGET = "over-budget"
COLUMNS = ("#", "Design", "Ships", "Each", "Points", "Legal", "Names")


class FleetScreen(FleetFiles):
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
        Binding("f2", "rename", "Rename the fleet", show=False),
        Binding("ctrl+e", "export", "Export pack"),
        Binding("b,f4", "battle", "Battle"),
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
                        ("Names", "names", "fleet-names"), ("Rename", "rename", "fleet-rename"),
                        ("Remove", "remove", "fleet-remove"),
                        ("Save", "save", "fleet-save"), ("Export", "export", "fleet-export"),
                        ("Battle", "battle", "fleet-battle")):
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
        self.set_interval(WATCH_SECONDS, self.look_at_file)  # saved elsewhere meanwhile?

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
        try:
            budget = budget_answer(answer)
        except ValueError as exc:
            stays = f"{current} points" if current is not None else "unset"
            self.notify(f"{exc}: the fleet's budget stays {stays}.", title="Budget not changed",
                        severity="error")
            return
        self.edit(set_field("budget", budget))

    @work(group=FLEET_DIALOG)
    async def action_rename(self) -> None:
        if host_of(self).asking_already(FLEET_DIALOG):
            return
        answer = await host_of(self).ask(TextDialog(
            "Fleet name", "The fleet's name:", str(self.fleet.data.get("name") or "")))
        if answer is not None:
            self.edit(set_field("name", answer.strip()))

    # Moving about ----------------------------------------------------------------

    def action_battle(self) -> None:
        """The fleet as it is now against another fleet, on the battle screen."""
        from shipyard.tui.screens.fleet_battle import FleetBattleScreen

        self.app.push_screen(FleetBattleScreen(self.fleet))

    def action_back(self) -> None:
        self.app.pop_screen()

    def action_focus_issues(self) -> None:
        self.query_one(IssuesPanel).focus()

    def action_focus_roster(self) -> None:
        self.query_one("#fleet-roster").focus()
