"""Explosions on the hex map (rules 2.6, 2.7, R27), as rule functions.

A craft that is destroyed (or self-destructs) explodes with the strength of what it has
left (`damage.explosion_strength`): full strength on everything in its own hex, the
catalog's falloff (8) less for each hex of range, and nothing once that is down to 0
(`damage.explosion_points`, the same function the range-track duel calls). On the map
it strikes every object in reach, friend or foe: a spacecraft takes the points as one
hit; a size class 0 object (a drone, a missile) takes no damage but is destroyed unless
two dice roll more than the points that reach its hex (the original's missile rules; R27 says which
strength and when no dice are rolled).

The loop over the objects on the map, the order of the survival rolls and what a
destroyed missile does next (it explodes in turn, for half its warhead) are the map
engine's; every step of them is one of these functions.
"""

from __future__ import annotations

from shipyard.core.rules import Cells, rule
from shipyard.rulesets.pentagon_war.rules.damage import explosion_points
from shipyard.rulesets.pentagon_war.rules.figures import EX_FALLOFF
from shipyard.rulesets.pentagon_war.rules.vector import hexes_apart

FACES = 6  # faces of a die
BLAST_ROLL, BLAST_SURVIVED, BLAST_DESTROYED = -1, 1, 0  # `blast_survival`
SURVIVAL_DICE = 2  # R27: a size class 0 object survives a blast on two dice


@rule
def blast_points(rates: Cells, strength: float, ea: int, ec: int, a: int, c: int) -> int:
    """2.7: the points an explosion of `strength` in hex `(ea, ec)` strikes hex `(a, c)`
    for: full strength in its own hex, less by the falloff per hex of range, 0 once
    nothing is left."""
    points = explosion_points(rates, strength, hexes_apart(ea, ec, a, c))
    return points if points > 0 else 0


@rule
def blast_reach(rates: Cells, strength: float) -> int:
    """2.7: the farthest range, in hexes, an explosion of `strength` still strikes; -1
    when it strikes nothing, not even its own hex."""
    if rates[EX_FALLOFF] <= 0:  # a catalog without falloff: the blast never fades
        return -1 if explosion_points(rates, strength, 0) <= 0 else 1 << 30
    hexes = -1
    while explosion_points(rates, strength, hexes + 1) > 0:
        hexes += 1
    return hexes


@rule
def blast_struck(rates: Cells, strength: float, ea: int, ec: int, hex_a: Cells,
                 hex_c: Cells, count: int, points: Cells) -> int:
    """2.7 on the map: the points an explosion in `(ea, ec)` strikes each of `count`
    objects for, the object `i` standing in `(hex_a[i], hex_c[i])`, written to
    `points[i]` (0: out of reach); the number of objects struck. The exploding craft is
    not among them."""
    struck = 0
    for i in range(count):
        points[i] = blast_points(rates, strength, ea, ec, int(hex_a[i]), int(hex_c[i]))
        if points[i] > 0:
            struck += 1
    return struck


@rule
def blast_survival(points: int, dice: int) -> int:
    """R27: whether a size class 0 object struck for `points` needs its roll of
    `dice` dice: BLAST_SURVIVED when even the lowest roll beats the points (no dice are
    rolled), BLAST_DESTROYED when even the highest cannot, BLAST_ROLL otherwise."""
    if points < dice:
        return BLAST_SURVIVED
    if points >= dice * FACES:
        return BLAST_DESTROYED
    return BLAST_ROLL


@rule
def blast_survives(points: int, roll: int) -> bool:
    """R27 (the original's missile rules): a size class 0 object survives an explosion
    when its dice roll more than the points that reach its hex."""
    return roll > points
