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
(`rules.homing.homing_spent`).

A drone is a size class 0 craft of its own (R31): it leaves its carrier's hex with the
carrier's components plus the launch spread toward its target (`rules.launch`), and
moves on the impulse chart as a craft does (`rules.impulses.body_move`). Each impulse
its captain (`Captain.drone_thrust`, reading the drone's hex distance and closing speed
to the target) may spend one of its 24 accelerations thrusting toward or away from the
target at standard acceleration (`rules.launch.drone_push`). A point-defense drone
escorts its carrier: while it has accelerations it keeps in the carrier's hex, each
impulse the carrier's velocity changed costing it one; with none left it drifts. No die
is rolled here.
"""

from __future__ import annotations

from collections.abc import Sequence

from shipyard.rulesets.pentagon_war.engine.battle import Battle
from shipyard.rulesets.pentagon_war.engine.flight import Flight
from shipyard.rulesets.pentagon_war.engine.hexmap import HexMap
from shipyard.rulesets.pentagon_war.engine.orders import Captain, Launch, Situation
from shipyard.rulesets.pentagon_war.engine.state import Bolt, Craft, Drone, GunTrack, Missile
from shipyard.rulesets.pentagon_war.rules.bearing import bearing, closing_speed
from shipyard.rulesets.pentagon_war.rules.homing import (
    homing_spent,
    launch_heading,
    missile_impulse,
)
from shipyard.rulesets.pentagon_war.rules.impulses import body_move, column_after, column_at_start
from shipyard.rulesets.pentagon_war.rules.launch import (
    drone_push,
    launch_spread,
    launch_velocity,
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
        before, carried = len(craft.missiles), len(craft.drones)
        super().launch(side, craft, order)
        self.place(side, craft.missiles[before:])
        for drone in craft.drones[carried:]:
            self.launched(side, drone)

    # -- drones (R31) ---------------------------------------------------------------------
    def launched(self, side: int, drone: Drone) -> None:
        """A drone just launched by craft `side`: in its hex, facing its target, with the
        components `rules.launch.launch_velocity` gives, counting in the carrier's chart
        columns as they change to its own (R25)."""
        hexmap, j, f = self.hexmap, self.partner[side], self.duel.figures
        m = hexmap.m
        a, c, va, vc = hexmap.a[side], hexmap.c[side], hexmap.va[side], hexmap.vc[side]
        da, dc = hexmap.a[j] - a, hexmap.c[j] - c
        drone.a, drone.c, drone.facing = a, c, bearing(da, dc)
        drone.va, drone.vc = launch_velocity(va, vc, da, dc,
                                             launch_spread(f.drone_spread, m.unit), m.top,
                                             drone.escort)
        columns = hexmap.columns[side]
        drone.col_a = column_after(columns[0], va, drone.va, m.unit, self.duel.turn, True)
        drone.col_c = column_after(columns[1], vc, drone.vc, m.unit, self.duel.turn, True)
        self.gauge(drone, j)

    def gauge(self, drone: Drone, j: int) -> None:
        """What the drone's captain reads: its hex distance to craft `j` and its speed
        toward it along the line between them."""
        hexmap = self.hexmap
        da, dc = hexmap.a[j] - drone.a, hexmap.c[j] - drone.c
        drone.distance = float(hexes_apart(drone.a, drone.c, hexmap.a[j], hexmap.c[j]))
        drone.speed = closing_speed(drone.va, drone.vc, da, dc, hexmap.m.unit)

    def start_turn(self, turn: int) -> None:
        """2.1: each drone's columns of the impulse chart for the turn (R25), as a craft's."""
        unit = self.hexmap.m.unit
        for craft in self.duel.crafts:
            for drone in craft.drones:
                drone.col_a = column_at_start(drone.va, unit, turn, True)
                drone.col_c = column_at_start(drone.vc, unit, turn, True)

    def move_drones(self, craft: Craft, enemy: Craft, policy: Captain) -> None:
        """R31: each drone thrusts as its captain asks and moves on the chart; an escort
        keeps to its carrier's hex while it can."""
        duel, hexmap = self.duel, self.hexmap
        m, i, j = hexmap.m, self.index[id(craft)], self.index[id(enemy)]
        situation = Situation(duel.turn, duel.impulse, duel.range, self.combat,
                              duel.covering, duel.rates)
        for drone in craft.drones:
            if not drone.alive:
                continue
            if drone.escort and drone.accelerations > 0:
                self.escort(i, drone)
            else:
                before_a, before_c = drone.va, drone.vc
                thrust = 0 if drone.escort else policy.drone_thrust(craft, enemy, drone,
                                                                    situation)
                if thrust and drone.accelerations > 0:
                    va, vc, facing = drone_push(m, drone.va, drone.vc, hexmap.a[j] - drone.a,
                                                hexmap.c[j] - drone.c, thrust)
                    if (va, vc) != (drone.va, drone.vc):
                        drone.va, drone.vc, drone.facing = va, vc, facing
                        drone.accelerations -= 1
                drone.col_a, drone.col_c, da, dc = body_move(
                    drone.col_a, drone.col_c, before_a, before_c, drone.va, drone.vc, m.unit,
                    duel.turn, duel.impulse, m.impulses)
                drone.a += da
                drone.c += dc
            self.gauge(drone, j)
        craft.drones = [d for d in craft.drones if d.alive]

    def escort(self, i: int, drone: Drone) -> None:
        """A point-defense drone with accelerations left keeps to craft `i`'s hex, its
        facing, components and columns; each impulse they changed costs it one."""
        hexmap = self.hexmap
        if (drone.va, drone.vc) != (hexmap.va[i], hexmap.vc[i]):
            drone.accelerations -= 1
        drone.a, drone.c, drone.facing = hexmap.a[i], hexmap.c[i], hexmap.facing[i]
        drone.va, drone.vc = hexmap.va[i], hexmap.vc[i]
        drone.col_a, drone.col_c = hexmap.columns[i]

    def escorting(self, side: int, drone: Drone) -> bool:
        """2.6: a point-defense drone defends its carrier when it shares its hex."""
        return drone.a == self.hexmap.a[side] and drone.c == self.hexmap.c[side]

    def fire_gun(self, side: int, craft: Craft, gun: GunTrack) -> bool:
        before = len(craft.bolts)
        fired = super().fire_gun(side, craft, gun)
        self.place(side, craft.bolts[before:])
        return fired
