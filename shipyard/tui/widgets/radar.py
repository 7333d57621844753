"""The radar track editor: numbered boxes, highest first, the free 0 box last (R7).

Left/right walk the boxes, +/- or a digit 1-6 change the number under the
cursor, Insert adds a box, Delete removes one. A track out of order is kept
(the player may be mid-edit) and flagged box by box.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType

from shipyard.services.editing import Change
from shipyard.tui.widgets.fields import Field, View, count_of

LOWEST, HIGHEST = 1, 6


def _boxes(data: dict[str, Any]) -> list[Any]:
    track = data.get("radar")
    return list(track) if isinstance(track, list) else []


def set_box(index: int, number: int) -> Change:
    def change(data: dict[str, Any]) -> None:
        track = _boxes(data)
        if 0 <= index < len(track):
            track[index] = number
            data["radar"] = track
    return change


def insert_box(index: int, number: int) -> Change:
    def change(data: dict[str, Any]) -> None:
        track = _boxes(data)
        track.insert(index, number)
        data["radar"] = track
    return change


def remove_box(index: int) -> Change:
    def change(data: dict[str, Any]) -> None:
        track = _boxes(data)
        if 0 <= index < len(track):
            del track[index]
            data["radar"] = track
    return change


class RadarTrack(Field):
    """The radar track as boxes; the cursor picks the box to change."""

    DEFAULT_CSS = """
    RadarTrack { height: 2; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right", "move(1)", "Next radar box"),
        Binding("left", "move(-1)", "Previous radar box"),
        Binding("plus,equals_sign", "step(1)", "Raise number"),
        Binding("minus", "step(-1)", "Lower number"),
        Binding("insert,a", "add", "Add radar box"),
        Binding("delete,backspace", "remove", "Remove radar box"),
    ]

    def __init__(self, id: str | None = None) -> None:
        super().__init__("radar", "Radar track", id=id)
        self.cursor = 0
        self.rating = 0

    @property
    def track(self) -> list[Any]:
        return list(self.value) if isinstance(self.value, list) else []

    def owns(self, path: str) -> bool:
        return path == "radar" or path.startswith("radar[")

    def point_at(self, path: str) -> None:
        inside = path.removeprefix("radar[").rstrip("]")
        if inside.isdigit():
            self.cursor = int(inside)
            self.refresh()

    def show(self, view: View) -> None:
        super().show(view)
        self.rating = view.sheet.radar_rating
        self.cursor = min(self.cursor, len(self.track))

    def _number(self) -> int | None:
        track = self.track
        return count_of(track[self.cursor]) if self.cursor < len(track) else None

    def action_move(self, step: int) -> None:
        self.cursor = max(0, min(len(self.track), self.cursor + step))
        self.post_message(self.Focused(self))
        self.refresh()

    def action_step(self, direction: int) -> None:
        number = self._number()
        if number is None:  # on the free 0 box: + adds a box before it
            if direction > 0:
                self.action_add()
            return
        target = max(LOWEST, min(HIGHEST, number + direction))
        if target != number:
            self.edit(set_box(self.cursor, target))

    def action_add(self) -> None:
        """A new box copies the one under the cursor, so the order stays good."""
        number = self._number()
        track = self.track
        if number is None:
            last = count_of(track[-1]) if track else None
            number = min(last, LOWEST) if last is not None else LOWEST
        self.edit(insert_box(self.cursor, max(LOWEST, min(HIGHEST, number))))

    def action_remove(self) -> None:
        if self.cursor < len(self.track):
            self.edit(remove_box(self.cursor))

    def on_key(self, event: events.Key) -> None:
        character = event.character
        if character is not None and character.isdigit():
            event.stop()
            number = int(character)
            if LOWEST <= number <= HIGHEST:
                if self.cursor < len(self.track):
                    self.edit(set_box(self.cursor, number))
                else:
                    self.edit(insert_box(self.cursor, number))
                    self.cursor += 1

    def hint_change(self) -> Change | None:
        number = self._number()
        if number is None:
            return insert_box(self.cursor, LOWEST)
        return set_box(self.cursor, min(HIGHEST, number + 1)) if number < HIGHEST else None

    def hint_label(self) -> str:
        number = self._number()
        if number is None:
            return "one more radar box numbered 1"
        return f"radar box {self.cursor + 1} numbered {min(HIGHEST, number + 1)}"

    def on_click(self, event: events.Click) -> None:
        self.focus()
        offset = len(self.prefix())
        if event.y == 0 and event.x >= offset:
            self.cursor = min(len(self.track), (event.x - offset) // 3)
            self.post_message(self.Focused(self))
            self.refresh()

    def render(self) -> Text:
        line = self.prefix()
        for index, box in enumerate([*self.track, 0]):
            free = index == len(self.track)
            problem = self.problems.get(f"radar[{index}]")
            style = "bold red" if problem == "error" else ("dim" if free else "bold")
            if index == self.cursor and self.has_focus:
                style += " reverse"
            line.append(f"[{box}]", style=style)
        line.append(f"  rating {self.rating}", style="italic")
        help_line = Text(" " * len(self.prefix()))
        help_line.append("←/→ box  +/- or 1-6 number  a add  Del remove  (0 is free)",
                         style="dim")
        return Text("\n").join([line, help_line])
