"""The designer on a Tacship fighter, driven with Textual's Pilot (rules 4).

Valkyrie (rules 4): 10 damage boxes (10) + survivability +2 (2) + 8 thrust (8)
+ 2 x Laser-2 fixed (4) + 3 hardpoints (6) = 30, the whole 30-point budget.
"""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Input

from shipyard.core.form import Count
from shipyard.rulesets.tacship.design import read_tacship_design
from shipyard.services.registry import default_ruleset, read_design, rulesets
from shipyard.services.samples import resolve, sample_name
from shipyard.tui.app import ShipyardApp
from shipyard.tui.screens.dialogs import ChoiceDialog, TextDialog
from shipyard.tui.widgets.editor import Editor
from shipyard.tui.widgets.issues import IssuesPanel
from tests.test_tui import designer_app, drive, focus, sheet_text, total

VALKYRIE = "sample:valkyrie"


def test_a_damage_box_over_budget_then_undo_and_save_as(tmp_path: Path) -> None:
    target = tmp_path / "valkyrie-2.ship.json"

    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        assert total(app) == 30
        assert "one-man fighter" in sheet_text(app)
        await focus(app, pilot, "damage_boxes")
        await pilot.press("plus")  # 11 damage boxes at 1 point: 31 > 30
        await pilot.pause()
        assert total(app) == 31 and app.session.design.damage_boxes == 11
        errors = [i for i in app.session.workbench.evaluation.issues if i.severity == "error"]
        assert [(i.code, i.rule) for i in errors] == [("over-budget", "4")]
        assert "DRAFT: 1 error" in sheet_text(app)
        assert "31 / 30, over by 1" in sheet_text(app)  # the budget bar
        prompt = str(app.designer.query_one(IssuesPanel).get_option_at_index(0).prompt)
        assert prompt.startswith("✖ 4") and "over the budget of 30" in prompt
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert total(app) == 30 and app.session.design.damage_boxes == 10
        assert not app.session.workbench.changed
        await pilot.press("f12")  # a sample is never overwritten: save as
        await pilot.pause()
        assert isinstance(app.screen, TextDialog)
        app.screen.query_one("#text", Input).value = str(target)
        await pilot.press("enter")
        await pilot.pause()
        assert app.session.path == target and not app.session.workbench.changed
    drive(designer_app(VALKYRIE, tmp_path), flow)
    saved = read_tacship_design(target)
    assert saved.to_data()["ruleset"] == "tacship" and saved.damage_boxes == 10

    async def reopen(app: ShipyardApp, pilot: Pilot[None]) -> None:
        assert app.session.design == saved
        assert app.session.design == read_tacship_design(resolve(VALKYRIE))
        assert total(app) == 30 and not app.session.workbench.changed
    drive(designer_app(target, tmp_path), reopen)


def test_adding_a_fixed_laser_costs_one_point(tmp_path: Path) -> None:
    # A new entry is one Laser-1 (rules 4: 1 point per factor): 30 -> 31.
    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        add = await focus(app, pilot, "fixed_lasers")  # the "+ add fixed laser" line
        assert add.label == "+ add fixed laser"
        assert "adding a fixed laser" in app.designer.hint.plain
        assert "+1 point " in app.designer.hint.plain
        await pilot.press("enter")
        await pilot.pause()
        assert total(app) == 31
        design = app.session.design
        assert [(laser.factor, laser.count) for laser in design.fixed_lasers] == [(2, 2), (1, 1)]
        assert app.focused is not None and getattr(app.focused, "path", "") == (
            "fixed_lasers[1].factor")
        await pilot.press("right")  # Laser-1 -> Laser-2: one more factor, 32
        await pilot.pause()
        assert app.session.design.fixed_lasers[1].factor == 2 and total(app) == 32
    drive(designer_app(VALKYRIE, tmp_path), flow)


def test_the_thrust_hint_and_the_crew_choice(tmp_path: Path) -> None:
    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        await focus(app, pilot, "thrust")
        hint = app.designer.hint.plain
        assert hint.startswith("+ one more thrust point: +1 point (total 31)")
        assert "over the 30-point budget (rules 4)" in hint
        await focus(app, pilot, "crew")
        assert "crew as two-man: +0 points" in app.designer.hint.plain
        await pilot.press("right")
        await pilot.pause()
        assert app.session.design.crew == 2  # stored as a number, not a word
        assert "two-man fighter" in sheet_text(app)
        await focus(app, pilot, "turret_lasers")
        await pilot.press("enter")  # one Laser-1 turret covering fore: 1 + 1 = 2 points
        await pilot.pause()
        turret = app.session.design.turret_lasers[0]
        assert (turret.factor, turret.arc, turret.count, total(app)) == (1, "fore", 1, 32)
        await focus(app, pilot, "turret_lasers[0].arc")
        await pilot.press("right")
        await pilot.pause()
        assert app.session.design.turret_lasers[0].arc == "aft"
    drive(designer_app(VALKYRIE, tmp_path), flow)


def test_new_asks_which_game(tmp_path: Path) -> None:
    titles = [ruleset.title for ruleset in rulesets().values()]

    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog)
        assert sorted(label for _, label in app.screen.answers[:-1]) == sorted(titles)
        key = next(k for k, label in app.screen.answers if label == "Tacship")
        await pilot.click(f"#answer-{key}")
        await pilot.pause()
        design = app.session.design
        assert design.ruleset == "tacship" and app.session.path is None
        assert design == rulesets()["tacship"].new_design("New design")
        assert total(app) == 17  # 10 damage boxes + 6 thrust + one Laser-1
        await focus(app, pilot, "damage_boxes")
        await pilot.press("plus")
        await pilot.pause()
        assert total(app) == 18 and app.session.workbench.changed
        await pilot.press("ctrl+n")  # unsaved changes: asked first, then which game
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog) and app.screen.title_text == "Unsaved changes"
        await pilot.click("#answer-discard")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog) and app.screen.title_text == "New design"
        await pilot.press("enter")  # the first answer is the default game
        await pilot.pause()
        await pilot.pause()
        default = default_ruleset()
        starter = [p for p in default.samples() if sample_name(p) == "starter"]
        # The starter sample's parts, named as a new design (not "Starter").
        expected = read_design(starter[0]).to_data() if starter else \
            default.new_design("New design").to_data()
        expected["name"] = "New design"
        assert app.session.design.to_data() == expected
        assert app.session.design.ruleset == default.name
        editor = app.designer.query_one(Editor)  # the editor shows the other game's form
        assert editor.field_for("damage_boxes") is None
        first = next(item for section in app.form().sections for item in section.items
                     if isinstance(item, Count))
        field = await focus(app, pilot, first.path)
        assert app.focused is field
    drive(designer_app(VALKYRIE, tmp_path), flow)
