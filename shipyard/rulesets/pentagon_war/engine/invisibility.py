"""Radar invisibility turned on against homing weapons (rules 2.9).

A missile or liquid metal bolt targeted on a craft before it goes radar invisible loses
its tracking on a roll of 1-4 on a d6 (2 times in 3) when the craft turns its
invisibility on, and cannot re-acquire it: it is out of the duel. One die a weapon, the
missiles first and then the bolts, each in the order launched; only the enemies whose
seekers home on the craft roll (`Duel.homing_on`: on the map, those whose target it
is). The compiled engine rolls the same dice in the same order
(`fast.flight.lose_tracks`). The rule is `rules.flight.tracking_lost`.
"""

from __future__ import annotations

from shipyard.core.dice import Dice
from shipyard.rulesets.pentagon_war.engine.state import Bolt, Craft, Missile
from shipyard.rulesets.pentagon_war.rules import flight as rules
from shipyard.rulesets.pentagon_war.rules.figures import Figures


def lose_tracks(craft: Craft, enemy: Craft, dice: Dice, f: Figures) -> str:
    """Roll for each of `enemy`'s missiles and bolts homing on `craft`, which has just
    turned radar invisibility on; drop those that lose it. The log line, or ""."""
    rolls: list[str] = []
    seekers: list[tuple[Missile | Bolt, str]] = [(m, "a missile") for m in enemy.missiles]
    seekers += [(b, "a bolt") for b in enemy.bolts]
    for seeker, name in seekers:
        if not seeker.alive:
            continue
        die = dice.d6()
        lost = rules.tracking_lost(f, die)
        if lost:
            seeker.alive = False
        rolls.append(f"{name} rolls {die}: " + ("loses its track" if lost
                                                else "keeps its track"))
    if not rolls:
        return ""
    enemy.missiles = [m for m in enemy.missiles if m.alive]
    enemy.bolts = [b for b in enemy.bolts if b.alive]
    return f"  {craft.name} turns radar invisibility on: " + "; ".join(rolls)
