"""The audit's table in the terminal, as Markdown and as CSV, from `shipyard.audit/1` data."""

from __future__ import annotations

import csv
import io
from typing import Any

from rich.markup import escape
from rich.table import Table

OFF_SHOWN = 2  # contexts named in the table's last column; the rest counted

HEADERS = ("System", "Price", "Worth/pt", "Index (95%)", "Suggested", "Flag", "Contexts off")
BY_KIND = "Index: duels / battles"  # a column of its own where both kinds were fought


def _n(value: float | None, places: int = 2) -> str:
    """A figure to `places` decimals; one that rounds to zero is written 0, never -0."""
    return "-" if value is None else f"{round(value, places) + 0.0:.{places}f}"


def _interval(data: dict[str, Any] | None, places: int = 2) -> str:
    """`value low..high`, as the tournament table writes a rate and its interval."""
    if data is None or data.get("value") is None:
        return "-"
    return (f"{_n(data['value'], places)} {_n(data.get('low'), places)}.."
            f"{_n(data.get('high'), places)}")


def _price(value: Any) -> str:
    number = float(value)
    return f"{number:g}"


def _suggested(system: dict[str, Any]) -> str:
    return _interval(system.get("suggested_price"), 1)


def _flag(system: dict[str, Any]) -> str:
    return {"under": "under", "over": "over"}.get(system["flag"], "")


def _off(system: dict[str, Any], named: bool) -> str:
    """How many contexts find the system off, each way; with `named`, the first few."""
    off = system["contexts_off"]
    under = sum(1 for o in off if o["way"] == "under")
    found = f"{len(off)}/{system['contexts']}"
    ways = [f"{n} {way}" for n, way in ((under, "under"), (len(off) - under, "over")) if n]
    if ways:
        found += f" ({', '.join(ways)})"
    if named and off:
        shown = ", ".join(f"{o['context']} ({o['way']})" for o in off[:OFF_SHOWN])
        more = f" +{len(off) - OFF_SHOWN} more" if len(off) > OFF_SHOWN else ""
        found += f": {shown}{more}"
    return found


def both_kinds(data: dict[str, Any]) -> bool:
    """Duel and battle contexts were both fought: the table shows each kind's index."""
    return any(s.get("by_kind") for s in data["systems"])


def _by_kind(system: dict[str, Any]) -> str:
    """Each kind's own index, duels then battles ("-" where not bought there)."""
    def value(kind: str) -> str:
        found = (system.get("by_kind") or {}).get(kind) or {}
        index = found.get("index") or {}
        return _n(index.get("value")) if index.get("value") is not None else "-"
    return f"{value('duels')} / {value('battles')}"


def headers(data: dict[str, Any]) -> tuple[str, ...]:
    if not both_kinds(data):
        return HEADERS
    return (*HEADERS[:4], BY_KIND, *HEADERS[4:])


def cells(system: dict[str, Any], named: bool = False, kinds: bool = False) -> tuple[str, ...]:
    found = (str(system["label"]), _price(system["price"]),
             _interval(system.get("worth_per_point"), 4), _interval(system.get("index")),
             _suggested(system), _flag(system), _off(system, named))
    return (*found[:4], _by_kind(system), *found[4:]) if kinds else found


def heading(data: dict[str, Any], title: str) -> str:
    informative = sum(1 for c in data["contexts"] if c["informative"])
    battles = sum(1 for c in data["contexts"] if c.get("kind") == "battles")
    duels = len(data["contexts"]) - battles
    kinds = f"; {duels} duel, {battles} battle" if battles else ""
    fought = []
    if data["duels"] or not battles:
        fought.append(f"{data['duels']:,} duels ({data['runs']} per opponent, context and "
                      f"variant)")
    if battles:
        fought.append(f"{data['battles']:,} battles ({data['battle_runs']} per opponent "
                      f"fleet, context and variant)")
    return (f"{title}: {len(data['systems'])} systems, {len(data['contexts'])} contexts "
            f"({informative} informative{kinds}), {', '.join(fought)}, seed {data['seed']}")


def table(data: dict[str, Any], title: str) -> Table:
    found = Table(title=escape(heading(data, title)), title_justify="left", show_edge=False,
                  pad_edge=False)
    kinds = both_kinds(data)
    for header in headers(data):
        left = header in ("System", "Flag", "Contexts off")
        found.add_column(header, justify="left" if left else "right", no_wrap=not left)
    for system in data["systems"]:
        found.add_row(*(escape(cell) for cell in cells(system, kinds=kinds)),
                      style="bold" if system["flag"] else None)
    return found


def markdown(data: dict[str, Any], title: str) -> str:
    def clean(text: str) -> str:
        return text.replace("|", "\\|")
    kinds = both_kinds(data)
    shown = headers(data)
    lines = [heading(data, title), "", "| " + " | ".join(shown) + " |",
             "|" + "|".join(["---", *["---:"] * (len(shown) - 3), "---", "---"]) + "|"]
    lines += ["| " + " | ".join(clean(c) for c in cells(s, True, kinds)) + " |"
              for s in data["systems"]]
    return "\n".join(lines) + "\n"


def csv_text(data: dict[str, Any]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["key", "label", "row", "price", "worth", "worth_low", "worth_high",
                     "index", "index_low", "index_high", "suggested", "suggested_low",
                     "suggested_high", "flag", "contexts", "contexts_off",
                     "duels_index", "duels_index_low", "duels_index_high",
                     "battles_index", "battles_index_low", "battles_index_high"])
    for s in data["systems"]:
        figures: list[Any] = []
        for name in ("worth_per_point", "index", "suggested_price"):
            found = s.get(name) or {}
            figures += [found.get("value"), found.get("low"), found.get("high")]
        kinds: list[Any] = []
        for kind in ("duels", "battles"):
            index = ((s.get("by_kind") or {}).get(kind) or {}).get("index") or {}
            kinds += [index.get("value"), index.get("low"), index.get("high")]
        writer.writerow([s["key"], s["label"], s["row"], s["price"],
                         *("" if f is None else f"{f:.6f}" for f in figures), s["flag"],
                         s["contexts"], len(s["contexts_off"]),
                         *("" if f is None else f"{f:.6f}" for f in kinds)])
    return buffer.getvalue()
