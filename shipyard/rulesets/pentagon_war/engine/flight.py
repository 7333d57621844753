"""Things that fly on the range track: missiles, drones, liquid metal bolts (2.4-2.6).

Every object keeps its distance to the enemy craft it was sent against. This
module moves them (drones spend their accelerations like any craft and drift
once they have none), runs point defense in each craft's hex, launches, fires
the guns and the drones' weapons, and turns what lands into hits for the next
damage assessment. Every figure and formula is a rule function (`rules.flight`,
`rules.pointdefense`, `rules.fire`), shared with the compiled engine; the loops over
what flies, and the dice they roll (a die for each seeker an evader launches or meets,
one for each point-defense shot), are this module's and `fast.flight`'s, in the same
order.
"""

from __future__ import annotations

from shipyard.rulesets.pentagon_war.engine import fire, pointdefense
from shipyard.rulesets.pentagon_war.engine.battle import Battle
from shipyard.rulesets.pentagon_war.engine.damage import Hit
from shipyard.rulesets.pentagon_war.engine.orders import Captain, FireOrder, Launch, Situation
from shipyard.rulesets.pentagon_war.engine.pointdefense import Target
from shipyard.rulesets.pentagon_war.engine.state import Bolt, Craft, Drone, GunTrack, Missile
from shipyard.rulesets.pentagon_war.engine.words import (
    cause_of,
    describe_point_defense,
    describe_salvo,
)
from shipyard.rulesets.pentagon_war.rules import flight as rules
from shipyard.rulesets.pentagon_war.rules.fire import bolt_damage
from shipyard.rulesets.pentagon_war.rules.launch import drones_launched
from shipyard.rulesets.pentagon_war.rules.movement import same_hex

DRONE_GUNS = ("laser", "electron_cannon", "proton_cannon")
GUN_ORDER = FireOrder(0, gun=True)  # a gun always fires at the enemy craft


class Flight:
    """Missiles, drones and bolts of both sides, and the rules that move and land them."""

    def __init__(self, duel: Battle) -> None:
        self.duel = duel
        self.combat = combat = duel.combat
        # Targets are values: one of each kind serves every point-defense phase.
        self.missile_target = Target("a missile", combat.missile.size_class)
        self.drone_target = Target("a drone", combat.drone.size_class)

    def busy(self) -> bool:
        """Whether anything is in flight, or the two craft share a hex."""
        a, b = self.duel.crafts
        return bool(a.missiles or a.drones or a.bolts or b.missiles or b.drones or b.bolts
                    or self.duel.range < 1)

    # -- movement ----------------------------------------------------------
    def move(self) -> None:
        if not self.busy():
            return
        for _, craft, enemy, policy in self.duel.sides:
            self.move_side(craft, enemy, policy)

    def move_side(self, craft: Craft, enemy: Craft, policy: Captain) -> None:
        """What `craft` has in flight against `enemy` moves one impulse."""
        if craft.missiles:
            self.move_missiles(craft, enemy)
        if craft.bolts:
            self.move_bolts(craft, enemy)
        if craft.drones:
            self.move_drones(craft, enemy, policy)

    def move_missiles(self, craft: Craft, enemy: Craft) -> None:
        """2.6: each missile closes on `enemy` along the line, burning its fuel."""
        f = self.duel.figures
        # A magazine's worth of missiles can be in flight: this loop runs most often.
        closing = enemy.velocity
        for missile in craft.missiles:
            missile.distance = rules.missile_distance(f, missile.distance, missile.speed,
                                                      closing)
            missile.fuel = rules.missile_fuel(f, missile.fuel, missile.speed)
            if rules.missile_lost(missile.fuel, missile.distance):
                missile.alive = False  # 2.6: out of fuel short of the target
        craft.missiles = [m for m in craft.missiles if m.alive]

    def move_bolts(self, craft: Craft, enemy: Craft) -> None:
        """2.4: each bolt closes on `enemy` along the line for its 12 impulses."""
        f = self.duel.figures
        for bolt in craft.bolts:
            bolt.distance = rules.bolt_distance(f, bolt.distance, enemy.velocity)
            bolt.flown += 1
            if rules.bolt_spent(f, bolt.flown, bolt.distance):
                bolt.alive = False
        craft.bolts = [b for b in craft.bolts if b.alive]

    def move_drones(self, craft: Craft, enemy: Craft, policy: Captain) -> None:
        """2.6: each drone spends an acceleration as its captain asks, then closes."""
        duel, combat, f = self.duel, self.combat, self.duel.figures
        situation = Situation(duel.turn, duel.impulse, duel.range, combat,
                              duel.covering, duel.rates)
        for drone in craft.drones:
            if not drone.alive:
                continue
            # 2.6: each change of velocity spends one of the drone's accelerations.
            thrust = policy.drone_thrust(craft, enemy, drone, situation)
            if thrust and drone.accelerations > 0:
                changed = rules.drone_speed(f, drone.speed, thrust)
                if rules.within_top_speed(f, changed):
                    drone.speed = changed
                    drone.accelerations -= 1
            # A drone may fly past its target: the distance then goes below 0.
            drone.distance = rules.drone_distance(f, drone.distance, drone.speed,
                                                  enemy.velocity)
        craft.drones = [d for d in craft.drones if d.alive]

    # -- point defense (2.5) -----------------------------------------------
    def point_defense(self) -> None:
        for side, craft in enumerate(self.duel.crafts):
            self.defend(side, craft, self.duel.enemy(side))

    def defend(self, side: int, craft: Craft, enemy: Craft) -> None:
        """`craft`'s point defense against what `enemy` has in its hex, then what lands."""
        duel, combat = self.duel, self.combat
        same_hex = duel.range < 1
        refs: list[Missile | Drone | Craft] = []
        targets: list[Target] = []
        for missile in enemy.missiles:
            if missile.distance < 1:
                refs.append(missile)
                targets.append(self.missile_target)
        for drone in enemy.drones:
            if drone.alive and drone.gap < 1:
                refs.append(drone)
                targets.append(self.drone_target)
        if same_hex:
            refs.append(enemy)
            targets.append(Target(enemy.name, enemy.size_class, killable=False))
        if not targets or craft.destroyed:
            self._missiles_land(side, craft, enemy)
            return
        order = duel.policies[side].point_defense(craft, targets)
        if sorted(order) != list(range(len(targets))):
            order = list(range(len(targets)))
        batteries = [pointdefense.working_boxes(craft.boxes["point_defense"], craft.locked,
                                                craft.evading, combat)]
        batteries += [pointdefense.working_boxes(combat.drone.point_defense_rating,
                                                 craft.locked, False, combat)
                      for d in craft.drones if d.escort and d.alive and self.escorting(side, d)]
        alive = [True] * len(targets)
        scored = 0
        words: list[str] = []  # 17: each shot's number and roll, battery by battery
        for battery, boxes in enumerate(batteries):
            live = [i for i in order if alive[i]]
            if not live or boxes <= 0:
                continue
            shots = pointdefense.fire(boxes, [targets[i] for i in live], duel.dice, combat)
            for shot in shots:
                index = live[shot.target]
                if not shot.success:
                    continue
                if targets[index].killable:
                    alive[index] = False
                else:
                    scored += combat.point_defense.spacecraft_damage
            if duel.lines is not None:
                words.append(describe_point_defense(
                    craft.name if battery == 0 else f"{craft.name}'s escort drone {battery}",
                    boxes,
                    [(targets[live[s.target]], s.kill_number, s.roll, s.success)
                     for s in shots], combat.point_defense.spacecraft_damage))
        kills = 0
        for index, ref in enumerate(refs):
            if alive[index] or isinstance(ref, Craft):
                continue
            kills += 1
            ref.alive = False
            if isinstance(ref, Missile):
                # 2.6: a destroyed missile explodes for half its warhead in its hex,
                # its launcher struck too when there.
                blast = rules.shot_down_points(duel.figures)
                duel.pending[side].append(Hit(blast, "missile"))
                if rules.blast_reaches_launcher(duel.range):
                    duel.pending[duel.other(side)].append(Hit(blast, "missile"))
        if scored:
            duel.pending[duel.other(side)].append(Hit(scored, "point defense"))
        if duel.lines is not None:
            if not words:
                words.append(f"{craft.name} point defense has no working box for "
                             f"{len(targets)} target(s)")
            for line in words:
                duel.say(f"impulse {duel.impulse}: {line}")
        self._missiles_land(side, craft, enemy)

    def escorting(self, side: int, drone: Drone) -> bool:
        """2.6: whether a point-defense drone is in the hex of craft `side`, which
        launched it (the enemy is `range` away from the craft, `distance` from the drone)."""
        return abs(drone.distance - self.duel.range) < 1

    def _missiles_land(self, side: int, craft: Craft, enemy: Craft) -> None:
        """2.6: a missile in its target's hex hits for its full warhead; the hex takes half.
        2.4: one reaching an evading craft misses it 1 time in 6, and is detonated there
        for half its warhead, as a missile shot down is."""
        duel, f = self.duel, self.duel.figures
        lost = False  # whether any missile in the list is gone (shot down or landed)
        for missile in enemy.missiles:
            if not missile.alive:
                lost = True
            elif same_hex(missile.distance):
                missile.alive, lost = False, True
                if craft.evading and rules.seeker_misses(f, duel.dice.d6()):
                    blast = rules.shot_down_points(f)
                    duel.pending[side].append(Hit(blast, "missile"))
                    if rules.blast_reaches_launcher(duel.range):
                        duel.pending[duel.other(side)].append(Hit(blast, "missile"))
                    duel.say(f"impulse {duel.impulse}: a missile from {enemy.name} misses "
                             f"the evading {craft.name} and is detonated beside it")
                    continue
                duel.pending[side].append(Hit(f.warhead, "missile"))
                if duel.lines is not None:
                    duel.say(f"impulse {duel.impulse}: a missile from {enemy.name} "
                             f"strikes {craft.name}")
                if same_hex(duel.range):
                    duel.pending[duel.other(side)].append(Hit(rules.hex_share(f), "missile"))
        if lost:
            enemy.missiles = [m for m in enemy.missiles if m.alive]
        if enemy.drones:
            enemy.drones = [d for d in enemy.drones if d.alive]

    # -- launching (2.6) ---------------------------------------------------
    def launch(self, side: int, craft: Craft, order: Launch) -> None:
        duel = self.duel
        if craft.destroyed or not (order.missiles or order.drones):
            return
        f = duel.figures
        missiles = max(0, min(order.missiles, craft.boxes["missile"]))
        rail = rules.rail_launches(f, order.rail, missiles, craft.power)
        craft.spend(rail * f.rail_launch)
        lost = 0
        for k in range(missiles):
            speed = rules.missile_launch_speed(f, k < rail)
            craft.boxes["missile"] -= 1
            if self.seeker_lost(craft):
                lost += 1
                continue
            craft.missiles.append(Missile(duel.range, speed, f.missile_fuel))
        drones = drones_launched(craft.drone_launch, len(craft.drone_bays), order.drones)
        for _ in range(drones):
            weapon = craft.drone_bays.pop(0)
            escort = weapon == "point_defense"
            # 2.6: launched within 3 of the launcher's speed; escorts keep its speed.
            craft.drones.append(Drone(weapon, duel.range,
                                      rules.drone_launch_speed(f, craft.velocity, escort),
                                      f.drone_accelerations, escort=escort))
        if (missiles or drones) and duel.lines is not None:
            duel.say(f"impulse {duel.impulse}: {craft.name} launches"
                     + (f" {missiles} missile(s)" if missiles else "")
                     + (f" ({rail} by rail)" if rail else "")
                     + (f" {drones} drone(s)" if drones else "")
                     + (f"; {lost} lose(s) the target in its evasive maneuvering"
                        if lost else ""))
        if missiles or drones:
            duel.revealed(craft)

    def seeker_lost(self, craft: Craft) -> bool:
        """2.4: a seeking weapon launched by an evading craft fails to acquire its target
        1 time in 6 (a die is rolled only for an evader)."""
        return craft.evading and rules.seeker_lost(self.duel.figures, self.duel.dice.d6())

    # -- fire --------------------------------------------------------------
    def target_of(self, side: int, order: FireOrder) -> tuple[int, int, str] | None:
        """Range in hexes, size class and name of an order's target, if it is there."""
        enemy = self.duel.enemy(side)
        if order.target == "craft":
            if enemy.destroyed:
                return None
            return int(self.duel.range), enemy.size_class, enemy.name
        if order.target == "drone":
            if 0 <= order.target_index < len(enemy.drones):
                drone = enemy.drones[order.target_index]
                if drone.alive:
                    return int(drone.gap), self.combat.drone.size_class, "a drone"
            return None
        if order.target == "missile":
            if 0 <= order.target_index < len(enemy.missiles):
                missile = enemy.missiles[order.target_index]
                if missile.alive:
                    return int(missile.distance), self.combat.missile.size_class, "a missile"
            return None
        if 0 <= order.target_index < len(enemy.bolts):
            bolt = enemy.bolts[order.target_index]
            if bolt.alive:
                return int(bolt.distance), self.combat.liquid_metal.bolt_size_class, "a bolt"
        return None

    def apply_salvo(self, side: int, order: FireOrder, salvo: fire.Salvo) -> None:
        duel = self.duel
        enemy = duel.enemy(side)
        if order.target == "craft":
            cause = cause_of(salvo.kind)
            for shot in salvo.shots:  # R14: each weapon is its own hit for directional screens
                if shot.total > 0:
                    duel.pending[duel.other(side)].append(Hit(shot.total, cause))
                    if shot.kind == "acid_gum_gun":
                        duel.add_acid(duel.other(side))
        elif order.target == "drone":
            if salvo.kill:
                enemy.drones[order.target_index].alive = False
        elif order.target == "missile":
            if salvo.kill:  # shot down short of its target's hex: it harms nothing there
                enemy.missiles[order.target_index].alive = False
        elif salvo.hit:
            bolt = enemy.bolts[order.target_index]
            bolt.erosion += fire.bolt_erosion(salvo.total, self.combat)

    def fire_gun(self, side: int, craft: Craft, gun: GunTrack) -> bool:
        """One gun shot at the enemy craft, if its rests and boxes allow (2.2)."""
        duel, f = self.duel, self.duel.figures
        rests = duel.quick.rests
        enemy = duel.enemy(side)
        hexes = int(duel.range)
        if gun.shots_this_turn or enemy.destroyed:
            return False
        if gun.type == "liquid_metal_gun":
            if (not rules.gun_rested(gun.last_turn, duel.turn, rests[gun.type])
                    or not rules.liquid_metal_ready(f, gun.boxes, hexes)):
                return False
            gun.boxes -= f.metal_boxes
            lost = self.seeker_lost(craft)
            if not lost:
                craft.bolts.append(Bolt(duel.range))
            if duel.lines is not None:
                duel.say(f"impulse {duel.impulse}: {craft.name} fires a liquid metal bolt "
                         f"at range {hexes} ({gun.boxes} boxes left)"
                         + (": it loses the target in the evasive maneuvering" if lost else ""))
        elif gun.type == "radiation_gun":
            if not rules.gun_rested(gun.last_turn, duel.turn, rests[gun.type]):
                return False
            self._gun_volley(side, craft, enemy, gun, hexes)
        else:
            if not rules.acid_gum_ready(f, duel.clock, gun.last_impulse, gun.boxes):
                return False
            gun.boxes -= f.acid_boxes
            self._gun_volley(side, craft, enemy, gun, hexes)
        gun.last_turn, gun.last_impulse = duel.turn, duel.clock
        gun.shots_this_turn += 1
        return True

    def _gun_volley(self, side: int, craft: Craft, enemy: Craft, gun: GunTrack,
                    hexes: int) -> None:
        duel, combat = self.duel, self.combat
        extra = fire.modifier(craft.evading, enemy.evading, combat)
        effective = fire.firing_range(hexes, craft.locked, combat)
        salvo = fire.salvo(gun.type, 1, effective, enemy.size_class, extra, duel.dice, combat)
        if duel.lines is not None:
            duel.say(describe_salvo(duel.impulse, craft.name, salvo, enemy.name, hexes))
        self.apply_salvo(side, GUN_ORDER, salvo)

    def drone_orders(self, side: int, craft: Craft, policy: Captain,
                     situation: Situation) -> tuple[Drone, ...]:
        """The drones that will fire this impulse, decided with the craft's own fire (2.1)."""
        duel = self.duel
        enemy = duel.enemy(side)
        if enemy.destroyed:
            return ()
        return tuple([drone for drone in craft.drones
                      if not drone.escort and drone.alive and drone.fired_turn != duel.turn
                      and drone.weapon in DRONE_GUNS
                      and policy.drone_fires(craft, enemy, drone, situation)])

    def drone_fire(self, side: int, craft: Craft, drones: tuple[Drone, ...]) -> None:
        """Each announced drone fires its weapon, at most once per turn (2.6); the log
        shows the drones firing one weapon from one range on one line."""
        duel, combat = self.duel, self.combat
        enemy = duel.enemy(side)
        volleys: dict[tuple[str, int], list[fire.Volley]] = {}
        for drone in drones:
            if not drone.alive or drone.fired_turn == duel.turn or enemy.destroyed:
                continue
            drone.fired_turn = duel.turn
            hexes = int(drone.gap)
            effective = fire.firing_range(hexes, craft.locked, combat)  # 2.6: the launcher's lock
            extra = fire.modifier(False, enemy.evading, combat)
            shot = fire.volley(drone.weapon, 1, effective, enemy.size_class, extra, duel.dice,
                               combat)
            volleys.setdefault((drone.weapon, hexes), []).append(shot)
            if shot.total > 0:
                duel.pending[duel.other(side)].append(Hit(shot.total, "drone"))
        if duel.lines is not None:
            for (weapon, hexes), shots in volleys.items():
                salvo = fire.Salvo(weapon, shots[0].range, tuple(shots))
                many = len(shots) > 1
                firer = f"{craft.name}'s drone" + ("s" if many else "")
                duel.say(describe_salvo(duel.impulse, firer, salvo, enemy.name, hexes,
                                        "fire" if many else "fires"))

    def bolts_strike(self) -> None:
        """A bolt reaching its target strikes for the damage of the hexes it flew (2.4)."""
        for side, craft in enumerate(self.duel.crafts):
            self.bolts_land(side, craft, self.duel.enemy(side))

    def bolts_land(self, side: int, craft: Craft, target: Craft) -> None:
        """`craft`'s bolts that reached `target`'s hex strike it (2.4)."""
        duel, combat = self.duel, self.combat
        for bolt in craft.bolts:
            if bolt.alive and same_hex(bolt.distance):
                bolt.alive = False
                # 2.4: a seeking weapon misses an evading craft 1 time in 6.
                if target.evading and rules.seeker_misses(duel.figures, duel.dice.d6()):
                    duel.say(f"impulse {duel.impulse}: a liquid metal bolt from "
                             f"{craft.name} misses the evading {target.name}")
                    continue
                damage = rules.bolt_strikes_for(duel.figures, combat.charts.steps,
                                                bolt.flown, bolt.erosion)
                if duel.lines is not None:
                    duel.say(f"impulse {duel.impulse}: a liquid metal bolt from "
                             f"{craft.name} strikes after {bolt.flown} hexes for {damage}")
                if damage:
                    duel.pending[duel.other(side)].append(Hit(damage, "liquid metal bolt"))
        craft.bolts = [b for b in craft.bolts if b.alive]

    def arriving(self, side: int) -> int:
        """Points already on their way to `side` this impulse that its screens will meet:
        missiles that reached its hex (and those point defense shot down there), bolts."""
        duel = self.duel
        points = sum([hit.points for hit in duel.pending[side] if hit.screened])
        return points + self.bolts_arriving(duel.enemy(side))

    def bolts_arriving(self, enemy: Craft) -> int:
        """Points `enemy`'s bolts reaching their target's hex strike for this impulse."""
        points = 0
        for bolt in enemy.bolts:
            if bolt.alive and same_hex(bolt.distance):
                points += max(1, bolt_damage(self.duel.figures, self.combat.charts.steps,
                                             bolt.flown) - bolt.erosion)
        return points
