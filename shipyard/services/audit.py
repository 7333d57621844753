"""What every system is worth: the points-balance audit (`shipyard audit`), on duels and
battles.

For every system a design can buy (the game's `Audit.purchases`), in many contexts, the
audit fights the design with and without one more unit of it on the same seeds and
measures the change (`services.audit_stats` turns the fights into worth per point, a
balance index with a bootstrap interval and a suggested price).

A context is a lineup maker and a field: a base design, a captain, and the opponents it
meets. A duel context (`Context`, here) fights the design against the game's bundled
samples; a battle context (`services.audit_contexts.BattleContext`) fights a fleet of
copies of the design against the game's bundled fleets. The designs are every bundled
sample and the optimizer's best design at each of the game's audit budgets, each under
every captain.

Seeds. The fights of context `c` against opponent `j` are the batch seeded by
`stream_seed(seed, "audit", c.label, j)`: the design with each extra unit fights the very
seeds the base design fights (paired seeds), and `shipyard duel` (or `shipyard battle`)
with that seed fights them again (`--explain`). Results never depend on the worker count
or the cluster.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, ClassVar

from shipyard.core.audit import Purchase
from shipyard.core.errors import ShipyardError
from shipyard.core.issues import Agreement
from shipyard.core.neutral import Evaluation, Ruleset
from shipyard.core.protocol import audit_of, duels_of
from shipyard.services.batch import Contest, Job, Matchup, fight
from shipyard.services.optimize import Opponent, field_of, labelled, optimize, stream_seed
from shipyard.services.optimize import Settings as SearchSettings
from shipyard.services.registry import evaluate, read_design
from shipyard.services.samples import PREFIX, sample_name
from shipyard.services.scenarios import opening

SCHEMA = "shipyard.audit/1"
BASE = "base"  # the variant that is the context's design itself
ANCHOR = "anchor"  # the design with one anchor unit fewer (games built to one budget)
Progress = Callable[[str, int], None]  # (what is happening or "", fights just fought)
DUELS, BATTLES = "duels", "battles"  # the kinds of context
KINDS = (DUELS, BATTLES)
# Designs are judged by every rule but the budget: a house catalog may price a sample over
# its game's own budget, and it still fights as it is built.
ANY_BUDGET = Agreement(budget=10 ** 9)


class AuditError(ShipyardError):
    """The audit cannot run: no system to measure, no context, an unknown system."""


@dataclass(frozen=True)
class Settings:
    seed: int = 1
    runs: int = 40  # duels per opponent, context and variant (a block, under `until_ci`)
    battle_runs: int = 0  # battles per opponent fleet, context and variant (0: the default)
    kinds: tuple[str, ...] = KINDS  # duel contexts, battle contexts (where the game has them)
    workers: int = 1
    scheduler: str | None = None
    until_ci: float | None = None  # stop once every index interval is narrower than this
    max_blocks: int = 8  # blocks of `runs` at most, under `until_ci`
    systems: tuple[str, ...] = ()  # purchase keys to measure (empty: all)
    samples: tuple[str, ...] | None = None  # sample labels as contexts (None: all)
    opponents: tuple[str, ...] | None = None  # sample labels as the field (None: all)
    budgets: tuple[int, ...] | None = None  # optimizer budgets (None: the game's own)
    policies: tuple[str, ...] | None = None  # captains (None: all the game's)
    fleets: tuple[str, ...] | None = None  # sample fleets as the battle field (None: all)
    engine: str | None = None  # the duel engine (None: the game's default)
    search_generations: int = 4  # the optimizer's settings for the budget contexts
    search_runs: int = 30


@dataclass(frozen=True)
class Variant:
    """One design a context fights: its base, or the base with a unit bought."""

    key: str  # BASE, ANCHOR or a purchase key
    evaluation: Evaluation
    price: Fraction  # what the unit costs on this design (0 for the base)
    swapped: int = 0  # anchor units removed to pay for it (games built to one budget)


@dataclass
class Context:
    """A base design under one captain against a field of samples, in duels."""

    kind: ClassVar[str] = DUELS

    label: str
    source: str  # "sample:NAME" or "best at N points"
    base: Evaluation
    policy: str
    opponents: tuple[Opponent, ...]
    variants: list[Variant] = field(default_factory=list)
    anchor: str | None = None  # the purchase measured by the ANCHOR variant, if any

    def matchups(self, variant: Variant) -> list[Matchup]:
        """The variant against every opponent, opened as the game opens a duel."""
        duels = duels_of(variant.evaluation.ruleset)
        scenario = duels.duel_defaults(variant.evaluation.catalog)
        return [Matchup(variant.evaluation, o.evaluation, self.policy, self.policy,
                        opening(duels, scenario, variant.evaluation, o.evaluation, False))
                for o in self.opponents]

    def master(self, seed: int, opponent: int) -> int:
        return stream_seed(seed, "audit", self.label, opponent)

    @property
    def units(self) -> int:
        """Units of a purchase a variant buys: one, on the one design."""
        return 1

    def rivals(self) -> tuple[str, ...]:
        """The field, as a player names it (`sample:NAME`)."""
        return tuple(o.file for o in self.opponents)

    def contests(self, variant: Variant, engine: str | None) -> list[Contest[Any]]:
        """What the variant fights against each rival, on `engine`."""
        return [replace(m, engine=engine) for m in self.matchups(variant)]

    def margin(self, result: Any, variant: str, opponent: int) -> int:
        """The margin of one fight: damage dealt minus damage taken."""
        found: int = result.damage[0] - result.damage[1]
        return found


@dataclass
class Fought:
    """Every duel of a context so far: per variant, per opponent, per seed index."""

    wins: dict[str, list[list[float]]]  # 1 a win, 0.5 a draw, 0 a loss
    margins: dict[str, list[list[int]]]  # damage dealt minus damage taken


def _data(evaluation: Evaluation) -> dict[str, Any]:
    copied: dict[str, Any] = json.loads(json.dumps(evaluation.design.to_data()))
    return copied  # a deep copy


def _bought(base: Evaluation, change: Callable[[dict[str, Any]], bool],
            root: str | None) -> Evaluation | None:
    """The base design changed, priced and checked (no budget); None if not possible."""
    data = _data(base)
    if not change(data):
        return None
    try:
        found = evaluate(base.ruleset.parse(data, "<audit>"), ANY_BUDGET, root)
    except ShipyardError:
        return None
    return found if found.legal else None


def variants(base: Evaluation, purchases: Sequence[Purchase], anchor: Purchase | None,
             root: str | None) -> list[Variant]:
    """The base, then each purchase that can be made on it: a swap paid in whole anchor
    units where the game names an anchor and the design has one to spare, else the unit
    simply added (an anchor with no price, or a price no whole number of anchors pays)."""
    found = [Variant(BASE, base, Fraction(0))]
    total = base.sheet.exact_total
    unit, remove = Fraction(0), None
    if anchor is not None and anchor.remove is not None:
        fewer = _bought(base, anchor.remove, root)
        if fewer is not None:
            unit, remove = total - fewer.sheet.exact_total, anchor.remove
            found.append(Variant(ANCHOR, fewer, unit))
    for purchase in purchases:
        if purchase is anchor and remove is not None:
            continue  # measured by the ANCHOR variant: one unit fewer
        price = _price(base, purchase)
        if price is None:
            continue
        pay = price / unit if unit > 0 else Fraction(1, 2)
        if remove is not None and pay.denominator == 1 and pay >= 0:
            def swap(data: dict[str, Any], p: Purchase = purchase, n: int = int(pay),
                     pay_with: Callable[[dict[str, Any]], bool] = remove) -> bool:
                return p.add(data) and all(pay_with(data) for _ in range(n))
            swapped = _bought(base, swap, root)
            if swapped is not None:
                found.append(Variant(purchase.key, swapped, price, int(pay)))
            continue
        more = _bought(base, purchase.add, root)
        if more is not None:
            found.append(Variant(purchase.key, more, price))
    return found


def _price(base: Evaluation, purchase: Purchase) -> Fraction | None:
    """What one unit costs on the design, bought whatever the budget says."""
    data = _data(base)
    if not purchase.add(data):
        return None
    try:
        more = base.ruleset.price(base.ruleset.parse(data, "<audit>"), base.catalog)
    except ShipyardError:
        return None
    return Fraction(more.exact_total) - base.sheet.exact_total


def chosen_purchases(ruleset: Ruleset, root: str | None, keys: Sequence[str]) -> list[Purchase]:
    """The game's purchases, only those named in `keys` if any (unknown: `AuditError`)."""
    every = list(audit_of(ruleset).purchases(ruleset.catalog(root)))
    if not keys:
        return every
    known = {p.key for p in every}
    unknown = [k for k in keys if k not in known]
    if unknown:
        raise AuditError(f"no system {unknown[0]!r} in {ruleset.title}; known: "
                         f"{', '.join(p.key for p in every)}")
    return [p for p in every if p.key in keys]


@dataclass(frozen=True)
class Designs:
    """The audit's designs, each with its variants, and what its duels need."""

    made: tuple[tuple[str, Evaluation, list[Variant]], ...]  # (source, base, variants)
    anchor: str | None  # the anchor purchase's key, if the game has one
    rivals: tuple[Opponent, ...]  # the duels' field
    policies: tuple[str, ...]


def designs(ruleset: Ruleset, root: str | None, settings: Settings,
            progress: Progress | None = None) -> Designs:
    """Each sample and each budget's optimized design, with its variants."""
    audit = audit_of(ruleset)
    catalog = ruleset.catalog(root)
    purchases = chosen_purchases(ruleset, root, settings.systems)
    anchor_key = audit.anchor(catalog) if ruleset.budget(catalog) is not None else None
    anchors = [p for p in audit.purchases(catalog) if p.key == anchor_key]
    anchor = anchors[0] if anchors else None
    if anchor is not None and anchor not in purchases:
        purchases = [anchor, *purchases]  # its worth turns every swap back into a purchase
    samples = _samples(ruleset, root)
    rivals = tuple(o for o in samples if settings.opponents is None
                   or o.file in settings.opponents or o.label in settings.opponents)
    if not rivals:
        raise AuditError(f"{ruleset.title} has no legal sample to fight")
    bases: list[tuple[str, Evaluation]] = [
        (o.file, o.evaluation) for o in samples
        if settings.samples is None or o.file in settings.samples or o.label in settings.samples]
    budgets = settings.budgets if settings.budgets is not None else audit.budgets(catalog)
    for budget in budgets:
        if progress is not None:
            progress(f"optimizing at {budget} points", 0)
        within = field_of(ruleset, budget, root)
        if not within:
            continue
        best = optimize(ruleset, within, SearchSettings(
            budget, settings.search_generations, settings.search_runs,
            stream_seed(settings.seed, "audit-search", budget), workers=settings.workers,
            scheduler=settings.scheduler, catalog_root=root))
        bases.append((f"best at {budget} points", best.best.evaluation))
    policies = tuple(settings.policies or duels_of(ruleset).policies)
    if not bases:
        raise AuditError("no context to measure: no sample and no budget chosen")
    made = tuple((source, base, variants(base, purchases, anchor, root))
                 for source, base in bases)
    return Designs(made, anchor.key if anchor is not None else None, rivals, policies)


def duel_contexts(found: Designs) -> list[Context]:
    """Each design under each captain against the field of samples, in duels."""
    return [Context(f"{source} / {policy}", source, base, policy, found.rivals, made,
                    found.anchor)
            for source, base, made in found.made for policy in found.policies]


def _samples(ruleset: Ruleset, root: str | None) -> list[Opponent]:
    """The game's samples that are legal whatever the budget, priced with the catalog."""
    found = []
    for path in ruleset.samples():
        evaluation = evaluate(read_design(path), ANY_BUDGET, root, str(path))
        if evaluation.legal:
            found.append((f"{PREFIX}{sample_name(path)}", evaluation))
    return labelled(found)


def runs_of(settings: Settings, kind: str) -> int:
    """Fights per opponent, context and variant of a block, for contexts of `kind`."""
    return settings.battle_runs if kind == BATTLES else settings.runs


def planned(found: Sequence[Context], runs: int, kind: str = DUELS) -> int:
    """Fights of one block of `runs` per opponent over every context of `kind`."""
    return sum(len(c.variants) * len(c.rivals()) * runs for c in found if c.kind == kind)


def fight_block(found: Sequence[Context], settings: Settings, block: int,
                fought: list[Fought] | None, progress: Progress | None = None) -> list[Fought]:
    """Block `block` (from 0) of every context's variants, added to `fought`: duels
    `block * runs` to `(block + 1) * runs` of each duel batch, and likewise battles of
    `battle_runs` for each battle batch; duels first, then battles, each kind in one
    call of the batch service."""
    out = fought if fought is not None else [
        Fought({v.key: [[] for _ in c.rivals()] for v in c.variants},
               {v.key: [[] for _ in c.rivals()] for v in c.variants}) for c in found]
    for kind in KINDS:
        runs = runs_of(settings, kind)
        jobs: list[Job[Any]] = []
        where: list[tuple[int, str, int]] = []  # (context, variant, opponent) of each job
        for c, context in enumerate(found):
            if context.kind != kind:
                continue
            for variant in context.variants:
                for j, contest in enumerate(context.contests(variant, settings.engine)):
                    jobs.append(Job(contest, context.master(settings.seed, j), block * runs,
                                    (block + 1) * runs))
                    where.append((c, variant.key, j))
        if not jobs:
            continue
        if progress is not None:
            progress(f"{kind}, block {block + 1}", 0)

        def advance(fights: int) -> None:
            if progress is not None:
                progress("", fights)
        results = fight(jobs, settings.workers, advance, settings.scheduler)
        for (c, key, j), batch in zip(where, results, strict=True):
            out[c].wins[key][j] += [_score(r) for r in batch]
            out[c].margins[key][j] += [found[c].margin(r, key, j) for r in batch]
    return out


def _score(result: Any) -> float:
    return 0.5 if result.winner is None else 1.0 - float(result.winner)
