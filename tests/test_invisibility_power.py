"""Radar invisibility the capacitors cannot power: a warning with its rule (2.2).

Radar invisibility takes 5 capacitor power per size class at the start of a turn,
and a capacitor holds one unit: a design that pays for invisibility with fewer
capacitors can never switch it on. The designer's issues panel and `shipyard
validate` both say so (a warning: the design stays legal).
"""

from __future__ import annotations

import json
from pathlib import Path

from textual.pilot import Pilot
from typer.testing import CliRunner

from shipyard.cli import app as cli
from shipyard.tui.app import ShipyardApp
from shipyard.tui.widgets.issues import IssuesPanel
from tests.tui_flows import burst, copy_of, designer, drive, focus

# The Shade: size class I, radar invisibility, 10 capacitors. 5 are needed (5 x I).
WORDS = "radar invisibility takes 5 capacitor power a turn at size class I, and 4 " \
        "capacitors can never switch it on (2.2)"


def test_the_issues_panel_warns_as_the_capacitors_drop_below_five(tmp_path: Path) -> None:
    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        await focus(app, pilot, "systems.capacitor")
        await burst(app, pilot, *["minus"] * 5)  # 10 -> 5: still enough
        panel = app.designer.query_one(IssuesPanel)
        assert not [i for i in panel.issues if i.code == "invisibility-power"]
        await burst(app, pilot, "minus")  # 4
        [issue] = [i for i in panel.issues if i.code == "invisibility-power"]
        assert issue.message == WORDS and issue.severity == "warning"
        assert issue.path == "options.radar_invisibility"
        assert app.session.workbench.evaluation.legal
    drive(designer(tmp_path, "sample:shade"), flow)


def test_validate_warns_and_exits_0(tmp_path: Path) -> None:
    file = copy_of(tmp_path, "pentagon-war", "shade")
    data = json.loads(file.read_text())
    data["systems"]["capacitor"] = 4
    file.write_text(json.dumps(data))
    result = CliRunner().invoke(cli, ["validate", str(file)])
    assert result.exit_code == 0
    assert f"warning options.radar_invisibility: {WORDS}" in result.output
