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


def provenance(source: str, rule: str) -> str:
    """Where a figure comes from, as a player reads it: "rules 1.2", "ruling R7",
    "reconstructed R1" (a catalog's `source` of seed, ruling or reconstructed, and its rule).

    A rule id that starts with a letter (R7, T1) is a ruling; a section number
    (1.2, 4) is the rules' own text, unless the figure was reconstructed or ruled there.
    """
    ruling = rule[:1].isalpha()
    if source == "reconstructed":
        return f"reconstructed {rule}".strip()
    if source == "seed" and not ruling:
        return f"rules {rule}".strip()
    if source in ("seed", "ruling"):
        return f"ruling {rule}".strip()
    return f"{source} {rule}".strip()  # a house catalog's own word for it


HOUSE_RULES = "house rules"  # a figure a house catalog changed from the bundled one


def written(value: Fraction | int | float | str, *, mixed: bool = False) -> str:
    """A figure as players write it, for every output meant for people (JSON keeps exact).

    Whole numbers as they are ("27"); a figure that ends within four decimal places
    as a decimal, with no trailing zeros ("27.5", "5.25", "27.4125": prices, which
    stay exact until the total rounds, R2); any other as a mixed number ("2 5/6").
    `mixed` writes a share of a class the way the rules do, as a mixed number
    always ("2 5/6", "16/25": the mass class, 1.4). A text is read as a fraction
    ("55/2", as the SSD document keeps it).
    """
    exact = Fraction(value) if not isinstance(value, float) else Fraction(repr(value))
    if exact.denominator == 1:
        return str(exact.numerator)
    sign, size = ("-" if exact < 0 else ""), abs(exact)
    whole, part = divmod(size, 1)
    if not mixed:
        for places in range(1, _PLACES + 1):
            scaled = part * 10**places
            if scaled.denominator == 1:
                return f"{sign}{whole}.{scaled.numerator:0{places}d}"
    return f"{sign}{whole} {part}" if whole else f"{sign}{part}"


_PLACES = 4  # a price of quarters and twentieths (R1, R10) ends within four places


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
