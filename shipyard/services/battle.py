"""Fleet against fleet: two fleets read, judged, checked and fought in seeded batches.

No game is named here: a fleet says its game, and the game's `Battles` part
(`core.protocol.battles_of`) fights. `engage` reads two fleets (a file,
`sample-fleet:NAME`, or a `Fleet` already read, such as the one being edited) and
checks everything a battle needs before the first one is fought: both fleets of one
game, a game that has battles, ships in both, every design legal, and both within
one agreed budget (the larger of the two fleets' budgets, or the one given). Each
refusal is a `BattleProblem`, one line naming the fleet; a fleet over the budget is
fought only as a draft, which every output then says (`Engagement.unequal`).

`run_battles` fights battles `start` to `start + runs` of the batch seeded by
`master` (battle k, from 1, on `duel_seed(master, k - 1)`) through the batch
service, so results are the same for any worker count, chunk size, engine or cluster.
`told_battle` and `battle_replay` fight battle k of the batch again on the reference
engine, which fights the same battle, with its log or its frames.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from shipyard.core.battle import BattleResult, Replay
from shipyard.core.battle_stats import BattleSummary
from shipyard.core.battle_stats import summarize_battles as summarize
from shipyard.core.catalog_files import read_toml
from shipyard.core.dice import duel_seed
from shipyard.core.errors import CatalogError, ShipyardError
from shipyard.core.issues import Agreement
from shipyard.core.neutral import Evaluation, Ruleset
from shipyard.core.outcome import DuelScenario
from shipyard.core.protocol import Missing, battles_of, duels_of
from shipyard.services.batch import FAST_CHUNK, Job, Progress, Stopped, fight
from shipyard.services.battle_batch import Fleets
from shipyard.services.fleet import RULE, Fleet, FleetReport, judge, read_fleet
from shipyard.services.samples import FLEET_PREFIX, PREFIX, resolve_fleet
from shipyard.services.scenarios import pick

BLOCK = 200  # battles between two looks at the interval with `until_ci`
FleetSource = str | Path | Fleet  # a fleet file, sample-fleet:NAME, or a fleet already read


class BattleProblem(ShipyardError):
    """Two fleets that cannot fight, or a battle that cannot be told; `str()` is the one
    line to show (the command exits 2)."""


@dataclass(frozen=True, slots=True)
class Start:
    """The start a player asked for, by the duel's options: a preset of the game, the
    start range, the turn limit, each side's start speed (None: the preset's)."""

    preset: str | None = None
    start_range: int | None = None
    turns: int | None = None
    speeds: tuple[int | None, int | None] = (None, None)


@dataclass(frozen=True)
class Side:
    """One fleet as it fights: what the player named, and the fleet judged."""

    label: str  # the file or sample-fleet:NAME as given (a fleet read already: its file)
    report: FleetReport

    @property
    def name(self) -> str:
        """The fleet's name, or its file's when it has none."""
        if self.report.fleet.name:
            return self.report.fleet.name
        return Path(self.label).name.split(".")[0] or "(unnamed fleet)"

    @property
    def ships(self) -> tuple[tuple[Evaluation, str], ...]:
        """(design, ship name) of every ship, in fleet order."""
        return tuple((ship.evaluation, ship.name) for ship in self.report.ships)

    @property
    def points(self) -> tuple[int, ...]:
        """Each ship's points, from its priced sheet, in fleet order."""
        return tuple(ship.points for ship in self.report.ships)

    @property
    def total(self) -> int:
        return self.report.total


@dataclass(frozen=True)
class Engagement:
    """Two fleets checked and made ready to fight, with how they meet."""

    a: Side
    b: Side
    budget: int | None  # the agreed budget (None: neither fleet has one and none was given)
    draft: bool  # fought although a fleet is over the budget
    unequal: tuple[str, ...]  # one line for each fleet over the budget (only with `draft`)
    policies: tuple[str, str]
    scenario: DuelScenario
    engine: str | None  # None: the game's default battle engine

    @property
    def ruleset(self) -> Ruleset:
        return self.a.report.fleet.ruleset

    @property
    def names(self) -> tuple[str, str]:
        """The fleets' names; a fleet meeting its namesake gets (A) and (B)."""
        a, b = self.a.name, self.b.name
        return (f"{a} (A)", f"{b} (B)") if a == b else (a, b)

    @property
    def points(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        return self.a.points, self.b.points

    @property
    def fleets(self) -> Fleets:
        """The contest the batch service fights."""
        return Fleets(self.a.ships, self.b.ships, self.policies, self.scenario, self.engine)


def _read(source: FleetSource) -> tuple[str, Fleet]:
    if isinstance(source, Fleet):
        return source.file or source.name or "(fleet)", source
    label = str(source)
    if label.startswith(PREFIX):
        raise BattleProblem(f"{label}: a sample design, not a fleet (give a fleet file or "
                            f"{FLEET_PREFIX}NAME; shipyard samples lists them; shipyard "
                            "handicap fights copies of one design against another)")
    path = resolve_fleet(label) if isinstance(source, str) else source
    if path.is_dir():
        raise BattleProblem(f"{label}: a folder, not a fleet file")
    return label, read_fleet(path)


def catalog_root(catalog: str | Path | None, ruleset: Ruleset, label: str,
                 what: str = "fleet") -> str | None:
    """The house catalog folder `catalog` for a `what` of `ruleset` (None: the bundled one);
    `BattleProblem` when that folder is another game's catalog."""
    if catalog is None:
        return None
    try:
        house = read_toml(Path(catalog) / "ruleset.toml").get("ruleset")
    except CatalogError:
        house = None  # reading the catalog itself names the problem
    if isinstance(house, str) and house != ruleset.name:
        raise BattleProblem(f"{label}: a {ruleset.title} {what} cannot be priced with "
                            f"the {house} catalog {catalog}")
    return str(catalog)


def _check_ships(label: str, report: FleetReport) -> None:
    """Ships in the fleet, every one of them legal and of the fleet's game."""
    if not report.ships:
        raise BattleProblem(f"{label}: the fleet has no ships")
    errors = [issue for issue in report.issues if issue.severity == "error"
              and not (issue.rule == RULE and issue.code == "over-budget")]
    if errors:
        first = errors[0]
        where = f"{first.path}: " if first.path else ""
        more = len(errors) - 1
        also = f" (and {more} more error{'s' if more > 1 else ''})" if more else ""
        raise BattleProblem(f"{label}: {where}{first.cited}{also}")


def _budget_line(side: Side, budget: int) -> str:
    over = side.total - budget
    return (f"{side.label}: {side.name} costs {side.total} points, {over} over the agreed "
            f"budget of {budget}")


def _scenario(ruleset: Ruleset, report: FleetReport,
              scenario: DuelScenario | Start | None) -> DuelScenario:
    if isinstance(scenario, DuelScenario):
        return scenario
    asked = scenario or Start()
    duels = duels_of(ruleset)
    catalog = report.evaluations[0].catalog
    return pick(duels, catalog, asked.preset, asked.start_range, asked.turns,
                asked.speeds).scenario


def engage(fleet_a: FleetSource, fleet_b: FleetSource, *, budget: int | None = None,
           draft: bool = False, policies: tuple[str | None, str | None] = (None, None),
           scenario: DuelScenario | Start | None = None, engine: str | None = None,
           catalog: str | Path | None = None,
           agreement: Agreement | None = None) -> Engagement:
    """Two fleets read, judged and checked for a battle; `BattleProblem` (one line) if
    they cannot fight.

    `budget` overrides the agreed budget (default: the larger of the fleets' own);
    `draft` fights a fleet over it, and says so. `policies` are the duel captains'
    (None: the game's default), `scenario` a scenario, a `Start` the player asked for,
    or None for the game's default; `engine` one of the game's battle engines (None:
    its default); `catalog` a house catalog folder for the fleets' game.
    """
    try:
        label_a, first = _read(fleet_a)
        label_b, second = _read(fleet_b)
        if second.ruleset.name != first.ruleset.name:
            raise BattleProblem(f"{label_b}: a {second.ruleset.name} fleet cannot fight a "
                                f"{first.ruleset.name} fleet")
        try:
            battles = battles_of(first.ruleset)
        except Missing as exc:
            raise BattleProblem(f"{label_a}: {exc}") from None
        fleets = [first, second]
        agreed = budget if budget is not None else max(
            (fleet.budget for fleet in fleets if fleet.budget is not None), default=None)
        sides = []
        for label, fleet in ((label_a, first), (label_b, second)):
            root = catalog_root(catalog, fleet.ruleset, label)
            report = judge(fleet, agreed, agreement, root)
            _check_ships(label, report)
            sides.append(Side(label, report))
        side_a, side_b = sides
        over = [] if agreed is None else [_budget_line(side, agreed) for side in sides
                                          if side.total > agreed]
        if over and not draft:
            raise BattleProblem(over[0])
        known = duels_of(first.ruleset).policies
        chosen = (policies[0] or known[0], policies[1] or known[0])
        for policy in chosen:
            if policy not in known:
                raise BattleProblem(f"unknown policy {policy!r} (known: {', '.join(known)})")
        if engine is not None and engine not in battles.engines:
            raise BattleProblem(f"unknown engine {engine!r} (known: "
                                f"{', '.join(battles.engines)})")
        start = _scenario(first.ruleset, side_a.report, scenario)
    except BattleProblem:
        raise
    except ShipyardError as exc:
        raise BattleProblem(str(exc)) from None
    unequal = tuple(f"{line}: the sides were unequal" for line in over)
    return Engagement(side_a, side_b, agreed, draft, unequal, chosen, start, engine)


def run_battles(engagement: Engagement, runs: int, master: int, workers: int = 1,
                start: int = 0, progress: Progress | None = None,
                scheduler: str | None = None, stop: Stopped | None = None,
                until_ci: float | None = None,
                fast_chunk: int = FAST_CHUNK) -> list[BattleResult]:
    """Battles `start` to `start + runs` of the batch seeded by `master`, in order.

    On `workers` threads (compiled engine) or worker processes (reference engine), or
    on the Dask cluster of `scheduler`. `progress` hears of each chunk fought; `stop` is
    asked between chunks, and a stopped batch keeps every battle fought before it (a
    first part of the batch). With `until_ci`, the batch ends once the 95% interval of
    A's win rate is narrower than that (looked at every `BLOCK` battles).
    """
    results: list[BattleResult] = []
    while len(results) < runs and not (stop is not None and stop()):
        block = runs - len(results) if until_ci is None else min(BLOCK, runs - len(results))
        job = Job(engagement.fleets, master, start + len(results), start + len(results) + block)
        results += fight([job], workers, progress, scheduler, stop, fast_chunk)[0]
        if until_ci is not None and summarize_battles(engagement, results).wins.width < until_ci:
            break
    return results


def summarize_battles(engagement: Engagement, results: list[BattleResult]) -> BattleSummary:
    """The statistics of these battles (`core.battle_stats`): each ship's points from its
    priced sheet, battles cut off at the scenario's turn limit counted."""
    return summarize(results, engagement.points, engagement.scenario.turn_limit)


def _reference(engagement: Engagement, master: int, k: int) -> tuple[Fleets, int]:
    if k < 1:
        raise BattleProblem(f"battle {k}: battles are numbered from 1")
    return engagement.fleets.on_reference(), duel_seed(master, k - 1)


def told_battle(engagement: Engagement, master: int, k: int) -> BattleResult:
    """Battle `k` (from 1) of the batch seeded by `master`, with its log: fought again on
    the reference engine, the very battle the batch fought."""
    fleets, seed = _reference(engagement, master, k)
    return fleets.lineup().fight(seed, log=True)


def battle_replay(engagement: Engagement, master: int, k: int) -> Replay:
    """Battle `k` (from 1) of the batch seeded by `master`, frame by frame, for a replay:
    the sides named as the fleets are, the title saying which battle of which batch it is,
    and a draft's notes saying the sides were unequal."""
    fleets, seed = _reference(engagement, master, k)
    replay = fleets.lineup().replay(seed)
    names = (engagement.a.name, engagement.b.name)
    return replace(replay, sides=names,
                   title=f"{names[0]} against {names[1]}: battle {k}, seed {master}",
                   notes=(*replay.notes, *engagement.unequal))


def compiling(engagement: Engagement) -> bool:
    """True when the battles would now wait for the game's compiled engine to be built
    (they are then fought on the reference engine meanwhile)."""
    ready = engagement.fleets.made()
    probe: Callable[[], bool] | None = getattr(ready, "ready", None)
    return probe is not None and not probe()
