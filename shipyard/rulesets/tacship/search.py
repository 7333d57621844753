"""Design search for Tacship (`shipyard optimize`): random fighters and small steps.

The optimizer proposes and the rules judge: every fighter drawn or changed
here is built to be legal (rules 4) and to cost at most the budget, by
construction and then by trimming, yet the optimizer still prices and checks
each one. A step buys or sells one unit of something (a damage box, a point
of thrust, a laser factor, a hardpoint), swaps points from one thing to
another, changes the crew (a one-man fighter's turrets become fixed lasers)
or reloads the hardpoints. Ordnance costs nothing (the hardpoint is paid for),
so every hardpoint always carries something.
"""

from __future__ import annotations

from collections.abc import Callable
from random import Random

from shipyard.core.search import Data, Market, Move
from shipyard.core.values import DESIGN_SCHEMA
from shipyard.rulesets.tacship.catalog import TacshipCatalog
from shipyard.rulesets.tacship.design import (
    ORDNANCE_KINDS,
    RULESET,
    TacshipDesign,
    parse_tacship_design,
)
from shipyard.rulesets.tacship.pricing import price, whole

Step = Callable[[Data, TacshipCatalog, Random], bool]  # False: nothing to change
LOAD_WEIGHTS = {"missile": 6, "mine": 2, "decoy": 2}  # what a free hardpoint is loaded with


def _total(data: Data, catalog: TacshipCatalog) -> int:
    return price(parse_tacship_design(data), catalog).total


def _normalize(data: Data, catalog: TacshipCatalog, rng: Random) -> None:
    """Rules 4: one item per hardpoint, turrets on two-man fighters only, one damage box."""
    build = catalog.construction
    if data["crew"] != build.turret.crew and data["turret_lasers"]:
        # A one-man fighter keeps its turret guns as fixed lasers of the same factor.
        data["fixed_lasers"] += [{"factor": t["factor"], "count": t["count"]}
                                 for t in data["turret_lasers"]]
        data["turret_lasers"] = []
    data["damage_boxes"] = max(1, whole(data["damage_boxes"]))
    load = {kind: whole(data["ordnance"].get(kind, 0)) for kind in ORDNANCE_KINDS}
    capacity = whole(data["hardpoints"]) * build.ordnance.per_hardpoint
    while sum(load.values()) > capacity:
        load[rng.choice([kind for kind, n in load.items() if n > 0])] -= 1
    kinds = [kind for kind in build.ordnance.kinds if kind in LOAD_WEIGHTS]
    while kinds and sum(load.values()) < capacity:
        load[rng.choices(kinds, [LOAD_WEIGHTS[k] for k in kinds])[0]] += 1
    data["ordnance"] = load


# -- buying and selling one unit ------------------------------------------------


def _lasers(data: Data, catalog: TacshipCatalog) -> list[str]:
    turret = data["crew"] == catalog.construction.turret.crew
    return ["fixed_lasers", "turret_lasers"] if turret else ["fixed_lasers"]


def _buy(data: Data, catalog: TacshipCatalog, rng: Random) -> bool:
    build = catalog.construction
    what = rng.choice(["damage_boxes", "damage_boxes", "survivability", "thrust", "thrust",
                       "laser", "laser", "hardpoints"])
    if what == "survivability":
        if data["survivability"] >= build.survivability.highest:
            return False
        data["survivability"] += 1
    elif what == "laser":
        group = rng.choice(_lasers(data, catalog))
        mounts = data[group]
        low, high = build.laser_factor.lowest, build.laser_factor.highest
        stronger = [m for m in mounts if m["factor"] < high]
        if stronger and rng.random() < 0.6:
            rng.choice(stronger)["factor"] += 1
        elif mounts and rng.random() < 0.3:
            rng.choice(mounts)["count"] += 1
        else:
            mount: Data = {"factor": low, "count": 1}
            if group == "turret_lasers":
                mount = {"factor": low, "arc": rng.choice(build.turret.arcs), "count": 1}
            mounts.append(mount)
    else:
        data[what] += 1
    return True


def _sell(data: Data, catalog: TacshipCatalog, rng: Random) -> bool:
    choices = [k for k in ("survivability", "thrust", "hardpoints") if data[k] > 0]
    if data["damage_boxes"] > 1:
        choices.append("damage_boxes")
    choices += [g for g in ("fixed_lasers", "turret_lasers") if data[g]]
    if not choices:
        return False
    what = rng.choice(choices)
    if what in ("fixed_lasers", "turret_lasers"):
        mount = rng.choice(data[what])
        if mount["count"] > 1 and rng.random() < 0.5:
            mount["count"] -= 1
        elif mount["factor"] > catalog.construction.laser_factor.lowest:
            mount["factor"] -= 1
        else:
            data[what].remove(mount)
    else:
        data[what] -= 1
    return True


# -- larger steps ---------------------------------------------------------------------


def _swap(data: Data, catalog: TacshipCatalog, rng: Random) -> bool:
    """Move points: sell one unit of something, buy one of something else."""
    return _sell(data, catalog, rng) and _buy(data, catalog, rng)


def _crew(data: Data, catalog: TacshipCatalog, rng: Random) -> bool:
    others = [n for n in catalog.construction.crew.allowed if n != data["crew"]]
    if not others:
        return False
    data["crew"] = rng.choice(others)
    return True


def _turn_turret(data: Data, catalog: TacshipCatalog, rng: Random) -> bool:
    if not data["turret_lasers"]:
        return False
    rng.choice(data["turret_lasers"])["arc"] = rng.choice(catalog.construction.turret.arcs)
    return True


def _reload(data: Data, catalog: TacshipCatalog, rng: Random) -> bool:
    """Empty the hardpoints; `_normalize` loads them again at random."""
    if not data["hardpoints"]:
        return False
    data["ordnance"] = {}
    return True


STEPS: tuple[tuple[Step, int], ...] = (
    (_buy, 3), (_sell, 3), (_swap, 6), (_crew, 1), (_turn_turret, 1), (_reload, 2))


def _market(catalog: TacshipCatalog) -> Market:
    """The fighter's data as the shared search moves see it (`core.search`)."""
    return Market(
        total=lambda data: _total(data, catalog),
        buy=lambda data, rng: _buy(data, catalog, rng),
        sell=lambda data, rng: _sell(data, catalog, rng),
        tidy=lambda data, rng: _normalize(data, catalog, rng),
        copy=_copy,
        steps=tuple((_bound(step, catalog), weight) for step, weight in STEPS))


def _bound(step: Step, catalog: TacshipCatalog) -> Move:
    return lambda data, rng: step(data, catalog, rng)


def _copy(data: Data) -> Data:
    return {**data, "fixed_lasers": [dict(m) for m in data["fixed_lasers"]],
            "turret_lasers": [dict(m) for m in data["turret_lasers"]],
            "ordnance": dict(data["ordnance"])}


def _plain(design: TacshipDesign, catalog: TacshipCatalog) -> Data:
    """The design's data with whole, in-range values, ready to be stepped."""
    data = design.to_data()
    for key in ("crew", "damage_boxes", "survivability", "thrust", "hardpoints"):
        data[key] = whole(data[key])
    for group in ("fixed_lasers", "turret_lasers"):
        data[group] = [m for m in data[group] if whole(m["factor"]) and whole(m["count"])]
    data["ordnance"] = {k: whole(v) for k, v in data["ordnance"].items() if k in ORDNANCE_KINDS}
    return data


def random_design(catalog: TacshipCatalog, budget: int, rng: Random) -> TacshipDesign:
    """A fighter of a random crew with one laser, then units bought at random to the budget."""
    build = catalog.construction
    data: Data = {"schema": DESIGN_SCHEMA, "name": "Random fighter", "ruleset": RULESET,
                  "crew": rng.choice(build.crew.allowed), "damage_boxes": 1,
                  "survivability": 0, "thrust": 0, "hardpoints": 0, "ordnance": {},
                  "fixed_lasers": [{"factor": build.laser_factor.lowest, "count": 1}],
                  "turret_lasers": []}
    market = _market(catalog)
    market.spend(data, budget, rng)
    market.fit(data, budget, rng)
    return parse_tacship_design(data)


def mutate(design: TacshipDesign, catalog: TacshipCatalog, budget: int,
           rng: Random) -> TacshipDesign:
    """One to three small steps, trimmed back to the budget, the points left often spent."""
    data = _plain(design, catalog)
    _market(catalog).wander(data, budget, rng)
    return parse_tacship_design(data)
