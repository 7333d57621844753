"""Several fighters on one map: known answers on scripted dice (rules 4, seed 002).

Each case is worked by hand from RULES.md section 4 and the battle rulings of
docs/battle-model-tacship.md (TB1-TB4) and written down in the test.
"""

from __future__ import annotations

from dataclasses import dataclass

from shipyard.core.dice import Dice
from shipyard.rulesets.tacship.engine.battle import Battle, DuelStart
from shipyard.rulesets.tacship.engine.hexes import Hex
from shipyard.rulesets.tacship.engine.movement import Plan
from shipyard.rulesets.tacship.engine.policy import (
    POLICIES,
    FireOrder,
    Release,
    Steer,
    View,
)
from shipyard.rulesets.tacship.engine.state import Craft, Decoy, Fighter, Item, Mine, Missile
from shipyard.rulesets.tacship.engine.tables import load_combat
from shipyard.rulesets.tacship.rules.figures import Figures
from shipyard.rulesets.tacship.rules.squadron import abreast, move_order
from tests.tacship_engine.fighters import VALKYRIE, rolls

COMBAT = load_combat()
F = COMBAT.figures
BARE = Fighter("Bare", damage_boxes=10, survivability=0, thrust=8, fixed_lasers=(2,))


@dataclass(frozen=True)
class Straight:
    """A pilot that flies straight on at its speed and never fires or releases."""

    name: str = "straight"

    def arm(self, view: View) -> tuple[Item, ...]:
        return ()

    def move(self, view: View) -> tuple[Plan, FireOrder]:
        return Plan(view.me.speed), FireOrder()

    def release(self, view: View) -> Release:
        return Release()

    def steer(self, missile: Missile, target: Hex, f: Figures) -> Steer:
        return POLICIES["default"].steer(missile, target, f)


def battle(crafts: list[Craft], dice: Dice, initiative: tuple[int, ...] | None = None,
           straight: bool = False) -> Battle:
    pilot = Straight() if straight else POLICIES["default"]
    return Battle(crafts, (pilot, pilot), DuelStart(initiative=initiative), COMBAT, dice)


def craft(side: str, key: int, pos: Hex, heading: int = 0, speed: int = 4,
          fighter: Fighter = BARE, name: str = "") -> Craft:
    return Craft.enter(fighter, "a" if side == "a" else "b", pos, heading, speed,
                       name or f"{side}{key}", key=key)


# -- initiative (ruling TB1) ------------------------------------------------------------
def test_every_fighter_sharing_a_number_rolls_again_until_all_differ() -> None:
    # Three fighters roll 4, 4, 2: the two 4s roll again, 5 and 5; again, 6 and 2; now the
    # 2 of fighter 1 is shared with fighter 2, so both roll again: 3 and 1. Nine dice.
    crafts = [craft("a", 0, (0, 0)), craft("a", 1, (-1, 2)), craft("b", 2, (20, 0), 3)]
    fight = battle(crafts, rolls(4, 4, 2, 5, 5, 6, 2, 3, 1))
    fight.roll_initiative()
    assert [c.initiative for c in crafts] == [6, 3, 1]
    assert fight.dice.drawn == 9
    assert fight.order() == (crafts[0], crafts[1], crafts[2])


def test_seven_fighters_keep_their_numbers_and_break_ties_with_more_rolls() -> None:
    # Seven fighters on a six-sided die: 1, 2, 3, 4, 5, 6, 6 stand; the two 6s roll a
    # tie-break, 3 and 5: fighter 6 moves first, then 5, then 4 down to 0.
    crafts = [craft("a" if k < 4 else "b", k, abreast(k % 4, 0, 0, 1) if k < 4
                    else abreast(k - 4, 20, 0, -1), 0 if k < 4 else 3) for k in range(7)]
    fight = battle(crafts, rolls(1, 2, 3, 4, 5, 6, 6, 3, 5))
    fight.roll_initiative()
    assert [c.initiative for c in crafts] == [1, 2, 3, 4, 5, 6, 6]
    assert [c.tiebreak for c in crafts] == [0, 0, 0, 0, 0, 3, 5]
    assert [c.key for c in fight.order()] == [6, 5, 4, 3, 2, 1, 0]


# -- the slot (ruling TB2) --------------------------------------------------------------
def test_a_chain_of_slots_moves_from_the_front() -> None:
    # All heading 0 on one line: a0 in front at (0, 0), b2 3 hexes behind it, a1 3 hexes
    # behind b2. Initiative alone would move a1 (6), b2 (5), a0 (1); b2 sits in the slot
    # behind a0 and a1 in the slot behind b2, so a0 moves, then b2, then a1.
    lead, tail, last = craft("a", 0, (0, 0)), craft("a", 1, (-6, 0)), craft("b", 2, (-3, 0))
    fight = battle([lead, tail, last], rolls(), initiative=(1, 6, 5))
    fight.roll_initiative()
    assert fight.order() == (lead, last, tail)
    tail.heading = 1  # out of line: a1 goes back to its initiative place
    assert fight.order() == (tail, lead, last)


def test_the_order_rule_holds_a_tail_of_two_leads_back_for_both() -> None:
    # Fighter 0 tails both 1 and 2 (follows[0][1] = follows[0][2] = 1): it moves last
    # though its initiative is highest; 1 and 2 keep their initiative order.
    follows = [0, 1, 1,
               0, 0, 0,
               0, 0, 0]
    order = [0, 0, 0]
    assert move_order(3, [1, 1, 1], [6, 2, 4], [0, 0, 0], follows, order) == 3
    assert order == [2, 1, 0]
    # a destroyed lead holds nobody back, and a destroyed fighter does not move
    assert move_order(3, [1, 0, 1], [6, 2, 4], [0, 0, 0], follows, order) == 2
    assert order[:2] == [2, 0]


# -- fire at any enemy ------------------------------------------------------------------
def test_a_fighter_fires_at_the_second_of_two_enemies_when_only_it_is_in_line() -> None:
    # a0 at (0, 0) heading 0 with one fixed Laser-2. b1, the flight's focus, sits off the
    # line at (4, -2); b2 sits dead ahead at (3, 0). The pilot orders the fixed laser at
    # b2; the engine fires it there: D20 15 hits at range 3 (15 >= 3), the location die
    # 6 (survivability 0) starts at box 6 and crosses 6 and 5.
    me, focus, second = craft("a", 0, (0, 0), speed=0), craft("b", 1, (4, -2), 3), \
        craft("b", 2, (3, 0), 3)
    fight = battle([me, focus, second], rolls(15, 6))
    view = fight.view(me, focus)
    assert view.enemies == (focus, second)
    _, orders = POLICIES["default"].move(view)
    assert orders.fixed_target == second.key
    clauses: list[str] = []
    fight.fire(me, focus, 0, FireOrder(fixed=0, fixed_target=second.key), clauses)
    assert second.boxes_hit == {6, 5} and second.taken == 2
    assert focus.taken == 0
    assert clauses == ["fires fixed Laser-2 at b2, range 3: rolls 15: one hit, "
                       "start box 6 → crosses 6, 5"]


# -- ordnance acts on any enemy ---------------------------------------------------------
def test_a_mine_goes_off_on_an_enemy_that_was_not_its_layers_target() -> None:
    # a0 laid a mine at (5, 0) while fighting b1. b2 flies straight through on heading 3
    # from (9, 0) at speed 4: at (7, 0) it is 2 hexes from the mine, its trigger range,
    # and the mine goes off: 1 point at 2 hexes (no dice for it), location die 10 crosses
    # box 10. The mine is gone, and it was the layer's side's, not b2's; b2 flies on its
    # four hexes to (5, 0).
    layer, target, passer = craft("a", 0, (0, 0)), craft("b", 1, (0, 8), 3), \
        craft("b", 2, (9, 0), 3)
    fight = battle([layer, target, passer], rolls(10), initiative=(1, 2, 3), straight=True)
    fight.board.mines.append(Mine("a", (5, 0)))
    fight.turn = 1
    fight.play(passer)
    assert passer.boxes_hit == {10} and passer.taken == 1
    assert fight.board.mines == []
    assert passer.pos == (5, 0)
    assert layer.taken == 0 and target.taken == 0
    fight.play(passer)  # flying on, nothing more goes off
    assert passer.taken == 1


def test_a_decoy_fools_a_missile_aimed_at_a_wingman() -> None:
    # b1 put a decoy out; a0's missile homes on b2, b1's wingman. Before it moves the
    # decoy contests it: the missile rolls 9, the target's side 12; not higher, fooled,
    # and spent on the decoy. Nobody is hurt, and no blast die is rolled.
    shooter, decoyer, wingman = craft("a", 0, (0, 0), fighter=VALKYRIE), \
        craft("b", 1, (12, 2), 3, fighter=VALKYRIE), craft("b", 2, (10, 0), 3,
                                                            fighter=VALKYRIE)
    fight = battle([shooter, decoyer, wingman], rolls(9, 12))
    fight.turn = 2
    fight.board.decoys.append(Decoy("b", (12, 0)))
    missile = Missile("a", "b", (6, 0), 0, 10, launched=1, aimed=wingman.key,
                      shooter=shooter.key)
    fight.board.missiles.append(missile)
    fight.missiles_after(wingman)
    assert missile.fooled and fight.board.missiles == []
    assert wingman.taken == 0 and decoyer.taken == 0
    assert fight.dice.drawn == 2


def test_a_missile_goes_home_on_its_own_target_not_the_other_enemy() -> None:
    # The same missile with no decoy out: it moves after its target b2 only; moving b1
    # leaves it where it is.
    shooter, other, target = craft("a", 0, (0, 0)), craft("b", 1, (6, 1), 3), \
        craft("b", 2, (9, 0), 3)
    fight = battle([shooter, other, target], rolls(4, 7))
    fight.turn = 2
    missile = Missile("a", "b", (6, 0), 0, 10, launched=1, aimed=target.key,
                      shooter=shooter.key)
    fight.board.missiles.append(missile)
    fight.missiles_after(other)
    assert fight.board.missiles == [missile] and other.taken == 0
    # after b2: it homes 3 hexes to (9, 0) and goes off in b2's hex: D6 4 points, location
    # die 7 starts at box 7 and crosses 7, 6, 5, 4
    fight.missiles_after(target)
    assert fight.board.missiles == []
    assert target.boxes_hit == {7, 6, 5, 4} and other.taken == 0


def test_a_destroyed_fighters_missiles_are_gone_at_the_end_of_the_turn() -> None:
    # Ruling TB4: a missile aimed at a fighter destroyed this turn is taken off when the
    # turn ends; the battle goes on between the others.
    a0, b1, b2 = craft("a", 0, (0, 0)), craft("b", 1, (20, 0), 3), craft("b", 2, (20, 4), 3)
    fight = battle([a0, b1, b2], rolls(), initiative=(3, 2, 1), straight=True)
    fight.board.missiles.append(Missile("a", "b", (6, 0), 0, 10, launched=1, aimed=b1.key,
                                        shooter=a0.key))
    b1.destroyed, b1.killed_by, b1.killed_on = True, "laser", 1
    fight.scenario = DuelStart(turn_limit=1, initiative=(3, 2, 1))
    fight.run()
    assert fight.board.missiles == []
    assert not fight.over and fight.winner is None
