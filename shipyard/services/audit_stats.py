"""The audit's arithmetic: paired duels to worth per point, a balance index and a price.

In each context the measure is the change in the log-odds of winning (a draw counting
half) when the base design wins 10% to 90% of its duels, else the change in the mean
damage margin (damage dealt minus damage taken), which still moves where the win rate
is stuck at 0 or 1. For system `s` bought on the context's design, `delta[s] = change /
price` is its worth per point; `m`, the median of `delta` over the context's priced
systems, is the median system's. A context whose median system is worth nothing (`m` 0
or less) says nothing about prices and is left out.

Across contexts each context's figures are put on one footing by its scale `sigma`
(the mean absolute `delta` of its systems): the balance index of `s` is
`sum(delta[s] / sigma) / sum(m / sigma)` over the contexts where `s` was bought, 1 for a
system worth exactly the median system per point, and its suggested price is its price
times its index (a free unit: `sum(change / sigma) / sum(m / sigma)` points). In a game
built to one budget each unit is a swap paid for with anchor units (`services.audit`):
its change is the swap's plus the anchor's worth times the anchor units paid.

Intervals are 95% percentile intervals of a bootstrap that resamples seeds within
every context (the same seeds for every variant, so the pairing is kept) and contexts
among themselves; a system is flagged when its index interval excludes 1 (a free one:
when its suggested price's interval excludes 0). A context is "off" for a system when
the seed bootstrap of `delta[s] / m` there excludes 1.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from statistics import median

import numpy as np
from numpy.typing import NDArray

from shipyard.services.audit import ANCHOR, BASE, Context, Fought

REPLICATES = 400
LOW_RATE, HIGH_RATE = 0.1, 0.9  # outside: the damage margin instead of the log-odds
Array = NDArray[np.float64]


@dataclass(frozen=True)
class Interval:
    value: float
    low: float
    high: float

    def to_data(self) -> dict[str, float | None]:
        return {k: (None if not math.isfinite(v) else round(v, 6))
                for k, v in (("value", self.value), ("low", self.low), ("high", self.high))}


@dataclass(frozen=True)
class Off:
    context: str
    way: str  # "under" (worth more than its price) or "over"


@dataclass(frozen=True)
class SystemWorth:
    key: str
    price: Fraction  # its price, the median over the contexts where it was bought
    worth: Interval | None  # worth per point in log-odds (log-odds contexts only)
    index: Interval | None  # None: free everywhere
    suggested: Interval | None
    flag: str  # "under", "over" or ""
    off: tuple[Off, ...]
    contexts: int  # where it was bought


@dataclass(frozen=True)
class ContextWorth:
    label: str
    measure: str  # "log-odds" or "margin"
    base_rate: float
    informative: bool
    duels: int


@dataclass(frozen=True)
class Measured:
    systems: tuple[SystemWorth, ...]
    contexts: tuple[ContextWorth, ...]


def _weights(rng: np.random.Generator, size: int) -> Array:
    """Row 0 all ones (the sample itself), then REPLICATES multinomial resamplings."""
    counts = rng.multinomial(size, [1.0 / size] * size, size=REPLICATES).astype(np.float64)
    return np.vstack([np.ones((1, size)), counts])


def _values(context: Context, fought: Fought, keys: Sequence[str],
            rng: np.random.Generator) -> tuple[Array, str, float, int]:
    """Per replicate and variant, the context's measure; its name, base rate and duels."""
    def per_seed(table: dict[str, list[list[float]]] | dict[str, list[list[int]]],
                 key: str) -> Array:
        found: Array = np.asarray(table[key], dtype=np.float64).mean(axis=0)
        return found

    wins = np.stack([per_seed(fought.wins, k) for k in keys])  # (variants, seeds)
    seeds = wins.shape[1]
    weights = _weights(rng, seeds)
    rate = float(wins[0].mean())
    opponents = len(context.rivals())
    duels = seeds * opponents * len(keys)
    if LOW_RATE <= rate <= HIGH_RATE:
        n = seeds * opponents
        shares = (weights @ wins.T / seeds * n + 0.5) / (n + 1)
        return np.log(shares / (1 - shares)), "log-odds", rate, duels
    margins = np.stack([per_seed(fought.margins, k) for k in keys])
    return weights @ margins.T / seeds, "margin", rate, duels


def measure(found: Sequence[Context], fought: Sequence[Fought], order: Sequence[str],
            seed: int) -> Measured:
    """Every system's worth, index and suggested price with their intervals."""
    rng = np.random.default_rng(seed)
    count = len(found)
    change = np.full((REPLICATES + 1, count, len(order)), np.nan)
    price = np.full((count, len(order)), np.nan)
    # Units bought in each context: a battle context buys one on every copy of the design.
    units = np.array([float(c.units) for c in found])
    infos = []
    for c, (context, duels) in enumerate(zip(found, fought, strict=True)):
        keys = [v.key for v in context.variants]
        values, name, rate, played = _values(context, duels, keys, rng)
        at = {k: i for i, k in enumerate(keys)}
        anchor = values[:, 0] - values[:, at[ANCHOR]] if ANCHOR in at else None
        for variant in context.variants:
            if variant.key == BASE:
                continue
            if variant.key == ANCHOR:
                s = order.index(context.anchor) if context.anchor in order else None
                if s is not None and anchor is not None:
                    change[:, c, s] = anchor
                    price[c, s] = float(variant.price)
                continue
            s = order.index(variant.key)
            moved = values[:, at[variant.key]] - values[:, 0]
            if variant.swapped and anchor is not None:
                moved = moved + variant.swapped * anchor
            change[:, c, s] = moved
            price[c, s] = float(variant.price)
        infos.append((context.label, name, rate, played))
    priced = np.where(price > 0, price, np.nan)
    with np.errstate(invalid="ignore", divide="ignore"):
        per_point = change / priced  # (replicates, contexts, systems)
        typical = _nanmedian(per_point)  # (replicates, contexts)
        scale = np.nanmean(np.abs(per_point[0]), axis=1)  # (contexts,)
    usable = (typical > 0) & np.isfinite(scale)[None, :] & (scale > 0)[None, :]
    picks = _weights(rng, count)  # contexts resampled
    weight = np.where(usable, picks, 0.0) / np.where(scale > 0, scale, 1.0)[None, :]
    systems = []
    for s, key in enumerate(order):
        bought = ~np.isnan(change[0, :, s])
        if not bought.any():
            continue
        systems.append(_system(key, s, change, per_point, typical, weight, price, units,
                               bought,
                               [infos[c][1] for c in range(count)],
                               [context.label for context in found]))
    contexts = tuple(ContextWorth(label, name, rate, bool(usable[0, c]), played)
                     for c, (label, name, rate, played) in enumerate(infos))
    return Measured(tuple(systems), contexts)


def _nanmedian(values: Array) -> Array:
    finite = np.isfinite(values).any(axis=2)
    out = np.full(values.shape[:2], np.nan)
    if finite.any():
        out[finite] = np.nanmedian(values[finite], axis=1)
    return out


def _interval(samples: Array) -> Interval | None:
    if not math.isfinite(float(samples[0])):
        return None
    rest = samples[1:][np.isfinite(samples[1:])]
    if rest.size == 0:
        return Interval(float(samples[0]), math.nan, math.nan)
    low, high = np.percentile(rest, [2.5, 97.5])
    return Interval(float(samples[0]), float(low), float(high))


def _system(key: str, s: int, change: Array, per_point: Array, typical: Array,
            weight: Array, price: Array, units: Array, bought: NDArray[np.bool_],
            measures: list[str], labels: list[str]) -> SystemWorth:
    prices = price[bought, s] / units[bought]  # a unit's price on one design
    unit = Fraction(median(prices.tolist())).limit_denominator(1000)
    with np.errstate(invalid="ignore", divide="ignore"):
        paid = bought & (price[:, s] > 0)
        mask = np.where(paid, 1.0, 0.0)[None, :]
        scaled = np.nan_to_num(per_point[:, :, s] * weight * mask)
        norm = np.nan_to_num(typical * weight * mask)
        index = _interval(scaled.sum(axis=1) / norm.sum(axis=1)) if paid.any() else None
        every = np.where(bought, 1.0, 0.0)[None, :]
        each = change[:, :, s] / units[None, :]  # the change one unit makes on one design
        points = np.nan_to_num(each * weight * every).sum(axis=1) / \
            np.nan_to_num(typical * weight * every).sum(axis=1)
        logits = np.array([m == "log-odds" for m in measures]) & paid
        lw = np.where(logits, 1.0, 0.0)[None, :]
        worth = (_interval(np.nan_to_num(per_point[:, :, s] * lw).sum(axis=1) / lw.sum())
                 if logits.any() else None)
    if index is not None:
        suggested: Interval | None = Interval(index.value * float(unit), index.low * float(unit),
                                              index.high * float(unit))
        flag = _way(index.low, index.high, 1.0)
    else:
        suggested = _interval(points)
        flag = "" if suggested is None else _way(suggested.low, suggested.high, 0.0)
    off = []
    for c in np.flatnonzero(bought):
        with np.errstate(invalid="ignore", divide="ignore"):
            if price[c, s] > 0:
                ratio, fair = per_point[:, c, s] / typical[:, c], 1.0
            else:
                ratio, fair = change[:, c, s], 0.0
        there = _interval(ratio)
        if there is not None and typical[0, c] > 0:
            way = _way(there.low, there.high, fair)
            if way:
                off.append(Off(labels[int(c)], way))
    return SystemWorth(key, unit, worth, index, suggested, flag, tuple(off), int(bought.sum()))


def _way(low: float, high: float, fair: float) -> str:
    if not (math.isfinite(low) and math.isfinite(high)):
        return ""
    return "under" if low > fair else "over" if high < fair else ""
