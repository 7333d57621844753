"""The edit function the designer uses: sheet always fresh, undo always exact."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from shipyard.rulesets.pentagon_war.design import parse_design, read_design
from shipyard.rulesets.pentagon_war.report import sheet_data
from shipyard.services.editing import (
    Workbench,
    append,
    assign,
    bump,
    get_value,
    remove,
    set_value,
    split_path,
    toggle_arc,
)
from shipyard.services.registry import evaluate
from shipyard.services.samples import sample_paths
from shipyard.tui.widgets.fields import unset
from shipyard.tui.widgets.radar import insert_box, remove_box, set_box
from tests.strategies import ARCS, SIMPLE, legal_designs, weapon


def test_paths() -> None:
    assert split_path("weapons[2].arcs") == ["weapons", 2, "arcs"]
    data: dict[str, Any] = {}
    set_value(data, "armor.1", 3)
    assert get_value(data, "armor.1") == 3
    assert get_value(data, "weapons[4].count", "none") == "none"


def test_adding_a_four_arc_proton_cannon() -> None:
    lancer = next(p for p in sample_paths("pentagon-war") if p.name == "lancer.ship.json")
    bench = Workbench(read_design(lancer))
    before = bench.evaluation.sheet.exact_total
    bench.apply(append("weapons", {"type": "proton_cannon", "arcs": ["LF", "RF", "R", "L"]}))
    # 11 x 3/2 = 33/2 more (R1), one box more.
    assert bench.evaluation.sheet.exact_total - before == 33 / 2
    bench.apply(toggle_arc("weapons", 2, "L"))  # now 3 arcs: 11 x 5/4
    assert bench.evaluation.sheet.exact_total - before == 55 / 4
    bench.undo()
    bench.undo()
    assert bench.evaluation.sheet.exact_total == before
    assert not bench.undo_stack


def test_an_edit_that_breaks_the_shape_is_refused() -> None:
    bench = Workbench(parse_design({"schema": "shipyard.design/1"}))
    assert not bench.apply(assign("systems.screen", "four"))
    assert bench.design.systems.screen == 0
    assert not bench.undo_stack


class DesignerEdits(RuleBasedStateMachine):
    """Random edits through the same functions the designer calls."""

    @initialize(data=legal_designs())
    def start(self, data: dict[str, Any]) -> None:
        self.bench = Workbench(parse_design(data))
        self.history = [self.bench.design]

    def _did(self) -> None:
        if self.bench.design != self.history[-1]:
            self.history.append(self.bench.design)

    @rule(name=st.sampled_from(SIMPLE), delta=st.integers(-3, 3))
    def bump_system(self, name: str, delta: int) -> None:
        self.bench.apply(bump(f"systems.{name}", delta))
        self._did()

    @rule(side=st.sampled_from(["1", "2", "3", "5", "6"]), delta=st.integers(-2, 2))
    def bump_armor(self, side: str, delta: int) -> None:
        self.bench.apply(bump(f"armor.{side}", delta))
        self._did()

    @rule(item=weapon)
    def add_weapon(self, item: dict[str, Any]) -> None:
        self.bench.apply(append("weapons", item))
        self._did()

    @rule(index=st.integers(0, 5), arc=st.sampled_from(ARCS))
    def toggle(self, index: int, arc: str) -> None:
        self.bench.apply(toggle_arc("weapons", index, arc))
        self._did()

    @rule(index=st.integers(0, 5))
    def drop_weapon(self, index: int) -> None:
        self.bench.apply(remove("weapons", index))
        self._did()

    @rule(manned=st.booleans())
    def crew(self, manned: bool) -> None:
        self.bench.apply(assign("manned", manned))
        self._did()

    # The designer's own widgets build these changes (radar track, armor sides).
    @rule(index=st.integers(0, 6), number=st.integers(1, 6))
    def radar_number(self, index: int, number: int) -> None:
        self.bench.apply(set_box("radar", index, number))
        self._did()

    @rule(index=st.integers(0, 6), number=st.integers(1, 6))
    def radar_insert(self, index: int, number: int) -> None:
        self.bench.apply(insert_box("radar", index, number))
        self._did()

    @rule(index=st.integers(0, 6))
    def radar_remove(self, index: int) -> None:
        self.bench.apply(remove_box("radar", index))
        self._did()

    @rule(side=st.sampled_from(["1", "2", "3", "5", "6"]))
    def armor_cleared(self, side: str) -> None:
        self.bench.apply(unset(f"armor.{side}"))
        self._did()

    @precondition(lambda self: len(self.history) > 1)
    @rule()
    def undo(self) -> None:
        assert self.bench.undo()
        self.history.pop()
        assert self.bench.design == self.history[-1]

    @invariant()
    def sheet_is_fresh(self) -> None:
        fresh = evaluate(self.bench.design)
        assert sheet_data(self.bench.evaluation.sheet, self.bench.evaluation.issues) == \
            sheet_data(fresh.sheet, fresh.issues)


TestDesignerEdits = DesignerEdits.TestCase
