"""A priced design as `shipyard cost` prints it: every line with its rule, the summary, issues.

Shared by `cost` and `optimize`, so a design reads the same wherever it is shown.
"""

from __future__ import annotations

from rich.markup import escape
from rich.table import Table

from shipyard.commands.terminal import out
from shipyard.core.issues import Issue
from shipyard.core.neutral import Evaluation
from shipyard.core.sheet import marked, written
from shipyard.services.house import changed_lines, line_sources


def issue_line(issue: Issue) -> str:
    """One issue as a line of markup, coloured by severity."""
    where = f" {escape(issue.path)}:" if issue.path else ""
    colour = "red" if issue.severity == "error" else "yellow"
    return f"  [{colour}]{issue.severity}[/{colour}]{where} {escape(issue.message)}"


def print_sheet(file: str, result: Evaluation, budget: int | None) -> None:
    """The priced lines as a table, the game's summary lines, then every issue."""
    sheet, design = result.sheet, result.design
    title = f"{escape(design.name or '(unnamed)')}  [dim]{escape(file)}[/dim]"
    table = Table(title=title, title_justify="left", show_edge=False, pad_edge=False)
    table.add_column("Item")
    table.add_column("Boxes", justify="right")
    table.add_column("Points", justify="right")
    table.add_column("Source", style="dim")
    for line, source, house in zip(sheet.lines, line_sources(result), changed_lines(result),
                                   strict=True):
        mark = " *" if marked(line) and not house else ""
        table.add_row(escape(line.item), str(line.boxes or ""), written(line.price),
                      escape(source + mark))
    out.print(table)
    for number, words in enumerate(result.ruleset.summary(result, budget)):
        out.print(words, style="bold" if number == 0 else None, markup=False)
    for issue in result.issues:
        out.print(issue_line(issue))
    out.print()
