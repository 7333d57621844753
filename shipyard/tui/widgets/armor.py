"""Armor per side on a hexagon, side 1 to the front and clockwise (R13).

Side 4 (rear) is only for bases (R11); on a craft with engines it is shown
as such, and an armor box there is an error the issues panel points to.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType

from shipyard.services.editing import Change, assign
from shipyard.tui.widgets.fields import TypedNumber, View, count_of, draw, unset

SIDES = ("1", "2", "3", "4", "5", "6")
# Where each side's count sits around the hexagon (row, column).
PLACES = {"1": (0, 14), "2": (2, 24), "3": (5, 24), "4": (6, 14), "5": (5, 2), "6": (2, 2)}
HEXAGON = ((1, 14, "________"), (2, 13, "/"), (2, 22, "\\"), (3, 12, "/"), (3, 23, "\\"),
           (3, 17, "/\\"), (4, 12, "\\"), (4, 23, "/"), (5, 13, "\\"), (5, 14, "________"),
           (5, 22, "/"))
CELL = 9


class ArmorHexagon(TypedNumber):
    """Armor boxes by side: left/right walk the sides, +/- or digits set the count."""

    DEFAULT_CSS = """
    ArmorHexagon { height: 8; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right", "move(1)", "Next side"),
        Binding("left", "move(-1)", "Previous side"),
        Binding("plus,equals_sign", "step(1)", "+1 armor"),
        Binding("minus", "step(-1)", "-1 armor"),
    ]

    def __init__(self, id: str | None = None) -> None:
        super().__init__("armor", "Armor by side", id=id)
        self.cursor = 0
        self.has_engines = True

    @property
    def side(self) -> str:
        return SIDES[self.cursor]

    def count(self, side: str) -> object:
        table = self.value if isinstance(self.value, dict) else {}
        return table.get(side, 0)

    def show(self, view: View) -> None:
        super().show(view)
        self.has_engines = not view.sheet.is_base

    def owns(self, path: str) -> bool:
        return path == "armor" or path.startswith("armor.")

    def point_at(self, path: str) -> None:
        side = path.removeprefix("armor.")
        if side in SIDES:
            self.cursor = SIDES.index(side)
            self.refresh()

    def _set(self, value: int) -> Change:
        path = f"armor.{self.side}"
        return unset(path) if value <= 0 else assign(path, value)

    def action_move(self, step: int) -> None:
        self.action_commit()
        self.cursor = (self.cursor + step) % 6
        self.post_message(self.Focused(self))
        self.refresh()

    def action_step(self, direction: int) -> None:
        self.typed = ""
        current = count_of(self.count(self.side))
        self.edit(self._set(max(0, (current or 0) + direction)))

    def commit_typed(self, value: int) -> None:
        self.edit(self._set(value))

    def on_click(self, event: events.Click) -> None:
        self.focus()
        for side, (row, column) in PLACES.items():
            if event.y - 1 == row and column <= event.x < column + CELL:
                self.cursor = SIDES.index(side)
                self.post_message(self.Focused(self))
                self.refresh()

    def hint_change(self) -> Change | None:
        current = count_of(self.count(self.side))
        return self._set((current or 0) + 1)

    def hint_label(self) -> str:
        return f"one more armor box on side {self.side}"

    def _cell(self, side: str) -> tuple[str, str]:
        chosen = SIDES.index(side) == self.cursor and self.has_focus
        if chosen and self.typed:
            return f"{side} {self.typed:>3}▏ ", "bold reverse"
        value = self.count(side)
        text = f"{side} ◂{value!s:>3}▸"
        problem = self.problems.get(f"armor.{side}")
        style = "bold red" if problem == "error" else ("bold" if value else "dim")
        if chosen:
            style += " reverse"
        return text, style

    def render(self) -> Text:
        items: list[tuple[int, int, str, str]] = [(r, c, t, "dim") for r, c, t in HEXAGON]
        for side, (row, column) in PLACES.items():
            text, style = self._cell(side)
            items.append((row, column, text, style))
        note = "rear: bases only (R11)" if self.has_engines else "rear armor allowed (base)"
        items.append((6, 26, note, "dim italic"))
        label = self.prefix()
        label.append("←/→ side  +/- boxes", style="dim")
        return Text("\n").join([label, *draw(7, items)])

