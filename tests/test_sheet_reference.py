"""What the sheets print for play, worked by hand from docs/rules.md (RULES 2.2-2.7).

The SSD's quick reference carries the tables of what the design carries, and
nothing else; every figure comes from the catalog's combat tables, so a house
catalog prints its own. The power form prints what each line costs and the
design's own limits. Lettering: fractions as people write them, names never cut,
nothing under 8 pt.
"""

from __future__ import annotations

import re
import shutil
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shipyard.core.catalog_files import catalog_root
from shipyard.core.document import SsdDocument
from shipyard.core.drawing import (
    SMALLEST,
    Canvas,
    Page,
    Text,
    fitted,
    fraction_text,
    text_width,
    wrap,
)
from shipyard.core.visible import visible
from shipyard.rulesets.pentagon_war.catalog import load_catalog
from shipyard.rulesets.pentagon_war.engine.tables import load_combat
from shipyard.rulesets.pentagon_war.layout import layout
from shipyard.rulesets.pentagon_war.sheet_reference import carried
from shipyard.rulesets.pentagon_war.turn_forms import Forms, power_costs
from shipyard.services.registry import evaluate, read_design
from shipyard.services.samples import resolve


def doc(name: str, catalog: str | None = None) -> SsdDocument:
    evaluation = evaluate(read_design(resolve(f"sample:{name}")), catalog_root=catalog)
    return evaluation.ruleset.document(evaluation)


def rows(pages: list[Page], block: str) -> list[list[str]]:
    """A section's lines of text, left to right, as the text backend would read them."""
    texts = [i for p in pages for i in p.items if isinstance(i, Text) and i.block == block]
    lines: dict[float, list[Text]] = {}
    for text in texts:
        lines.setdefault(round(text.y, 1), []).append(text)
    return [[t.text for t in sorted(line, key=lambda t: t.bounds()[0])]
            for _, line in sorted(lines.items())]


def ssd(name: str, catalog: str | None = None) -> list[Page]:
    return layout([doc(name, catalog)], "a4", ["ssd"], catalog_root=catalog)


def sections(pages: list[Page]) -> set[str]:
    return {i.block.removeprefix("reference ") for p in pages for i in p.items
            if i.block.startswith("reference ")}


# The quick reference -------------------------------------------------------------


def test_the_lancers_fire_by_range_is_the_rules_table() -> None:
    """2.4: URM by range; a cannon hits on 2d6 + size class + URM >= 6, so against size
    class I it needs 5 - URM; proton damage by range."""
    found = rows(ssd("lancer"), "reference range")
    table = {row[0]: row[1:] for row in found if row and row[0] in
             ("Range", "URM", "To hit 6+", "Proton")}
    assert table["Range"] == ["0", "1", "2", "3-4", "5-8", "9-16", "17-24", "25-32", "33-64",
                              "65-128", "129-256", "257+"]
    assert table["URM"] == ["0", "-1", "-2", "-3", "-4", "-5", "-6", "-6", "-7", "-8", "-9",
                            "-9"]
    assert table["To hit 6+"] == ["5+", "6+", "7+", "8+", "9+", "10+", "11+", "11+", "12+",
                                  "-", "-", "-"]
    assert table["Proton"] == ["8", "7", "7", "6", "5", "4", "3", "2", "1", "0", "0", "0"]


def test_point_defense_kill_numbers_are_the_rules_worked_example() -> None:
    """2.5: seven boxes against four drones and a ship need 5, 5, 5, 4, then 3 (and on,
    while boxes are left): the Mercurand has seven."""
    found = rows(ssd("mercurand"), "reference point defense")
    shots = next(row for row in found if row[0] == "Shot")
    kills = next(row for row in found if row[0].startswith("1d6"))
    assert shots[1:] == ["1", "2", "3", "4", "5", "6", "7"]
    assert kills[1:] == ["5", "5", "5", "4", "3", "2", "1"]


@pytest.mark.parametrize(("name", "expected"), [
    ("lancer", {"range", "laser", "point defense", "damage chart"}),
    ("zelta-dee", {"range", "laser", "point defense", "damage chart"}),
    ("sunspear", {"range", "radiation", "point defense", "damage chart"}),
    ("stinger", {"range", "acid gum", "point defense", "damage chart"}),
    ("hammer", {"range", "liquid metal", "magnetic beam", "point defense", "damage chart"}),
    ("mercurand", {"range", "laser", "missiles", "point defense", "damage chart"}),
    ("hive", {"range", "laser", "drones", "point defense", "damage chart"}),
])
def test_the_reference_holds_what_the_design_carries_and_nothing_else(
        name: str, expected: set[str]) -> None:
    assert sections(ssd(name)) == expected


def test_the_hives_drones_bring_their_cannons_into_the_range_table() -> None:
    assert {"laser", "drone:proton_cannon", "drone:electron_cannon"} <= carried(doc("hive"))
    heads = [row[0] for row in rows(ssd("hive"), "reference range")]
    assert "Proton" in heads and "Electron" in heads


def test_the_damage_chart_brackets_what_is_not_aboard() -> None:
    """2.7 and R16: a hit on a system with no box goes to hull; the Lancer has no cargo,
    missiles, gun, drones or repair, and has engines and point defense."""
    cells = [cell for row in rows(ssd("lancer"), "reference damage chart") for cell in row]
    for absent in ("(Cargo)", "(Missile)", "(Gun)", "(Drone)", "(Repair)", "(Aux control)"):
        assert absent in cells
    for aboard in ("Engine", "Point defense", "Laser", "Capacitor", "Radar", "Screen",
                   "Fuel tank", "Forward hull", "Aft hull", "Main control", "Any weapon"):
        assert aboard in cells


def test_a_house_catalogs_tables_are_printed(tmp_path: Path) -> None:
    """The same sheet with a house combat.toml: its URM and proton damage, not ours."""
    folder = tmp_path / "house"
    shutil.copytree(catalog_root() / "pentagon-war", folder)
    combat = folder / "combat.toml"
    text = combat.read_text().replace("steps = [[0, 8], [2, 7]", "steps = [[0, 9], [2, 7]")
    combat.write_text(text.replace("[1, -1], [2, -2]", "[1, -2], [2, -2]"))
    found = {row[0]: row[1:] for row in rows(ssd("lancer", str(folder)), "reference range")}
    assert found["URM"][:3] == ["0", "-2", "-2"] and found["Proton"][0] == "9"
    assert found["To hit 6+"][1] == "7+"


def test_the_size_class_modifier_is_among_the_derived_figures() -> None:
    found = [row for row in rows(ssd("sunspear"), "figures") if row]
    assert ["Size class modifier (shots at it)", "+2"] in found  # size class II


# The power form ------------------------------------------------------------------


def costs(name: str) -> list[str]:
    return power_costs(Forms(doc(name), load_combat(), load_catalog()))


def test_the_power_form_prints_each_lines_cost_and_the_designs_limits() -> None:
    """2.2: laser 1, proton cannon 2, electron cannon 1, +1 screen 3 (at most doubling
    the screens), ECM and ECCM 1 a point up to the radar rating; the Lancer has 6
    capacitors, radar 4, 3 screens, lasers and proton cannons, no beams or missiles."""
    assert costs("lancer") == [
        "at most 6", "not fitted", "1 per point, up to 4", "1 per point, up to 4",
        "no beams", "no beams", "no missiles", "3 per +1, up to +3", "1 per laser",
        "2 per cannon", "no electron cannons", "1 per charged capacitor hit",
        "at most line 1"]


def test_invisibility_and_special_electronics() -> None:
    """2.2: radar invisibility costs 5 a size class (the Shade is class I); special
    electronics allow ECM up to twice the radar rating (its track is 3, 3, 1)."""
    shade = costs("shade")
    assert shade[1] == "5 (5 x size I)"
    assert shade[2] == shade[3] == "1 per point, up to 6"


def test_beams_and_missiles() -> None:
    assert costs("hammer")[4:6] == ["1 per beam", "1 per beam"]
    assert costs("mercurand")[6] == "1 per missile"


def test_the_power_form_shades_the_lines_a_design_cannot_use() -> None:
    pages = layout([doc("lancer")], "a4", ["power"])
    shades = [i for p in pages for i in p.items if getattr(i, "kind", "") == "shade"]
    assert len(shades) == len([c for c in costs("lancer") if c.startswith(("no ", "not "))])


# Lettering -----------------------------------------------------------------------


@pytest.mark.parametrize(("value", "text"), [
    (Fraction(55, 2), "27 1/2"), (Fraction(-1, 4), "-1/4"), (3, "3"), ("179/150", "1 29/150"),
    (16.5, "16 1/2"), (Fraction(1, 10), "1/10"), (Fraction(-7, 3), "-2 1/3"), (0, "0"),
])
def test_fractions_are_written_as_people_write_them(value: object, text: str) -> None:
    assert fraction_text(value) == text  # type: ignore[arg-type]


@given(st.text(min_size=1, max_size=120), st.floats(20, 120))
def test_wrapping_never_loses_a_character(text: str, width: float) -> None:
    lines = wrap(text, SMALLEST, width)
    assert "".join("".join(lines).split()) == "".join(visible(text).split())
    assert all(text_width(line, SMALLEST) <= width or len(line) == 1 for line in lines)


def test_a_long_name_shrinks_then_wraps() -> None:
    name = "The Queen's Own Extremely Distant Early Warning Picket of the Outer Marches"
    size, lines = fitted(name, 16, 90, bold=True, smallest=11, lines=2)
    assert 11 <= size < 16 and len(lines) == 2 and " ".join(lines) == name
    size, lines = fitted(" ".join([name] * 3), 16, 90, bold=True, smallest=11, lines=2)
    assert size == 11 and " ".join(lines) == " ".join([name] * 3) and len(lines) > 2


def test_no_text_is_drawn_below_the_smallest_size() -> None:
    canvas = Canvas("x", False, "ssd", "T", (210.0, 297.0))
    with pytest.raises(ValueError, match="below the smallest size"):
        canvas.text(10, 10, "tiny", SMALLEST - 0.5)


def test_a_ship_named_at_length_is_named_whole_on_its_ssd() -> None:
    long = "Her Majesty's Remarkably Long-Named Escort " * 3
    evaluation = evaluate(read_design(resolve("sample:lancer")))
    named = evaluation.ruleset.document(evaluation).model_copy(update={"name": long})
    for paper in ("a4", "letter"):
        pages = layout([named], paper)
        title = " ".join(t for row in rows(pages[:1], "title") for t in row)
        assert re.sub(r"\s+", " ", long).strip() in title
        texts = [i for p in pages for i in p.items if isinstance(i, Text)]
        assert not any(t.text.endswith("...") for t in texts)
