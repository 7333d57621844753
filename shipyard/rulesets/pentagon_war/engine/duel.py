"""The duel loop (rules 2.1 and 3): turns of impulses on one range track.

Each turn: capacitors recharge, policies allocate turn-start power, both craft
roll radar lock-on. Each impulse: rotation and thrust, movement, point
defense, launching, fire decisions and their announcement, screen
reinforcement, direct fire, damage assessment. The duel ends when a craft is
destroyed or at the turn limit, as a draw.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from shipyard.core.dice import Dice, roll
from shipyard.core.outcome import DuelScenario, Result
from shipyard.rulesets.pentagon_war.catalog import Catalog
from shipyard.rulesets.pentagon_war.engine.battle import Side
from shipyard.rulesets.pentagon_war.engine.damage import (
    Hit,
    HitReport,
    explosion_strength,
    interior_hits,
    screen_strength,
    take_damage,
)
from shipyard.rulesets.pentagon_war.engine.flight import Flight
from shipyard.rulesets.pentagon_war.engine.gunnery import resolve_order
from shipyard.rulesets.pentagon_war.engine.invisibility import lose_tracks
from shipyard.rulesets.pentagon_war.engine.orders import (
    NOTHING,
    Allocation,
    Captain,
    FireOrder,
    Incoming,
    Maneuver,
    Situation,
)
from shipyard.rulesets.pentagon_war.engine.quick_reference import catalog_charts
from shipyard.rulesets.pentagon_war.engine.state import Craft, Drone, Lingering
from shipyard.rulesets.pentagon_war.engine.tables import Combat
from shipyard.rulesets.pentagon_war.engine.thrust import engines_pushing
from shipyard.rulesets.pentagon_war.engine.words import describe_reports, lock_on_words
from shipyard.rulesets.pentagon_war.rules import damage, movement, power
from shipyard.rulesets.pentagon_war.rules.electronics import jammed_rating


def scenario_defaults(combat: Combat) -> DuelScenario:
    """The scenario the catalog's combat tables suggest (rules 3): its default preset."""
    s = combat.scenario
    if s.default in s.presets:
        return s.presets[s.default].scenario(s.default, s.turn_limit)
    return DuelScenario(s.start_range, s.closing_speed, s.turn_limit)


class Duel:
    """One duel between two fresh craft; `run()` plays it to the end once."""

    def __init__(self, crafts: Sequence[Craft], policies: Sequence[Captain],
                 scenario: DuelScenario, combat: Combat, catalog: Catalog, dice: Dice,
                 log: bool = False) -> None:
        self.crafts = crafts
        self.policies = policies
        self.scenario = scenario
        self.combat = combat
        self.quick = combat.quick
        self.figures = combat.figures  # every figure the rule functions read
        self.dice = dice
        self.covering, self.rates = catalog_charts(catalog)
        self.range = float(scenario.start_range)
        self.turn = 0
        self.impulse = 0
        self.clock = 0  # impulses since the start of the duel
        self.lines: list[str] | None = [] if log else None
        self.pending: tuple[list[Hit], ...] = tuple([] for _ in crafts)
        self.mishaps = [0] * len(crafts)
        # One target per turn without control (2.8), per impulse when crashing (2.3).
        self.turn_targets: list[tuple[str, int] | None] = [None] * len(crafts)
        self.impulse_targets: list[tuple[str, int] | None] = [None] * len(crafts)
        self.flight = Flight(self)
        self.sides: tuple[Side, ...] = ()
        self.start(scenario)

    def start(self, scenario: DuelScenario) -> None:
        """The craft as the scenario starts them: on the track, its start speeds toward
        each other, each with the other dead ahead."""
        crafts, policies = self.crafts, self.policies
        # Each side with its craft, the enemy craft and its policy, for the impulse loop.
        self.sides = ((0, crafts[0], crafts[1], policies[0]),
                      (1, crafts[1], crafts[0], policies[1]))
        speeds = scenario.start_speeds((not crafts[0].is_base, not crafts[1].is_base))
        for craft, speed in zip(crafts, speeds, strict=True):
            craft.velocity = speed
        for craft in crafts:
            craft.direction = 1

    # -- the loop ----------------------------------------------------------
    def run(self) -> Result:
        self.play()
        return self.result()

    def play(self) -> None:
        """Turns of impulses until the fight is over or the turn limit is reached."""
        impulses = self.quick.impulses
        for turn in range(1, self.scenario.turn_limit + 1):
            self.turn = turn
            self.start_turn()
            for impulse in range(1, impulses + 1):
                self.impulse = impulse
                self.clock += 1
                self.play_impulse()
                if self.over():
                    return
            self.end_turn()
            if self.over():
                return

    def over(self) -> bool:
        """Whether the fight is decided: on the track, a craft destroyed."""
        a, b = self.crafts
        return a.destroyed or b.destroyed

    def pairs(self) -> Iterable[Side]:
        """Each craft that acts with the craft it fights, and its captain (on the track, the
        two sides)."""
        return self.sides

    def say(self, text: str) -> None:
        if self.lines is not None:
            self.lines.append(text)

    def situation(self) -> Situation:
        return Situation(self.turn, self.impulse, self.range, self.combat, self.covering,
                         self.rates)

    def result(self) -> Result:
        a, b = self.crafts
        winner: int | None = None
        cause = ""
        if a.destroyed and not b.destroyed:
            winner, cause = 1, a.killed_by
        elif b.destroyed and not a.destroyed:
            winner, cause = 0, b.killed_by
        # What got past the screens (armor and interior), as every result says.
        dealt = (b.taken.armor + b.taken.interior, a.taken.armor + a.taken.interior)
        if self.lines is not None:
            if winner is None:
                both = a.destroyed and b.destroyed
                self.say(f"turn {self.turn}: " + ("both craft are destroyed: a draw" if both
                                                   else "turn limit reached: a draw"))
            else:
                self.say(f"turn {self.turn}: {self.crafts[winner].name} wins "
                         f"({self.crafts[1 - winner].name} destroyed by {cause})")
        return Result(winner, self.turn, dealt, cause, tuple(self.lines or ()),
                      self.dice.drawn)

    # -- turn phases -------------------------------------------------------
    def start_turn(self) -> None:
        self.say_turn()
        for craft in self.crafts:
            craft.charge, craft.spent = craft.boxes["capacitor"], 0  # 2.2: recharge
        # Power is allocated in secret: every policy decides before any allocation applies.
        allocations = [(side, craft, policy.allocate(craft, enemy, self.situation()))
                       for side, craft, enemy, policy in self.pairs()]
        for _, craft, allocation in allocations:
            self.allocate(craft, allocation)
        for _, craft, enemy, _ in self.pairs():
            self.lock_on(craft, enemy)

    def say_turn(self) -> None:
        if self.lines is not None:
            self.say(f"turn {self.turn}: range {self.range:.1f}")

    def allocate(self, craft: Craft, order: Allocation) -> None:
        f = self.figures
        was_invisible = craft.invisible
        craft.invisible = False
        craft.radar_on = order.radar
        cost = craft.invisibility_cost
        if power.invisibility_powered(order.invisible, craft.can_be_invisible, cost,
                                      craft.power):
            craft.spend(craft.invisibility_cost)
            craft.invisible = True
        limit = power.electronics_limit(f, craft.radar_rating, craft.special_electronics)
        craft.eccm = power.electronics_points(order.eccm, limit, craft.power, f.eccm_point)
        craft.spend(craft.eccm * f.eccm_point)
        ecm = order.ecm if craft.has_control else 0  # 2.8: no ECM without control
        craft.ecm = power.electronics_points(ecm, limit, craft.power, f.ecm_point)
        craft.spend(craft.ecm * f.ecm_point)
        # 2.3: evasive maneuvering is declared for the turn; 2.8: not without control;
        # R24: not by a craft that cannot start moving.
        craft.evasive = order.evade and craft.has_control and movement.may_evade(
            craft.is_base, craft.boxes["engine"], craft.boxes["fuel_tank"], craft.needs_fuel,
            craft.velocity)
        if (craft.invisible or craft.ecm or craft.eccm) and self.lines is not None:
            self.say(f"  {craft.name} powers" + (" radar invisibility" if craft.invisible else "")
                     + (f" ECM {craft.ecm}" if craft.ecm else "")
                     + (f" ECCM {craft.eccm}" if craft.eccm else "")
                     + ("" if craft.radar_on else " with its radar off"))
        # R22: radar on, ECM or ECCM void radar invisibility for the turn (its power is lost).
        if craft.invisible and power.invisibility_void(craft.radar_on, craft.ecm, craft.eccm):
            craft.invisible = False
            self.say(f"  {craft.name}'s radar invisibility is void: its "
                     + ("radar is on" if craft.radar_on else "ECM or ECCM is powered"))
        craft.went_invisible = craft.invisible
        if craft.invisible and not was_invisible:
            side = next(k for k, one in enumerate(self.crafts) if one is craft)
            for enemy in self.homing_on(side):
                line = lose_tracks(craft, enemy, self.dice, self.figures)
                if line:
                    self.say(line)
        if craft.evasive:
            self.say(f"  {craft.name} maneuvers evasively this turn")

    def lock_on(self, craft: Craft, enemy: Craft) -> None:
        """R17, with ECM against ECCM (2.9); invisible craft cannot be locked on to."""
        # 2.9: each point of ECCM short counts the radar one box lower down its track.
        short = self.jamming(craft, enemy)
        rating = jammed_rating(craft.radar, len(craft.radar), short)
        die: int | None = None
        if not craft.radar_on:
            craft.locked = False
            self.say(f"  {craft.name} has its radar off: no lock")
            return
        sure = power.lock_needs_roll(self.figures, rating)
        if enemy.invisible:
            craft.locked = False
        elif sure != power.LOCK_ROLL:
            craft.locked = sure == power.LOCK_SURE
        else:
            die = self.dice.d6()
            craft.locked = power.locks(rating, die)
        if self.lines is not None:
            self.say(f"  {craft.name} {lock_on_words(enemy.invisible, rating, die, craft.locked)}")

    def jamming(self, craft: Craft, enemy: Craft) -> int:
        """2.9: the radar boxes `craft` counts lower for the ECCM it lacks against `enemy`'s
        ECM."""
        return power.radar_short(self.figures, enemy.ecm, craft.eccm)

    def end_turn(self) -> None:
        for side, craft in enumerate(self.crafts):
            for group in craft.weapons:
                group.fired = 0
            for gun in craft.guns:
                gun.shots_this_turn = 0
            craft.beam_push = 0.0
            craft.evasive = craft.evading = False
            craft.reinforcement = 0  # R19: reinforcement lasts to the end of the turn
            craft.fired_impulse = -1
            self.turn_targets[side] = None
            rays = movement.cosmic_rays(self.figures, craft.velocity)
            if rays:
                self.pending[side].append(Hit(rays, "cosmic rays"))
        if any(self.pending):
            self.assess()

    def enemy(self, side: int) -> Craft:
        """The craft `side` fights now (on the track, always the other one)."""
        return self.crafts[1 - side]

    def enemies(self, side: int) -> list[Craft]:
        """Every craft fighting against `side`'s (on the track, the other one)."""
        return [self.crafts[1 - side]]

    def homing_on(self, side: int) -> list[Craft]:
        """The enemies whose missiles and bolts home on `side`'s craft (2.9; on the track,
        the other one)."""
        return self.enemies(side)

    def other(self, side: int) -> int:
        """The index of `enemy(side)` among `crafts`, whose damage it takes."""
        return 1 - side

    def revealed(self, craft: Craft) -> None:
        """R22: firing or launching voids radar invisibility for the rest of the turn."""
        if craft.invisible:
            craft.invisible = False
            self.say(f"impulse {self.impulse}: {craft.name} gives itself away: its radar "
                     "invisibility is void for the rest of the turn")

    # -- one impulse -------------------------------------------------------
    def play_impulse(self) -> None:
        a, b = self.crafts
        pa, pb = self.policies
        flight = self.flight
        situation = Situation(self.turn, self.impulse, self.range, self.combat, self.covering,
                         self.rates)
        # Both policies decide before either craft turns or thrusts.
        maneuvers = (pa.maneuver(a, b, situation), pb.maneuver(b, a, situation))
        self.maneuver(0, a, maneuvers[0])
        self.maneuver(1, b, maneuvers[1])
        self.move()
        if flight.busy():
            flight.point_defense()
        situation = Situation(self.turn, self.impulse, self.range, self.combat, self.covering,
                         self.rates)
        launches = (pa.launch(a, b, situation), pb.launch(b, a, situation))
        if launches[0].missiles or launches[0].drones:  # most impulses launch nothing
            flight.launch(0, a, launches[0])
        if launches[1].missiles or launches[1].drones:
            flight.launch(1, b, launches[1])
        # 2.1: the direct-fire decision covers the craft's weapons and its drones' alike, and
        # the announcement tells the target of both before it reinforces its screens.
        orders = (pa.fire(a, b, situation), pb.fire(b, a, situation))
        drones = (flight.drone_orders(0, a, pa, situation) if a.drones else (),
                  flight.drone_orders(1, b, pb, situation) if b.drones else ())
        for side, craft, enemy, policy in self.sides:
            incoming = self.announce(side, orders[1 - side], drones[1 - side])
            want = policy.reinforce(craft, enemy, situation, incoming)
            if want:
                self.reinforce(craft, want)
            if craft.lingering:
                self.linger(side, craft)
        for side, craft, _, _ in self.sides:
            for order in orders[side]:
                self.fire(side, craft, order)
            if drones[side]:
                flight.drone_fire(side, craft, drones[side])
        if a.bolts or b.bolts:
            flight.bolts_strike()
        self.close_impulse()

    def linger(self, side: int, craft: Craft) -> None:
        """Acid gum clinging to `craft` eats on, on the side it clings to (R18)."""
        for lingering in craft.lingering:
            self.pending[side].append(Hit(lingering.damage, "acid gum", screened=False,
                                          side=lingering.side))
            lingering.impulses -= 1
        craft.lingering = [g for g in craft.lingering if g.impulses > 0]

    def close_impulse(self) -> None:
        """Damage assessment, then the screens meet the next impulse's damage afresh (2.7)."""
        if any(self.pending) or any(self.mishaps):
            self.assess()
        for craft in self.crafts:
            craft.screens_used, craft.rear_struck = 0, False
        self.impulse_targets = [None] * len(self.crafts)

    def announce(self, side: int, fire: list[FireOrder], drones: tuple[Drone, ...]) -> Incoming:
        """What `side` learns before its screen reinforcement: fire, drone fire, arrivals."""
        arriving = self.flight.arriving(side) if self.pending[side] or self.enemy(
            side).bolts else 0
        if not fire and not drones and not arriving:
            return NOTHING
        return Incoming(tuple(fire), drones, arriving)

    def maneuver(self, side: int, craft: Craft, order: Maneuver) -> None:
        f = self.figures
        want = order.direction if 1 <= order.direction <= 6 else craft.direction
        is_base, boxes = craft.is_base, craft.boxes
        control = boxes["main_control"] + boxes["aux_control"] > 0
        # 2.3: a base turns 60 degrees, 4 impulses after its last turn; 2.8: 60 degrees at
        # most without control; 2.3: likewise while evading and after crash acceleration.
        limit = movement.rotation_limit(f, is_base, self.clock - craft.last_rotation, control,
                                        craft.evasive, craft.crashed_at == self.clock - 1)
        want = movement.turned(craft.direction, want, limit)
        if want != craft.direction:
            craft.direction, craft.last_rotation = want, self.clock
        working = movement.working_engines(boxes["engine"], boxes["fuel_tank"],
                                           craft.needs_fuel, is_base)
        size = movement.rate_size(craft.size_class)
        # 3, 2.3, R20: thrust along the line of sight, with fuel unless a ramscoop may go without.
        engines = engines_pushing(craft, want, order.thrust)
        thrust = order.thrust if engines else 0
        # 2.3, 2.8: no crash acceleration without control or with ECM powered.
        crash = movement.may_crash(order.crash, thrust, control, craft.ecm)
        normal = fast = 0.0
        if thrust:  # 2.3: the rates scale with engines per size class
            normal, fast = self.quick.acceleration(craft.manned, engines, size)
            crash = crash and fast > normal
        craft.crashing = crash
        if crash:
            craft.crashed_at = self.clock
        if thrust:
            craft.velocity = movement.thrust_velocity(f, craft.velocity, thrust,
                                                      fast if crash else normal,
                                                      movement.scoop_braking(want, thrust))
            if crash and not craft.manned:
                self.crash_mishap(side, craft)
        # 2.3: an evader needs an engine beyond those thrusting; none while crashing.
        craft.evading = movement.evading(f, craft.evasive, crash, working, size, thrust != 0)

    def crash_mishap(self, side: int, craft: Craft) -> None:
        """2.3: an unmanned craft crash-accelerating rolls two dice for interior hits."""
        f = self.figures
        first, second = self.dice.d6(), self.dice.d6()
        if movement.crash_mishap(f, first + second):
            hits = roll(self.dice, f.crash_dice)
            self.mishaps[side] += hits
            self.say(f"impulse {self.impulse}: {craft.name} crash-accelerates and "
                     f"rolls {first + second}: {hits} interior hits")

    def move(self) -> None:
        a, b = self.crafts
        if a.beam_push or b.beam_push:
            for craft in self.crafts:
                if craft.beam_push and not craft.is_base:
                    craft.velocity = movement.beam_velocity(self.figures, craft.velocity,
                                                            craft.beam_push)
        self.range = movement.closed_range(self.figures, self.range, a.velocity, b.velocity)
        self.flight.move()

    def reinforce(self, craft: Craft, want: int) -> None:
        """`want` more screen points for the rest of the turn (R19), 3 power each, never
        past double the undestroyed screen boxes (2.2)."""
        f = self.figures
        points = power.reinforcement_points(f, want, craft.boxes["screen"], craft.reinforcement,
                                            craft.power)
        if points:
            craft.spend(points * f.reinforcement_cost)
            craft.reinforcement += points
            self.say(f"impulse {self.impulse}: {craft.name} reinforces its screens by {points}"
                     f" ({screen_strength(craft, self.combat)} up for the rest of the turn)")

    # -- direct fire -------------------------------------------------------
    def fire(self, side: int, craft: Craft, order: FireOrder) -> None:
        """Check one fire order against the rules and resolve it."""
        resolve_order(self, side, craft, order)

    def add_acid(self, side: int) -> None:
        """Acid gum keeps eating for the next impulses; screens do not stop it (2.4). It
        clings to the armor side it struck, whichever side the craft shows later (R18)."""
        rule = self.combat.acid_gum
        if rule.lingering and rule.lingering_impulses:
            craft = self.crafts[side]
            craft.lingering.append(Lingering(rule.lingering, rule.lingering_impulses,
                                             craft.direction))

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
        points = damage.explosion_points(self.rates, strength, int(self.range))
        if self.lines is not None:
            self.say(f"impulse {self.impulse}: {craft.name} explodes with strength {strength:g}")
        enemy = self.enemy(side)
        if points > 0 and not enemy.destroyed:
            reports = take_damage(enemy, [Hit(points, "explosion")], enemy.direction,
                                  self.combat, self.dice)
            if self.lines is not None:
                self.say(describe_reports(self.impulse, enemy, reports))
