"""Design search for The Pentagon War (`shipyard optimize`): random craft and small steps.

The optimizer proposes and the rules judge: every craft drawn or changed here
is built to be legal (1.6) and to cost at most the budget, by construction and
then by trimming, yet the optimizer still prices and checks each one. A step
buys or sells one box of a system, an armor side, a radar box, a weapon, gun
or drone bay (or one of a weapon's arcs), swaps points between two of them,
or flips a craft-wide choice (manned, directional screens, a scoop). A craft
keeps what it is: a ship keeps an engine, a base never gets one. The hull
split is dropped (the default split always adds up, 1.2), and hyper bombs,
which need a scenario that allows them (R15), are never bought.
"""

from __future__ import annotations

from collections.abc import Callable
from random import Random

from shipyard.core.search import Data, Market, Move
from shipyard.core.values import DESIGN_SCHEMA
from shipyard.rulesets.pentagon_war.arcs import adjacent, arc_order, expand
from shipyard.rulesets.pentagon_war.catalog import Catalog
from shipyard.rulesets.pentagon_war.design import (
    DRONE_WEAPONS,
    GUN_TYPES,
    SCOOPS,
    SIDES,
    SYSTEMS,
    WEAPON_TYPES,
    Design,
    parse_design,
)
from shipyard.rulesets.pentagon_war.pricing import count, price

Step = Callable[[Data, Catalog, Random], bool]  # False: nothing to change
# Systems a step buys or sells, with how often: the fighting ones more than the rest.
SYSTEM_WEIGHTS = {"screen": 4, "capacitor": 4, "point_defense": 3, "engine": 2, "fuel_tank": 1,
                  "aux_control": 1, "extra_hull": 3, "extra_final_damage": 1, "missile": 1,
                  "cargo": 1, "repair": 1}
PARTS = {"system": 8, "armor": 4, "radar": 2, "weapon": 5, "gun": 2, "drone": 1}


def _total(data: Data, catalog: Catalog) -> int:
    return price(parse_design(data), catalog).total


def _engines(data: Data) -> int:
    return count(data["systems"].get("engine", 0))


def _sides(data: Data) -> list[str]:
    """Armor sides a step may use: side 4 (the rear) on bases only (R11)."""
    return [side for side in SIDES if side != "4" or not _engines(data)]


def _normalize(data: Data) -> None:
    """Drop what a step emptied, and what this kind of craft may not carry."""
    data["systems"] = {k: v for k, v in data["systems"].items() if k in SYSTEMS and v}
    data["systems"].pop("hyper_bomb", None)  # R15: only where the scenario allows them
    data["armor"] = {k: v for k, v in data["armor"].items() if v and k in _sides(data)}
    data["weapons"] = [w for w in data["weapons"] if w["count"] > 0 and w["arcs"]]
    data["guns"] = [g for g in data["guns"] if g["boxes"] > 0]
    data["drones"] = [d for d in data["drones"] if d["count"] > 0]
    data.pop("hull_split", None)
    if not _engines(data):
        data["scoop"] = "none"  # 1.2: a base has no scoop


# -- buying and selling one unit ------------------------------------------------


def _buy_radar(data: Data, catalog: Catalog, rng: Random) -> bool:
    rule = catalog.construction.radar
    track: list[int] = data["radar"]
    # R7: the track never increases; raise a box only up to the one before it.
    raisable = [i for i, box in enumerate(track)
                if box < rule.highest and (i == 0 or box < track[i - 1])]
    if raisable and rng.random() < 0.5:
        track[rng.choice(raisable)] += 1
    else:
        track.append(rng.randint(rule.lowest, track[-1] if track else rule.highest))
    return True


def _sell_radar(data: Data, catalog: Catalog, rng: Random) -> bool:
    track: list[int] = data["radar"]
    if not track:
        return False
    lowest = catalog.construction.radar.lowest
    lowerable = [i for i, box in enumerate(track)
                 if box > lowest and (i == len(track) - 1 or box > track[i + 1])]
    if lowerable and rng.random() < 0.5:
        track[rng.choice(lowerable)] -= 1
    else:
        track.pop()
    return True


def _arcs(catalog: Catalog, rng: Random, size: int) -> list[str]:
    """`size` adjacent arcs, most often around the bow."""
    order = arc_order(catalog)
    first = rng.choice([0, 0, 5, 5, 1, 4, 2, 3])  # RF and LF first: the bow
    return [order[(first + k) % 6] for k in range(size)]


def _buy_weapon(data: Data, catalog: Catalog, rng: Random) -> bool:
    weapons = data["weapons"]
    roll = rng.random()
    if weapons and roll < 0.5:
        rng.choice(weapons)["count"] += 1
    elif weapons and roll < 0.7:
        weapon = rng.choice(weapons)
        arcs = expand(weapon["arcs"], catalog)
        order = arc_order(catalog)
        near = [a for a in order if a not in arcs and any(adjacent(a, b, catalog) for b in arcs)]
        if not near:
            return False
        added = rng.choice(near)
        weapon["arcs"] = [a for a in order if a in arcs or a == added]
    else:
        kind = rng.choice(WEAPON_TYPES)
        weapons.append({"type": kind, "arcs": _arcs(catalog, rng, rng.randint(1, 3)),
                        "count": 1})
    return True


def _sell_weapon(data: Data, catalog: Catalog, rng: Random) -> bool:
    if not data["weapons"]:
        return False
    weapon = rng.choice(data["weapons"])
    arcs = [a for a in arc_order(catalog) if a in expand(weapon["arcs"], catalog)]
    if len(arcs) > 1 and rng.random() < 0.3:
        drop = rng.choice([arcs[0], arcs[-1]])
        weapon["arcs"] = [a for a in arcs if a != drop]
    else:
        weapon["count"] -= 1
    return True


def _gun_group(catalog: Catalog, kind: str) -> int:
    group: int = getattr(catalog.prices, kind).group  # 1.2: liquid metal guns come in pairs
    return group


def _buy_gun(data: Data, catalog: Catalog, rng: Random) -> bool:
    if data["guns"] and rng.random() < 0.7:
        gun = rng.choice(data["guns"])
        gun["boxes"] += _gun_group(catalog, gun["type"])
    else:
        kind = rng.choice(GUN_TYPES)
        data["guns"].append({"type": kind, "boxes": _gun_group(catalog, kind),
                             "arcs": _arcs(catalog, rng, 2)})
    return True


def _sell_gun(data: Data, catalog: Catalog, rng: Random) -> bool:
    if not data["guns"]:
        return False
    gun = rng.choice(data["guns"])
    gun["boxes"] -= _gun_group(catalog, gun["type"])
    return True


def _buy_drone(data: Data, catalog: Catalog, rng: Random) -> bool:
    if data["drones"] and rng.random() < 0.7:
        rng.choice(data["drones"])["count"] += 1
    else:
        data["drones"].append({"weapon": rng.choice(DRONE_WEAPONS), "count": 1})
    return True


def _sell_drone(data: Data, catalog: Catalog, rng: Random) -> bool:
    if not data["drones"]:
        return False
    rng.choice(data["drones"])["count"] -= 1
    return True


def _buy(data: Data, catalog: Catalog, rng: Random) -> bool:
    part = rng.choices(list(PARTS), list(PARTS.values()))[0]
    if part == "system":
        names = [k for k in SYSTEM_WEIGHTS if k != "engine" or _engines(data)]
        name = rng.choices(names, [SYSTEM_WEIGHTS[k] for k in names])[0]
        data["systems"][name] = count(data["systems"].get(name, 0)) + 1
        return True
    if part == "armor":
        side = rng.choice(_sides(data))
        data["armor"][side] = count(data["armor"].get(side, 0)) + 1
        return True
    buy: dict[str, Step] = {"radar": _buy_radar, "weapon": _buy_weapon, "gun": _buy_gun,
                            "drone": _buy_drone}
    return buy[part](data, catalog, rng)


def _sell(data: Data, catalog: Catalog, rng: Random) -> bool:
    # A ship keeps one engine: it never turns into a base (R11 would then bite).
    systems = [k for k, v in data["systems"].items() if count(v) > (1 if k == "engine" else 0)]
    choices: list[Step] = [_sell_radar, _sell_weapon, _sell_gun, _sell_drone]
    choices = [step for step in choices if step(_copy(data), catalog, rng)]
    parts = len(systems) + len(data["armor"]) + len(choices)
    if not parts:
        return False
    pick = rng.randrange(parts)
    if pick < len(systems):
        data["systems"][systems[pick]] -= 1
    elif pick < len(systems) + len(data["armor"]):
        data["armor"][list(data["armor"])[pick - len(systems)]] -= 1
    else:
        choices[pick - len(systems) - len(data["armor"])](data, catalog, rng)
    return True


# -- larger steps ---------------------------------------------------------------------


def _swap(data: Data, catalog: Catalog, rng: Random) -> bool:
    """Move points: sell one unit of something, buy one of something else."""
    return _sell(data, catalog, rng) and _buy(data, catalog, rng)


def _flip(data: Data, catalog: Catalog, rng: Random) -> bool:
    """A craft-wide choice: manned or not, directional screens, the scoop."""
    what = rng.choice(["manned", "directional_screens", "scoop"])
    if what == "manned":
        data["manned"] = not data["manned"]
    elif what == "directional_screens":
        data["options"]["directional_screens"] = not data["options"].get("directional_screens")
    elif _engines(data):
        data["scoop"] = rng.choice([s for s in SCOOPS if s != data["scoop"]])
    else:
        return False
    return True


STEPS: tuple[tuple[Step, int], ...] = ((_buy, 3), (_sell, 3), (_swap, 6), (_flip, 1))


def _copy(data: Data) -> Data:
    return {**data, "systems": dict(data["systems"]), "armor": dict(data["armor"]),
            "radar": list(data["radar"]), "options": dict(data["options"]),
            "weapons": [{**w, "arcs": list(w["arcs"])} for w in data["weapons"]],
            "guns": [{**g, "arcs": list(g["arcs"])} for g in data["guns"]],
            "drones": [dict(d) for d in data["drones"]]}


def _market(catalog: Catalog) -> Market:
    """The craft's data as the shared search moves see it (`core.search`)."""
    return Market(
        total=lambda data: _total(data, catalog),
        buy=lambda data, rng: _buy(data, catalog, rng),
        sell=lambda data, rng: _sell(data, catalog, rng),
        tidy=lambda data, rng: _normalize(data),
        copy=_copy,
        steps=tuple((_bound(step, catalog), weight) for step, weight in STEPS))


def _bound(step: Step, catalog: Catalog) -> Move:
    return lambda data, rng: step(data, catalog, rng)


def _plain(design: Design) -> Data:
    """The design's data with only whole, known values, ready to be stepped."""
    data = design.to_data()
    data["systems"] = {k: count(v) for k, v in data["systems"].items() if k in SYSTEMS}
    data["armor"] = {k: count(v) for k, v in data["armor"].items() if k in SIDES}
    data["radar"] = [v for v in data["radar"] if isinstance(v, int)]
    data["weapons"] = [{**w, "count": count(w["count"])} for w in data["weapons"]
                       if w["type"] in WEAPON_TYPES]
    data["guns"] = [{**g, "boxes": count(g["boxes"])} for g in data["guns"]
                    if g["type"] in GUN_TYPES]
    data["drones"] = [{**d, "count": count(d["count"])} for d in data["drones"]
                      if d["weapon"] in DRONE_WEAPONS]
    _normalize(data)
    return data


def random_design(catalog: Catalog, budget: int, rng: Random) -> Design:
    """A small ship (engines, fuel, power, a screen, radar and one weapon), then boxes
    bought at random up to the budget."""
    data: Data = {
        "schema": DESIGN_SCHEMA, "name": "Random craft", "ruleset": "pentagon-war",
        "manned": rng.random() < 0.5, "scoop": "none",
        "systems": {"engine": rng.randint(1, 3), "fuel_tank": 1, "capacitor": 2, "screen": 1,
                    "point_defense": 1},
        "armor": {"1": 1}, "radar": [3, 2, 1],
        "weapons": [{"type": rng.choice(WEAPON_TYPES), "arcs": _arcs(catalog, rng, 2),
                     "count": 1}],
        "guns": [], "drones": [], "options": {},
    }
    market = _market(catalog)
    market.fit(data, budget, rng)
    market.spend(data, budget, rng)
    return parse_design(data)


def mutate(design: Design, catalog: Catalog, budget: int, rng: Random) -> Design:
    """One to three small steps, trimmed back to the budget, the points left often spent."""
    data = _plain(design)
    _market(catalog).wander(data, budget, rng)
    return parse_design(data)
