"""The duel loop (RULES.md 2.1 and 3): turns of impulses on one range track.

Each turn: capacitors recharge, policies allocate turn-start power, both craft
roll radar lock-on. Each impulse: rotation and thrust, movement, point
defense, launching, fire decisions and their announcement, screen
reinforcement, direct fire, damage assessment. The duel ends when a craft is
destroyed or at the turn limit, as a draw.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from shipyard.arcs import arcs_covering
from shipyard.catalog import Catalog
from shipyard.engine import fire
from shipyard.engine.damage import (
    ExplosionRates,
    Hit,
    HitReport,
    explosion_strength,
    interior_hits,
    take_damage,
)
from shipyard.engine.dice import Dice, roll
from shipyard.engine.flight import Flight
from shipyard.engine.policy import Allocation, FireOrder, Maneuver, Policy, Situation
from shipyard.engine.state import Craft, Lingering
from shipyard.engine.tables import Combat
from shipyard.engine.words import describe_reports, describe_volley


@dataclass(frozen=True, slots=True)
class Scenario:
    """Start range (hexes), closing speed (hexes per turn) and turn limit (RULES.md 3)."""

    start_range: int = 30
    closing_speed: int = 0
    turn_limit: int = 20

    @classmethod
    def defaults(cls, combat: Combat) -> Scenario:
        s = combat.scenario
        return cls(s.start_range, s.closing_speed, s.turn_limit)


@dataclass(frozen=True, slots=True)
class Result:
    """How one duel ended."""

    winner: int | None  # 0 = first craft, 1 = second, None = a draw
    turns: int
    damage: tuple[int, int]  # points each side delivered to the other
    cause: str  # what destroyed the loser; "" for a draw
    log: tuple[str, ...] = ()


def explosion_rates(catalog: Catalog) -> ExplosionRates:
    e = catalog.construction.explosion

    def f(value: Fraction) -> float:
        return float(value)

    return ExplosionRates(f(e.engine), f(e.fuel_tank), f(e.capacitor), f(e.magnetic_beam),
                          f(e.screen), f(e.gun_box), f(e.secondary_weapon), f(e.suicide_bomb),
                          f(e.falloff_per_hex))


class Duel:
    """One duel between two fresh craft; `run()` plays it to the end once."""

    def __init__(self, crafts: tuple[Craft, Craft], policies: tuple[Policy, Policy],
                 scenario: Scenario, combat: Combat, catalog: Catalog, dice: Dice,
                 log: bool = False) -> None:
        self.crafts = crafts
        self.policies = policies
        self.scenario = scenario
        self.combat = combat
        self.dice = dice
        self.rates = explosion_rates(catalog)
        self.covering = {d: frozenset(arcs_covering(d, catalog)) for d in range(1, 7)}
        self.range = float(scenario.start_range)
        self.turn = 0
        self.impulse = 0
        self.clock = 0  # impulses since the start of the duel
        self.lines: list[str] | None = [] if log else None
        self.pending: tuple[list[Hit], list[Hit]] = ([], [])
        self.mishaps = [0, 0]
        # One target per turn without control (2.8), per impulse when crashing (2.3).
        self.turn_targets: list[tuple[str, int] | None] = [None, None]
        self.impulse_targets: list[tuple[str, int] | None] = [None, None]
        self.flight = Flight(self)
        self._rates: dict[tuple[bool, int, int], tuple[float, float]] = {}
        movers = [c for c in crafts if not c.is_base]
        for craft in movers:
            craft.velocity = scenario.closing_speed / len(movers)
        for craft in crafts:
            craft.direction = 1

    # -- the loop ----------------------------------------------------------
    def run(self) -> Result:
        impulses = self.combat.turn.impulses
        for turn in range(1, self.scenario.turn_limit + 1):
            self.turn = turn
            self.start_turn()
            for impulse in range(1, impulses + 1):
                self.impulse = impulse
                self.clock += 1
                self.play_impulse()
                if any(c.destroyed for c in self.crafts):
                    return self.result()
            self.end_turn()
            if any(c.destroyed for c in self.crafts):
                return self.result()
        return self.result()

    def say(self, text: str) -> None:
        if self.lines is not None:
            self.lines.append(text)

    def situation(self) -> Situation:
        return Situation(self.turn, self.impulse, self.range, self.combat, self.covering)

    def result(self) -> Result:
        a, b = self.crafts
        winner: int | None = None
        cause = ""
        if a.destroyed and not b.destroyed:
            winner, cause = 1, a.killed_by
        elif b.destroyed and not a.destroyed:
            winner, cause = 0, b.killed_by
        dealt = (b.taken.total - b.taken.wasted, a.taken.total - a.taken.wasted)
        if self.lines is not None:
            if winner is None:
                both = a.destroyed and b.destroyed
                self.say(f"turn {self.turn}: " + ("both craft are destroyed: a draw" if both
                                                   else "turn limit reached: a draw"))
            else:
                self.say(f"turn {self.turn}: {self.crafts[winner].name} wins "
                         f"({self.crafts[1 - winner].name} destroyed by {cause})")
        return Result(winner, self.turn, dealt, cause, tuple(self.lines or ()))

    # -- turn phases -------------------------------------------------------
    def start_turn(self) -> None:
        situation = self.situation()
        self.say(f"turn {self.turn}: range {self.range:.1f}")
        for craft in self.crafts:
            craft.charge, craft.spent = craft.boxes["capacitor"], 0
        allocations = [self.policies[s].allocate(c, self.enemy(s), situation)
                       for s, c in enumerate(self.crafts)]
        for craft, allocation in zip(self.crafts, allocations, strict=True):
            self.allocate(craft, allocation)
        for side, craft in enumerate(self.crafts):
            self.lock_on(craft, self.enemy(side))

    def allocate(self, craft: Craft, order: Allocation) -> None:
        power = self.combat.power
        craft.invisible = False
        cost = craft.invisibility_cost
        if order.invisible and craft.can_be_invisible and 0 < cost <= craft.power:
            craft.spend(craft.invisibility_cost)
            craft.invisible = True
        limit = craft.radar_rating * (power.special_electronics_factor
                                      if craft.special_electronics else 1)
        craft.eccm = max(0, min(order.eccm, limit, craft.power // power.eccm_point))
        craft.spend(craft.eccm * power.eccm_point)
        ecm = order.ecm if craft.has_control else 0  # 2.8: no ECM without control
        craft.ecm = max(0, min(ecm, limit, craft.power // power.ecm_point))
        craft.spend(craft.ecm * power.ecm_point)
        if craft.invisible or craft.ecm or craft.eccm:
            self.say(f"  {craft.name} powers" + (" radar invisibility" if craft.invisible else "")
                     + (f" ECM {craft.ecm}" if craft.ecm else "")
                     + (f" ECCM {craft.eccm}" if craft.eccm else ""))

    def lock_on(self, craft: Craft, enemy: Craft) -> None:
        """R17, with ECM against ECCM (2.9); invisible craft cannot be locked on to."""
        rule = self.combat.lock_on
        # 2.9: each point of ECCM short counts the radar one box lower down its track.
        short = max(0, enemy.ecm - craft.eccm) * rule.ecm_step
        rating = craft.radar[min(short, len(craft.radar) - 1)]
        if enemy.invisible:
            craft.locked, text = False, "cannot lock on to an invisible craft"
        elif rating >= rule.always:
            craft.locked, text = True, f"locks on (radar {rating})"
        elif rating <= rule.never:
            craft.locked, text = False, f"cannot lock on (radar {max(rating, 0)})"
        else:
            die = self.dice.d6()
            craft.locked = die <= rating
            text = f"rolls {die} for lock-on against radar {rating}: " + (
                "locked" if craft.locked else "no lock, ranges count double")
        self.say(f"  {craft.name} {text}")

    def end_turn(self) -> None:
        rays = self.combat.cosmic_rays
        for side, craft in enumerate(self.crafts):
            for group in craft.weapons:
                group.fired = 0
            for gun in craft.guns:
                gun.shots_this_turn = 0
            craft.beam_push = 0.0
            craft.fired_impulse = -1
            self.turn_targets[side] = None
            if rays.enabled and abs(craft.velocity) > rays.speed_limit and rays.damage:
                self.pending[side].append(Hit(rays.damage, "cosmic rays"))
        if any(self.pending):
            self.assess()

    def enemy(self, side: int) -> Craft:
        return self.crafts[1 - side]

    # -- one impulse -------------------------------------------------------
    def play_impulse(self) -> None:
        a, b = self.crafts
        pa, pb = self.policies
        situation = self.situation()
        # Both policies decide before either craft turns or thrusts.
        maneuvers = (pa.maneuver(a, b, situation), pb.maneuver(b, a, situation))
        self.maneuver(0, a, maneuvers[0])
        self.maneuver(1, b, maneuvers[1])
        self.move()
        flight = self.flight
        if flight.busy():
            flight.point_defense()
        situation = self.situation()
        launches = (pa.launch(a, b, situation), pb.launch(b, a, situation))
        flight.launch(0, a, launches[0])
        flight.launch(1, b, launches[1])
        orders = (pa.fire(a, b, situation), pb.fire(b, a, situation))
        for side, craft in enumerate(self.crafts):
            incoming = bool(orders[1 - side]) or flight.threatened(side)
            want = self.policies[side].reinforce(craft, self.enemy(side), situation, incoming)
            if want:
                self.reinforce(craft, want)
            if craft.lingering:
                for lingering in craft.lingering:
                    self.pending[side].append(Hit(lingering.damage, "acid gum", screened=False))
                    lingering.impulses -= 1
                craft.lingering = [g for g in craft.lingering if g.impulses > 0]
        for side, craft in enumerate(self.crafts):
            for order in orders[side]:
                self.fire(side, craft, order)
            if craft.drones:
                flight.drone_fire(side, craft, self.policies[side], situation)
        if a.bolts or b.bolts:
            flight.bolts_strike()
        if self.pending[0] or self.pending[1] or self.mishaps[0] or self.mishaps[1]:
            self.assess()
        a.reinforcement = b.reinforcement = 0
        self.impulse_targets = [None, None]

    def maneuver(self, side: int, craft: Craft, order: Maneuver) -> None:
        movement = self.combat.movement
        want = order.direction if 1 <= order.direction <= 6 else craft.direction
        if craft.is_base and (self.impulse - 1) % movement.base_rotation_impulses:
            want = craft.direction  # 2.3: a base turns only every 4 impulses
        if not craft.has_control:  # 2.8: at most 60 degrees per impulse
            steps = (want - craft.direction) % 6
            limit = self.combat.control_loss.rotation_steps
            if min(steps, 6 - steps) > limit:
                turn = limit if steps <= 3 else -limit
                want = (craft.direction - 1 + turn) % 6 + 1
        craft.direction = want
        engines = 0 if craft.is_base else craft.working_engines
        size = max(craft.size_class, 1)
        thrust = order.thrust if (order.thrust, want) in ((1, 1), (-1, 4)) else 0
        crash = order.crash and thrust != 0 and craft.has_control and not craft.ecm
        normal, fast = self.rates_for(craft, engines, size)
        crash = crash and fast > normal
        craft.crashing = crash
        if thrust and engines:
            rate = fast if crash else normal
            top = movement.top_speed
            craft.velocity = max(-top, min(top, craft.velocity + thrust * rate))
            if crash and not craft.manned:
                first, second = self.dice.d6(), self.dice.d6()
                if first + second >= movement.crash_mishap_roll:
                    hits = roll(self.dice, movement.crash_mishap_dice)
                    self.mishaps[side] += hits
                    self.say(f"impulse {self.impulse}: {craft.name} crash-accelerates and "
                             f"rolls {first + second}: {hits} interior hits")
        spare = movement.evasion_spare_engines + (size if thrust else 0)
        craft.evading = (order.evade and not crash and craft.has_control and engines >= spare
                         and not craft.is_base)

    def rates_for(self, craft: Craft, engines: int, size: int) -> tuple[float, float]:
        """Velocity change per impulse at normal and crash acceleration (2.3)."""
        key = (craft.manned, engines, size)
        rates = self._rates.get(key)
        if rates is None:
            rates = self._rates[key] = self._rates_exact(craft.manned, engines, size)
        return rates

    def _rates_exact(self, manned: bool, engines: int, size: int) -> tuple[float, float]:
        movement = self.combat.movement
        impulses = self.combat.turn.impulses
        share = min(Fraction(1), Fraction(engines, size))
        crash_share = min(Fraction(1), Fraction(engines, size * movement.crash_factor))
        if manned:
            normal = movement.manned_acceleration / impulses * share
            fast = movement.manned_crash_per_impulse * crash_share
        else:
            normal = movement.standard_acceleration / impulses * share
            fast = movement.standard_acceleration * movement.crash_factor / impulses * crash_share
        return float(normal), float(fast)

    def move(self) -> None:
        a, b = self.crafts
        for craft in self.crafts:
            if craft.beam_push and not craft.is_base:
                top = self.combat.movement.top_speed
                craft.velocity = max(-top, min(top, craft.velocity + craft.beam_push))
        impulses = self.combat.turn.impulses
        self.range = max(0.0, self.range - (a.velocity + b.velocity) / impulses)
        self.flight.move()

    def reinforce(self, craft: Craft, want: int) -> None:
        power = self.combat.power
        limit = craft.boxes["screen"] * power.reinforcement_limit
        points = max(0, min(want, limit, craft.power // power.screen_reinforcement))
        if points:
            craft.spend(points * power.screen_reinforcement)
            craft.reinforcement = points
            self.say(f"impulse {self.impulse}: {craft.name} reinforces its screens by {points}")

    # -- direct fire -------------------------------------------------------
    def fire(self, side: int, craft: Craft, order: FireOrder) -> None:
        """Check one fire order against the rules and resolve it."""
        enemy = self.enemy(side)
        # 2.8: without control, all direct fire in one impulse, at one target per turn.
        if not craft.has_control and craft.fired_impulse not in (-1, self.impulse):
            return
        key = (order.target, order.target_index)
        if not craft.has_control and self.turn_targets[side] not in (None, key):
            return
        if craft.crashing and self.impulse_targets[side] not in (None, key):
            return
        arcs = self.covering[craft.direction]
        if order.gun:
            if not 0 <= order.index < len(craft.guns):
                return
            gun = craft.guns[order.index]
            if not gun.arcs & arcs or order.target != "craft":
                return
            if self.flight.fire_gun(side, craft, gun):
                self.turn_targets[side] = self.impulse_targets[side] = key
                craft.fired_impulse = self.impulse
            return
        if not 0 <= order.index < len(craft.weapons):
            return
        group = craft.weapons[order.index]
        unfired = group.boxes * self.combat.fire_limits.secondary_shots_per_turn - group.fired
        if unfired <= 0 or not group.arcs & arcs:
            return
        kind = group.type
        power = self.combat.power
        if kind == "magnetic_beam" and order.target == "bolt":
            # 2.4: a beam may shoot at a bolt as a proton cannon, even without control.
            if craft.crashing:
                return
            kind, cost, boxes = "proton_cannon", power.magnetic_beam_at_bolt, 1
        elif kind == "magnetic_beam":
            if order.target != "craft" or craft.crashing or not craft.has_control:
                return
            cost = power.magnetic_beam_double if order.double else 0
            boxes = 1
        else:
            if order.target == "bolt" and kind != "proton_cannon":
                return
            cost = {"laser": power.laser, "electron_cannon": power.electron_cannon,
                    "proton_cannon": power.proton_cannon}[kind]
            boxes = min(unfired, craft.power // cost) if cost else unfired
        if boxes <= 0 or cost * boxes > craft.power:
            return
        target = self.flight.target_of(side, order)
        if target is None:
            return
        hexes, size, label = target
        extra = fire.modifier(craft.evading, enemy.evading and order.target == "craft",
                              self.combat)
        effective = fire.firing_range(hexes, craft.locked, self.combat)
        craft.spend(cost * boxes)
        group.fired += boxes
        self.turn_targets[side] = self.impulse_targets[side] = key
        craft.fired_impulse = self.impulse
        shot = fire.volley(kind, boxes, effective, size, extra, self.dice, self.combat)
        if self.lines is not None:
            self.say(describe_volley(self.impulse, craft.name, shot, label, hexes))
        self.flight.apply_volley(side, order, shot)
        if kind == "magnetic_beam" and shot.hit:
            self.attach_beam(craft, enemy, order)

    def attach_beam(self, craft: Craft, enemy: Craft, order: FireOrder) -> None:
        """2.4: an attached beam pushes or pulls like one engine (two with power)."""
        rule = self.combat.magnetic_beam
        engines = rule.engines_double if order.double else rule.engines
        impulses = self.combat.turn.impulses
        rate = self.combat.movement.standard_acceleration / impulses
        sign = 1.0 if order.pull else -1.0
        for body in (enemy, craft):  # the beamer feels the same force
            share = min(Fraction(1), Fraction(engines, max(body.size_class, 1)))
            body.beam_push += sign * float(rate * share)

    def add_acid(self, side: int) -> None:
        """Acid gum keeps eating for the next impulses; screens do not stop it (2.4)."""
        rule = self.combat.acid_gum
        if rule.lingering and rule.lingering_impulses:
            self.crafts[side].lingering.append(Lingering(rule.lingering, rule.lingering_impulses))

    # -- damage assessment -------------------------------------------------
    def assess(self) -> None:
        fresh = [not c.destroyed for c in self.crafts]
        for side, craft in enumerate(self.crafts):
            hits, self.pending[side][:] = list(self.pending[side]), []
            reports: list[HitReport] = []
            if hits:
                reports = take_damage(craft, hits, craft.direction, self.combat, self.dice)
            if self.mishaps[side]:
                reports.append(interior_hits(craft, self.mishaps[side], "crash acceleration",
                                             self.combat, self.dice))
                self.mishaps[side] = 0
            if reports and self.lines is not None:
                self.say(describe_reports(self.impulse, craft, reports))
        for side, craft in enumerate(self.crafts):
            if fresh[side] and craft.destroyed:
                self.explode(side, craft)

    def explode(self, side: int, craft: Craft) -> None:
        """2.7: full strength in the craft's hex, less by the falloff per hex away."""
        strength = explosion_strength(craft, self.rates)
        points = int(strength - self.rates.falloff_per_hex * int(self.range))
        self.say(f"impulse {self.impulse}: {craft.name} explodes with strength {strength:g}")
        enemy = self.enemy(side)
        if points > 0 and not enemy.destroyed:
            reports = take_damage(enemy, [Hit(points, "explosion")], enemy.direction,
                                  self.combat, self.dice)
            if self.lines is not None:
                self.say(describe_reports(self.impulse, enemy, reports))
