"""A numbered track editor: boxes numbered lowest..highest, an implied free box last.

Left/right walk the boxes, +/- or a digit change the number under the
cursor, Insert adds a box, Delete removes one. A track out of order is kept
(the player may be mid-edit) and flagged box by box. The form gives the
path, the numbers allowed and the words (e.g. a radar track of radar boxes).
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType

from shipyard.core.form import Spec, Track
from shipyard.services.editing import Change, get_value, set_value
from shipyard.tui.widgets.fields import Field, View, count_of, describe_keys


def _boxes(data: dict[str, Any], path: str) -> list[Any]:
    track = get_value(data, path)
    return list(track) if isinstance(track, list) else []


def set_box(path: str, index: int, number: int) -> Change:
    def change(data: dict[str, Any]) -> None:
        track = _boxes(data, path)
        if 0 <= index < len(track):
            track[index] = number
            set_value(data, path, track)
    return change


def insert_box(path: str, index: int, number: int) -> Change:
    def change(data: dict[str, Any]) -> None:
        track = _boxes(data, path)
        track.insert(index, number)
        set_value(data, path, track)
    return change


def remove_box(path: str, index: int) -> Change:
    def change(data: dict[str, Any]) -> None:
        track = _boxes(data, path)
        if 0 <= index < len(track):
            del track[index]
            set_value(data, path, track)
    return change


class NumberedTrack(Field):
    """A track as boxes; the cursor picks the box to change."""

    DEFAULT_CSS = """
    NumberedTrack { height: 2; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [  # "Next <noun>" etc. in the footer
        Binding("right", "move(1)", "Next box"),
        Binding("left", "move(-1)", "Previous box"),
        Binding("plus,equals_sign", "step(1)", "Raise number"),
        Binding("minus", "step(-1)", "Lower number"),
        Binding("insert,a", "add", "Add box"),
        Binding("delete,backspace", "remove", "Remove box"),
    ]

    def __init__(self, spec: Track, id: str | None = None) -> None:
        super().__init__(spec.path, spec.label, id=id)
        self.spec = spec
        self.cursor = 0
        self.summary = ""
        noun = spec.noun
        describe_keys(self, {"move(1)": f"Next {noun}", "move(-1)": f"Previous {noun}",
                             "add": f"Add {noun}", "remove": f"Remove {noun}"})

    def configure(self, spec: Spec) -> None:
        if isinstance(spec, Track):
            self.spec = spec

    @property
    def lowest(self) -> int:
        return self.spec.lowest

    @property
    def highest(self) -> int:
        return self.spec.highest

    @property
    def track(self) -> list[Any]:
        return list(self.value) if isinstance(self.value, list) else []

    def owns(self, path: str) -> bool:
        return path == self.path or path.startswith(f"{self.path}[")

    def point_at(self, path: str) -> None:
        inside = path.removeprefix(f"{self.path}[").rstrip("]")
        if inside.isdigit():
            self.cursor = int(inside)
            self.refresh()

    def show(self, view: View) -> None:
        super().show(view)
        self.summary = self.spec.summary(view.sheet) if self.spec.summary is not None else ""
        self.cursor = min(self.cursor, len(self.track))

    def _number(self) -> int | None:
        track = self.track
        return count_of(track[self.cursor]) if self.cursor < len(track) else None

    def action_move(self, step: int) -> None:
        self.cursor = max(0, min(len(self.track), self.cursor + step))
        self.focused_here()
        self.refresh()

    def action_step(self, direction: int) -> None:
        change = self.step_change(direction)
        if change is not None:
            self.edit(change)

    def step_change(self, direction: int) -> Change | None:
        """The box under the cursor one number up or down (on the free box, + adds a box
        before it); None when the key changes nothing there."""
        number = self._number()
        if number is None:
            return self.add_change() if direction > 0 else None
        path, index, lowest, highest = self.path, self.cursor, self.lowest, self.highest
        if max(lowest, min(highest, number + direction)) == number:
            return None

        def change(data: dict[str, Any]) -> None:  # from the box as it is when applied
            track = _boxes(data, path)
            now = count_of(track[index]) if index < len(track) else None
            if now is not None:
                set_box(path, index, max(lowest, min(highest, now + direction)))(data)
        return change

    def action_add(self) -> None:
        self.edit(self.add_change())

    def new_number(self) -> int:
        """The number of a box added here: the one under the cursor's (so the order stays
        good); on the free box, the lowest."""
        number = self._number()
        track = self.track
        if number is None:
            last = count_of(track[-1]) if track else None
            number = min(last, self.lowest) if last is not None else self.lowest
        return max(self.lowest, min(self.highest, number))

    def add_change(self) -> Change:
        return insert_box(self.path, self.cursor, self.new_number())

    def action_remove(self) -> None:
        if self.cursor < len(self.track):
            self.edit(remove_box(self.path, self.cursor))
        else:  # the free box: nothing to remove, and the player is told why
            self.notify(f"The {self.spec.free} box is free and always on the "
                        f"{self.label.lower()}: Del removes the {self.spec.noun} under the "
                        "cursor (←/→ move it).", title="Nothing removed")

    def on_key(self, event: events.Key) -> None:
        character = event.character
        if character is not None and character.isdigit():
            event.stop()
            number = int(character)
            if self.lowest <= number <= self.highest:
                if self.cursor < len(self.track):
                    self.edit(set_box(self.path, self.cursor, number))
                else:
                    self.edit(insert_box(self.path, self.cursor, number))
                    self.cursor += 1

    def hint_change(self) -> Change | None:
        return self.step_change(1)

    def hint_label(self) -> str:
        number = self._number()
        if number is None:
            return f"one more {self.spec.noun} numbered {self.new_number()}"
        if number >= self.highest:
            return f"{self.spec.noun} {self.cursor + 1} is at the highest number, {number}"
        return f"{self.spec.noun} {self.cursor + 1} numbered {number + 1}"

    def on_click(self, event: events.Click) -> None:
        self.focus()
        offset = len(self.prefix())
        if event.y == 0 and event.x >= offset:
            self.cursor = min(len(self.track), (event.x - offset) // 3)
            self.focused_here()
            self.refresh()

    def draw(self) -> Text:
        line = self.prefix()
        for index, box in enumerate([*self.track, self.spec.free]):
            free = index == len(self.track)
            problem = self.problems.get(f"{self.path}[{index}]")
            style = "bold red" if problem == "error" else ("dim" if free else "bold")
            here = index == self.cursor and self.has_focus
            if here:
                style += " reverse"
            # The box under the cursor is marked by «» as well as by colour.
            line.append(f"«{box}»" if here else f"[{box}]", style=style)
        if self.summary:
            line.append(f"  {self.summary}", style="italic")
        indent = len(self.prefix())
        help_line = Text(" " * indent)
        help_line.append(self.keys_help(self.size.width - indent - 2), style="dim")
        return Text("\n").join([line, help_line])

    def keys_help(self, room: int) -> str:
        """The keys of the track, as many as fit in `room` columns (whole ones only)."""
        parts = ["←/→ box", f"+/- or {self.lowest}-{self.highest} number", "a add",
                 "Del remove", f"({self.spec.free} is free)"]
        while len(parts) > 1 and len("  ".join(parts)) > room > 0:
            parts.pop()
        return "  ".join(parts)
