"""A count on each side of a hexagon, the first side to the front and clockwise.

The form names the sides, the noun of what is counted (e.g. armor boxes) and
a note shown beside the hexagon; a side the rules forbid is an issue at
`<path>.<side>`, which the picture shows in red and the issues panel points to.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType

from shipyard.core.form import HexSides, Spec
from shipyard.services.editing import Change, assign, get_value
from shipyard.tui.widgets.counts import TypedNumber
from shipyard.tui.widgets.fields import (
    View,
    count_of,
    describe_keys,
    draw,
    stepped,
    unset,
)

# Where each side's count sits around the hexagon (row, column), clockwise from the front.
PLACES = ((0, 14), (2, 24), (5, 24), (6, 14), (5, 2), (2, 2))
HEXAGON = ((1, 14, "________"), (2, 13, "/"), (2, 22, "\\"), (3, 12, "/"), (3, 23, "\\"),
           (3, 17, "/\\"), (4, 12, "\\"), (4, 23, "/"), (5, 13, "\\"), (5, 14, "________"),
           (5, 22, "/"))
CELL = 9


class HexagonSides(TypedNumber):
    """A count by side: left/right walk the sides, +/- or digits set the count."""

    DEFAULT_CSS = """
    HexagonSides { height: 8; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right", "move(1)", "Next side"),
        Binding("left", "move(-1)", "Previous side"),
        Binding("plus,equals_sign", "step(1)", "+1 box"),  # "+1 <unit>" in the footer
        Binding("minus", "step(-1)", "-1 box"),
    ]

    def __init__(self, spec: HexSides, id: str | None = None) -> None:
        super().__init__(spec.path, spec.label, id=id)
        self.spec = spec
        self.cursor = 0
        self.note = ""
        describe_keys(self, {"step(1)": f"+1 {spec.unit}", "step(-1)": f"-1 {spec.unit}"})

    def configure(self, spec: Spec) -> None:
        if isinstance(spec, HexSides):
            self.spec = spec

    @property
    def sides(self) -> tuple[str, ...]:
        return self.spec.sides

    @property
    def side(self) -> str:
        return self.sides[self.cursor]

    def count(self, side: str) -> object:
        table = self.value if isinstance(self.value, dict) else {}
        return table.get(side, 0)

    def show(self, view: View) -> None:
        super().show(view)
        self.note = self.spec.note(view.sheet) if self.spec.note is not None else ""

    def owns(self, path: str) -> bool:
        return path == self.path or path.startswith(f"{self.path}.")

    def point_at(self, path: str) -> None:
        side = path.removeprefix(f"{self.path}.")
        if side in self.sides:
            self.cursor = self.sides.index(side)
            self.refresh()

    def _set(self, value: int) -> Change:
        path = f"{self.path}.{self.side}"
        return unset(path) if value <= 0 else assign(path, value)

    def action_move(self, step: int) -> None:
        self.action_commit()
        self.cursor = (self.cursor + step) % len(self.sides)
        self.focused_here()
        self.refresh()

    def action_step(self, direction: int) -> None:
        self.typed = ""
        self.edit(self.step_change(direction))

    def step_change(self, direction: int) -> Change:
        """One box more or less on the side, counted when the edit is applied."""
        path = f"{self.path}.{self.side}"
        step = stepped(path, direction)

        def change(data: dict[str, Any]) -> None:
            step(data)
            if not count_of(get_value(data, path)):
                unset(path)(data)  # no boxes: no key, which keeps files tidy
        return change

    def commit_typed(self, value: int) -> None:
        self.edit(self._set(value))

    def on_click(self, event: events.Click) -> None:
        self.focus()
        for index, (row, column) in enumerate(PLACES):
            if event.y - 1 == row and column <= event.x < column + CELL:
                self.cursor = index
                self.focused_here()
                self.refresh()

    def hint_change(self) -> Change | None:
        return self.step_change(1)

    def hint_label(self) -> str:
        return f"one more {self.spec.noun} on side {self.side}"

    def _cell(self, side: str) -> tuple[str, str]:
        chosen = self.sides.index(side) == self.cursor and self.has_focus
        if chosen and self.typed:
            return f"{side} {self.typed:>3}▏ ", "bold reverse"
        value = self.count(side)
        # The side under the cursor has filled arrows: a mark that needs no colour.
        text = f"{side} ◀{value!s:>3}▶" if chosen else f"{side} ◂{value!s:>3}▸"
        problem = self.problems.get(f"{self.path}.{side}")
        style = "bold red" if problem == "error" else ("bold" if value else "dim")
        if chosen:
            style += " reverse"
        return text, style

    def draw(self) -> Text:
        items: list[tuple[int, int, str, str]] = [(r, c, t, "dim") for r, c, t in HEXAGON]
        for side, (row, column) in zip(self.sides, PLACES, strict=False):
            text, style = self._cell(side)
            items.append((row, column, text, style))
        if self.note:
            items.append((6, 26, self.note, "dim italic"))
        label = self.prefix()
        label.append("←/→ side  +/- boxes", style="dim")
        return Text("\n").join([label, *draw(7, items)])

