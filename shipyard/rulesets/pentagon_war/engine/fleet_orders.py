"""Which enemy each craft of a fleet fights (captains for a fleet).

A captain's choice, not a rule. The enemies are ranked by what destroying them is
worth for the effort: threat (the weapon and gun boxes, missiles and drones they can
still use) per box left to destroy (the turns it takes to kill them); the first is the
side's focus. A craft without a target takes the first enemy in that order whose
attackers do not already bring more threat than it has boxes left, so no craft is
overkilled while another is left alone; when every enemy has enough, the focus. A
craft keeps its target until that target is destroyed.

R34: the heaviest threat against a craft (`heaviest`) is the attacker it shows the side
its captain asks for between volleys, and each craft's blast reach (`blast_room`) is
how far apart its friends keep.
"""

from __future__ import annotations

from collections.abc import Sequence
from copy import copy

from shipyard.rulesets.pentagon_war.engine.damage import explosion_strength
from shipyard.rulesets.pentagon_war.engine.quick_reference import ExplosionRates
from shipyard.rulesets.pentagon_war.engine.state import Craft, total_boxes
from shipyard.rulesets.pentagon_war.rules.explosions import blast_reach

FARTHEST_ROOM = 60  # hexes: friends never keep farther apart (a catalog without falloff)


def threat(craft: Craft) -> int:
    """What a craft can still do to a fleet: its weapon and gun boxes, missiles and drones."""
    return (sum(g.boxes for g in craft.weapons) + sum(g.boxes for g in craft.guns)
            + craft.boxes["missile"] + len(craft.drone_bays) + len(craft.drones))


def ranked(crafts: Sequence[Craft], indices: Sequence[int]) -> list[int]:
    """`indices` (of `crafts`, alongside) best target first: most threat per box left;
    ties in the order given."""
    worth = [(threat(craft) + 1) / max(1, total_boxes(craft)) for craft in crafts]
    order = sorted(range(len(indices)), key=lambda k: -worth[k])
    return [indices[k] for k in order]


def assign(order: Sequence[int], need: dict[int, int], load: dict[int, int],
           threat_of: int) -> int:
    """The target for one more attacker bringing `threat_of`: the first enemy in `order`
    whose `load` (threat already on it) is short of its `need` (boxes left), else the
    first; its load grows by `threat_of`."""
    chosen = order[0]
    for enemy in order:
        if load[enemy] < need[enemy]:
            chosen = enemy
            break
    load[chosen] += threat_of
    return chosen


def heaviest(crafts: Sequence[Craft], attackers: Sequence[int], target: int) -> int:
    """R34: of `attackers` (indices of `crafts`: enemies whose target is one craft), the
    one with the most `threat`, the craft's own `target` first among equals, else the
    first; -1 when that is the target or there is none."""
    most, chosen = -1, -1
    for k in attackers:
        weight = threat(crafts[k])
        if weight > most or (weight == most and k == target):
            most, chosen = weight, k
    return -1 if chosen == target else chosen


def blast_room(craft: Craft, rates: ExplosionRates) -> int:
    """R34: how far, in hexes, the strongest explosion `craft` could make strikes: the
    fresh craft's (`damage.explosion_strength`) with its capacitors full, at most
    `FARTHEST_ROOM`; -1: none."""
    full = copy(craft)
    full.charge, full.spent = craft.boxes["capacitor"], 0
    return min(blast_reach(rates, explosion_strength(full, rates)), FARTHEST_ROOM)
