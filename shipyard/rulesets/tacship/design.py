"""The Tacship design file: a `shipyard.design/1` document with `ruleset = "tacship"`.

A Tacship fighter has no systems, armor or arcs of the Pentagon War kind, so it
has its own model. Like the Pentagon War one it is strict about *shape* (an
unknown field or a string where a number goes is a read error) and lenient
about *values* (a negative or fractional count, Laser-4, arc "left" or a crew
of 3 is kept, so that `legality` can name it with its path). Field names are
a public contract.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictStr

from shipyard.core.envelope import DesignFile, parse_envelope
from shipyard.core.errors import DesignReadError
from shipyard.core.files import read_data
from shipyard.core.values import DESIGN_SCHEMA as SCHEMA
from shipyard.core.values import MAX_ENTRIES, Count

RULESET: Literal["tacship"] = "tacship"
ORDNANCE_KINDS = ("missile", "mine", "decoy")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class FixedLaser(_Strict):
    """`count` fixed forward lasers of one factor (Laser-1 to Laser-3)."""

    factor: Count = 0
    count: Count = 1


class TurretLaser(_Strict):
    """`count` turret lasers of one factor covering the `arc` (fore or aft)."""

    factor: Count = 0
    arc: StrictStr = ""
    count: Count = 1


class Ordnance(BaseModel):
    """The mission load, items per kind. Unknown kinds are kept for legality."""

    model_config = ConfigDict(extra="allow")
    __pydantic_extra__: dict[str, Count] = Field(init=False)

    missile: Count = 0
    mine: Count = 0
    decoy: Count = 0

    def unknown(self) -> dict[str, int | float]:
        return dict(self.__pydantic_extra__ or {})

    def items(self) -> list[tuple[str, int | float]]:
        """Every kind with its count, known kinds first."""
        known = [(kind, getattr(self, kind)) for kind in ORDNANCE_KINDS]
        return [*known, *self.unknown().items()]


class TacshipDesign(_Strict, DesignFile):
    """A Tacship fighter as players write it."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    schema_: Literal["shipyard.design/1"] = Field(alias="schema")
    name: StrictStr = ""
    ruleset: Literal["tacship"] = RULESET
    crew: Count = 1
    damage_boxes: Count = 0
    survivability: Count = 0
    thrust: Count = 0
    fixed_lasers: list[FixedLaser] = Field(default_factory=list, max_length=MAX_ENTRIES)
    turret_lasers: list[TurretLaser] = Field(default_factory=list, max_length=MAX_ENTRIES)
    hardpoints: Count = 0
    ordnance: Ordnance = Field(default_factory=Ordnance)

    def to_data(self) -> dict[str, Any]:
        """The design as plain JSON data, in the file format's field order."""
        data = self.model_dump(by_alias=True)
        data["ordnance"] = dict(self.ordnance.items())
        return data


def tacship_schema(arcs: tuple[str, ...] = (), kinds: tuple[str, ...] = ()) -> dict[str, Any]:
    """JSON Schema of the Tacship design file.

    The names a file must spell exactly are listed (`enum`) from the catalog:
    a turret's `arcs` and the ordnance `kinds`.
    """
    schema = TacshipDesign.model_json_schema(by_alias=True)
    schema["$id"] = "https://shipyard.invalid/schema/shipyard.design-1.tacship.json"
    schema["title"] = f"{SCHEMA} ({RULESET})"
    defs = schema["$defs"]
    if arcs:
        defs["TurretLaser"]["properties"]["arc"]["enum"] = list(arcs)
    if kinds:
        defs["Ordnance"]["propertyNames"] = {"enum": list(kinds)}
    return schema


def _ours(data: dict[str, Any], file: str) -> None:
    ruleset = data.get("ruleset", RULESET)
    if ruleset != RULESET:
        raise DesignReadError(file, f"expected '{RULESET}', got {ruleset!r}", "ruleset")


def parse_tacship_design(data: object, file: str = "<design>") -> TacshipDesign:
    """Check the shape of already-parsed data (an SSD document's design too)."""
    return parse_envelope(data, file, TacshipDesign, _ours)


def read_tacship_design(path: Path) -> TacshipDesign:
    """Read and shape-check a Tacship design file (JSON, or TOML by suffix)."""
    return parse_tacship_design(read_data(path), str(path))
