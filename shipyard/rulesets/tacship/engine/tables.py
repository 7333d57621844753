"""The Tacship combat figures of rules 4, read from `catalog/tacship/combat.toml`.

Python holds the formulas, the catalog every figure, each table with its
provenance (`source`, `rule`). A broken file raises `CatalogError` naming the
file and the key at fault.
"""

from __future__ import annotations

from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from shipyard.core.catalog_files import catalog_root, check_model, read_toml
from shipyard.core.scenario import Preset
from shipyard.rulesets.tacship.rules.figures import ROUNDING, Figures

BlastRow = tuple[int, int, int]  # fixed points, d6 dice, halve rounding up (0 or 1)


class Table(BaseModel):
    """Common to every table: where its figures come from."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    source: Literal["seed", "reconstructed", "ruling"]
    rule: str = Field(min_length=1)
    note: str = ""


class Lasers(Table):
    to_hit_die: int = Field(gt=0)


class PointBlank(Table):
    counts_as: int = Field(ge=0)


class DamageTrack(Table):
    location_die: int = Field(gt=0)
    survivability_max: int = Field(ge=0)


class Manoeuvre(Table):
    speed_per_thrust: int = Field(gt=0)
    turn_cost_divisor: int = Field(gt=0)
    turn_cost_minimum: int = Field(ge=1)


class TurnRounding(Table):
    mode: Literal["down", "up", "nearest"]


class Missile(Table):
    speed_bonus: int = Field(ge=0)
    launch_distance: int = Field(ge=0)
    fuse_on_launch_turn: bool
    turns: int = Field(ge=0)
    straight_between_turns: int = Field(ge=0)
    detonation_range: int = Field(ge=0)


class Blast(Table):
    """Warhead damage at one distance: `fixed` plus `d6` dice, halved rounding up if asked."""

    distance: int = Field(ge=0)
    fixed: int = Field(default=0, ge=0)
    d6: int = Field(default=0, ge=0)
    halve_round_up: bool = False


class Mine(Table):
    rear_distance: int = Field(gt=0)
    trigger_range: int = Field(ge=0)


class Decoy(Table):
    placement_range: int = Field(ge=0)
    opposed_die: int = Field(gt=0)


class Ordnance(Table):
    armed_limit: int = Field(ge=0)


class Slot(Table):
    max_range: int = Field(gt=0)


class Initiative(Table):
    die: int = Field(gt=1)
    reroll_ties: bool


class ScenarioDefaults(Table):
    start_range: int = Field(gt=0)
    start_speed: int = Field(ge=0)
    turn_limit: int = Field(gt=0)
    default: str = ""  # the preset a duel starts in when the player names none
    presets: dict[str, Preset] = Field(default_factory=dict)


class Combat(BaseModel):
    """Every Tacship combat figure (rules 4)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    lasers: Lasers
    point_blank: PointBlank
    damage_track: DamageTrack
    manoeuvre: Manoeuvre
    turn_rounding: TurnRounding
    missile: Missile
    blast: tuple[Blast, ...] = Field(min_length=1)
    mine: Mine
    decoy: Decoy
    ordnance: Ordnance
    slot: Slot
    initiative: Initiative
    scenario: ScenarioDefaults

    @model_validator(mode="after")
    def _blast_distances(self) -> Combat:
        distances = sorted(b.distance for b in self.blast)
        if distances != list(range(len(distances))):
            raise ValueError("blast distances must run 0, 1, 2, ... without gaps")
        if distances[-1] < max(self.missile.detonation_range, self.mine.trigger_range):
            raise ValueError("every detonation distance needs a blast entry")
        return self

    @cached_property
    def figures(self) -> Figures:
        """Every figure the rule functions read, by name (`rules.figures`), worked out once."""
        return Figures(
            to_hit_die=self.lasers.to_hit_die, point_blank=self.point_blank.counts_as,
            location_die=self.damage_track.location_die,
            speed_per_thrust=self.manoeuvre.speed_per_thrust,
            turn_divisor=self.manoeuvre.turn_cost_divisor,
            turn_minimum=self.manoeuvre.turn_cost_minimum,
            turn_rounding=ROUNDING[self.turn_rounding.mode],
            missile_speed_bonus=self.missile.speed_bonus,
            launch_distance=self.missile.launch_distance, missile_turns=self.missile.turns,
            missile_gap=self.missile.straight_between_turns,
            detonation_range=self.missile.detonation_range,
            mine_rear=self.mine.rear_distance, mine_trigger=self.mine.trigger_range,
            decoy_range=self.decoy.placement_range, decoy_die=self.decoy.opposed_die,
            armed_limit=self.ordnance.armed_limit, slot_range=self.slot.max_range,
            initiative_die=self.initiative.die, reroll_ties=int(self.initiative.reroll_ties))

    @cached_property
    def blast_table(self) -> tuple[BlastRow, ...]:
        """Warhead damage by distance (rules 4), one row per distance from 0
        (`rules.figures` BLAST_FIXED, BLAST_D6, BLAST_HALVE)."""
        rows = sorted(self.blast, key=lambda b: b.distance)
        return tuple((b.fixed, b.d6, int(b.halve_round_up)) for b in rows)

    def blast_at(self, distance: int) -> Blast:
        for blast in self.blast:
            if blast.distance == distance:
                return blast
        raise ValueError(f"no blast entry for distance {distance}")


def combat_path(folder: str | None = None) -> Path:
    """The combat tables of the catalog in `folder` (None: the bundled catalog)."""
    return (Path(folder) if folder else catalog_root() / "tacship") / "combat.toml"


def parse_combat(data: dict[str, Any], file: str = "combat.toml") -> Combat:
    """Check already-parsed TOML data; `CatalogError` naming the key at fault."""
    return check_model(Path(file), Combat, data)


@lru_cache(maxsize=8)
def load_combat(folder: str | None = None) -> Combat:
    """The combat tables of the catalog in `folder`, the one that priced the designs
    (None: the bundled catalog); cached, read once per folder and process."""
    path = combat_path(folder)
    return parse_combat(read_toml(path), str(path))
