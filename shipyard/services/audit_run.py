"""An audit from start to end: contexts, blocks of paired duels, the measured table.

`run_audit` builds the contexts (`services.audit_contexts`), fights blocks of `runs` duels
per opponent, context and variant (and `battle_runs` battles per opponent fleet in the
battle contexts), and measures (`services.audit_stats`): every context pooled, and each
kind of context on its own beside it; under `until_ci`
it fights block after block until every system's index interval is narrower than the
width asked (or `max_blocks`), a decision made on the seeded results alone. `Audited`
is the result and its `to_data` the `shipyard.audit/1` JSON contract.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from fractions import Fraction
from typing import Any

from shipyard.core.audit import Purchase
from shipyard.core.neutral import Ruleset
from shipyard.core.protocol import audit_of
from shipyard.services.audit import (
    BATTLES,
    DUELS,
    KINDS,
    SCHEMA,
    Context,
    Fought,
    Progress,
    Settings,
    fight_block,
    planned,
)
from shipyard.services.audit_contexts import BattleContext, contexts
from shipyard.services.audit_stats import Interval, Measured, SystemWorth, measure
from shipyard.services.optimize import stream_seed

DEFAULT_DUELS = 2_500_000  # a whole audit's duels when --runs is not given
MIN_RUNS, MAX_RUNS = 20, 200
# Beside battle contexts the duels take a smaller share, so that the whole audit keeps
# to its time: a 4 v 4 battle costs about as much as six to twenty duels.
MAX_RUNS_BESIDE_BATTLES = 100
DEFAULT_BATTLES = 45_000  # a whole audit's battles when --battle-runs is not given
MIN_BATTLE_RUNS, MAX_BATTLE_RUNS = 10, 200


@dataclass(frozen=True)
class Audited:
    ruleset: Ruleset
    catalog_folder: str
    digest: str
    settings: Settings
    purchases: tuple[Purchase, ...]  # in the game's order, those measured
    contexts: tuple[Context, ...]
    measured: Measured
    runs: int  # duels per opponent, context and variant actually fought
    duels: int
    battle_runs: int  # battles per opponent fleet, context and variant actually fought
    battles: int
    by_kind: dict[str, Measured]  # each kind's contexts measured alone (both kinds there)
    seconds: float
    date: str

    def label(self, key: str) -> str:
        return next((p.label for p in self.purchases if p.key == key), key)

    def row(self, key: str) -> str:
        return next((p.row for p in self.purchases if p.key == key), key)

    def to_data(self) -> dict[str, Any]:
        """The `shipyard audit --json` public contract (`shipyard.audit/1`)."""
        return {
            "schema": SCHEMA, "ruleset": self.ruleset.name,
            "catalog": {"folder": self.catalog_folder, "digest": self.digest},
            "date": self.date, "seed": self.settings.seed, "runs": self.runs,
            "duels": self.duels, "battle_runs": self.battle_runs, "battles": self.battles,
            "seconds": round(self.seconds, 1),
            "settings": settings_data(self.settings),
            "contexts": [{"label": c.label, "kind": c.kind, "design": c.source,
                          "captain": c.policy, "points": int(c.base.sheet.total),
                          **({"fleet_size": c.copies, "fleets": list(c.rivals())}
                             if isinstance(c, BattleContext) else {}),
                          "measure": w.measure, "base_rate": round(w.base_rate, 6),
                          "informative": w.informative, "duels": w.duels,
                          "design_data": c.base.design.to_data()}
                         for c, w in zip(self.contexts, self.measured.contexts, strict=True)],
            "systems": [self.system_data(s) for s in self.measured.systems],
        }

    def system_data(self, s: SystemWorth) -> dict[str, Any]:
        def pair(i: Interval | None) -> dict[str, float | None] | None:
            return None if i is None else i.to_data()
        def kind(found: Measured) -> dict[str, Any] | None:
            alone = next((k for k in found.systems if k.key == s.key), None)
            if alone is None:
                return None
            return {"index": pair(alone.index), "suggested_price": pair(alone.suggested),
                    "flag": alone.flag, "contexts": alone.contexts}
        return {"key": s.key, "label": self.label(s.key), "row": self.row(s.key),
                "price": _number(s.price), "worth_per_point": pair(s.worth),
                "index": pair(s.index), "suggested_price": pair(s.suggested),
                "flag": s.flag, "contexts": s.contexts,
                "by_kind": {name: kind(found) for name, found in self.by_kind.items()},
                "contexts_off": [{"context": o.context, "way": o.way} for o in s.off]}


def settings_data(settings: Settings) -> dict[str, Any]:
    """What decides an audit's figures besides the catalog and the seed."""
    return {"runs": settings.runs, "battle_runs": settings.battle_runs,
            "kinds": list(settings.kinds),
            "fleets": None if settings.fleets is None else list(settings.fleets),
            "until_ci": settings.until_ci,
            "max_blocks": settings.max_blocks, "systems": list(settings.systems),
            "samples": None if settings.samples is None else list(settings.samples),
            "opponents": None if settings.opponents is None else list(settings.opponents),
            "budgets": None if settings.budgets is None else list(settings.budgets),
            "policies": None if settings.policies is None else list(settings.policies),
            "search": [settings.search_generations, settings.search_runs]}


def _number(value: Fraction) -> int | float:
    return int(value) if value.denominator == 1 else float(value)


def default_runs(found: Sequence[Context]) -> int:
    """Duels per opponent, context and variant for about DEFAULT_DUELS duels in all (at
    most MAX_RUNS_BESIDE_BATTLES beside battle contexts)."""
    most = MAX_RUNS_BESIDE_BATTLES if planned(found, 1, BATTLES) else MAX_RUNS
    return max(MIN_RUNS, min(most, DEFAULT_DUELS // max(planned(found, 1), 1)))


def default_battle_runs(found: Sequence[Context]) -> int:
    """Battles per opponent fleet, context and variant for about DEFAULT_BATTLES in all."""
    return max(MIN_BATTLE_RUNS, min(MAX_BATTLE_RUNS,
                                    DEFAULT_BATTLES // max(planned(found, 1, BATTLES), 1)))


def with_default_runs(settings: Settings, found: Sequence[Context]) -> Settings:
    """The settings with each kind's fights a block filled in where left to the audit."""
    return replace(settings, runs=settings.runs if settings.runs > 0 else default_runs(found),
                   battle_runs=settings.battle_runs if settings.battle_runs > 0
                   else default_battle_runs(found))


def fights(found: Sequence[Context], settings: Settings) -> dict[str, int]:
    """Fights of one block, per kind of context."""
    return {kind: planned(found, 1, kind) * (settings.battle_runs if kind == BATTLES
                                             else settings.runs) for kind in KINDS}


def settled(measured: Measured, width: float) -> bool:
    """Every system's index (a free one's suggested price) known to within `width`."""
    for s in measured.systems:
        shown = s.index or s.suggested
        if shown is None or not math.isfinite(shown.low) or not math.isfinite(shown.high):
            return False
        span = shown.high - shown.low
        if s.index is None:
            span /= max(float(s.price), 1.0)
        if span >= width:
            return False
    return True


def run_audit(ruleset: Ruleset, root: str | None, settings: Settings,
              progress: Progress | None = None,
              planning: Callable[[int], None] | None = None) -> Audited:
    """The whole audit; `planning` hears of the duels planned once the contexts are known
    (again when `until_ci` adds a block)."""
    started = time.monotonic()
    audit_of(ruleset)  # a game with no audit: `Missing` before any work
    found = contexts(ruleset, root, settings, progress)
    order = [p for p in audit_of(ruleset).purchases(ruleset.catalog(root))
             if any(v.key == p.key for c in found for v in c.variants)
             or any(c.anchor == p.key for c in found)]
    keys = [p.key for p in order]
    settings = with_default_runs(settings, found)
    per_kind = fights(found, settings)
    block = sum(per_kind.values())
    if planning is not None:
        planning(block)
    fought: list[Fought] | None = None
    blocks = 0
    bootstrap = stream_seed(settings.seed, "audit-bootstrap")
    while True:
        fought = fight_block(found, settings, blocks, fought, progress)
        blocks += 1
        measured = measure(found, fought, keys, bootstrap)
        if (settings.until_ci is None or blocks >= settings.max_blocks
                or settled(measured, settings.until_ci)):
            break
        if planning is not None:
            planning(block)
    catalog = ruleset.catalog(root)
    assert fought is not None
    by_kind: dict[str, Measured] = {}
    if all(per_kind.values()):  # both kinds fought: each measured alone too
        for kind in KINDS:
            chosen = [c for c, context in enumerate(found) if context.kind == kind]
            by_kind[kind] = measure([found[c] for c in chosen], [fought[c] for c in chosen],
                                    keys, bootstrap)
    return Audited(ruleset, catalog.folder, catalog.digest,
                   replace(settings, workers=1, scheduler=None), tuple(order), tuple(found),
                   measured, blocks * settings.runs if per_kind[DUELS] else 0,
                   per_kind[DUELS] * blocks,
                   blocks * settings.battle_runs if per_kind[BATTLES] else 0,
                   per_kind[BATTLES] * blocks, by_kind, time.monotonic() - started,
                   datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"))
