"""Where an audit figure comes from (`shipyard audit --explain SYSTEM`).

In every context of the whole audit (the same systems, so the same duels per batch) it
fights only the duels the audit fights for one system (their seeds depend on the context
and the opponent, never on the other systems): the base design, the design with the
unit (a swap in a game built to one budget, and then the design one anchor unit short
too), each against every opponent on the batch seeded by the context's stream. Each of
those batches is exactly `shipyard duel DESIGN OPPONENT --seed MASTER --runs N` with the
context's captain on both sides (in a battle context, `shipyard battle FLEET
sample-fleet:NAME ...`, FLEET a fleet file of the context's copies of the design), so
every win count here can be fought again and checked.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any

from shipyard.core.neutral import Ruleset
from shipyard.services.audit import (
    ANCHOR,
    BASE,
    AuditError,
    Context,
    Progress,
    Settings,
    chosen_purchases,
    fight_block,
)
from shipyard.services.audit_contexts import contexts
from shipyard.services.audit_run import with_default_runs
from shipyard.services.audit_stats import HIGH_RATE, LOW_RATE


@dataclass(frozen=True)
class Batch:
    variant: str  # BASE, ANCHOR or the system's key
    opponent: str  # the opponent's file ("sample:NAME", a battle's "sample-fleet:NAME")
    master: int
    runs: int
    wins: int
    draws: int
    losses: int
    margin: int  # summed damage dealt minus taken (a battle's: points destroyed)


@dataclass(frozen=True)
class Explained:
    context: Context
    measure: str  # "log-odds" or "margin"
    change: float  # the unit's change of the measure here (a swap: the swap's own)
    designs: dict[str, dict[str, Any]]  # variant key to its design data
    batches: tuple[Batch, ...]


def explain(ruleset: Ruleset, root: str | None, settings: Settings, key: str,
            progress: Progress | None = None) -> list[Explained]:
    """Every context's batches for one system, on the whole audit's seeds."""
    chosen_purchases(ruleset, root, (key,))  # an unknown system: one line before any work
    every = contexts(ruleset, root, replace(settings, until_ci=None), progress)
    # The whole audit's block: its fights per batch are what `--explain` fights again.
    alone = replace(with_default_runs(settings, every), until_ci=None)
    found = [replace(c, variants=[v for v in c.variants if v.key in (BASE, ANCHOR, key)])
             for c in every]
    if not any(v.key == key or c.anchor == key for c in found for v in c.variants):
        raise AuditError(f"{key!r} cannot be bought on any design of the audit")
    fought = fight_block(found, alone, 0, None, progress)
    out = []
    for context, duels in zip(found, fought, strict=True):
        wanted = [v for v in context.variants
                  if v.key in (BASE, key) or (v.key == ANCHOR and context.anchor)]
        if not any(v.key in (key, ANCHOR) for v in wanted):
            continue
        batches = []
        for variant in wanted:
            for j, opponent in enumerate(context.rivals()):
                wins = duels.wins[variant.key][j]
                batches.append(Batch(
                    variant.key, opponent, context.master(alone.seed, j), len(wins),
                    sum(1 for w in wins if w == 1.0), sum(1 for w in wins if w == 0.5),
                    sum(1 for w in wins if w == 0.0), sum(duels.margins[variant.key][j])))
        measure, change = _change(context, batches, key)
        out.append(Explained(context, measure, change,
                             {v.key: v.evaluation.design.to_data() for v in wanted},
                             tuple(batches)))
    return out


def _change(context: Context, batches: list[Batch], key: str) -> tuple[str, float]:
    def total(variant: str) -> tuple[float, int, int]:
        mine = [b for b in batches if b.variant == variant]
        played = sum(b.runs for b in mine)
        return (sum(b.wins + 0.5 * b.draws for b in mine), played,
                sum(b.margin for b in mine))
    score, played, _ = total(BASE)
    rate = score / played if played else 0.0
    wanted = key if any(b.variant == key for b in batches) else ANCHOR
    if LOW_RATE <= rate <= HIGH_RATE:
        def logit(variant: str) -> float:
            s, n, _ = total(variant)
            share = (s + 0.5) / (n + 1)
            return math.log(share / (1 - share))
        moved = logit(wanted) - logit(BASE)
        return "log-odds", -moved if wanted == ANCHOR else moved
    moved = (total(wanted)[2] - total(BASE)[2]) / played if played else 0.0
    return "margin", -moved if wanted == ANCHOR else moved
