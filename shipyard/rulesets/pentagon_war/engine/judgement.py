"""What a captain weighs before deciding: firepower by range and facing, threats, the race.

Pure estimates from the tables (mean damage over every 2d6 roll) and the
craft's boxes; nothing here rolls a die or changes a craft. The default
captain reads them to pick its range, its facing and its targets. Every formula is a
function of `rules.race` (and the odds of `rules.fire`), shared with the compiled
captains; the loops over a craft's weapons and the ranges weighed are this module's and
`fast.judgement`'s, summing in the same order.
"""

from __future__ import annotations

from shipyard.rulesets.pentagon_war.engine import fire
from shipyard.rulesets.pentagon_war.engine.damage import explosion_strength, screen_strength
from shipyard.rulesets.pentagon_war.engine.orders import Situation
from shipyard.rulesets.pentagon_war.engine.quick_reference import Covering, ExplosionRates
from shipyard.rulesets.pentagon_war.engine.state import Craft, total_boxes
from shipyard.rulesets.pentagon_war.engine.tables import Combat
from shipyard.rulesets.pentagon_war.engine.thrust import AHEAD, ASTERN, engines_pushing
from shipyard.rulesets.pentagon_war.rules import race as race_rules
from shipyard.rulesets.pentagon_war.rules.figures import KIND
from shipyard.rulesets.pentagon_war.rules.flight import (
    acid_gum_ready,
    bolt_distance,
    bolt_strikes_for,
    gun_rested,
    missile_distance,
)
from shipyard.rulesets.pentagon_war.rules.movement import rate_size, same_hex
from shipyard.rulesets.pentagon_war.rules.power import reinforcement_room

RANGES = (0, 1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128)  # ranges a captain weighs
DRONE_SURVIVAL = 0.5  # share of a carrier's drones taken to live long enough to fire


def group_damage(kind: str, boxes: int, hexes: int, size: int, combat: Combat,
                 extra: int = 0) -> float:
    """Mean damage of one shot of `boxes` weapons of `kind` at `hexes` (0 for beams);
    `extra` is the evasion modifier on the roll (2.4)."""
    if kind == "magnetic_beam" or boxes <= 0:
        return 0.0
    mean = chance = 0.0
    if kind in fire.DIRECT_FIRE:
        mean = fire.mean_damage(kind, hexes, size, extra, combat)
        chance = fire.chance(kind, hexes, size, extra, combat)
    return race_rules.group_damage(combat.figures, combat.charts.steps, KIND[kind], boxes, hexes,
                             mean, chance)


def screened(kind: str, boxes: int, hexes: int, size: int, extra: int,
             combat: Combat) -> tuple[float, int]:
    """Mean and best-case damage one shot of `boxes` weapons of `kind` puts to the screens
    this impulse: acid gum's impact only (the gum that lingers passes them), nothing for
    beams or a liquid metal bolt (it strikes when it arrives). `hexes` is the range as the
    firer counts it."""
    if boxes <= 0 or kind in ("magnetic_beam", "liquid_metal_gun"):
        return 0.0, 0
    mean = fire.mean_damage(kind, hexes, size, extra, combat)
    chance = fire.chance(kind, hexes, size, extra, combat)
    best = fire.best_case(kind, hexes, size, extra, combat)
    worth, top = race_rules.screened(combat.figures, KIND[kind], boxes, mean, chance, best)
    return worth, int(top)


Track = tuple[str, frozenset[str], int]  # type, arcs, boxes
Arms = tuple[tuple[Track, ...], tuple[Track, ...]]
KEPT = 50_000  # remembered answers before starting afresh (they are pure, so any may go)
_BEARINGS: dict[tuple[Arms, int, int, int, int], tuple[tuple[float, float], ...]] = {}
_RACES: dict[tuple[object, ...], tuple[float, float]] = {}


def arms(craft: Craft) -> Arms:
    """What decides a craft's firepower: each track's type, arcs and boxes."""
    return (tuple([(g.type, g.arcs, g.boxes) for g in craft.weapons]),
            tuple([(g.type, g.arcs, g.boxes) for g in craft.guns]))


def bearings(craft: Craft, hexes: int, size: int, combat: Combat, covering: Covering,
             extra: int = 0) -> tuple[tuple[float, float], ...]:
    """`bearing` for directions 1-6 (index 0 unused), remembered per arms and range."""
    key = (arms(craft), hexes, size, id(covering), extra)
    found = _BEARINGS.get(key)
    if found is None:
        if len(_BEARINGS) > KEPT:
            _BEARINGS.clear()
        found = _BEARINGS[key] = ((0.0, 0.0), *[
            bearing(craft, d, hexes, size, combat, covering, extra) for d in range(1, 7)])
    return found


def bearing(craft: Craft, direction: int, hexes: int, size: int, combat: Combat,
            covering: Covering, extra: int = 0) -> tuple[float, float]:
    """Mean damage of the secondary weapons, and of the guns, that bear in `direction`."""
    arcs = covering[direction]
    weapons = sum([group_damage(g.type, g.boxes, hexes, size, combat, extra)
                   for g in craft.weapons if g.arcs & arcs])
    guns = sum([group_damage(g.type, 1 if g.type == "radiation_gun" else g.boxes, hexes,
                             size, combat, extra)
                for g in craft.guns if g.boxes > 0 and g.arcs & arcs])
    return weapons, guns


def drone_damage(craft: Craft, enemy: Craft, combat: Combat, extra: int = 0) -> float:
    """What a carrier's drones (aboard and out) may deal in a turn from their station."""
    if not craft.drones and not craft.drone_bays:
        return 0.0
    total = 0.0
    for weapon in combat.quick.costs:  # the drone weapons that fire at craft (2.6)
        count = sum([1 for d in craft.drones if d.alive and d.weapon == weapon])
        count += craft.drone_bays.count(weapon)
        if count:
            total += count * fire.mean_damage(weapon, 1, enemy.size_class, extra, combat)
    return DRONE_SURVIVAL * total


def net_per_turn(craft: Craft, enemy: Craft, hexes: int, combat: Combat,
                 covering: Covering, extra: int = 0, drone_extra: int = 0) -> float:
    """Damage per turn past the enemy's screens at `hexes`, facing the best way; `extra`
    and `drone_extra` are the evasion modifiers on the craft's and its drones' rolls.

    Everything fires in one impulse, so the screens subtract once from the volley;
    guns rest a turn between shots (2.2), so they join every other volley.
    """
    screens = enemy.boxes["screen"]
    drones = drone_damage(craft, enemy, combat, drone_extra)
    best = 0.0
    for weapons, guns in bearings(craft, hexes, enemy.size_class, combat, covering,
                                  extra)[1:]:
        best = max(best, race_rules.net_volley(weapons, guns, drones, screens))
    return best


def durability(craft: Craft) -> float:
    return float(max(total_boxes(craft), 1))


def evasion_pays(me: Craft, enemy: Craft, hexes: int, combat: Combat,
                 covering: Covering) -> bool:
    """Whether maneuvering evasively (2.4: -3 on fire made by and at the evader, its own
    drones spared) improves the damage race at `hexes`."""
    minus = combat.evasion.fire_modifier
    mine = net_per_turn(me, enemy, hexes, combat, covering)
    theirs = net_per_turn(enemy, me, hexes, combat, covering)
    mine_evading = net_per_turn(me, enemy, hexes, combat, covering, minus, 0)
    theirs_evading = net_per_turn(enemy, me, hexes, combat, covering, minus, minus)
    return mine_evading * theirs > mine * theirs_evading


def hiding_pays(me: Craft, enemy: Craft, hexes: int, combat: Combat,
                covering: Covering) -> bool:
    """Whether radar invisibility, with its own radar off, improves the damage race at
    `hexes`: neither craft can lock on, so both count their firing ranges double (2.4)."""
    far = hexes * combat.lock_failure.range_factor
    mine = net_per_turn(me, enemy, hexes, combat, covering)
    theirs = net_per_turn(enemy, me, hexes, combat, covering)
    mine_hidden = net_per_turn(me, enemy, far, combat, covering)
    theirs_hidden = net_per_turn(enemy, me, far, combat, covering)
    return (mine_hidden * theirs > mine * theirs_hidden
            or (mine_hidden >= mine and theirs_hidden < theirs))


def lock_matters(me: Craft, enemy: Craft) -> bool:
    """Whether a lock-on matters to `me` beyond its own fire: its point defense (halved
    without one, 2.4) against missiles and drones, and its own drones' ranges (2.6)."""
    return bool(enemy.missiles or enemy.boxes["missile"] or enemy.drones or enemy.drone_bays
                or me.drones or me.drone_bays)


def blast_share(strength: float, victim: Craft, hexes: int, rates: ExplosionRates) -> float:
    """Share of `victim` a death explosion of `strength` at `hexes` destroys past its
    screens (2.7: full strength in the hex, less by the falloff per hex away)."""
    return race_rules.blast_share(rates, strength, hexes, victim.boxes["screen"],
                                  durability(victim))


def race(me: Craft, enemy: Craft, hexes: int, combat: Combat, covering: Covering,
         rates: ExplosionRates) -> tuple[float, float]:
    """Share of the enemy I destroy per turn at `hexes`, and share of me it destroys."""
    return races(me, enemy, (hexes,), combat, covering, rates)[0]


def races(me: Craft, enemy: Craft, ranges: tuple[int, ...], combat: Combat,
          covering: Covering, rates: ExplosionRates) -> list[tuple[float, float]]:
    """`race` at each of `ranges`, remembered per state of both craft that matters.

    Whoever destroys the other meets its death explosion (2.7): at the rate I destroy
    the enemy, I also take the share of me its blast would destroy at that range, and
    the other way round.
    """
    mine_blast, theirs_blast = explosion_strength(me, rates), explosion_strength(enemy, rates)
    common = (arms(me), arms(enemy), _drones(me), _drones(enemy), _drone_mix(me),
              _drone_mix(enemy), me.boxes["screen"],
              enemy.boxes["screen"], me.size_class, enemy.size_class, total_boxes(me),
              total_boxes(enemy), mine_blast, theirs_blast, id(covering), rates)
    found: list[tuple[float, float]] = []
    for hexes in ranges:
        key = (*common, hexes)
        known = _RACES.get(key)
        if known is None:
            if len(_RACES) > KEPT:
                _RACES.clear()
            mine = net_per_turn(me, enemy, hexes, combat, covering) / durability(enemy)
            theirs = net_per_turn(enemy, me, hexes, combat, covering) / durability(me)
            known = _RACES[key] = (
                mine + theirs * blast_share(mine_blast, enemy, hexes, rates),
                theirs + mine * blast_share(theirs_blast, me, hexes, rates))
        found.append(known)
    return found


def closing(me: Craft, combat: Combat) -> tuple[float, float]:
    """How fast `me` can close on the enemy: its speed toward it now, and the speed per
    turn its engines add thrusting toward it (0 when the rules let none push, 2.3, R20)."""
    quick = combat.quick
    if engines_pushing(me, AHEAD, 1) <= 0:
        return max(0.0, me.velocity), 0.0
    size = rate_size(me.size_class)
    rate = quick.acceleration(me.manned, me.working_engines, size)[0] * quick.impulses
    return max(0.0, me.velocity), rate


def after_approach(ratio: float, hexes: int, now: float, ranges: tuple[int, ...],
                   found: list[tuple[float, float]], speed: float, rate: float) -> float:
    """The race `ratio` at `hexes` once the craft has closed to it from `now` under fire.

    Closing takes turns (from `speed`, gaining `rate` a turn); on the way each craft
    destroys its share per turn, the mean of the races between the two ranges. A craft
    destroyed before it gets there has no race there; otherwise the ratio counts what
    is left of each.
    """
    mines = [mine for mine, _ in found]
    theirs = [their for _, their in found]
    return race_rules.after_approach(ratio, hexes, now, ranges, mines, theirs, [1.0] * len(ranges),
                               len(ranges), speed, rate)


def _drone_mix(craft: Craft) -> tuple[str, ...]:
    """The weapons of the drones out and aboard: what `drone_damage` depends on."""
    return tuple(sorted([d.weapon for d in craft.drones if d.alive] + craft.drone_bays))


def _drones(craft: Craft) -> int:
    return sum([1 for d in craft.drones if d.alive and not d.escort]) + len(craft.drone_bays)


def strike_now(enemy: Craft, me: Craft, situation: Situation, raised: bool = False) -> float:
    """The most damage that could strike `me` this impulse past its screens, at best rolls;
    `raised` counts the screens `me` could still raise too (`raisable`).

    Everything the enemy still has ready this turn (secondary weapons not fired, guns
    rested, drones that have not fired; 2.2, 2.6) as its own lock and the evasion of both
    count it, and every missile and bolt that could reach me in this impulse's movement.
    The acid gum that lingers after a hit passes the screens (2.4); gum already stuck
    eats the side it struck whichever way I turn (R18), so it does not count here.
    """
    combat, turn = situation.combat, situation.turn
    quick = combat.quick
    size = me.size_class
    hexes = fire.firing_range(situation.hexes, enemy.locked, combat)
    extra = fire.modifier(enemy.evading, me.evading, combat)
    screened, unscreened = 0, 0
    for group in enemy.weapons:
        if group.boxes > group.fired and group.type != "magnetic_beam":
            screened += (group.boxes - group.fired) * fire.best_case(group.type, hexes, size,
                                                                     extra, combat)
    f = combat.figures
    for gun in enemy.guns:
        if (gun.boxes <= 0 or gun.shots_this_turn
                or not gun_rested(gun.last_turn, turn, quick.rests.get(gun.type, 0))):
            continue
        if gun.type == "radiation_gun":
            screened += fire.best_case(gun.type, hexes, size, extra, combat)
        elif (gun.type == "acid_gum_gun"
              and acid_gum_ready(f, situation.clock, gun.last_impulse, gun.boxes)
              and fire.best_case(gun.type, hexes, size, extra, combat) > 0):
            screened += f.acid_impact
            unscreened += f.acid_lingering * f.acid_lingering_impulses
    drone_extra = fire.modifier(False, me.evading, combat)
    for drone in enemy.drones:
        if (drone.alive and not drone.escort and drone.fired_turn != turn
                and drone.weapon in quick.costs):
            gap = fire.firing_range(int(drone.gap), enemy.locked, combat)
            screened += fire.best_case(drone.weapon, gap, size, drone_extra, combat)
    for missile in enemy.missiles:  # those that reach my hex in this impulse's movement
        if missile.alive and same_hex(missile_distance(f, missile.distance, missile.speed,
                                                       me.velocity)):
            screened += f.warhead
    for bolt in enemy.bolts:
        if bolt.alive and same_hex(bolt_distance(f, bolt.distance, me.velocity)):
            screened += bolt_strikes_for(f, combat.charts.steps, bolt.flown + 1, bolt.erosion)
    screens = screen_strength(me, combat) + (raisable(me, combat) if raised else 0)
    return float(max(0, screened - screens) + unscreened)


def raisable(craft: Craft, combat: Combat) -> int:
    """Screen points `craft` could still buy this turn: what its power left pays for,
    within double its screen boxes (2.2, R19). Every use of power is announced, so the
    enemy can count what is left."""
    return reinforcement_room(combat.figures, craft.boxes["screen"], craft.reinforcement,
                              craft.power)


def can_run(craft: Craft) -> bool:
    return not craft.is_base and craft.working_engines > 0


def can_close(enemy: Craft) -> bool:
    """Whether `enemy` can come nearer: its engines push it toward (2.3, R20) or it drifts
    toward already. A base, or a ramscoop at rest with no fuel, cannot."""
    return engines_pushing(enemy, AHEAD, 1) > 0 or enemy.velocity > 0.0


def top_rate(craft: Craft, direction: int, thrust: int, combat: Combat) -> float:
    """The speed a turn of thrust facing `direction` adds at best: crash acceleration for a
    manned craft (2.3: no mishap risk for it), normal acceleration for an unmanned one."""
    engines = engines_pushing(craft, direction, thrust)
    if engines <= 0:
        return 0.0
    quick = combat.quick
    normal, crash = quick.acceleration(craft.manned, engines, rate_size(craft.size_class))
    return race_rules.top_rate(normal, crash, craft.manned, quick.impulses)


def outruns(me: Craft, enemy: Craft, combat: Combat) -> bool:
    """Whether `me`, thrusting away on every impulse but the last of a turn, gains on the
    enemy thrusting toward it on every impulse."""
    return race_rules.outruns(top_rate(me, ASTERN, -1, combat),
                              top_rate(enemy, AHEAD, 1, combat), combat.quick.impulses)


def stand_off(ranges: tuple[int, ...], found: list[tuple[float, float]],
              now: float) -> int:
    """Where to hold against an enemy that cannot come nearer (`rules.race.stand_off`):
    the index in `ranges` of the nearest range where it cannot hurt me, else of the
    range where it hurts me least."""
    theirs = [their for _, their in found]
    return race_rules.stand_off(ranges, theirs, [1.0] * len(ranges), len(ranges), now)


def reaches(me: Craft, enemy: Craft, situation: Situation) -> bool:
    """Whether any weapon of `me` could do damage at this range, facing the best way (the
    firepower `Policy.best_direction` weighs, to as many digits)."""
    found = bearings(me, situation.hexes, enemy.size_class, situation.combat,
                     situation.covering)
    return any(round(weapons + guns, 6) > 0.0 for weapons, guns in found[1:])
