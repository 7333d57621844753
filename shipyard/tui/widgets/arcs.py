"""The six-arc picture: named arcs toggled around a ship pointing up.

The arcs sit where they point: the form's first arc up and to the right,
then clockwise. An arc set toggles any arcs; an arc pair turns two adjacent
arcs around the ship. The form's `Ring` names the arcs and their shorthand.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType

from shipyard.core.form import ArcPair, ArcSet, Ring, Spec
from shipyard.services.editing import Change, assign, get_value
from shipyard.tui.widgets.fields import LABEL_WIDTH, Field, draw

# (row, column) of each arc, clockwise from up-right, around a ship drawn "/\".
PLACES = ((0, 7), (1, 9), (2, 7), (2, 3), (1, 2), (0, 3))
SHIP = (1, 5)
LEFT = 2 + LABEL_WIDTH  # marker and label come first


class ArcSetPicker(Field):
    """Any of the arcs: left/right choose an arc, space toggles it."""

    DEFAULT_CSS = """
    ArcSetPicker { height: 3; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right", "move(1)", "Next arc"),
        Binding("left", "move(-1)", "Previous arc"),
        Binding("space,enter", "flip", "Toggle arc"),
        Binding("plus,equals_sign", "toggle_to(True)", "Add arc", show=False),
        Binding("minus", "toggle_to(False)", "Remove arc", show=False),
    ]

    def __init__(self, spec: ArcSet | ArcPair, id: str | None = None) -> None:
        super().__init__(spec.path, spec.label, id=id)
        self.ring: Ring = spec.ring
        self.cursor = 0

    def configure(self, spec: Spec) -> None:
        if isinstance(spec, ArcSet | ArcPair):
            self.ring = spec.ring

    @property
    def order(self) -> list[str]:
        return list(self.ring.names)

    @property
    def arcs(self) -> list[str]:
        value = self.value if isinstance(self.value, list) else []
        return self.ring.expand([a for a in value if isinstance(a, str)])

    def _with(self, arc: str, present: bool | None) -> Change:
        """The arc on, off, or (None) toggled, from the arcs as they are when applied."""
        path, ring, order = self.path, self.ring, self.order

        def change(data: dict[str, Any]) -> None:
            value = get_value(data, path)
            now = ring.expand([a for a in value if isinstance(a, str)]
                              if isinstance(value, list) else [])
            arcs = [a for a in now if a != arc]
            if present or (present is None and arc not in now):
                arcs.append(arc)
            known = [a for a in order if a in arcs]
            assign(path, known + [a for a in arcs if a not in order])(data)
        return change

    def action_move(self, step: int) -> None:
        self.cursor = (self.cursor + step) % len(self.order)
        self.focused_here()
        self.refresh()

    def action_flip(self) -> None:
        self.edit(self._with(self.order[self.cursor], None))

    def action_toggle_to(self, present: bool) -> None:
        self.edit(self._with(self.order[self.cursor], present))

    def hint_key(self) -> str:
        return "space"

    def hint_change(self) -> Change | None:
        return self._with(self.order[self.cursor], None)  # what Space does

    def hint_label(self) -> str:
        arc = self.order[self.cursor]
        return f"{'removing' if arc in self.arcs else 'adding'} arc {arc}"

    def _arc_at(self, x: int, y: int) -> int | None:
        for index, (row, column) in enumerate(PLACES):
            width = len(self.order[index])
            if y == row and LEFT + column <= x < LEFT + column + max(width, 2):
                return index
        return None

    def on_click(self, event: events.Click) -> None:
        self.focus()
        index = self._arc_at(event.x, event.y)
        if index is not None:
            self.cursor = index
            self.action_flip()

    def summary(self) -> str:
        chosen = [a for a in self.order if a in self.arcs]
        return f"{len(chosen)} arc{'s' if len(chosen) != 1 else ''}: " \
               f"{' '.join(chosen) or 'none'}"

    def selected(self, arc: str) -> bool:
        return arc in self.arcs

    def draw(self) -> Text:
        # Marked by a character as well as colour: ✓ after an arc that is on,
        # ▸ before the arc under the cursor.
        items: list[tuple[int, int, str, str]] = []
        for index, (row, column) in enumerate(PLACES):
            arc = self.order[index]
            on = self.selected(arc)
            here = index == self.cursor and self.has_focus
            items.append((row, LEFT + column, arc,
                          ("bold reverse green" if on else "dim") + (" underline" if here else "")))
            if on:
                items.append((row, LEFT + column + len(arc), "✓", "bold green"))
            if here:
                items.append((row, LEFT + column - 1, "▸", "bold"))
        items.append((SHIP[0], LEFT + SHIP[1], "/\\", "bold"))
        items.append((1, LEFT + 13, self.summary(), "italic"))
        rows = draw(3, items)
        rows[0] = self.prefix() + rows[0][LEFT:]
        return Text("\n").join(rows)


class ArcPairPicker(ArcSetPicker):
    """Two adjacent arcs: left/right turn the pair around the ship."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,plus,equals_sign,space,enter", "turn(1)", "Turn clockwise"),
        Binding("left,minus", "turn(-1)", "Turn anticlockwise"),
    ]

    def __init__(self, spec: ArcPair, id: str | None = None) -> None:
        super().__init__(spec, id=id)
        self.home = spec.home

    def configure(self, spec: Spec) -> None:
        super().configure(spec)
        if isinstance(spec, ArcPair):
            self.home = spec.home

    def _pair(self, start: int) -> list[str]:
        size = len(self.order)
        first, second = self.order[start % size], self.order[(start + 1) % size]
        # The pair across the ring's ends reads in ring order (RF before LF).
        return [second, first] if start % size == size - 1 else [first, second]

    def _proper(self, arcs: list[str]) -> bool:
        return len(arcs) == 2 and self.ring.adjacent(arcs[0], arcs[1])

    def _start(self, arcs: list[str]) -> int | None:
        """The index of a proper pair's first arc; None if it is not a proper pair."""
        known = [a for a in arcs if a in self.order]
        if not self._proper(known):
            return None
        a, b = (self.order.index(x) for x in known)
        return a if (b - a) % len(self.order) == 1 else b

    def action_turn(self, step: int) -> None:
        self.edit(self.turn_change(step))

    def turn_change(self, step: int) -> Change:
        """Turn the pair as it is when the edit is applied (quick keys each turn it)."""
        path, ring = self.path, self.ring

        def change(data: dict[str, Any]) -> None:
            value = get_value(data, path)
            arcs = ring.expand([a for a in value if isinstance(a, str)]
                               if isinstance(value, list) else [])
            assign(path, self.turned(arcs, step))(data)
        return change

    def turned(self, arcs: list[str], step: int) -> list[str]:
        """The pair after a turn of `step` (no proper pair yet: the home pair)."""
        start = self._start(arcs)
        return self._pair(self.home if start is None else start + step)

    def action_flip(self) -> None:
        self.action_turn(1)

    def action_toggle_to(self, present: bool) -> None:
        self.action_turn(1 if present else -1)

    def hint_key(self) -> str:
        return "plus"

    def hint_change(self) -> Change | None:
        return self.turn_change(1)

    def hint_label(self) -> str:
        return f"turning the pair to {'+'.join(self.turned(self.arcs, 1))}"

    def summary(self) -> str:
        arcs = self.arcs
        proper = self._proper(arcs)
        return f"{'+'.join(arcs) or 'none'}" + ("" if proper else "  (needs 2 adjacent)")

    def on_click(self, event: events.Click) -> None:
        self.focus()
        index = self._arc_at(event.x, event.y)
        if index is not None:
            self.edit(assign(self.path, self._pair(index)))

