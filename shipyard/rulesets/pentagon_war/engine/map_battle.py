"""The duel loop on the hex map: any number of craft in two fleets (rules 2.1-2.9, R25-R33).

`MapBattle` is `duel.Duel` with the map as its geometry. Each craft fights one enemy at
a time, its side's choice (`fleet_orders`); before a craft's captain decides or its
fire is resolved the loop *views* the pair (`view`): the range between them is their hex
distance, the relative direction each sees the other in gives the arcs that bear and the
armor side struck (`rules.bearing`), and each one's speed toward the other is its
velocity along the line between them. So the duel's captains, fire rules, point defense,
launches and damage assessment play on the map as written, and a hit is stamped with the
armor side it strikes when it is sent (`Struck`).

Missiles and liquid metal bolts home across the map (`map_flight`, R30); drones fly as
size class 0 craft of their own (R31). What flies is lost when its target is destroyed
or its launcher is (R33). A craft's explosion strikes
every craft in reach, friend or foe, less 8 points a hex (R27), on the side facing it.

R34: a craft shows the side its captain asks for between volleys to the heaviest threat
against it rather than to its target (`heaviest`), and keeps out of the blast of every
friend (`reach`: how far each craft's strongest explosion strikes; `helm.make_room`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from shipyard.core.battle import SURVIVED, BattleResult, Fate
from shipyard.core.dice import Dice
from shipyard.core.outcome import DuelScenario
from shipyard.rulesets.pentagon_war.catalog import Catalog
from shipyard.rulesets.pentagon_war.engine.battle import Side
from shipyard.rulesets.pentagon_war.engine.damage import (
    Hit,
    explosion_strength,
    take_damage,
)
from shipyard.rulesets.pentagon_war.engine.duel import Duel
from shipyard.rulesets.pentagon_war.engine.fleet_orders import (
    assign,
    blast_room,
    heaviest,
    ranked,
    threat,
)
from shipyard.rulesets.pentagon_war.engine.helm import beam, steer_craft
from shipyard.rulesets.pentagon_war.engine.hexmap import HexMap
from shipyard.rulesets.pentagon_war.engine.map_blasts import objects_struck
from shipyard.rulesets.pentagon_war.engine.map_flight import MapFlight
from shipyard.rulesets.pentagon_war.engine.map_pictures import MapPictures
from shipyard.rulesets.pentagon_war.engine.orders import (
    NOTHING,
    Captain,
    FireOrder,
    Incoming,
    Maneuver,
    Volley,
    steer,
)
from shipyard.rulesets.pentagon_war.engine.policy import Policy
from shipyard.rulesets.pentagon_war.engine.state import Craft, Drone, total_boxes
from shipyard.rulesets.pentagon_war.engine.struck import Struck
from shipyard.rulesets.pentagon_war.engine.tables import Combat
from shipyard.rulesets.pentagon_war.engine.words import describe_reports
from shipyard.rulesets.pentagon_war.map_movement import map_figures
from shipyard.rulesets.pentagon_war.rules import movement
from shipyard.rulesets.pentagon_war.rules.electronics import side_radar_short
from shipyard.rulesets.pentagon_war.rules.explosions import blast_points, blast_reach
from shipyard.rulesets.pentagon_war.rules.flight import shot_down_points

TOWARD, ASTERN = 1, 4  # the relative directions a craft thrusts toward and away from
FOUR_TO_ONE = 4  # a side this many times weaker in boxes left disengages (R33)
RUN = steer(ASTERN, -1)  # a running craft's order: the enemy astern, thrusting away


class MapBattle(Duel):
    """One battle between two fleets of fresh craft on the hex map; `fight()` plays it."""

    def __init__(self, crafts: Sequence[Craft], sides: Sequence[int], places: Sequence[int],
                 policies: Sequence[Captain], scenario: DuelScenario, combat: Combat,
                 catalog: Catalog, dice: Dice, log: bool = False,
                 layout: tuple[int, bool] = (0, False),
                 pictures: MapPictures | None = None) -> None:
        self.layout = layout
        self.pictures = pictures
        self.side_of = tuple(sides)
        self.places = tuple(places)
        self.hexmap = HexMap(map_figures(combat.turn, combat.movement), len(crafts))
        self.target = [-1] * len(crafts)
        self.partner = [-1] * len(crafts)
        self.fell = [SURVIVED] * len(crafts)
        self.beams: list[tuple[int, int, bool, bool]] = []  # this turn's (beamer, target,
        # pull, double) (2.4)
        self.aim = [-1] * len(crafts)  # where directional screens point (R29); -1: target
        self.gone = [False] * len(crafts)  # disengaged: left the battle (R33)
        self.running = [False, False]  # each side, once it is losing four to one (R33)
        self.start_boxes = [0, 0]
        for craft, side in zip(crafts, sides, strict=True):
            self.start_boxes[side] += total_boxes(craft)
        self.index = {id(craft): i for i, craft in enumerate(crafts)}
        super().__init__(crafts, policies, scenario, combat, catalog, dice, log)
        self.flight = self.on_map = MapFlight(self, self.hexmap, self.partner, self.index)
        self.struck = tuple(Struck(craft) for craft in crafts)
        self.pending = self.struck
        self.reach = [blast_room(craft, self.rates) for craft in crafts]  # R34

    def start(self, scenario: DuelScenario) -> None:
        """R33: both fleets abreast, `start_range` apart, closing at their start speeds."""
        speeds = [0.0 if craft.is_base else scenario.start_speeds((True, True))[side]
                  for craft, side in zip(self.crafts, self.side_of, strict=True)]
        self.hexmap.place(self.side_of, self.places, scenario.start_range, speeds)
        self.hexmap.turned(*self.layout)
        self.range = float(scenario.start_range)
        self.retarget()

    # -- who fights whom --------------------------------------------------------------------
    def alive(self) -> list[int]:
        """The craft still in the battle: neither destroyed nor disengaged."""
        return [i for i, craft in enumerate(self.crafts)
                if not craft.destroyed and not self.gone[i]]

    def retarget(self) -> None:
        """Every craft whose target is gone gets one (`fleet_orders`); what it had in
        flight against the old one is lost with it (R33). Both sides choose from the
        battle as it stands before either loses anything in flight, so neither side's
        choice depends on the other's."""
        alive = self.alive()
        changed: list[int] = []
        for side in (0, 1):
            mine = [i for i in alive if self.side_of[i] == side]
            theirs = [i for i in alive if self.side_of[i] != side]
            if not theirs or all(self.target[i] in theirs for i in mine):
                continue
            order = ranked([self.crafts[k] for k in theirs], theirs)
            need = {k: total_boxes(self.crafts[k]) for k in theirs}
            load = dict.fromkeys(theirs, 0)
            for i in mine:
                if self.target[i] in theirs:
                    load[self.target[i]] += threat(self.crafts[i])
            for i in mine:
                if self.target[i] not in theirs:
                    self.target[i] = self.partner[i] = assign(order, need, load,
                                                              threat(self.crafts[i]))
                    changed.append(i)
        for i in changed:
            craft = self.crafts[i]
            craft.missiles, craft.bolts, craft.drones = [], [], []

    def view(self, i: int, j: int) -> None:
        """Craft `i` and craft `j` as the duel sees a pair: the range between them, the
        relative direction each sees the other in, each one's speed toward the other."""
        hexmap, crafts = self.hexmap, self.crafts
        crafts[i].direction = hexmap.direction(i, j)
        crafts[j].direction = hexmap.direction(j, i)
        crafts[i].velocity = hexmap.toward(i, j)
        crafts[j].velocity = hexmap.toward(j, i)
        self.range = float(hexmap.hexes(i, j))
        self.partner[i] = j

    def pairs(self) -> Iterator[Side]:
        for i in self.alive():
            j = self.target[i]
            self.view(i, j)
            yield i, self.crafts[i], self.crafts[j], self.policies[i]

    def enemy(self, side: int) -> Craft:
        return self.crafts[self.partner[side]]

    def enemies(self, side: int) -> list[Craft]:
        return [c for k, c in enumerate(self.crafts) if self.side_of[k] != self.side_of[side]]

    def homing_on(self, side: int) -> list[Craft]:
        """2.9 on the map: an enemy's missiles and bolts home on its target, so only the
        enemies whose target is `side` (in order) have seekers on it."""
        return [c for k, c in enumerate(self.crafts)
                if self.side_of[k] != self.side_of[side] and self.target[k] == side]

    def other(self, side: int) -> int:
        j = self.partner[side]
        self.crafts[j].direction = self.hexmap.direction(j, side)  # the side it shows
        self.struck[j].covered = (not self.crafts[j].directional_screens
                                  or self.hexmap.covers(j, self.aim[j], side))
        return j

    def add_acid(self, side: int) -> None:
        super().add_acid(side)
        self.struck[side].covered = True  # no hit followed `other`: the next is not its

    def jamming(self, craft: Craft, enemy: Craft) -> int:
        """R28: each side's ECM and ECCM are the averages over its craft still flying."""
        mine = self.side_of[self.index[id(craft)]]
        flying = [(self.side_of[i], self.crafts[i]) for i in self.alive()]
        ecm = [c.ecm for side, c in flying if side != mine]
        eccm = [c.eccm for side, c in flying if side == mine]
        return side_radar_short(self.figures, ecm, len(ecm), eccm, len(eccm))

    def over(self) -> bool:
        left = {self.side_of[i] for i in self.alive()}
        return len(left) < 2

    def say_turn(self) -> None:
        if self.lines is None:
            return
        hexmap = self.hexmap
        where = "; ".join(f"{self.crafts[i].name} at ({hexmap.a[i]}, {hexmap.c[i]}) facing "
                          f"{'ABCDEF'[hexmap.facing[i]]}, speed {hexmap.speed(i):.2f}"
                          for i in self.alive())
        self.say(f"turn {self.turn}: {where}")

    def start_turn(self) -> None:
        self.hexmap.start_turn(self.turn)
        self.on_map.start_turn(self.turn)
        self.judge_running()
        super().start_turn()

    def judge_running(self) -> None:
        """R33: a side that has kept a quarter or less of what the other has kept (in boxes
        left of those it started with, craft disengaged or destroyed counting none)
        disengages, and keeps running."""
        left = [0, 0]
        for i in self.alive():
            left[self.side_of[i]] += total_boxes(self.crafts[i])
        start = self.start_boxes
        for side in (0, 1):
            kept, theirs = left[side] * start[1 - side], left[1 - side] * start[side]
            if not self.running[side] and 0 < kept * FOUR_TO_ONE <= theirs:
                self.running[side] = True
                self.say(f"turn {self.turn}: fleet {'AB'[side]} is losing four to one "
                         "and disengages")

    # -- one impulse ------------------------------------------------------------------------
    def play_impulse(self) -> None:
        crafts, flight = self.crafts, self.flight
        acting = list(self.pairs())
        # Every captain decides before any craft turns or thrusts.
        maneuvers: list[Maneuver] = []
        threats: list[int] = []
        for i, craft, enemy, policy in acting:
            self.view(i, self.target[i])
            maneuvers.append(policy.maneuver(craft, enemy, self.situation()))
            threats.append(self.heaviest(i, craft, enemy, policy, maneuvers[-1]))
        before = [(self.hexmap.va[i], self.hexmap.vc[i]) for i, *_ in acting]
        for (i, craft, _, _), order, threat_at in zip(acting, maneuvers, threats, strict=True):
            self.maneuver(i, craft, order, threat_at)
        if self.beams:
            self.beam_moves()
        for (i, _, _, _), was in zip(acting, before, strict=True):
            self.hexmap.move(i, was, self.turn, self.impulse)
        for i, craft, enemy, policy in acting:
            if craft.missiles or craft.drones or craft.bolts:
                self.view(i, self.target[i])
                flight.move_side(craft, enemy, policy)
        for i, craft, _, _ in acting:  # 2.5: point defense against what reached the hex
            for k in self.attackers(i):
                if crafts[k].missiles or crafts[k].drones or self.hexmap.hexes(i, k) < 1:
                    self.view(i, k)
                    flight.defend(i, craft, crafts[k])
        for i, craft, enemy, policy in self.pairs():
            launch = policy.launch(craft, enemy, self.situation())
            if launch.missiles or launch.drones:
                flight.launch(i, craft, launch)
        # 2.1: fire is decided and announced before the targets reinforce their screens.
        orders: dict[int, list[FireOrder]] = {}
        drones: dict[int, tuple[Drone, ...]] = {}
        for i, craft, enemy, policy in self.pairs():
            situation = self.situation()
            orders[i] = policy.fire(craft, enemy, situation)
            drones[i] = flight.drone_orders(i, craft, policy, situation) if craft.drones else ()
        for i, craft, enemy, policy in self.pairs():
            incoming = self.incoming(i, orders, drones)
            if craft.directional_screens:
                attackers = [k for k in self.attackers(i) if orders.get(k) or drones.get(k)]
                weights = [len(orders.get(k, ())) + len(drones.get(k, ())) for k in attackers]
                self.aim[i] = self.hexmap.screen_aim(i, attackers, weights, self.target[i])
            self.view(i, self.target[i])
            want = policy.reinforce(craft, enemy, self.situation(), incoming)
            if want:
                self.reinforce(craft, want)
            if craft.lingering:
                self.linger(i, craft)
        for i, craft, _, _ in self.pairs():
            for aimed in orders[i]:
                self.fire(i, craft, aimed)
            if drones[i]:
                flight.drone_fire(i, craft, drones[i])
            if craft.bolts:
                flight.bolts_land(i, craft, self.crafts[self.target[i]])
        self.close_impulse()
        if self.pictures is not None:
            self.pictures.take(self.hexmap, self.crafts, self.side_of,
                               [not gone for gone in self.gone], self.target, self.turn,
                               f"Turn {self.turn}, impulse {self.impulse}")
        if self.over():
            return
        self.retarget()

    def beam_moves(self) -> None:
        """2.4 on the map: each beam attached this turn moves both bodies (`helm.beam`)."""
        for beamer, target, pull, double in self.beams:
            if not (self.crafts[beamer].destroyed or self.crafts[target].destroyed):
                beam(self.hexmap, self.combat.magnetic_beam, beamer, target, pull, double,
                     [self.crafts[beamer], self.crafts[target]],
                     [self.gone[beamer], self.gone[target]])

    def attackers(self, i: int) -> list[int]:
        return [k for k in self.alive() if self.target[k] == i]

    def incoming(self, i: int, orders: dict[int, list[FireOrder]],
                 drones: dict[int, tuple[Drone, ...]]) -> Incoming:
        """What craft `i` learns before reinforcing: every attacker's fire and arrivals."""
        fire: list[FireOrder] = []
        flying: list[Drone] = []
        volleys: list[Volley] = []  # whose each order is: it names that craft's weapons
        arriving = sum(h.points for h in self.pending[i] if h.screened)
        for k in self.attackers(i):
            fire += orders.get(k, [])
            flying += drones.get(k, ())
            arriving += self.flight.bolts_arriving(self.crafts[k])
            if orders.get(k) or drones.get(k):
                volleys.append(Volley(self.crafts[k], self.hexmap.hexes(k, i),
                                      tuple(orders.get(k, ())), tuple(drones.get(k, ()))))
        if not fire and not flying and not arriving:
            return NOTHING
        return Incoming(tuple(fire), tuple(flying), arriving, tuple(volleys))

    def heaviest(self, i: int, craft: Craft, enemy: Craft, policy: Captain,
                 order: Maneuver) -> int:
        """R34: the attacker craft `i` turns the side its captain asks for to instead of
        its target, or -1: only for an order without thrust that shows the target another
        side than the one its weapons bear best through (armor between volleys)."""
        if order.thrust or craft.is_base or not craft.has_control:
            return -1
        if isinstance(policy, Policy) and order.direction == policy.best_direction(
                craft, enemy, self.situation()):
            return -1  # the guns' side: it stays on the target
        return heaviest(self.crafts, self.attackers(i), self.target[i])

    def maneuver(self, side: int, craft: Craft, order: Maneuver, threat_at: int = -1) -> None:
        """2.3 on the map (`helm.steer`); a running side's craft run (R33); the side asked
        for turned to `threat_at` and room made from friends (R34)."""
        friends: list[int] = []
        if self.running[self.side_of[side]]:
            order, threat_at = RUN, -1  # R33: away from the enemy, as fast as it may
        else:
            friends = [k for k in self.alive()
                       if k != side and self.side_of[k] == self.side_of[side]]
        if steer_craft(self.hexmap, self.figures, side, self.target[side], craft, order,
                       self.clock, threat_at, friends, self.reach):
            self.crash_mishap(side, craft)

    def fire(self, side: int, craft: Craft, order: FireOrder) -> None:
        """The duel's fire; a magnetic beam that attaches is kept for the turn (2.4), and
        with pictures the fire's line is drawn on the map."""
        pulled = craft.beam_push
        if self.pictures is None or self.lines is None:
            super().fire(side, craft, order)
            if craft.beam_push != pulled:
                self.beams.append((side, self.partner[side], order.pull, order.double))
            return
        j, told, sent = self.partner[side], len(self.lines), len(self.pending[self.partner[side]])
        super().fire(side, craft, order)
        if craft.beam_push != pulled:
            self.beams.append((side, j, order.pull, order.double))
        words = self.lines[told:]
        if not words:
            return  # the rules refused the order: nothing fired
        arms = craft.guns if order.gun else craft.weapons
        weapon = arms[order.index]
        hit = len(self.pending[j]) > sent or any("destroyed" in w for w in words)
        self.pictures.fired(self.hexmap, side, j, weapon.type, weapon.arcs, hit,
                            "; ".join(w.split(": ", 1)[-1] for w in words))

    # -- damage -----------------------------------------------------------------------------
    def explode(self, side: int, craft: Craft) -> None:
        """2.7, R27: every craft in reach takes the blast less 8 points a hex, on the side
        facing it."""
        if self.fell[side] != SURVIVED:
            return  # already blown up (a blast destroyed it and it went off then)
        self.fell[side] = self.turn
        craft.missiles, craft.drones, craft.bolts = [], [], []
        strength = explosion_strength(craft, self.rates)
        if self.lines is not None:
            self.say(f"impulse {self.impulse}: {craft.name} explodes with strength {strength:g}")
        hexmap = self.hexmap
        if self.pictures is not None:
            reached = [k for k, other in enumerate(self.crafts)
                      if k != side and not other.destroyed and not self.gone[k]
                      and blast_points(self.rates, strength, hexmap.a[side], hexmap.c[side],
                                       hexmap.a[k], hexmap.c[k]) > 0]
            self.pictures.blast(hexmap, side, reached, blast_reach(self.rates, strength),
                                f"{craft.name} explodes with strength {strength:g}")
        for k, other in enumerate(self.crafts):
            if k == side or other.destroyed:
                continue
            points = blast_points(self.rates, strength, hexmap.a[side], hexmap.c[side],
                                  hexmap.a[k], hexmap.c[k])
            if points <= 0:
                continue
            struck = hexmap.direction(k, side)
            reports = take_damage(other, [Hit(points, "explosion", side=struck)], struck,
                                  self.combat, self.dice)
            if self.lines is not None:
                self.say(describe_reports(self.impulse, other, reports))
            if other.destroyed:
                self.explode(k, other)
        # R27: then the missiles and drones in reach; each missile destroyed explodes
        for a, c in objects_struck(self.crafts, self.hexmap, self.rates, self.dice, side,
                                   strength):
            self.missile_blast(a, c, shot_down_points(self.figures))

    def missile_blast(self, a: int, c: int, points: int) -> None:
        """Half a warhead exploding in hex `(a, c)`: every craft there takes it (2.6)."""
        for q in self.alive():
            if self.hexmap.a[q] == a and self.hexmap.c[q] == c:
                self.pending[q].append(Hit(points, "missile", side=TOWARD))

    def end_turn(self) -> None:
        self.beams = []  # 2.4: a beam holds to the end of the turn
        for i, craft in enumerate(self.crafts):
            craft.velocity = self.hexmap.speed(i)  # 2.3: cosmic rays by the craft's speed
        super().end_turn()
        for i in self.alive():
            if self.running[self.side_of[i]]:
                self.disengage(i, self.crafts[i])
        if not self.over():
            self.retarget()

    def disengage(self, i: int, craft: Craft) -> None:
        """R33 (seeds: disengagement by acceleration): a running craft with an engine that
        works, a screen box up and a full fuel tank (one is emptied; a ramscoop needs
        none) leaves the battle at the end of the turn."""
        boxes = craft.boxes
        engines = movement.working_engines(boxes["engine"], boxes["fuel_tank"],
                                           craft.needs_fuel, craft.is_base)
        if engines <= 0 or boxes["screen"] <= 0:
            return
        if craft.needs_fuel:
            boxes["fuel_tank"] -= 1
        self.gone[i] = True
        craft.missiles, craft.drones, craft.bolts = [], [], []
        self.say(f"turn {self.turn}: {craft.name} disengages")

    # -- the outcome ------------------------------------------------------------------------
    def fight(self) -> BattleResult:
        self.play()
        left = {self.side_of[i] for i in self.alive()}
        winner = next(iter(left)) if len(left) == 1 else None
        fates = []
        for i, craft in enumerate(self.crafts):
            taken = craft.taken.armor + craft.taken.interior
            fates.append(Fate(self.side_of[i], self.places[i],
                              self.fell[i] if craft.destroyed else SURVIVED,
                              craft.killed_by if craft.destroyed else "", taken))
        if self.lines is not None:
            self.say(f"turn {self.turn}: " + (
                "a draw" if winner is None else f"fleet {'AB'[winner]} wins"))
        return BattleResult(winner, self.turn, tuple(fates), self.dice.drawn,
                            tuple(self.lines or ()))
