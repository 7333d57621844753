"""The Tacship battle loop (rules 4): squadrons on an unbounded hex plane.

A duel is a battle of one fighter against one. Each turn the fighters still
flying move in initiative order, highest first, except that a fighter in the
slot behind an enemy moves after it (`rules.squadron`, rulings TB1 and TB2). A
fighter's move: arm ordnance, thrust, fly the full speed firing each laser once
at any moment at any enemy it bears on, then release armed ordnance. Missiles
aimed at a fighter move right after it (its side's decoys first get their
opposed roll); mines go off during any enemy's movement. The battle ends when a
side has no fighter left, or as a draw at the turn limit. Every random number
comes from one seeded generator, drawn in the order the compiled engine draws
them (`fast/battle.py`): that order, and each pilot's decision loop, are the parts
written in both engines; every formula is a rule function (`rules/`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from shipyard.core.battle import Shot
from shipyard.core.dice import Dice
from shipyard.rulesets.tacship.engine import words
from shipyard.rulesets.tacship.engine.fire import (
    Damage,
    die,
    fixed_range,
    shoot,
    take_damage,
    turret_range,
)
from shipyard.rulesets.tacship.engine.hexes import distance, in_slot
from shipyard.rulesets.tacship.engine.movement import Plan, illegal, straight_after, trace
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
from shipyard.rulesets.tacship.engine.picture import Pictures
from shipyard.rulesets.tacship.engine.policy import FireOrder, Policy, View
from shipyard.rulesets.tacship.engine.state import Board, Craft, Missile, Side
from shipyard.rulesets.tacship.engine.tables import Combat
from shipyard.rulesets.tacship.rules.ordnance import detonates
from shipyard.rulesets.tacship.rules.piloting import focus_worth
from shipyard.rulesets.tacship.rules.squadron import any_tied, move_order, rerolled, tied


@dataclass(frozen=True, slots=True)
class DuelStart:
    """Start range (head-on, hexes), start speed, turn limit; initiative (one per
    fighter, side A's then side B's) or None to roll a D6 each per battle, ties rolled
    again (rules 4)."""

    start_range: int = 20
    start_speed: int = 4
    turn_limit: int = 20
    initiative: tuple[int, ...] | None = None
    # Each side's own start speed toward the other (negative: facing away), or None
    # for both at `start_speed` head-on.
    speeds: tuple[int, int] | None = None

    @property
    def each_speed(self) -> tuple[int, int]:
        return self.speeds if self.speeds is not None else (self.start_speed,) * 2

    @classmethod
    def defaults(cls, combat: Combat) -> DuelStart:
        s = combat.scenario
        return cls(s.start_range, s.start_speed, s.turn_limit)


class Battle:
    """One battle between fresh fighters; `run()` plays it to the end once.

    `crafts` holds every fighter, side A's in fleet order then side B's, each with its
    `key` its place there."""

    def __init__(self, crafts: Sequence[Craft], policies: tuple[Policy, Policy],
                 scenario: DuelStart, combat: Combat, dice: Dice, log: bool = False,
                 pictures: Pictures | None = None) -> None:
        self.crafts = tuple(crafts)
        self.policies: dict[Side, Policy] = {"a": policies[0], "b": policies[1]}
        self.scenario = scenario
        self.combat = combat
        self.figures = combat.figures  # every figure the rules read (rules.figures)
        self.dice = dice
        self.board = Board()
        self.turn = 0
        self.moved: set[int] = set()  # keys of the fighters that have moved this turn
        self.lines: list[str] | None = [] if log else None
        self.pictures = pictures

    def say(self, text: str) -> None:
        if self.lines is not None:
            self.lines.append(text)

    def craft(self, side: Side) -> Craft:
        """The first fighter of `side` (a duel's one fighter of that side)."""
        return next(c for c in self.crafts if c.side == side)

    def enemies(self, craft: Craft) -> tuple[Craft, ...]:
        """The enemies of `craft` still flying, in battle order."""
        return tuple(c for c in self.crafts if c.side != craft.side and not c.destroyed)

    def flying(self, side: Side) -> bool:
        return any(not c.destroyed for c in self.crafts if c.side == side)

    @property
    def over(self) -> bool:
        return not self.flying("a") or not self.flying("b")

    @property
    def winner(self) -> Side | None:
        """The side with fighters left when the other has none; None for a draw."""
        a, b = self.flying("a"), self.flying("b")
        return "a" if a and not b else "b" if b and not a else None

    # -- the loop ---------------------------------------------------------------
    def run(self) -> None:
        self.roll_initiative()
        self.say(self.opening())
        if self.pictures is not None:
            self.pictures.take(self.crafts, self.board, 0, "The fighters meet")
        for turn in range(1, self.scenario.turn_limit + 1):
            self.turn = turn
            self.moved = set()
            for craft in self.order():
                if craft.destroyed:
                    continue  # destroyed earlier this turn
                self.play(craft)
                self.moved.add(craft.key)
                if not self.over and not craft.destroyed:  # ruling TB4
                    self.missiles_after(craft)
                if self.over:
                    return
            self.board.decoys.clear()  # rules 4: decoys are removed at the end of the turn
            # ruling TB4: a missile whose target is destroyed has nothing to home on
            self.board.missiles = [m for m in self.board.missiles
                                   if not self.crafts[self.aimed(m)].destroyed]

    def opening(self) -> str:
        if len(self.crafts) == 2:
            a, b = self.crafts
            speed_a, speed_b = self.scenario.each_speed
            speeds = (f"at speed {speed_a}" if speed_a == speed_b >= 0 else
                      f"{a.name} at speed {speed_a}, {b.name} at speed {speed_b}"
                      " (negative: facing away)")
            return (f"{a.name} and {b.name} meet head-on {self.scenario.start_range} hexes "
                    f"apart {speeds}; initiative {a.initiative} against {b.initiative}")
        speed_a, speed_b = self.scenario.each_speed
        sides = [", ".join(c.name for c in self.crafts if c.side == side) for side in "ab"]
        ranks = ", ".join(f"{c.name} {c.initiative}" for c in
                          sorted(self.crafts, key=lambda c: (-c.initiative, -c.tiebreak, c.key)))
        return (f"{sides[0]} (side A, speed {speed_a}) and {sides[1]} (side B, speed "
                f"{speed_b}) meet head-on {self.scenario.start_range} hexes apart, "
                f"line abreast; initiative {ranks}")

    def roll_initiative(self) -> None:
        """A die each in battle order; tied fighters roll again (ruling TB1)."""
        crafts, f = self.crafts, self.figures
        if self.scenario.initiative is not None:
            for craft, number in zip(crafts, self.scenario.initiative, strict=True):
                craft.initiative = number
            return
        for craft in crafts:
            craft.initiative = die(self.dice, f.initiative_die)
        count = len(crafts)
        while f.reroll_ties:
            numbers = [c.initiative for c in crafts]
            breaks = [c.tiebreak for c in crafts]
            if not any_tied(count, numbers, breaks):
                return
            again = [tied(count, numbers, breaks, k) for k in range(count)]
            for craft, roll_again in zip(crafts, again, strict=True):
                if roll_again:
                    craft.initiative, craft.tiebreak = rerolled(
                        count, f.initiative_die, craft.initiative, craft.tiebreak,
                        die(self.dice, f.initiative_die))

    def order(self) -> tuple[Craft, ...]:
        """Highest initiative first; a fighter in the slot behind an enemy moves after it
        (rules 4, ruling TB2)."""
        crafts, count = self.crafts, len(self.crafts)
        follows = [0] * (count * count)
        reach = self.figures.slot_range
        for tail in crafts:
            for lead in self.enemies(tail):
                if not tail.destroyed and in_slot(tail.pos, tail.heading, lead.pos,
                                                  lead.heading, reach):
                    follows[tail.key * count + lead.key] = 1
                    self.say(f"Turn {self.turn}: {tail.name} is in the slot behind "
                             f"{lead.name} and moves after it")
        order = [0] * count
        moving = move_order(count, [0 if c.destroyed else 1 for c in crafts],
                            [c.initiative for c in crafts], [c.tiebreak for c in crafts],
                            follows, order)
        return tuple(crafts[k] for k in order[:moving])

    def focus(self, craft: Craft) -> Craft:
        """The enemy the flight of `craft` fights now: the most threat for the turns it
        takes to kill (`rules.piloting.focus_worth`); the first in battle order on a tie."""
        best: tuple[float, Craft] | None = None
        for enemy in self.enemies(craft):
            fighter = enemy.fighter
            worth = focus_worth(fighter.fixed_total, sum(t.factor for t in fighter.turrets),
                                enemy.stores.get("missile", 0) + enemy.armed.count("missile"),
                                enemy.boxes_left)
            if best is None or worth > best[0]:
                best = (worth, enemy)
        assert best is not None  # a fighter moves only while the battle is on
        return best[1]

    def view(self, craft: Craft, enemy: Craft) -> View:
        return View(craft, enemy, self.board, self.figures, self.turn,
                    enemy_moves_later=enemy.key not in self.moved,
                    blast=self.combat.blast_table, foes=self.enemies(craft))

    def aimed(self, missile: Missile) -> int:
        """The key of the fighter `missile` homes on."""
        return missile.aimed if missile.aimed >= 0 else self.craft(missile.target).key

    # -- one fighter's move -------------------------------------------------------
    def play(self, craft: Craft) -> None:
        enemy, policy, f = self.focus(craft), self.policies[craft.side], self.figures
        view = self.view(craft, enemy)
        clauses: list[str] = []
        armed = arm(craft, policy.arm(view), f)  # step 1
        plan, orders = policy.move(view)  # step 2
        if illegal(craft, plan, f) is not None:
            plan, orders = Plan(craft.speed), FireOrder()  # an illegal answer flies straight
        craft.speed = plan.speed
        path = trace(craft.pos, craft.heading, plan)
        flown = reached = 0
        for index, (pos, heading) in enumerate(path):  # step 3
            reached = index
            if pos != craft.pos:
                flown += 1
            craft.pos, craft.heading = pos, heading
            for mine in mines_in_reach(self.board, craft, pos, f):
                self.board.mines.remove(mine)
                self.detonate(craft, mine.pos, distance(mine.pos, pos), "mine", clauses)
                if craft.destroyed:
                    break
            if craft.destroyed:
                break
            self.fire(craft, enemy, index, orders, clauses)
            if self.over:
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
            if enemy.destroyed:  # shot down on the way: the flight's next focus
                enemy = self.focus(craft)
            self.release(craft, enemy, policy, clauses)  # step 4
        line = ", ".join([head, *clauses])
        self.say(line)
        if self.pictures is not None:
            self.pictures.take(self.crafts, self.board, self.turn, line, craft,
                               [p for p, _ in path[:reached + 1]])

    def target(self, key: int | None, focus: Craft) -> Craft:
        return focus if key is None else self.crafts[key]

    def fire(self, craft: Craft, focus: Craft, index: int, orders: FireOrder,
             clauses: list[str]) -> None:
        """Lasers ordered for this moment of the move, if they bear (rules 4)."""
        fighter = craft.fighter
        if orders.fixed == index and fighter.fixed_lasers:
            enemy = self.target(orders.fixed_target, focus)
            hexes = fixed_range(craft.pos, craft.heading, enemy.pos)
            if hexes is not None and not enemy.destroyed and enemy.side != craft.side:
                self.volley(craft, enemy, fighter.fixed_lasers, "fixed", hexes, clauses)
        targets = orders.turret_targets
        for k, (turret, at) in enumerate(zip(fighter.turrets, orders.turrets, strict=False)):
            enemy = self.target(targets[k] if k < len(targets) else None, focus)
            if at != index or enemy.destroyed or enemy.side == craft.side:
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
                damages.append(self.hurt(enemy, shot.factor, "laser"))
        clause = words.volley_words(factors, mount, enemy.name, hexes, shots, damages,
                                    enemy.fighter.damage_boxes)
        clauses.append(clause)
        if self.pictures is not None:
            self.pictures.shots.append(Shot("laser", craft.pos, enemy.pos,
                                            any(s.hit for s in shots),
                                            f"{craft.name} {clause}"))

    def hurt(self, victim: Craft, points: int, cause: str) -> Damage:
        damage = take_damage(victim, points, cause, self.dice, self.figures)
        if victim.destroyed and not victim.killed_on:
            victim.killed_on = self.turn
        return damage

    def detonate(self, victim: Craft, at: tuple[int, int], hexes: int, what: str,
                 clauses: list[str]) -> None:
        points = blast(hexes, self.dice, self.combat.blast_table)
        damage = self.hurt(victim, points, what)
        clause = words.blast_words(f"a {what}", hexes, points, damage,
                                   victim.fighter.damage_boxes)
        clauses.append(clause)
        if self.pictures is not None:
            self.pictures.shots.append(Shot(what, at, victim.pos, True,
                                            f"{victim.name}: {clause}"))

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
        for missile in self.board.aimed_at(target):
            if self.over or target.destroyed:  # the rest have nothing to home on (TB4)
                return
            self.missile_move(missile, target)

    def missile_move(self, missile: Missile, target: Craft) -> None:
        f = self.figures
        owner = self.crafts[missile.shooter] if missile.shooter >= 0 else self.craft(
            missile.owner)
        prefix = f"Turn {self.turn}: {owner.name}'s missile"
        start = missile.pos
        lines: list[str] = []
        for decoy in self.board.decoys:  # any decoy of the target's side (rules T5)
            if decoy.owner == target.side and not missile.fooled:
                duel = contest(self.dice, f)
                missile.fooled = duel.fooled
                lines.append(f"{prefix} meets a decoy: rolls {duel.missile_roll} against "
                             f"{duel.target_roll}: " + ("fooled" if duel.fooled else
                                                        "not fooled"))
        if missile.fooled:  # it homes on the decoy, harmlessly (rules T5)
            self.board.missiles.remove(missile)
            lines.append(f"{prefix} homes on the decoy and is spent")
        elif missile.launched == self.turn:  # launch turn: straight on, unfused (rules T4)
            missile.pos, missile.heading = straight_run(missile)[-1]
            lines.append(f"{prefix} flies {missile.speed} hexes straight, still unfused")
        else:
            self.board.missiles.remove(missile)
            steer = self.policies[missile.owner].steer(missile, target.pos, f)
            if steer.plan not in set(missile_plans(missile, f)):
                steer = type(steer)(Plan(missile.speed), None)
            run = missile_run(missile, steer.plan)
            at = steer.detonate
            if at is not None and 0 <= at < len(run) and detonates(
                    f, distance(run[at][0], target.pos)):
                clauses: list[str] = []
                self.detonate(target, run[at][0], distance(run[at][0], target.pos), "missile",
                              clauses)
                lines.append(f"{prefix} closes on {target.name}: " + clauses[0])
                missile.pos = run[at][0]
            else:
                lines.append(f"{prefix} fails to reach {target.name} and is removed")
                missile.pos = run[-1][0]
        for line in lines:
            self.say(line)
        if self.pictures is not None:
            self.pictures.take(self.crafts, self.board, self.turn, "; ".join(lines),
                               missile=(missile, start))
