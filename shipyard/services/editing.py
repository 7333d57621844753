"""Edit a design step by step, with deep undo and a sheet always up to date.

Every change a face makes (the designer's +/- keys, typed numbers, arc
toggles) goes through `Workbench.apply`, which records undo, re-checks the
shape, re-prices, and lets the game bring in line the parts that follow the
edit (a hull split kept to the hull's size, R23). Pure core: no user
interface here.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

from shipyard.core.errors import DesignReadError
from shipyard.core.issues import Agreement, Issue
from shipyard.core.neutral import Evaluation
from shipyard.core.protocol import Design
from shipyard.services.registry import evaluate, parse_design

UNDO_DEPTH = 500
# What a change may raise on design data of an unexpected shape (a hand-edited file,
# an entry removed just before): the edit is refused, nothing changes.
REFUSED = (LookupError, TypeError, ValueError, AttributeError)
_STEP = re.compile(r"([A-Za-z0-9_]+)|\[(\d+)\]")

Change = Callable[[dict[str, Any]], None]


def split_path(path: str) -> list[str | int]:
    """`weapons[2].arcs` -> ['weapons', 2, 'arcs']."""
    return [int(index) if index else name for name, index in _STEP.findall(path)]


def entry_exists(data: dict[str, Any], path: str) -> bool:
    """Whether every list entry `path` goes through is still there (`guns[0].boxes`: gun 0).

    A field of an entry that was just removed asks for edits at a path that is
    gone; those edits are dropped, never applied to whatever took the index.
    """
    node: Any = data
    for step in split_path(path):
        if isinstance(step, int):
            if not isinstance(node, list) or not 0 <= step < len(node):
                return False
        elif not isinstance(node, dict) or step not in node:
            return True  # a table or key the edit may create
        node = node[step]
    return True


def get_value(data: dict[str, Any], path: str, default: object = None) -> object:
    node: Any = data
    for step in split_path(path):
        try:
            node = node[step]
        except (KeyError, IndexError, TypeError):
            return default
    return node


def set_value(data: dict[str, Any], path: str, value: object) -> None:
    """Set `path` in design data, creating tables on the way."""
    steps = split_path(path)
    node: Any = data
    for step, following in pairwise(steps):
        if isinstance(step, str) and step not in node:
            node[step] = [] if isinstance(following, int) else {}
        node = node[step]
    node[steps[-1]] = value


def bump(path: str, delta: int, floor: int = 0) -> Change:
    """Add `delta` to the count at `path`, never below `floor`."""
    def change(data: dict[str, Any]) -> None:
        current = get_value(data, path, 0)
        start = current if isinstance(current, int) and not isinstance(current, bool) else 0
        set_value(data, path, max(floor, start + delta))
    return change


def assign(path: str, value: object) -> Change:
    def change(data: dict[str, Any]) -> None:
        set_value(data, path, copy.deepcopy(value))
    return change


def toggle_arc(group: str, index: int, arc: str) -> Change:
    """Add or remove one arc of a weapon or gun."""
    def change(data: dict[str, Any]) -> None:
        if not isinstance(get_value(data, f"{group}[{index}]"), dict):
            return
        current = get_value(data, f"{group}[{index}].arcs", [])
        arcs = [a for a in current if isinstance(a, str)] if isinstance(current, list) else []
        if arc in arcs:
            arcs.remove(arc)
        else:
            arcs.append(arc)
        set_value(data, f"{group}[{index}].arcs", arcs)
    return change


def append(group: str, item: dict[str, Any]) -> Change:
    def change(data: dict[str, Any]) -> None:
        data.setdefault(group, []).append(copy.deepcopy(item))
    return change


def remove(group: str, index: int) -> Change:
    def change(data: dict[str, Any]) -> None:
        items = data.get(group, [])
        if 0 <= index < len(items):
            del items[index]
    return change


@dataclass
class Workbench:
    """The design being edited, its evaluation, and its undo / redo history."""

    design: Design
    scenario: Agreement = field(default_factory=Agreement)
    evaluation: Evaluation = field(init=False)
    undo_stack: list[Design] = field(default_factory=list)
    redo_stack: list[Design] = field(default_factory=list)
    saved: Design | None = field(default=None)
    catalog_root: str | None = None  # a house catalog; None for the bundled one
    data: dict[str, Any] = field(init=False)  # the design's data: read it, never change it
    merging: str | None = field(default=None, init=False)  # what the last edit may merge with

    def __post_init__(self) -> None:
        self.evaluation = self.evaluate(self.design)
        self.data = self.design.to_data()
        if self.saved is None:
            self.saved = self.design

    @property
    def changed(self) -> bool:
        """Whether the design differs from the one last saved (or opened)."""
        return self.saved is None or self.design != self.saved

    def evaluate(self, design: Design) -> Evaluation:
        """Price and check a design with this workbench's catalog and scenario."""
        return evaluate(design, self.scenario, self.catalog_root)

    def new_error(self, change: Change) -> Issue | None:
        """The first error `change` would bring that the design does not have now.

        Tried on a copy, with the scenario (the budget) of the workbench; None
        if the change brings no new error or would not make a readable design.
        """
        data = self.design.to_data()
        try:
            change(data)
            edited = parse_design(data)
        except (DesignReadError, *REFUSED):
            return None
        before = {(i.code, i.path) for i in self.evaluation.issues if i.severity == "error"}
        return next((i for i in self.evaluate(edited).issues
                     if i.severity == "error" and (i.code, i.path) not in before), None)

    def apply(self, change: Change, merge: str | None = None) -> bool:
        """Apply one edit; False (and nothing changes) if it would break the shape.

        Edits with the same `merge` key in a row (the letters of a name typed one
        by one) make one undo step.
        """
        data = self.design.to_data()
        try:
            change(data)
            edited = parse_design(data)
        except (DesignReadError, *REFUSED):
            return False
        evaluation = self.evaluate(edited)
        settled = evaluation.ruleset.settle(edited, evaluation.sheet)
        if settled is not None:  # parts that follow the edit, in the same undo step
            edited, evaluation = settled, self.evaluate(settled)
        if edited == self.design:
            return True
        if merge is None or merge != self.merging or not self.undo_stack:
            self.undo_stack.append(self.design)
            del self.undo_stack[:-UNDO_DEPTH]
        self.merging = merge
        self.redo_stack.clear()
        self._show(edited, evaluation)
        return True

    def undo(self) -> bool:
        self.merging = None
        if not self.undo_stack:
            return False
        self.redo_stack.append(self.design)
        self._show(self.undo_stack.pop())
        return True

    def redo(self) -> bool:
        self.merging = None
        if not self.redo_stack:
            return False
        self.undo_stack.append(self.design)
        self._show(self.redo_stack.pop())
        return True

    def set_scenario(self, scenario: Agreement) -> None:
        self.scenario = scenario
        self.evaluation = self.evaluate(self.design)

    def mark_saved(self) -> None:
        self.saved = self.design

    def mark_unsaved(self) -> None:
        """A design that exists in no file yet (a new file): unsaved until saved."""
        self.saved = None

    def _show(self, design: Design, evaluation: Evaluation | None = None) -> None:
        self.design = design
        self.data = design.to_data()
        self.evaluation = evaluation if evaluation is not None else self.evaluate(design)
