"""The SSD document: every box accounted for, a schema it meets, a design it gives back."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import given

from shipyard.core.document import SsdDocument, ssd_schema
from shipyard.core.protocol import Evaluation
from shipyard.rulesets.pentagon_war.design import Design, parse_design, read_design
from shipyard.rulesets.pentagon_war.document import build_document
from shipyard.services.registry import evaluate
from shipyard.services.samples import sample_paths
from tests.strategies import legal_designs

SAMPLES = sample_paths("pentagon-war")


def _document(design: Design) -> tuple[Evaluation, SsdDocument]:
    evaluation = evaluate(design)
    return evaluation, build_document(evaluation)


def _check_accounting(evaluation: Evaluation, doc: SsdDocument) -> None:
    sheet = evaluation.sheet
    assert len(doc.boxes) == sheet.boxes
    assert Counter(box.system for box in doc.boxes) == Counter(sheet.box_counts)
    assert sum(group.boxes for group in doc.groups) == sheet.boxes
    assert len({box.id for box in doc.boxes}) == len(doc.boxes)
    armor = Counter(box.group for box in doc.boxes if box.system == "armor")
    assert {k.removeprefix("armor."): v for k, v in armor.items()} == {
        side: n for side, n in sheet.armor_by_side.items() if n
    }
    radar = [box.number for box in doc.boxes if box.system == "radar"]
    assert radar == list(sheet.radar_track)
    assert radar[-1] == 0
    hull = Counter(box.group for box in doc.boxes if box.system == "hull")
    assert hull["hull.forward"] == sheet.hull_forward
    assert hull["hull.aft"] == sheet.hull_aft


def _check_schema(doc: SsdDocument) -> None:
    data = json.loads(json.dumps(doc.to_data()))
    jsonschema.validate(data, ssd_schema())


def _check_round_trip(design: Design, doc: SsdDocument) -> None:
    text = json.dumps(doc.to_data())
    again = parse_design(json.loads(text), "<ssd>")
    assert again == design
    assert again.to_data() == design.to_data()


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_every_box_of_every_sample_is_listed(path: Path) -> None:
    evaluation, doc = _document(read_design(path))
    _check_accounting(evaluation, doc)
    _check_schema(doc)
    _check_round_trip(evaluation.design, doc)


@given(legal_designs())
def test_every_box_of_any_legal_design_is_listed(data: dict[str, Any]) -> None:
    design = parse_design(data)
    evaluation, doc = _document(design)
    assert evaluation.legal
    _check_accounting(evaluation, doc)
    _check_schema(doc)
    _check_round_trip(design, doc)


def test_box_ids_are_stable_and_readable() -> None:
    design = read_design(next(p for p in SAMPLES if p.name == "hive.ship.json"))
    _, doc = _document(design)
    ids = [box.id for box in doc.boxes]
    assert ids[0] == "screen#1"
    assert "radar#1" in ids and "control.main#1" in ids and "drones[0]#1" in ids
    drone = next(box for box in doc.boxes if box.id == "drones[0]#1")
    assert drone.weapon == design.drones[0].weapon
    assert [box.id for box in _document(design)[1].boxes] == ids


def test_weapons_carry_their_arcs_in_clockwise_order() -> None:
    design = read_design(next(p for p in SAMPLES if p.name == "ceres-station.ship.json"))
    _, doc = _document(design)
    laser = next(g for g in doc.groups if g.system == "laser")
    assert laser.arcs == ["RF", "R", "LF"]
    assert all(box.arcs == laser.arcs for box in doc.boxes if box.group == laser.id)


def test_document_carries_catalog_and_figures() -> None:
    evaluation, doc = _document(read_design(SAMPLES[0]))
    assert doc.catalog.digest == evaluation.catalog.digest
    assert doc.catalog.version == evaluation.catalog.manifest.version
    assert doc.sheet["total"] == evaluation.sheet.total
    assert doc.sheet["boxes"] == evaluation.sheet.boxes
    assert doc.to_data()["schema"] == "shipyard.ssd/1"


def test_an_ssd_file_reads_back_as_its_design(tmp_path: Path) -> None:
    for path in SAMPLES:
        evaluation, doc = _document(read_design(path))
        file = tmp_path / f"{path.name}.ssd.json"
        file.write_text(json.dumps(doc.to_data(), indent=2))
        again = evaluate(read_design(file))
        assert again.design == evaluation.design
        assert again.sheet == evaluation.sheet
