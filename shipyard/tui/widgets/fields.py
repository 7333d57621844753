"""The designer's fields: one line each, changed with +/- keys or typed numbers.

A field never changes the design itself and keeps no copy of it. It hands a
change (a function on the design data) to the app's one edit function, which
records undo and re-prices at once. After every edit the screen calls `show`
on each field with the new design data, sheet, issues and form, at once; what
a field shows (`value`) is read from that view whenever it is drawn or asked,
so that an editor on its way out (another design opened) goes on showing its
own design, never the new one's data at its old paths.

A change that steps a value reads the value from the data it is applied to,
never from what the field last showed: ten quick `+` add ten.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.widget import Widget

from shipyard.core.form import Choice, Flag, Form, Spec
from shipyard.services.editing import Change, get_value, set_value
from shipyard.tui.host import design_data, host_of

LABEL_WIDTH = 22


@dataclass(frozen=True)
class View:
    """What the fields are shown with: the design data, its sheet, issue severity by path,
    the form (the data is the workbench's own, to read only)."""

    data: dict[str, Any]
    sheet: Any  # the ruleset's own priced sheet, for the form's callables
    problems: dict[str, str]
    form: Form


def count_of(value: object) -> int | None:
    """A whole count as the editor shows it; None for a value it cannot step."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return value
    return None


def unset(path: str) -> Change:
    """Remove a key (an armor side back to none), keeping files tidy."""
    parent, _, key = path.rpartition(".")

    def change(data: dict[str, Any]) -> None:
        table = get_value(data, parent)
        if isinstance(table, dict):
            table.pop(key, None)
    return change


def step_target(current: int | None, direction: int, *, step: int = 1, floor: int = 0,
                ceiling: int | None = None) -> int:
    """Where one step takes a count: `step` on, never below `floor` nor past `ceiling`; a
    count that comes in pairs lands on a pair (3 boxes and + make 4, not 5)."""
    target = max(floor, (current or 0) + direction * step)
    if step > 1 and target % step:
        target -= target % step
    if ceiling is not None:
        target = min(ceiling, target)
    return target


def stepped(path: str, direction: int, *, step: int = 1, floor: int = 0,
            ceiling: int | None = None,
            store: Callable[[int], object] | None = None) -> Change:
    """Step the count at `path` from its value when applied (not when the key came)."""
    def change(data: dict[str, Any]) -> None:
        current = count_of(get_value(data, path))
        target = step_target(current, direction, step=step, floor=floor, ceiling=ceiling)
        if target != current:
            set_value(data, path, target if store is None else store(target))
    return change


def flipped(path: str) -> Change:
    """Turn the flag at `path` over, as it is when applied."""
    def change(data: dict[str, Any]) -> None:
        set_value(data, path, not bool(get_value(data, path)))
    return change


def cycled(path: str, values: Sequence[object], direction: int) -> Change:
    """Move the choice at `path` `direction` places on, from its value when applied."""
    def change(data: dict[str, Any]) -> None:
        current = get_value(data, path)
        index = values.index(current) if current in values else -1
        start = index if index >= 0 else (-1 if direction > 0 else 0)
        set_value(data, path, values[(start + direction) % len(values)])
    return change


class Field(Widget, can_focus=True):
    """A focusable line of the editor that edits the design at `path`."""

    DEFAULT_CSS = """
    Field { height: 1; width: 1fr; padding: 0 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "walk(-1)", "Previous field", show=False),
        Binding("down", "walk(1)", "Next field", show=False),
    ]

    def __init__(self, path: str, label: str, *, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.path = path
        self.label = label
        self.problem: str | None = None
        self.problems: dict[str, str] = {}
        self.drawn: Text | None = None  # what was drawn last (to redraw only on a change)
        self.view: View | None = None  # what `show` gave last (None: not shown yet)

    @property
    def data(self) -> dict[str, Any]:
        """The design this field shows (read it, never change it): the one of the last
        `show`, or, before any, the design being edited."""
        return self.view.data if self.view is not None else design_data(self)

    @property
    def value(self) -> object:
        """The part of the design this field edits, as it is now."""
        return get_value(self.data, self.path)

    def configure(self, spec: Spec) -> None:
        """Take the form's current spec of this field (it may follow the design's data)."""

    def forget_typing(self) -> None:
        """The field now edits another entry: digits typed for the old one are dropped."""

    def show(self, view: View) -> None:
        """Take the current sheet and the issues this field owns; redraw if that changes
        what it shows (a keypress redraws the fields it changed, not all of them)."""
        self.view = view
        self.problems = {k: v for k, v in view.problems.items() if self.owns(k)}
        found = set(self.problems.values())
        self.problem = "error" if "error" in found else ("warning" if found else None)
        self.set_class(self.problem == "error", "-error")
        self.set_class(self.problem == "warning", "-warning")
        if self.drawn is not None and self.draw() != self.drawn:  # (never drawn: no need)
            self.refresh()

    def owns(self, path: str) -> bool:
        """Whether an issue at `path` belongs to this field."""
        return path == self.path

    def hint_key(self) -> str:
        """The key the hint line speaks of (Textual's name for it)."""
        return "plus"

    def hint_change(self) -> Change | None:
        """Exactly the edit `hint_key` makes now, whose cost the hint line shows; None when
        that key changes nothing here (the label then says why)."""
        return None

    def hint_label(self) -> str:
        return f"one more {self.label.lower()}"

    def action_walk(self, step: int) -> None:
        walk(self, step)

    def edit(self, change: Change) -> None:
        """Hand a change to the app's edit function; none from a field on its way out (its
        entry removed, or its editor replaced by another design's)."""
        if any(getattr(node, "leaving", False) for node in self.ancestors):
            return
        host_of(self).edit(change, self.path)

    def on_focus(self) -> None:
        self.focused_here()

    def focused_here(self) -> None:
        """The field took the focus, or its cursor moved: the screen shows its hint now."""
        shown = getattr(self.screen, "field_focused", None)
        if callable(shown):
            shown(self)

    def on_click(self, event: events.Click) -> None:
        self.focus()

    def value_text(self) -> Text:
        return Text(str(self.value))

    def prefix(self) -> Text:
        """The problem marker and the label, LABEL_WIDTH + 2 wide."""
        marker = "▶ " if self.has_focus else {"error": "✖ ", "warning": "! "}.get(
            self.problem or "", "  ")
        style = {"error": "bold red", "warning": "bold yellow"}.get(self.problem or "", "bold")
        line = Text(marker, style=style)
        line.append(f"{self.label:<{LABEL_WIDTH}}")
        return line

    def render(self) -> Text:
        self.drawn = self.draw()
        return self.drawn

    def draw(self) -> Text:
        """What the field shows now (the design as it is, the cursor, digits typed)."""
        return self.prefix() + self.value_text()


def walk(origin: Widget, step: int) -> None:
    """Move the focus `step` fields on, inside the editor that holds `origin`.

    Done at once (not by a message) so that keys pressed quickly, or held
    down, each move from where the previous one arrived.
    """
    for node in origin.ancestors:
        stops = getattr(node, "stops", None)
        if callable(stops):
            found: list[Widget] = stops()
            if found:
                here = found.index(origin) if origin in found else 0
                origin.screen.set_focus(found[max(0, min(len(found) - 1, here + step))])
            return


def describe_keys(widget: Widget, descriptions: dict[str, str]) -> None:
    """Give this one widget's bindings (by action) the words of its form spec.

    The class's BINDINGS keep generic words for the help screen; the footer
    shows the instance's own (e.g. "+1 armor" for a hexagon of armor boxes).
    """
    table = widget._bindings.key_to_bindings
    for key, bindings in table.items():
        table[key] = [dataclasses.replace(b, description=descriptions[b.action])
                      if b.action in descriptions else b for b in bindings]


def draw(height: int, items: Sequence[tuple[int, int, str, str]]) -> list[Text]:
    """Small pictures: place (row, column, text, style) items on `height` rows."""
    rows = [Text() for _ in range(height)]
    for row, column, text, style in sorted(items, key=lambda item: (item[0], item[1])):
        line = rows[row]
        if column > len(line):
            line.append(" " * (column - len(line)))
        line.append(text, style=style)
    return rows


class FlagField(Field):
    """A yes / no choice: space, Enter or +/- toggle it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space,enter,plus,minus,left,right", "flip", "Toggle"),
    ]

    def __init__(self, spec: Flag, *, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(spec.path, spec.label, id=id, classes=classes)

    def action_flip(self) -> None:
        self.edit(flipped(self.path))

    def hint_change(self) -> Change | None:
        return flipped(self.path)

    def hint_label(self) -> str:
        return f"{'removing' if self.value else 'adding'} {self.label.lower()}"

    def value_text(self) -> Text:
        return Text("[x] yes" if self.value else "[ ] no", style="bold" if self.value else "")


class ChoiceField(Field):
    """One of a few values: left/right or +/- cycle through them."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,plus,equals_sign,space", "cycle(1)", "Next choice"),
        Binding("left,minus", "cycle(-1)", "Previous choice"),
    ]

    def __init__(self, spec: Choice, *, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(spec.path, spec.label, id=id, classes=classes)
        self.choices = list(spec.options)

    def configure(self, spec: Spec) -> None:
        if isinstance(spec, Choice):
            self.choices = list(spec.options)

    def _index(self) -> int:
        values = [value for value, _ in self.choices]
        return values.index(self.value) if self.value in values else -1

    def _next(self, direction: int) -> str | int:
        index = self._index()
        start = index if index >= 0 else (-1 if direction > 0 else 0)
        return self.choices[(start + direction) % len(self.choices)][0]

    def action_cycle(self, direction: int) -> None:
        self.edit(self.cycle_change(direction))

    def cycle_change(self, direction: int) -> Change:
        return cycled(self.path, [value for value, _ in self.choices], direction)

    def hint_change(self) -> Change | None:
        return self.cycle_change(1)

    def hint_label(self) -> str:
        return f"{self.label.lower()} as {dict(self.choices)[self._next(1)]}"

    def value_text(self) -> Text:
        index = self._index()
        label = self.choices[index][1] if index >= 0 else f"{self.value} (unknown)"
        text = Text("◂ ", style="dim")
        text.append(label, style="bold" if index >= 0 else "bold red")
        text.append(" ▸", style="dim")
        return text
