"""What a designer shows of a design: a game-neutral form description.

A ruleset describes its design as a `Form`: titled sections of field specs
of a few generic kinds (a count, a flag, a choice, the design's name, counts
round the sides of a hexagon, a numbered track, arcs round a hexagon, a
forward / aft split) and repeating list groups whose entries have fields of
their own. A face (the Textual designer) draws any form the same way; it
never knows which game it shows. Plain frozen data: no user interface here.

Paths are the design data's own (`systems.screen`, `armor`, `weapons`); the
fields of a list entry use paths relative to the entry (`type`, `arcs`).
Callables that take a sheet get the ruleset's own priced sheet.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

Sheet = Any  # the ruleset's own priced sheet


@dataclass(frozen=True)
class Count:
    """A whole number stepped by +/- (or typed): e.g. screens, gun boxes."""

    path: str
    label: str
    noun: str = ""  # the hint says "one more <noun>"; the label, lower case, if empty
    step: int = 1  # a count that comes in pairs steps by 2 (and stays a multiple of it)
    writer: Callable[[int], object] | None = None  # the value stored for a count


@dataclass(frozen=True)
class Flag:
    """Yes or no."""

    path: str
    label: str


@dataclass(frozen=True)
class Choice:
    """One value out of a few: options as (value, label) in cycling order.

    A value is what the design stores: a word, or a number (a crew of 2).
    """

    path: str
    label: str
    options: tuple[tuple[str | int, str], ...]


@dataclass(frozen=True)
class Name:
    """The design's name, typed."""

    path: str = "name"
    label: str = "Name"
    placeholder: str = "name of the design"


@dataclass(frozen=True)
class HexSides:
    """A count on each side of a hexagon (a table keyed by side; none is no key)."""

    path: str
    label: str
    sides: tuple[str, ...]  # six, clockwise from the front
    noun: str  # the hint says "one more <noun> on side <side>"
    unit: str = "box"  # the keys' help says "+1 <unit>"
    note: Callable[[Sheet], str] | None = None  # a word beside the hexagon


@dataclass(frozen=True)
class Track:
    """A list of numbered boxes, each lowest..highest, a free box implied last."""

    path: str
    label: str
    noun: str  # "one more <noun> numbered <lowest>", "<noun> 2 numbered 5"
    lowest: int
    highest: int
    free: int  # the number shown on the implied free box
    summary: Callable[[Sheet], str] | None = None  # shown after the boxes


@dataclass(frozen=True)
class Ring:
    """Named arcs clockwise round a hexagon, the first just right of dead ahead."""

    names: tuple[str, ...]
    shorthand: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def expand(self, arcs: Sequence[str]) -> list[str]:
        """Shorthand names replaced by the arcs they stand for."""
        out: list[str] = []
        for arc in arcs:
            out.extend(self.shorthand.get(arc, (arc,)))
        return out

    def adjacent(self, a: str, b: str) -> bool:
        """True if two known arcs are neighbours on the ring."""
        if a not in self.names or b not in self.names:
            return False
        size = len(self.names)
        return (self.names.index(a) - self.names.index(b)) % size in (1, size - 1)


@dataclass(frozen=True)
class ArcSet:
    """Any of the ring's arcs, each toggled on or off."""

    path: str
    label: str
    ring: Ring


@dataclass(frozen=True)
class ArcPair:
    """Two adjacent arcs, turned round the ring together."""

    path: str
    label: str
    ring: Ring
    home: int  # the index of the pair's first arc when it has no proper pair yet


@dataclass(frozen=True)
class Split:
    """A total divided forward and aft; without a split of the player's own, automatic."""

    path: str
    label: str
    total: Callable[[Sheet], int]  # what is split
    automatic: Callable[[Sheet], int]  # the forward part when the player has not split it
    forward: str = "forward"  # the keys of the stored split
    aft: str = "aft"


Spec = Count | Flag | Choice | Name | HexSides | Track | ArcSet | ArcPair | Split


@dataclass(frozen=True)
class ListGroup:
    """A repeating list (e.g. weapons): entries with fields, a line that adds one."""

    path: str
    noun: str  # an entry's title ("Gun 2") and the hint ("adding a gun (...)")
    short: str  # the add line: "+ add <short>"
    new: Mapping[str, Any]  # the data of a new entry
    new_words: str  # what a new entry is, for the hint ("laser, LF/RF")
    command: str  # the command palette's help for adding one
    fields: Callable[[Mapping[str, Any]], tuple[Spec, ...]]  # an entry's fields, by its data

    def entries(self, data: Mapping[str, Any]) -> list[Any]:
        found = data.get(self.path)
        return list(found) if isinstance(found, list) else []

    def entry_fields(self, entry: object) -> tuple[Spec, ...]:
        return self.fields(entry if isinstance(entry, Mapping) else {})


Item = Spec | ListGroup


@dataclass(frozen=True)
class Section:
    title: str
    items: tuple[Item, ...]


@dataclass(frozen=True)
class Form:
    """Every field of a design, in sections, and the largest count a field may take."""

    sections: tuple[Section, ...]
    max_count: int
    # Issue codes of entries no field shows (e.g. a system the game does not know,
    # brought in by a file): Delete in the issues panel removes the entry at the path.
    removable: tuple[str, ...] = ()

    def groups(self) -> list[ListGroup]:
        return [item for section in self.sections for item in section.items
                if isinstance(item, ListGroup)]

    def group(self, path: str) -> ListGroup | None:
        return next((g for g in self.groups() if g.path == path), None)
