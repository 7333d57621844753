"""Which enemy each craft of a fleet fights (captains for a fleet).

A captain's choice, not a rule. The enemies are ranked by what destroying them is
worth for the effort: threat (the weapon and gun boxes, missiles and drones they can
still use) per box left to destroy (the turns it takes to kill them); the first is the
side's focus. A craft without a target takes the first enemy in that order whose
attackers do not already bring more threat than it has boxes left, so no craft is
overkilled while another is left alone; when every enemy has enough, the focus. A
craft keeps its target until that target is destroyed.
"""

from __future__ import annotations

from collections.abc import Sequence

from shipyard.rulesets.pentagon_war.engine.state import Craft, total_boxes


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
