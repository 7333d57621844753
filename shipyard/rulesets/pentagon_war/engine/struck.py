"""A craft's hits on the hex map, stamped as they are sent (R13, R29, R32).

On the range track every hit comes from the one enemy, so damage assessment reads the
side the craft shows it then. On the map hits come from several craft in one impulse:
each is stamped, when sent, with the armor side facing its sender and whether the
craft's directional screens face that sender (`MapBattle.other` sets `covered` for the
hit it sends next).
"""

from __future__ import annotations

from shipyard.rulesets.pentagon_war.engine.damage import Hit
from shipyard.rulesets.pentagon_war.engine.state import Craft


class Struck(list[Hit]):
    """One craft's hits waiting for damage assessment, each stamped when it is sent with
    the armor side it strikes (the relative direction the craft sees its sender in) and,
    for directional screens, whether they face its sender (`covered`, R29: set by
    `MapBattle.other` for the hit it sends next)."""

    __slots__ = ("covered", "craft")

    def __init__(self, craft: Craft) -> None:
        super().__init__()
        self.craft = craft
        self.covered = True

    def append(self, hit: Hit) -> None:
        if not hit.side:
            hit.side = self.craft.direction
        if not self.covered:
            hit.screened = False  # R29: fired from off the directional screens' line
            self.covered = True
        super().append(hit)
