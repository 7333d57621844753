"""The record-sheet document, `shipyard.ssd/1`: a design's sheets as data.

Every ruleset builds this one envelope: the design itself under `design`
(so commands read an exported document back as its design), every figure
of the priced sheet, the catalog it was priced with, and every box with a
stable id, grouped the way the sheet prints them, so a game aid can mark
damage by id. Pure data: no renderer is imported here.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

SCHEMA = "shipyard.ssd/1"


class Box(BaseModel):
    """One box of the SSD: one system (rules 1.1)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(description="Stable id: the group id, '#', and the box's place from 1.")
    system: str = Field(description="The sheet's box-count key this box is counted under.")
    group: str = Field(description="The row of boxes this box belongs to.")
    label: str = Field(description="What the box is, in words.")
    number: int | None = Field(default=None, description="A radar box's number.")
    arcs: list[str] | None = Field(default=None, description="A weapon's firing arcs.")
    weapon: str | None = Field(default=None, description="A drone bay's drone weapon.")


class Group(BaseModel):
    """A row of boxes as the sheet shows it: one system, or one weapon or gun."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    system: str
    label: str
    boxes: int
    arcs: list[str] | None = None
    weapon: str | None = None


class CatalogStamp(BaseModel):
    """The catalog a sheet was priced with; a different digest may price differently."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    ruleset: str
    title: str
    version: str
    digest: str


class SsdDocument(BaseModel):
    """A design's record sheet as data."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    schema_: Literal["shipyard.ssd/1"] = Field(default="shipyard.ssd/1", alias="schema")
    name: str
    legal: bool
    draft: bool = Field(description="Exported with --draft: not a legal design.")
    budget: int | None = None
    catalog: CatalogStamp
    design: dict[str, Any] = Field(description="The design, as a shipyard.design/1 file.")
    sheet: dict[str, Any] = Field(description="Every figure of the priced sheet.")
    arc_order: list[str] = Field(description="The six arcs clockwise from dead ahead (R12).")
    groups: list[Group]
    boxes: list[Box]

    def to_data(self) -> dict[str, Any]:
        return self.model_dump(by_alias=True, mode="json")


def ssd_schema() -> dict[str, Any]:
    """JSON Schema of the SSD document."""
    schema = SsdDocument.model_json_schema(by_alias=True)
    schema["$id"] = "https://shipyard.invalid/schema/shipyard.ssd-1.json"
    schema["title"] = SCHEMA
    return schema


class BoxRows:
    """Collects groups and their boxes in sheet order."""

    def __init__(self) -> None:
        self.groups: list[Group] = []
        self.boxes: list[Box] = []

    def add(self, group_id: str, system: str, label: str, box_label: str, boxes: int, *,
            numbers: tuple[int, ...] | None = None, arcs: list[str] | None = None,
            weapon: str | None = None) -> None:
        if boxes <= 0:
            return
        self.groups.append(Group(id=group_id, system=system, label=label, boxes=boxes,
                                 arcs=arcs, weapon=weapon))
        for i in range(boxes):
            number = numbers[i] if numbers is not None else None
            text = f"{box_label} {number}" if number is not None else box_label
            self.boxes.append(Box(id=f"{group_id}#{i + 1}", system=system, group=group_id,
                                  label=text, number=number, arcs=arcs, weapon=weapon))


