"""The hint line tells the truth: the key it names does exactly what it promises.

Over every field of every bundled sample of both games (a field with a cursor on
one arc, side or box of it, a different one from sample to sample), the hint is
read as the player reads it ("+ one more capacitor: +7 points (total 134)"), the
key it names is pressed through the designer's own key path, and the design's
exact total must move by the hint's figure and its total land on the hint's
"total"; a hint that says "nothing changes" must leave the design as it was.
Each press is then undone.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import pytest
from textual import events
from textual.pilot import Pilot

from shipyard.services.registry import read_design, rulesets
from shipyard.services.samples import sample_name
from shipyard.tui.app import ShipyardApp
from shipyard.tui.keys import NAMES
from shipyard.tui.widgets.arcs import ArcSetPicker
from shipyard.tui.widgets.armor import HexagonSides
from shipyard.tui.widgets.fields import Field
from shipyard.tui.widgets.radar import NumberedTrack
from tests.monkey import cheap_engines, handled
from tests.tui_flows import designer, drive

FIGURE = re.compile(r": ([+-])([0-9./]+) points? \(total (-?\d+)\)")
KEYS = {shown: key for key, shown in NAMES.items()}
CHARACTERS = {"plus": "+", "space": " ", "enter": "\r"}


@dataclass(frozen=True)
class Spot:
    """A field of the editor, and where its cursor stands (an arc, a side, a box)."""

    path: str
    kind: type[Field]
    cursor: int


def spots(app: ShipyardApp, sample: str) -> list[Spot]:
    """Every field of the editor; a field with a cursor (arcs, sides, boxes) at one place
    of it, chosen by the sample and the field (seeded: the same every run)."""
    found = []
    for field in app.designer.editor.fields():
        places = 1
        if isinstance(field, ArcSetPicker):
            places = len(field.order)
        elif isinstance(field, HexagonSides):
            places = len(field.sides)
        elif isinstance(field, NumberedTrack):
            places = len(field.track) + 1  # the free box too
        cursor = random.Random(f"{sample}/{field.path}").randrange(places)
        found.append(Spot(field.path, type(field), cursor))
    return found


def field_at(app: ShipyardApp, spot: Spot) -> Field:
    field = next(f for f in app.designer.editor.fields()
                 if f.path == spot.path and type(f) is spot.kind)
    if spot.cursor:
        field.cursor = spot.cursor  # type: ignore[attr-defined]
    return field


async def check(app: ShipyardApp, spot: Spot, sample: str) -> None:
    designer = app.designer
    field = field_at(app, spot)
    designer.set_focus(field, scroll_visible=False)
    designer.field_focused(field)
    hint = designer.hint.plain
    key_shown, _, rest = hint.partition(" ")
    key = KEYS.get(key_shown, key_shown)
    where = f"{sample}: {spot.path} [{spot.cursor}]: {hint!r}"
    workbench = app.session.workbench
    before, total = workbench.design, workbench.evaluation.sheet
    await app.take_key(events.Key(key, CHARACTERS.get(key)))  # the key, to the end
    await app.settle()  # and what it set going (a list entry mounted)
    after = app.session.workbench
    if rest.endswith(": nothing changes"):
        assert after.design == before, where
        return
    found = FIGURE.search(rest)
    assert found is not None, where
    sign, figure, promised = found.groups()
    change = Fraction(figure) * (-1 if sign == "-" else 1)
    assert after.evaluation.sheet.exact_total - total.exact_total == change, where
    assert after.evaluation.sheet.total == int(promised), where
    if after.design != before:
        app.action_undo()
        await app.settle()
    assert app.session.workbench.design == before, where


@pytest.mark.parametrize("game", ["pentagon-war", "tacship"])
def test_every_hint_of_every_sample_is_what_its_key_does(tmp_path: Path, game: str) -> None:
    samples = rulesets()[game].samples()

    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        checked = 0
        with app.batch_update():  # nothing drawn meanwhile: the hints are read, not looked at
            for path in samples:
                name = sample_name(path)
                app.start_over(read_design(path), None, f"sample:{name}")
                await handled(app)
                for spot in spots(app, name):
                    await check(app, spot, name)
                    checked += 1
        assert checked >= 12 * len(samples)  # every field, not a few
    with cheap_engines():
        drive(designer(tmp_path, f"sample:{sample_name(samples[0])}"), flow)


def test_a_count_off_its_pairs_hints_the_box_that_plus_adds(tmp_path: Path) -> None:
    # Hammer's liquid metal gun has 2 boxes, which come in pairs. At 3 boxes (typed), + makes
    # 4, one box: the hint used to offer "+17.25 points" for a pair (5 boxes) instead.
    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        field = app.designer.go_to("guns[0].boxes")
        assert field is not None
        await pilot.pause()
        app.edit(lambda data: data["guns"][0].update(boxes=3))
        await handled(app)
        app.designer.field_focused(field)
        hint = app.designer.hint.plain
        assert hint.startswith("+ boxes 3 → 4: "), hint
        await check(app, Spot("guns[0].boxes", type(field), 0), "hammer")
    with cheap_engines():
        drive(designer(tmp_path, "sample:hammer"), flow)


def test_the_hint_line_names_the_key_and_the_figure(tmp_path: Path) -> None:
    # The property above reads the hint as the screen shows it. Starter: 4 capacitors at
    # 7 points each, 127 points; one more is 134.
    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        field = app.designer.go_to("systems.capacitor")
        assert field is not None
        await pilot.pause()
        assert app.designer.query_one("#hint").text.plain == app.designer.hint.plain
        assert app.designer.hint.plain.startswith("+ one more capacitor: +7 points (total 134)")
    with cheap_engines():
        drive(designer(tmp_path, "sample:starter"), flow)
