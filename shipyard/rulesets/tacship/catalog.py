"""Load and check the Tacship catalog: its prices and construction limits.

Tacship keeps every figure in TOML under `catalog/tacship/`, with the same
provenance (`source` + `rule`) as Pentagon War, so a player can see and
override any number. A broken catalog raises `CatalogError` naming the file
and the key, in one line.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Self

from pydantic import BaseModel, ConfigDict, Field, StrictInt, model_validator

from shipyard.core.catalog_files import Entry as CatalogEntry
from shipyard.core.catalog_files import Manifest, Ruling, Rulings, catalog_root, read_parts
from shipyard.core.errors import CatalogError
from shipyard.rulesets.tacship.design import ORDNANCE_KINDS

RULESET = "tacship"


Points = StrictInt  # rules 4: Tacship prices everything in whole points


class Entry(CatalogEntry):
    """Common to every Tacship figure: where it comes from (no unit unless it says)."""

    unit: str = ""


class PerUnit(Entry):
    """A price per box, per +1, per thrust point, per laser factor or per hardpoint."""

    price: Points = Field(ge=0)


class TurretSurcharge(Entry):
    """A turret laser: the fixed laser's price plus this, per gun."""

    per_gun: Points = Field(ge=0)


class Prices(BaseModel):
    """The Tacship price list (rules 4)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    damage_box: PerUnit
    survivability: PerUnit
    thrust: PerUnit
    fixed_laser: PerUnit
    turret_laser: TurretSurcharge
    hardpoint: PerUnit


class Budget(Entry):
    points: Points = Field(ge=1)


class Span(Entry):
    """An inclusive range of allowed whole values."""

    lowest: StrictInt
    highest: StrictInt

    @model_validator(mode="after")
    def _ordered(self) -> Self:
        if self.lowest > self.highest:
            raise ValueError("lowest must not be above highest")
        return self


class Turret(Entry):
    crew: StrictInt = Field(ge=1)
    arcs: list[str] = Field(min_length=1)


class Crew(Entry):
    allowed: list[StrictInt] = Field(min_length=1)


class Ordnance(Entry):
    kinds: list[str] = Field(min_length=1)
    per_hardpoint: StrictInt = Field(ge=1)


class DamageTrack(Entry):
    """The top of the damage track: the highest roll of the location die."""

    top: StrictInt = Field(ge=1)


class Construction(BaseModel):
    """The Tacship construction limits (rules 4)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    budget: Budget
    survivability: Span
    laser_factor: Span
    turret: Turret
    crew: Crew
    ordnance: Ordnance
    damage_track: DamageTrack


class TacshipCatalog(BaseModel):
    """Everything the Tacship rules code reads, checked at load time."""

    model_config = ConfigDict(frozen=True)

    manifest: Manifest
    prices: Prices
    construction: Construction
    folder: str
    rulings: dict[str, Ruling]
    digest: str


_FILES: dict[str, type[BaseModel]] = {
    "ruleset.toml": Manifest,
    "rulings.toml": Rulings,
    "prices.toml": Prices,
    "construction.toml": Construction,
}


def _check_consistency(folder: Path, catalog: TacshipCatalog) -> None:
    # The design file has a field for each known kind: the catalog must allow them all.
    build = catalog.construction
    path = str(folder / "construction.toml")
    missing = [kind for kind in ORDNANCE_KINDS if kind not in build.ordnance.kinds]
    if missing:
        raise CatalogError(path, f"ordnance kinds lack {', '.join(missing)}", "ordnance.kinds")
    if build.turret.crew not in build.crew.allowed:
        raise CatalogError(path, f"turret crew {build.turret.crew} is not an allowed crew",
                           "turret.crew")
    if build.laser_factor.lowest < 1:
        raise CatalogError(path, "a laser factor is at least 1", "laser_factor.lowest")


def tacship_folder(root: str | None = None) -> Path:
    """The catalog folder: `root` if given, else the bundled `tacship` folder."""
    return Path(root) if root else catalog_root() / RULESET


@lru_cache(maxsize=8)
def load_tacship_catalog(root: str | None = None) -> TacshipCatalog:
    """Load and check the Tacship catalog (cached: it is read once per folder)."""
    folder = tacship_folder(root)
    if not folder.is_dir():
        raise CatalogError(str(folder), "no Tacship catalog folder (it holds ruleset.toml, "
                           "prices.toml and construction.toml)")
    parts, digest = read_parts(folder, _FILES)
    catalog = TacshipCatalog(
        manifest=parts["ruleset"],
        prices=parts["prices"],
        construction=parts["construction"],
        rulings=parts["rulings"].root,
        folder=str(folder),
        digest=digest,
    )
    if catalog.manifest.ruleset != RULESET:
        raise CatalogError(str(folder / "ruleset.toml"),
                           f"names ruleset '{catalog.manifest.ruleset}', expected '{RULESET}'",
                           "ruleset")
    _check_consistency(folder, catalog)
    return catalog

