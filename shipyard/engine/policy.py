"""Decisions, kept apart from the rules: power, facing, thrust, fire, launches, PD.

A policy reads the duel state and answers with plain orders; the duel loop
checks every order against the rules and ignores what the rules forbid. The
default holds a middle range; `brawler` closes to point-blank range, `sniper`
stands off and evades between volleys, `carrier` empties its bays and
magazines early and keeps its distance.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from shipyard.engine import fire
from shipyard.engine.pointdefense import Target
from shipyard.engine.state import Bolt, Craft, Drone
from shipyard.engine.tables import Combat

TargetKind = Literal["craft", "drone", "bolt"]


@dataclass(frozen=True, slots=True)
class Situation:
    """What a policy may look at besides the two craft."""

    turn: int
    impulse: int  # 1-based within the turn
    range: float
    combat: Combat
    covering: dict[int, frozenset[str]]  # relative direction -> the two arcs covering it

    @property
    def hexes(self) -> int:
        return int(self.range)


@dataclass(frozen=True, slots=True)
class Allocation:
    """Turn-start power: ECM, ECCM and radar invisibility (2.2, 2.9)."""

    ecm: int = 0
    eccm: int = 0
    invisible: bool = False


@dataclass(frozen=True, slots=True)
class Maneuver:
    direction: int  # where the enemy lies, 1-6 (1 = dead ahead)
    thrust: int = 0  # +1 toward the enemy (direction 1), -1 away (direction 4)
    crash: bool = False
    evade: bool = False


@dataclass(frozen=True, slots=True)
class Launch:
    missiles: int = 0
    rail: int = 0  # of those, how many go by rail (1 power each)
    drones: int = 0


@dataclass(frozen=True, slots=True)
class FireOrder:
    """Fire weapon group (`gun=False`) or gun `index` at a target."""

    index: int
    gun: bool = False
    target: TargetKind = "craft"
    target_index: int = 0
    pull: bool = True  # magnetic beams: pull (True) or push
    double: bool = False  # magnetic beams: double strength for 1 power


NO_LAUNCH = Launch()


class Policy:
    """The default policy: close to a middle range and fire when it pays."""

    name = "default"
    preferred_range = 4
    fire_range = 6
    evade_between_volleys = False
    crash_when_far = False
    missile_range = 14
    drone_range = 20
    missiles_per_impulse = 1
    shoot_drones_within = 3
    drone_hold = 1  # drones close to this many hexes from the enemy and hold there

    def __init__(self) -> None:
        self._directions: dict[tuple[int, ...], int] = {}
        self._steps: tuple[Combat, float] | None = None

    def _half_step(self, combat: Combat) -> float:
        """Half of one impulse of standard acceleration, in hexes per turn."""
        if self._steps is None or self._steps[0] is not combat:
            step = float(combat.movement.standard_acceleration) / combat.turn.impulses / 2
            self._steps = (combat, step)
        return self._steps[1]

    # -- turn start --------------------------------------------------------
    def allocate(self, me: Craft, enemy: Craft, situation: Situation) -> Allocation:
        combat = situation.combat
        spare = me.power - self.weapon_power(me, combat)
        invisible = False
        cost = me.invisibility_cost
        if me.can_be_invisible and 0 < cost <= spare:
            invisible, spare = True, spare - cost
        limit = me.radar_rating * (combat.power.special_electronics_factor
                                   if me.special_electronics else 1)
        eccm = max(0, min(limit, -(-spare // 2) // combat.power.eccm_point))  # ECCM first
        spare -= eccm * combat.power.eccm_point
        ecm = max(0, min(limit, spare // combat.power.ecm_point))
        return Allocation(ecm=ecm, eccm=eccm, invisible=invisible)

    def weapon_power(self, me: Craft, combat: Combat) -> int:
        """Power this turn's volleys will need."""
        return sum(g.boxes * _cost(g.type, combat) for g in me.weapons)

    # -- each impulse ------------------------------------------------------
    def maneuver(self, me: Craft, enemy: Craft, situation: Situation) -> Maneuver:
        if self.fire_now(me, enemy, situation) or me.is_base:
            return Maneuver(self.best_direction(me, situation))
        wanted = self.wanted_velocity(me, enemy, situation)
        half_step = self._half_step(situation.combat)
        crash = self.crash_when_far and situation.range > self.fire_range * 2
        evade = self.evade_between_volleys
        if me.velocity < wanted - half_step:
            return Maneuver(1, thrust=1, crash=crash, evade=evade and not crash)
        if me.velocity > wanted + half_step:
            return Maneuver(4, thrust=-1, evade=evade)
        return Maneuver(self.best_direction(me, situation), evade=evade)

    def wanted_velocity(self, me: Craft, enemy: Craft, situation: Situation) -> float:
        """Close (or open) the gap to the preferred range, braking in time."""
        movement = situation.combat.movement
        top = movement.top_speed
        gap = situation.range - self.preferred_range
        closing = min(top, math.sqrt(4 * self._half_step(situation.combat)
                                     * situation.combat.turn.impulses * abs(gap)))
        wanted = math.copysign(closing, gap) - enemy.velocity
        return max(-top, min(top, wanted))

    def fire_now(self, me: Craft, enemy: Craft, situation: Situation) -> bool:
        """Fire at the preferred range, else on the last impulse of the turn."""
        if situation.range > self.fire_range and situation.impulse != (
                situation.combat.turn.impulses):
            return False
        return any(self._ready(me, i, situation) for i in range(len(me.weapons))) or any(
            self._gun_ready(me, i, situation) for i in range(len(me.guns)))

    def best_direction(self, me: Craft, situation: Situation) -> int:
        """The direction bringing the most weapon boxes to bear; ties go to thicker armor."""
        key = (id(me), *(g.boxes for g in me.weapons), *(g.boxes for g in me.guns), *me.armor)
        cached = self._directions.get(key)
        if cached is not None:
            return cached
        best, score = 1, (-1, -1)
        for direction in range(1, 7):
            arcs = situation.covering[direction]
            bearing = sum(g.boxes for g in me.weapons if g.arcs & arcs)
            bearing += sum(g.boxes for g in me.guns if g.arcs & arcs)
            candidate = (bearing, me.armor[direction])
            if candidate > score:
                best, score = direction, candidate
        self._directions[key] = best
        return best

    def launch(self, me: Craft, enemy: Craft, situation: Situation) -> Launch:
        if not me.boxes["missile"] and not me.drone_bays:
            return NO_LAUNCH
        missiles = 0
        if me.boxes["missile"] > 0 and situation.range <= self.missile_range:
            missiles = min(self.missiles_per_impulse, me.boxes["missile"])
        spare = me.power - self.weapon_power(me, situation.combat)
        rail = max(0, min(missiles, spare // max(situation.combat.power.rail_launch, 1)))
        drones = len(me.drone_bays) if situation.range <= self.drone_range else 0
        return Launch(missiles=missiles, rail=rail, drones=drones)

    def fire(self, me: Craft, enemy: Craft, situation: Situation) -> list[FireOrder]:
        if not self.fire_now(me, enemy, situation) and not enemy.bolts:
            return []
        orders: list[FireOrder] = []
        combat = situation.combat
        bolt = _nearest(enemy.bolts)
        drone = self._drone_target(enemy)
        extra = fire.modifier(me.evading, enemy.evading, combat)
        hexes = fire.firing_range(situation.hexes, me.locked, combat)
        for index, group in enumerate(me.weapons):
            if not self._ready(me, index, situation):
                continue
            if group.type in ("proton_cannon", "magnetic_beam") and bolt is not None:
                orders.append(FireOrder(index, target="bolt", target_index=bolt))
            elif not self.fire_now(me, enemy, situation):
                continue
            elif group.type == "laser" and drone is not None:
                orders.append(FireOrder(index, target="drone", target_index=drone))
            elif group.type == "magnetic_beam":
                if fire.best_case(group.type, hexes, enemy.size_class, extra, combat):
                    pull = situation.range > self.preferred_range
                    orders.append(FireOrder(index, pull=pull, double=True))
            elif fire.best_case(group.type, hexes, enemy.size_class, extra, combat) > 0:
                orders.append(FireOrder(index))
        if self.fire_now(me, enemy, situation):
            for index, gun in enumerate(me.guns):
                if not self._gun_ready(me, index, situation):
                    continue
                if gun.type == "liquid_metal_gun":
                    if situation.range <= _bolt_reach(combat):
                        orders.append(FireOrder(index, gun=True))
                elif fire.best_case(
                        gun.type, hexes, enemy.size_class, extra, combat) > 0:
                    orders.append(FireOrder(index, gun=True))
        return orders

    def drone_fires(self, me: Craft, enemy: Craft, drone: Drone, situation: Situation) -> bool:
        """A drone fires once it holds its distance, or on the last impulse of the turn."""
        combat = situation.combat
        hexes = fire.firing_range(int(drone.distance), me.locked, combat)
        extra = fire.modifier(False, enemy.evading, combat)
        if fire.best_case(drone.weapon, hexes, enemy.size_class, extra, combat) <= 0:
            return False
        last = situation.impulse == combat.turn.impulses
        return drone.distance <= self.drone_hold + 1 or last

    def point_defense(self, me: Craft, targets: Sequence[Target]) -> list[int]:
        """Missiles first, then drones, then a craft in the hex."""
        return sorted(range(len(targets)), key=lambda i: (not targets[i].killable,
                                                          targets[i].size_class, i))

    def reinforce(self, me: Craft, enemy: Craft, situation: Situation, incoming: bool) -> int:
        """Screen points to buy once the enemy has announced its fire."""
        if not incoming:
            return 0
        spare = me.power - self._unfired_power(me, situation.combat)
        return max(0, spare // situation.combat.power.screen_reinforcement)

    # -- helpers -----------------------------------------------------------
    def _ready(self, me: Craft, index: int, situation: Situation) -> bool:
        group = me.weapons[index]
        limit = situation.combat.fire_limits.secondary_shots_per_turn
        return group.boxes > 0 and group.fired < group.boxes * limit

    def _gun_ready(self, me: Craft, index: int, situation: Situation) -> bool:
        gun = me.guns[index]
        limits = situation.combat.fire_limits
        rest = {"radiation_gun": limits.radiation_rest_turns,
                "liquid_metal_gun": limits.liquid_metal_rest_turns}.get(gun.type, 0)
        return gun.boxes > 0 and gun.last_turn < situation.turn - rest

    def _unfired_power(self, me: Craft, combat: Combat) -> int:
        return sum(max(g.boxes - g.fired, 0) * _cost(g.type, combat) for g in me.weapons)

    def _drone_target(self, enemy: Craft) -> int | None:
        near = [(d.distance, i) for i, d in enumerate(enemy.drones)
                if d.alive and not d.escort and d.distance <= self.shoot_drones_within]
        return min(near)[1] if near else None


class Brawler(Policy):
    """Close to point-blank range with crash acceleration, fire at once."""

    name = "brawler"
    preferred_range = 0
    fire_range = 2
    crash_when_far = True
    missile_range = 8


class Sniper(Policy):
    """Stand off, fire at long range and evade between volleys."""

    name = "sniper"
    preferred_range = 12
    fire_range = 16
    evade_between_volleys = True
    missile_range = 20


class Carrier(Policy):
    """Launch every drone and missile early and hold well back."""

    name = "carrier"
    preferred_range = 16
    fire_range = 16
    missile_range = 24
    drone_range = 999
    missiles_per_impulse = 4


POLICIES: dict[str, type[Policy]] = {
    cls.name: cls for cls in (Policy, Brawler, Sniper, Carrier)
}


def policy_named(name: str) -> Policy:
    """A fresh policy by name; `KeyError` names the known ones."""
    try:
        return POLICIES[name]()
    except KeyError:
        known = ", ".join(POLICIES)
        raise KeyError(f"unknown policy {name!r} (known: {known})") from None


def _bolt_reach(combat: Combat) -> float:
    """How far a liquid metal bolt flies before it is spent (2.4)."""
    rule = combat.liquid_metal
    return rule.speed * rule.lifetime_impulses / combat.turn.impulses - 1


def _cost(kind: str, combat: Combat) -> int:
    power = combat.power
    return {"laser": power.laser, "electron_cannon": power.electron_cannon,
            "proton_cannon": power.proton_cannon}.get(kind, 0)


def _nearest(bolts: Sequence[Bolt]) -> int | None:
    live = [(b.distance, i) for i, b in enumerate(bolts) if b.alive]
    return min(live)[1] if live else None
