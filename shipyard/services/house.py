"""What a house catalog changed: the priced lines and price-list rows that say "house rules".

A house catalog is a copy of a game's bundled one with some figures changed.
Each line of a sheet priced with it, and each row of its price list, is set
against the bundled catalog: what differs is the house's own rule, and every
face says so on that line instead of the rule it replaced. Game-neutral: the
design is simply priced a second time with the bundled catalog.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from shipyard.core.neutral import Evaluation, Ruleset
from shipyard.core.protocol import Catalog
from shipyard.core.sheet import HOUSE_RULES, Line, provenance

_NOT_FIGURES = ("label", "note", "source", "rule")  # words, not what a price is


def is_bundled(ruleset: Ruleset, catalog: Catalog) -> bool:
    """Whether `catalog` is the one shipped with Shipyard for `ruleset`."""
    return Path(catalog.folder).resolve() == Path(ruleset.catalog(None).folder).resolve()


def changed_lines(evaluation: Evaluation) -> tuple[bool, ...]:
    """For each priced line, whether the house catalog prices it otherwise than the bundled."""
    lines = evaluation.sheet.lines
    if is_bundled(evaluation.ruleset, evaluation.catalog):
        return tuple(False for _ in lines)
    ruleset = evaluation.ruleset
    bundled = ruleset.price(evaluation.design, ruleset.catalog(None)).lines
    # The same design gives the same lines in the same order; match them by what they are.
    waiting: dict[tuple[str, str], list[Line]] = {}
    for line in bundled:
        waiting.setdefault((line.key, line.path), []).append(line)
    changed: list[bool] = []
    for line in lines:
        twins = waiting.get((line.key, line.path))
        twin = twins.pop(0) if twins else None
        changed.append(twin is None or (twin.boxes, twin.price) != (line.boxes, line.price))
    return tuple(changed)


def changed_rows(ruleset: Ruleset, catalog: Catalog) -> set[tuple[str, str]]:
    """The (section, key) of every price-list row whose figures differ from the bundled."""
    if is_bundled(ruleset, catalog):
        return set()

    def figures(rows: list[dict[str, Any]]) -> dict[tuple[str, str], dict[str, Any]]:
        return {(str(row.get("section", "")), str(row["key"])):
                {k: v for k, v in row.items() if k not in _NOT_FIGURES} for row in rows}

    house = figures(ruleset.price_rows(catalog))
    bundled = figures(ruleset.price_rows(ruleset.catalog(None)))
    return {key for key, row in house.items() if bundled.get(key) != row}


def line_sources(evaluation: Evaluation) -> list[str]:
    """Each priced line's source as a player reads it ("rules 1.2", "house rules")."""
    return [HOUSE_RULES if house else provenance(line.source, line.rule)
            for line, house in zip(evaluation.sheet.lines, changed_lines(evaluation),
                                   strict=True)]
