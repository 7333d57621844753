"""Game state of a duel as plain values: what each craft has left and where things are.

Rule resolution (damage, fire, point defense) changes these values; policies
only read them. A craft is built from a legal design's priced sheet, so every
box the sheet counts is a box the engine can destroy.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from shipyard.core.protocol import Evaluation
from shipyard.rulesets.pentagon_war.arcs import known_distinct
from shipyard.rulesets.pentagon_war.design import GUN_TYPES, WEAPON_TYPES
from shipyard.rulesets.pentagon_war.pricing import count, suicide_bombs

# Systems kept as simple box counts (weapons, guns and radar have their own tracks).
SIMPLE_SYSTEMS = ("screen", "cargo", "fuel_tank", "capacitor", "point_defense", "engine",
                  "main_control", "aux_control", "repair", "missile", "drone",
                  "hull_forward", "hull_aft", "final_damage")
SECONDARY_WEAPONS = ("laser", "electron_cannon", "proton_cannon")


@dataclass(slots=True)
class WeaponGroup:
    """Secondary weapons or magnetic beams of one type sharing the same arcs."""

    type: str
    arcs: frozenset[str]
    boxes: int
    fired: int = 0  # boxes fired this turn


@dataclass(slots=True)
class GunTrack:
    """One gun: its track of boxes and when it last fired."""

    type: str
    arcs: frozenset[str]
    boxes: int
    last_turn: int = -99
    last_impulse: int = -99  # counted from the start of the duel
    shots_this_turn: int = 0


@dataclass(slots=True)
class Drone:
    """A launched drone: size class 0, one weapon, on the range track."""

    weapon: str
    distance: float  # hexes short of the enemy craft along the line (below 0: past it)
    speed: float  # hexes per turn toward the enemy craft
    accelerations: int  # left of its 24 (2.6); with none it drifts
    escort: bool  # point-defense drones keep to their launcher's hex while they can
    fired_turn: int = -1
    alive: bool = True
    a: int = 0  # on the hex map (R31): its hex, facing, components and chart columns
    c: int = 0
    facing: int = 0
    va: int = 0
    vc: int = 0
    col_a: int = 0
    col_c: int = 0

    @property
    def gap(self) -> float:
        """Hexes between the drone and the enemy craft, whichever side it is on."""
        return self.distance if self.distance >= 0.0 else -self.distance


@dataclass(slots=True)
class Missile:
    distance: float
    speed: int
    fuel: float
    alive: bool = True
    a: int = 0  # on the hex map (R30): its hex, heading and hexes flown
    c: int = 0
    heading: int = 0
    flown: int = 0


@dataclass(slots=True)
class Bolt:
    """A liquid metal gun bolt homing on the enemy craft."""

    distance: float
    flown: int = 0
    erosion: int = 0
    alive: bool = True
    a: int = 0  # on the hex map (R30): its hex and heading
    c: int = 0
    heading: int = 0


@dataclass(slots=True)
class Lingering:
    """Acid gum still eating at a craft: screens do not stop it (2.4); it clings to the
    armor side it struck (R18)."""

    damage: int
    impulses: int
    side: int


@dataclass(slots=True)
class Tally:
    """Where every damage point a craft took went."""

    screens: int = 0
    armor: int = 0
    interior: int = 0
    wasted: int = 0  # points that arrived after the craft was destroyed

    @property
    def total(self) -> int:
        return self.screens + self.armor + self.interior + self.wasted


@dataclass(slots=True)
class Craft:
    """One side of a duel: its boxes, power, motion and everything it has launched."""

    name: str
    size_class: int
    manned: bool
    is_base: bool
    needs_fuel: bool
    can_be_invisible: bool
    special_electronics: bool
    directional_screens: bool
    suicide_bombs: int
    invisibility_cost: int  # turn-start power for radar invisibility (2.2)
    drone_launch: int  # drones launchable per impulse (2.6)
    boxes: dict[str, int]
    armor: list[int]  # index 1-6 = armor side; index 0 unused
    radar: list[int]  # remaining track, highest first, ends with the free 0 box
    weapons: list[WeaponGroup]
    guns: list[GunTrack]
    drone_bays: list[str]  # weapons of the drones still aboard, in launch order
    velocity: float = 0.0  # hexes per turn toward the enemy
    direction: int = 1  # relative direction the enemy lies in (1 = dead ahead)
    last_rotation: int = -99  # impulse of the duel (clock) it last turned in
    charge: int = 0
    spent: int = 0
    ecm: int = 0
    eccm: int = 0
    invisible: bool = False  # radar invisible now (firing or launching voids it, R22)
    went_invisible: bool = False  # whether it went invisible at the start of this turn
    radar_on: bool = True
    locked: bool = True
    evasive: bool = False  # evasive maneuvering declared for this turn (2.3)
    evading: bool = False  # evading this impulse: declared, with an engine to spare
    crashing: bool = False
    crashed_at: int = -99  # impulse of the duel (clock) it last crash-accelerated in
    reinforcement: int = 0
    screens_used: int = 0  # screen points spent on damage this impulse (2.7)
    rear_struck: bool = False  # whether damage struck the rear this impulse (2.7)
    destroyed: bool = False
    killed_by: str = ""
    fired_impulse: int = -1  # impulse of this turn it fired in (control loss)
    drones: list[Drone] = field(default_factory=list)
    missiles: list[Missile] = field(default_factory=list)
    bolts: list[Bolt] = field(default_factory=list)
    lingering: list[Lingering] = field(default_factory=list)
    beam_push: float = 0.0  # velocity change per impulse from an attached beam
    taken: Tally = field(default_factory=Tally)

    @property
    def power(self) -> int:
        """Capacitor power still unspent this turn."""
        return self.charge - self.spent

    @property
    def radar_rating(self) -> int:
        return self.radar[0]

    @property
    def has_control(self) -> bool:
        return self.boxes["main_control"] + self.boxes["aux_control"] > 0

    @property
    def working_engines(self) -> int:
        if self.needs_fuel and self.boxes["fuel_tank"] <= 0:
            return 0
        return self.boxes["engine"]

    def weapon_boxes(self, kind: str) -> int:
        return sum(g.boxes for g in self.weapons if g.type == kind)

    def spend(self, amount: int) -> None:
        if amount > self.power:
            raise ValueError(f"{self.name} spends {amount} with {self.power} power left")
        self.spent += amount


def craft_from(evaluation: Evaluation, name: str | None = None) -> Craft:
    """A fresh craft, every box intact, from a legal design's evaluation."""
    design, sheet, catalog = evaluation.design, evaluation.sheet, evaluation.catalog
    counts = sheet.box_counts
    main = min(catalog.construction.limits.main_controls_free, counts.get("control", 0))
    boxes = {key: counts.get(key, 0) for key in SIMPLE_SYSTEMS}
    boxes.update(main_control=main, aux_control=counts.get("control", 0) - main,
                 hull_forward=sheet.hull_forward, hull_aft=sheet.hull_aft,
                 final_damage=sheet.final_damage_boxes)
    weapons = [
        WeaponGroup(w.type, frozenset(known_distinct(w.arcs, catalog)), count(w.count))
        for w in design.weapons if w.type in WEAPON_TYPES and count(w.count) > 0
    ]
    guns = [
        GunTrack(g.type, frozenset(known_distinct(g.arcs, catalog)), count(g.boxes))
        for g in design.guns if g.type in GUN_TYPES and count(g.boxes) > 0
    ]
    bays = [d.weapon for d in design.drones for _ in range(count(d.count))]
    scoop = [design.scoop] if isinstance(design.scoop, str) else list(design.scoop)
    return Craft(
        name=name or design.name or "craft",
        size_class=sheet.size_class,
        manned=design.manned,
        is_base=sheet.is_base,
        # 2.3: engines need fuel unless the craft scoops it (a magnascoop is a ramscoop variant).
        needs_fuel=not any(s in ("ramscoop", "magnascoop") for s in scoop),
        can_be_invisible=design.options.radar_invisibility,
        special_electronics=design.options.special_electronics,
        directional_screens=design.options.directional_screens,
        suicide_bombs=suicide_bombs(design),
        invisibility_cost=sheet.radar_invisibility_power,
        drone_launch=sheet.drones_per_impulse,
        boxes=boxes,
        armor=[0, *(sheet.armor_by_side[str(side)] for side in range(1, 7))],
        radar=sorted(sheet.radar_track, reverse=True),
        weapons=weapons,
        guns=guns,
        drone_bays=bays,
    )


def refit(template: Craft) -> Craft:
    """A fresh craft like `template`, which must be untouched, sharing nothing a duel changes.

    Building a craft from its design's sheet once per matchup and refitting a copy for
    each duel gives the same craft as `craft_from`, for a fraction of the work.
    """
    return Craft(
        name=template.name,
        size_class=template.size_class,
        manned=template.manned,
        is_base=template.is_base,
        needs_fuel=template.needs_fuel,
        can_be_invisible=template.can_be_invisible,
        special_electronics=template.special_electronics,
        directional_screens=template.directional_screens,
        suicide_bombs=template.suicide_bombs,
        invisibility_cost=template.invisibility_cost,
        drone_launch=template.drone_launch,
        boxes=dict(template.boxes),
        armor=list(template.armor),
        radar=list(template.radar),
        weapons=[WeaponGroup(g.type, g.arcs, g.boxes) for g in template.weapons],
        guns=[GunTrack(g.type, g.arcs, g.boxes) for g in template.guns],
        drone_bays=list(template.drone_bays),
    )


def total_boxes(craft: Craft) -> int:
    """Every destroyable box left (the free radar 0 box is not destroyable)."""
    return (sum(craft.boxes.values()) + sum(craft.armor) + len(craft.radar) - 1
            + sum(g.boxes for g in craft.weapons) + sum(g.boxes for g in craft.guns))
