"""A priced design in game-neutral terms: priced lines with provenance, and figures.

Each ruleset prices into its own sheet type; every such sheet has these
lines and totals, which is all a face needs to list a price.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Protocol


@dataclass(frozen=True)
class Line:
    """One priced item of the sheet."""

    key: str
    item: str
    boxes: int
    price: Fraction
    source: str
    rule: str
    path: str



class Priced(Protocol):
    """What every ruleset's sheet offers: its lines and its totals."""

    @property
    def lines(self) -> tuple[Line, ...]: ...

    @property
    def exact_total(self) -> Fraction: ...

    @property
    def total(self) -> int: ...


def is_marked(source: str, rule: str) -> bool:
    """A figure resting on a ruling or a reconstructed table, not the original text."""
    return source != "seed" or rule.startswith("R")


def marked(line: Line) -> bool:
    """A sheet line resting on a ruling or a reconstructed table."""
    return is_marked(line.source, line.rule)


def roman(number: int) -> str:
    """Classes are written in Roman numerals (0 for drones and missiles)."""
    if number <= 0:
        return "0"
    out = ""
    for value, letters in _ROMAN:
        while number >= value:
            out += letters
            number -= value
    return out


_ROMAN = ((1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
          (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"))
