"""What one edit does to a fighter's price: the designer's hint (rules 4)."""

from __future__ import annotations

from fractions import Fraction

from shipyard.core.errors import DesignReadError
from shipyard.core.protocol import Change, Margin
from shipyard.rulesets.tacship import legality, pricing
from shipyard.rulesets.tacship.catalog import TacshipCatalog
from shipyard.rulesets.tacship.design import TacshipDesign, parse_tacship_design


def _new_errors(design: TacshipDesign, sheet: pricing.TacshipSheet, edited: TacshipDesign,
                edited_sheet: pricing.TacshipSheet, catalog: TacshipCatalog) -> list[str]:
    """The rule errors an edit would bring (the budget has its own note), in short words."""
    known = {(i.code, i.path) for i in legality.check(design, sheet, catalog)}
    return [f"{issue.message.removesuffix(f' ({issue.rule})')} (rules {issue.rule})"
            for issue in legality.check(edited, edited_sheet, catalog)
            if issue.severity == "error" and issue.code != "over-budget"
            and (issue.code, issue.path) not in known]


def what_if(design: TacshipDesign, change: Change, catalog: TacshipCatalog,
            before: pricing.TacshipSheet | None = None) -> Margin | None:
    """The margin of `change` on `design`; None when the edit would not make a design."""
    data = design.to_data()
    change(data)
    try:
        edited = parse_tacship_design(data)
    except DesignReadError:
        return None
    old = before or pricing.price(design, catalog)
    new = pricing.price(edited, catalog)
    notes = []
    limit = catalog.construction.budget.points
    if old.total <= limit < new.total:
        notes.append(f"over the {limit}-point budget (rules 4)")
    notes += _new_errors(design, old, edited, new, catalog)
    return Margin(Fraction(new.total - old.total), new.total - old.total, tuple(notes))
