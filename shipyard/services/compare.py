"""Designs side by side: every derived figure, boxes per system, points per group.

Rows come from the protocol alone: the numbers of `sheet_data` (the
`cost --json` figures), its `box_counts` where the game has them, and
`groups` (points per group of systems). A row whose values are not all
equal is marked as a difference. Designs of different games cannot be
compared: their figures mean different things.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from shipyard.core.errors import ShipyardError
from shipyard.core.neutral import Evaluation
from shipyard.core.sheet import written

Value = int | float | Fraction | None
SECTIONS = ("figures", "boxes", "points")


class CompareError(ShipyardError):
    """Designs that cannot be set side by side."""


@dataclass(frozen=True)
class Row:
    """One figure of every design, in the order the designs were given."""

    section: str  # "figures", "boxes" or "points"
    key: str
    values: tuple[Value, ...]
    texts: tuple[str, ...] = ()  # the values as players write them, where not plain numbers

    @property
    def differs(self) -> bool:
        return len(set(self.values)) > 1

    def shown(self) -> list[str]:
        """Each value as a person reads it: "27.5" points, size class "II", "-" for none."""
        if self.texts:
            return list(self.texts)
        return ["-" if value is None else written(value) for value in self.values]


def _number(value: object) -> bool:
    return isinstance(value, int | float | Fraction) and not isinstance(value, bool)


def _union(keyed: Sequence[dict[str, Any]]) -> list[str]:
    keys: list[str] = []
    for one in keyed:
        keys += [key for key in one if key not in keys]
    return keys


def check_comparable(labels: Sequence[str], evaluations: Sequence[Evaluation]) -> None:
    """`CompareError` unless there are two designs or more, all of one game."""
    if len(evaluations) < 2:
        raise CompareError("compare needs two designs or more")
    first = evaluations[0].ruleset.name
    for label, evaluation in zip(labels, evaluations, strict=True):
        if evaluation.ruleset.name != first:
            raise CompareError(f"{label}: a {evaluation.ruleset.name} design cannot be "
                               f"compared with a {first} design")


def compare(evaluations: Sequence[Evaluation]) -> list[Row]:
    """Every figure, box count and group of points of the designs, row by row."""
    data = [e.ruleset.sheet_data(e.sheet, e.issues) for e in evaluations]
    figures = [{k: v for k, v in one.items() if _number(v)} for one in data]
    classes = [e.ruleset.class_of(e.sheet) for e in evaluations]  # size class II, ...
    texts = {classes[0].key: tuple(c.text for c in classes)} \
        if all(c.text and c.key == classes[0].key for c in classes) else {}
    rows = [Row("figures", key, tuple(one.get(key) for one in figures), texts.get(key, ()))
            for key in _union(figures)]
    counts = [one.get("box_counts") for one in data]
    if any(isinstance(c, dict) for c in counts):
        boxes = [c if isinstance(c, dict) else {} for c in counts]
        rows += [Row("boxes", key, tuple(c.get(key, 0) if isinstance(c0, dict) else None
                                         for c, c0 in zip(boxes, counts, strict=True)))
                 for key in sorted(_union(boxes))]
    groups = [e.ruleset.groups(e.sheet) for e in evaluations]
    rows += [Row("points", key, tuple(g.get(key, Fraction(0)) for g in groups))
             for key in _union(groups)]
    return rows


def json_value(value: Value) -> int | float | str | None:
    """A figure as JSON: whole numbers as integers, exact fractions as text ('55/2')."""
    if isinstance(value, Fraction):
        return int(value) if value.denominator == 1 else str(value)
    return value


def rows_data(rows: Sequence[Row]) -> list[dict[str, Any]]:
    return [{"section": row.section, "key": row.key,
             "values": [json_value(v) for v in row.values], "differs": row.differs}
            for row in rows]
