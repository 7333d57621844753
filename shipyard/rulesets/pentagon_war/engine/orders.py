"""What captains are told and what they answer: the situation, orders, and the captain base.

Every policy (the default and its variants) answers the duel loop with these
plain values. `Captain` holds the decisions every captain shares: how a drone
keeps its station, which the rules make a matter of spending its 24
accelerations (2.6).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, NamedTuple

from shipyard.rulesets.pentagon_war.engine.pointdefense import Target
from shipyard.rulesets.pentagon_war.engine.quick_reference import ExplosionRates
from shipyard.rulesets.pentagon_war.engine.state import Craft, Drone
from shipyard.rulesets.pentagon_war.engine.tables import Combat
from shipyard.rulesets.pentagon_war.rules.race import station_thrust

TargetKind = Literal["craft", "drone", "bolt", "missile"]
DRONE_RESERVE = 4  # accelerations a drone keeps for holding its station once there


class Situation(NamedTuple):
    """What a policy may look at besides the two craft (a tuple: two are made each impulse)."""

    turn: int
    impulse: int  # 1-based within the turn
    range: float
    combat: Combat
    covering: dict[int, frozenset[str]]  # relative direction -> the two arcs covering it
    rates: ExplosionRates  # the catalog's explosion figures (2.7)

    @property
    def hexes(self) -> int:
        return int(self.range)

    @property
    def clock(self) -> int:
        """Impulses since the start of the duel, this one included."""
        return (self.turn - 1) * self.combat.quick.impulses + self.impulse


@dataclass(frozen=True, slots=True)
class Allocation:
    """Turn-start choices: ECM, ECCM, radar invisibility, radar on or off (2.2, 2.9, R22)
    and whether the craft maneuvers evasively this turn (2.3: declared at the start of
    the turn)."""

    ecm: int = 0
    eccm: int = 0
    invisible: bool = False
    radar: bool = True  # radar on: it may lock on, and it voids radar invisibility
    evade: bool = False


@dataclass(frozen=True, slots=True)
class Maneuver:
    direction: int  # where the enemy lies, 1-6 (1 = dead ahead)
    thrust: int = 0  # +1 toward the enemy (direction 1), -1 away (direction 4)
    crash: bool = False


@dataclass(frozen=True, slots=True)
class Launch:
    missiles: int = 0
    rail: int = 0  # of those, how many go by rail (1 power each)
    drones: int = 0


@dataclass(frozen=True, slots=True)
class FireOrder:
    """Fire weapon group (`gun=False`) or gun `index` at a target.

    `boxes` limits how many boxes of the group fire (0: every box that may), so a
    battery can split its weapons between several drones or missiles.
    """

    index: int
    gun: bool = False
    target: TargetKind = "craft"
    target_index: int = 0
    pull: bool = True  # magnetic beams: pull (True) or push
    double: bool = False  # magnetic beams: double strength for 1 power
    boxes: int = 0


@dataclass(frozen=True, slots=True)
class Volley:
    """One attacker's announced fire at a craft: its orders name its own weapons (2.1),
    fired from `hexes` away with its own lock-on and evasion."""

    firer: Craft
    hexes: int
    fire: tuple[FireOrder, ...] = ()
    drones: tuple[Drone, ...] = ()


@dataclass(frozen=True, slots=True)
class Incoming:
    """What a craft knows at its screen-reinforcement step (2.1: after the announcement).

    The enemy's announced direct fire and drone fire, and what is already arriving
    this impulse: missiles that reached the hex, bolts striking, acid gum eating. With
    several attackers (on the map) `volleys` tells whose each order is; without, every
    order is the enemy's, fired from the range between the two.
    """

    fire: tuple[FireOrder, ...] = ()
    drones: tuple[Drone, ...] = ()  # the enemy drones announced firing at this craft
    arriving: int = 0  # points already on their way that screens will meet
    volleys: tuple[Volley, ...] = ()  # `fire` and `drones` by attacker, in order

    def __bool__(self) -> bool:
        return bool(self.fire or self.drones or self.arriving)


NO_LAUNCH = Launch()
NOTHING = Incoming()
_MANEUVERS: dict[tuple[int, int, bool], Maneuver] = {}


def steer(direction: int, thrust: int = 0, crash: bool = False) -> Maneuver:
    """The maneuver order with these fields; orders are values, so one of each is shared."""
    key = (direction, thrust, crash)
    order = _MANEUVERS.get(key)
    if order is None:
        order = _MANEUVERS[key] = Maneuver(direction, thrust, crash)
    return order


TOWARD = steer(1, 1)
CRASH_TOWARD = steer(1, 1, crash=True)  # 2.3: no evasion while crash accelerating
AWAY = steer(4, -1)
_AIMED: dict[tuple[int, bool], FireOrder] = {}


def aim(index: int, gun: bool = False) -> FireOrder:
    """The order to fire weapon group (or gun) `index` at the enemy craft, shared likewise."""
    key = (index, gun)
    order = _AIMED.get(key)
    if order is None:
        order = _AIMED[key] = FireOrder(index, gun=gun)
    return order


class Captain:
    """What the duel loop asks of every policy; subclasses answer the decisions.

    The base answers the drone decisions every captain shares; the others have
    harmless defaults (hold still, fire nothing) so a test policy overrides only
    what it needs.
    """

    name = "captain"
    drone_hold = 1  # attack drones close to this many hexes from the enemy and hold there

    def allocate(self, me: Craft, enemy: Craft, situation: Situation) -> Allocation:
        return Allocation()

    def maneuver(self, me: Craft, enemy: Craft, situation: Situation) -> Maneuver:
        return steer(me.direction)

    def launch(self, me: Craft, enemy: Craft, situation: Situation) -> Launch:
        return NO_LAUNCH

    def fire(self, me: Craft, enemy: Craft, situation: Situation) -> list[FireOrder]:
        return []

    def drone_fires(self, me: Craft, enemy: Craft, drone: Drone, situation: Situation) -> bool:
        return False

    def point_defense(self, me: Craft, targets: Sequence[Target]) -> list[int]:
        """Missiles first, then drones, then a craft in the hex."""
        return sorted(range(len(targets)), key=lambda i: (not targets[i].killable,
                                                          targets[i].size_class, i))

    def reinforce(self, me: Craft, enemy: Craft, situation: Situation,
                  incoming: Incoming) -> int:
        return 0

    def drone_thrust(self, me: Craft, enemy: Craft, drone: Drone, situation: Situation) -> int:
        """+1 to accelerate toward the enemy, -1 away, 0 to drift (2.6: 24 accelerations).

        An attack drone makes for a point `drone_hold` hexes short of the enemy and
        matches its motion there; a point-defense drone keeps to its launcher's hex.
        Either closes no faster than its remaining accelerations can brake.
        """
        if drone.escort:
            gap, relative = drone.distance - situation.range, drone.speed - me.velocity
        else:
            gap, relative = drone.distance - self.drone_hold, drone.speed + enemy.velocity
        return station_thrust(situation.combat.figures, gap, relative, drone.accelerations,
                              DRONE_RESERVE)
