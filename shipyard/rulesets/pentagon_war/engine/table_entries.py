"""The entries of the combat tables of rules 2.1-2.9 (`combat.toml`), each checked.

One pydantic model per table, with its provenance (`source`, `rule`) as the price list
has: `tables.Combat` holds one of each. A broken file raises `CatalogError` naming the
file, the key and the problem.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cached_property
from itertools import pairwise
from typing import Annotated, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    PlainValidator,
    model_validator,
)

from shipyard.core.scenario import Preset
from shipyard.rulesets.pentagon_war.rules.fire import step_value

CHART_SYSTEMS = frozenset({
    "hull_forward", "hull_aft", "cargo", "engine", "point_defense", "laser", "capacitor",
    "radar", "missile", "gun", "main_control", "aux_control", "magnetic_beam", "drone",
    "screen", "repair", "electron_cannon", "proton_cannon", "fuel_tank", "any_weapon",
})


def _fraction(value: object) -> Fraction:
    if isinstance(value, bool):
        raise ValueError("expected a number or a fraction like '1/10'")
    if isinstance(value, int | float):
        return Fraction(value)
    if isinstance(value, str):
        try:
            return Fraction(value)
        except (ValueError, ZeroDivisionError):
            pass
    raise ValueError("expected a number or a fraction like '1/10'")


Exact = Annotated[Fraction, PlainValidator(_fraction)]


class Table(BaseModel):
    """Common to every combat table: where its figures come from."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    source: Literal["seed", "reconstructed", "ruling"]
    rule: str = Field(min_length=1)
    note: str = ""


class Steps(Table):
    """A step table: [upper bound, value] pairs in rising order, then `beyond`."""

    steps: list[tuple[int, int]] = Field(min_length=1)
    beyond: int

    @cached_property
    def _columns(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        return tuple(b for b, _ in self.steps), tuple(v for _, v in self.steps)

    @model_validator(mode="after")
    def _rising(self) -> Steps:
        bounds = [b for b, _ in self.steps]
        if any(b >= c for b, c in pairwise(bounds)):
            raise ValueError("steps must have rising upper bounds")
        return self

    def lookup(self, key: int) -> int:
        """The value of the first step whose bound is at or above `key`."""
        bounds, values = self._columns
        return step_value(bounds, values, len(bounds), self.beyond, key)


class Turn(Table):
    impulses: int = Field(gt=0)


class Power(Table):
    laser: int = Field(ge=0)
    electron_cannon: int = Field(ge=0)
    proton_cannon: int = Field(ge=0)
    magnetic_beam_double: int = Field(ge=0)
    magnetic_beam_at_bolt: int = Field(ge=0)
    rail_launch: int = Field(ge=0)
    screen_reinforcement: int = Field(gt=0)
    reinforcement_limit: int = Field(ge=0)
    ecm_point: int = Field(gt=0)
    eccm_point: int = Field(gt=0)
    special_electronics_factor: int = Field(ge=1)


class FireLimits(Table):
    secondary_shots_per_turn: int = Field(ge=1)
    radiation_rest_turns: int = Field(ge=0)
    liquid_metal_rest_turns: int = Field(ge=0)
    acid_gum_shots_per_turn: int = Field(ge=1)
    acid_gum_gap_impulses: int = Field(ge=1)
    acid_gum_boxes_per_shot: int = Field(ge=1)
    liquid_metal_boxes_per_shot: int = Field(ge=1)
    liquid_metal_min_range: int = Field(ge=0)


class Movement(Table):
    standard_acceleration: Exact
    manned_acceleration: Exact
    manned_crash_per_impulse: Exact
    crash_factor: int = Field(ge=1)
    crash_mishap_roll: int = Field(ge=2, le=12)
    crash_mishap_dice: int = Field(ge=0)
    top_speed: int = Field(gt=0)
    base_rotation_impulses: int = Field(ge=1)
    base_rotation_steps: int = Field(ge=1, le=3)
    evasion_spare_engines: int = Field(ge=0)


class CosmicRays(Table):
    enabled: bool
    speed_limit: int = Field(ge=0)
    damage: int = Field(ge=0)


class FireDice(Table):
    dice: int = Field(ge=1)


class Laser(Steps):
    kill_size_zero: int


class Cannon(Steps):
    hit_on: int


class AcidGum(Table):
    hit_on: int
    impact: int = Field(ge=0)
    lingering: int = Field(ge=0)
    lingering_impulses: int = Field(ge=0)


class Radiation(Steps):
    kill_size_zero: int


class LiquidMetal(Table):
    speed: int = Field(gt=0)
    lifetime_impulses: int = Field(gt=0)
    damage_by_hexes: list[int] = Field(min_length=1)
    bolt_size_class: int = Field(ge=0)
    points_per_erosion: int = Field(gt=0)


class MagneticBeam(Table):
    attach_on: int
    max_range: int = Field(ge=0)
    engines: int = Field(ge=0)
    engines_double: int = Field(ge=0)


class LockFailure(Table):
    range_factor: int = Field(ge=1)
    point_defense_divisor: int = Field(ge=1)


class Evasion(Table):
    fire_modifier: int
    point_defense_boxes: int
    seeking_lost: int = Field(ge=0, le=6)
    seeking_miss: int = Field(ge=0, le=6)


class PointDefense(Table):
    rating_limit: int = Field(ge=0)
    die_sides: int = Field(gt=0)
    spacecraft_damage: int = Field(ge=0)


class Missile(Table):
    speed: int = Field(gt=0)
    rail_speed: int = Field(gt=0)
    warhead: int = Field(ge=0)
    fuel: int = Field(gt=0)
    hex_share_divisor: int = Field(gt=0)
    destroyed_divisor: int = Field(gt=0)
    size_class: int = Field(ge=0)


class Drone(Table):
    size_class: int = Field(ge=0)
    shots_per_turn: int = Field(ge=1)
    accelerations: int = Field(ge=0)
    launch_speed_spread: int = Field(ge=0)
    point_defense_rating: int = Field(ge=0)


class DamageChart(Table):
    chart: list[list[str]] = Field(min_length=6, max_length=6)
    forward_columns: int = Field(ge=0, le=6)
    rear_side: int = Field(ge=1, le=6)
    rear_first: str
    armor_per_box: int = Field(gt=0)

    @model_validator(mode="after")
    def _known(self) -> DamageChart:
        for row in self.chart:
            if len(row) != 6:
                raise ValueError("every chart row needs 6 entries")
            for name in row:
                if name not in CHART_SYSTEMS:
                    raise ValueError(f"unknown system {name!r} in the chart")
        return self


class Fallthrough(Table):
    order: list[Literal["hull", "final_damage"]] = Field(min_length=1)


class ControlLoss(Table):
    rotation_steps: int = Field(ge=1, le=3)
    targets_per_turn: int = Field(ge=1)


class RadarInvisibility(Table):
    tracking_lost: int = Field(ge=0, le=6)


class LockOn(Table):
    die_sides: int = Field(gt=0)
    always: int
    never: int
    ecm_step: int = Field(ge=0)


class ScenarioDefaults(Table):
    start_range: int = Field(ge=0)
    closing_speed: int
    turn_limit: int = Field(gt=0)
    default: str = ""  # the preset a duel starts in when the player names none
    presets: dict[str, Preset] = Field(default_factory=dict)


