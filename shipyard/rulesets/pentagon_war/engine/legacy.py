"""The default captain as it was, kept to measure the new one against.

`shipyard duel --policy-a legacy` still reaches it, and the captains
benchmark (`benchmarks/captains_bench.py`) fights every pair of samples with
the new default against it. It plays by the same rules as every captain: the
engine checks its orders like any other's.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import copysign, sqrt

from shipyard.rulesets.pentagon_war.engine import fire
from shipyard.rulesets.pentagon_war.engine.orders import (
    AWAY,
    CRASH_TOWARD,
    EVADE_AWAY,
    EVADE_TOWARD,
    NO_LAUNCH,
    TOWARD,
    Allocation,
    Captain,
    FireOrder,
    Incoming,
    Launch,
    Maneuver,
    Situation,
    aim,
    steer,
)
from shipyard.rulesets.pentagon_war.engine.state import Bolt, Craft, Drone
from shipyard.rulesets.pentagon_war.engine.tables import Combat


class Legacy(Captain):
    """The default policy as it was before the captains learned to play like players."""

    name = "legacy"
    preferred_range = 4
    fire_range = 6
    evade_between_volleys = False
    crash_when_far = False
    missile_range = 14
    drone_range = 20
    missiles_per_impulse = 1
    shoot_drones_within = 3

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
        costs = combat.quick.costs
        return sum([g.boxes * costs.get(g.type, 0) for g in me.weapons])

    # -- each impulse ------------------------------------------------------
    def maneuver(self, me: Craft, enemy: Craft, situation: Situation) -> Maneuver:
        if self.fire_now(me, enemy, situation) or me.is_base:
            return steer(self.best_direction(me, situation))
        wanted = self.wanted_velocity(me, enemy, situation)
        half_step = situation.combat.quick.half_step
        evade = self.evade_between_volleys
        if me.velocity < wanted - half_step:
            if self.crash_when_far and situation.range > self.fire_range * 2:
                return CRASH_TOWARD
            return EVADE_TOWARD if evade else TOWARD
        if me.velocity > wanted + half_step:
            return EVADE_AWAY if evade else AWAY
        return steer(self.best_direction(me, situation), 0, False, evade)

    def wanted_velocity(self, me: Craft, enemy: Craft, situation: Situation) -> float:
        """Close (or open) the gap to the preferred range, braking in time."""
        quick = situation.combat.quick
        top = quick.top_speed
        gap = situation.range - self.preferred_range
        closing = sqrt(quick.brake * abs(gap))
        # Clamped with conditionals rather than min/max: this runs for both craft every impulse.
        wanted = copysign(closing if closing < top else top, gap) - enemy.velocity
        return top if wanted > top else -top if wanted < -top else wanted

    def fire_now(self, me: Craft, enemy: Craft, situation: Situation) -> bool:
        """Fire at the preferred range, else on the last impulse of the turn."""
        quick = situation.combat.quick
        if situation.range > self.fire_range and situation.impulse != quick.impulses:
            return False
        limit = quick.secondary_shots
        for group in me.weapons:
            if group.boxes > 0 and group.fired < group.boxes * limit:
                return True
        turn, rests = situation.turn, quick.rests
        for gun in me.guns:  # 2.2: radiation and liquid metal guns rest a turn between shots
            if gun.boxes > 0 and gun.last_turn < turn - rests.get(gun.type, 0):
                return True
        return False

    def best_direction(self, me: Craft, situation: Situation) -> int:
        """The direction bringing the most weapon boxes to bear; ties go to thicker armor."""
        # The answer depends on the tracks' arcs and boxes, the armor and the arc coverage
        # only, so every duel and every policy shares what was found.
        known = _bearings(situation.covering)
        key: BearingKey = (*[(g.arcs, g.boxes) for g in me.weapons],
                           *[(g.arcs, g.boxes) for g in me.guns], *me.armor)
        cached = known.get(key)
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
        known[key] = best
        return best

    def launch(self, me: Craft, enemy: Craft, situation: Situation) -> Launch:
        aboard = me.boxes["missile"]
        if not aboard and not me.drone_bays:
            return NO_LAUNCH
        missiles = 0
        if aboard > 0 and situation.range <= self.missile_range:
            missiles = min(self.missiles_per_impulse, aboard)
        drones = len(me.drone_bays) if situation.range <= self.drone_range else 0
        if not missiles and not drones:
            return NO_LAUNCH
        spare = me.power - self.weapon_power(me, situation.combat)
        rail = max(0, min(missiles, spare // max(situation.combat.power.rail_launch, 1)))
        return Launch(missiles=missiles, rail=rail, drones=drones)

    def fire(self, me: Craft, enemy: Craft, situation: Situation) -> list[FireOrder]:
        now = self.fire_now(me, enemy, situation)
        if not now and not enemy.bolts:
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
            elif not now:
                continue
            elif group.type == "laser" and drone is not None:
                orders.append(FireOrder(index, target="drone", target_index=drone))
            elif group.type == "magnetic_beam":
                if fire.best_case(group.type, hexes, enemy.size_class, extra, combat):
                    pull = situation.range > self.preferred_range
                    orders.append(FireOrder(index, pull=pull, double=True))
            elif fire.best_case(group.type, hexes, enemy.size_class, extra, combat) > 0:
                orders.append(aim(index))
        if now:
            for index, gun in enumerate(me.guns):
                if not self._gun_ready(me, index, situation):
                    continue
                if gun.type == "liquid_metal_gun":
                    if situation.range <= _bolt_reach(combat):
                        orders.append(aim(index, gun=True))
                elif fire.best_case(
                        gun.type, hexes, enemy.size_class, extra, combat) > 0:
                    orders.append(aim(index, gun=True))
        return orders

    def drone_fires(self, me: Craft, enemy: Craft, drone: Drone, situation: Situation) -> bool:
        """A drone fires once it holds its distance, or on the last impulse of the turn."""
        combat = situation.combat
        hexes = fire.firing_range(int(drone.gap), me.locked, combat)
        extra = fire.modifier(False, enemy.evading, combat)
        if fire.best_case(drone.weapon, hexes, enemy.size_class, extra, combat) <= 0:
            return False
        last = situation.impulse == combat.turn.impulses
        return drone.gap <= self.drone_hold + 1 or last

    def reinforce(self, me: Craft, enemy: Craft, situation: Situation, incoming: Incoming) -> int:
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
        rest = situation.combat.quick.rests.get(gun.type, 0)
        return gun.boxes > 0 and gun.last_turn < situation.turn - rest

    def _unfired_power(self, me: Craft, combat: Combat) -> int:
        costs = combat.quick.costs
        return sum([max(g.boxes - g.fired, 0) * costs.get(g.type, 0) for g in me.weapons])

    def _drone_target(self, enemy: Craft) -> int | None:
        near = [(d.gap, i) for i, d in enumerate(enemy.drones)
                if d.alive and not d.escort and d.gap <= self.shoot_drones_within]
        return min(near)[1] if near else None


BearingKey = tuple[tuple[frozenset[str], int] | int, ...]  # arcs and boxes of each track, armor
BEARINGS_KEPT = 4096  # best directions remembered per arc coverage before starting afresh
_BEARINGS: list[tuple[dict[int, frozenset[str]], dict[BearingKey, int]]] = []


def _bearings(covering: dict[int, frozenset[str]]) -> dict[BearingKey, int]:
    """Best directions found so far with this arc coverage (the latest coverage only)."""
    for known, table in _BEARINGS:
        if known is covering:
            if len(table) > BEARINGS_KEPT:
                table.clear()
            return table
    fresh: dict[BearingKey, int] = {}
    _BEARINGS[:] = [(covering, fresh)]
    return fresh


def _bolt_reach(combat: Combat) -> float:
    """How far a liquid metal bolt flies before it is spent (2.4)."""
    rule = combat.liquid_metal
    return rule.speed * rule.lifetime_impulses / combat.turn.impulses - 1


def _nearest(bolts: Sequence[Bolt]) -> int | None:
    live = [(b.distance, i) for i, b in enumerate(bolts) if b.alive]
    return min(live)[1] if live else None
