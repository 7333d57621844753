"""The Tacship duel loop (rules 4): two fighters on an unbounded hex plane.

Each turn the fighters move in initiative order, highest first, except that
a fighter in the slot behind its target moves after it. A fighter's move:
arm ordnance, thrust, fly the full speed firing its lasers once at any
moment, then release armed ordnance. Missiles aimed at a fighter move right
after it (decoys first get their opposed roll); mines go off during an
enemy's movement. The duel ends when a fighter is destroyed, or as a draw at
the turn limit. Every random number comes from one seeded generator.
"""

from __future__ import annotations

from dataclasses import dataclass

from shipyard.core.dice import CounterDice, Dice
from shipyard.rulesets.tacship.engine import words
from shipyard.rulesets.tacship.engine.fire import (
    die,
    fixed_range,
    shoot,
    take_damage,
    turret_range,
)
from shipyard.rulesets.tacship.engine.hexes import distance, in_slot
from shipyard.rulesets.tacship.engine.movement import (
    Plan,
    illegal,
    straight_after,
    trace,
)
from shipyard.rulesets.tacship.engine.ordnance import (
    arm,
    blast,
    contest,
    launch_missile,
    lay_mine,
    mines_in_reach,
    missile_plans,
    missile_run,
    place_decoy,
    straight_run,
    take_armed,
)
from shipyard.rulesets.tacship.engine.policy import FireOrder, Policy, View, policy_named
from shipyard.rulesets.tacship.engine.state import Board, Craft, Fighter, Missile, Side
from shipyard.rulesets.tacship.engine.tables import Combat, load_combat
from shipyard.rulesets.tacship.rules.ordnance import detonates


@dataclass(frozen=True, slots=True)
class DuelStart:
    """Start range (head-on, hexes), start speed, turn limit; initiative (a, b) or
    None to roll a D6 each per duel, ties rolled again (rules 4)."""

    start_range: int = 20
    start_speed: int = 4
    turn_limit: int = 20
    initiative: tuple[int, int] | None = None
    # Each fighter's own start speed toward the other (negative: facing away), or None
    # for both at `start_speed` head-on.
    speeds: tuple[int, int] | None = None

    @property
    def each_speed(self) -> tuple[int, int]:
        return self.speeds if self.speeds is not None else (self.start_speed,) * 2

    @classmethod
    def defaults(cls, combat: Combat) -> DuelStart:
        s = combat.scenario
        return cls(s.start_range, s.start_speed, s.turn_limit)


@dataclass(frozen=True, slots=True)
class Result:
    """How one duel ended."""

    winner: Side | None  # None = a draw
    turns: int
    damage: tuple[int, int]  # boxes crossed off: dealt by a, dealt by b
    cause: str  # "laser", "missile" or "mine"; "" for a draw
    log: tuple[str, ...] = ()
    draws: int = 0  # dice drawn (the compiled engine draws as many)


class Duel:
    """One duel between two fresh fighters; `run()` plays it to the end once."""

    def __init__(self, crafts: tuple[Craft, Craft], policies: tuple[Policy, Policy],
                 scenario: DuelStart, combat: Combat, dice: Dice, log: bool = False) -> None:
        self.crafts = crafts
        self.policies = {crafts[0].side: policies[0], crafts[1].side: policies[1]}
        self.scenario = scenario
        self.combat = combat
        self.figures = combat.figures  # every figure the rules read (rules.figures)
        self.dice = dice
        self.board = Board()
        self.turn = 0
        self.moved: set[Side] = set()  # fighters that have moved this turn
        self.lines: list[str] | None = [] if log else None

    def say(self, text: str) -> None:
        if self.lines is not None:
            self.lines.append(text)

    def other(self, craft: Craft) -> Craft:
        return self.crafts[1] if craft is self.crafts[0] else self.crafts[0]

    def craft(self, side: Side) -> Craft:
        return self.crafts[0] if self.crafts[0].side == side else self.crafts[1]

    @property
    def over(self) -> bool:
        return any(c.destroyed for c in self.crafts)

    # -- the loop ---------------------------------------------------------------
    def run(self) -> Result:
        a, b = self.crafts
        self.roll_initiative()
        speed_a, speed_b = self.scenario.each_speed
        speeds = (f"at speed {speed_a}" if speed_a == speed_b >= 0 else
                  f"{a.name} at speed {speed_a}, {b.name} at speed {speed_b}"
                  " (negative: facing away)")
        self.say(f"{a.name} and {b.name} meet head-on {self.scenario.start_range} hexes apart "
                 f"{speeds}; initiative {a.initiative} against {b.initiative}")
        for turn in range(1, self.scenario.turn_limit + 1):
            self.turn = turn
            self.moved = set()
            for craft in self.order():
                self.play(craft)
                self.moved.add(craft.side)
                if not self.over:
                    self.missiles_after(craft)
                if self.over:
                    return self.result()
            self.board.decoys.clear()  # rules 4: decoys are removed at the end of the turn
        return self.result()

    def roll_initiative(self) -> None:
        a, b = self.crafts
        if self.scenario.initiative is not None:
            a.initiative, b.initiative = self.scenario.initiative
            return
        f = self.figures
        while True:
            a.initiative, b.initiative = die(self.dice, f.initiative_die), die(self.dice,
                                                                            f.initiative_die)
            if a.initiative != b.initiative or not f.reroll_ties:
                return

    def order(self) -> tuple[Craft, Craft]:
        """Highest initiative first; a fighter in the slot moves after its target (rules 4)."""
        a, b = self.crafts
        reach = self.figures.slot_range
        for tail, lead in ((a, b), (b, a)):
            if in_slot(tail.pos, tail.heading, lead.pos, lead.heading, reach):
                self.say(f"Turn {self.turn}: {tail.name} is in the slot behind {lead.name} "
                         "and moves after it")
                return lead, tail
        return (a, b) if a.initiative >= b.initiative else (b, a)

    def result(self) -> Result:
        a, b = self.crafts
        winner: Side | None = None
        cause = ""
        if b.destroyed and not a.destroyed:
            winner, cause = a.side, b.killed_by
        elif a.destroyed and not b.destroyed:
            winner, cause = b.side, a.killed_by
        if winner is None:
            self.say(f"Turn {self.turn}: turn limit reached: a draw")
        else:
            loser = b if winner == a.side else a
            self.say(f"Turn {self.turn}: {self.other(loser).name} wins "
                     f"({loser.name} destroyed by {cause})")
        return Result(winner, self.turn, (b.taken, a.taken), cause, tuple(self.lines or ()),
                      self.dice.drawn)

    def view(self, craft: Craft, enemy: Craft) -> View:
        return View(craft, enemy, self.board, self.figures, self.turn,
                    enemy_moves_later=enemy.side not in self.moved,
                    blast=self.combat.blast_table)

    # -- one fighter's move -------------------------------------------------------
    def play(self, craft: Craft) -> None:
        enemy, policy, f = self.other(craft), self.policies[craft.side], self.figures
        view = self.view(craft, enemy)
        clauses: list[str] = []
        armed = arm(craft, policy.arm(view), f)  # step 1
        plan, orders = policy.move(view)  # step 2
        if illegal(craft, plan, f) is not None:
            plan, orders = Plan(craft.speed), FireOrder()  # an illegal answer flies straight
        craft.speed = plan.speed
        path = trace(craft.pos, craft.heading, plan)
        flown = 0
        for index, (pos, heading) in enumerate(path):  # step 3
            if pos != craft.pos:
                flown += 1
            craft.pos, craft.heading = pos, heading
            for mine in mines_in_reach(self.board, craft, pos, f):
                self.board.mines.remove(mine)
                self.detonate(craft, distance(mine.pos, pos), "mine", clauses)
                if craft.destroyed:
                    break
            if craft.destroyed:
                break
            self.fire(craft, enemy, index, orders, clauses)
            if enemy.destroyed:
                break
        craft.straight = straight_after(craft, plan)
        moved = f"{flown} hexes" if flown == plan.speed else f"{flown} of {plan.speed} hexes"
        turns = [t for t in plan.turns if t[0] < flown or flown == plan.speed]
        head = f"Turn {self.turn}: {craft.name} (speed {plan.speed})"
        if armed:
            head += " arms " + " and ".join(f"a {item}" for item in armed) + ","
        head += f" moves {moved}"
        if turns:
            head += ", " + words.turns_words(turns)
        if not self.over:
            self.release(craft, enemy, policy, clauses)  # step 4
        self.say(", ".join([head, *clauses]))

    def fire(self, craft: Craft, enemy: Craft, index: int, orders: FireOrder,
             clauses: list[str]) -> None:
        """Lasers ordered for this moment of the move, if they bear (rules 4)."""
        fighter = craft.fighter
        if orders.fixed == index and fighter.fixed_lasers:
            hexes = fixed_range(craft.pos, craft.heading, enemy.pos)
            if hexes is not None:
                self.volley(craft, enemy, fighter.fixed_lasers, "fixed", hexes, clauses)
        for turret, at in zip(fighter.turrets, orders.turrets, strict=False):
            if at != index or enemy.destroyed:
                continue
            hexes = turret_range(craft.pos, craft.heading, turret, enemy.pos)
            if hexes is not None:
                self.volley(craft, enemy, (turret.factor,), f"{turret.arc} turret", hexes,
                            clauses)

    def volley(self, craft: Craft, enemy: Craft, factors: tuple[int, ...], mount: str,
               hexes: int, clauses: list[str]) -> None:
        shots = shoot(factors, hexes, self.dice, self.figures)
        damages = []
        for shot in shots:
            if shot.hit and not enemy.destroyed:
                damages.append(take_damage(enemy, shot.factor, "laser", self.dice,
                                           self.figures))
        clauses.append(words.volley_words(factors, mount, enemy.name, hexes, shots, damages,
                                          enemy.fighter.damage_boxes))

    def detonate(self, victim: Craft, hexes: int, what: str, clauses: list[str]) -> None:
        points = blast(hexes, self.dice, self.combat.blast_table)
        damage = take_damage(victim, points, what, self.dice, self.figures)
        clauses.append(words.blast_words(f"a {what}", hexes, points, damage,
                                         victim.fighter.damage_boxes))

    def release(self, craft: Craft, enemy: Craft, policy: Policy, clauses: list[str]) -> None:
        f = self.figures
        order = policy.release(self.view(craft, enemy))
        if order.missile and take_armed(craft, "missile"):
            missile = launch_missile(craft, enemy, self.turn, f)
            self.board.missiles.append(missile)
            clauses.append(f"launches a missile at {enemy.name} (speed {missile.speed})")
        if order.mine and take_armed(craft, "mine"):
            self.board.mines.append(lay_mine(craft, f))
            clauses.append("drops a mine")
        if order.decoy is not None and take_armed(craft, "decoy"):
            self.board.decoys.append(place_decoy(craft, order.decoy, f))
            clauses.append("launches a decoy")

    # -- missiles -----------------------------------------------------------------
    def missiles_after(self, target: Craft) -> None:
        """Missiles aimed at `target` move right after it (rules 4)."""
        for missile in self.board.missiles_at(target.side):
            if self.over:
                return
            self.missile_move(missile, target)

    def missile_move(self, missile: Missile, target: Craft) -> None:
        f, owner = self.figures, self.craft(missile.owner)
        prefix = f"Turn {self.turn}: {owner.name}'s missile"
        for decoy in self.board.decoys:
            if decoy.owner == target.side and not missile.fooled:
                duel = contest(self.dice, f)
                missile.fooled = duel.fooled
                self.say(f"{prefix} meets a decoy: rolls {duel.missile_roll} against "
                         f"{duel.target_roll}: " + ("fooled" if duel.fooled else "not fooled"))
        if missile.fooled:  # it homes on the decoy, harmlessly (rules T5)
            self.board.missiles.remove(missile)
            self.say(f"{prefix} homes on the decoy and is spent")
            return
        if missile.launched == self.turn:  # launch turn: straight on, unfused (rules T4)
            missile.pos, missile.heading = straight_run(missile)[-1]
            self.say(f"{prefix} flies {missile.speed} hexes straight, still unfused")
            return
        self.board.missiles.remove(missile)
        steer = self.policies[missile.owner].steer(missile, target.pos, f)
        if steer.plan not in set(missile_plans(missile, f)):
            steer = type(steer)(Plan(missile.speed), None)
        run = missile_run(missile, steer.plan)
        at = steer.detonate
        if at is not None and 0 <= at < len(run) and detonates(f, distance(run[at][0],
                                                                         target.pos)):
            clauses: list[str] = []
            self.detonate(target, distance(run[at][0], target.pos), "missile", clauses)
            self.say(f"{prefix} closes on {target.name}: " + clauses[0])
        else:
            self.say(f"{prefix} fails to reach {target.name} and is removed")


def fight(fighter_a: Fighter, fighter_b: Fighter, scenario: DuelStart | None = None,
          seed: int = 0, policy_a: str | Policy = "default", policy_b: str | Policy = "default",
          log: bool = False, dice: Dice | None = None, combat: Combat | None = None) -> Result:
    """One duel: same fighters, scenario, policies and seed give the same duel."""
    combat = combat or load_combat()
    scenario = scenario or DuelStart.defaults(combat)
    name_a, name_b = fighter_a.name, fighter_b.name
    if name_a == name_b:
        name_a, name_b = f"{name_a} (A)", f"{name_b} (B)"
    half = scenario.start_range
    speed_a, speed_b = scenario.each_speed  # negative: facing away from the other
    a = Craft.enter(fighter_a, "a", (0, 0), 0 if speed_a >= 0 else 3, abs(speed_a), name_a)
    b = Craft.enter(fighter_b, "b", (half, 0), 3 if speed_b >= 0 else 0, abs(speed_b), name_b)
    policies = tuple(policy_named(p) if isinstance(p, str) else p for p in (policy_a, policy_b))
    duel = Duel((a, b), (policies[0], policies[1]), scenario, combat,
                dice or CounterDice(seed), log)
    return duel.run()
