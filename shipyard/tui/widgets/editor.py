"""The editor: every part of a design, drawn from the ruleset's form.

The form (`shipyard.core.form`) gives the sections and their fields; list
groups (e.g. weapons) have one box of fields per entry, which follow the
design in place (an entry removed: the boxes after it move up a place), and
every field is shown the new sheet (and its spec from the new form) after
each edit. An editor is built for one design, its entries and its name
included, so that its first frame shows every field; another design (open,
new, another game) gets an editor of its own (`screens/designer.py`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Awaitable, Iterable, Iterator
from typing import Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
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
from shipyard.tui.host import host_of
from shipyard.tui.widgets.arcs import ArcPairPicker, ArcSetPicker
from shipyard.tui.widgets.armor import HexagonSides
from shipyard.tui.widgets.counts import CountField, SplitField
from shipyard.tui.widgets.fields import (
    ChoiceField,
    Field,
    FlagField,
    View,
    walk,
)
from shipyard.tui.widgets.name import NameInput
from shipyard.tui.widgets.radar import NumberedTrack

# What an entry's widgets depend on: its fields' kinds and paths inside the entry.
Kinds = tuple[tuple[str, str], ...]
EDITOR_WORK = "editor"  # the keys wait for this work (`tui/ordered.py`)
NAME_EDIT = "name"  # the merge key of name edits: a name typed letter by letter is one undo


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

    def hint_key(self) -> str:
        return "enter"

    def hint_change(self) -> Change | None:
        return append(self.group.path, dict(self.group.new))

    def hint_label(self) -> str:
        return f"adding a {self.group.noun} ({self.group.new_words})"

    def owns(self, path: str) -> bool:
        return path == self.group.path

    def value_text(self) -> Text:
        return Text("(Enter)", style="dim")


def field_widget(spec: Spec, data: dict[str, Any] | None = None) -> Widget:
    """The widget that edits one field spec (a name shows its text from `data` at once)."""
    if isinstance(spec, Count):
        return CountField(spec)
    if isinstance(spec, Flag):
        return FlagField(spec)
    if isinstance(spec, Choice):
        return ChoiceField(spec)
    if isinstance(spec, Name):
        value = get_text(data, spec.path) if data is not None else ""
        return Horizontal(Label(f"   {spec.label}", id="name-label"), NameInput(spec, value),
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


def kinds_of(group: ListGroup, entry: object) -> Kinds:
    """What an entry's widgets are: each field's kind and path inside the entry."""
    return tuple((type(spec).__name__, spec.path) for spec in group.entry_fields(entry))


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


class EntryBox(Vertical):
    """One entry of a list group: its title and its fields.

    When an entry before it is removed, the box takes the next entry's place
    (its fields' paths change, the widgets stay): no row of the editor is
    ever blank while a list is redrawn.
    """

    DEFAULT_CSS = "EntryBox { height: auto; }"

    def __init__(self, group: ListGroup, index: int, entry: object) -> None:
        super().__init__(classes="entry")
        self.group = group
        self.index = index
        self.kinds = kinds_of(group, entry)
        self.specs = entry_specs(group, index, entry)
        self.leaving = False  # removed, or replaced by a box of other fields

    def title_text(self) -> str:
        return f"{self.group.noun.capitalize()} {self.index + 1}   (Del removes it)"

    def compose(self) -> ComposeResult:
        yield Static(self.title_text(), classes="entry-title")
        for spec in self.specs:
            yield field_widget(spec)

    def fields(self) -> list[Field]:
        return list(self.query(Field))

    def take(self, group: ListGroup, index: int, entry: object) -> None:
        """Show another entry of the same kinds (the one that moved up into this place)."""
        moved = index != self.index
        self.group, self.index = group, index
        self.specs = entry_specs(group, index, entry)
        if moved:
            for title in self.query(".entry-title").results(Static):
                title.update(self.title_text())
        for field, spec in zip(self.fields(), self.specs, strict=False):
            if field.path != spec.path:
                field.path = spec.path
                field.forget_typing()
            field.configure(spec)


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

    def __init__(self, form: Form, data: dict[str, Any]) -> None:
        super().__init__()
        self.form = form
        self.outline = outline(form)
        self.data = data  # the design it is built for: its entries and name are composed
        self.paths: set[str] = set()  # every field path of the design as last shown
        self.leaving = False  # replaced by the editor of another design: takes no edit

    def compose(self) -> ComposeResult:
        yield from self._widgets(self.form, self.data)

    def fits(self, form: Form) -> bool:
        """Whether this editor's widgets are those of `form` (same sections and fields)."""
        return outline(form) == self.outline

    def on_descendant_focus(self) -> None:
        self.set_class(True, "-active")

    def on_descendant_blur(self) -> None:
        focused = self.screen.focused
        self.set_class(focused is not None and self in focused.ancestors, "-active")

    @staticmethod
    def _widgets(form: Form, data: dict[str, Any]) -> Iterator[Widget]:
        for index, section in enumerate(form.sections):
            yield Static(section.title, classes="section" if index else "section first")
            for item in section.items:
                if isinstance(item, ListGroup):
                    boxes = [EntryBox(item, number, entry)
                             for number, entry in enumerate(item.entries(data))]
                    yield Vertical(*boxes, id=item.path, classes="entries")
                    yield AddEntry(item)
                else:
                    yield field_widget(item, data)

    def show(self, view: View) -> None:
        """Show the design: list entries follow it in place. The form must fit the editor
        (`fits`): another game's design gets an editor of its own."""
        self.form = view.form
        for group in self.form.groups():
            self._follow(group, view.data)
        for name in (node for node in self.walk_children() if isinstance(node, NameInput)):
            value = get_text(view.data, name.path)
            if name.value != value:
                name.value = value
                name.cursor_position = len(value)
        specs = specs_by_path(self.form, view.data)
        groups = {group.path: group for group in self.form.groups()}
        self.paths = set(specs) | set(groups)
        for field in self.fields():
            if isinstance(field, AddEntry):
                field.group = groups.get(field.group.path, field.group)
            elif field.path in specs:
                field.configure(specs[field.path])
            field.show(view)

    def _follow(self, group: ListGroup, data: dict[str, Any]) -> None:
        """Make a group's entry boxes match its entries: reuse, replace, add, remove.

        The boxes are in the editor at once (their fields follow when mounted),
        so the next key finds them. The focus never stays on a widget that goes:
        it moves to the same field of the entry before (or to the group's add
        line); an entry just added from the add line takes the focus.
        """
        holder = self.query_one(f"#{group.path}", Vertical)
        boxes = [box for box in holder.children if isinstance(box, EntryBox) and not box.leaving]
        entries = group.entries(data)
        focused = self.screen.focused
        adding = isinstance(focused, AddEntry) and focused.group.path == group.path \
            and len(entries) == len(boxes) + 1
        for index, entry in enumerate(entries):
            if index < len(boxes) and boxes[index].kinds == kinds_of(group, entry):
                boxes[index].take(group, index, entry)
                continue
            box = EntryBox(group, index, entry)
            if index < len(boxes):  # another kind of entry here: new fields, same place
                old = boxes[index]
                old.leaving = True
                here = focused.path if isinstance(focused, Field) and old in focused.ancestors \
                    else None
                mounting = holder.mount(box, before=old)
                self.run_worker(self._swap(mounting, old, box, here), group=EDITOR_WORK)
            else:
                mounting = holder.mount(box)
                if adding:
                    self.run_worker(self._swap(mounting, None, box, ""), group=EDITOR_WORK)
        for box in boxes[len(entries):]:
            if isinstance(focused, Field) and box in focused.ancestors:
                self._leave(focused, group, boxes[:len(entries)])
            box.leaving = True
            box.display = False  # out of the layout at once, not after its removal
            box.remove()

    def _leave(self, focused: Field, group: ListGroup, kept: list[EntryBox]) -> None:
        """The focus, on an entry that goes, moves to the same field of the last entry kept
        (or to the group's add line)."""
        tail = focused.path.split("].", 1)[-1]
        if kept:
            for field in kept[-1].fields():
                if field.path.endswith(f"].{tail}"):
                    field.focus(scroll_visible=False)
                    return
        for line in self.query(AddEntry):
            if line.group.path == group.path:
                line.focus(scroll_visible=False)
                return

    async def _swap(self, mounting: Awaitable[None], old: EntryBox | None, box: EntryBox,
                    path: str | None) -> None:
        """Once a new entry box is in: focus its field (`path`'s, or "" for its first one)
        and remove the box it replaces."""
        await mounting
        fields = box.fields()
        if path is not None and fields:
            tail = path.split("].", 1)[-1]
            found = [f for f in fields if f.path.endswith(f"].{tail}")] or fields
            found[0].focus()
        if old is not None:
            old.display = False
            await old.remove()

    def shows(self, field: Field | NameInput) -> bool:
        """Whether a field of this editor edits a part of the design as last shown (not a
        removed entry)."""
        return field.path in self.paths and field.is_attached and self in field.ancestors

    def stops(self) -> list[Widget]:
        """The editor's fields in focus order, the name first."""
        return [w for w in self.screen.focus_chain
                if isinstance(w, Field | NameInput) and self in w.ancestors]

    def action_walk(self, step: int) -> None:
        focused = self.screen.focused
        stops = self.stops()
        if stops:
            walk(focused if focused in stops else stops[0], step)

    def action_walk_to(self, index: int) -> None:
        stops = self.stops()
        if stops:
            self.screen.set_focus(stops[index])

    def fields(self) -> Iterable[Field]:
        """Every field of the editor, in order (walked: quicker than a CSS query)."""
        return [node for node in self.walk_children() if isinstance(node, Field)]

    def field_for(self, path: str) -> Field | None:
        """The field an issue at `path` belongs to (the closest owner)."""
        candidates = [f for f in self.fields() if f.owns(path)]
        if not candidates and "[" in path:  # a list entry: its first field
            head = path.split("]")[0] + "]"
            candidates = [f for f in self.fields() if f.path.startswith(head)]
        return candidates[0] if candidates else None

    @on(Input.Changed, "#name")
    def _rename(self, event: Input.Changed) -> None:
        event.stop()
        path = event.input.path if isinstance(event.input, NameInput) else "name"
        host_of(self).edit(assign(path, event.value), path, merge=NAME_EDIT)

    def action_remove_entry(self) -> None:
        focused = self.screen.focused
        if not isinstance(focused, Field):
            return
        for group in self.form.groups():
            if focused.path.startswith(f"{group.path}["):
                index = int(focused.path[len(group.path) + 1:].split("]")[0])
                host_of(self).edit(remove(group.path, index), focused.path)
                return


def get_text(data: dict[str, Any], path: str) -> str:
    """The text at `path` as the name field shows it."""
    found = get_value(data, path)
    return "" if found is None else str(found)
