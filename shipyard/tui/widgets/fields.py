"""The designer's fields: one line each, changed with +/- keys or typed numbers.

A field never changes the design itself. It posts `Field.Edit` with a change
(a function on the design data) and the screen sends it through the one
edit function that records undo and re-prices. After every edit the screen
calls `show` on each field with the new design data.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widget import Widget

from shipyard.rulesets.pentagon_war.design import MAX_COUNT
from shipyard.rulesets.pentagon_war.pricing import Sheet
from shipyard.services.editing import Change, assign, get_value

LABEL_WIDTH = 22


@dataclass(frozen=True)
class View:
    """What the fields show: the design data, its sheet, and issue severity by path."""

    data: dict[str, Any]
    sheet: Sheet
    problems: dict[str, str]


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


class Field(Widget, can_focus=True):
    """A focusable line of the editor that edits the design at `path`."""

    DEFAULT_CSS = """
    Field { height: 1; width: 1fr; padding: 0 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "walk(-1)", "Previous field", show=False),
        Binding("down", "walk(1)", "Next field", show=False),
    ]

    class Edit(Message):
        """A field asks for an edit of the design."""

        def __init__(self, change: Change, path: str) -> None:
            super().__init__()
            self.change = change
            self.path = path

    class Focused(Message):
        """A field took the focus: the screen shows its hint."""

        def __init__(self, field: Field) -> None:
            super().__init__()
            self.field = field

    def __init__(self, path: str, label: str, *, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.path = path
        self.label = label
        self.value: object = None
        self.problem: str | None = None
        self.problems: dict[str, str] = {}

    def show(self, view: View) -> None:
        """Take the current design data, its sheet and the issues this field owns."""
        self.value = get_value(view.data, self.path)
        self.problems = {k: v for k, v in view.problems.items() if self.owns(k)}
        found = set(self.problems.values())
        self.problem = "error" if "error" in found else ("warning" if found else None)
        self.set_class(self.problem == "error", "-error")
        self.set_class(self.problem == "warning", "-warning")
        self.refresh()

    def owns(self, path: str) -> bool:
        """Whether an issue at `path` belongs to this field."""
        return path == self.path

    def hint_change(self) -> Change | None:
        """The edit whose cost the hint line shows ("one more box")."""
        return None

    def hint_label(self) -> str:
        return f"one more {self.label.lower()}"

    def action_walk(self, step: int) -> None:
        walk(self, step)

    def edit(self, change: Change) -> None:
        self.post_message(self.Edit(change, self.path))

    def on_focus(self) -> None:
        self.post_message(self.Focused(self))

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


def draw(height: int, items: Sequence[tuple[int, int, str, str]]) -> list[Text]:
    """Small pictures: place (row, column, text, style) items on `height` rows."""
    rows = [Text() for _ in range(height)]
    for row, column, text, style in sorted(items, key=lambda item: (item[0], item[1])):
        line = rows[row]
        if column > len(line):
            line.append(" " * (column - len(line)))
        line.append(text, style=style)
    return rows


class TypedNumber(Field):
    """Digits typed on a field build a number; Enter or leaving the field sets it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "commit", "Set typed number", show=False),
        Binding("escape", "cancel", "Cancel typing", show=False),
        Binding("backspace", "erase", "Erase a digit", show=False),
    ]

    typed = ""

    def commit_typed(self, value: int) -> None:
        raise NotImplementedError

    def on_key(self, event: events.Key) -> None:
        if event.character is not None and event.character.isdigit():
            if len(self.typed) < 6:
                self.typed += event.character
            event.stop()
            self.refresh()

    def action_erase(self) -> None:
        self.typed = self.typed[:-1]
        self.refresh()

    def action_cancel(self) -> None:
        self.typed = ""
        self.refresh()

    def action_commit(self) -> None:
        if self.typed:
            value = int(self.typed)
            self.typed = ""
            self.commit_typed(value)
            self.refresh()

    def on_blur(self) -> None:
        self.action_commit()


class CountField(TypedNumber):
    """A count: +/- or left/right step it, digits type a new value, Enter sets it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("plus,equals_sign,right", "step(1)", "+1"),
        Binding("minus,left", "step(-1)", "-1"),
    ]

    def __init__(self, path: str, label: str, *, step: int = 1, floor: int = 0,
                 writer: Callable[[int], Change] | None = None, unit: str = "",
                 noun: str = "", id: str | None = None, classes: str | None = None) -> None:
        super().__init__(path, label, id=id, classes=classes)
        self.noun = noun or label.lower()
        self.step = step
        self.floor = floor
        self.writer = writer or (lambda value: assign(path, value))
        self.unit = unit

    @property
    def count(self) -> int:
        found = count_of(self.value)
        return found if found is not None else 0

    def action_step(self, direction: int) -> None:
        self.typed = ""
        current = count_of(self.value)
        base = current if current is not None else 0
        target = max(self.floor, base + direction * self.step)
        if self.step > 1 and target % self.step:
            target -= target % self.step  # liquid metal guns come in pairs
        if target != current:
            self.edit(self.writer(target))

    def hint_change(self) -> Change | None:
        return self.writer(max(self.floor, self.count + self.step))

    def hint_label(self) -> str:
        return f"one more {self.noun}"

    def commit_typed(self, value: int) -> None:
        if value > MAX_COUNT:
            self.notify(f"{self.label}: counts stop at {MAX_COUNT:,}", severity="warning")
            value = MAX_COUNT
        self.edit(self.writer(max(self.floor, value)))
    def value_text(self) -> Text:
        if self.typed:
            return Text(f"  {self.typed}▏", style="bold reverse")
        found = count_of(self.value)
        shown = str(found if found is not None else (0 if self.value is None else self.value))
        text = Text("◂ ", style="dim")
        text.append(f"{shown:>3}", style="bold")
        text.append(" ▸", style="dim")
        if self.unit:
            text.append(f"  {self.unit}", style="dim")
        return text


class FlagField(Field):
    """A yes / no choice: space, Enter or +/- toggle it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space,enter,plus,minus,left,right", "flip", "Toggle"),
    ]

    def action_flip(self) -> None:
        self.edit(assign(self.path, not bool(self.value)))

    def hint_change(self) -> Change | None:
        return assign(self.path, not bool(self.value))

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

    def __init__(self, path: str, label: str, choices: Sequence[tuple[str, str]], *,
                 id: str | None = None, classes: str | None = None) -> None:
        super().__init__(path, label, id=id, classes=classes)
        self.choices = list(choices)

    def _index(self) -> int:
        values = [value for value, _ in self.choices]
        return values.index(self.value) if self.value in values else -1

    def _next(self, direction: int) -> str:
        index = self._index()
        start = index if index >= 0 else (-1 if direction > 0 else 0)
        return self.choices[(start + direction) % len(self.choices)][0]

    def action_cycle(self, direction: int) -> None:
        self.edit(assign(self.path, self._next(direction)))

    def hint_change(self) -> Change | None:
        return assign(self.path, self._next(1))

    def hint_label(self) -> str:
        return f"{self.label.lower()} as {dict(self.choices)[self._next(1)]}"

    def value_text(self) -> Text:
        index = self._index()
        label = self.choices[index][1] if index >= 0 else f"{self.value} (unknown)"
        text = Text("◂ ", style="dim")
        text.append(label, style="bold" if index >= 0 else "bold red")
        text.append(" ▸", style="dim")
        return text


def suicide_bomb_writer(value: int) -> Change:
    """`options.suicide_bomb` is a flag, or a count once there are two or more."""
    return assign("options.suicide_bomb", value if value > 1 else bool(value))


def armor_writer(side: str) -> Callable[[int], Change]:
    path = f"armor.{side}"

    def writer(value: int) -> Change:
        return unset(path) if value == 0 else assign(path, value)
    return writer


class HullSplitField(CountField):
    """Forward hull boxes; the rest goes aft (1.4: split as the owner likes).

    Without a split of the player's own, the sheet's split is shown as "auto";
    Delete returns to it.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("delete", "auto", "Automatic split"),
    ]

    def __init__(self) -> None:
        super().__init__("hull_split", "Forward hull", writer=self._split)
        self.hull_boxes = 0
        self.auto = True

    def _split(self, forward: int) -> Change:
        total = self.hull_boxes
        ahead = min(forward, total)
        return assign("hull_split", {"forward": ahead, "aft": total - ahead})

    def owns(self, path: str) -> bool:
        return path.startswith("hull_split")

    def show(self, view: View) -> None:
        super().show(view)
        split = view.data.get("hull_split")
        self.auto = not isinstance(split, dict)
        self.hull_boxes = view.sheet.hull_boxes
        self.value = view.sheet.hull_forward if self.auto else get_value(
            view.data, "hull_split.forward")

    def action_auto(self) -> None:
        self.edit(unset("hull_split"))

    def hint_change(self) -> Change | None:
        return None

    def value_text(self) -> Text:
        text = super().value_text()
        if not self.typed:
            aft = self.hull_boxes - self.count
            text.append(f"  aft {aft}" + ("  (auto)" if self.auto else "  (Del: auto)"),
                        style="dim")
        return text
