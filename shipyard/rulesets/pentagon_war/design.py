"""The design file: `shipyard.design/1`, JSON (`*.ship.json`), TOML accepted.

The model is deliberately lenient about *values* (a negative count, an unknown
weapon type or arc is kept so that `shipyard.rulesets.pentagon_war.legality` can name it) and strict
about *shape* (wrong types and unknown fields are read errors). Field names
are a public contract.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    PlainValidator,
    StrictBool,
    StrictStr,
    WithJsonSchema,
)

from shipyard.core.envelope import DesignFile, parse_envelope
from shipyard.core.errors import describe
from shipyard.core.files import read_data
from shipyard.core.values import DESIGN_SCHEMA, MAX_ENTRIES, Count, count_value
from shipyard.core.values import MAX_COUNT as MAX_COUNT

SCHEMA = DESIGN_SCHEMA


SYSTEMS = (
    "screen",
    "cargo",
    "fuel_tank",
    "capacitor",
    "point_defense",
    "engine",
    "aux_control",
    "repair",
    "missile",
    "extra_hull",
    "extra_final_damage",
    "ramming_weight",
    "hyper_bomb",
)
WEAPON_TYPES = ("laser", "electron_cannon", "proton_cannon", "magnetic_beam")
GUN_TYPES = ("radiation_gun", "acid_gum_gun", "liquid_metal_gun")
DRONE_WEAPONS = ("laser", "electron_cannon", "proton_cannon", "point_defense")
SCOOPS = ("none", "ramscoop", "magnascoop")
SIDES = ("1", "2", "3", "4", "5", "6")


_number = count_value


def _flag_or_count(value: object) -> bool | int | float:
    if isinstance(value, bool):
        return value
    if isinstance(value, int | float):
        return _number(value)
    raise ValueError(f"expected true, false or a number, got {describe(value)}")


def _scoop(value: object) -> str | list[str]:
    if isinstance(value, str):
        return value
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return list(value)
    raise ValueError(f"expected one of {', '.join(SCOOPS)}, got {describe(value)}")


# Counts are read as any number so that legality can name a negative or
# fractional one (1.6); the schema says so.
FlagOrCount = Annotated[
    bool | int | float,
    PlainValidator(_flag_or_count),
    WithJsonSchema({"type": ["boolean", "number"]}),
]
# One scoop name; a list is read too, so that "both scoops" can be written and flagged.
Scoop = Annotated[
    str | list[str],
    PlainValidator(_scoop),
    WithJsonSchema({"anyOf": [{"enum": list(SCOOPS)},
                              {"type": "array", "items": {"enum": list(SCOOPS)}}]}),
]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Systems(BaseModel):
    """Box counts of the simple systems. Unknown names are kept for legality."""

    model_config = ConfigDict(extra="allow")
    __pydantic_extra__: dict[str, Count] = Field(init=False)

    screen: Count = 0
    cargo: Count = 0
    fuel_tank: Count = 0
    capacitor: Count = 0
    point_defense: Count = 0
    engine: Count = 0
    aux_control: Count = 0
    repair: Count = 0
    missile: Count = 0
    extra_hull: Count = 0
    extra_final_damage: Count = 0
    ramming_weight: Count = 0
    hyper_bomb: Count = 0

    def unknown(self) -> dict[str, int | float]:
        return dict(self.__pydantic_extra__ or {})


class HullSplit(_Strict):
    forward: Count = 0
    aft: Count = 0


class Weapon(_Strict):
    """A secondary weapon or magnetic beam: `count` boxes sharing `arcs`."""

    type: StrictStr
    arcs: list[StrictStr] = Field(default_factory=list)
    count: Count = 1


class Gun(_Strict):
    """One gun: a track of `boxes` boxes covering two adjacent arcs."""

    type: StrictStr
    boxes: Count = 0
    arcs: list[StrictStr] = Field(default_factory=list)


class Drone(_Strict):
    """`count` drone bays, each with a drone carrying `weapon`."""

    weapon: StrictStr
    count: Count = 1
    rating: Count | None = None


class Options(_Strict):
    radar_invisibility: StrictBool = False
    special_electronics: StrictBool = False
    suicide_bomb: FlagOrCount = False
    directional_screens: StrictBool = False
    movable_base: StrictBool = False


class Design(_Strict, DesignFile):
    """A Pentagon War design as players write it."""

    schema_: Literal["shipyard.design/1"] = Field(alias="schema")
    name: StrictStr = ""
    ruleset: StrictStr = "pentagon-war"
    manned: StrictBool = False
    scoop: Scoop = "none"
    systems: Systems = Field(default_factory=Systems)
    hull_split: HullSplit | None = None
    armor: dict[str, Count] = Field(default_factory=dict, max_length=12)
    radar: list[Count] = Field(default_factory=list, max_length=MAX_ENTRIES)
    weapons: list[Weapon] = Field(default_factory=list, max_length=MAX_ENTRIES)
    guns: list[Gun] = Field(default_factory=list, max_length=MAX_ENTRIES)
    drones: list[Drone] = Field(default_factory=list, max_length=MAX_ENTRIES)
    options: Options = Field(default_factory=Options)

    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    def to_data(self) -> dict[str, Any]:
        """The design as plain JSON data, in the file format's field order."""
        data = self.model_dump(by_alias=True, exclude_none=True)
        data["systems"] = {**{k: data["systems"][k] for k in SYSTEMS}, **self.systems.unknown()}
        return data


def design_schema(arcs: tuple[str, ...] = ()) -> dict[str, Any]:
    """JSON Schema of the design file format.

    Each name a file must spell exactly is listed (`enum`): weapon, gun and drone
    types, scoops and armor sides, and `arcs`, the catalog's arc names and shorthand.
    """
    schema = Design.model_json_schema(by_alias=True)
    schema["$id"] = "https://shipyard.invalid/schema/shipyard.design-1.json"
    schema["title"] = SCHEMA
    defs = schema["$defs"]
    defs["Weapon"]["properties"]["type"]["enum"] = list(WEAPON_TYPES)
    defs["Gun"]["properties"]["type"]["enum"] = list(GUN_TYPES)
    defs["Drone"]["properties"]["weapon"]["enum"] = list(DRONE_WEAPONS)
    if arcs:
        for kind in ("Weapon", "Gun"):
            defs[kind]["properties"]["arcs"]["items"]["enum"] = list(arcs)
    schema["properties"]["armor"]["propertyNames"] = {"enum": list(SIDES)}
    return schema


def parse_design(data: object, file: str = "<design>") -> Design:
    """Check the shape of already-parsed data; raise `DesignReadError` if wrong."""
    return parse_envelope(data, file, Design)


def read_design(path: Path) -> Design:
    """Read and shape-check a design file; raise `DesignReadError` if unreadable."""
    return parse_design(read_data(path), str(path))
