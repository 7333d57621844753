"""A fleet in the fleet screen's words: its total, its roster rows, its issues panel."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.widgets.option_list import Option

from shipyard.core.issues import Issue
from shipyard.core.visible import visible
from shipyard.services.fleet import RULE as FLEET_RULE
from shipyard.services.fleet import FleetReport
from shipyard.tui.widgets.issues import IssuesPanel


def roster_rows(report: FleetReport) -> list[tuple[str, ...]]:
    """One row per entry: number, design, ships, points each, points, legality, names."""
    rows: list[tuple[str, ...]] = []
    for entry, evaluation in zip(report.fleet.entries, report.evaluations, strict=True):
        each = int(evaluation.sheet.total)
        rows.append((str(entry.index + 1), visible(evaluation.design.name) or "(unnamed)",
                     str(entry.count), str(each), str(each * entry.count),
                     "legal" if evaluation.legal else "ILLEGAL",
                     visible(", ".join(entry.names))))
    return rows


def dearest_entry(report: FleetReport) -> int | None:
    """The entry whose ships cost the most together: where to cut when over budget."""
    costs = [int(e.sheet.total) * entry.count
             for entry, e in zip(report.fleet.entries, report.evaluations, strict=True)]
    return max(range(len(costs)), key=costs.__getitem__) if costs else None


class FleetIssues(IssuesPanel):
    """The fleet's issues: the design panel, worded for a fleet."""

    def text_of(self, issue: Issue) -> Text:
        """The fleet's own issues (its budget) have no rule of the game to name first."""
        if issue.rule != FLEET_RULE:
            return super().text_of(issue)
        error = issue.severity == "error"
        text = Text("✖ " if error else "! ", style="bold red" if error else "bold yellow")
        text.append(issue.message[:1].upper() + issue.message[1:])
        return text

    def show(self, issues: Sequence[Issue], removable: Sequence[str] = ()) -> None:
        super().show(issues, removable)
        if not issues:
            self.clear_options()
            self.add_option(Option(Text("No issues: the fleet is legal.", style="green"),
                                   disabled=True))
            self.border_title = "Issues: none"
