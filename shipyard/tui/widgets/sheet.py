"""The live sheet: total against the budget, the figures of 1.4, and every priced line.

Redrawn from the evaluation after every edit; it computes nothing itself
beyond the layout, so it always shows exactly what the rules core priced.
"""

from __future__ import annotations

from fractions import Fraction

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from shipyard.catalog import Catalog
from shipyard.margin import boxes_to_next_class
from shipyard.pricing import Sheet
from shipyard.report import marked, roman
from shipyard.rulesets import Evaluation

BAR_WIDTH = 26


def points(value: Fraction) -> str:
    """A price as players write it: whole, or an exact fraction."""
    return str(int(value)) if value.denominator == 1 else str(value)


def budget_bar(total: int, budget: int | None) -> Text:
    """A bar of the budget used; red once the design is over it."""
    if budget is None:
        return Text("no budget set (Ctrl+B sets one)", style="dim")
    over = total > budget
    share = 1.0 if budget <= 0 else min(1.0, total / budget)
    filled = round(share * BAR_WIDTH)
    style = "bold red" if over else "bold green"
    bar = Text("█" * filled, style=style)
    bar.append("░" * (BAR_WIDTH - filled), style="dim")
    left = budget - total
    bar.append(f" {total} / {budget}  ", style=style)
    bar.append(f"over by {-left}" if over else f"{left} left", style=style)
    return bar


def figures(sheet: Sheet, catalog: Catalog) -> Table:
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style="bold")
    grid.add_column()
    size = f"{roman(sheet.size_class)}"
    to_next = boxes_to_next_class(sheet, catalog)
    grid.add_row("Size class", f"{size}  ({to_next} more non-radar box"
                               f"{'es' if to_next != 1 else ''} to {roman(sheet.size_class + 1)})")
    grid.add_row("Mass", f"{sheet.mass_points} points, class {sheet.mass_class} "
                         f"(exact {sheet.mass_class_exact})")
    grid.add_row("Hull", f"{sheet.hull_boxes}  ({sheet.free_hull} free; "
                         f"{sheet.hull_forward} fwd, {sheet.hull_aft} aft)")
    grid.add_row("Final damage", f"{sheet.final_damage_boxes}  ({sheet.free_final_damage} free)")
    track = "-".join(str(n) for n in sheet.radar_track)
    grid.add_row("Radar rating", f"{sheet.radar_rating}  (track {track})")
    grid.add_row("Boxes", f"{sheet.boxes}  ({sheet.non_radar_boxes} non-radar)")
    if sheet.engines_for_standard:
        grid.add_row("Engines", f"{sheet.engines_for_standard} for standard acceleration")
    return grid


def breakdown(sheet: Sheet) -> Table:
    table = Table(show_edge=False, pad_edge=False, expand=True, box=None)
    table.add_column("Item", ratio=1, no_wrap=True, overflow="ellipsis")
    table.add_column("Boxes", justify="right")
    table.add_column("Points", justify="right")
    table.add_column("Rule", style="dim")
    for line in sheet.lines:
        mark = "*" if marked(line) else ""
        table.add_row(line.item, str(line.boxes or ""), points(line.price),
                      f"{line.rule}{mark}")
    return table


def sheet_view(evaluation: Evaluation, budget: int | None) -> RenderableType:
    sheet, design = evaluation.sheet, evaluation.design
    crew = "manned" if design.manned else "unmanned"
    kind = "base" if sheet.is_base else "spacecraft"
    title = Text(design.name or "(unnamed)", style="bold")
    title.append(f"   {crew} {kind}", style="italic")
    total = Text(f"Total {sheet.total} points", style="bold")
    if sheet.exact_total.denominator != 1:
        total.append(f"  (exact {sheet.exact_total}, rounded down: R2)", style="dim")
    errors = sum(1 for i in evaluation.issues if i.severity == "error")
    state = Text("LEGAL" if not errors else f"DRAFT: {errors} error{'s' if errors > 1 else ''}",
                 style="bold green" if not errors else "bold red")
    return Group(title, total, budget_bar(sheet.total, budget), state, Text(),
                 figures(sheet, evaluation.catalog), Text(), breakdown(sheet),
                 Text("* rests on a ruling or a reconstructed table (see the catalog, F3)",
                      style="dim italic"))


class SheetPanel(Static):
    """The always-visible sheet of the design being edited."""

    shown: RenderableType = ""

    def show(self, evaluation: Evaluation, budget: int | None) -> None:
        self.shown = sheet_view(evaluation, budget)
        self.update(self.shown)
