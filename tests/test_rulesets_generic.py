"""One suite for every registered ruleset, with no per-game branch, and a fake third game.

Each sample of each game goes through the command line (cost, validate,
export in every format) and a seeded duel batch. The fake coin game
(tests/fake_game.py) goes through the same suite: the proof that the seam
is game-neutral.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.pilot import Pilot
from typer.testing import CliRunner

from shipyard.cli import app as cli
from shipyard.core.dice import duel_seed
from shipyard.core.form import Count
from shipyard.core.outcome import DuelScenario
from shipyard.services.batch import Matchup, run_batch, run_one
from shipyard.services.registry import (
    evaluate,
    read_design,
    register,
    rulesets,
    unregister,
)
from shipyard.services.samples import sample_name
from shipyard.tui.app import ShipyardApp
from tests.fake_game import NAME, PRICE, CoinGame
from tests.test_tui import designer_app, drive, focus

FORMATS = {"ssd-json": b"{", "svg": b"<", "pdf": b"%PDF", "text": b"", "md": b""}
runner = CliRunner()


@pytest.fixture(params=["installed", "fake"])
def game(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory,
         ) -> Iterator[str]:
    """Every installed ruleset's samples, or the fake game with two samples of its own."""
    if request.param == "installed":
        yield "installed"
        return
    folder = tmp_path_factory.mktemp("coins")
    samples = []
    for name, hull in (("penny", 2), ("dime", 5)):
        path = folder / f"{name}.ship.json"
        path.write_text(json.dumps({"schema": "shipyard.design/1", "name": name.title(),
                                    "ruleset": NAME, "hull": hull}))
        samples.append(path)
    register(CoinGame(samples))
    try:
        yield NAME
    finally:
        unregister(NAME)


def samples_of(game: str) -> list[tuple[str, Path]]:
    names = [n for n in rulesets() if n != NAME] if game == "installed" else [NAME]
    return [(name, path) for name in names for path in rulesets()[name].samples()]


def test_every_ruleset_has_samples_and_a_catalog(game: str) -> None:
    found = samples_of(game)
    assert found
    for name, _ in found:
        ruleset = rulesets()[name]
        catalog = ruleset.catalog()
        assert catalog.manifest.ruleset == name
        assert ruleset.sheets
        assert ruleset.duels is None if name == NAME else ruleset.duels.policies


def test_cost_and_validate_through_the_cli(game: str) -> None:
    for name, path in samples_of(game):
        evaluation = evaluate(read_design(path))
        result = runner.invoke(cli, ["cost", "--json", str(path)])
        assert result.exit_code == 0, result.output
        data = json.loads(result.output)
        assert data["total"] == evaluation.sheet.total
        assert data["ruleset"] == name
        checked = runner.invoke(cli, ["validate", str(path)])
        assert checked.exit_code == (0 if evaluation.legal else 1), checked.output
        assert f"{evaluation.sheet.total} points" in checked.output


@pytest.mark.parametrize("fmt", sorted(FORMATS))
def test_export_in_every_format(game: str, fmt: str, tmp_path: Path) -> None:
    for _, path in samples_of(game):
        out = tmp_path / f"{sample_name(path)}.{fmt}"
        result = runner.invoke(cli, ["export", str(path), "-f", fmt, "-o", str(out)])
        assert result.exit_code == 0, result.output
        content = out.read_bytes()
        assert content.startswith(FORMATS[fmt]) and len(content) > 100
        again = tmp_path / f"again.{fmt}"
        runner.invoke(cli, ["export", str(path), "-f", fmt, "-o", str(again)])
        assert again.read_bytes() == content  # byte for byte, every time


def test_a_seeded_duel_batch(game: str) -> None:
    found = samples_of(game)
    by_game: dict[str, list[Path]] = {}
    for name, path in found:
        by_game.setdefault(name, []).append(path)
    for name, paths in by_game.items():
        a, b = evaluate(read_design(paths[0])), evaluate(read_design(paths[-1]))
        ruleset = rulesets()[name]
        if ruleset.duels is None:  # a game with no duels says so, in the CLI and the designer
            said = runner.invoke(cli, ["duel", str(paths[0]), str(paths[-1])])
            assert said.exit_code != 0 and "Coin game has no duels" in said.output
            said = runner.invoke(cli, ["optimize", "--ruleset", name, "--budget", "30"])
            assert said.exit_code != 0 and "Coin game has no" in said.output
            continue
        defaults = ruleset.duels.duel_defaults(a.catalog)
        scenario = DuelScenario(defaults.start_range, defaults.closing_speed, 3)
        matchup = Matchup(a, b, ruleset.duels.policies[0], ruleset.duels.policies[0], scenario)
        results = run_batch(matchup, 6, 11)
        assert len(results) == 6
        assert results == run_batch(matchup, 6, 11)  # same seed, same duels
        assert results[2] == run_one(matchup, duel_seed(11, 2))
        assert all(r.winner in (0, 1, None) and r.turns <= 3 for r in results)


def test_the_designer_opens_edits_and_saves(game: str, tmp_path: Path) -> None:
    """Every sample in the designer (one designer a game, each further sample opened in
    it as Ctrl+O opens one): step its form's first count, save; the file holds the design
    edited. The first sample of each game is then reopened in a designer of its own."""
    by_game: dict[str, list[Path]] = {}
    for name, sample in samples_of(game):
        copy = tmp_path / sample.name
        shutil.copyfile(sample, copy)
        by_game.setdefault(name, []).append(copy)
    for name, copies in by_game.items():
        before = [copy.read_text() for copy in copies]
        state = tmp_path / f"state-{name}"
        edited: list[object] = []

        async def each(app: ShipyardApp, pilot: Pilot[None],
                       copies: list[Path] = copies, edited: list[object] = edited) -> None:
            for index, copy in enumerate(copies):
                if index:
                    app.start_over(read_design(copy), copy, str(copy))
                    await pilot.pause()
                await edit(app, pilot, copy)
                edited.append(app.session.design)
        drive(designer_app(copies[0], state), each)
        for copy, was, design in zip(copies, before, edited, strict=True):
            after = copy.read_text()
            assert after != was
            assert json.loads(after)["ruleset"] == name
            assert read_design(copy) == design  # the file holds the design as it was edited
        saved = edited[0]

        async def reopen(app: ShipyardApp, pilot: Pilot[None], saved: object = saved,
                         name: str = name) -> None:
            assert app.session.design == saved
            assert app.session.workbench.evaluation.ruleset.name == name
            assert not app.session.workbench.changed
        drive(designer_app(copies[0], state), reopen)


async def edit(app: ShipyardApp, pilot: Pilot[None], copy: Path) -> None:
    """Step the design's first count with +, save with Ctrl+S."""
    assert app.session.path == copy and not app.session.workbench.changed
    counts = [item for section in app.form().sections for item in section.items
              if isinstance(item, Count)]
    assert counts, "a form with no count field"
    was = app.session.design.to_data()
    await focus(app, pilot, counts[0].path)
    await pilot.press("plus")
    await pilot.pause()
    assert app.session.workbench.changed
    assert app.session.design.to_data() != was
    await pilot.press("ctrl+s")
    await pilot.pause()
    assert not app.session.workbench.changed
    if app.session.workbench.evaluation.ruleset.duels is None:
        designer = app.screen
        app.action_duel()
        await pilot.pause()
        assert app.screen is designer
        assert any("Coin game has no duels" in str(n.message) for n in app._notifications)


def test_the_fake_game_prices_by_its_own_rule() -> None:
    register(CoinGame())
    try:
        design = rulesets()[NAME].parse({"schema": "shipyard.design/1", "ruleset": NAME,
                                         "hull": 4})
        evaluation = evaluate(design)
        assert evaluation.sheet.total == 4 * PRICE
        assert evaluation.legal
        broken = evaluate(design.model_copy(update={"hull": 0}))
        assert [i.code for i in broken.issues] == ["no-hull"]
    finally:
        unregister(NAME)
