"""The one seam between Shipyard and a game: the `Ruleset` protocol.

Everything outside `shipyard/rulesets/<name>/` sees a game only through this
protocol and the game-neutral types here and in `core`: a design is the
ruleset's own pydantic model behind `Design`, a sheet offers priced lines
and totals (`Priced`), legality is a list of `Issue`s, record sheets are an
`SsdDocument` laid out as drawing `Page`s, and a duel batch is a `Lineup`
that fights one seeded duel at a time. A ruleset registers one object that
satisfies `Ruleset` under the `shipyard.rulesets` entry-point group
(see `shipyard.services.registry` and docs/rulesets.md).

`Ruleset[D, S, C]` is generic in the game's design, priced sheet and catalog
types, so the type checker follows a game's own types from its ruleset through
an `Evaluation` to the faces. A game supplies its parts: the rules (`Rules`),
record sheets (`RecordSheets`), the designer's and the CLI's words
(`Presentation`), and, if it has them, duels (`Duels`) and a design search
(`Search`). Without them `duels` or `search` is None and the faces say so.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from random import Random
from typing import Any, Generic, Protocol, runtime_checkable

from typing_extensions import TypeVar

from shipyard.core.audit import Audit
from shipyard.core.battle import BattleLineup
from shipyard.core.catalog_files import Ruling
from shipyard.core.document import SsdDocument
from shipyard.core.drawing import Page
from shipyard.core.errors import ShipyardError
from shipyard.core.flow import Strip
from shipyard.core.form import Form
from shipyard.core.issues import Agreement, Issue, is_legal
from shipyard.core.outcome import DuelScenario, Result
from shipyard.core.sheet import Priced

Json = dict[str, Any]  # JSON data as read or written: its values have no one type
Change = Callable[[Json], None]
DEFAULT_TURNS = 20  # record sheets cover a whole game: the duel's default length
MAX_TURNS = 60  # the most turns a form covers or a duel lasts: three games' worth


class Design(Protocol):
    """What every ruleset's design model offers: a name, its game, and its file data."""

    @property
    def name(self) -> str: ...

    @property
    def ruleset(self) -> str: ...

    def to_data(self) -> Json: ...

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
    def rulings(self) -> Mapping[str, Ruling]: ...


# A bare `Evaluation` or `Ruleset` (a game not named) has Any for these; the neutral
# protocols would do, once the duel engines name their own evaluations.
D = TypeVar("D", bound=Design, default=Any)  # the game's design model
S = TypeVar("S", bound=Priced, default=Any)  # its priced sheet
C = TypeVar("C", bound=Catalog, default=Any)  # its catalog
C_in = TypeVar("C_in", bound=Catalog, contravariant=True, default=Any)


@dataclass(frozen=True)
class Figure:
    """A named figure of a priced design, for sheets, summaries and comparisons."""

    key: str
    label: str
    value: int | str | Fraction
    text: str = ""  # the value as players write it where that is not the number (II)


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
class Evaluation(Generic[D, S, C]):
    """A design with its priced sheet, its legality issues and the catalog used."""

    design: D
    sheet: S
    issues: tuple[Issue, ...]
    catalog: C
    ruleset: Ruleset[D, S, C]

    @property
    def legal(self) -> bool:
        return is_legal(self.issues)


class Rules(Protocol[D, S, C]):
    """A game's designs, catalog, pricing and legality."""

    name: str  # the design file's `ruleset` value
    title: str
    default: bool  # a design file with no `ruleset` key belongs to the default ruleset

    def parse(self, data: object, file: str) -> D:
        """Shape-check already-read data as this game's design (`DesignReadError`)."""
        ...

    def schema(self) -> Json: ...

    def new_design(self, name: str) -> D: ...

    def samples(self) -> list[Path]: ...

    def catalog(self, root: str | None = None) -> C: ...

    def price(self, design: D, catalog: C) -> S: ...

    def check(self, design: D, sheet: S, catalog: C, scenario: Agreement) -> list[Issue]: ...

    def sheet_data(self, sheet: S, issues: Sequence[Issue]) -> Json:
        """Every figure of a priced sheet as JSON data (`cost --json`)."""
        ...

    def budget(self, catalog: C) -> int | None:
        """The game's own points budget (None: the players agree one)."""
        ...

    def class_of(self, sheet: S) -> Figure:
        """The one size figure players quote beside the points (e.g. size class II)."""
        ...

    def groups(self, sheet: S) -> dict[str, Fraction]:
        """Points per group of systems, in the game's own groups and order (`compare`).

        Every priced line falls in exactly one group, so the groups sum to the
        sheet's exact total.
        """
        ...

    def what_if(self, design: D, change: Change, catalog: C,
                before: S | None = None) -> Margin | None:
        """What `change` would do to the design's price; None if it makes no design."""
        ...

    def settle(self, design: D, sheet: S) -> D | None:
        """After an edit: the design with the parts that follow others brought in line (a
        hull split kept to the hull's size), or None when nothing follows."""
        ...


class RecordSheets(Protocol[D, S, C]):
    """A game's record sheets: the `shipyard.ssd/1` document and its pages."""

    sheets: tuple[str, ...]  # record sheets, in print order
    sheet_titles: dict[str, str]  # full titles, printed on the pages
    sheet_labels: dict[str, str]  # short names for menus

    def document(self, evaluation: Evaluation[D, S, C], *, budget: int | None = None,
                 draft: bool = False) -> SsdDocument: ...

    def layout(self, documents: Sequence[SsdDocument], paper: str,
               sheets: Sequence[str], turns: int = DEFAULT_TURNS,
               catalog_root: str | None = None, reference: bool = True) -> list[Page]:
        """The chosen sheets' pages, the documents' forms packed together where a game packs
        them; turn-by-turn forms cover `turns` turns; tables printed on the sheets come from
        the catalog in `catalog_root` (None: the bundled one). `reference=False`: leave out
        the game's rules in brief, printed elsewhere (under a fleet pack's roster)."""
        ...

    def reference(self, documents: Sequence[SsdDocument], width: float, size: float,
                  catalog_root: str | None = None) -> list[Strip]:
        """The game's rules in brief as strips `width` mm wide lettered at `size` points,
        for the roster page of a fleet pack (none: nothing is printed there)."""
        ...

    def has_sheet(self, document: SsdDocument, sheet: str) -> str | None:
        """None if the document has `sheet`, else why it does not."""
        ...


class Presentation(Protocol[D, S, C]):
    """A game's own words in the designer and the CLI."""

    def figures(self, evaluation: Evaluation[D, S, C]) -> list[Figure]:
        """The headline figures of a priced design, in the game's own words."""
        ...

    def summary(self, evaluation: Evaluation[D, S, C], budget: int | None) -> list[str]:
        """The lines printed under a priced design's table."""
        ...

    def kind_words(self, evaluation: Evaluation[D, S, C]) -> str:
        """What the craft is, in a few words (e.g. "manned spacecraft")."""
        ...

    def panel_rows(self, evaluation: Evaluation[D, S, C]) -> list[tuple[str, str]]:
        """The designer sheet's figure rows: (label, value) in the game's words."""
        ...

    def price_rows(self, catalog: C) -> list[Json]:
        """The catalog's price list, a row an item (`shipyard catalog`)."""
        ...

    def row_figures(self, row: Json) -> str:
        """One price-list row's figures, in a few words."""
        ...

    def form(self, catalog: C) -> Form:
        """The designer's fields for this game's designs, in sections (`core.form`)."""
        ...


class Duels(Protocol[D, S, C]):
    """A game's duels: defaults, captains, engines, and line-ups that fight."""

    engines: tuple[str, ...]  # duel engines, the first is the default (e.g. "fast", "reference")
    geometries: tuple[str, ...]  # where a duel is fought, the first the default ("track", "map")

    @property
    def policies(self) -> tuple[str, ...]:
        """The duel captains' names; the first is the default."""
        ...

    # What follows `engines` down to `top_speed` a game may leave out: the services read
    # them with a fallback (`services.scenarios`): no presets, no opening, no label.
    damage_words: str  # what "damage dealt" counts in this game, for its label

    def duel_defaults(self, catalog: C) -> DuelScenario:
        """The scenario this catalog's combat tables suggest: start range, closing
        speed, turn limit (its default preset)."""
        ...

    def scenarios(self, catalog: C) -> dict[str, tuple[DuelScenario, str]]:
        """The named starting scenarios, each with one line on what it is; the default
        first."""
        ...

    def opening(self, scenario: DuelScenario, a: Evaluation[D, S, C],
                b: Evaluation[D, S, C], asked: bool = False) -> DuelScenario:
        """The scenario as these two start it (e.g. a base at rest, its enemy beyond its
        batteries unless the player `asked` for a range or preset)."""
        ...

    def top_speed(self, catalog: C) -> int:
        """The fastest start speed a scenario may give a craft, hexes a turn."""
        ...

    def lineup(self, a: Evaluation[D, S, C], b: Evaluation[D, S, C], names: tuple[str, str],
               policies: tuple[str, str], scenario: DuelScenario,
               engine: str | None = None, geometry: str | None = None) -> Lineup:
        """Both designs made ready to fight; `engine` None means the first of `engines`,
        `geometry` None the first of `geometries`."""
        ...


class Battles(Protocol[D, S, C]):
    """A game's fleet battles: two fleets on the map, one seeded battle at a time.

    A battle of one craft against one is the game's duel, seed for seed. The
    scenarios, captains and defaults are the duels' (`Duels`).
    """

    engines: tuple[str, ...]  # battle engines, the first is the default

    def lineup(self, a: Sequence[tuple[Evaluation[D, S, C], str]],
               b: Sequence[tuple[Evaluation[D, S, C], str]], policies: tuple[str, str],
               scenario: DuelScenario, engine: str | None = None) -> BattleLineup:
        """Both fleets, each a list of (design, ship name) in fleet order, made ready to
        fight; `engine` None means the first of `engines`."""
        ...


class Search(Protocol[D, C_in]):
    """Design search (`shipyard optimize`): proposals only; the caller prices and checks
    every design these return, and drops the illegal or over-budget ones."""

    def random_design(self, catalog: C_in, budget: int, rng: Random) -> D:
        """A sensible design drawn with `rng`, meant to be legal and cost `budget` or less."""
        ...

    def mutate(self, design: D, catalog: C_in, budget: int, rng: Random) -> D:
        """A design a small step from `design` (a box more or fewer, a weapon added or
        dropped), meant to be legal and cost `budget` or less; `design` is left unchanged."""
        ...


class Ruleset(Rules[D, S, C], RecordSheets[D, S, C], Presentation[D, S, C], Protocol[D, S, C]):
    """Everything a game supplies to the faces and services of Shipyard."""

    @property
    def duels(self) -> Duels[D, S, C] | None:
        """The game's duels; None if it has none."""
        ...

    @property
    def search(self) -> Search[D, C] | None:
        """The game's design search; None if it has none."""
        ...

    @property
    def battles(self) -> Battles[D, S, C] | None:
        """The game's fleet battles; None if it has none (yet: `battles_missing`)."""
        ...

    @property
    def battles_missing(self) -> str:
        """Why the game has no fleet battles, in one line ("" when it has them)."""
        ...

    @property
    def audit(self) -> Audit[C] | None:
        """The systems the points-balance audit measures; None if the game has none."""
        ...


class Missing(ShipyardError):
    """A face asked a game for a part it does not supply (duels, design search)."""


def duels_of(ruleset: Ruleset[D, S, C]) -> Duels[D, S, C]:
    """The game's duels, or `Missing`: "this game has no duels"."""
    if ruleset.duels is None:
        raise Missing(f"{ruleset.title} has no duels")
    return ruleset.duels


def battles_of(ruleset: Ruleset[D, S, C]) -> Battles[D, S, C]:
    """The game's fleet battles, or `Missing` with the game's own reason."""
    if ruleset.battles is None:
        raise Missing(ruleset.battles_missing or f"{ruleset.title} has no fleet battles")
    return ruleset.battles


def audit_of(ruleset: Ruleset[D, S, C]) -> Audit[C]:
    """The game's part of the audit, or `Missing`: "this game has no audit"."""
    if ruleset.audit is None:
        raise Missing(f"{ruleset.title} has no points-balance audit")
    return ruleset.audit


def search_of(ruleset: Ruleset[D, S, C]) -> Search[D, C]:
    """The game's design search, or `Missing`: "this game has no design search"."""
    if ruleset.search is None:
        raise Missing(f"{ruleset.title} has no design search")
    return ruleset.search
