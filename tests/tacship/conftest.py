"""Shared helpers of the Tacship tests: the bundled catalog and design builders."""

from __future__ import annotations

from typing import Any

import pytest

from shipyard.rulesets.tacship.catalog import TacshipCatalog, load_tacship_catalog
from shipyard.rulesets.tacship.design import TacshipDesign, parse_tacship_design
from shipyard.rulesets.tacship.pricing import TacshipSheet, price

# The public contract of the Tacship design file (kept byte for byte).
HAWK_JSON = """\
{"schema": "shipyard.design/1", "name": "Hawk", "ruleset": "tacship",
 "crew": 2, "damage_boxes": 9, "survivability": 1, "thrust": 6,
 "fixed_lasers": [{"factor": 2, "count": 1}],
 "turret_lasers": [{"factor": 1, "arc": "aft", "count": 1}],
 "hardpoints": 2,
 "ordnance": {"missile": 1, "mine": 0, "decoy": 1}}"""


@pytest.fixture(scope="session")
def catalog() -> TacshipCatalog:
    return load_tacship_catalog()


def data(**fields: Any) -> dict[str, Any]:
    return {"schema": "shipyard.design/1", "name": "test", "ruleset": "tacship", **fields}


def make(**fields: Any) -> TacshipDesign:
    """A design from keyword fields; everything omitted takes its default."""
    return parse_tacship_design(data(**fields))


def sheet_of(**fields: Any) -> TacshipSheet:
    return price(make(**fields), load_tacship_catalog())
