"""`shipyard catalog`, `shipyard schema` and `shipyard samples`: what a game offers.

The price list and rulings of a catalog, the JSON Schema of each file format,
and the bundled sample designs, each with where its figures come from.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.table import Table

from shipyard.commands.inputs import (
    CatalogNotes,
    catalog_data,
    catalog_line,
    catalog_ruleset,
    house_data,
)
from shipyard.commands.options import CatalogOpt, JsonOpt
from shipyard.commands.terminal import fail, guarded, out
from shipyard.core.document import ssd_schema
from shipyard.core.neutral import Evaluation
from shipyard.core.sheet import HOUSE_RULES, is_marked, provenance
from shipyard.services.battle_schema import battle_result_schema
from shipyard.services.fleet import fleet_schema, judge, read_fleet
from shipyard.services.handicap_schema import handicap_result_schema
from shipyard.services.house import changed_rows
from shipyard.services.registry import default_ruleset, evaluate, read_design, ruleset_option
from shipyard.services.samples import (
    sample_fleet_name,
    sample_fleet_paths,
    sample_name,
    sample_paths,
)


def catalog_command(as_json: JsonOpt = False, catalog: CatalogOpt = None,
                 ruleset: Annotated[str | None, typer.Option(
                     metavar="NAME", show_default=False,
                     help="Ruleset name (default: the default game).")] = None,
                 ) -> None:
    """Print the price list and tables, each with its provenance."""
    # A catalog folder says its own game; --ruleset picks among the bundled ones.
    name = ruleset if ruleset is not None or catalog is None else catalog_ruleset(catalog)
    chosen = guarded(lambda: ruleset_option(name) if name is not None
                     else default_ruleset())
    loaded = guarded(lambda: chosen.catalog(str(catalog) if catalog else None))
    rows = chosen.price_rows(loaded)
    house = house_data(chosen, loaded)
    if as_json:
        rulings = {k: v.model_dump() for k, v in loaded.rulings.items()}
        print(json.dumps({"ruleset": loaded.manifest.ruleset, "version": loaded.manifest.version,
                          "digest": loaded.digest, "entries": rows, "rulings": rulings,
                          **({"catalog": house} if house is not None else {})}, indent=2))
        return
    if house is not None:
        out.print(catalog_line(house), markup=False)
    table = Table(title=escape(f"{loaded.manifest.title} catalog {loaded.manifest.version}"),
                  title_justify="left", show_edge=False, pad_edge=False)
    table.add_column("Item")
    table.add_column("Key", no_wrap=True)  # what a design file writes: never cut short
    table.add_column("Figures")
    table.add_column("Source", no_wrap=True)
    changed = changed_rows(chosen, loaded)
    for row in rows:
        ours = (row.get("section", ""), row["key"]) in changed  # a figure the house changed
        source = HOUSE_RULES if ours else provenance(row["source"], row["rule"])
        mark = " *" if is_marked(row["source"], row["rule"]) and not ours else ""
        table.add_row(escape(row["label"]), escape(row.get("file", "")),
                      escape(chosen.row_figures(row)), escape(source + mark))
    out.print(table)
    out.print()  # a blank line: a "\n" inside the text would show as an escape
    out.print("[bold]Rulings[/bold]")
    for key, ruling in loaded.rulings.items():
        out.print(f"[bold]{escape(key)}[/bold] {escape(ruling.title)}: {escape(ruling.text)}")


KindArg = Annotated[str, typer.Argument(metavar="KIND",
                                        help="Which schema: design, ssd, fleet, battle-result "
                                             "(what shipyard battle --json prints) or "
                                             "handicap-result (shipyard handicap --json).")]
RulesetOpt = Annotated[str | None, typer.Option(
    "--ruleset", metavar="NAME", show_default=False,
    help="The game whose design file to describe (default: the default game; "
         "shipyard rulesets lists them).")]


def schema_command(kind: KindArg = "design", ruleset: RulesetOpt = None) -> None:
    """Print the JSON Schema of a file format."""
    game = guarded(lambda: default_ruleset() if ruleset is None
                   else ruleset_option(ruleset))
    schemas = {"design": game.schema, "ssd": ssd_schema, "fleet": fleet_schema,
               "battle-result": battle_result_schema,
               "handicap-result": handicap_result_schema}
    if kind not in schemas:
        fail(f"schema: unknown kind {kind!r} (known: {', '.join(schemas)})")
    print(json.dumps(schemas[kind](), indent=2))


def samples_command(as_json: JsonOpt = False, catalog: CatalogOpt = None) -> None:
    """List the bundled sample designs and fleets (use them as sample:NAME and
    sample-fleet:NAME)."""
    house = catalog_ruleset(catalog) if catalog is not None else None
    rows: list[dict[str, Any]] = []
    sizes: list[str] = []
    notes = CatalogNotes()
    lines: list[str] = []
    for path in sample_paths():
        def one(path: Path = path) -> Evaluation:
            design = read_design(path)
            # A house catalog prices the samples of its own game; the others keep theirs.
            root = str(catalog) if catalog is not None and house in (None, design.ruleset) \
                else None
            return evaluate(design, catalog_root=root, file=str(path))
        result = guarded(one)
        size = result.ruleset.class_of(result.sheet)
        row: dict[str, Any] = {"name": sample_name(path), "ruleset": result.ruleset.name,
                               "design": result.design.name, "total": result.sheet.total,
                               size.key: size.value, "legal": result.legal, "file": str(path)}
        data = catalog_data(result)
        if data is not None:
            row["catalog"] = data
        note = notes.line(result)
        if note is not None:
            lines.append(note)
        rows.append(row)
        sizes.append(size.label)
    if as_json:
        print(json.dumps(rows, indent=2))
        return
    for note in lines:
        out.print(note, markup=False)
    table = Table(show_edge=False, pad_edge=False)
    for column in ("Sample", "Design", "Points", "Size"):
        table.add_column(column)
    for row, label in zip(rows, sizes, strict=True):
        table.add_row(escape(f"sample:{row['name']}"), escape(row["design"]), str(row["total"]),
                      escape(label))
    out.print(table)
    _print_fleets()


def _print_fleets() -> None:
    """The bundled fleets, usable as sample-fleet:NAME (the text listing only: the JSON
    listing stays a list of designs)."""
    table = Table(title="Sample fleets (use as sample-fleet:NAME)", title_justify="left",
                  show_edge=False, pad_edge=False)
    paths = sample_fleet_paths()
    widest = max((len(f"sample-fleet:{sample_fleet_name(p)}") for p in paths), default=0)
    table.add_column("Sample fleet", no_wrap=True, min_width=widest)  # typed as it is shown
    for column in ("Fleet", "Game", "Ships", "Points"):
        table.add_column(column, justify="right" if column in ("Ships", "Points") else "left")
    for path in paths:
        report = guarded(lambda path=path: judge(read_fleet(path)))  # type: ignore[misc]
        points = (str(report.total) if report.budget is None
                  else f"{report.total} of {report.budget}")
        table.add_row(escape(f"sample-fleet:{sample_fleet_name(path)}"),
                      escape(report.fleet.name), escape(report.fleet.ruleset.title),
                      str(len(report.ships)), points)
    out.print()
    out.print(table)
