"""The one seam between Shipyard and a game: the `Ruleset` protocol.

Everything outside `shipyard/rulesets/<name>/` sees a game only through this
protocol and the game-neutral types here and in `core`: a design is the
ruleset's own pydantic model behind `Design`, a sheet offers priced lines
and totals (`Priced`), legality is a list of `Issue`s, record sheets are an
`SsdDocument` laid out as drawing `Page`s, and a duel batch is a `Lineup`
that fights one seeded duel at a time. A ruleset registers one object that
satisfies `Ruleset` under the `shipyard.rulesets` entry-point group
(see `shipyard.services.registry` and docs/rulesets.md).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from random import Random
from typing import Any, Protocol, runtime_checkable

from shipyard.core.document import SsdDocument
from shipyard.core.drawing import Page
from shipyard.core.form import Form
from shipyard.core.issues import Agreement, Issue, is_legal
from shipyard.core.outcome import DuelScenario, Result

Change = Callable[[dict[str, Any]], None]
DEFAULT_TURNS = 20  # record sheets cover a whole game: the duel's default length
MAX_TURNS = 60  # the most turns a form covers or a duel lasts: three games' worth


class Design(Protocol):
    """What every ruleset's design model offers: a name, its game, and its file data."""

    @property
    def name(self) -> str: ...

    @property
    def ruleset(self) -> str: ...

    def to_data(self) -> dict[str, Any]: ...

    def to_json(self) -> str: ...


class CatalogManifest(Protocol):
    @property
    def ruleset(self) -> str: ...

    @property
    def title(self) -> str: ...

    @property
    def version(self) -> str: ...


class Catalog(Protocol):
    """What every ruleset's catalog offers: who it is, where it was read, its digest."""

    @property
    def manifest(self) -> CatalogManifest: ...

    @property
    def folder(self) -> str: ...

    @property
    def digest(self) -> str: ...

    @property
    def rulings(self) -> dict[str, Any]: ...


@dataclass(frozen=True)
class Figure:
    """A named figure of a priced design, for sheets, summaries and comparisons."""

    key: str
    label: str
    value: int | str | Fraction


@dataclass(frozen=True)
class Margin:
    """What one edit does to a priced design: points, and the figures it moves."""

    points: Fraction  # exact points the edit adds (negative: saves)
    total_change: int  # what it does to the whole-point total
    notes: tuple[str, ...] = ()  # e.g. "free final damage +1", "size class I -> II"


class Lineup(Protocol):
    """Two designs made ready to fight many duels; each duel is one seed."""

    def fight(self, seed: int, log: bool = False) -> Result: ...


@runtime_checkable
class BatchLineup(Lineup, Protocol):
    """A lineup that fights many duels in one call, spread over `workers` threads.

    Duel `k` of the call is fought with `seeds[k]` alone, so the results are the
    same whatever the worker count or the way a batch is cut into calls.
    """

    def fight_many(self, seeds: Sequence[int], workers: int = 1) -> list[Result]: ...

    def ready(self) -> bool:
        """True unless the first call must still compile the engine (once after an install)."""
        ...


@dataclass(frozen=True)
class Evaluation:
    """A design with its priced sheet, its legality issues and the catalog used."""

    design: Any
    sheet: Any
    issues: tuple[Issue, ...]
    catalog: Any
    ruleset: Ruleset

    @property
    def legal(self) -> bool:
        return is_legal(self.issues)


class Ruleset(Protocol):
    """Everything a game supplies to the faces and services of Shipyard."""

    name: str  # the design file's `ruleset` value
    title: str
    default: bool  # a design file with no `ruleset` key belongs to the default ruleset
    sheets: tuple[str, ...]  # record sheets, in print order
    sheet_titles: dict[str, str]  # full titles, printed on the pages
    sheet_labels: dict[str, str]  # short names for menus
    policies: tuple[str, ...]  # duel captains, the first is the default

    # Designs
    def parse(self, data: object, file: str) -> Any:
        """Shape-check already-read data as this game's design (`DesignReadError`)."""
        ...

    def schema(self) -> dict[str, Any]: ...

    def new_design(self, name: str) -> Any: ...

    def samples(self) -> list[Path]: ...

    # Catalog, pricing, legality
    def catalog(self, root: str | None = None) -> Any: ...

    def price(self, design: Any, catalog: Any) -> Any: ...

    def check(self, design: Any, sheet: Any, catalog: Any,
              scenario: Agreement) -> list[Issue]: ...

    def sheet_data(self, sheet: Any, issues: Sequence[Issue]) -> dict[str, Any]:
        """Every figure of a priced sheet as JSON data (`cost --json`)."""
        ...

    def figures(self, evaluation: Evaluation) -> list[Figure]:
        """The headline figures of a priced design, in the game's own words."""
        ...

    def budget(self, catalog: Any) -> int | None:
        """The game's own points budget (None: the players agree one)."""
        ...

    def class_of(self, sheet: Any) -> Figure:
        """The one size figure players quote beside the points (e.g. size class II)."""
        ...

    def groups(self, sheet: Any) -> dict[str, Fraction]:
        """Points per group of systems, in the game's own groups and order (`compare`).

        Every priced line falls in exactly one group, so the groups sum to the
        sheet's exact total.
        """
        ...

    def summary(self, evaluation: Evaluation, budget: int | None) -> list[str]:
        """The lines printed under a priced design's table."""
        ...

    def kind_words(self, evaluation: Evaluation) -> str:
        """What the craft is, in a few words (e.g. "manned spacecraft")."""
        ...

    def panel_rows(self, evaluation: Evaluation) -> list[tuple[str, str]]:
        """The designer sheet's figure rows: (label, value) in the game's words."""
        ...

    def price_rows(self, catalog: Any) -> list[dict[str, Any]]: ...

    def row_figures(self, row: dict[str, Any]) -> str: ...

    # Record sheets
    def document(self, evaluation: Evaluation, *, budget: int | None = None,
                 draft: bool = False) -> SsdDocument: ...

    def layout(self, documents: Sequence[SsdDocument], paper: str,
               sheets: Sequence[str], turns: int = DEFAULT_TURNS) -> list[Page]:
        """The chosen sheets' pages; turn-by-turn forms cover `turns` turns."""
        ...

    def has_sheet(self, document: SsdDocument, sheet: str) -> str | None:
        """None if the document has `sheet`, else why it does not."""
        ...

    # Designer
    def what_if(self, design: Any, change: Change, catalog: Any,
                before: Any | None = None) -> Margin | None: ...

    # Duels
    def duel_defaults(self, catalog: Any) -> DuelScenario:
        """The scenario this catalog's combat tables suggest: start range, closing
        speed, turn limit."""
        ...

    engines: tuple[str, ...]  # duel engines, the first is the default (e.g. "fast", "reference")

    def lineup(self, a: Evaluation, b: Evaluation, names: tuple[str, str],
               policies: tuple[str, str], scenario: DuelScenario,
               engine: str | None = None) -> Lineup:
        """Both designs made ready to fight; `engine` None means the first of `engines`."""
        ...

    # Designer form
    def form(self, catalog: Any) -> Form:
        """The designer's fields for this design's data, in sections (`core.form`)."""
        ...

    # Design search (`shipyard optimize`): proposals only; the caller prices and checks
    # every design these return, and drops the illegal or over-budget ones.
    def random_design(self, catalog: Any, budget: int, rng: Random) -> Any:
        """A sensible design drawn with `rng`, meant to be legal and cost `budget` or less."""
        ...

    def mutate(self, design: Any, catalog: Any, budget: int, rng: Random) -> Any:
        """A design a small step from `design` (a box more or fewer, a weapon added or
        dropped), meant to be legal and cost `budget` or less; `design` is left unchanged."""
        ...
