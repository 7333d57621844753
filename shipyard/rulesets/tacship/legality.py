"""Is a Tacship fighter legal? Every error and warning of rules 4, as data.

`check` returns `Issue`s and never raises on a shape-checked design, whatever
values it holds: that is why the design model keeps bad values instead of
refusing them. Each issue names the field at fault and the rule.

Decisions taken here (rules 4 does not spell them out):
- survivability, a laser factor and the crew are not counts: a fractional one
  is `non-integer-count`, a whole one out of range has its own code;
- a turret on a one-man fighter is flagged only when the crew is itself an
  allowed value, so that a crew of 3 gives one error, not two;
- the start box of a hit is the location roll plus survivability, capped at
  the top box, and damage only slides down the track. The highest start box
  is therefore the die's top (20) plus survivability: any box above it can
  never be crossed off, so a fighter with more boxes than that gets a warning
  (`unreachable-boxes`) for points that buy nothing.
"""

from __future__ import annotations

from shipyard.core.issues import Issue
from shipyard.rulesets.tacship.catalog import TacshipCatalog
from shipyard.rulesets.tacship.design import TacshipDesign
from shipyard.rulesets.tacship.pricing import TacshipSheet, whole

RULE = "4"


def _error(code: str, message: str, path: str, rule: str = RULE) -> Issue:
    return Issue(code, "error", f"{message} ({rule})", path, rule)


def _warning(code: str, message: str, path: str, rule: str = RULE) -> Issue:
    return Issue(code, "warning", f"{message} ({rule})", path, rule)


def _whole_issue(value: int | float, path: str) -> Issue | None:
    if isinstance(value, float):
        return _error("non-integer-count", f"{value} is not a whole number", path)
    return None


def _count_issue(value: int | float, path: str) -> Issue | None:
    """rules 4: every count is a whole number of zero or more."""
    issue = _whole_issue(value, path)
    if issue is None and value < 0:
        issue = _error("negative-count", f"count {value} is below zero", path)
    return issue


def _counts(design: TacshipDesign) -> list[Issue]:
    fields: list[tuple[int | float, str]] = [
        (design.damage_boxes, "damage_boxes"),
        (design.thrust, "thrust"),
        (design.hardpoints, "hardpoints"),
    ]
    fields += [(laser.count, f"fixed_lasers[{i}].count")
               for i, laser in enumerate(design.fixed_lasers)]
    fields += [(mount.count, f"turret_lasers[{i}].count")
               for i, mount in enumerate(design.turret_lasers)]
    fields += [(count, f"ordnance.{kind}") for kind, count in design.ordnance.items()]
    return [issue for value, path in fields if (issue := _count_issue(value, path))]


def _span(design: TacshipDesign, catalog: TacshipCatalog) -> list[Issue]:
    """Survivability, laser factors and crew: whole numbers within their limits."""
    build = catalog.construction
    found: list[Issue] = []
    low, high = build.survivability.lowest, build.survivability.highest
    issue = _whole_issue(design.survivability, "survivability")
    if issue:
        found.append(issue)
    elif not low <= design.survivability <= high:
        found.append(_error("survivability-range", f"survivability {design.survivability} is "
                            f"outside +{low} to +{high}", "survivability",
                            build.survivability.rule))
    factors = [(laser.factor, f"fixed_lasers[{i}].factor")
               for i, laser in enumerate(design.fixed_lasers)]
    factors += [(mount.factor, f"turret_lasers[{i}].factor")
                for i, mount in enumerate(design.turret_lasers)]
    low, high = build.laser_factor.lowest, build.laser_factor.highest
    for factor, path in factors:
        issue = _whole_issue(factor, path)
        if issue:
            found.append(issue)
        elif not low <= factor <= high:
            found.append(_error("laser-factor", f"Laser-{factor} does not exist; lasers are "
                                f"Laser-{low} to Laser-{high}", path, build.laser_factor.rule))
    issue = _whole_issue(design.crew, "crew")
    if issue:
        found.append(issue)
    elif design.crew not in build.crew.allowed:
        allowed = " or ".join(str(n) for n in build.crew.allowed)
        found.append(_error("crew", f"a fighter has a crew of {allowed}, not {design.crew}",
                            "crew", build.crew.rule))
    return found


def _turrets(design: TacshipDesign, catalog: TacshipCatalog) -> list[Issue]:
    turret = catalog.construction.turret
    allowed = catalog.construction.crew.allowed
    found: list[Issue] = []
    # rules 4: turrets are for two-man fighters and cover the fore or the aft arc
    one_man = design.crew in allowed and design.crew != turret.crew
    for i, mount in enumerate(design.turret_lasers):
        if one_man:
            found.append(_error("turret-crew", f"turret lasers need a crew of {turret.crew}; "
                                f"this fighter has {design.crew}", f"turret_lasers[{i}]",
                                turret.rule))
        if mount.arc not in turret.arcs:
            arcs = " or ".join(turret.arcs)
            what = f"arc {mount.arc!r}" if mount.arc else "no arc"
            found.append(_error("turret-arc", f"a turret covers {arcs}, not {what}",
                                f"turret_lasers[{i}].arc", turret.rule))
    return found


def _load(design: TacshipDesign, sheet: TacshipSheet, catalog: TacshipCatalog) -> list[Issue]:
    rule = catalog.construction.ordnance
    found = [
        _error("unknown-ordnance", f"'{kind}' is not ordnance; a hardpoint carries "
               f"{', '.join(rule.kinds)}", f"ordnance.{kind}", rule.rule)
        for kind, _count in design.ordnance.items() if kind not in rule.kinds
    ]
    # rules 4: each hardpoint carries one missile, mine or decoy (a house catalog may say more)
    capacity = sheet.hardpoints * rule.per_hardpoint
    if sheet.ordnance_load > capacity:
        each = "one item" if rule.per_hardpoint == 1 else f"{rule.per_hardpoint} items"
        found.append(_error("ordnance-overload", f"{sheet.ordnance_load} items of ordnance on "
                            f"{sheet.hardpoints} hardpoint(s): {each} per hardpoint",
                            "ordnance", rule.rule))
    return found


def _craft(design: TacshipDesign, sheet: TacshipSheet, catalog: TacshipCatalog,
           budget: int | None) -> list[Issue]:
    found: list[Issue] = []
    entry = catalog.construction.budget
    # rules 4: a fighter is built with 30 points unless the scenario says otherwise
    limit = entry.points if budget is None else budget
    if sheet.total > limit:
        found.append(_error("over-budget", f"{sheet.total} points is over the budget of {limit}",
                            "", entry.rule))
    if design.damage_boxes == 0:
        found.append(_error("no-damage-boxes", "a fighter needs at least one damage box",
                            "damage_boxes", catalog.prices.damage_box.rule))
    return found


def _warnings(design: TacshipDesign, sheet: TacshipSheet,
              catalog: TacshipCatalog) -> list[Issue]:
    build = catalog.construction
    found: list[Issue] = []
    # rules 4: lasers, missiles and mines do damage; a decoy only lures missiles away
    armed = whole(design.ordnance.missile) + whole(design.ordnance.mine)
    if not sheet.laser_factors and not armed:
        found.append(_warning("no-weapons", "no lasers, missiles or mines: this fighter cannot "
                              "do damage", ""))
    reach = build.damage_track.top + sheet.survivability
    if sheet.damage_boxes > reach:
        found.append(_warning(
            "unreachable-boxes", f"boxes above {reach} can never be hit (a hit starts at most "
            f"at {build.damage_track.top} + survivability {sheet.survivability} and only slides "
            f"down): {sheet.damage_boxes - reach} point(s) buy nothing", "damage_boxes",
            build.damage_track.rule))
    capacity = sheet.hardpoints * build.ordnance.per_hardpoint
    places = ("hardpoint(s)" if build.ordnance.per_hardpoint == 1
              else f"places on {sheet.hardpoints} hardpoint(s)")
    empty = capacity - sheet.ordnance_load
    if empty > 0:
        found.append(_warning("empty-hardpoints", f"{empty} of {capacity} {places} carry "
                              "nothing this mission", "hardpoints", build.ordnance.rule))
    # rules 4: thrust is spent both on speed changes and on turns
    if design.thrust == 0:
        found.append(_warning("no-thrust", "no thrust: this fighter can neither change speed "
                              "nor turn", "thrust", catalog.prices.thrust.rule))
    return found


def check(design: TacshipDesign, sheet: TacshipSheet, catalog: TacshipCatalog,
          budget: int | None = None) -> list[Issue]:
    """Every error and warning of rules 4; `budget` overrides the catalog's 30 points."""
    return [
        *_counts(design),
        *_span(design, catalog),
        *_turrets(design, catalog),
        *_load(design, sheet, catalog),
        *_craft(design, sheet, catalog, budget),
        *_warnings(design, sheet, catalog),
    ]
