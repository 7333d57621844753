"""Where a pilot launches a missile: a rule of thumb built on rules 4.

A missile homes once, right after its target's next move, and is removed if
it cannot reach the target then (`ordnance.in_reach`). A pilot carrying a
missile stands off (`stand_off_spot`): it likes to end a move where a launch
would reach the enemy where it is now from farther than the enemy flies on in a
move, so flying on carries the enemy into the missile's path, not past it. The target moves before
the missile and sees it, so a pilot launches when the missile's expected damage
against the target's best reply beats holding it (`Pilot.launch_pays`): the
reply is the move a pilot of the launcher's own mind would make in the target's
place, weighing the missile in flight (its escape) against its own guns and
position; a target with a decoy armed or still to arm relies on the decoy
instead, which the missile beats only when its opposed roll is higher
(`rules.ordnance.beats_decoy`). The damage is the warhead's mean at the distance
the missile's own steering would fuse at (`rules.ordnance.blast_mean`). A pilot
launches only after the target has moved this turn: a missile released before
that flies the target's whole move straight ahead, unfused, and the target then
has a second move to slip away in (docs/rules.md T4).
"""

from __future__ import annotations

from shipyard.rulesets.tacship.engine.hexes import Hex, distance
from shipyard.rulesets.tacship.engine.ordnance import reaches
from shipyard.rulesets.tacship.engine.state import Craft
from shipyard.rulesets.tacship.rules import ordnance as rules
from shipyard.rulesets.tacship.rules.figures import Figures


def missile_reaches(pos: Hex, heading: int, speed: int, target: Hex, f: Figures) -> bool:
    """Would a missile released here, at the end of a move at `speed` on `heading`,
    reach a target sitting at `target` on its homing move?"""
    q, r = rules.launch_hex(f, pos[0], pos[1], heading)
    return reaches(f, (q, r), heading, rules.missile_speed(f, speed), target)


def stand_off_spot(pos: Hex, heading: int, speed: int, target: Hex, gap: int,
                   f: Figures) -> bool:
    """Would a missile released here, at the end of a move at `speed` on `heading`, start
    more than `gap` hexes from a target sitting at `target` and still reach it?"""
    q, r = rules.launch_hex(f, pos[0], pos[1], heading)
    return distance((q, r), target) > gap and reaches(
        f, (q, r), heading, rules.missile_speed(f, speed), target)


def decoy_ready(craft: Craft, f: Figures) -> bool:
    """Will `craft` have a decoy out against a missile launched at it now? One armed,
    or one in store with an armed slot free for it (it arms one when threatened)."""
    return "decoy" in craft.armed or (craft.stores.get("decoy", 0) > 0
                                      and len(craft.armed) < f.armed_limit)
