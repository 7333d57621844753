"""Decisions, kept apart from the rules: power, facing, thrust, fire, launches, screens.

A policy reads the duel state and answers with plain orders; the duel loop
checks every order against the rules and ignores what the rules forbid. The
default weighs the damage race at each range and holds the range it wins
best, or keeps its distance when it cannot win; `brawler` closes to
point-blank range, `sniper` stands off and maneuvers evasively when it pays, `carrier`
empties its bays and magazines early and keeps its distance. Their reasoning
is written out in docs/duel-model.md.
"""

from __future__ import annotations

from math import ceil

from shipyard.rulesets.pentagon_war.engine import fire, judgement
from shipyard.rulesets.pentagon_war.engine.aiming import aim_at_small_craft
from shipyard.rulesets.pentagon_war.engine.damage import screen_strength
from shipyard.rulesets.pentagon_war.engine.orders import (
    CRASH_TOWARD,
    NO_LAUNCH,
    NOTHING,
    TOWARD,
    Allocation,
    Captain,
    FireOrder,
    Incoming,
    Launch,
    Maneuver,
    Situation,
    Volley,
    aim,
    steer,
)
from shipyard.rulesets.pentagon_war.engine.state import Craft, Drone
from shipyard.rulesets.pentagon_war.engine.tables import Combat
from shipyard.rulesets.pentagon_war.engine.thrust import AHEAD, ASTERN, engines_pushing
from shipyard.rulesets.pentagon_war.rules import race
from shipyard.rulesets.pentagon_war.rules.flight import bolt_reach

__all__ = ["NOTHING", "POLICIES", "Allocation", "FireOrder", "Incoming", "Launch", "Maneuver",
           "Policy", "Situation", "policy_named"]

FLEE_RATIO = 0.25  # run when at every range the enemy destroys me four times as fast
CARRIER_REACH = 16  # the farthest a carrier stands from the enemy its drones fly to
ACID_GUM_CHANCE = 1 / 3  # the least chance to hit worth one of a limited acid gum box
FAR = 128  # the range a captain keeps when it runs (URM -8: most lasers do 1)
BRAKE_WORTH = 0.5  # speed change (hexes per turn) a turn of thrust must bring to show the rear


class Policy(Captain):
    """The default captain: hold the range that wins the race, fire when it pays."""

    name = "default"
    preferred_range = 4  # held when the race gives no better answer (and by the variants)
    adaptive_range = True  # pick the range from the damage race each turn
    fire_range = 6
    evasive = False  # maneuvers evasively on the turns that pays (2.4)
    crash_when_far = False
    missile_range = 14
    drone_range = 20
    missiles_per_impulse = 1

    def __init__(self) -> None:
        self._planned = -1  # the turn the plan below was made for
        self._wanted_range = float(self.preferred_range)
        self._running = False
        self._engaged = False  # the range it holds is one where it can hurt the enemy
        self._aimed: tuple[tuple[int, int, int], int] = ((-1, -1, -1), 1)
        self._ordered: list[FireOrder] = []  # this impulse's fire orders (`reinforce`)
        self._to_live = float(FAR)  # turns it expects to live at the present range

    # -- the plan for the turn ---------------------------------------------
    def plan(self, me: Craft, enemy: Craft, situation: Situation) -> float:
        """The range to hold this turn; runs when no range wins and it can outrun the enemy,
        stands off an enemy that cannot come nearer."""
        if self._planned == situation.turn:
            return self._wanted_range
        self._planned = situation.turn
        combat, covering = situation.combat, situation.covering
        ranges: tuple[int, ...] = judgement.RANGES
        if me.drone_bays or any(d.alive and not d.escort for d in me.drones):
            ranges = tuple(r for r in ranges if r <= CARRIER_REACH)  # its drones must get there
        best_ratio, best_range = 0.0, self.preferred_range
        found = judgement.races(me, enemy, ranges, combat, covering, situation.rates)
        speed, rate = judgement.closing(me, combat)
        now = situation.range
        for hexes, (_, theirs) in zip(ranges, found, strict=True):
            if hexes <= now or hexes == ranges[0]:  # the race where it stands
                self._to_live = race.turns_to_live(theirs)
        for hexes, (mine, theirs) in zip(ranges, found, strict=True):
            ratio = race.race_ratio(mine, theirs)
            if hexes < now:  # no charge it would not live through (2.3)
                ratio = judgement.after_approach(ratio, hexes, now, ranges, found, speed, rate)
            if ratio > best_ratio:
                best_ratio, best_range = ratio, hexes
        # 2.3 lets a craft run; a draw is better than a loss it cannot avoid, and running
        # avoids it only from an enemy that can move but cannot catch up.
        still, losing = not judgement.can_close(enemy), best_ratio < FLEE_RATIO
        self._running = (losing and not still and judgement.can_run(me)
                         and judgement.outruns(me, enemy, combat))
        self._engaged = not self._running and best_ratio > 0.0
        if self._running:
            self._wanted_range = float(FAR)
        elif still and losing:  # it holds where it cannot be hurt, if anywhere
            index = judgement.stand_off(ranges, found, now)
            self._wanted_range, self._engaged = float(ranges[index]), found[index][0] > 0.0
        elif losing:  # no charge; and one that cannot get away keeps the range
            self._wanted_range = max(situation.range, float(self.preferred_range))
        elif self.adaptive_range:
            self._wanted_range = float(best_range)
        else:
            self._wanted_range = float(self.preferred_range)
        if me.weapon_boxes("magnetic_beam") and not losing:
            reach = combat.magnetic_beam.max_range  # in reach of its beams
            self._wanted_range = min(self._wanted_range, float(reach))
        if (still and not self._running and self._wanted_range > now + 1.0
                and judgement.can_run(me)):  # it withdraws as a runner does, to stand off
            self._running, self._engaged = True, False
        return self._wanted_range

    # -- turn start --------------------------------------------------------
    def allocate(self, me: Craft, enemy: Craft, situation: Situation) -> Allocation:
        """Turn-start power, spent only where it can pay off (2.2, 2.9, R19).

        Weapons first (the volleys this turn will fire). Then radar invisibility, with
        the radar off and no ECM or ECCM (any of them voids it, R22), when hiding
        improves the damage race or it will not shoot this turn. Otherwise a reserve
        for the screens the enemy's volley this turn may call for (R19), then ECCM,
        only when its own lock matters this turn and the enemy is not expected to hide,
        and ECM, only when the enemy could lock on and hurt it.
        """
        combat = situation.combat
        power = combat.power
        self.plan(me, enemy, situation)
        weapons = self.weapon_power(me, enemy, situation)
        fires = self._fires_this_turn(me, enemy, situation, weapons)
        hexes = int(self._nearest(me, enemy, situation))  # where the enemy may fire from
        threat = judgement.net_per_turn(enemy, me, hexes, combat, situation.covering)
        # 2.3: evasion is declared for the whole turn, at the range it means to fight at.
        evade = (self.evasive and me.has_control and not me.is_base
                 and judgement.evasion_pays(me, enemy, int(self._wanted_range), combat,
                                            situation.covering))
        spare = me.power - weapons
        cost = me.invisibility_cost
        if me.can_be_invisible and 0 < cost <= spare and (
                (not fires and threat > 0.0)
                or judgement.hiding_pays(me, enemy, hexes, combat, situation.covering)):
            return Allocation(invisible=True, radar=False, evade=evade)
        reserve = min(me.boxes["screen"] * power.reinforcement_limit, ceil(threat))
        spare -= reserve * power.screen_reinforcement
        limit = me.radar_rating * (power.special_electronics_factor
                                   if me.special_electronics else 1)
        turn = situation.turn
        # The enemy's choices are secret until the lock-on phase: expect last turn's again
        # (turn 1: hiding if it can, and the ECM its capacitors could pay).
        hides = enemy.went_invisible if turn > 1 else enemy.can_be_invisible
        eccm = 0
        if not hides and (fires or judgement.lock_matters(me, enemy)):
            expected_ecm = enemy.ecm if turn > 1 else min(
                enemy.radar_rating, enemy.boxes["capacitor"] // 4)
            eccm = self._eccm_needed(me, expected_ecm, combat)
            if eccm * power.eccm_point > max(spare, 0):  # lock-on is worth a shot or two
                eccm = min(eccm, max(me.power // 3, spare) // power.eccm_point)
            eccm = max(0, min(limit, eccm))
            spare -= eccm * power.eccm_point
        ecm = 0
        can_lock = not hides and enemy.radar_rating > combat.lock_on.never
        if (can_lock and threat > 0.0
                and not (self.crash_when_far and situation.range > self.fire_range * 2)):
            enemy_eccm = enemy.eccm if turn > 1 else 0
            ecm = max(0, min(limit, enemy_eccm + 2, spare // power.ecm_point))
            if ecm <= enemy_eccm:
                ecm = 0  # jamming no better than its ECCM does nothing
        return Allocation(ecm=ecm, eccm=eccm, evade=evade)

    @staticmethod
    def _eccm_needed(me: Craft, ecm: int, combat: Combat) -> int:
        """The least ECCM that keeps the radar as good as it can be against `ecm`."""
        step = combat.lock_on.ecm_step
        best = me.radar[min(0, len(me.radar) - 1)]
        for eccm in range(ecm + 1):
            short = (ecm - eccm) * step
            if me.radar[min(short, len(me.radar) - 1)] >= min(best, combat.lock_on.always):
                return eccm
        return ecm

    @staticmethod
    def _nearest(me: Craft, enemy: Craft, situation: Situation) -> float:
        """The nearest the two craft can come this turn at their present speeds."""
        return race.nearest(situation.range, me.velocity, enemy.velocity)

    def _in_reach(self, me: Craft, enemy: Craft, situation: Situation) -> bool:
        """Whether a volley this turn is worth its power at all."""
        return (race.nearest(situation.range, me.velocity, enemy.velocity)
                <= max(self.fire_range, self.plan(me, enemy, situation)) + 24)

    def _fires_this_turn(self, me: Craft, enemy: Craft, situation: Situation,
                         weapons: int) -> bool:
        """Whether it expects to shoot this turn: weapons powered, or a gun ready in reach."""
        if weapons > 0:
            return True
        if not self._in_reach(me, enemy, situation):
            return False
        return any(self._gun_ready(me, i, situation) for i in range(len(me.guns)))

    def weapon_power(self, me: Craft, enemy: Craft, situation: Situation) -> int:
        """Power this turn's volleys will need, beams at double strength included."""
        combat = situation.combat
        costs = combat.quick.costs
        if not self._in_reach(me, enemy, situation):
            return 0  # no volley worth its power this turn: electronics may have it
        need = sum([g.boxes * costs.get(g.type, 0) for g in me.weapons])
        return need + me.weapon_boxes("magnetic_beam") * combat.power.magnetic_beam_double

    # -- each impulse ------------------------------------------------------
    def maneuver(self, me: Craft, enemy: Craft, situation: Situation) -> Maneuver:
        if me.is_base:
            return steer(self.base_direction(me, enemy, situation))
        aiming = self.best_direction(me, enemy, situation)
        if not me.has_control or self.fire_now(me, enemy, situation):
            return steer(aiming)
        wanted = self.wanted_velocity(me, enemy, situation)
        half_step = situation.combat.quick.half_step
        # 2.3, R20: thrust only where the engines (and fuel) allow it.
        if me.velocity < wanted - half_step:
            if engines_pushing(me, AHEAD, 1):
                if ((self.crash_when_far or me.manned) and not me.evasive
                        and situation.range > self.fire_range * 2):
                    return CRASH_TOWARD  # 2.3: none while evading; no risk when manned
                return TOWARD
            if engines_pushing(me, ASTERN, 1) and self.may_show_rear(me, enemy, situation):
                return steer(ASTERN, 1)  # a ramscoop braking nose-first
        elif me.velocity > wanted + half_step:
            if engines_pushing(me, AHEAD, -1):
                return steer(AHEAD, -1)  # a ramscoop braking nose-first
            if engines_pushing(me, ASTERN, -1) and self.may_show_rear(me, enemy, situation):
                return steer(ASTERN, -1, crash=me.manned and not me.evasive)
        return steer(self.armored_direction(me, aiming))

    def may_show_rear(self, me: Craft, enemy: Craft, situation: Situation) -> bool:
        """Thrust with the rear to the enemy only when a turn of it changes the speed by a
        useful amount, and then when the rear is as well armored as the best side, when
        nothing that could strike this impulse could get past the screens, or when running
        (then not on the last impulse of a turn, when long-range volleys come)."""
        quick = situation.combat.quick
        engines = me.working_engines
        size = me.size_class if me.size_class > 1 else 1
        if self._running:  # any speed away helps it; not into the last-impulse volley
            if situation.impulse != quick.impulses:
                return True
        elif quick.acceleration(me.manned, engines, size)[0] * quick.impulses < BRAKE_WORTH:
            return False  # showing the rear for almost no change of speed
        if me.armor[ASTERN] >= max(me.armor[1:]):
            return True
        return judgement.strike_now(enemy, me, situation) <= 0.0

    def armored_direction(self, me: Craft, aiming: int) -> int:
        """Between volleys, the side with the most armor faces the enemy (ties: aiming)."""
        return max(range(1, 7), key=lambda d: (me.armor[d], d == aiming))

    def wanted_velocity(self, me: Craft, enemy: Craft, situation: Situation) -> float:
        """Close (or open) the gap to the planned range, braking in time."""
        return race.wanted_velocity(situation.combat.figures, situation.range,
                                    self.plan(me, enemy, situation), enemy.velocity)

    def fire_now(self, me: Craft, enemy: Craft, situation: Situation) -> bool:
        """Fire at the planned range, else on the last impulse of the turn; without control
        (2.8: one firing impulse a turn) only once the best weapons bear or time runs out."""
        quick = situation.combat.quick
        planned = self.plan(me, enemy, situation)  # a runner fires on the last impulse only
        near = (self._engaged and situation.range <= max(self.fire_range, planned + 1)
                and judgement.reaches(me, enemy, situation))  # else nothing holds it still
        if not near and situation.impulse != quick.impulses:
            return False
        if not self._loaded(me, situation):
            return False
        if not me.has_control:
            best = self.best_direction(me, enemy, situation)
            steps = min((best - me.direction) % 6, (me.direction - best) % 6)
            left = quick.impulses - situation.impulse
            return me.direction == best or left < steps
        return True

    def _loaded(self, me: Craft, situation: Situation) -> bool:
        limit = situation.combat.quick.secondary_shots
        for group in me.weapons:
            if group.boxes > 0 and group.fired < group.boxes * limit:
                return True
        turn, rests = situation.turn, situation.combat.quick.rests
        return any(g.boxes > 0 and g.last_turn < turn - rests.get(g.type, 0) for g in me.guns)

    def best_direction(self, me: Craft, enemy: Craft, situation: Situation) -> int:
        """The direction whose weapons deal the most now; ties go to thicker armor."""
        moment = (situation.turn, situation.impulse, situation.hexes)
        if self._aimed[0] == moment:
            return self._aimed[1]
        found = judgement.bearings(me, situation.hexes, enemy.size_class, situation.combat,
                                   situation.covering)
        best, score = 1, (-1.0, -1)
        for direction in range(1, 7):
            weapons, guns = found[direction]
            candidate = (round(weapons + guns, 6), me.armor[direction])
            if candidate > score:
                best, score = direction, candidate
        self._aimed = (moment, best)  # asked again by `fire` in the same impulse
        return best

    def base_direction(self, me: Craft, enemy: Craft, situation: Situation) -> int:
        """A base turns 60 degrees at most, 4 impulses after its last turn (2.3): the side
        it shows next weighs its armor against what the enemy could put through it, beside
        what its own weapons bring; it stays put unless a side in reach is better."""
        combat, covering, hexes = situation.combat, situation.covering, situation.hexes
        quick = combat.quick
        if situation.clock - me.last_rotation < quick.base_rotation:
            return me.direction  # it cannot turn this impulse anyway
        incoming = judgement.net_per_turn(enemy, me, hexes, combat, covering)
        found = judgement.bearings(me, hexes, enemy.size_class, combat, covering)

        def worth(direction: int) -> float:
            weapons, guns = found[direction]
            return weapons + guns + min(float(me.armor[direction]), incoming)

        best, score = me.direction, worth(me.direction)
        for direction in range(1, 7):
            steps = (direction - me.direction) % 6
            if 0 < min(steps, 6 - steps) <= quick.base_rotation_steps:
                candidate = worth(direction)
                if candidate > score + 1e-9:
                    best, score = direction, candidate
        return best

    def launch(self, me: Craft, enemy: Craft, situation: Situation) -> Launch:
        aboard = me.boxes["missile"]
        if not aboard and not me.drone_bays:
            return NO_LAUNCH
        missiles = 0
        per_turn = self.missiles_per_impulse * situation.combat.quick.impulses
        if aboard > 0 and race.launch_missiles(situation.combat.figures, situation.range,
                                               self.missile_range, self._wanted_range,
                                               enemy.velocity, aboard, per_turn,
                                               self._to_live):
            missiles = min(self.missiles_per_impulse, aboard)
        drones = len(me.drone_bays) if me.drone_bays and race.launch_drones(
            situation.combat.figures, situation.range, self.drone_range, me.velocity,
            enemy.velocity) else 0
        if not missiles and not drones:
            return NO_LAUNCH
        spare = me.power - self.weapon_power(me, enemy, situation)
        rail = max(0, min(missiles, spare // max(situation.combat.power.rail_launch, 1)))
        return Launch(missiles=missiles, rail=rail, drones=drones)

    def fire(self, me: Craft, enemy: Craft, situation: Situation) -> list[FireOrder]:
        now = self.fire_now(me, enemy, situation)
        combat = situation.combat
        orders: list[FireOrder] = []
        spent: dict[int, int] = {}
        # 2.8, 2.3: one target a turn without control or while evading.
        if me.has_control and not me.crashing and not me.evasive:
            orders, spent = aim_at_small_craft(me, enemy, situation, now)
        self._ordered = orders
        if not now:
            return orders
        extra = fire.modifier(me.evading, enemy.evading, combat)
        hexes = fire.firing_range(situation.hexes, me.locked, combat)
        # No volley the target's screens stop at the best rolls, counting the screens its
        # power can still raise (2.7: they subtract once from everything this impulse);
        # on the last impulse of a turn, whose power is lost after it, those already up.
        last = situation.impulse == combat.quick.impulses
        passes = judgement.strike_now(me, enemy, situation, raised=not last) > 0.0
        for index, group in enumerate(me.weapons):
            left = group.boxes * combat.quick.secondary_shots - group.fired - spent.get(index, 0)
            if left <= 0:
                continue
            if group.type == "magnetic_beam":
                if fire.best_case(group.type, hexes, enemy.size_class, extra, combat):
                    pull = situation.range > self.plan(me, enemy, situation)
                    orders.append(FireOrder(index, pull=pull, double=True))
            elif passes and fire.best_case(group.type, hexes, enemy.size_class, extra,
                                           combat) > 0:
                orders.append(FireOrder(index, boxes=left) if index in spent else aim(index))
        for index, gun in enumerate(me.guns):
            if not self._gun_ready(me, index, situation):
                continue
            if gun.type == "liquid_metal_gun":
                if situation.range <= bolt_reach(combat.figures):
                    orders.append(aim(index, gun=True))
            elif gun.type == "acid_gum_gun":  # limited boxes: not on long odds, unless
                # they get no better where it goes or it expects to die before it could
                # fire them all (once a turn, 2.2)
                ahead = fire.chance(gun.type, fire.firing_range(int(self._wanted_range),
                                                                me.locked, combat),
                                    enemy.size_class, extra, combat)
                least = race.ammunition_floor(ACID_GUM_CHANCE,
                                              gun.boxes // combat.figures.acid_boxes, 1.0,
                                              self._to_live, ahead)
                odds = fire.chance(gun.type, hexes, enemy.size_class, extra, combat)
                if passes and odds > 0.0 and odds >= least:
                    orders.append(aim(index, gun=True))
            elif passes and fire.best_case(gun.type, hexes, enemy.size_class, extra,
                                           combat) > 0:
                orders.append(aim(index, gun=True))
        return orders

    def drone_fires(self, me: Craft, enemy: Craft, drone: Drone, situation: Situation) -> bool:
        """A drone fires once at its station, when it drifts away, or on the last impulse."""
        combat = situation.combat
        hexes = fire.firing_range(int(drone.gap), me.locked, combat)
        extra = fire.modifier(False, enemy.evading, combat)
        if fire.best_case(drone.weapon, hexes, enemy.size_class, extra, combat) <= 0:
            return False
        last = situation.impulse == combat.turn.impulses
        drifting = drone.accelerations == 0 and drone.speed + enemy.velocity < 0
        return drone.gap <= self.drone_hold + 1 or last or drifting

    def reinforce(self, me: Craft, enemy: Craft, situation: Situation,
                  incoming: Incoming) -> int:
        """More screen points for what was announced, from power the unfired weapons leave.

        The screens it wants up are its boxes plus the mean damage of what comes (craft
        fire, drone fire, missiles in the hex, bolts striking), never more than the best
        case of all of it; what is already up this turn (R19) counts. Each order is priced
        with the weapons, range, lock-on and evasion of the craft that gave it (on the
        track, the enemy).
        """
        if not incoming:
            return 0
        combat = situation.combat
        expected, best = float(incoming.arriving), incoming.arriving
        size = me.size_class
        volleys = incoming.volleys or (Volley(enemy, situation.hexes, incoming.fire,
                                              incoming.drones),)
        for volley in volleys:
            firer = volley.firer
            hexes = fire.firing_range(volley.hexes, firer.locked, combat)
            extra = fire.modifier(firer.evading, me.evading, combat)
            for order in volley.fire:
                if order.target != "craft":
                    continue
                if order.gun and 0 <= order.index < len(firer.guns):
                    gun = firer.guns[order.index]
                    mean, top = judgement.screened(gun.type, gun.boxes, hexes, size, extra,
                                                   combat)
                elif not order.gun and 0 <= order.index < len(firer.weapons):
                    group = firer.weapons[order.index]
                    boxes = order.boxes or group.boxes - group.fired
                    mean, top = judgement.screened(group.type, boxes, hexes, size, extra,
                                                   combat)
                else:
                    continue
                expected, best = expected + mean, best + top
        drone_extra = fire.modifier(False, me.evading, combat)
        for volley in volleys:  # 2.6: a drone fires with its launcher's lock-on
            for drone in volley.drones:
                gap = fire.firing_range(int(drone.gap), volley.firer.locked, combat)
                mean, top = judgement.screened(drone.weapon, 1, gap, size, drone_extra, combat)
                expected, best = expected + mean, best + top
        wanted = min(best, me.boxes["screen"] + ceil(expected))
        unfired = self._unfired_power(me, combat)
        if situation.impulse == combat.quick.impulses:  # power left now is lost (2.2)
            wanted, unfired = best, self._ordered_power(me, combat)
        more = wanted - screen_strength(me, combat)
        spare = me.power - unfired
        return max(0, min(spare // combat.power.screen_reinforcement, more))

    # -- helpers -----------------------------------------------------------
    def _gun_ready(self, me: Craft, index: int, situation: Situation) -> bool:
        gun = me.guns[index]
        rest = situation.combat.quick.rests.get(gun.type, 0)
        return gun.boxes > 0 and gun.last_turn < situation.turn - rest

    def _ordered_power(self, me: Craft, combat: Combat) -> int:
        """Power this impulse's own fire orders will draw (the secondary weapons')."""
        costs, total = combat.quick.costs, 0
        for order in self._ordered:
            if not order.gun and 0 <= order.index < len(me.weapons):
                group = me.weapons[order.index]
                boxes = order.boxes or max(group.boxes - group.fired, 0)
                total += boxes * costs.get(group.type, 0)
        return total

    def _unfired_power(self, me: Craft, combat: Combat) -> int:
        costs = combat.quick.costs
        return sum([max(g.boxes - g.fired, 0) * costs.get(g.type, 0) for g in me.weapons])


class Brawler(Policy):
    """Close to point-blank range with crash acceleration, fire at once."""

    name = "brawler"
    preferred_range = 0
    adaptive_range = False
    fire_range = 2
    crash_when_far = True
    missile_range = 8


class Sniper(Policy):
    """Stand off, fire at long range and maneuver evasively on the turns that pays."""

    name = "sniper"
    preferred_range = 12
    adaptive_range = False
    fire_range = 16
    evasive = True
    missile_range = 20


class Carrier(Policy):
    """Launch every drone and missile early and hold well back."""

    name = "carrier"
    preferred_range = 16
    adaptive_range = False
    fire_range = 16
    missile_range = 24
    drone_range = 999
    missiles_per_impulse = 4


POLICIES: dict[str, type[Captain]] = {
    cls.name: cls for cls in (Policy, Brawler, Sniper, Carrier)
}


def policy_named(name: str) -> Captain:
    """A fresh policy by name; `KeyError` names the known ones."""
    found = POLICIES.get(name)
    if found is None:
        known = ", ".join(POLICIES)
        raise KeyError(f"unknown policy {name!r} (known: {known})") from None
    return found()

