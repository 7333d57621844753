"""An export never replaces a design, fleet or catalog file, and Enter on Replace keeps a file.

The designer's export dialogs refuse, as `shipyard export` does without
`--force`, a file that holds a design, a fleet or a catalog table, and say what
it is; the dialog stays open for another name. In every "Replace file?"
question Cancel is the answer Enter gives.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input
from typer.testing import CliRunner

from shipyard.cli import app as cli
from shipyard.core.catalog_files import catalog_root
from shipyard.services.kept_files import kept_file
from shipyard.tui.app import ShipyardApp
from shipyard.tui.screens.dialogs import ConfirmDialog, TextDialog
from shipyard.tui.screens.export import ExportDialog
from shipyard.tui.screens.fleet_export import FleetExportDialog
from tests.tui_flows import burst, copy_of, designer, drive

HOME_GUARD = catalog_root() / "pentagon-war" / "fleets" / "home-guard.fleet.json"


def notices(app: ShipyardApp) -> list[str]:
    return [notice.message for notice in app._notifications]


def players_files(tmp_path: Path) -> dict[str, tuple[Path, str]]:
    """A design (named by what it holds only), a fleet and a catalog table, each with the
    words the refusal must say of it."""
    design = tmp_path / "mine.json"
    shutil.copy(catalog_root() / "pentagon-war" / "designs" / "shade.ship.json", design)
    fleet = tmp_path / "home.fleet.json"
    shutil.copy(HOME_GUARD, fleet)
    rules = tmp_path / "my-rules"
    shutil.copytree(catalog_root() / "pentagon-war", rules,
                    ignore=shutil.ignore_patterns("designs", "fleets"))
    return {"design": (design, "design file (Shade)"),
            "fleet": (fleet, "fleet file (Home Guard)"),
            "catalog": (rules / "prices.toml", "catalog file of The Pentagon War")}


def test_what_a_kept_file_is(tmp_path: Path) -> None:
    for path, words in players_files(tmp_path).values():
        assert kept_file(path) == words
    (tmp_path / "notes.txt").write_text("mine")
    (tmp_path / "old.pdf").write_bytes(b"%PDF-1.4")
    assert kept_file(tmp_path / "notes.txt") is None
    assert kept_file(tmp_path / "old.pdf") is None
    assert kept_file(tmp_path / "none.ship.json") is None  # no file there
    (tmp_path / "broken.ship.json").write_text("{")
    assert kept_file(tmp_path / "broken.ship.json") == "design file"  # by its name


# (A catalog table, `.toml`, names no export format: the dialog would add `.pdf` to it.)
@pytest.mark.parametrize("kind", ["design", "fleet"])
def test_the_export_dialog_refuses_a_players_file(tmp_path: Path, kind: str,
                                                  monkeypatch: Any) -> None:
    monkeypatch.chdir(tmp_path)
    target, words = players_files(tmp_path)[kind]
    before = target.read_bytes()

    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        await burst(app, pilot, "ctrl+e")
        dialog = app.screen
        assert isinstance(dialog, ExportDialog)
        dialog.query_one("#path", Input).value = str(target)
        await burst(app, pilot, "enter")
        assert app.screen is dialog  # still open, for another name
        assert any(f"is an existing {words}" in notice for notice in notices(app))
        assert target.read_bytes() == before
    drive(designer(tmp_path, "sample:lancer"), flow)


def test_the_fleet_pack_export_refuses_a_design(tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.chdir(tmp_path)
    target = copy_of(tmp_path, "pentagon-war", "hive")
    before = target.read_bytes()

    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        await burst(app, pilot, "f8", "d", "ctrl+e")
        dialog = app.screen
        assert isinstance(dialog, FleetExportDialog)
        dialog.query_one("#path", Input).value = str(target)  # .json: SSD JSON
        await burst(app, pilot, "enter")
        assert app.screen is dialog, notices(app)
        assert any("is an existing design file (Hive)" in n for n in notices(app))
        assert target.read_bytes() == before
    drive(designer(tmp_path, "sample:lancer"), flow)


def test_enter_on_replace_keeps_an_export(tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mine.txt").write_text("my notes")

    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        await burst(app, pilot, "ctrl+e", *"mine.txt", "enter")
        assert isinstance(app.screen, ConfirmDialog)
        assert app.screen.focused is not None and app.screen.focused.id == "answer-no"
        await burst(app, pilot, "enter")
        assert (tmp_path / "mine.txt").read_text() == "my notes"
        assert not isinstance(app.screen, ConfirmDialog)
    drive(designer(tmp_path, "sample:lancer"), flow)


def test_enter_on_replace_keeps_a_design_saved_as_over(tmp_path: Path) -> None:
    other = copy_of(tmp_path, "pentagon-war", "shade")
    before = other.read_bytes()

    async def flow(app: ShipyardApp, pilot: Pilot[None]) -> None:
        await burst(app, pilot, "f12")
        assert isinstance(app.screen, TextDialog)
        app.screen.query_one("#text", Input).value = str(other)
        await burst(app, pilot, "enter")
        assert isinstance(app.screen, ConfirmDialog)
        await burst(app, pilot, "enter")
        assert other.read_bytes() == before
        assert app.session.path is None  # not saved anywhere
    drive(designer(tmp_path, "sample:lancer"), flow)


def test_shipyard_export_refuses_a_catalog_file(tmp_path: Path) -> None:
    target, words = players_files(tmp_path)["catalog"]
    before = target.read_bytes()
    result = CliRunner().invoke(cli, ["export", "sample:lancer", "-f", "text", "-o",
                                      str(target)])
    assert result.exit_code == 2
    assert f"an existing {words}; not overwritten" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert target.read_bytes() == before
