"""`shipyard audit` as a player runs it, and the catalog screen's Worth column.

Each audit here is a few dozen duels (one sample, two opponents, one system): cheap on
either engine.
"""

from __future__ import annotations

import asyncio
import json
import shlex
import shutil
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import DataTable, Static
from typer.testing import CliRunner

from shipyard.cli import app
from shipyard.core.catalog_files import catalog_root
from shipyard.services import audit_store
from shipyard.services.session import open_session
from shipyard.tui.app import ShipyardApp
from shipyard.tui.screens.catalog import CatalogScreen

runner = CliRunner()
SIZE = (140, 45)


def drive(app: ShipyardApp, flow: Callable[[ShipyardApp, Pilot[None]], Awaitable[None]]) -> None:
    async def main() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await flow(app, pilot)
    asyncio.run(main())
TINY = ["audit", "--ruleset", "tacship", "--runs", "10", "--budgets", "none", "--policies",
        "default", "--samples", "hawk", "--field", "hawk,kestrel", "--systems",
        "fixed_laser.1", "--contexts", "duels"]


@pytest.fixture(autouse=True)
def state(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Audits are saved in a state folder of the test's own."""
    folder = tmp_path / "state"
    monkeypatch.setenv("SHIPYARD_STATE_DIR", str(folder))
    monkeypatch.chdir(tmp_path)
    return folder


def test_json_csv_markdown_and_chart(tmp_path: Path) -> None:
    result = runner.invoke(app, [*TINY, "--json", "--csv", "t.csv", "--chart", "t.svg"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["schema"] == "shipyard.audit/1" and data["ruleset"] == "tacship"
    assert [s["key"] for s in data["systems"]] == ["damage_box", "fixed_laser.1"]
    assert data["duels"] == 3 * 2 * 10  # base, one box fewer, the laser swap; 2 opponents
    assert [c["label"] for c in data["contexts"]] == ["sample:hawk / default"]
    rows = (tmp_path / "t.csv").read_text().splitlines()
    assert rows[0].startswith("key,label,row,price,worth") and rows[2].startswith(
        "fixed_laser.1,Laser-1 (fixed),fixed_laser,1,")
    svg = (tmp_path / "t.svg").read_text()
    assert svg.startswith("<?xml") and "Laser-1 (fixed)" in svg and "Balance index" in svg
    saved = audit_store.load("tacship", data["catalog"]["digest"])
    assert saved is not None and saved["systems"] == data["systems"]
    pdf = runner.invoke(app, [*TINY, "--markdown", "--chart", "t.pdf"])
    assert pdf.exit_code == 0, pdf.output
    assert (tmp_path / "t.pdf").read_bytes().startswith(b"%PDF")
    assert "| Laser-1 (fixed) | 1 |" in pdf.stdout


def test_explain_prints_duel_commands_that_fight_the_same_duels(tmp_path: Path) -> None:
    result = runner.invoke(app, [*TINY, "--explain", "fixed_laser.1", "--explain-dir", "ex"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("sample:hawk / default: log-odds change")
    checked = 0
    for number, line in enumerate(lines):
        if not line.strip().startswith("shipyard duel"):
            continue
        told = lines[number - 1]  # "  with fixed_laser.1 v sample:kestrel: 7 won, 0 drawn, 3 lost"
        won = int(told.split(": ")[1].split(" won")[0])
        command = shlex.split(line.strip())[1:]
        duel = runner.invoke(app, [*command, "--json"])
        assert duel.exit_code == 0, duel.output
        assert json.loads(duel.stdout)["wins"]["count"] == won, line
        checked += 1
    assert checked == 3 * 2  # base, anchor and the swap, each against two opponents
    assert sorted(p.name for p in (tmp_path / "ex").iterdir()) == [
        "sample-hawk-anchor.ship.json", "sample-hawk-fixed-laser-1.ship.json"]


def test_a_house_catalog_against_the_standard(tmp_path: Path) -> None:
    house = tmp_path / "house"
    shutil.copytree(catalog_root() / "tacship", house)
    result = runner.invoke(app, [*TINY, "--catalog", str(house), "--against", "catalog"])
    assert result.exit_code == 0, result.output
    assert "Flags gone with the house prices" in result.stdout
    assert "Flags that appeared: none" in result.stdout


@pytest.mark.parametrize(("extra", "words"), [
    (["--against", "catalog"], "--against catalog needs a house catalog"),
    (["--systems", "warp_drive"], "no system 'warp_drive' in Tacship"),
    (["--budgets", "ten"], "--budgets: expected whole numbers"),
    (["--chart", "t.png"], "--chart writes .svg or .pdf files"),
    (["--policies", "coward"], "--policies: unknown captain 'coward'"),
    (["--catalog", str(catalog_root() / "pentagon-war")], "a pentagon-war catalog, not one "
                                                           "of tacship"),
    (["--catalog", "no-such-folder"], "no-such-folder: no Tacship catalog folder"),
    (["--contexts", "fleets"], "--contexts: duels, battles or all, not 'fleets'"),
    (["--contexts", "battles", "--fleets", "night-watch"],
     "--fleets: 'sample-fleet:night-watch' is not a bundled 120-point fleet"),
])
def test_bad_input_is_one_line_and_exit_2(extra: list[str], words: str) -> None:
    result = runner.invoke(app, [*TINY, *extra])
    assert result.exit_code == 2
    assert words in result.output and "Traceback" not in result.output


def test_the_catalog_screen_shows_worth_beside_price(tmp_path: Path) -> None:
    async def before(app: ShipyardApp, pilot: Pilot[None]) -> None:
        await pilot.press("f3")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, CatalogScreen)
        info = str(screen.query_one("#catalog-info", Static).render())
        assert "No audit of this catalog yet" in info and "shipyard audit --ruleset" in info
    drive(ShipyardApp(open_session(Path("sample:hawk"), recovery_dir=tmp_path)), before)
    assert runner.invoke(app, TINY).exit_code == 0

    async def after(app: ShipyardApp, pilot: Pilot[None]) -> None:
        await pilot.press("f3")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, CatalogScreen)
        info = str(screen.query_one("#catalog-info", Static).render())
        assert "Worth: the audit of" in info and "60 duels" in info
        table = screen.query_one("#prices", DataTable)
        cells = [str(c) for c in table.get_row_at(
            next(i for i, row in enumerate(screen.shown) if row["key"] == "fixed_laser"))]
        assert any(c.startswith("x") and " ~" in c for c in cells), cells
    drive(ShipyardApp(open_session(Path("sample:hawk"), recovery_dir=tmp_path)), after)


def test_explain_fights_the_whole_audits_batches_when_runs_are_left_to_it() -> None:
    narrow = [a for a in TINY if a not in ("--runs", "10")]
    narrow[narrow.index("fixed_laser.1")] = "fixed_laser.1,thrust"
    whole = runner.invoke(app, [*narrow, "--json"])
    assert whole.exit_code == 0, whole.output
    runs = json.loads(whole.stdout)["runs"]
    told = runner.invoke(app, [*narrow, "--explain", "thrust"])
    assert told.exit_code == 0, told.output
    commands = [line for line in told.stdout.splitlines() if "shipyard duel" in line]
    assert commands and all(f"--runs {runs} " in line for line in commands)


def test_the_forest_plot_widens_its_axis_to_the_largest_index() -> None:
    from shipyard.core.drawing import Text
    from shipyard.render.audit_chart import axis, chart_page

    def system(key: str, value: float, low: float, high: float, flag: str) -> dict[str, object]:
        return {"key": key, "label": key, "price": 4, "flag": flag,
                "index": {"value": value, "low": low, "high": high},
                "suggested_price": {"value": -0.04, "low": -1.0, "high": 1.0}}
    systems = [system("missile", 7.3, 5.1, 12.0, "under"), system("beam", 0.2, -2.0, 0.6, "over")]
    assert axis(systems).high == 8 and axis(systems[1:]).high == 3
    data = {"systems": systems, "catalog": {"digest": "ab" * 32}, "seed": 1, "duels": 10,
            "contexts": [], "runs": 5}
    words = [item.text for item in chart_page(data, "House").items if isinstance(item, Text)]
    assert "8" in words and "3" not in words  # ticks 0, 1, 2, 4, 6, 8
    assert "0.0  under" in words and "-0.0  under" not in words
