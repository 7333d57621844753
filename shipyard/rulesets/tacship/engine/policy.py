"""Decisions of a Tacship pilot, apart from rule resolution (rules 4).

A policy sees plain state (`View`) and answers: what to arm, how to move and
where along the move to fire, what to release at the end of the move, and
how to steer and fuse its own missiles. The duel checks every answer against
the rules; an illegal move falls back to straight flight.

`Pilot` scores a short list of candidate moves: a few speeds (full thrust
either way, hold, half thrust, a cruise speed whose turns stay affordable),
each flown straight, with one turn anywhere, two turns (same way or a jink)
or three the same way. Each move is worth the best laser shot along it
(expected boxes: fixed lasers need the enemy exactly ahead), plus where it
ends: a shot next move, the slot behind the enemy, closing on a preferred
range, less the enemy's lasers bearing on the end hex, mines brushed on the
way and enemy missiles still in reach; a pilot with a missile armed or in
store stands off: a move ending where a launch would reach the enemy where it
is now, from farther than the enemy flies on in a move, is worth more. A
missile is armed once the enemy has moved this turn and launched when its
expected damage, the target making its best reply (`launch`), beats holding
it. The weights make the personalities.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Protocol

from shipyard.rulesets.tacship.engine.hexes import (
    Hex,
    bearing,
    behind,
    distance,
    in_arc,
    in_slot,
    on_ray,
    step,
)
from shipyard.rulesets.tacship.engine.launch import decoy_ready, stand_off_spot
from shipyard.rulesets.tacship.engine.movement import (
    Plan,
    Point,
    end_of,
    plan_of,
    trace,
    turn_cost,
)
from shipyard.rulesets.tacship.engine.ordnance import (
    in_reach,
    launch_missile,
    missile_plans,
    missile_run,
)
from shipyard.rulesets.tacship.engine.state import Board, Craft, Item, Missile
from shipyard.rulesets.tacship.engine.tables import load_combat
from shipyard.rulesets.tacship.rules.figures import Figures
from shipyard.rulesets.tacship.rules.fire import hit_chance
from shipyard.rulesets.tacship.rules.movement import PLAN_FIRST
from shipyard.rulesets.tacship.rules.ordnance import beats_decoy, blast_mean
from shipyard.rulesets.tacship.rules.piloting import (
    MOST_TURNS,
    candidate_room,
    candidates,
    shot_worth,
)

# The pilots' rules of thumb (heuristics, not rules; the compiled engine reads these).
ARM_MINE_WITHIN = 12  # hexes: arm a mine with the enemy this close behind
MINE_RELEASE_EXTRA = 6  # hexes past the mine's rear distance a release still pays
CHANCE_CAP = 40  # hexes: farther shots count as shots at this range
SPOT_GAP = 20  # hexes ahead of the enemy's fixed-laser line searched for spots
MINE_PENALTY = 1.5  # per step of a path within a known mine's trigger range
BEARS_DEAD_AHEAD, BEARS_FORE, BEARS_ELSE = 1.0, 0.4, 0.1  # the enemy's guns' bearing on me
TURRET_THREAT = 0.5  # share of an enemy turret's shots feared
AHEAD_FORE, AHEAD_ELSE = 0.6, 0.1  # my next shot: the enemy in my fore arc or not
TURN_PENALTY = 0.2  # per point of thrust a sharp turn next move would lack
SLOW_PENALTY, SLOW_BELOW = 0.5, 2  # a speed below this is a sitting duck
CRUISE_FACTOR = 4  # the cruising speed: this times half the thrust, less one
CLOSEST_START = 99  # hexes: farther than any missile run
STAND_OFF_CAP = 10  # hexes: the longest run of the enemy a stand-off spot allows for


@dataclass(frozen=True, slots=True)
class View:
    """What a pilot knows when deciding: everything on the table."""

    me: Craft
    enemy: Craft
    board: Board
    f: Figures
    turn: int
    enemy_moves_later: bool = False  # the enemy has still to move this turn
    blast: tuple[tuple[int, int, int], ...] = ()  # the blast table (empty: the catalog's)
    foes: tuple[Craft, ...] = ()  # every enemy still flying (empty: `enemy` alone)

    @property
    def enemies(self) -> tuple[Craft, ...]:
        """Every enemy still flying, the focus `enemy` among them, in battle order."""
        return self.foes or (self.enemy,)


@dataclass(frozen=True, slots=True)
class FireOrder:
    """Moments of the move (indexes into its trace) at which to fire; None holds fire."""

    fixed: int | None = None
    turrets: tuple[int | None, ...] = ()
    # the enemy (its key) each fires at; None: the focus enemy of the view
    fixed_target: int | None = None
    turret_targets: tuple[int | None, ...] = ()


@dataclass(frozen=True, slots=True)
class Release:
    missile: bool = False
    mine: bool = False
    decoy: Hex | None = None


@dataclass(frozen=True, slots=True)
class Steer:
    plan: Plan
    detonate: int | None  # moment of the run, or None to fly on


@dataclass(frozen=True, slots=True)
class Pilot:
    """A scoring pilot; the default weights pursue, the brawler closes in."""

    name: str = "default"
    next_shot: float = 0.5  # a shot at the start of the next move
    exposure: float = 0.7  # the enemy's lasers bearing on the end hex
    slot: float = 0.6  # in the slot behind the enemy
    ideal_range: int = 4
    range_weight: float = 0.05
    missile_fear: float = 1.5  # expected warhead damage of a missile still in reach
    eager_fuse: bool = False  # detonate at the first chance, not the closest
    launch_value: float = 2.0  # a stand-off spot: a launch there would reach the enemy
    hold_value: float = 0.4  # expected boxes a missile kept armed is worth

    # -- step 1 ---------------------------------------------------------------
    def arm(self, view: View) -> tuple[Item, ...]:
        me, board = view.me, view.board
        foes = view.enemies
        wanted: list[Item] = []
        threatened = bool(board.aimed_at(me)) or any("missile" in e.armed for e in foes)
        if threatened and "decoy" not in me.armed and me.stores.get("decoy", 0) > 0:
            wanted.append("decoy")
        # a decoy in store keeps an armed slot free for the missile it will meet
        keep = int("decoy" not in me.armed and "decoy" not in wanted
                   and me.stores.get("decoy", 0) > 0)
        if "missile" not in me.armed and me.stores.get("missile", 0) > 0 \
                and not view.enemy_moves_later \
                and len(me.armed) + len(wanted) + keep < view.f.armed_limit:
            wanted.append("missile")
        if "mine" not in me.armed and any(in_arc(me.pos, me.heading, "aft", e.pos)
                                          and distance(me.pos, e.pos) <= ARM_MINE_WITHIN
                                          for e in foes) \
                and len(me.armed) + len(wanted) + keep < view.f.armed_limit:
            wanted.append("mine")
        return tuple(wanted)

    # -- steps 2 and 3 --------------------------------------------------------
    def candidates(self, me: Craft, f: Figures) -> Iterator[Plan]:
        """The moves this pilot weighs, in its order (`rules.piloting.candidates`)."""
        return iter(_candidates(f, me.speed, me.straight, me.fighter.thrust))

    def move(self, view: View) -> tuple[Plan, FireOrder]:
        me, enemy, f = view.me, view.enemy, view.f
        chance = _chances(f)
        target = enemy.pos
        foes = view.enemies
        crowded = len(foes) > 1  # other enemies about: fire spills (rules.piloting)
        # moments from which fixed lasers bear on each enemy
        spots = [_spots(foe.pos, min(SPOT_GAP + 1, len(chance))) for foe in foes]
        danger = {m.pos for m in view.board.enemy_mines(me.side)}
        missiles = view.board.aimed_at(me)
        fixed_total = me.fighter.fixed_total
        # a pilot carrying a missile stands off in front of the enemy: a launch hex
        # farther than the enemy flies on in a move (capped: a faster enemy passes any
        # missile that could reach it) leaves it no escape by flying on past the missile
        # (engine/launch.py)
        carrying = "missile" in me.armed or me.stores.get("missile", 0) > 0
        stand_off = min(enemy.speed, STAND_OFF_CAP) + f.detonation_range
        best: tuple[float, Plan, FireOrder] | None = None
        lefts = [foe.boxes_left for foe in foes]
        # the best shot from each moment, worked out once for all the moves through it
        fixed_from: dict[Point, tuple[float, int]] = {}
        turret_from: dict[tuple[Point, str, int], tuple[float, int]] = {}
        ending: dict[tuple[Point, int], tuple[float, bool]] = {}
        for plan in self.candidates(me, f):
            path = trace(me.pos, me.heading, plan)
            value, fixed_at, fixed_on = 0.0, None, None
            if fixed_total:
                for index, point in enumerate(path):
                    found = fixed_from.get(point)
                    if found is None:
                        found = (0.0, -1)
                        for foe, left, bearing_spots in zip(foes, lefts, spots, strict=True):
                            hexes = bearing_spots.get(point)
                            if hexes is None:
                                continue
                            worth = shot_worth(chance[hexes], fixed_total, left,
                                               foe is enemy, crowded)
                            if worth > found[0]:
                                found = (worth, foe.key)
                        fixed_from[point] = found
                    if found[0] > value:
                        value, fixed_at, fixed_on = found[0], index, found[1]
            turret_at: list[int | None] = []
            turret_on: list[int | None] = []
            for turret in me.fighter.turrets:
                shot, at, on = 0.0, None, None
                for index, point in enumerate(path):
                    aim = turret_from.get((point, turret.arc, turret.factor))
                    if aim is None:
                        aim = (0.0, -1)
                        pos, heading = point
                        for foe, left in zip(foes, lefts, strict=True):
                            if in_arc(pos, heading, turret.arc, foe.pos):
                                p = shot_worth(chance[min(CHANCE_CAP, distance(pos, foe.pos))],
                                               turret.factor, left, foe is enemy, crowded)
                                if p > aim[0]:
                                    aim = (p, foe.key)
                        turret_from[(point, turret.arc, turret.factor)] = aim
                    if aim[0] > shot:
                        shot, at, on = aim[0], index, aim[1]
                value += shot
                turret_at.append(at)
                turret_on.append(on)
            if danger:
                reach = f.mine_trigger
                value -= sum(MINE_PENALTY for pos, _ in path[1:]
                             if any(distance(pos, m) <= reach for m in danger))
            end = (path[-1], plan.speed)  # moves ending alike are worth alike there
            there = ending.get(end)
            if there is None:
                there = (self.standing(path[-1], plan.speed, view, chance, missiles),
                         carrying and stand_off_spot(*path[-1], plan.speed, target, stand_off,
                                                     f))
                ending[end] = there
            value += there[0]
            if there[1]:
                value += self.launch_value
            if best is None or value > best[0]:
                best = (value, plan, FireOrder(fixed_at, tuple(turret_at), fixed_on,
                                               tuple(turret_on)))
        if best is None:
            return Plan(me.speed), FireOrder()
        return best[1], best[2]

    def standing(self, end: Point, speed: int, view: View, chance: list[float],
                 missiles: list[Missile]) -> float:
        """How good it is to end the move here (a heuristic, not a rule)."""
        me, enemy, f = view.me, view.enemy, view.f
        pos, heading = end
        hexes = min(CHANCE_CAP, distance(pos, enemy.pos))
        p = chance[hexes]
        threat = 0.0  # every enemy gun bearing on the end hex
        for foe in view.enemies:
            seen = p if foe is enemy else chance[min(CHANCE_CAP, distance(pos, foe.pos))]
            if on_ray(foe.pos, foe.heading, pos) is not None:
                bears = BEARS_DEAD_AHEAD
            elif in_arc(foe.pos, foe.heading, "fore", pos):
                bears = BEARS_FORE
            else:
                bears = BEARS_ELSE
            threat += foe.fighter.fixed_total * seen * bears
            threat += sum(t.factor * seen * TURRET_THREAT for t in foe.fighter.turrets
                          if in_arc(foe.pos, foe.heading, t.arc, pos))
        ahead = AHEAD_FORE if in_arc(pos, heading, "fore", enemy.pos) else AHEAD_ELSE
        score = self.next_shot * me.fighter.fixed_total * p * ahead - self.exposure * threat
        if in_slot(pos, heading, enemy.pos, enemy.heading, f.slot_range):
            score += self.slot * max(1, me.fighter.fixed_total) * p
        score -= self.range_weight * abs(hexes - self.ideal_range)
        cost = turn_cost(speed, f)
        score -= TURN_PENALTY * max(0, 2 * cost - me.fighter.thrust) + (
            SLOW_PENALTY if speed < SLOW_BELOW else 0.0)
        if "decoy" not in me.armed:
            reach = f.detonation_range
            score -= self.missile_fear * sum(1 for m in missiles
                                            if distance(m.pos, pos) <= m.speed + reach)
        return score

    # -- step 4 ---------------------------------------------------------------
    def release(self, view: View) -> Release:
        me, f = view.me, view.f
        missile = "missile" in me.armed and self.launch_pays(view)
        mine = "mine" in me.armed and any(
            in_arc(me.pos, me.heading, "aft", e.pos)
            and distance(me.pos, e.pos) <= f.mine_rear + MINE_RELEASE_EXTRA
            for e in view.enemies)
        decoy = None
        inbound = view.board.aimed_at(me)
        if "decoy" in me.armed and inbound:
            toward = bearing(me.pos, inbound[0].pos)
            decoy = step(me.pos, toward, f.decoy_range)
        return Release(missile, mine, decoy)

    def launch_pays(self, view: View) -> bool:
        """Does a missile launched now, the enemy having moved this turn, do more
        expected damage against the enemy's best reply than holding it (see `launch`)?"""
        if view.enemy_moves_later:
            return False
        return self.launch_damage(view) > self.hold_value

    def launch_damage(self, view: View) -> float:
        """A missile launched now: its expected boxes against the enemy's best reply, the
        move this pilot would make in the enemy's place with the missile in flight
        (engine/launch.py)."""
        me, enemy, f = view.me, view.enemy, view.f
        missile = launch_missile(me, enemy, view.turn, f)
        decoy = decoy_ready(enemy, f)
        feared = [] if decoy else [*view.board.aimed_at(enemy), missile]
        board = Board(feared, view.board.mines, view.board.decoys)
        reply, _ = self.move(View(enemy, me, board, f, view.turn, enemy_moves_later=True,
                                  blast=view.blast))
        end = end_of(enemy.pos, enemy.heading, reply)[0]
        if not in_reach(missile, end, f):
            return 0.0  # no run comes within detonation range: nothing to steer
        steer = self.steer(missile, end, f)
        if steer.detonate is None:
            return 0.0
        hexes = distance(missile_run(missile, steer.plan)[steer.detonate][0], end)
        table = view.blast or load_combat().blast_table
        damage = blast_mean(*table[hexes])
        return damage * beats_decoy(f.decoy_die) if decoy else damage

    # -- missiles -------------------------------------------------------------
    def steer(self, missile: Missile, target: Hex, f: Figures) -> Steer:
        """The run that gets closest to the target soonest; fuse per personality."""
        reach = f.detonation_range
        best: tuple[tuple[int, int], Steer] | None = None
        for plan in missile_plans(missile, f):
            closest, at, first = CLOSEST_START, 0, None
            for index, (pos, _) in enumerate(missile_run(missile, plan)):
                hexes = distance(pos, target)
                if hexes <= reach and first is None:
                    first = index
                if hexes < closest:
                    closest, at = hexes, index
            fuse = first if self.eager_fuse else (at if closest <= reach else None)
            key = (closest, at)
            if best is None or key < best[0]:
                best = (key, Steer(plan, fuse))
            if closest == 0:
                break  # nothing gets closer than the target's own hex
        return best[1] if best is not None else Steer(Plan(missile.speed), None)


class Policy(Protocol):
    """What the duel asks of a pilot (see `Pilot`)."""

    @property
    def name(self) -> str: ...

    def arm(self, view: View) -> tuple[Item, ...]: ...

    def move(self, view: View) -> tuple[Plan, FireOrder]: ...

    def release(self, view: View) -> Release: ...

    def steer(self, missile: Missile, target: Hex, f: Figures) -> Steer: ...


POLICIES: dict[str, Pilot] = {
    "default": Pilot(),
    "brawler": Pilot("brawler", next_shot=0.8, exposure=0.2, slot=0.3, ideal_range=1,
                     range_weight=0.15, missile_fear=0.5, eager_fuse=True),
    "sniper": Pilot("sniper", next_shot=0.4, exposure=1.0, slot=0.6, ideal_range=10,
                    range_weight=0.12),
}


def policy_named(name: str) -> Pilot:
    try:
        return POLICIES[name]
    except KeyError:
        raise ValueError(f"no Tacship policy named {name!r}; "
                         f"choose from {', '.join(POLICIES)}") from None


@cache
def _candidates(f: Figures, speed: int, straight: int, thrust: int) -> tuple[Plan, ...]:
    """`rules.piloting.candidates` as `Plan`s, worked out once for each craft's state."""
    width = PLAN_FIRST + 2 * MOST_TURNS
    plans = [[0] * width for _ in range(candidate_room(f, speed, thrust))]
    count = candidates(f, speed, straight, thrust, CRUISE_FACTOR, plans)
    return tuple(plan_of(plans[i]) for i in range(count))


@cache
def _chances(f: Figures) -> list[float]:
    """The hit chance by range 0..CHANCE_CAP (a list the pilot reads, never changes)."""
    return [hit_chance(f, r) for r in range(CHANCE_CAP + 1)]


@lru_cache(maxsize=4096)
def _spots(target: Hex, gaps: int) -> dict[Point, int]:
    """The moments (hex, heading) from which fixed lasers bear on `target`, with the
    range: on its line of hexes in each direction, up to `gaps` - 1 hexes off."""
    spots: dict[Point, int] = {}
    for heading in range(6):
        for gap in range(gaps):
            spots[(step(target, behind(heading), gap), heading)] = gap
    return spots
