"""A hull split of the player's own follows the hull (R23): one figure everywhere.

The split used to keep the figures it was set with when the hull changed size: the
editor showed the forward part and the rest, the sheet fell back to halves, the
issues panel called it an error and the file kept the old pair, three figures at
once. Now the forward boxes are the player's (no more than the hull) and the rest
are aft, in the editor, the sheet, `shipyard cost`, the issues and the saved file.
"""

from __future__ import annotations

import json
from pathlib import Path

from textual.pilot import Pilot
from typer.testing import CliRunner

from shipyard.cli import app as cli
from shipyard.tui.app import ShipyardApp
from shipyard.tui.widgets.counts import SplitField
from tests.tui_flows import burst, copy_of, designer, drive, focus

runner = CliRunner()


def figures_everywhere(app: ShipyardApp, file: Path, forward: int, aft: int) -> None:
    """The editor, the sheet, the issues, the saved file and `shipyard cost` all say
    `forward` fwd and `aft` aft."""
    designer = app.designer
    field = designer.editor.field_for("hull_split")
    assert isinstance(field, SplitField)
    shown = field.value_text().plain
    assert shown.split()[1] == str(forward) and f"aft {aft}" in shown, shown
    sheet = app.session.workbench.evaluation.sheet
    assert (sheet.hull_forward, sheet.hull_aft) == (forward, aft)
    panel = designer.query_one("#sheet").shown.plain  # type: ignore[attr-defined]
    assert f"{forward} fwd, {aft} aft" in panel
    assert not [i for i in app.session.workbench.evaluation.issues if i.code == "hull-split"]
    assert json.loads(file.read_text())["hull_split"] == {"forward": forward, "aft": aft}
    cost = runner.invoke(cli, ["cost", str(file)])
    assert cost.exit_code == 0 and f"{forward} fwd / {aft} aft" in cost.output


def test_a_split_of_ones_own_follows_every_change_of_hull_size(tmp_path: Path) -> None:
    # Starter: 17 boxes before hull -> 3 free hull (R3), split 2 forward, 1 aft by default.
    # "-" on Forward hull makes it the player's: 1 forward, 2 aft. 5 extra hull boxes make
    # 8: the forward box stays, 7 go aft. Then 6 forward, and the extra hull back to 0:
    # 3 hull boxes, no more than 3 forward (R23), none aft.
    file = copy_of(tmp_path, "pentagon-war", "starter")

    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        await focus(app, pilot, "hull_split")
        await burst(app, pilot, "minus", "ctrl+s")
        figures_everywhere(app, file, 1, 2)
        await focus(app, pilot, "systems.extra_hull")
        await burst(app, pilot, "5", "enter", "ctrl+s")
        figures_everywhere(app, file, 1, 7)
        await focus(app, pilot, "hull_split")
        await burst(app, pilot, *["plus"] * 5, "ctrl+s")
        figures_everywhere(app, file, 6, 2)
        await focus(app, pilot, "systems.extra_hull")
        await burst(app, pilot, "0", "enter", "ctrl+s")
        figures_everywhere(app, file, 3, 0)
        await burst(app, pilot, "ctrl+z", "ctrl+s")  # one undo: the hull and its split
        figures_everywhere(app, file, 6, 2)
    drive(designer(tmp_path, file), flow)


def test_a_file_whose_split_no_longer_adds_up_is_priced_as_the_ruling_says(
        tmp_path: Path) -> None:
    # Starter with 5 extra hull (8 hull boxes) and a split of 2 + 1, written by hand: cost
    # prices 2 forward and 6 aft; validate warns with those figures and exits 0.
    file = copy_of(tmp_path, "pentagon-war", "starter")
    data = json.loads(file.read_text())
    data["systems"]["extra_hull"] = 5
    data["hull_split"] = {"forward": 2, "aft": 1}
    file.write_text(json.dumps(data))
    cost = runner.invoke(cli, ["cost", str(file)])
    assert cost.exit_code == 0 and "hull 8 (3 free, 2 fwd / 6 aft)" in cost.output
    validate = runner.invoke(cli, ["validate", str(file)])
    assert validate.exit_code == 0
    assert "hull split 2 + 1 does not add up to the 8 hull boxes: 2 forward and 6 aft are " \
           "used (R23)" in validate.output
