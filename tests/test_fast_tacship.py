"""The compiled Tacship engine against the readable reference (rules 4).

Known answers for the compiled hex and movement helpers; the pilot's
decisions checked against the reference `Pilot` on random positions; seeds and
worker counts that never change a result. Whole duels, seed for seed against the
reference engine, are `tests/test_engine_equivalence.py`.
"""

from __future__ import annotations

import random
from dataclasses import replace

import numpy as np
import pytest

import shipyard.rulesets.tacship.fast.fields as f
from shipyard.core.compiled import kernel
from shipyard.core.compiled_dice import key_of, new_rng, start
from shipyard.core.dice import CounterDice, duel_seed
from shipyard.core.outcome import DuelScenario
from shipyard.core.records import record_of
from shipyard.rulesets.tacship.engine.hexes import distance
from shipyard.rulesets.tacship.engine.lineup import Lineup, fighter_of
from shipyard.rulesets.tacship.engine.movement import Plan, illegal, trace
from shipyard.rulesets.tacship.engine.ordnance import contest, missile_plans
from shipyard.rulesets.tacship.engine.policy import POLICIES, View
from shipyard.rulesets.tacship.engine.state import Board, Craft, Item, Mine, Missile, Side
from shipyard.rulesets.tacship.engine.tables import load_combat
from shipyard.rulesets.tacship.fast.battle import _missile_move
from shipyard.rulesets.tacship.fast.lineup import FastLineup
from shipyard.rulesets.tacship.fast.packing import (
    PILOT_HEURISTICS,
    blast_array,
    chance_array,
    charts_array,
    pilots_array,
)
from shipyard.rulesets.tacship.fast.pilot import arm_wants, choose_move
from shipyard.rulesets.tacship.fast.steering import release_wants, steer
from shipyard.rulesets.tacship.rules import hexes as hex_rules
from shipyard.rulesets.tacship.rules import movement as movement_rules
from shipyard.rulesets.tacship.rules import ordnance as ordnance_rules
from shipyard.rulesets.tacship.rules import piloting
from shipyard.rulesets.tacship.rules.hexes import AFT, FORE
from shipyard.rulesets.tacship.rules.movement import PLAN_FIRST
from shipyard.rulesets.tacship.ruleset import Tacship
from shipyard.services.registry import evaluate, read_design
from shipyard.services.samples import resolve

COMBAT = load_combat()
F = COMBAT.figures
FIG = record_of(F)  # the figures as the kernels read them
CHANCE = chance_array(COMBAT, int(PILOT_HEURISTICS[f.CHANCE_CAP]))
TABLE = blast_array(COMBAT)
SCENARIO = DuelScenario(20, 4, 20)
SAMPLES = ("bulwark", "harpy", "hawk", "kestrel", "nightjar", "valkyrie")
WIDTH = PLAN_FIRST + 2 * f.MOST_TURNS
ITEMS: dict[Item, int] = {"missile": f.MISSILE, "mine": f.MINE, "decoy": f.DECOY}
SIDES: tuple[Side, Side] = ("a", "b")
ENEMY = np.array([1], dtype=np.int64)  # the one foe (row 1) of the pilot in row 0
HITS = np.zeros((2, 40), dtype=np.int64)  # no box of either fighter crossed off yet


def lineup(a: str, b: str, policy: str = "default") -> FastLineup:
    ea, eb = (evaluate(read_design(resolve(f"sample:{n}"))) for n in (a, b))
    names = (ea.design.name, eb.design.name)
    if names[0] == names[1]:
        names = (f"{names[0]} (A)", f"{names[1]} (B)")
    return FastLineup(ea.design, eb.design, names, (policy, policy), SCENARIO)


def row(plan: Plan) -> list[int]:
    out = [plan.speed, len(plan.turns)]
    for flown, side in plan.turns:
        out += [flown, side]
    return out


def rows(plans: np.ndarray, count: int) -> list[list[int]]:
    return [r[:2 + 2 * r[1]] for r in plans[:count].tolist()]


@kernel
def _compiled_distance(aq: int, ar: int, bq: int, br: int) -> int:
    """The rule function `distance` as a kernel compiles it in."""
    return hex_rules.distance(aq, ar, bq, br)


def as_array(plan: Plan) -> np.ndarray:
    out = np.zeros(WIDTH, dtype=np.int64)
    out[:2 + 2 * len(plan.turns)] = row(plan)
    return out


# -- the shared rule functions, as the kernels call them -------------------------------
@pytest.mark.parametrize(("a", "b", "hexes"), [((0, 0), (0, 0), 0), ((0, 0), (3, 0), 3),
                                               ((0, 0), (2, -5), 5), ((1, 2), (-2, 4), 3)])
def test_distance_counts_hexes(a: tuple[int, int], b: tuple[int, int], hexes: int) -> None:
    assert hex_rules.distance(*a, *b) == hexes == distance(a, b) == _compiled_distance(*a, *b)


def test_fixed_lasers_bear_only_straight_ahead() -> None:
    assert hex_rules.on_ray(0, 0, 0, 5, 0) == 5  # heading 0 runs along +q
    assert hex_rules.on_ray(0, 0, 0, 0, 0) == 0  # the same hex: point blank (T1)
    assert hex_rules.on_ray(0, 0, 0, -5, 0) == -1  # dead astern
    assert hex_rules.on_ray(0, 0, 1, 3, -3) == 3
    assert hex_rules.on_ray(0, 0, 1, 3, -2) == -1


def test_arcs_split_at_the_beam_and_share_it() -> None:
    assert hex_rules.in_arc(0, 0, 0, FORE, 2, -1)  # ahead-left
    assert not hex_rules.in_arc(0, 0, 0, AFT, 2, -1)
    # exactly abeam: (1, -2) is as far ahead as behind on heading 0, in both arcs
    assert hex_rules.in_arc(0, 0, 0, FORE, 1, -2) and hex_rules.in_arc(0, 0, 0, AFT, 1, -2)


def test_slot_means_directly_behind_on_the_same_heading() -> None:
    assert hex_rules.in_slot(-5, 0, 0, 0, 0, 0, 12)
    assert not hex_rules.in_slot(-5, 0, 1, 0, 0, 0, 12)  # out of line
    assert not hex_rules.in_slot(-13, 0, 0, 0, 0, 0, 12)  # too far
    assert not hex_rules.in_slot(0, 0, 0, 0, 0, 0, 12)  # the same hex is not behind


@pytest.mark.parametrize(("speed", "cost"), [(0, 1), (7, 1), (8, 2), (11, 2), (12, 3), (20, 5)])
def test_turn_cost_is_a_quarter_rounded_down_at_least_one(speed: int, cost: int) -> None:
    assert movement_rules.turn_cost(F, speed) == cost  # T2


def test_a_left_turn_after_two_hexes_traces_like_the_reference() -> None:
    plan = Plan(4, ((2, 1),))
    buffers = [np.zeros(16, dtype=np.int64) for _ in range(3)]
    n = movement_rules.trace(0, 0, 0, as_array(plan), *buffers)
    got = [((int(q), int(r)), int(h)) for q, r, h in zip(*(b[:n] for b in buffers), strict=True)]
    assert got == trace((0, 0), 0, plan)
    assert got[3] == ((2, 0), 1)  # the turn: same hex, new heading


@pytest.mark.parametrize(("speed_now", "straight", "plan", "why"), [
    (8, 99, Plan(8, ((2, 1), (5, -1))), movement_rules.LEGAL),
    (8, 99, Plan(8, ((2, 1), (3, 1))), movement_rules.TOO_SOON),  # cost 2 needs two between
    (8, 0, Plan(8, ((1, 1),)), movement_rules.TOO_SOON),  # 2 straight hexes before the turn
    (8, 99, Plan(8, ((7, 1),)), movement_rules.TOO_LATE),  # and 2 after it, within the move
    (4, 99, Plan(13, ()), movement_rules.TOO_MUCH_THRUST),  # thrust 8 reaches speed 12
    (4, 99, Plan(-1, ()), movement_rules.BELOW_ZERO),
    (4, 99, Plan(8, ((2, 1), (4, 1), (6, 1))), movement_rules.TURNS_UNPAID),  # 4 + 6 > 8
    (8, 99, Plan(8, ((5, 1), (2, 1))), movement_rules.OUT_OF_ORDER),
    (8, 99, Plan(8, ((2, 2),)), movement_rules.NOT_A_HEXSIDE),
])
def test_illegal_moves_as_the_rules_find_them(speed_now: int, straight: int, plan: Plan,
                                              why: int) -> None:
    fighter = fighter_of(evaluate(read_design(resolve("sample:valkyrie"))).design, "V")
    craft = Craft.enter(fighter, "a", (0, 0), 0, speed_now)
    craft.straight = straight
    assert (illegal(craft, plan, F) is not None) == (why != movement_rules.LEGAL)
    assert movement_rules.illegal(F, speed_now, straight, fighter.thrust, as_array(plan)) == why


@pytest.mark.parametrize("pair", [(1, 9), (9, 1), (2, 10), (17, 1), (5, 6), (40, 8), (3, 3)])
def test_set_order_is_cpythons(pair: tuple[int, int]) -> None:
    count, one, two = piloting.set_order(*pair)
    assert [one, two][:count] == list({pair[0], pair[1]})


def test_missile_moves_come_in_the_reference_order() -> None:
    missile = Missile("a", "b", (0, 0), 0, 9, 1)
    plan = np.zeros(WIDTH, dtype=np.int64)
    assert ordnance_rules.first_homing_move(plan, 0, missile.speed, F.missile_gap)
    found = [plan[:2].tolist()]
    while ordnance_rules.next_homing_move(plan, F.missile_turns, F.missile_gap):
        found.append(plan[:2 + 2 * plan[1]].tolist())
    assert found == [row(p) for p in missile_plans(missile, F)]
    # fewest turns first: straight, then one turn at each hex (left first), then two
    assert found[:4] == [[9, 0], [9, 1, 0, 1], [9, 1, 0, -1], [9, 1, 1, 1]]


# -- the pilot's decisions, position by position --------------------------------------
def _position(rng: random.Random) -> tuple[Craft, Craft, Board]:
    fighters = [fighter_of(evaluate(read_design(resolve(f"sample:{rng.choice(SAMPLES)}")))
                           .design, side) for side in SIDES]
    crafts = []
    for side, fighter in zip(SIDES, fighters, strict=True):
        craft = Craft.enter(fighter, side, (rng.randint(-10, 10), rng.randint(-10, 10)),
                            rng.randrange(6), rng.randint(0, 20))
        craft.straight = rng.choice([0, 1, 2, 3, 5, 99])
        craft.armed = [item for item in ITEMS if rng.random() < 0.3]
        crafts.append(craft)
    board = Board()
    for _ in range(rng.randint(0, 2)):
        owner, target = SIDES if rng.random() < 0.5 else SIDES[::-1]
        board.missiles.append(Missile(owner, target,
                                      (rng.randint(-12, 12), rng.randint(-12, 12)),
                                      rng.randrange(6), rng.randint(6, 24), 1))
    if rng.random() < 0.4:
        board.mines.append(Mine("b", (rng.randint(-8, 8), rng.randint(-8, 8))))
    return crafts[0], crafts[1], board


def _arrays(me: Craft, enemy: Craft, board: Board,
            later: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    state = np.zeros((2, f.CRAFT_FIELDS), dtype=np.int64)
    for k, craft in enumerate((me, enemy)):
        state[k, [f.Q, f.R, f.HEADING, f.SPEED, f.STRAIGHT, f.SIDE]] = (
            *craft.pos, craft.heading, craft.speed, craft.straight, k)
        for item, column in ITEMS.items():
            state[k, f.STORES + column] = craft.stores[item]
            state[k, f.ARMED + column] = craft.armed.count(item)
    state[1, f.MOVED] = 0 if later else 1
    side = {"a": 0, "b": 1}
    # a row to spare: the pilot weighs a launch with its missile in flight
    missiles = np.zeros((len(board.missiles) + 1, f.MISSILE_FIELDS), dtype=np.int64)
    for k, m in enumerate(board.missiles):
        missiles[k] = (side[m.owner], side[m.target], *m.pos, m.heading, m.speed, m.launched,
                       side[m.owner])
    mines = np.zeros((max(1, len(board.mines)), f.MINE_FIELDS), dtype=np.int64)
    for k, mine in enumerate(board.mines):
        mines[k] = (side[mine.owner], *mine.pos)
    counts = np.zeros(f.BOARD_FIELDS, dtype=np.int64)
    counts[f.MISSILES_IN_PLAY], counts[f.MINES_IN_PLAY] = len(board.missiles), len(board.mines)
    return state, missiles, mines, counts


@pytest.mark.parametrize("seed", range(40))
def test_the_pilot_decides_as_the_reference(seed: int) -> None:
    rng = random.Random(seed)
    me, enemy, board = _position(rng)
    policy = list(POLICIES)[seed % 3]
    pilot = pilots_array((policy, policy))[0]
    later = rng.random() < 0.5
    view = View(me, enemy, board, F, 3, enemy_moves_later=later)
    charts = charts_array((me.fighter, enemy.fighter))
    state, missiles, mines, counts = _arrays(me, enemy, board, later)
    reference = POLICIES[policy]
    buffers = [np.zeros(400, dtype=np.int64) for _ in range(3)]

    plans = np.zeros((piloting.candidate_room(FIG, me.speed, me.fighter.thrust), WIDTH),
                     dtype=np.int64)
    count = piloting.candidates(FIG, me.speed, me.straight, me.fighter.thrust,
                                int(PILOT_HEURISTICS[f.CRUISE_FACTOR]), plans)
    assert rows(plans, count) == [row(p) for p in reference.candidates(me, F)]

    wants = np.zeros(3, dtype=np.int64)
    wanted = arm_wants(0, 1, ENEMY, 1, state, missiles, counts, FIG, pilot, wants)
    assert wants[:wanted].tolist() == [ITEMS[i] for i in reference.arm(view)]

    plan, orders = reference.move(view)
    best = np.zeros(WIDTH, dtype=np.int64)
    turret_at = np.full(max(1, len(me.fighter.turrets)), -1, dtype=np.int64)
    turret_on = np.full_like(turret_at, -1)
    fixed_at = choose_move(0, 1, ENEMY, 1, state, HITS, charts.figures, charts.turrets,
                           missiles, mines, counts, FIG, pilot, CHANCE, buffers[0], buffers[1],
                           buffers[2], best, turret_at, turret_on, np.full(1, -1))
    assert rows(best[None, :], 1)[0] == row(plan)
    assert fixed_at == (-1 if orders.fixed is None else orders.fixed)
    assert turret_at[:len(orders.turrets)].tolist() == [-1 if t is None else t
                                                         for t in orders.turrets]

    release = reference.release(view)
    assert _release(state, charts.figures, charts.turrets, missiles, mines, counts, pilot,
                    buffers) == (release.missile, release.mine, release.decoy is not None)

    missile = Missile("a", "b", (rng.randint(-8, 8), rng.randint(-8, 8)), rng.randrange(6),
                      rng.randint(6, 20), 1)
    target = (rng.randint(-16, 16), rng.randint(-16, 16))
    chosen = reference.steer(missile, target, F)
    fuse = -1 if chosen.detonate is None else distance(
        trace(missile.pos, missile.heading, chosen.plan)[chosen.detonate][0], target)
    _, got = steer(missile.pos[0], missile.pos[1], missile.heading, missile.speed, target[0],
                   target[1], FIG, pilot, best, buffers[0], buffers[1], buffers[2])
    assert got == fuse


# A pursuer with a missile (stored or armed) astern of a Valkyrie at speed 8 that has
# moved: launches the reference pilot makes (tests/tacship_engine/test_launch.py).
CHASES = [((-10, 0), 12, ["missile"], True), ((-10, 0), 11, ["missile"], True),
          ((-22, 0), 12, [], False), ((-18, -4), 8, ["missile"], True),
          ((-18, -4), 8, ["decoy", "missile"], True), ((-60, 0), 12, [], False)]


@pytest.mark.parametrize(("at", "speed", "armed", "launches"), CHASES)
def test_the_compiled_pilot_arms_moves_and_launches_as_the_reference(
        at: tuple[int, int], speed: int, armed: list[Item], launches: bool) -> None:
    fighter = fighter_of(evaluate(read_design(resolve("sample:valkyrie"))).design, "V")
    me = Craft.enter(fighter, "a", at, 0, speed)
    me.armed = list(armed)
    enemy = Craft.enter(fighter, "b", (0, 0), 0, 8)
    view = View(me, enemy, Board(), F, 3)
    reference = POLICIES["default"]
    state, missiles, mines, counts = _arrays(me, enemy, Board(), later=False)
    charts = charts_array((fighter, fighter))
    pilot = pilots_array(("default", "default"))[0]
    buffers = [np.zeros(400, dtype=np.int64) for _ in range(3)]
    wants = np.zeros(3, dtype=np.int64)
    wanted = arm_wants(0, 1, ENEMY, 1, state, missiles, counts, FIG, pilot, wants)
    assert wants[:wanted].tolist() == [ITEMS[i] for i in reference.arm(view)]
    assert ("missile" in reference.arm(view)) is ("missile" not in armed)
    plan, _ = reference.move(view)
    best = np.zeros(WIDTH, dtype=np.int64)
    choose_move(0, 1, ENEMY, 1, state, HITS, charts.figures, charts.turrets, missiles, mines,
                counts, FIG, pilot, CHANCE, *buffers, best, np.full(1, -1, dtype=np.int64),
                np.full(1, -1, dtype=np.int64), np.full(1, -1, dtype=np.int64))
    assert rows(best[None, :], 1)[0] == row(plan)
    release = reference.release(view)
    assert release.missile is launches
    assert _release(state, charts.figures, charts.turrets, missiles, mines, counts, pilot,
                    buffers) == (release.missile, release.mine, release.decoy is not None)


def _release(state: np.ndarray, charts: np.ndarray, turrets: np.ndarray,
             missiles: np.ndarray, mines: np.ndarray, counts: np.ndarray, pilot: np.ndarray,
             buffers: list[np.ndarray]) -> tuple[bool, bool, bool]:
    """Side 0's step 4 on turn 3, as the compiled duel asks it."""
    plan = np.zeros(WIDTH, dtype=np.int64)
    turret_at = np.full(max(1, turrets.shape[1]), -1, dtype=np.int64)
    return release_wants(0, 1, ENEMY, 1, 3, state, HITS, charts, turrets, missiles, mines,
                         counts, FIG, TABLE, pilot, CHANCE, plan, *buffers, turret_at,
                         np.full_like(turret_at, -1))


def test_the_compiled_missile_turns_twice_into_the_only_hex_that_reaches() -> None:
    # As tests/tacship_engine/test_ordnance.py: from (0, 0) on heading 0 at speed 8, the
    # target's hex (3, -8) is reached only by turning left at once, flying 3, turning
    # left again and flying 5; it is the last moment of the move, distance 0.
    plan = np.zeros(WIDTH, dtype=np.int64)
    buffers = [np.zeros(40, dtype=np.int64) for _ in range(3)]
    pilot = pilots_array(("default", "default"))[0]
    assert steer(0, 0, 0, 8, 3, -8, FIG, pilot, plan, *buffers) == (0, 0)
    assert rows(plan[None, :], 1)[0] == row(Plan(8, ((0, 1), (3, 1))))
    # one hex farther out, (3, -9), no move comes closer than 1 hex: fuse at 1
    assert steer(0, 0, 0, 8, 3, -9, FIG, pilot, plan, *buffers) == (1, 1)


def _fast_missile_move(missile: Missile, target_at: tuple[int, int], decoys: int = 0,
                       seed: int = 7) -> tuple[bool, np.ndarray, np.ndarray, np.ndarray, bool]:
    """The compiled engine moves `missile` (owner a) after its target b, now at
    `target_at`, on turn 3: spent?, the missile rows, the board, the hits, and whether
    no die was rolled."""
    me = Craft.enter(fighter_of(evaluate(read_design(resolve("sample:valkyrie"))).design,
                                "V"), "a", (0, 0), 0, 8)
    target = Craft.enter(me.fighter, "b", target_at, 3, 8)
    state, missiles, _, counts = _arrays(me, target, Board(missiles=[missile]), later=False)
    counts[f.DECOYS + 1] = decoys
    charts = charts_array((me.fighter, target.fighter))
    hits = np.zeros((2, 11), dtype=np.int64)
    rng = new_rng()
    start(rng, key_of(seed))
    before = rng.copy()
    buffers = [np.zeros(40, dtype=np.int64) for _ in range(3)]
    spent = _missile_move(0, 1, 3, state, hits, missiles, counts, FIG, blast_array(COMBAT),
                          charts.figures, pilots_array(("default", "default")),
                          np.zeros(WIDTH, dtype=np.int64), *buffers, rng)
    return spent, missiles, counts, hits, bool((rng == before).all())


def test_a_compiled_missile_its_target_flew_past_is_removed_unfired() -> None:
    # The target has flown from (10, 0) through the missile's hex (6, 0) to (2, 0), four
    # hexes astern of it: nothing went off during that move (only mines are checked
    # there), and the homing move cannot come within 2 hexes: removed, no die rolled.
    spent, _, counts, hits, no_dice = _fast_missile_move(Missile("a", "b", (6, 0), 0, 14, 2),
                                                         (2, 0))
    assert spent and counts[f.MISSILES_IN_PLAY] == 0 and not hits.any() and no_dice


def test_a_compiled_missile_flies_its_launch_turn_straight_and_unfused() -> None:
    # Launched this turn (3) before its target moved, one hex from it: 14 hexes straight
    # on from (6, 0) to (20, 0), no detonation, still in play (ruling T4).
    spent, missiles, counts, hits, no_dice = _fast_missile_move(
        Missile("a", "b", (6, 0), 0, 14, 3), (7, 0))
    assert not spent and counts[f.MISSILES_IN_PLAY] == 1 and not hits.any() and no_dice
    assert (missiles[0, f.M_Q], missiles[0, f.M_R], missiles[0, f.M_HEADING]) == (20, 0, 0)


@pytest.mark.parametrize("seed", range(1, 9))
def test_a_compiled_decoy_fools_a_missile_as_the_reference_roll_says(seed: int) -> None:
    # The target sits in the missile's path: a missile not fooled detonates on it.
    fooled = contest(CounterDice(seed), F).fooled
    spent, _, counts, hits, _ = _fast_missile_move(Missile("a", "b", (6, 0), 0, 14, 2),
                                                   (10, 0), decoys=1, seed=seed)
    assert spent and counts[f.MISSILES_IN_PLAY] == 0
    assert bool(hits.any()) is not fooled


# -- whole duels ---------------------------------------------------------------------
def test_same_seed_same_result_whatever_the_workers_or_split() -> None:
    ready = lineup("valkyrie", "harpy", "sniper")
    seeds = [duel_seed(5, k) for k in range(60)]
    one_by_one = [ready.fight(s) for s in seeds]
    assert ready.fight(seeds[0]) == one_by_one[0]
    assert ready.fight_many(seeds) == one_by_one
    assert ready.fight_many(seeds, workers=2) == one_by_one
    assert ready.fight_many(seeds, workers=3) == one_by_one
    assert ready.fight_many(seeds[:17], 2) + ready.fight_many(seeds[17:], 3) == one_by_one
    assert len({r for r in one_by_one}) > 1
    assert {r.cause for r in one_by_one} <= {"", "laser", "missile", "mine"}
    assert all(r.log == () for r in one_by_one)


def test_a_logged_duel_is_the_batch_duel_told() -> None:
    ready = lineup("valkyrie", "harpy")
    told = ready.fight(7, log=True)
    assert told == Lineup.fight(ready, 7, log=True)
    assert told.log[0].startswith("Valkyrie and Harpy meet head-on 20 hexes apart")
    assert replace(told, log=()) == ready.fight_many([7])[0]


def test_the_ruleset_fights_on_the_fast_engine_unless_asked() -> None:
    ruleset = Tacship()
    a, b = (evaluate(read_design(resolve(f"sample:{n}"))) for n in ("valkyrie", "harpy"))
    assert ruleset.duels.engines == ("fast", "reference")
    for engine in (None, "fast"):
        assert isinstance(ruleset.duels.lineup(a, b, ("V", "H"), ("default", "default"), SCENARIO,
                                         engine), FastLineup)
    reference = ruleset.duels.lineup(a, b, ("V", "H"), ("default", "default"), SCENARIO,
                                     "reference")
    assert type(reference) is Lineup
    with pytest.raises(ValueError, match="no Tacship engine named 'warp'"):
        ruleset.duels.lineup(a, b, ("V", "H"), ("default", "default"), SCENARIO, "warp")
