"""Which weapons a captain turns on drones, missiles and bolts coming at it.

Secondary weapons fire once a turn (2.2), so every box sent at a drone is a
box that will not fire at the enemy craft this turn. Each box goes where it
is worth most: at the drone or missile whose expected damage it removes best
(its chance to kill times what the target would still do), or kept for the
enemy craft (its mean damage there). Proton cannons, and magnetic beams
fired as proton cannons, meet liquid metal bolts first (2.4).
"""

from __future__ import annotations

from shipyard.rulesets.pentagon_war.engine import fire
from shipyard.rulesets.pentagon_war.engine.orders import FireOrder, Situation, TargetKind
from shipyard.rulesets.pentagon_war.engine.state import Craft

HORIZON = 3  # turns a drone left alone is taken to keep firing
WATCH = 6  # hexes within which drones and missiles count as coming
LATER = 0.6  # worth of a box kept for the craft when it would not fire this impulse
KILLERS = ("laser", "electron_cannon", "proton_cannon")


def aim_at_small_craft(me: Craft, enemy: Craft, situation: Situation,
                       now: bool) -> tuple[list[FireOrder], dict[int, int]]:
    """Orders at bolts, drones and missiles, and how many boxes of each group they take."""
    combat = situation.combat
    orders: list[FireOrder] = []
    spent: dict[int, int] = {}
    arcs = situation.covering[me.direction]
    limit = combat.quick.secondary_shots
    power = me.power
    bolts = [(b.distance, i) for i, b in enumerate(enemy.bolts) if b.alive]
    if bolts:
        bolt = min(bolts)[1]
        for index, group in enumerate(me.weapons):
            left = group.boxes * limit - group.fired
            if left > 0 and group.arcs & arcs and group.type in ("proton_cannon",
                                                                   "magnetic_beam"):
                orders.append(FireOrder(index, target="bolt", target_index=bolt))
                spent[index] = left
    targets = _small_targets(me, enemy, situation)
    if not targets:
        return orders, spent
    survival = [1.0] * len(targets)
    extra = fire.modifier(me.evading, False, combat)
    hexes = fire.firing_range(situation.hexes, me.locked, combat)
    for index, group in enumerate(me.weapons):
        if group.type not in KILLERS or index in spent or not group.arcs & arcs:
            continue
        cost = combat.quick.costs[group.type]
        keep = fire.mean_damage(group.type, hexes, enemy.size_class, extra, combat)
        keep *= 1.0 if now else LATER
        chances = [fire.chance(group.type, fire.firing_range(gap, me.locked, combat), 0, extra,
                               combat) for _, gap, _, _ in targets]
        counts = [0] * len(targets)
        for _ in range(group.boxes * limit - group.fired):
            if power < cost:
                break
            gains = [worth * survival[t] * chances[t]
                     for t, (worth, _, _, _) in enumerate(targets)]
            best = max(range(len(targets)), key=lambda t: gains[t])
            if gains[best] <= keep:
                break
            counts[best] += 1
            survival[best] *= 1.0 - chances[best]
            power -= cost
        for t, count in enumerate(counts):
            if count:
                _, _, kind, target_index = targets[t]
                orders.append(FireOrder(index, target=kind, target_index=target_index,
                                        boxes=count))
                spent[index] = spent.get(index, 0) + count
    return orders, spent


def _small_targets(me: Craft, enemy: Craft,
                   situation: Situation) -> list[tuple[float, int, TargetKind, int]]:
    """Drones and missiles coming at `me`: what each is worth killing, its range, its id."""
    combat = situation.combat
    found: list[tuple[float, int, TargetKind, int]] = []
    threats = []
    for i, drone in enumerate(enemy.drones):
        if drone.alive and not drone.escort and drone.gap <= WATCH and (
                drone.weapon in combat.quick.costs):
            station = max(1, int(drone.gap))
            threats.append((fire.mean_damage(drone.weapon, station, me.size_class, 0, combat),
                            int(drone.gap), i))
    total = sum(t for t, _, _ in threats)
    if total > 0:
        past_screens = max(0.0, total - me.boxes["screen"]) / total
        found += [(worth * past_screens * HORIZON, gap, "drone", i)
                  for worth, gap, i in threats if worth * past_screens > 0]
    near = [(m.distance, i) for i, m in enumerate(enemy.missiles)
            if m.alive and 1 <= m.distance <= WATCH / 2]
    defended = me.boxes["point_defense"] // 2  # what point defense can be trusted to stop
    if len(near) > defended:
        warhead = float(combat.missile.warhead)
        found += [(warhead, int(distance), "missile", i) for distance, i in sorted(near)]
    return found
