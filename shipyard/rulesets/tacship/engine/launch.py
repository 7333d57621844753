"""Where a pilot launches a missile: a rule of thumb built on rules 4.

A missile homes once, right after its target's next move, and is removed if
it cannot reach the target then (`ordnance.in_reach`). The target moves before
the missile and sees it, so a launch pays only where every move the target can
make still ends within the missile's reach; the pilot weighs the target's own
candidate moves (`Pilot.candidates`, the moves a pilot of this engine chooses
from). It launches only after the target has moved this turn: a missile
released before that flies the target's whole move straight ahead, unfused,
and the target then has a second move to slip away in (docs/rules.md T4).
"""

from __future__ import annotations

from collections.abc import Iterable

from shipyard.rulesets.tacship.engine.hexes import Hex
from shipyard.rulesets.tacship.engine.movement import Plan, end_of
from shipyard.rulesets.tacship.engine.ordnance import reaches
from shipyard.rulesets.tacship.engine.state import Craft
from shipyard.rulesets.tacship.rules import ordnance as rules
from shipyard.rulesets.tacship.rules.figures import Figures


def move_ends(craft: Craft, plans: Iterable[Plan]) -> tuple[Hex, ...]:
    """The hexes where `craft`'s next move can end, each once, in the plans' order."""
    return tuple(dict.fromkeys(end_of(craft.pos, craft.heading, plan)[0] for plan in plans))


def reaches_all(pos: Hex, heading: int, speed: int, ends: tuple[Hex, ...],
                f: Figures) -> bool:
    """Would a missile released here, at the end of a move at `speed` on `heading`,
    reach its target wherever among `ends` that target's next move ends?"""
    q, r = rules.launch_hex(f, pos[0], pos[1], heading)
    missile_speed = rules.missile_speed(f, speed)
    return all(reaches(f, (q, r), heading, missile_speed, end) for end in ends)
