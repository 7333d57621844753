"""Rulesets, found by a design's `ruleset` name.

Each ruleset supplies its catalog, pricing and legality behind one protocol,
so faces never branch on the game being played. Pentagon War is the first;
Tacship will register here next.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from shipyard.catalog import Catalog
from shipyard.design import Design, parse_design
from shipyard.errors import DesignReadError
from shipyard.legality import Issue, Scenario, is_legal
from shipyard.pricing import Sheet


class Ruleset(Protocol):
    name: str
    title: str

    def catalog(self, root: str | None = None) -> Catalog: ...

    def price(self, design: Design, catalog: Catalog) -> Sheet: ...

    def check(self, design: Design, sheet: Sheet, catalog: Catalog,
              scenario: Scenario) -> list[Issue]: ...


@dataclass(frozen=True)
class Evaluation:
    """A design with its priced sheet and its legality issues."""

    design: Design
    sheet: Sheet
    issues: tuple[Issue, ...]
    catalog: Catalog

    @property
    def legal(self) -> bool:
        return is_legal(list(self.issues))


def _registry() -> dict[str, Ruleset]:
    from shipyard.rulesets.pentagon_war import PentagonWar

    return {PentagonWar.name: PentagonWar()}


def ruleset_names() -> list[str]:
    return sorted(_registry())


def get_ruleset(name: str, file: str = "<design>") -> Ruleset:
    """The ruleset called `name`; a `DesignReadError` on the `ruleset` field if none."""
    registry = _registry()
    if name not in registry:
        known = ", ".join(sorted(registry))
        raise DesignReadError(file, f"unknown ruleset {name!r} (known: {known})", "ruleset")
    return registry[name]


def evaluate(design: Design, scenario: Scenario | None = None,
             catalog_root: str | None = None, file: str = "<design>") -> Evaluation:
    """Price and check a shape-checked design under its own ruleset."""
    ruleset = get_ruleset(design.ruleset, file)
    catalog = ruleset.catalog(catalog_root)
    sheet = ruleset.price(design, catalog)
    issues = ruleset.check(design, sheet, catalog, scenario or Scenario())
    return Evaluation(design, sheet, tuple(issues), catalog)


def validate(data: object, scenario: Scenario | None = None) -> list[Issue]:
    """Legality of arbitrary data: never raises, shape problems become issues."""
    try:
        design = parse_design(data)
        return list(evaluate(design, scenario).issues)
    except DesignReadError as exc:
        return [Issue("unreadable", "error", f"{exc.problem} (design format)", exc.field,
                      "design format")]
