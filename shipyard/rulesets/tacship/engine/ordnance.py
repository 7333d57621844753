"""Missiles, mines and decoys (rules 4).

Arming (step 1) moves items from store to the armed box, never more than the
armed limit at once and never back. Release is at the end of movement
(step 4), only of armed items. A missile flies at 6 plus the launcher's
speed, starts 6 hexes straight ahead and on its launch turn neither turns
nor detonates (a target still to move that turn is followed straight on,
rules T4). Its homing move comes right after its target's next move, with up
to two one-hexside turns three straight hexes apart, and it may detonate
whenever it is within 2 hexes of the target; if it has not detonated by the
end of that move it is removed (a missile that fails to reach its target in
the turn is taken off). `in_reach` says which hexes that one move can
threaten. A mine stops 3 hexes straight behind the layer and goes off when an
enemy is within 2 hexes during that enemy's movement. A decoy lands within 6
hexes; before each missile aimed at its owner moves that turn, an opposed D20
fools the missile unless the missile's roll is higher (a fooled missile is
spent on the decoy, rules T5).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache

from shipyard.core.dice import Dice
from shipyard.rulesets.tacship.engine.fire import die
from shipyard.rulesets.tacship.engine.hexes import (
    Hex,
    behind,
    distance,
    seen_from,
    step,
    within,
)
from shipyard.rulesets.tacship.engine.movement import Plan, Point, trace
from shipyard.rulesets.tacship.engine.state import Board, Craft, Decoy, Item, Mine, Missile
from shipyard.rulesets.tacship.engine.tables import Combat


def arm(craft: Craft, wanted: Sequence[Item], combat: Combat) -> tuple[Item, ...]:
    """Arm what the limit and the stores allow, in the order asked; what was armed."""
    done: list[Item] = []
    for item in wanted:
        if len(craft.armed) >= combat.ordnance.armed_limit or craft.stores.get(item, 0) <= 0:
            continue
        craft.stores[item] -= 1
        craft.armed.append(item)
        done.append(item)
    return tuple(done)


def take_armed(craft: Craft, item: Item) -> bool:
    """Release one armed `item`, if there is one."""
    if item in craft.armed:
        craft.armed.remove(item)
        return True
    return False


def launch_missile(craft: Craft, target: Craft, turn: int, combat: Combat) -> Missile:
    rules = combat.missile
    return Missile(craft.side, target.side, step(craft.pos, craft.heading, rules.launch_distance),
                   craft.heading, craft.speed + rules.speed_bonus, turn)


def lay_mine(craft: Craft, combat: Combat) -> Mine:
    return Mine(craft.side, step(craft.pos, behind(craft.heading), combat.mine.rear_distance))


def place_decoy(craft: Craft, spot: Hex, combat: Combat) -> Decoy:
    """A decoy where asked, or as far as allowed towards it along a straight walk."""
    pos = craft.pos
    while pos != spot and distance(craft.pos, pos) < combat.decoy.placement_range:
        pos = min((step(pos, h) for h in range(6)), key=lambda h: distance(h, spot))
    return Decoy(craft.side, pos)


def blast(hexes: int, dice: Dice, combat: Combat) -> int:
    """Warhead damage at `hexes` from the target (rules 4)."""
    table = combat.blast_at(hexes)
    points = table.fixed + sum(die(dice, 6) for _ in range(table.d6))
    return -(-points // 2) if table.halve_round_up else points


@dataclass(frozen=True, slots=True)
class Contest:
    missile_roll: int
    target_roll: int

    @property
    def fooled(self) -> bool:
        return self.missile_roll <= self.target_roll


def contest(dice: Dice, combat: Combat) -> Contest:
    """The opposed decoy roll: missile's owner first, then the targeted ship."""
    sides = combat.decoy.opposed_die
    return Contest(die(dice, sides), die(dice, sides))


def straight_run(missile: Missile) -> list[Point]:
    """The launch-turn move: straight at full speed, no turns."""
    points: list[Point] = [(missile.pos, missile.heading)]
    pos = missile.pos
    for _ in range(missile.speed):
        pos = step(pos, missile.heading)
        points.append((pos, missile.heading))
    return points


def missile_plans(missile: Missile, combat: Combat) -> Iterator[Plan]:
    """Every legal homing move: up to `turns` one-hexside turns, `straight_between_turns`
    hexes apart (rules 4), at the missile's fixed speed; fewest turns first."""
    rules = combat.missile
    return homing_plans(missile.speed, rules.turns, rules.straight_between_turns)


def homing_plans(speed: int, most: int, gap: int) -> Iterator[Plan]:
    """`missile_plans` for a speed, a number of turns and the straight hexes between."""
    schedules: list[tuple[tuple[int, int], ...]] = [()]
    for _ in range(most):
        longer = []
        for turns in schedules:
            first = turns[-1][0] + gap if turns else 0
            longer += [(*turns, (flown, side)) for flown in range(first, speed)
                       for side in (1, -1)]
        yield from (Plan(speed, t) for t in schedules)
        schedules = longer
    yield from (Plan(speed, t) for t in schedules)


def missile_run(missile: Missile, plan: Plan) -> list[Point]:
    return trace(missile.pos, missile.heading, plan)


@cache
def _reach(speed: int, turns: int, gap: int, detonation: int) -> frozenset[Hex]:
    """Offsets, seen from a missile at the origin heading 0, of every hex that some
    legal homing move passes within `detonation` hexes of."""
    passed = {pos for plan in homing_plans(speed, turns, gap)
              for pos, _ in trace((0, 0), 0, plan)}
    return frozenset(near for pos in passed for near in within(pos, detonation))


def in_reach(missile: Missile, target: Hex, combat: Combat) -> bool:
    """Can some legal homing move of `missile` come within detonation range of a
    target sitting at `target` (rules 4)?"""
    rules = combat.missile
    return seen_from(missile.pos, missile.heading, target) in _reach(
        missile.speed, rules.turns, rules.straight_between_turns, rules.detonation_range)


def mines_in_reach(board: Board, craft: Craft, pos: Hex, combat: Combat) -> list[Mine]:
    reach = combat.mine.trigger_range
    return [m for m in board.enemy_mines(craft.side) if distance(m.pos, pos) <= reach]
