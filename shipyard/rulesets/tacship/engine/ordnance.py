"""Missiles, mines and decoys (rules 4) in the reference engine.

Arming (step 1) moves items from store to the armed box, never more than the
armed limit at once and never back. Release is at the end of movement
(step 4), only of armed items. A missile flies at 6 plus the launcher's
speed, starts 6 hexes straight ahead and on its launch turn neither turns
nor detonates (a target still to move that turn is followed straight on,
rules T4). Its homing move comes right after its target's next move, with up
to two one-hexside turns three straight hexes apart, and it may detonate
whenever it is within 2 hexes of the target; if it has not detonated by the
end of that move it is removed (a missile that fails to reach its target in
the turn is taken off). A mine stops 3 hexes straight behind the layer and goes off
when an enemy is within 2 hexes during that enemy's movement. A decoy lands within 6
hexes; before each missile aimed at its owner moves that turn, an opposed D20
fools the missile unless the missile's roll is higher (a fooled missile is
spent on the decoy, rules T5).

The rules (warhead points, the decoy's roll, where a missile or a mine starts, the
homing moves and the hexes they reach) are rule functions (`rules.ordnance`), shared
with the compiled engine; this module rolls the dice, in the order both engines roll
them (a warhead's d6 dice, then the location roll; the missile's owner's decoy roll,
then the target's).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache

from shipyard.core.dice import Dice
from shipyard.rulesets.tacship.engine.fire import die
from shipyard.rulesets.tacship.engine.hexes import Hex, distance, step
from shipyard.rulesets.tacship.engine.movement import Plan, Point, plan_of, trace
from shipyard.rulesets.tacship.engine.state import Board, Craft, Decoy, Item, Mine, Missile
from shipyard.rulesets.tacship.rules import ordnance as rules
from shipyard.rulesets.tacship.rules.figures import BLAST_D6, BLAST_FIXED, BLAST_HALVE, Figures
from shipyard.rulesets.tacship.rules.hexes import seen_from
from shipyard.rulesets.tacship.rules.movement import PLAN_FIRST


def arm(craft: Craft, wanted: Sequence[Item], f: Figures) -> tuple[Item, ...]:
    """Arm what the limit and the stores allow, in the order asked; what was armed."""
    done: list[Item] = []
    for item in wanted:
        if len(craft.armed) >= f.armed_limit or craft.stores.get(item, 0) <= 0:
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


def launch_missile(craft: Craft, target: Craft, turn: int, f: Figures) -> Missile:
    return Missile(craft.side, target.side,
                   rules.launch_hex(f, craft.pos[0], craft.pos[1], craft.heading),
                   craft.heading, rules.missile_speed(f, craft.speed), turn,
                   aimed=target.key, shooter=craft.key)


def lay_mine(craft: Craft, f: Figures) -> Mine:
    return Mine(craft.side, rules.mine_hex(f, craft.pos[0], craft.pos[1], craft.heading))


def place_decoy(craft: Craft, spot: Hex, f: Figures) -> Decoy:
    """A decoy where asked, or as far as allowed towards it along a straight walk."""
    pos = craft.pos
    while pos != spot and distance(craft.pos, pos) < f.decoy_range:
        pos = min((step(pos, h) for h in range(6)), key=lambda h: distance(h, spot))
    return Decoy(craft.side, pos)


BlastTable = tuple[tuple[int, int, int], ...]


def blast(hexes: int, dice: Dice, table: BlastTable) -> int:
    """Warhead damage at `hexes` from the target (rules 4): its d6 dice, one by one."""
    row = table[hexes]
    rolled = sum(die(dice, 6) for _ in range(row[BLAST_D6]))
    return rules.blast_points(row[BLAST_FIXED], rolled, row[BLAST_HALVE])


@dataclass(frozen=True, slots=True)
class Contest:
    missile_roll: int
    target_roll: int

    @property
    def fooled(self) -> bool:
        return rules.fooled(self.missile_roll, self.target_roll)


def contest(dice: Dice, f: Figures) -> Contest:
    """The opposed decoy roll: missile's owner first, then the targeted ship."""
    return Contest(die(dice, f.decoy_die), die(dice, f.decoy_die))


def straight_run(missile: Missile) -> list[Point]:
    """The launch-turn move: straight at full speed, no turns."""
    points: list[Point] = [(missile.pos, missile.heading)]
    pos = missile.pos
    for _ in range(missile.speed):
        pos = step(pos, missile.heading)
        points.append((pos, missile.heading))
    return points


def missile_plans(missile: Missile, f: Figures) -> Iterator[Plan]:
    """Every legal homing move: up to `missile_turns` one-hexside turns, `missile_gap`
    hexes apart (rules 4), at the missile's fixed speed; fewest turns first."""
    return homing_plans(missile.speed, f.missile_turns, f.missile_gap)


def homing_plans(speed: int, most: int, gap: int) -> Iterator[Plan]:
    """`missile_plans` for a speed, a number of turns and the straight hexes between,
    in the order of `rules.ordnance.next_homing_move`."""
    row = [0] * (PLAN_FIRST + 2 * most)
    more = rules.first_homing_move(row, 0, speed, gap)
    while more:
        yield plan_of(row)
        more = rules.next_homing_move(row, most, gap)


def missile_run(missile: Missile, plan: Plan) -> list[Point]:
    return trace(missile.pos, missile.heading, plan)


def in_reach(missile: Missile, target: Hex, f: Figures) -> bool:
    """Can some legal homing move of `missile` come within detonation range of a
    target sitting at `target` (rules 4)?"""
    return reaches(f, missile.pos, missile.heading, missile.speed, target)


def reaches(f: Figures, pos: Hex, heading: int, speed: int, target: Hex) -> bool:
    """`rules.in_reach` for a missile at `pos` on `heading`: the rule function asked once
    for each offset of the target seen from the missile (the answer turns and moves
    with the missile), then remembered."""
    return _reaches_offset(f, speed, *seen_from(pos[0], pos[1], heading, target[0], target[1]))


@cache
def _reaches_offset(f: Figures, speed: int, dq: int, dr: int) -> bool:
    return rules.in_reach(f, 0, 0, 0, speed, dq, dr)


def mines_in_reach(board: Board, craft: Craft, pos: Hex, f: Figures) -> list[Mine]:
    return [m for m in board.enemy_mines(craft.side)
            if rules.mine_triggers(f, m.pos[0], m.pos[1], pos[0], pos[1])]
