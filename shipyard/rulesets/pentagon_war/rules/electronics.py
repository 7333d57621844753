"""ECM and ECCM of a side of several craft (rules 2.2, 2.4, 2.9, R17, R28), as rule
functions.

Each craft powers ECM and ECCM at the start of a turn (`power.electronics_points`). With
more than one craft a side, each side's ECM and its ECCM are the averages over all its
spacecraft (the original's advanced rules), rounded down to whole points (R28). The rest
is the duel's own chain, reused as it stands: a side whose ECCM falls short of the other
side's ECM counts the radar of each of its craft a box lower per point short
(`power.radar_short`, 2.9), the rating that box shows is rolled for lock-on
(`power.lock_needs_roll`, `power.locks`, R17), and a craft that failed its lock-on fires
at double range (`fire.firing_range`, 2.4), whose URM enters the to-hit roll
(`fire.modified_roll`). ECM thus never changes a die roll directly: it lowers the chance
of a lock-on, and a failed lock-on lengthens every shot.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from shipyard.core.rules import Cells, rule
from shipyard.rulesets.pentagon_war.rules.power import radar_short

if TYPE_CHECKING:
    from shipyard.rulesets.pentagon_war.rules.figures import Figures


@rule
def side_figure(values: Cells, count: int) -> int:
    """R28: a side's ECM (or ECCM): the average of its `count` spacecraft's
    points, rounded down; 0 for a side with none."""
    if count <= 0:
        return 0
    total = 0
    for i in range(count):
        total += int(values[i])
    return total // count


@rule
def side_radar_short(f: Figures, enemy_ecm: Cells, enemies: int, own_eccm: Cells,
                     friends: int) -> int:
    """2.9 with each side's averages (R28): the radar boxes each craft of a side counts lower
    for the ECCM its side lacks against the other side's ECM."""
    return radar_short(f, side_figure(enemy_ecm, enemies), side_figure(own_eccm, friends))


@rule
def jammed_box(boxes: int, short: int) -> int:
    """2.9: which box of a radar track of `boxes` boxes (highest first, the 0 box last) is
    read when it counts `short` boxes lower, as though it had taken that many radar
    hits: never past the last box. Both duel engines read the rating there."""
    return short if short < boxes - 1 else boxes - 1


@rule
def jammed_rating(radar: Cells, boxes: int, short: int) -> int:
    """2.9: the rating of a radar track of `boxes` boxes counted `short` boxes lower
    (`jammed_box`)."""
    return int(radar[jammed_box(boxes, short)])
