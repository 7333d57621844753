"""Load and check a ruleset's catalog: every price, table and ruling as data.

The catalog is TOML under `catalog/<ruleset>/`, shipped inside the wheel. Each
figure carries its provenance (`seed`, `reconstructed` or `ruling`, plus the
rule id), so faces can show players which numbers are house rules. A broken
catalog raises `CatalogError` naming the file and the key.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
)

from shipyard.core.catalog_files import (
    Entry,
    Exact,
    Manifest,
    Ruling,
    Rulings,
    catalog_folder,
    check_manifest,
    read_parts,
)
from shipyard.core.errors import CatalogError


class Flat(Entry):
    """One price per box (or per craft, or per number for radar)."""

    price: Exact


class Tiered(Entry):
    """A first box (or group of boxes) and every further one."""

    first: Exact
    further: Exact
    group: int = Field(default=1, ge=1)


class Share(Entry):
    """A share of the rest of the design's price."""

    rate: Exact


class DroneWeapon(Flat):
    rating: int | None = None


class Prices(BaseModel):
    """The price list of rules 1.2."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    screen: Flat
    directional_screen: Flat
    armor: Tiered
    extra_hull: Flat
    cargo: Flat
    fuel_tank: Flat
    ramscoop: Flat
    magnascoop: Flat
    capacitor: Flat
    point_defense: Flat
    radar_box: Flat
    engine: Flat
    extra_final_damage: Flat
    missile: Flat
    drone_bay: Flat
    main_control: Flat
    aux_control: Flat
    repair: Flat
    laser: Flat
    electron_cannon: Flat
    proton_cannon: Flat
    magnetic_beam: Flat
    radiation_gun: Tiered
    acid_gum_gun: Tiered
    liquid_metal_gun: Tiered
    radar_invisibility: Share
    special_electronics: Flat
    suicide_bomb: Flat
    hyper_bomb: Flat
    ramming_weight: Flat


class DroneWeapons(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    laser: DroneWeapon
    electron_cannon: DroneWeapon
    proton_cannon: DroneWeapon
    point_defense: DroneWeapon


class ArcNames(Entry):
    order: list[str] = Field(min_length=6, max_length=6)


class ArcShorthand(Entry):
    model_config = ConfigDict(extra="allow", frozen=True)


class ArcMultiplier(Entry):
    by_count: dict[str, Exact]


class GunArcs(Entry):
    arcs: int = Field(ge=1, le=6)


class Arcs(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    names: ArcNames
    shorthand: ArcShorthand
    multiplier: ArcMultiplier
    gun: GunArcs


class FreeHull(Entry):
    manned_divisor: int = Field(gt=0)
    unmanned_divisor: int = Field(gt=0)


class FreeFinalDamage(Entry):
    divisor: int = Field(gt=0)


class SizeClass(Entry):
    first_limit: int = Field(gt=0)
    growth: int = Field(gt=1)
    ramscoop_bonus: int = Field(ge=0)


class Mass(Entry):
    ramming_weight: int = Field(ge=0)
    armor: int = Field(ge=0)
    other: int = Field(ge=0)
    class_divisor: int = Field(gt=0)


class Rounding(Entry):
    total: Literal["down", "up"]
    free_hull: Literal["down", "up"]
    free_final_damage: Literal["down", "up"]


class Radar(Entry):
    free_box: int
    lowest: int
    highest: int


class Limits(Entry):
    main_controls_free: int = Field(ge=0)
    suicide_bombs: int = Field(ge=0)


class Power(Entry):
    radar_invisibility_per_size_class: int = Field(ge=0)


class Drones(Entry):
    launch_per_size_class: int = Field(ge=0)


class Explosion(Entry):
    engine: Exact
    fuel_tank: Exact
    capacitor: Exact
    magnetic_beam: Exact
    screen: Exact
    gun_box: Exact
    secondary_weapon: Exact
    suicide_bomb: Exact
    falloff_per_hex: Exact


class Construction(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    free_hull: FreeHull
    free_final_damage: FreeFinalDamage
    size_class: SizeClass
    mass: Mass
    rounding: Rounding
    radar: Radar
    limits: Limits
    power: Power
    drones: Drones
    explosion: Explosion


class Catalog(BaseModel):
    """Everything one ruleset's rules code reads, checked at load time."""

    model_config = ConfigDict(frozen=True)

    manifest: Manifest
    prices: Prices
    drone_weapons: DroneWeapons
    arcs: Arcs
    construction: Construction
    rulings: dict[str, Ruling]
    folder: str
    digest: str

    def arc_multiplier(self, count: int) -> Fraction:
        """R1: price multiplier for a weapon with `count` arcs."""
        return self.arcs.multiplier.by_count[str(count)]


_FILES: dict[str, type[BaseModel]] = {
    "ruleset.toml": Manifest,
    "prices.toml": Prices,
    "drone_weapons.toml": DroneWeapons,
    "arcs.toml": Arcs,
    "construction.toml": Construction,
    "rulings.toml": Rulings,
}


def _check_consistency(folder: Path, catalog: Catalog) -> None:
    counts = set(catalog.arcs.multiplier.by_count)
    wanted = {str(n) for n in range(1, 7)}
    if counts != wanted:
        raise CatalogError(
            str(folder / "arcs.toml"), "needs a multiplier for 1 to 6 arcs", "multiplier.by_count"
        )
    if len(set(catalog.arcs.names.order)) != 6:
        raise CatalogError(str(folder / "arcs.toml"), "arc names must be distinct", "names.order")


@lru_cache(maxsize=8)
def load_catalog(ruleset: str = "pentagon-war", root: str | None = None) -> Catalog:
    """Load and check the catalog of `ruleset` (cached: it is read once)."""
    folder = catalog_folder(ruleset, root)
    parts, digest = read_parts(folder, _FILES)
    manifest = parts.pop("ruleset")
    parts["rulings"] = parts["rulings"].root
    catalog = Catalog(manifest=manifest, folder=str(folder), digest=digest, **parts)
    check_manifest(folder, catalog.manifest, ruleset, root)
    _check_consistency(folder, catalog)
    return catalog
