"""The six-arc picture: firing arcs toggled around a ship pointing up (1.3, R12).

The arcs sit where they point: the first (RF) up and to the right, then
clockwise. A secondary weapon toggles any arcs; a gun turns a pair of
adjacent arcs around the ship.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType

from shipyard.rulesets.pentagon_war.arcs import adjacent, expand
from shipyard.rulesets.pentagon_war.catalog import Catalog
from shipyard.services.editing import Change, assign
from shipyard.tui.widgets.fields import LABEL_WIDTH, Field, draw

# (row, column) of each arc, clockwise from up-right, around a ship drawn "/\".
PLACES = ((0, 7), (1, 9), (2, 7), (2, 3), (1, 2), (0, 3))
SHIP = (1, 5)
LEFT = 2 + LABEL_WIDTH  # marker and label come first


class ArcPicker(Field):
    """A secondary weapon's arcs: left/right choose an arc, space toggles it."""

    DEFAULT_CSS = """
    ArcPicker { height: 3; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right", "move(1)", "Next arc"),
        Binding("left", "move(-1)", "Previous arc"),
        Binding("space,enter", "flip", "Toggle arc"),
        Binding("plus,equals_sign", "toggle_to(True)", "Add arc", show=False),
        Binding("minus", "toggle_to(False)", "Remove arc", show=False),
    ]

    def __init__(self, path: str, catalog: Catalog, label: str = "Arcs",
                 id: str | None = None) -> None:
        super().__init__(path, label, id=id)
        self.order = list(catalog.arcs.names.order)
        self.catalog = catalog
        self.cursor = 0

    @property
    def arcs(self) -> list[str]:
        value = self.value if isinstance(self.value, list) else []
        return expand([a for a in value if isinstance(a, str)], self.catalog)

    def _with(self, arc: str, present: bool) -> Change:
        arcs = [a for a in self.arcs if a != arc]
        if present:
            arcs.append(arc)
        known = [a for a in self.order if a in arcs]
        return assign(self.path, known + [a for a in arcs if a not in self.order])

    def action_move(self, step: int) -> None:
        self.cursor = (self.cursor + step) % len(self.order)
        self.post_message(self.Focused(self))
        self.refresh()

    def action_flip(self) -> None:
        arc = self.order[self.cursor]
        self.edit(self._with(arc, arc not in self.arcs))

    def action_toggle_to(self, present: bool) -> None:
        arc = self.order[self.cursor]
        if (arc in self.arcs) != present:
            self.edit(self._with(arc, present))

    def hint_change(self) -> Change | None:
        arc = self.order[self.cursor]
        return self._with(arc, arc not in self.arcs)

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

    def render(self) -> Text:
        items = [(row, LEFT + column, self.order[index],
                  ("bold reverse green" if self.selected(self.order[index]) else "dim")
                  + (" underline" if index == self.cursor and self.has_focus else ""))
                 for index, (row, column) in enumerate(PLACES)]
        items.append((SHIP[0], LEFT + SHIP[1], "/\\", "bold"))
        items.append((1, LEFT + 13, self.summary(), "italic"))
        rows = draw(3, items)
        rows[0] = self.prefix() + rows[0][LEFT:]
        return Text("\n").join(rows)


class GunArcPicker(ArcPicker):
    """A gun's two adjacent arcs (1.3): left/right turn the pair around the ship."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,plus,equals_sign,space,enter", "turn(1)", "Turn clockwise"),
        Binding("left,minus", "turn(-1)", "Turn anticlockwise"),
    ]

    def _pair(self, start: int) -> list[str]:
        first, second = self.order[start % 6], self.order[(start + 1) % 6]
        # The forward pair reads LF, RF as players write it.
        return [second, first] if start % 6 == 5 else [first, second]

    def _start(self) -> int:
        arcs = [a for a in self.arcs if a in self.order]
        if len(arcs) == 2 and adjacent(arcs[0], arcs[1], self.catalog):
            a, b = (self.order.index(x) for x in arcs)
            return a if (b - a) % 6 == 1 else b
        return 5  # no proper pair yet: start from dead ahead (F2)

    def action_turn(self, step: int) -> None:
        arcs = [a for a in self.arcs if a in self.order]
        proper = len(arcs) == 2 and adjacent(arcs[0], arcs[1], self.catalog)
        target = self._start() + step if proper else 5
        self.edit(assign(self.path, self._pair(target)))

    def action_flip(self) -> None:
        self.action_turn(1)

    def action_toggle_to(self, present: bool) -> None:
        self.action_turn(1 if present else -1)

    def hint_change(self) -> Change | None:
        return None

    def summary(self) -> str:
        arcs = self.arcs
        proper = len(arcs) == 2 and adjacent(arcs[0], arcs[1], self.catalog)
        return f"{'+'.join(arcs) or 'none'}" + ("" if proper else "  (needs 2 adjacent)")

    def on_click(self, event: events.Click) -> None:
        self.focus()
        index = self._arc_at(event.x, event.y)
        if index is not None:
            self.edit(assign(self.path, self._pair(index)))

