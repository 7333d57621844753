"""Where the fighters of a battle start (rules 4 leaves the start to the scenario).

Ruling TB3: the two sides meet head-on, `start_range` hexes apart, each in line
abreast square to its heading, two hexes between neighbours: a side's first
fighter in the middle, the next ones to either side in turn.
Side B's line is side A's turned half round the midpoint, so a fleet finds the
same start on either side. A fighter of one against one starts as a duel's:
side A's at the origin facing +q, side B's `start_range` hexes ahead facing it.
A negative start speed starts that side facing away.
"""

from __future__ import annotations

from collections.abc import Sequence

from shipyard.rulesets.tacship.engine.battle import DuelStart
from shipyard.rulesets.tacship.engine.state import Craft, Fighter
from shipyard.rulesets.tacship.rules.squadron import abreast


def names_of(fleets: tuple[Sequence[Fighter], Sequence[Fighter]]) -> list[str]:
    """Each fighter's name in the battle; a name both sides use gets " (A)" or " (B)"."""
    a = [f.name for f in fleets[0]]
    b = [f.name for f in fleets[1]]
    both = set(a) & set(b)
    return ([f"{n} (A)" if n in both else n for n in a]
            + [f"{n} (B)" if n in both else n for n in b])


def deploy(fleet_a: Sequence[Fighter], fleet_b: Sequence[Fighter],
           scenario: DuelStart) -> list[Craft]:
    """Both fleets' fighters at their start (ruling TB3), side A's then side B's."""
    speed_a, speed_b = scenario.each_speed
    names = names_of((fleet_a, fleet_b))
    crafts: list[Craft] = []
    for k, fighter in enumerate(fleet_a):
        q, r = abreast(k, 0, 0, 1)
        crafts.append(Craft.enter(fighter, "a", (q, r), 0 if speed_a >= 0 else 3, abs(speed_a),
                                  names[k], key=k))
    for k, fighter in enumerate(fleet_b):
        q, r = abreast(k, scenario.start_range, 0, -1)
        crafts.append(Craft.enter(fighter, "b", (q, r), 3 if speed_b >= 0 else 0, abs(speed_b),
                                  names[len(fleet_a) + k], key=len(fleet_a) + k))
    return crafts
