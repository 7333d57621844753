"""Fleets: ships of one game against one points budget (`shipyard.fleet/1`).

A fleet file names its ships' designs (a path relative to the fleet file,
`sample:NAME`, or a design written inline), how many of each and, if the
player likes, their names. Reading a fleet reads every design it names;
anything unreadable is one `FleetReadError` naming the fleet file, the entry
and the design, e.g. `home.fleet.json: ships[0].design: lancer.ship.json: no
such file`. Judging a fleet returns data: each ship with its points and
legality, the total against the budget, and the fleet's issues (over budget,
an illegal design with its own issues under the entry's path, a design of
another game). No game is named here: everything goes through the protocol.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, ValidationError, field_validator

from shipyard.core.envelope import SSD_SCHEMA
from shipyard.core.errors import DesignReadError, ReadError, describe, first_problem
from shipyard.core.files import file_format, load_text, read_data, read_text
from shipyard.core.issues import Agreement, Issue, is_legal
from shipyard.core.neutral import Evaluation, Ruleset
from shipyard.core.values import DESIGN_SCHEMA
from shipyard.services.registry import default_ruleset, evaluate, get_ruleset, parse_design
from shipyard.services.samples import FLEET_PREFIX, PREFIX, resolve

SCHEMA = "shipyard.fleet/1"
SUFFIXES = (".fleet.json", ".fleet.toml")
MAX_SHIPS = 1_000  # ships of one entry: more than any table holds, few enough to list
MAX_ENTRIES = 1_000  # entries of one fleet
MAX_FLEET_SHIPS = 10_000  # ships of a whole fleet
MAX_DEPTH = 32  # nesting of an inline design: designs are a few levels deep
MAX_REFERENCE = 1_024  # characters of a design's path
RULE = "fleet"  # the `rule` of a fleet's own issues (the budget the players agreed)


class FleetReadError(DesignReadError):
    """A fleet file, or a design it names, that cannot be read."""


class ShipEntry(BaseModel):
    """One line of the fleet: a design, how many ships of it, and their names."""

    model_config = ConfigDict(extra="forbid")

    design: str | dict[str, Any] = Field(
        description="A design file (relative to the fleet file), sample:NAME, or a design "
                    "written inline (shipyard.design/1).")
    count: StrictInt = Field(default=1, description=f"Ships of this design, 1 to {MAX_SHIPS}.")
    names: list[str] | None = Field(
        default=None, description="One name per ship; default: the design's name, numbered "
                                  "when the fleet has more than one ship of that name.")

    @field_validator("count")
    @classmethod
    def _count(cls, value: int) -> int:
        if value < 1:
            raise ValueError("at least 1 ship")
        if value > MAX_SHIPS:
            raise ValueError(f"at most {MAX_SHIPS:,} ships per entry")
        return value

    @field_validator("names")
    @classmethod
    def _names(cls, value: list[str] | None) -> list[str] | None:
        if value is not None and len(value) > MAX_SHIPS:
            raise ValueError("too many entries")
        return value


class FleetFile(BaseModel):
    """A fleet file, `shipyard.fleet/1`."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    schema_: Literal["shipyard.fleet/1"] = Field(alias="schema")
    name: str = ""
    ruleset: str | None = Field(default=None, description="The game (default: the default "
                                                          "game, as for design files).")
    budget: StrictInt | None = Field(default=None, ge=0,
                                     description="Points budget agreed by the players.")
    ships: list[ShipEntry] = Field(default_factory=list, max_length=MAX_ENTRIES)


def fleet_schema() -> dict[str, Any]:
    """JSON Schema of the fleet file."""
    schema = FleetFile.model_json_schema(by_alias=True)
    schema["$id"] = "https://shipyard.invalid/schema/shipyard.fleet-1.json"
    schema["title"] = SCHEMA
    return schema


@dataclass(frozen=True)
class Entry:
    """One entry of a fleet as read: its design, count and ship names."""

    index: int
    reference: str  # the design as the file names it ("inline" for an inline design)
    design: Any
    count: int
    names: tuple[str, ...]

    @property
    def path(self) -> str:
        return f"ships[{self.index}].design"


@dataclass(frozen=True)
class Fleet:
    """A fleet file read, with every design it names."""

    file: str
    name: str
    ruleset: Ruleset
    budget: int | None
    entries: tuple[Entry, ...]


def is_fleet_name(argument: str) -> bool:
    """A file whose name says it is a fleet (`*.fleet.json`, `*.fleet.toml`)."""
    return argument.lower().endswith(SUFFIXES)


def is_fleet_data(data: object) -> bool:
    return isinstance(data, dict) and data.get("schema") == SCHEMA


def is_fleet(argument: str) -> bool:
    """A fleet by its name (a bundled one, `sample-fleet:NAME`), or a JSON or TOML file
    tagged `shipyard.fleet/1`."""
    if argument.startswith(FLEET_PREFIX):
        return True
    if argument.startswith(PREFIX):
        return False
    if is_fleet_name(argument):
        return True
    path = Path(argument)
    if path.suffix.lower() not in (".json", ".toml"):
        return False
    try:
        return path.is_file() and is_fleet_data(read_data(path))
    except (ReadError, OSError):
        return False  # reading it as a design will name the problem


def _depth(data: object) -> int:
    """How deeply lists and tables nest in `data` (without recursion)."""
    deepest, stack = 0, [(data, 0)]
    while stack:
        value, level = stack.pop()
        deepest = max(deepest, level)
        if level > MAX_DEPTH:
            break
        if isinstance(value, dict):
            stack += [(v, level + 1) for v in value.values()]
        elif isinstance(value, list):
            stack += [(v, level + 1) for v in value]
    return deepest


def reference_path(reference: str, folder: Path) -> Path:
    """The file an entry names: a sample, or a path relative to the fleet file's folder."""
    path = resolve(reference)
    if not reference.startswith(PREFIX) and not path.expanduser().is_absolute():
        path = folder / path.expanduser()
    return path


def design_files(fleet: Fleet) -> list[Path]:
    """Every design file a fleet names (inline designs have none), in entry order."""
    folder = Path(fleet.file).parent
    return [reference_path(entry.reference, folder) for entry in fleet.entries
            if entry.reference != "inline"]


def _design(reference: str | dict[str, Any], folder: Path, file: str, where: str) -> Any:
    """The design an entry names; `FleetReadError` naming fleet, entry and design."""
    if isinstance(reference, dict):
        if _depth(reference) > MAX_DEPTH:
            raise FleetReadError(file, "nested too deeply", where)
        if is_fleet_data(reference):
            raise FleetReadError(file, "a fleet cannot hold a fleet: name a design", where)
        try:
            return parse_design(reference, file)
        except DesignReadError as exc:
            inner = f"{where}: {exc.field}" if exc.field else where
            raise FleetReadError(file, exc.problem, inner) from None
    if not reference.strip():
        raise FleetReadError(file, "empty design name", where)
    if len(reference) > MAX_REFERENCE:
        raise FleetReadError(file, f"path is longer than {MAX_REFERENCE:,} characters", where)
    try:
        path = reference_path(reference, folder)
        if is_fleet_name(reference):
            raise DesignReadError(str(path), "a fleet cannot hold a fleet: name a design")
        data = load_text(read_text(path), str(path), file_format(path))
        if is_fleet_data(data):
            raise DesignReadError(str(path), "a fleet cannot hold a fleet: name a design")
        return parse_design(data, str(path))
    except DesignReadError as exc:
        field = f"{exc.field}: " if exc.field else ""
        raise FleetReadError(file, f"{reference}: {field}{exc.problem}", where) from None
    except OSError as exc:  # a path the system refuses outright (too long, bad bytes)
        raise FleetReadError(file, f"{reference}: cannot read ({exc.strerror or exc})",
                             where) from None


def _default_names(entries: list[tuple[int, Any, int, list[str] | None]]) -> list[list[str]]:
    """Each entry's ship names: its own, else the design's name, numbered through the
    fleet when more than one ship takes that name ("Lancer 1", "Lancer 2"); alone,
    a ship keeps the plain design name."""
    plain: Counter[str] = Counter()
    for _, design, count, names in entries:
        if names is None:
            plain[design.name or "(unnamed)"] += count
    seen: Counter[str] = Counter()
    out: list[list[str]] = []
    for _, design, count, names in entries:
        if names is not None:
            out.append(list(names))
            continue
        base = design.name or "(unnamed)"
        ship_names = []
        for _ in range(count):
            seen[base] += 1
            ship_names.append(base if plain[base] == 1 else f"{base} {seen[base]}")
        out.append(ship_names)
    return out


def parse_fleet(data: object, file: str, folder: Path | None = None) -> Fleet:
    """Shape-check fleet data and read every design it names (`FleetReadError`)."""
    if not isinstance(data, dict):
        raise FleetReadError(file, f"expected a fleet, an object with \"schema\": \"{SCHEMA}\" "
                             f"and its ships, got {describe(data)}")
    tag = data.get("schema")
    if tag is None:
        raise FleetReadError(file, f"required field is missing (expected '{SCHEMA}')", "schema")
    if tag in (DESIGN_SCHEMA, SSD_SCHEMA):
        raise FleetReadError(file, f"this is a design file, not a fleet (shipyard cost, "
                             f"validate and export read it; a fleet file is '{SCHEMA}')",
                             "schema")
    if tag != SCHEMA:
        raise FleetReadError(file, f"expected '{SCHEMA}', got {tag!r}", "schema")
    try:
        model = FleetFile.model_validate(data)
    except ValidationError as exc:
        where, problem = first_problem(exc.errors())
        raise FleetReadError(file, problem, where) from None
    ruleset = default_ruleset() if model.ruleset is None else get_ruleset(model.ruleset, file)
    ships = sum(entry.count for entry in model.ships)
    if ships > MAX_FLEET_SHIPS:
        raise FleetReadError(file, f"{ships:,} ships: a fleet holds at most "
                             f"{MAX_FLEET_SHIPS:,}", "ships")
    base = folder if folder is not None else Path(".")
    read: list[tuple[int, Any, int, list[str] | None]] = []
    for index, entry in enumerate(model.ships):
        if entry.names is not None and len(entry.names) != entry.count:
            raise FleetReadError(file, f"{len(entry.names)} names for {entry.count} ships "
                                 "(give one name per ship, or none)", f"ships[{index}].names")
        design = _design(entry.design, base, file, f"ships[{index}].design")
        read.append((index, design, entry.count, entry.names))
    names = _default_names(read)
    entries = tuple(
        Entry(index, entry.design if isinstance(entry.design, str) else "inline", design,
              count, tuple(ship_names))
        for (index, design, count, _), entry, ship_names in zip(read, model.ships, names,
                                                                strict=True))
    return Fleet(file, model.name, ruleset, model.budget, entries)


def read_fleet(path: Path) -> Fleet:
    """Read a fleet file and every design it names; `FleetReadError` if anything is wrong."""
    try:
        data = read_data(path)
    except DesignReadError as exc:
        raise FleetReadError(exc.file, exc.problem, exc.field) from None
    return parse_fleet(data, str(path), path.parent)


@dataclass(frozen=True)
class Ship:
    """One ship of a judged fleet."""

    name: str
    entry: Entry
    evaluation: Evaluation

    @property
    def points(self) -> int:
        return int(self.evaluation.sheet.total)

    @property
    def legal(self) -> bool:
        return self.evaluation.legal


@dataclass(frozen=True)
class FleetReport:
    """A judged fleet: every ship, the total against the budget, and the issues."""

    fleet: Fleet
    budget: int | None
    ships: tuple[Ship, ...]
    evaluations: tuple[Evaluation, ...]  # one per entry, in entry order
    issues: tuple[Issue, ...]

    @property
    def total(self) -> int:
        """The points of the fleet's own game's ships: another game's points are of another
        scale, and are not added in (the fleet is illegal with them)."""
        return sum(ship.points for ship in self.ships if self.counts(ship))

    @property
    def uncounted(self) -> int:
        """Ships of another game, left out of the total."""
        return sum(1 for ship in self.ships if not self.counts(ship))

    def counts(self, ship: Ship) -> bool:
        return ship.evaluation.design.ruleset == self.fleet.ruleset.name

    @property
    def left(self) -> int | None:
        return None if self.budget is None else self.budget - self.total

    @property
    def legal(self) -> bool:
        return is_legal(self.issues)

    def to_data(self) -> dict[str, Any]:
        """The `shipyard fleet --json` public contract."""
        return {
            "name": self.fleet.name,
            "ruleset": self.fleet.ruleset.name,
            "budget": self.budget,
            "total": self.total,
            "left": self.left,
            "legal": self.legal,
            "ships": [{"name": s.name, "design": s.evaluation.design.name,
                       "points": s.points, "legal": s.legal} for s in self.ships],
            "issues": [issue.to_data() for issue in self.issues],
        }


def _prefixed(issue: Issue, where: str) -> Issue:
    path = f"{where}: {issue.path}" if issue.path else where
    return Issue(issue.code, issue.severity, issue.message, path, issue.rule)


def judge(fleet: Fleet, budget: int | None = None, scenario: Agreement | None = None,
          catalog_root: str | None = None) -> FleetReport:
    """Price and check every design of a fleet, and the fleet against its budget.

    `budget` overrides the file's. Each design is judged on its own (no
    per-design budget); a house catalog prices the designs of the fleet's game.
    """
    agreed = budget if budget is not None else fleet.budget
    base = scenario or Agreement()
    own = Agreement(None, base.hyper_bombs_allowed, base.mass_rule)
    issues: list[Issue] = []
    ships: list[Ship] = []
    evaluations: list[Evaluation] = []
    for entry in fleet.entries:
        root = catalog_root if entry.design.ruleset == fleet.ruleset.name else None
        evaluation = evaluate(entry.design, own, root, fleet.file)
        evaluations.append(evaluation)
        if entry.design.ruleset != fleet.ruleset.name:
            issues.append(Issue("other-ruleset", "error",
                                f"a {entry.design.ruleset} design in a {fleet.ruleset.name} "
                                "fleet (a fleet is of one game)", entry.path, RULE))
        issues += [_prefixed(issue, entry.path) for issue in evaluation.issues]
        ships += [Ship(name, entry, evaluation) for name in entry.names]
    total = sum(ship.points for ship in ships
                if ship.evaluation.design.ruleset == fleet.ruleset.name)  # one game's points
    if agreed is not None and total > agreed:
        issues.append(Issue("over-budget", "error",
                            f"the fleet costs {total} points, {total - agreed} over its "
                            f"budget of {agreed}", "budget", RULE))
    return FleetReport(fleet, agreed, tuple(ships), tuple(evaluations), tuple(issues))


def total_words(report: FleetReport) -> str:
    """The total against the budget, as `shipyard fleet` and the fleet screen say it."""
    if report.budget is None or report.left is None:
        words = f"Total {report.total} points (no budget)"
    else:
        state = f"{report.left} left" if report.left >= 0 else f"{-report.left} over"
        words = f"Total {report.total} of {report.budget} points, {state}"
    if report.uncounted:
        ships = "ship" if report.uncounted == 1 else "ships"
        words += f" ({report.uncounted} {ships} of another game not counted)"
    return words


def distinct_designs(fleet: Fleet) -> list[Any]:
    """The fleet's designs, each once (the same design data named twice is one)."""
    seen: list[dict[str, Any]] = []
    found: list[Any] = []
    for entry in fleet.entries:
        data = entry.design.to_data()
        if data not in seen:
            seen.append(data)
            found.append(entry.design)
    return found
