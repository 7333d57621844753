"""The editor: every part of a design, drawn from the ruleset's form.

The form (`shipyard.core.form`) gives the sections and their fields; list
groups (e.g. weapons) have entries that are rebuilt when one is added,
removed or changes its fields, and every field is shown the new design (and
its spec from the new form) after each edit.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator
from typing import Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Input, Label, Static

from shipyard.core.form import (
    ArcPair,
    ArcSet,
    Choice,
    Count,
    Flag,
    Form,
    HexSides,
    Item,
    ListGroup,
    Name,
    Spec,
    Split,
    Track,
)
from shipyard.services.editing import Change, append, assign, get_value, remove
from shipyard.tui.safe_text import SHOWN_AS
from shipyard.tui.widgets.arcs import ArcPairPicker, ArcSetPicker
from shipyard.tui.widgets.armor import HexagonSides
from shipyard.tui.widgets.fields import (
    ChoiceField,
    CountField,
    Field,
    FlagField,
    SplitField,
    View,
    walk,
)
from shipyard.tui.widgets.radar import NumberedTrack

# What the widgets depend on: each group's entries, each as its fields' kinds and paths.
Shape = tuple[tuple[str, tuple[tuple[tuple[str, str], ...], ...]], ...]


class NameInput(Input):
    """The design's name; up/down leave it like any other field."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "walk(-1)", "Previous field", show=False),
        Binding("down", "walk(1)", "Next field", show=False),
    ]

    def __init__(self, spec: Name) -> None:
        super().__init__(placeholder=spec.placeholder, id="name")
        self.path = spec.path

    def action_walk(self, step: int) -> None:
        walk(self, step)

    @property
    def _value(self) -> Text:
        """The name as drawn: a newline read from a file shows as a mark (`safe_text`)."""
        text = super()._value
        text.plain = text.plain.replace("\n", SHOWN_AS)
        return text


class AddEntry(Field):
    """A line that adds an entry to a list group when Enter is pressed on it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space,plus,insert", "add", "Add"),
    ]

    def __init__(self, group: ListGroup) -> None:
        super().__init__(group.path, f"+ add {group.short}", classes="add-entry")
        self.group = group

    def action_add(self) -> None:
        self.edit(append(self.group.path, dict(self.group.new)))

    def hint_change(self) -> Change | None:
        return append(self.group.path, dict(self.group.new))

    def hint_label(self) -> str:
        return f"adding a {self.group.noun} ({self.group.new_words})"

    def owns(self, path: str) -> bool:
        return path == self.group.path

    def value_text(self) -> Text:
        return Text("(Enter)", style="dim")


def field_widget(spec: Spec) -> Widget:
    """The widget that edits one field spec."""
    if isinstance(spec, Count):
        return CountField(spec)
    if isinstance(spec, Flag):
        return FlagField(spec)
    if isinstance(spec, Choice):
        return ChoiceField(spec)
    if isinstance(spec, Name):
        return Horizontal(Label(f"   {spec.label}", id="name-label"), NameInput(spec),
                          id="name-row")
    if isinstance(spec, HexSides):
        return HexagonSides(spec)
    if isinstance(spec, Track):
        return NumberedTrack(spec)
    if isinstance(spec, ArcPair):
        return ArcPairPicker(spec)
    if isinstance(spec, ArcSet):
        return ArcSetPicker(spec)
    if isinstance(spec, Split):
        return SplitField(spec)
    raise TypeError(f"no widget for {spec!r}")


def entry_specs(group: ListGroup, index: int, entry: object) -> tuple[Spec, ...]:
    """An entry's fields, their paths inside the design (`weapons[2].arcs`)."""
    return tuple(dataclasses.replace(spec, path=f"{group.path}[{index}].{spec.path}")
                 for spec in group.entry_fields(entry))


def outline(form: Form) -> tuple[tuple[str, tuple[tuple[str, str], ...]], ...]:
    """What the fixed widgets depend on: the sections and their items' kinds and paths."""
    def key(item: Item) -> tuple[str, str]:
        return type(item).__name__, item.path
    return tuple((section.title, tuple(key(item) for item in section.items))
                 for section in form.sections)


def specs_by_path(form: Form, data: dict[str, Any]) -> dict[str, Spec]:
    """Every field spec of the form on this design data, by its path."""
    found: dict[str, Spec] = {}
    for section in form.sections:
        for item in section.items:
            if isinstance(item, ListGroup):
                for index, entry in enumerate(item.entries(data)):
                    found.update((s.path, s) for s in entry_specs(item, index, entry))
            else:
                found[item.path] = item
    return found


class Editor(VerticalScroll):
    """All fields of the design, in sections; Delete removes the entry under focus."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("delete", "remove_entry", "Remove the list entry under the cursor",
                show=False),
        Binding("home", "walk_to(0)", "First field", show=False),
        Binding("end", "walk_to(-1)", "Last field", show=False),
        Binding("pageup", "walk(-10)", "Ten fields up", show=False),
        Binding("pagedown", "walk(10)", "Ten fields down", show=False),
    ]

    class Remove(Message):
        def __init__(self, change: Change) -> None:
            super().__init__()
            self.change = change

    def __init__(self, form: Form, id: str | None = None) -> None:
        super().__init__(id=id)
        self.form = form
        self.outline = outline(form)
        self.shape: Shape | None = None
        self.paths: set[str] = set()  # every field path of the design as last shown
        self.pending: View | None = None  # the view to show once another form is rebuilt

    def compose(self) -> ComposeResult:
        yield from self._widgets(self.form)

    @staticmethod
    def _widgets(form: Form) -> Iterator[Widget]:
        for section in form.sections:
            yield Static(section.title, classes="section")
            for item in section.items:
                if isinstance(item, ListGroup):
                    yield Vertical(id=item.path, classes="entries")
                    yield AddEntry(item)
                else:
                    yield field_widget(item)

    def _entries(self, group: ListGroup, data: dict[str, Any]) -> Iterator[Widget]:
        for index, entry in enumerate(group.entries(data)):
            yield Static(f"{group.noun.capitalize()} {index + 1}   (Del removes it)",
                         classes="entry-title")
            for spec in entry_specs(group, index, entry):
                yield field_widget(spec)

    def shape_of(self, data: dict[str, Any]) -> Shape:
        """What the list entries' widgets depend on: their number and their fields."""
        return tuple((group.path, tuple(
            tuple((type(spec).__name__, spec.path) for spec in group.entry_fields(entry))
            for entry in group.entries(data))) for group in self.form.groups())

    def show(self, view: View) -> None:
        """Show the design; rebuild list entries when their number or fields changed."""
        if self.pending is not None or outline(view.form) != self.outline:
            if self.pending is None:  # another game's form: start again
                self.call_later(self._rebuild)
            self.form, self.outline, self.shape = view.form, outline(view.form), None
            self.pending = view  # shown once the new form's widgets are in
            return
        self.form = view.form
        shape = self.shape_of(view.data)
        if shape != self.shape:
            grown = self._grown(self.shape, shape, view.data) if self.shape is not None else None
            self.shape = shape
            focused = self.screen.focused
            path = focused.path if isinstance(focused, Field) else None
            moving = grown is not None and isinstance(focused, AddEntry)
            if moving:
                path = grown  # a new entry: go to its first field
            for group in self.form.groups():
                holder = self.query_one(f"#{group.path}", Vertical)
                holder.remove_children()
                holder.mount_all(list(self._entries(group, view.data)))
            if path is not None:
                self.call_after_refresh(self.refocus, path, moving)
        for name in self.query(NameInput):
            value = get_text(view.data, name.path)
            if not name.has_focus and name.value != value:
                name.value = value
        specs = specs_by_path(self.form, view.data)
        groups = {group.path: group for group in self.form.groups()}
        self.paths = set(specs) | set(groups)
        for field in self.fields():
            if isinstance(field, AddEntry):
                field.group = groups.get(field.group.path, field.group)
            elif field.path in specs:
                field.configure(specs[field.path])
            field.show(view)

    async def _rebuild(self) -> None:
        """The old form's widgets gone first (the new ones reuse ids like `name-row`)."""
        await self.remove_children()
        await self.mount_all(list(self._widgets(self.form)))
        view, self.pending = self.pending, None
        if view is not None:
            self.show(view)
        self.scroll_home(animate=False)
        first = next((w for w in self.stops() if isinstance(w, Field)), None)
        if first is not None:  # the field under focus went with the old form
            first.focus()

    def shows(self, field: Field) -> bool:
        """Whether a field edits a part of the design as last shown (not a removed entry)."""
        return field.path in self.paths

    def _grown(self, before: Shape, after: Shape, data: dict[str, Any]) -> str | None:
        """The first field of an entry just added, if a list grew by one."""
        for group, (_, old), (_, new) in zip(self.form.groups(), before, after, strict=False):
            if len(new) == len(old) + 1:
                fields = entry_specs(group, len(old), group.entries(data)[len(old)])
                return fields[0].path if fields else group.path
        return None

    def refocus(self, path: str, moving: bool = False) -> None:
        """After entries were rebuilt, keep the focus on its field (or the new entry's)."""
        focused = self.screen.focused
        if not moving and isinstance(focused, Field) and focused.is_attached:
            return
        fields = list(self.fields())
        group = path.split("[")[0]
        for field in [*(f for f in fields if f.path == path),
                      *(f for f in fields if f.path == group)]:  # else its add line
            field.focus()
            return

    def stops(self) -> list[Widget]:
        """The editor's fields in focus order, the name first."""
        return [w for w in self.screen.focus_chain
                if isinstance(w, Field | NameInput) and self in w.ancestors]

    def action_walk(self, step: int) -> None:
        focused = self.screen.focused
        walk(focused if focused in self.stops() else self.stops()[0], step)

    def action_walk_to(self, index: int) -> None:
        stops = self.stops()
        if stops:
            self.screen.set_focus(stops[index])

    def fields(self) -> Iterable[Field]:
        return self.query(Field)

    def field_for(self, path: str) -> Field | None:
        """The field an issue at `path` belongs to (the closest owner)."""
        candidates = [f for f in self.fields() if f.owns(path)]
        if not candidates and "[" in path:  # a list entry: its first field
            head = path.split("]")[0] + "]"
            candidates = [f for f in self.fields() if f.path.startswith(head)]
        return candidates[0] if candidates else None

    @on(Input.Submitted, "#name")
    @on(Input.Blurred, "#name")
    def _rename(self, event: Input.Submitted | Input.Blurred) -> None:
        event.stop()
        path = event.input.path if isinstance(event.input, NameInput) else "name"
        self.post_message(Field.Edit(assign(path, event.value), path))

    def action_remove_entry(self) -> None:
        focused = self.screen.focused
        if not isinstance(focused, Field):
            return
        for group in self.form.groups():
            if focused.path.startswith(f"{group.path}["):
                index = int(focused.path[len(group.path) + 1:].split("]")[0])
                self.post_message(self.Remove(remove(group.path, index)))
                return


def get_text(data: dict[str, Any], path: str) -> str:
    """The text at `path` as the name field shows it."""
    found = get_value(data, path)
    return "" if found is None else str(found)
