"""Plain game state of a Tacship duel (rules 4): a fighter's numbers, and what changes.

`Fighter` is the record chart as built, frozen and shared by every duel of a
batch. `Craft` is one fighter in one duel: position, heading, speed, the
damage boxes hit, ordnance in store and armed. Missiles, mines and decoys in
play sit in a `Board`. Rule code changes these; policies only read them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from shipyard.rulesets.tacship.engine.hexes import Arc, Hex

Side = Literal["a", "b"]
Item = Literal["missile", "mine", "decoy"]
ITEMS: tuple[Item, ...] = ("missile", "mine", "decoy")


@dataclass(frozen=True, slots=True)
class Turret:
    factor: int
    arc: Arc


@dataclass(frozen=True, slots=True)
class Fighter:
    """A fighter's record chart in plain numbers (rules 4)."""

    name: str
    damage_boxes: int
    survivability: int
    thrust: int
    fixed_lasers: tuple[int, ...] = ()
    turrets: tuple[Turret, ...] = ()
    missiles: int = 0
    mines: int = 0
    decoys: int = 0
    crew: int = 1

    @property
    def fixed_total(self) -> int:
        return sum(self.fixed_lasers)

    def stores(self) -> dict[Item, int]:
        return {"missile": self.missiles, "mine": self.mines, "decoy": self.decoys}


def _count(data: Mapping[str, Any], *keys: str) -> int:
    for key in keys:
        if key in data:
            return int(data[key])
    return 0


def _times(entry: Any) -> int:
    return int(entry.get("count", 1)) if isinstance(entry, Mapping) else 1


def _factors(entries: Sequence[Any]) -> tuple[int, ...]:
    """One factor per laser: a bare number is one laser, a mapping `count` of them."""
    return tuple(int(e["factor"]) if isinstance(e, Mapping) else int(e)
                 for e in entries for _ in range(_times(e)))


def fighter_from_design(data: Mapping[str, Any]) -> Fighter:
    """A `Fighter` from a design's public data: `name`, `crew`, `damage_boxes`,
    `survivability`, `thrust`, `fixed_lasers` (factors, or {"factor": n, "count": k}),
    `turret_lasers` ([{"factor": n, "arc": "fore"|"aft", "count": k}]) and `ordnance`
    ({"missile": n, "mine": n, "decoy": n}; plural keys are read too). A laser
    entry without `count` is one laser, as in a design file."""
    turrets = tuple(Turret(int(t["factor"]), "aft" if t.get("arc") == "aft" else "fore")
                    for t in data.get("turret_lasers", ()) for _ in range(_times(t)))
    load: Mapping[str, Any] = data.get("ordnance", {})
    return Fighter(
        name=str(data.get("name") or "Fighter"),
        crew=int(data.get("crew", 1)),
        damage_boxes=int(data["damage_boxes"]),
        survivability=int(data.get("survivability", 0)),
        thrust=int(data.get("thrust", 0)),
        fixed_lasers=_factors(data.get("fixed_lasers", ())),
        turrets=turrets,
        missiles=_count(load, "missile", "missiles"),
        mines=_count(load, "mine", "mines"),
        decoys=_count(load, "decoy", "decoys"),
    )


@dataclass(slots=True)
class Craft:
    """One fighter in one duel."""

    fighter: Fighter
    side: Side
    name: str
    pos: Hex
    heading: int
    speed: int
    initiative: int = 0
    straight: int = 99  # hexes flown since the last turn; a duel starts in straight flight
    hits: list[int] = field(default_factory=list)  # by box number: 1 once crossed off
    destroyed: bool = False
    killed_by: str = ""
    taken: int = 0  # damage boxes crossed off, box 0 included
    stores: dict[Item, int] = field(default_factory=dict)
    armed: list[Item] = field(default_factory=list)
    key: int = 0  # its place in the battle: side A's fighters in fleet order, then B's
    tiebreak: int = 0  # initiative tie-break digits (rules.squadron, ruling TB1)
    killed_on: int = 0  # the turn it was destroyed

    @classmethod
    def enter(cls, fighter: Fighter, side: Side, pos: Hex, heading: int, speed: int,
              name: str | None = None, key: int | None = None) -> Craft:
        return cls(fighter, side, name or fighter.name, pos, heading, speed,
                   hits=[0] * (fighter.damage_boxes + 1), stores=fighter.stores(),
                   key=(0 if side == "a" else 1) if key is None else key)

    @property
    def boxes_hit(self) -> set[int]:
        """The numbers of the boxes crossed off."""
        return {box for box, hit in enumerate(self.hits) if hit}

    @property
    def boxes_left(self) -> int:
        return self.fighter.damage_boxes - sum(1 for b in self.boxes_hit if b > 0)


@dataclass(slots=True)
class Missile:
    owner: Side
    target: Side
    pos: Hex
    heading: int
    speed: int
    launched: int  # the game turn of launch
    fooled: bool = False
    aimed: int = -1  # the key of the fighter it homes on; -1: the fighter of side `target`
    shooter: int = -1  # the key of the fighter that launched it; -1: the fighter of `owner`

    def homes_on(self, craft: Craft) -> bool:
        return self.aimed == craft.key if self.aimed >= 0 else self.target == craft.side


@dataclass(frozen=True, slots=True)
class Mine:
    owner: Side
    pos: Hex


@dataclass(frozen=True, slots=True)
class Decoy:
    owner: Side
    pos: Hex


@dataclass(slots=True)
class Board:
    """Ordnance in play."""

    missiles: list[Missile] = field(default_factory=list)
    mines: list[Mine] = field(default_factory=list)
    decoys: list[Decoy] = field(default_factory=list)

    def missiles_at(self, target: Side) -> list[Missile]:
        return [m for m in self.missiles if m.target == target]

    def aimed_at(self, craft: Craft) -> list[Missile]:
        """The missiles homing on `craft`, in launch order."""
        return [m for m in self.missiles if m.homes_on(craft)]

    def enemy_mines(self, side: Side) -> list[Mine]:
        return [m for m in self.mines if m.owner != side]
