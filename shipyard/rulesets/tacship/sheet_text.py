"""A priced fighter in words: the crew figure, the CLI summary, the designer's rows."""

from __future__ import annotations

from shipyard.core.protocol import Figure
from shipyard.rulesets.tacship.design import TacshipDesign
from shipyard.rulesets.tacship.form import CREW_WORDS
from shipyard.rulesets.tacship.pricing import TacshipEvaluation, TacshipSheet


def crew_figure(sheet: TacshipSheet) -> Figure:
    """The fighter's crew, the figure players quote beside the points."""
    # The crew as priced (illegal crews included: a crew of 3 is a "3-man fighter").
    crew = CREW_WORDS.get(sheet.crew, f"{sheet.crew}-man" if sheet.crew > 0 else "crewless")
    return Figure("crew", f"{crew} fighter", sheet.crew)


def _many(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


def _load(design: TacshipDesign) -> str:
    """The ordnance carried, in words: "2 missiles, 1 decoy"."""
    return ", ".join(_many(count, kind) if isinstance(count, int) else f"{count} {kind}"
                     for kind, count in design.ordnance.items() if count)


def summary_lines(evaluation: TacshipEvaluation, budget: int | None) -> list[str]:
    """The lines printed under a priced fighter's table."""
    sheet, catalog = evaluation.sheet, evaluation.catalog
    limit = budget if budget is not None else catalog.construction.budget.points
    load = _load(evaluation.design) or "none"
    return [
        f"Total {sheet.total} of {limit} points  {crew_figure(sheet).label}",
        f"Damage boxes {sheet.damage_boxes}  survivability +{sheet.survivability}  "
        f"thrust {sheet.thrust}",
        f"Lasers {_many(sheet.laser_factors, 'factor')} ({_many(sheet.guns, 'gun')})  "
        f"hardpoints {sheet.hardpoints} (load: {load})",
    ]


def panel_rows(evaluation: TacshipEvaluation) -> list[tuple[str, str]]:
    """The designer sheet's figure rows."""
    sheet = evaluation.sheet
    load = _load(evaluation.design) or "nothing"
    guns = _many(sheet.guns, "gun")
    # The points against the budget are the bar's, above these rows: the budget in use
    # may be a house one (--budget), which these rows cannot know.
    return [
        ("Fighter", crew_figure(sheet).label),
        ("Damage", f"{sheet.damage_boxes} boxes · survivability +{sheet.survivability}"),
        ("Thrust", str(sheet.thrust)),
        ("Lasers", f"{sheet.fixed_laser_factors} fixed + {sheet.turret_laser_factors} "
                   f"turret factors · {guns}"),
        ("Hardpoints", f"{sheet.hardpoints} · load {load}"),
    ]
