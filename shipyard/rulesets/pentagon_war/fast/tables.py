"""The combat tables, the catalog's charts and the captains' figures as plain arrays.

`Combat` (engine.tables) checks every figure with its provenance and works out, once, the
figures and charts every rule function reads (`rules.figures`); the kernels cannot read
pydantic models or tuples of tuples, so this module copies those into one `Tables`
value of a numpy record and arrays of the same names and shapes. Figures a lookup by
range needs are laid out by range up to `rcap`, the first range from which no table
changes any more, so a kernel reads them by index. The captains' own figures (the
constants of `engine.policy`, `engine.judgement`, `engine.aiming`, `engine.orders`) are
copied from those modules, never written again here.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from shipyard.core.records import record_from
from shipyard.rulesets.pentagon_war.catalog import Catalog
from shipyard.rulesets.pentagon_war.engine import aiming, flight, judgement, orders, policy
from shipyard.rulesets.pentagon_war.engine.quick_reference import catalog_charts
from shipyard.rulesets.pentagon_war.engine.tables import Combat, beam_push
from shipyard.rulesets.pentagon_war.fast import columns as C
from shipyard.rulesets.pentagon_war.fast.arrays import FIGURES, Tables
from shipyard.rulesets.pentagon_war.fast.fire import fill_odds
from shipyard.rulesets.pentagon_war.rules.figures import DIRECT_KINDS, KINDS

Ints = NDArray[np.int64]
Floats = NDArray[np.float64]


def arc_bits(catalog: Catalog) -> dict[str, int]:
    """One bit per arc name, in the catalog's clockwise order."""
    return {name: 1 << i for i, name in enumerate(catalog.arcs.names.order)}


def mask(arcs: frozenset[str], bits: dict[str, int]) -> int:
    return sum(bits[a] for a in arcs)


_BUILT: list[tuple[tuple[int, int, int, int], Combat, Catalog, Tables]] = []
KEPT = 8  # tables kept for reuse (a batch, a tournament or a search builds many lineups)


def build(combat: Combat, catalog: Catalog, max_size: int, max_engines: int) -> Tables:
    """`tables` for these combat tables, catalog and sizes, built once (read only by the
    kernels, so every lineup of the same figures shares them)."""
    key = (id(combat), id(catalog), max_size, max_engines)
    for known, kept_combat, kept_catalog, built in _BUILT:
        if known == key and kept_combat is combat and kept_catalog is catalog:
            return built
    built = tables(combat, catalog, max_size, max_engines)
    _BUILT[:] = [(key, combat, catalog, built), *_BUILT[:KEPT - 1]]
    return built


def tables(combat: Combat, catalog: Catalog, max_size: int, max_engines: int) -> Tables:
    """The tables for crafts up to size class `max_size` with up to `max_engines` engines:
    the figures and charts both engines read (`Combat.figures`, `Combat.charts`) as a
    record and arrays, the acceleration rates and beam pushes of 2.3 and 2.4 by engines
    and size class, and the captains' figures."""
    f, charts = combat.figures, combat.charts
    sizes = max(max_size, f.drone_size, f.missile_size, f.bolt_size, 1) + 1
    acceleration = np.zeros((2, max_engines + 1, sizes, 2))
    for manned in (0, 1):
        for engines in range(max_engines + 1):
            for size in range(1, sizes):
                acceleration[manned, engines, size] = combat.quick.acceleration(
                    bool(manned), engines, size)
    bits = arc_bits(catalog)
    covering, rates = catalog_charts(catalog)
    seqs_list = [*charts.steps, judgement.RANGES,
                 [0] + [mask(covering[d], bits) for d in range(1, 7)]]
    seqs = np.zeros((len(seqs_list), max(len(q) for q in seqs_list)), dtype=np.int64)
    for row, values in enumerate(seqs_list):
        seqs[row, :len(values)] = values
    kinds = np.array([*charts.kinds, _kinds(tuple(combat.quick.costs)), _kinds(aiming.KILLERS),
                      _kinds(flight.DRONE_GUNS)], dtype=np.int64)
    fv = np.zeros((3, max(sizes, len(rates))))
    for size in range(sizes):
        fv[C.BEAM_PUSH_ROW, size] = beam_push(combat, False, size)
        fv[C.BEAM_PUSH_DOUBLE_ROW, size] = beam_push(combat, True, size)
    fv[C.EXPLOSION, :len(rates)] = rates
    captains = dict(
        flee_ratio=policy.FLEE_RATIO, carrier_reach=policy.CARRIER_REACH,
        acid_gum_chance=policy.ACID_GUM_CHANCE, far=float(policy.FAR),
        drone_survival=judgement.DRONE_SURVIVAL, horizon=float(aiming.HORIZON),
        watch=float(aiming.WATCH), later=aiming.LATER, drone_reserve=orders.DRONE_RESERVE,
        bolt_reach=f.metal_speed * f.metal_lifetime / f.impulses - 1,
        brake_worth=policy.BRAKE_WORTH, n_ranges=len(judgement.RANGES))
    record = record_from(FIGURES, {**f._asdict(), **captains})
    odds = np.zeros((3, DIRECT_KINDS, f.rcap + 1, sizes, 3))
    tables = Tables(f=record, kinds=kinds, odds=odds, accel=acceleration,
                    by_range=np.array(charts.by_range, dtype=np.int64), seqs=seqs,
                    chart=np.array(charts.chart, dtype=np.int64), fv=fv)
    fill_odds(tables)
    return tables


def _kinds(names: tuple[str, ...]) -> Ints:
    """1 for each kind named, by kind code."""
    return np.array([int(kind in names) for kind in KINDS], dtype=np.int64)
