"""The Pentagon War ruleset: its catalog, pricing and legality."""

from __future__ import annotations

from shipyard import legality, pricing
from shipyard.catalog import Catalog, load_catalog
from shipyard.design import Design
from shipyard.legality import Issue, Scenario
from shipyard.pricing import Sheet


class PentagonWar:
    name: str = "pentagon-war"
    title: str = "The Pentagon War"

    def catalog(self, root: str | None = None) -> Catalog:
        return load_catalog(self.name, root)

    def price(self, design: Design, catalog: Catalog) -> Sheet:
        return pricing.price(design, catalog)

    def check(self, design: Design, sheet: Sheet, catalog: Catalog,
              scenario: Scenario) -> list[Issue]:
        return legality.check(design, sheet, catalog, scenario)
