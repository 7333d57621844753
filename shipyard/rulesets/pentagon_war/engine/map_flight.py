"""Missiles and liquid metal bolts homing across the hex map (rules 2.4, 2.6, R30).

On the map a missile or a bolt is a counter of its own: it leaves its launcher's hex
heading the way it wants toward its target (`rules.homing.launch_heading`; R30: a
bolt homes as a missile does), turns one hexside an impulse toward the
target's hex as it stands after the craft have moved, and steps one hex when its speed's
column of the impulse chart moves (missiles 6 or 12 by rail, bolts 12: every impulse),
`rules.homing.missile_impulse`. Its distance to the target is their hex distance, so
point defense in the target's hex, the missile's strike and the bolt's damage by the
hexes it flew play as the duel has them (`engine.flight`). Spent short of the target's
hex (24 hexes of missile fuel, 12 of a bolt's life), it is gone
(`rules.homing.homing_spent`). Drones keep their distance along the line (R31 as
written is not played yet). No die is rolled here.
"""

from __future__ import annotations

from collections.abc import Sequence

from shipyard.rulesets.pentagon_war.engine.battle import Battle
from shipyard.rulesets.pentagon_war.engine.flight import Flight
from shipyard.rulesets.pentagon_war.engine.hexmap import HexMap
from shipyard.rulesets.pentagon_war.engine.orders import Launch
from shipyard.rulesets.pentagon_war.engine.state import Bolt, Craft, GunTrack, Missile
from shipyard.rulesets.pentagon_war.rules.homing import (
    homing_spent,
    launch_heading,
    missile_impulse,
)
from shipyard.rulesets.pentagon_war.rules.vector import hexes_apart


class MapFlight(Flight):
    """`Flight` with missiles and bolts flying on the hex map; `partner[i]` is the craft
    craft `i` faces in the pair being played, `index` finds a craft's number."""

    def __init__(self, duel: Battle, hexmap: HexMap, partner: Sequence[int],
                 index: dict[int, int]) -> None:
        super().__init__(duel)
        self.hexmap = hexmap
        self.partner = partner
        self.index = index

    def move_missiles(self, craft: Craft, enemy: Craft) -> None:
        """2.6, R30: each missile homes one impulse on `enemy`'s hex."""
        f, j = self.duel.figures, self.index[id(enemy)]
        ta, tc = self.hexmap.a[j], self.hexmap.c[j]
        fuel = int(f.missile_fuel)
        for missile in craft.missiles:
            self.home(missile, ta, tc, missile.speed, fuel)
            missile.fuel = f.missile_fuel - missile.flown
        craft.missiles = [m for m in craft.missiles if m.alive]

    def move_bolts(self, craft: Craft, enemy: Craft) -> None:
        """2.4, R30: each bolt homes one impulse on `enemy`'s hex, as a missile does."""
        f, j = self.duel.figures, self.index[id(enemy)]
        ta, tc = self.hexmap.a[j], self.hexmap.c[j]
        for bolt in craft.bolts:
            self.home(bolt, ta, tc, int(f.metal_speed), f.metal_lifetime)
        craft.bolts = [b for b in craft.bolts if b.alive]

    def home(self, seeker: Missile | Bolt, ta: int, tc: int, speed: int, fuel: int) -> None:
        """One impulse of a seeker homing on the hex `(ta, tc)`."""
        seeker.heading, seeker.a, seeker.c, seeker.flown = missile_impulse(
            seeker.heading, seeker.a, seeker.c, ta, tc, seeker.flown, fuel, speed,
            self.duel.impulse, self.duel.figures.impulses)
        seeker.distance = float(hexes_apart(seeker.a, seeker.c, ta, tc))
        if homing_spent(seeker.a, seeker.c, ta, tc, seeker.flown, fuel):
            seeker.alive = False

    def place(self, side: int, seekers: Sequence[Missile | Bolt]) -> None:
        """Seekers just launched by craft `side`: in its hex, heading toward its foe."""
        hexmap, j = self.hexmap, self.partner[side]
        a, c = hexmap.a[side], hexmap.c[side]
        heading = launch_heading(hexmap.facing[side], a, c, hexmap.a[j], hexmap.c[j])
        for seeker in seekers:
            seeker.a, seeker.c, seeker.heading = a, c, heading

    def launch(self, side: int, craft: Craft, order: Launch) -> None:
        before = len(craft.missiles)
        super().launch(side, craft, order)
        self.place(side, craft.missiles[before:])

    def fire_gun(self, side: int, craft: Craft, gun: GunTrack) -> bool:
        before = len(craft.bolts)
        fired = super().fire_gun(side, craft, gun)
        self.place(side, craft.bolts[before:])
        return fired
