"""The designer screen: the editor, the live sheet, the issues and the hint line.

Every edit a field asks for goes to the app's one edit function; this
screen then shows the new evaluation everywhere at once. Another design
(opened, new, of another game) gets an editor of its own, built out of sight
while the screen goes on showing the old design whole; then the editor, the
sheet, the issues, the title and the hint change in one frame, and no panel
or hint ever reads the old design's fields against the new design.
"""

from __future__ import annotations

from typing import ClassVar, cast

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen

from shipyard.core.form import Form
from shipyard.core.issues import Issue
from shipyard.core.neutral import Evaluation
from shipyard.core.protocol import Margin
from shipyard.core.sheet import written
from shipyard.services.editing import Workbench
from shipyard.tui.host import Host
from shipyard.tui.keys import key_name
from shipyard.tui.widgets.editor import EDITOR_WORK, Editor
from shipyard.tui.widgets.fields import Field, View, unset
from shipyard.tui.widgets.footer import KeysFooter
from shipyard.tui.widgets.issues import IssuesPanel
from shipyard.tui.widgets.name import NameInput
from shipyard.tui.widgets.sheet import Line, SheetPanel
from shipyard.tui.widgets.title import TitleBar


def form_of(evaluation: Evaluation) -> Form:
    """The ruleset's designer form for the evaluated design."""
    return evaluation.ruleset.form(evaluation.catalog)


OVER_BUDGET = "over-budget"  # every game's code for a design over the agreed budget
LARGEST = 3  # how many of the dearest lines the budget advice names


def cut_advice(evaluation: Evaluation, budget: int | None) -> str:
    """What to cut to come back under the budget: the dearest priced lines."""
    sheet = evaluation.sheet
    over = sheet.total - budget if budget is not None else 0
    dearest = sorted(sheet.lines, key=lambda line: line.price, reverse=True)[:LARGEST]
    names = ", ".join(f"{line.item} {written(line.price)}" for line in dearest)
    head = f"{over} point{'s' if over != 1 else ''} over the budget" if over > 0 \
        else "Over the budget"
    return f"{head}. The largest lines: {names}. Cut there first."


def hint_text(key: str, label: str, margin: Margin | None, total: int,
              breaks: Issue | None = None) -> Text:
    """The 'what does this key cost me' line under the editor: the key, what it does, and
    what that does to the price (`margin`: None if it changes nothing).

    `breaks` is the first error the hinted press would bring (the design
    illegal or over budget): the line ends with it, rule first, in red.
    """
    text = Text(key, style="bold reverse")
    text.append(f" {label}: ", style="bold")
    message = breaks.message.removesuffix(f" ({breaks.rule})") if breaks is not None else ""
    if margin is None:
        text.append("nothing changes", style="dim")
    else:
        sign = "+" if margin.points >= 0 else "-"
        unit = "point" if abs(margin.points) == 1 else "points"
        text.append(f"{sign}{written(abs(margin.points))} {unit}", style="bold")
        text.append(f" (total {total + margin.total_change})")
        # Each note once, and not the error that ends the line (a game's notes may name
        # the errors a press brings, one per entry it breaks).
        notes = [note for note in dict.fromkeys(margin.notes)
                 if not (message and note.startswith(message))]
        if notes:
            text.append(" · " + " · ".join(notes), style="yellow")
    if breaks is not None:
        text.append(f" → {breaks.rule}: {message}", style="bold red")
    return text


class DesignerScreen(Screen[None]):
    """Edit on the left, see the sheet and the issues on the right."""

    BINDINGS: ClassVar[list[BindingType]] = [
        # The footer shows these in this order, as many as fit: save and the screens first.
        Binding("ctrl+s", "app.save", "Save"),
        Binding("f2", "app.preview", "Preview"),
        Binding("f3", "app.catalog", "Catalog"),
        Binding("f4", "app.duel", "Duel"),
        Binding("f8", "app.fleet", "Fleet"),
        Binding("f9", "app.compare", "Compare"),
        Binding("ctrl+z", "app.undo", "Undo"),
        Binding("ctrl+y", "app.redo", "Redo"),
        Binding("ctrl+e", "app.export", "Export"),
        Binding("f12", "app.save_as", "Save as", show=False),
        Binding("ctrl+o", "app.open", "Open", show=False),
        Binding("ctrl+n", "app.new", "New", show=False),
        Binding("ctrl+b", "app.budget", "Budget", show=False),
        Binding("f6", "focus_issues", "Issues", show=False),
        Binding("f5", "focus_editor", "Editor", show=False),
        Binding("f7", "focus_sheet", "Sheet (scroll it)", show=False),
    ]

    def __init__(self) -> None:
        super().__init__(id="designer")
        self.current: Field | NameInput | None = None  # the focused field, whose hint shows
        self.hint: Text = Text()
        self.workbench: Workbench | None = None  # the design the editor is built for
        self.editor: Editor
        self.swapping = False  # an editor for another design is being built

    @property
    def shipyard(self) -> Host:
        return cast(Host, self.app)

    def compose(self) -> ComposeResult:
        workbench = self.shipyard.session.workbench
        self.workbench = workbench
        self.editor = Editor(form_of(workbench.evaluation), workbench.data)
        yield TitleBar()
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield self.editor
                yield Line(id="hint")
            with Vertical(id="right"):
                with VerticalScroll(id="sheet-scroll"):
                    yield SheetPanel(id="sheet")
                yield IssuesPanel(id="issues")
        yield KeysFooter()

    def on_mount(self) -> None:
        if not self.query("#sheet-scroll"):
            return  # the app stopped before the screen was built
        self.query_one("#sheet-scroll").border_title = "Sheet"
        self.editor.border_title = "Design"
        self.refresh_view()
        first = self.editor.query(Field).first()
        first.focus()

    def refresh_view(self) -> None:
        """Show the workbench's design and evaluation in every panel (another design: once
        its own editor is built)."""
        session = self.shipyard.session
        workbench = session.workbench
        evaluation = workbench.evaluation
        form = evaluation.ruleset.form(evaluation.catalog)
        editor = self.editor
        if self.swapping or workbench is not self.workbench or not editor.fits(form):
            if not self.swapping:
                self.swapping = True
                self.current = None
                editor.leaving = True
                self.run_worker(self._new_editor(), group=EDITOR_WORK)
            return
        problems: dict[str, str] = {}
        for issue in evaluation.issues:
            if problems.get(issue.path) != "error":
                problems[issue.path] = issue.severity
        data = evaluation.design.to_data()
        view = View(data, evaluation.sheet, problems, form)
        editor.show(view)
        if self.current is not None and not editor.shows(self.current):
            self.current = None  # its entry was removed: no hint for a field that is gone
        self.query_one(SheetPanel).show(evaluation, session.workbench.scenario.budget)
        self.query_one(IssuesPanel).show(evaluation.issues, form.removable)
        # The hint prices the next press too: draw the sheet first, then the hint.
        self.call_after_refresh(self.show_hint)
        mark = " ●" if session.workbench.changed else ""
        if session.outside is not None:
            mark += " (changed on disk)"
        if self.sub_title != f"{session.title}{mark}":
            # Set quietly and the title line alone redrawn: a screen's sub-title is
            # reactive, and would redraw the whole screen on every edit that marks it.
            self.set_reactive(Screen.sub_title, f"{session.title}{mark}")
            self.query_one(TitleBar).refresh()

    async def _new_editor(self) -> None:
        """Another design: its editor built out of sight (keys wait for it), then shown with
        the sheet, the issues, the title and the hint in one frame, its first field
        focused. The old editor takes no edit meanwhile and goes."""
        old = self.editor
        session = self.shipyard.session
        left = self.query_one("#left", Vertical)
        while True:
            workbench = session.workbench
            editor = Editor(form_of(workbench.evaluation), workbench.data)
            editor.display = False
            await left.mount(editor, before=old)
            evaluation = session.workbench.evaluation
            if session.workbench is workbench and editor.fits(form_of(evaluation)):
                break
            await editor.remove()  # the design moved on meanwhile: build for the latest
        with self.app.batch_update():
            self.editor, self.workbench, self.swapping = editor, workbench, False
            editor.border_title = "Design"
            old.display = False
            editor.display = True
            self.refresh_view()
            editor.scroll_home(animate=False)
            first = editor.query(Field).first()
            self.set_focus(first, scroll_visible=False)
        await old.remove()

    def show_hint(self) -> None:
        if self.swapping:
            return  # shown with the new design's editor
        hint = self.query_one("#hint", Line)
        field = self.current
        if field is not None and not self.editor.shows(field):
            field = self.current = None  # its entry was removed, or its editor replaced
        if isinstance(field, NameInput):
            self.hint = Text.assemble(("name: ", "bold"),
                                      ("type the design's name (any text); the price does not "
                                       "change", "dim"))
            hint.show(self.hint)
            return
        if field is None:
            self.hint = Text("←/→ or +/- change a field, digits type a number, "
                             "Ctrl+P lists every command", style="dim")
        else:
            self.hint = self.field_hint(field)
        hint.show(self.hint)

    def field_hint(self, field: Field) -> Text:
        """What the key the field's hint names would do: the very edit that key makes."""
        workbench = self.shipyard.session.workbench
        evaluation = workbench.evaluation
        change = field.hint_change()
        key = key_name(field.hint_key())
        if change is None:
            return hint_text(key, field.hint_label(), None, evaluation.sheet.total)
        margin = evaluation.ruleset.what_if(workbench.design, change, evaluation.catalog,
                                            evaluation.sheet)
        if margin is None:  # the key would make no readable design: the edit is refused
            return hint_text(key, field.hint_label(), None, evaluation.sheet.total)
        return hint_text(key, field.hint_label(), margin, evaluation.sheet.total,
                         workbench.new_error(change))

    def field_focused(self, field: Field | NameInput) -> None:
        """A field took the focus, or moved its cursor (an arc, a side, a box)."""
        self.current = field
        self.show_hint()

    @on(IssuesPanel.RemoveUnknown)
    def _remove_unknown(self, event: IssuesPanel.RemoveUnknown) -> None:
        self.shipyard.edit(unset(event.issue.path))

    @on(IssuesPanel.Chosen)
    def _issue_chosen(self, event: IssuesPanel.Chosen) -> None:
        if event.issue.code == OVER_BUDGET:
            workbench = self.shipyard.session.workbench
            self.notify(cut_advice(workbench.evaluation, workbench.scenario.budget),
                        title="Over budget", timeout=10)
            return
        self.go_to(event.issue.path)

    def go_to(self, path: str) -> Field | None:
        """Focus the field at fault for an issue at `path`."""
        editor = self.editor
        field = editor.field_for(path) if path else None
        if field is None:
            self.notify("No field shows this: it concerns the whole design (the budget), "
                        "or an entry the editor does not know (Del in the issues removes it).")
            return None
        point_at = getattr(field, "point_at", None)
        if callable(point_at):
            point_at(path)
        field.focus()
        editor.scroll_to_widget(field, animate=False)
        if field is self.current:  # already focused: no focus event, the part moved
            self.show_hint()
        return field

    def action_focus_issues(self) -> None:
        self.query_one(IssuesPanel).focus()

    def action_focus_sheet(self) -> None:
        self.query_one("#sheet-scroll").focus()

    def action_focus_editor(self) -> None:
        field = self.current or self.editor.query(Field).first()
        field.focus()
