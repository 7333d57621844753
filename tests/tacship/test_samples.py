"""The bundled Tacship fighters, priced by hand from rules 4: all legal and quiet."""

from __future__ import annotations

from pathlib import Path

import pytest

from shipyard.core.catalog_files import catalog_root
from shipyard.rulesets.tacship.catalog import TacshipCatalog
from shipyard.rulesets.tacship.design import read_tacship_design
from shipyard.rulesets.tacship.legality import check
from shipyard.rulesets.tacship.pricing import price

FOLDER = catalog_root() / "tacship" / "designs"

# name: (hand-worked total, the arithmetic)
SAMPLES: dict[str, tuple[int, str]] = {
    # Exactly the rules 4 example; load chosen here: 2 missiles + 1 decoy.
    "valkyrie": (30, "10 boxes + 2 surv + 8 thrust + 2 x Laser-2 (4) + 3 hardpoints (6)"),
    # The design-file contract: two-man, aft turret.
    "hawk": (24, "9 + 1 + 6 thrust + Laser-2 (2) + turret Laser-1 (1 + 1) + 2 hp (4)"),
    # Missile boat: 7 hardpoints, 5 missiles + 1 mine + 1 decoy.
    "harpy": (30, "8 + 1 + 6 thrust + Laser-1 (1) + 7 hardpoints (14)"),
    # Fast interceptor: thrust 15.
    "kestrel": (30, "7 + 1 + 15 thrust + Laser-3 (3) + Laser-2 (2) + 1 hardpoint (2)"),
    # Heavy two-seater: survivability +4, 15 boxes.
    "bulwark": (30, "15 + 4 + 4 thrust + Laser-2 (2) + turret Laser-2 (2 + 1) + 1 hp (2)"),
    # Escort two-seater with a fore and an aft turret.
    "nightjar": (29, "10 + 2 + 7 thrust + turret Laser-3 (3 + 1) + turret Laser-1 (1 + 1) "
                     "+ 2 hardpoints (4)"),
}


def test_every_sample_is_listed() -> None:
    names = {p.name.removesuffix(".ship.json") for p in FOLDER.glob("*.ship.json")}
    assert names == set(SAMPLES)


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_sample_price_and_legality(name: str, catalog: TacshipCatalog) -> None:
    design = read_tacship_design(FOLDER / f"{name}.ship.json")
    sheet = price(design, catalog)
    assert sheet.total == SAMPLES[name][0], SAMPLES[name][1]
    assert sheet.total <= catalog.construction.budget.points
    assert check(design, sheet, catalog) == []
    assert design.name.lower() == name


def test_valkyrie_matches_the_rules(catalog: TacshipCatalog) -> None:
    design = read_tacship_design(FOLDER / "valkyrie.ship.json")
    sheet = price(design, catalog)
    assert (sheet.damage_boxes, sheet.survivability, sheet.thrust) == (10, 2, 8)
    assert [(laser.factor, laser.count) for laser in design.fixed_lasers] == [(2, 2)]
    assert sheet.hardpoints == 3
    assert (design.ordnance.missile, design.ordnance.mine, design.ordnance.decoy) == (2, 0, 1)
    assert sheet.crew == 1


def test_samples_cover_the_roles(catalog: TacshipCatalog) -> None:
    designs = [read_tacship_design(p) for p in sorted(FOLDER.glob("*.ship.json"))]
    sheets = [price(d, catalog) for d in designs]
    assert {d.crew for d in designs} == {1, 2}
    assert {m.arc for d in designs for m in d.turret_lasers} == {"fore", "aft"}
    assert max(d.ordnance.missile for d in designs) >= 5
    assert max(s.thrust for s in sheets) >= 15
    assert max(s.survivability for s in sheets) == 4


def test_samples_round_trip(tmp_path: Path) -> None:
    for path in FOLDER.glob("*.ship.json"):
        design = read_tacship_design(path)
        copy = tmp_path / path.name
        copy.write_text(design.to_json())
        assert read_tacship_design(copy) == design
