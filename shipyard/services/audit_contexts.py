"""The audit's contexts of both kinds: duels, and fleet battles where the game has them.

A battle context is a fleet of copies of the context's design (as many as the field's
budget buys: four 30-point Tacship fighters make the bundled fleets' 120 points) under
one captain, against every bundled sample fleet of that budget, each fought as
`shipyard battle FLEET sample-fleet:NAME --policy-a P --policy-b P` fights it (the
game's default scenario). A variant buys its unit on every copy, so the unit's price
in that context is the copies times its price on the design; in a game built to one
budget every copy pays for it with anchor units (the duels' swap) and the anchor
variant has every copy one anchor unit short. The margin of a battle is the points of
the enemy's craft destroyed minus the points of its own lost, priced as the battle
prices them.

Seeds are the duels': the battles of context `c` against fleet `j` are the batch seeded
by `stream_seed(seed, "audit", c.label, j)`, battle `i` on its `i`-th seed, the same for
every variant. A battle context's label names the fleet's size (`sample:harpy x4 /
default`), so its seeds are never a duel context's.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, ClassVar

from shipyard.core.battle import BattleResult
from shipyard.core.battle_stats import points_destroyed
from shipyard.core.errors import ShipyardError
from shipyard.core.issues import is_legal
from shipyard.core.neutral import Ruleset
from shipyard.core.outcome import DuelScenario
from shipyard.core.protocol import Missing, battles_of, duels_of
from shipyard.services.audit import (
    BATTLES,
    DUELS,
    AuditError,
    Context,
    Designs,
    Progress,
    Settings,
    Variant,
    designs,
    duel_contexts,
)
from shipyard.services.batch import Contest
from shipyard.services.battle_batch import Crew, Fleets
from shipyard.services.fleet import judge, read_fleet
from shipyard.services.samples import FLEET_PREFIX, sample_fleet_name, sample_fleet_paths
from shipyard.services.scenarios import pick


@dataclass(frozen=True)
class Rival:
    """A bundled fleet of the battle field, judged with the audit's catalog."""

    file: str  # sample-fleet:NAME
    name: str
    budget: int
    ships: Crew
    points: tuple[int, ...]

    @property
    def total(self) -> int:
        return sum(self.points)


@dataclass
class BattleContext(Context):
    """A fleet of copies of a design under one captain against the bundled fleets."""

    kind: ClassVar[str] = BATTLES
    copies: int = 1
    budget: int = 0  # the field's budget, the fleet file's
    fleets: tuple[Rival, ...] = ()
    scenario: DuelScenario = field(default_factory=DuelScenario)

    @property
    def units(self) -> int:
        return self.copies

    def rivals(self) -> tuple[str, ...]:
        return tuple(f.file for f in self.fleets)

    def crew(self, variant: Variant) -> Crew:
        """The fleet of the variant: `copies` ships named as a fleet file names them."""
        name = variant.evaluation.design.name or "(unnamed)"
        if self.copies == 1:
            return ((variant.evaluation, name),)
        return tuple((variant.evaluation, f"{name} {k}") for k in range(1, self.copies + 1))

    def contests(self, variant: Variant, engine: str | None) -> list[Contest[Any]]:
        crew = self.crew(variant)
        return [Fleets(crew, rival.ships, (self.policy, self.policy), self.scenario, engine)
                for rival in self.fleets]

    def points(self, variant: Variant) -> int:
        """The fleet's points: each copy's as the catalog prices it."""
        return int(variant.evaluation.sheet.total) * self.copies

    def margin(self, result: Any, variant: str, opponent: int) -> int:
        found = next(v for v in self.variants if v.key == variant)
        mine = (int(found.evaluation.sheet.total),) * self.copies
        points = (mine, self.fleets[opponent].points)
        battle: BattleResult = result
        return points_destroyed(battle, points, 0) - points_destroyed(battle, points, 1)


def battle_field(ruleset: Ruleset, root: str | None,
                 names: tuple[str, ...] | None = None) -> tuple[int, tuple[Rival, ...]]:
    """The bundled fleets of the budget most of them share (the larger on a tie), every
    design legal by every rule but the budget (a house catalog may price a fighter or a
    fleet over it), judged with the catalog in use; only those in `names`
    (`sample-fleet:NAME` or NAME) if given."""
    found = []
    for path in sample_fleet_paths(ruleset.name):
        file = f"{FLEET_PREFIX}{sample_fleet_name(path)}"
        try:
            report = judge(read_fleet(path), None, None, root)
        except ShipyardError:
            continue
        # Every rule but the budget, the fleet's or the game's own for a design (as the
        # duels' ANY_BUDGET): a house catalog may price a bundled fleet over them.
        issues = [i for i in report.issues if i.code != "over-budget"]
        if not report.ships or not is_legal(tuple(issues)) or report.fleet.budget is None:
            continue
        found.append(Rival(file, report.fleet.name or sample_fleet_name(path),
                           report.fleet.budget,
                           tuple((s.evaluation, s.name) for s in report.ships),
                           tuple(s.points for s in report.ships)))
    if not found:
        return 0, ()
    counts = Counter(f.budget for f in found)
    budget = max(counts, key=lambda b: (counts[b], b))
    chosen = tuple(f for f in found if f.budget == budget and (
        names is None or f.file in names or f.file.removeprefix(FLEET_PREFIX) in names))
    return budget, chosen


def audits_battles(ruleset: Ruleset) -> bool:
    """Whether the game's audit weighs its systems in fleet battles too (its `Audit` part
    says so with `battles`; a game that does not say does)."""
    return bool(getattr(getattr(ruleset, "audit", None), "battles", True))


def battle_contexts(ruleset: Ruleset, root: str | None, settings: Settings,
                    found: Designs) -> list[BattleContext]:
    """Each design's fleet under each captain against the battle field; none where the
    game has no battles or no bundled fleets."""
    try:
        battles_of(ruleset)
    except Missing:
        return []
    if not audits_battles(ruleset):
        return []
    budget, fleets = battle_field(ruleset, root, settings.fleets)
    if settings.fleets is not None:
        known = [f.file for f in battle_field(ruleset, root)[1]]
        unknown = [n for n in settings.fleets if n not in known
                   and f"{FLEET_PREFIX}{n}" not in known]
        if unknown:
            raise AuditError(f"--fleets: {unknown[0]!r} is not a bundled {budget}-point "
                             f"fleet; known: {', '.join(known)}")
    if not fleets:
        return []
    out = []
    for source, base, made in found.made:
        each = int(base.sheet.total)
        copies = max(1, budget // each) if each > 0 else 1
        scenario = pick(duels_of(ruleset), base.catalog).scenario  # `shipyard battle`'s
        priced = [Variant(v.key, v.evaluation, v.price * copies, v.swapped) for v in made]
        for policy in found.policies:
            out.append(BattleContext(f"{source} x{copies} / {policy}", source, base, policy,
                                     (), priced, found.anchor, copies, budget, fleets,
                                     scenario))
    return out


def contexts(ruleset: Ruleset, root: str | None, settings: Settings,
             progress: Progress | None = None) -> list[Context]:
    """Every context of the kinds asked for: duels, then battles (where the game has them)."""
    unknown = [k for k in settings.kinds if k not in (DUELS, BATTLES)]
    if unknown or not settings.kinds:
        raise AuditError(f"no kind of context {unknown[0] if unknown else ''!r}; known: "
                         f"{DUELS}, {BATTLES}")
    made = designs(ruleset, root, settings, progress)
    out: list[Context] = duel_contexts(made) if DUELS in settings.kinds else []
    if BATTLES in settings.kinds:
        fought = battle_contexts(ruleset, root, settings, made)
        if not fought and settings.kinds == (BATTLES,):
            try:
                battles_of(ruleset)
            except Missing as exc:
                raise AuditError(str(exc)) from None
            if not audits_battles(ruleset):
                raise AuditError(f"the {ruleset.title} audit measures duels, not battles "
                                 "(its fleet battles on the map are too slow to audit)")
            raise AuditError(f"{ruleset.title} has no bundled fleet to fight")
        out += fought
    return out
