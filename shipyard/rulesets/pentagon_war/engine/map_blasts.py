"""A blast on the hex map against what flies: missiles and drones (rules 2.6, 2.7, R27).

A size class 0 object in reach of a craft's explosion takes no damage but survives only
when two dice roll more than the points that reach its hex (`rules.explosions`: no dice
are rolled when the result is certain). The objects are taken craft by craft in the
battle's order, each craft's missiles first and then its drones, as launched; the
compiled engine rolls the same dice in the same order (`fast.map_battle.blast_objects`).
A missile destroyed so explodes in turn, for half its warhead, on the craft in its hex
(the battle's `missile_blast`); it does not strike other objects (R27).
"""

from __future__ import annotations

from collections.abc import Sequence

from shipyard.core.dice import Dice
from shipyard.core.rules import Cells
from shipyard.rulesets.pentagon_war.engine.hexmap import HexMap
from shipyard.rulesets.pentagon_war.engine.state import Craft, Drone, Missile
from shipyard.rulesets.pentagon_war.rules.explosions import (
    BLAST_ROLL,
    BLAST_SURVIVED,
    SURVIVAL_DICE,
    blast_points,
    blast_survival,
    blast_survives,
)


def objects_struck(crafts: Sequence[Craft], hexmap: HexMap, rates: Cells, dice: Dice,
                   side: int, strength: float) -> list[tuple[int, int]]:
    """The missiles and drones craft `side`'s blast of `strength` destroys, dropped from
    their lists; the hexes of the missiles among them."""
    ea, ec = hexmap.a[side], hexmap.c[side]
    exploding: list[tuple[int, int]] = []
    for craft in crafts:
        if not (craft.missiles or craft.drones):
            continue
        things: list[Missile | Drone] = [*craft.missiles, *craft.drones]
        for thing in things:
            points = blast_points(rates, strength, ea, ec, thing.a, thing.c)
            if points <= 0 or not thing.alive:
                continue
            verdict = blast_survival(points, SURVIVAL_DICE)
            if verdict == BLAST_SURVIVED:
                continue
            if verdict == BLAST_ROLL and blast_survives(points, dice.d6() + dice.d6()):
                continue
            thing.alive = False
            if isinstance(thing, Missile):
                exploding.append((thing.a, thing.c))
        craft.missiles = [m for m in craft.missiles if m.alive]
        craft.drones = [d for d in craft.drones if d.alive]
    return exploding
