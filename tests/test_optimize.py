"""`shipyard optimize`: the search finds a known best design, the CLI's contract, the screen.

The known answer comes from a fake game (tests/fake_game.py) whose duels
the bigger hull always wins (a coin flip between equal hulls): against an
opponent of hull 9, only hull 10, the most 30 points buy, wins every duel.
The installed games are checked for legal proposals and a tiny search each.
"""

from __future__ import annotations

import asyncio
import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from random import Random

import pytest
from textual.widgets import Input
from typer.testing import CliRunner

from shipyard.cli import app as cli
from shipyard.core.dice import CounterDice
from shipyard.core.issues import Agreement
from shipyard.core.outcome import DuelScenario, Result
from shipyard.core.protocol import Evaluation
from shipyard.services.optimize import (
    Opponent,
    OptimizeError,
    Settings,
    field_of,
    optimize,
    planned_duels,
    race_rounds,
)
from shipyard.services.registry import evaluate, read_design, register, rulesets, unregister
from shipyard.services.session import open_session
from shipyard.tui.app import ShipyardApp
from shipyard.tui.screens.optimize import OptimizeScreen
from tests.fake_game import NAME, PRICE, CoinDesign, CoinGame

BUDGET = 30  # hull 10 at 3 points a box
KEYS = {"ruleset", "budget", "seed", "generations", "runs", "design", "points", "opponents",
        "mean_win_rate", "field", "beats_field", "duels", "file", "scenario"}
runner = CliRunner()


class HullLineup:
    """The bigger hull wins; equal hulls toss a coin."""

    def __init__(self, a: int, b: int) -> None:
        self.a, self.b = a, b

    def fight(self, seed: int, log: bool = False) -> Result:
        winner = CounterDice(seed).d6() % 2 if self.a == self.b else int(self.a < self.b)
        return Result(winner, 1, (1 - winner, winner), "hull")


class HullDuels:
    policies: tuple[str, ...] = ("default",)
    engines: tuple[str, ...] = ("reference",)

    def duel_defaults(self, catalog: object) -> DuelScenario:
        return DuelScenario(1, 0, 1)

    def lineup(self, a: Evaluation, b: Evaluation, names: tuple[str, str],
               policies: tuple[str, str], scenario: DuelScenario,
               engine: str | None = None) -> HullLineup:
        return HullLineup(a.sheet.hull, b.sheet.hull)


class HullSearch:
    def random_design(self, catalog: object, budget: int, rng: Random) -> CoinDesign:
        return CoinDesign(name="Random coin", hull=rng.randint(1, max(1, budget // PRICE)))

    def mutate(self, design: CoinDesign, catalog: object, budget: int,
               rng: Random) -> CoinDesign:
        hull = int(design.hull) + rng.choice((-2, -1, 1, 2))
        return design.model_copy(update={"hull": min(max(hull, 1), max(1, budget // PRICE))})


class HullGame(CoinGame):
    """The coin game with duels (the bigger hull wins) and a design search."""

    duels = HullDuels()  # type: ignore[assignment]
    search = HullSearch()  # type: ignore[assignment]


def coin(folder: Path, name: str, hull: int) -> Path:
    path = folder / f"{name}.ship.json"
    path.write_text(json.dumps({"schema": "shipyard.design/1", "name": name.title(),
                                "ruleset": NAME, "hull": hull}))
    return path


@pytest.fixture
def samples(tmp_path: Path) -> Iterator[list[Path]]:
    """The hull game registered with two samples: hull 2 and hull 9, both within 30 points."""
    found = [coin(tmp_path, "penny", 2), coin(tmp_path, "nine", 9)]
    register(HullGame(found))
    try:
        yield found
    finally:
        unregister(NAME)


def test_the_race_doubles_the_duels_and_halves_the_candidates() -> None:
    assert race_rounds(16, 80) == [(16, 10), (8, 20), (4, 40), (2, 80)]
    assert race_rounds(1, 5) == [(1, 5)]
    settings = Settings(BUDGET, generations=2, runs=8, population=4)
    # per opponent: (4 x 4 + 2 x 4) a generation, then 8 for the design and each of the field
    assert planned_duels(settings, 2, 2) == 2 * (2 * 24 + 3 * 8)


def test_the_search_finds_the_known_best_design(samples: list[Path]) -> None:
    game = rulesets()[NAME]
    result = optimize(game, field_of(game, BUDGET), Settings(BUDGET, generations=4, runs=8,
                                                             population=6))
    best = result.best.evaluation
    assert best.sheet.hull == BUDGET // PRICE
    assert best.legal and best.sheet.total <= BUDGET
    assert [r.opponent.label for r in result.best.records] == ["Penny", "Nine"]
    assert all(r.wins == r.runs == 8 for r in result.best.records)
    assert result.best.mean_win_rate == 1.0
    assert result.beats_field
    assert [m.label for m in result.field] == ["Penny", "Nine"]
    assert result.field[1].mean_win_rate > result.field[0].mean_win_rate
    assert result.duels == sum(g.duels for g in result.history[-1:]) + 3 * 2 * 8


def test_the_same_seed_gives_the_same_search(samples: list[Path]) -> None:
    game = rulesets()[NAME]
    settings = Settings(BUDGET, generations=2, runs=4, population=5, seed=7)
    first = optimize(game, field_of(game, BUDGET), settings).to_data()
    again = optimize(game, field_of(game, BUDGET), settings).to_data()
    assert first == again


def test_no_legal_design_within_the_budget(samples: list[Path]) -> None:
    game = rulesets()[NAME]
    opponents = field_of(game, BUDGET)
    with pytest.raises(OptimizeError, match="no legal design of Coin game costs 2 points"):
        optimize(game, opponents, Settings(2, generations=1, runs=1))


@pytest.mark.parametrize("name", ["pentagon-war", "tacship"])
def test_the_installed_games_propose_legal_designs_within_budget(name: str) -> None:
    game = rulesets()[name]
    catalog = game.catalog()
    rng = Random(3)
    starts = [read_design(path) for path in game.samples()]
    for budget in (150, 300) if name == "pentagon-war" else (12, 30):
        for number in range(6):
            design = game.search.random_design(catalog, budget, rng) if number % 2 else \
                game.search.mutate(rng.choice(starts), catalog, budget, rng)
            for _ in range(3):
                evaluation = evaluate(design, Agreement(budget=budget))
                assert evaluation.legal, [i.message for i in evaluation.issues]
                assert evaluation.sheet.total <= budget
                design = game.search.mutate(design, catalog, budget, rng)


@pytest.mark.parametrize(("name", "budget"), [("pentagon-war", 140), ("tacship", 30)])
def test_a_tiny_search_of_each_installed_game(name: str, budget: int) -> None:
    game = rulesets()[name]
    field = field_of(game, budget)
    assert field
    result = optimize(game, field[:2], Settings(budget, generations=1, runs=1, population=3))
    assert result.best.evaluation.legal and result.best.evaluation.sheet.total <= budget
    assert len(result.best.records) == 2


def test_the_command_writes_a_legal_design_and_prints_json(samples: list[Path],
                                                            tmp_path: Path) -> None:
    target = tmp_path / "best.ship.json"
    arguments = ["optimize", "--ruleset", NAME, "--budget", str(BUDGET), "--generations", "3",
                 "--runs", "6", "--seed", "5", "-o", str(target), "--json"]
    result = runner.invoke(cli, arguments)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert set(data) == KEYS
    assert data["ruleset"] == NAME and data["budget"] == BUDGET and data["seed"] == 5
    assert set(data["opponents"][0]) == {"name", "file", "wins", "draws", "losses", "runs",
                                         "win_rate", "low", "high"}
    assert [o["file"] for o in data["opponents"]] == ["sample:penny", "sample:nine"]
    assert set(data["field"][0]) == {"name", "points", "mean_win_rate"}
    assert data["beats_field"] is True
    written = evaluate(read_design(target), Agreement(budget=BUDGET))
    assert written.legal and written.sheet.total <= BUDGET
    assert written.design.to_data() == data["design"]
    assert data["points"] == written.sheet.total
    again = runner.invoke(cli, [*arguments, "--force"])  # the file is there now
    assert json.loads(again.stdout) == data


def test_the_command_prints_the_sheet_and_the_comparison(samples: list[Path],
                                                         tmp_path: Path) -> None:
    penny = str(samples[0])
    result = runner.invoke(cli, ["optimize", "--ruleset", NAME, "--budget", str(BUDGET),
                                 "--against", penny, "--generations", "2", "--runs", "4",
                                 "-o", str(tmp_path / "out.ship.json")])
    assert result.exit_code == 0, result.output
    for words in ("Total", "Win rate against each opponent",
                  "Penny", "Mean win rate against the field", "beats the field"):
        assert words in result.stdout
    # Named after its own cost (a hull of 2 to 10 boxes at 3 points), not the budget.
    named = re.search(r"Optimized \((\d+) points\)", result.stdout)
    total = re.search(r"Total (\d+) points", result.stdout)
    assert named is not None and total is not None
    assert named.group(1) == total.group(1)


def test_the_design_is_named_after_its_cost_not_the_budget(samples: list[Path]) -> None:
    game = rulesets()[NAME]
    result = optimize(game, field_of(game, BUDGET), Settings(
        1000, generations=1, runs=2, population=3))
    best = result.best.evaluation
    assert best.sheet.total < 1000
    assert best.design.name == f"Optimized ({best.sheet.total} points)"


@pytest.mark.parametrize(("arguments", "words"), [
    (["--ruleset", "no-such-game", "--budget", "30"], "unknown ruleset"),
    (["--ruleset", NAME], "--budget"),
    (["--ruleset", NAME, "--budget", "2"], "no bundled sample of Coin game costs 2 points"),
    (["--ruleset", NAME, "--budget", "2", "--against", "sample:penny"],
     "no legal design of Coin game costs 2 points"),
    (["--ruleset", NAME, "--budget", "30", "--against", "missing.ship.json"],
     "missing.ship.json"),
    (["--ruleset", NAME, "--budget", "30", "--against", "sample:valkyrie"],
     "cannot meet"),
])
def test_bad_input_is_one_line_and_exit_2(samples: list[Path], tmp_path: Path,
                                          arguments: list[str], words: str) -> None:
    result = runner.invoke(cli, ["optimize", *arguments, "-o", str(tmp_path / "x.ship.json")])
    assert result.exit_code == 2, result.output
    assert words in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "x.ship.json").exists()


def test_the_designer_opens_the_optimized_design(samples: list[Path], tmp_path: Path) -> None:
    app = ShipyardApp(open_session(samples[0], recovery_dir=tmp_path / "state"))

    async def main() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await app.run_action("optimize")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, OptimizeScreen)
            for key, value in (("budget", "30"), ("generations", "3"), ("runs", "6")):
                screen.query_one(f"#optimize-{key}", Input).value = value
            await pilot.press("ctrl+r")
            async with asyncio.timeout(30):
                while screen.running or screen.result is None:
                    await asyncio.sleep(0.01)
            await pilot.pause()
            assert "beats the field" in screen.report_text
            await pilot.press("ctrl+o")
            await pilot.pause()
            assert not isinstance(app.screen, OptimizeScreen)
            assert app.session.path is None
            assert app.session.design.hull == BUDGET // PRICE  # type: ignore[attr-defined]

    asyncio.run(main())


def test_opponents_keep_their_files(samples: list[Path]) -> None:
    game = rulesets()[NAME]
    assert [o.file for o in field_of(game, 6)] == ["sample:penny"]
    assert all(isinstance(o, Opponent) for o in field_of(game, BUDGET))


def test_runs_without_o_never_write_over_an_earlier_one(samples: list[Path], tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    arguments = ["optimize", "--ruleset", NAME, "--budget", str(BUDGET), "--generations", "1",
                 "--runs", "2", "--json"]
    files = [json.loads(runner.invoke(cli, arguments).stdout)["file"] for _ in range(3)]
    assert files == ["best.ship.json", "best-2.ship.json", "best-3.ship.json"]
    assert all((tmp_path / file).is_file() for file in files)


def test_a_duplicate_opponent_is_named_and_fought_once(samples: list[Path],
                                                       tmp_path: Path) -> None:
    twin = tmp_path / "twin.ship.json"
    twin.write_text(json.dumps({**json.loads(samples[1].read_text()), "name": "Twin"}))
    result = runner.invoke(cli, ["optimize", "--ruleset", NAME, "--budget", str(BUDGET),
                                 "--generations", "1", "--runs", "2", "--json",
                                 "--against", "sample:nine", "--against", "sample:nine",
                                 "--against", str(twin), "-o", str(tmp_path / "o.ship.json")])
    assert result.exit_code == 0, result.output
    assert "sample:nine: given twice; it is fought once" in result.stderr
    assert f"{twin}: the same design as sample:nine (the name aside)" in result.stderr
    assert [o["file"] for o in json.loads(result.stdout)["opponents"]] == ["sample:nine"]


def test_escape_twice_leaves_a_search_still_finishing_its_batch(
        samples: list[Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The first Escape stops the search after its batch; a second one goes back to the
    designer at once, not when that batch is done (the monkey's tacship seed 2 found a
    search that kept its screen open through eight Escapes)."""
    fight = HullLineup.fight

    def slow(self: HullLineup, seed: int, log: bool = False) -> Result:
        time.sleep(0.05)  # a batch of duels that takes its time
        return fight(self, seed, log)
    monkeypatch.setattr(HullLineup, "fight", slow)
    app = ShipyardApp(open_session(samples[0], recovery_dir=tmp_path / "state"))

    async def main() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await app.run_action("optimize")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, OptimizeScreen)
            for key, value in (("budget", "30"), ("generations", "3"), ("runs", "60")):
                screen.query_one(f"#optimize-{key}", Input).value = value
            await pilot.press("ctrl+r")
            await pilot.pause()
            assert screen.running
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is screen and screen.stopping  # stopping, still on screen
            await pilot.press("escape")
            await pilot.pause()
            assert not isinstance(app.screen, OptimizeScreen)

    asyncio.run(main())
